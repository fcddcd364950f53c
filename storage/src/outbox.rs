//! The outbox: messages written in the same transaction as the change that
//! caused them, delivered afterwards with retries. Messages to one
//! destination go out in the order they were written.

use sqlx::any::AnyRow;

use crate::error::StorageError;
use crate::model::{MessageId, NewMessage, OutboxMessage, Platform, TableId};
use crate::row::{count, get};
use crate::sql;
use crate::store::{Backend, Store, Tx};

/// How many ids one statement marks delivered.
const MARK_CHUNK: usize = 100;

fn message_from_row(row: &AnyRow) -> Result<OutboxMessage, StorageError> {
    const T: &str = "outbox";
    Ok(OutboxMessage {
        id: MessageId(get(row, T, "id")?),
        table: get::<Option<i64>>(row, T, "table_id")?.map(TableId),
        destination: get(row, T, "destination")?,
        payload: get(row, T, "payload")?,
        attempts: count(row, T, "attempts")?,
        created_ms: get(row, T, "created_ms")?,
    })
}

/// Counts of outbox messages by state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutboxCounts {
    /// Waiting for delivery (or being delivered).
    pub pending: u64,
    /// Delivered.
    pub sent: u64,
    /// Given up on.
    pub failed: u64,
}

impl Tx {
    /// Queues a message; it becomes deliverable when the transaction commits.
    ///
    /// # Errors
    /// The database's error (e.g. an empty destination).
    pub async fn enqueue(
        &mut self,
        table: Option<TableId>,
        message: &NewMessage,
        now_ms: i64,
    ) -> Result<MessageId, StorageError> {
        let id: i64 = sqlx::query_scalar(sql::ENQUEUE)
            .bind(table.map(|t| t.0))
            .bind(&message.destination)
            .bind(&message.payload)
            .bind(now_ms)
            .fetch_one(self.conn().await?)
            .await?;
        Ok(MessageId(id))
    }

    /// Queues several messages with one statement per fifty (fewer round
    /// trips than [`Tx::enqueue`] each); they keep their order.
    ///
    /// # Errors
    /// The database's error (e.g. an empty destination); then none is queued
    /// once the transaction is dropped.
    pub async fn enqueue_many(
        &mut self,
        table: Option<TableId>,
        messages: &[NewMessage],
        now_ms: i64,
    ) -> Result<(), StorageError> {
        for chunk in messages.chunks(50) {
            let statement = sql::enqueue_many(chunk.len());
            let mut query = sqlx::query(sqlx::AssertSqlSafe(statement))
                .bind(table.map(|t| t.0))
                .bind(now_ms);
            for message in chunk {
                query = query
                    .bind(message.destination.as_str())
                    .bind(message.payload.as_str());
            }
            query.execute(self.conn().await?).await?;
        }
        Ok(())
    }

    /// Records what became of claimed messages, in this transaction.
    ///
    /// # Errors
    /// The database's error.
    pub async fn record_deliveries(
        &mut self,
        outcomes: &[(MessageId, Delivered)],
        now_ms: i64,
    ) -> Result<(), StorageError> {
        let sent: Vec<i64> = outcomes
            .iter()
            .filter(|(_, o)| *o == Delivered::Sent)
            .map(|(id, _)| id.0)
            .collect();
        for chunk in sent.chunks(MARK_CHUNK) {
            let mut query =
                sqlx::query(sqlx::AssertSqlSafe(sql::mark_sent(chunk.len()))).bind(now_ms);
            for id in chunk {
                query = query.bind(*id);
            }
            query.execute(self.conn().await?).await?;
        }
        for (id, outcome) in outcomes {
            match outcome {
                Delivered::Sent => {}
                Delivered::Retry { at_ms, error } => {
                    sqlx::query(sql::RETRY_LATER)
                        .bind(id.0)
                        .bind(error)
                        .bind(*at_ms)
                        .execute(self.conn().await?)
                        .await?;
                }
                Delivered::GaveUp { error } => {
                    sqlx::query(sql::GIVE_UP)
                        .bind(id.0)
                        .bind(error)
                        .execute(self.conn().await?)
                        .await?;
                }
                Delivered::Released => {
                    sqlx::query(sql::RELEASE)
                        .bind(id.0)
                        .bind(now_ms)
                        .execute(self.conn().await?)
                        .await?;
                }
            }
        }
        Ok(())
    }
}

/// What became of a claimed message, for [`Store::record_deliveries`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivered {
    /// Delivered.
    Sent,
    /// Not delivered; try again at `at_ms`.
    Retry {
        /// When to try again.
        at_ms: i64,
        /// Why it failed.
        error: String,
    },
    /// Given up for good (a permanent error such as a deleted chat).
    GaveUp {
        /// Why.
        error: String,
    },
    /// Handed back undelivered without counting the attempt.
    Released,
}

impl Store {
    /// Claims up to `limit` due messages for delivery and leases them until
    /// `now_ms + lease_ms` (a deliverer that dies lets the lease run out, and
    /// the messages are claimed again). Of each destination, only messages
    /// with no earlier undelivered message that is not due are claimed, so
    /// the claimed messages of one destination are its next ones in order;
    /// they are returned in the order written. Deliver them in that order,
    /// and after a failure [`Store::release`] the rest of that destination.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn claim_outbox(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: u32,
    ) -> Result<Vec<OutboxMessage>, StorageError> {
        self.claim_outbox_of(None, now_ms, lease_ms, limit).await
    }

    /// [`Store::claim_outbox`] for the destinations of one platform only
    /// (`None`: all), so that the front ends of several platforms can share
    /// a database, each claiming what it can deliver.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn claim_outbox_of(
        &self,
        platform: Option<Platform>,
        now_ms: i64,
        lease_ms: i64,
        limit: u32,
    ) -> Result<Vec<OutboxMessage>, StorageError> {
        let mut light = self.light_statement().await?;
        let postgres = self.backend() == Backend::Postgres;
        let query = sqlx::query(match (platform, postgres) {
            (None, false) => sql::SQLITE_CLAIM_OUTBOX,
            (Some(_), false) => sql::SQLITE_CLAIM_OUTBOX_OF,
            (None, true) => sql::POSTGRES_CLAIM_OUTBOX,
            (Some(_), true) => sql::POSTGRES_CLAIM_OUTBOX_OF,
        })
        .bind(now_ms)
        .bind(now_ms.saturating_add(lease_ms))
        .bind(i64::from(limit));
        let query = match platform {
            None => query,
            // Destinations start with the platform's name and a colon
            // (`telegram:chat:…`); ';' sorts right after ':'.
            Some(p) => query
                .bind(format!("{}:", p.as_str()))
                .bind(format!("{};", p.as_str())),
        };
        let rows = query.fetch_all(&mut *light.conn).await?;
        drop(light);
        let mut messages = rows
            .iter()
            .map(message_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        messages.sort_by_key(|m| m.id);
        Ok(messages)
    }

    /// Records what became of several claimed messages in one transaction
    /// (one commit instead of one per message). A deliverer keeps the rule
    /// "a crash while sending costs at most one visible duplicate" by
    /// recording every message it made visible before it sends the next.
    /// The commit does not wait for the disk (see [`Store::open_with`]): a
    /// crash of the program loses nothing, a power cut may lose the records
    /// since the last game commit.
    ///
    /// # Errors
    /// The database's error; then nothing was recorded.
    pub async fn record_deliveries(
        &self,
        outcomes: &[(MessageId, Delivered)],
        now_ms: i64,
    ) -> Result<(), StorageError> {
        if outcomes.is_empty() {
            return Ok(());
        }
        // The common case, messages sent, is one statement that commits by
        // itself.
        if outcomes.len() <= MARK_CHUNK && outcomes.iter().all(|(_, o)| *o == Delivered::Sent) {
            let mut query =
                sqlx::query(sqlx::AssertSqlSafe(sql::mark_sent(outcomes.len()))).bind(now_ms);
            for (id, _) in outcomes {
                query = query.bind(id.0);
            }
            query
                .execute(&mut *self.light_statement().await?.conn)
                .await?;
            return Ok(());
        }
        let mut tx = self.begin_light().await?;
        tx.record_deliveries(outcomes, now_ms).await?;
        tx.commit().await
    }

    /// Marks a claimed message delivered.
    ///
    /// # Errors
    /// The database's error.
    pub async fn mark_sent(&self, id: MessageId, now_ms: i64) -> Result<(), StorageError> {
        sqlx::query(sqlx::AssertSqlSafe(sql::mark_sent(1)))
            .bind(now_ms)
            .bind(id.0)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    /// Records a failed delivery: retried at `retry_at_ms`, or given up for
    /// good when `None` (a permanent error such as a deleted chat).
    ///
    /// # Errors
    /// The database's error.
    pub async fn mark_failed(
        &self,
        id: MessageId,
        error: &str,
        retry_at_ms: Option<i64>,
    ) -> Result<(), StorageError> {
        let mut conn = self.conn().await?;
        match retry_at_ms {
            Some(at) => {
                sqlx::query(sql::RETRY_LATER)
                    .bind(id.0)
                    .bind(error)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?
            }
            None => {
                sqlx::query(sql::GIVE_UP)
                    .bind(id.0)
                    .bind(error)
                    .execute(&mut *conn)
                    .await?
            }
        };
        Ok(())
    }

    /// Hands a claimed message back undelivered and without counting the
    /// attempt (e.g. because an earlier message to its destination failed).
    ///
    /// # Errors
    /// The database's error.
    pub async fn release(&self, id: MessageId, now_ms: i64) -> Result<(), StorageError> {
        sqlx::query(sql::RELEASE)
            .bind(id.0)
            .bind(now_ms)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    /// How many messages are pending, sent and failed.
    ///
    /// # Errors
    /// The database's error.
    pub async fn outbox_counts(&self) -> Result<OutboxCounts, StorageError> {
        let rows: Vec<(String, i64)> = sqlx::query_as(sql::COUNT_OUTBOX_BY_STATE)
            .fetch_all(&mut *self.conn().await?)
            .await?;
        let mut counts = OutboxCounts::default();
        for (state, n) in rows {
            let n = n as u64;
            match state.as_str() {
                "pending" => counts.pending = n,
                "sent" => counts.sent = n,
                _ => counts.failed += n,
            }
        }
        Ok(counts)
    }
}
