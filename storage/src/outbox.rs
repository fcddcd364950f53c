//! The outbox: messages written in the same transaction as the change that
//! caused them, delivered afterwards with retries. Messages to one
//! destination go out in the order they were written.

use sqlx::any::AnyRow;

use crate::error::StorageError;
use crate::model::{MessageId, NewMessage, OutboxMessage, TableId};
use crate::row::{count, get};
use crate::store::{Store, Tx};

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
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO outbox (table_id, destination, payload, state, attempts, next_attempt_ms, created_ms)
             VALUES ($1, $2, $3, 'pending', 0, $4, $4)
             RETURNING id",
        )
        .bind(table.map(|t| t.0))
        .bind(&message.destination)
        .bind(&message.payload)
        .bind(now_ms)
        .fetch_one(self.conn())
        .await?;
        Ok(MessageId(id))
    }
}

impl Tx {
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
            // $1 table, $2 now; then destination and payload per row.
            let rows: Vec<String> = (0..chunk.len())
                .map(|i| format!("($1, ${}, ${}, 'pending', 0, $2, $2)", 3 + 2 * i, 4 + 2 * i))
                .collect();
            let sql = format!(
                "INSERT INTO outbox (table_id, destination, payload, state, attempts, next_attempt_ms, created_ms) VALUES {}",
                rows.join(", ")
            );
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(table.map(|t| t.0))
                .bind(now_ms);
            for message in chunk {
                query = query
                    .bind(message.destination.as_str())
                    .bind(message.payload.as_str());
            }
            query.execute(self.conn()).await?;
        }
        Ok(())
    }
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
        let mut tx = self.begin().await?;
        let rows = sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_ms = $2
             WHERE state = 'pending' AND next_attempt_ms <= $1 AND id IN (
                 SELECT o.id FROM outbox o
                 WHERE o.state = 'pending' AND o.next_attempt_ms <= $1
                   AND NOT EXISTS (
                       SELECT 1 FROM outbox p
                       WHERE p.state = 'pending' AND p.destination = o.destination
                         AND p.id < o.id AND p.next_attempt_ms > $1)
                 ORDER BY o.id
                 LIMIT $3)
             RETURNING id, table_id, destination, payload, attempts, created_ms",
        )
        .bind(now_ms)
        .bind(now_ms.saturating_add(lease_ms))
        .bind(i64::from(limit))
        .fetch_all(tx.conn())
        .await?;
        tx.commit().await?;
        let mut messages = rows
            .iter()
            .map(message_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        messages.sort_by_key(|m| m.id);
        Ok(messages)
    }

    /// Marks a claimed message delivered.
    ///
    /// # Errors
    /// The database's error.
    pub async fn mark_sent(&self, id: MessageId, now_ms: i64) -> Result<(), StorageError> {
        sqlx::query(
            "UPDATE outbox SET state = 'sent', sent_ms = $2 WHERE id = $1 AND state = 'pending'",
        )
        .bind(id.0)
        .bind(now_ms)
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
                sqlx::query("UPDATE outbox SET last_error = $2, next_attempt_ms = $3 WHERE id = $1 AND state = 'pending'")
                    .bind(id.0)
                    .bind(error)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?
            }
            None => {
                sqlx::query("UPDATE outbox SET last_error = $2, state = 'failed' WHERE id = $1 AND state = 'pending'")
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
        sqlx::query(
            "UPDATE outbox SET next_attempt_ms = $2, attempts = attempts - 1
             WHERE id = $1 AND state = 'pending' AND attempts > 0",
        )
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
        let rows: Vec<(String, i64)> =
            sqlx::query_as("SELECT state, COUNT(*) FROM outbox GROUP BY state")
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

    /// Deletes delivered messages and processed update ids older than
    /// `before_ms`; returns how many rows went.
    ///
    /// # Errors
    /// The database's error.
    pub async fn prune(&self, before_ms: i64) -> Result<u64, StorageError> {
        let mut tx = self.begin().await?;
        let sent = sqlx::query("DELETE FROM outbox WHERE state = 'sent' AND sent_ms < $1")
            .bind(before_ms)
            .execute(tx.conn())
            .await?;
        let updates = sqlx::query("DELETE FROM processed_updates WHERE at_ms < $1")
            .bind(before_ms)
            .execute(tx.conn())
            .await?;
        tx.commit().await?;
        Ok(sent.rows_affected() + updates.rows_affected())
    }
}
