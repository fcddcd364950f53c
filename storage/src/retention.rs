//! What the store forgets, and when; and what it holds.
//!
//! Delivered messages and processed update ids are only needed for a while
//! (to answer a redelivered update and to look into a recent delivery);
//! failed messages stay for the operator up to a cap. The game history
//! (deals, events, settlements, ledger) is never pruned: it is the players'
//! history. Pruning deletes in small batches, each its own short
//! transaction, so a running bot never waits long for the write lock.

use crate::error::StorageError;
use crate::sql;
use crate::store::{Backend, Store};

/// How long what is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retention {
    /// Delivered messages are deleted this many milliseconds after delivery.
    pub keep_sent_ms: i64,
    /// Processed update ids are forgotten after this many milliseconds
    /// (longer than any platform redelivers: Telegram keeps an update for
    /// up to 24 hours).
    pub keep_updates_ms: i64,
    /// The newest this many failed messages are kept; older ones go.
    pub keep_failed: u64,
    /// Rows deleted per transaction.
    pub batch: u32,
}

/// One hour in milliseconds.
const HOUR_MS: i64 = 3_600_000;

impl Default for Retention {
    /// Sent messages 7 days, update ids 48 hours, 10 000 failed messages,
    /// 500 rows per transaction.
    fn default() -> Self {
        Retention {
            keep_sent_ms: 7 * 24 * HOUR_MS,
            keep_updates_ms: 48 * HOUR_MS,
            keep_failed: 10_000,
            batch: 500,
        }
    }
}

/// Rows one pruning deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Delivered messages.
    pub sent: u64,
    /// Failed messages beyond the cap.
    pub failed: u64,
    /// Processed update ids.
    pub updates: u64,
}

impl Pruned {
    /// All rows deleted.
    pub fn total(&self) -> u64 {
        self.sent + self.failed + self.updates
    }
}

/// The size of one table of the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSize {
    /// The table's name.
    pub table: &'static str,
    /// Its rows.
    pub rows: u64,
    /// Bytes on disk with its indexes.
    pub bytes: u64,
}

impl Store {
    /// Deletes at most one batch of each kind of expired row (each kind in a
    /// transaction of its own); returns what went. Call again while it
    /// deletes full batches.
    ///
    /// # Errors
    /// The database's error.
    pub async fn prune_batch(
        &self,
        retention: &Retention,
        now_ms: i64,
    ) -> Result<Pruned, StorageError> {
        let last = i64::from(retention.batch.max(1)) - 1;
        let keep_failed = i64::try_from(retention.keep_failed).unwrap_or(i64::MAX);
        let sent_before = now_ms.saturating_sub(retention.keep_sent_ms);
        let updates_before = now_ms.saturating_sub(retention.keep_updates_ms);

        let mut tx = self.begin().await?;
        let bound: Option<i64> = sqlx::query_scalar(sql::PRUNE_SENT_BOUND)
            .bind(sent_before)
            .bind(last)
            .fetch_optional(tx.conn().await?)
            .await?;
        let sent = sqlx::query(sql::PRUNE_SENT)
            .bind(bound.unwrap_or(sent_before - 1))
            .execute(tx.conn().await?)
            .await?
            .rows_affected();
        tx.commit().await?;

        let mut tx = self.begin().await?;
        let beyond_cap: Option<i64> = sqlx::query_scalar(sql::FAILED_BEYOND_CAP)
            .bind(keep_failed)
            .fetch_optional(tx.conn().await?)
            .await?;
        let mut failed = 0;
        if let Some(beyond_cap) = beyond_cap {
            let oldest: Option<i64> = sqlx::query_scalar(sql::FAILED_OLDEST_BOUND)
                .bind(last)
                .fetch_optional(tx.conn().await?)
                .await?;
            let upto = oldest.map_or(beyond_cap, |o| o.min(beyond_cap));
            failed = sqlx::query(sql::PRUNE_FAILED)
                .bind(upto)
                .execute(tx.conn().await?)
                .await?
                .rows_affected();
        }
        tx.commit().await?;

        let mut tx = self.begin().await?;
        let bound: Option<i64> = sqlx::query_scalar(sql::PRUNE_UPDATES_BOUND)
            .bind(updates_before)
            .bind(last)
            .fetch_optional(tx.conn().await?)
            .await?;
        let updates = sqlx::query(sql::PRUNE_UPDATES)
            .bind(bound.unwrap_or(updates_before - 1))
            .execute(tx.conn().await?)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(Pruned {
            sent,
            failed,
            updates,
        })
    }

    /// Deletes every expired row, batch by batch, letting other writers in
    /// between batches.
    ///
    /// # Errors
    /// The database's error; what was deleted before it stays deleted.
    pub async fn prune(&self, retention: &Retention, now_ms: i64) -> Result<Pruned, StorageError> {
        let mut all = Pruned::default();
        // Link codes live ten minutes; the expired ones are few.
        self.prune_link_codes(now_ms).await?;
        loop {
            let step = self.prune_batch(retention, now_ms).await?;
            all.sent += step.sent;
            all.failed += step.failed;
            all.updates += step.updates;
            let full = u64::from(retention.batch.max(1));
            if step.sent < full && step.failed < full && step.updates < full {
                return Ok(all);
            }
            tokio::task::yield_now().await;
        }
    }

    /// Brings the query planner's statistics up to date where they are
    /// stale (SQLite's `PRAGMA optimize`; PostgreSQL's autovacuum does this
    /// by itself, so nothing happens there). Run it every few hours.
    ///
    /// # Errors
    /// The database's error.
    pub async fn optimize(&self) -> Result<(), StorageError> {
        if self.backend() == Backend::Sqlite {
            // ANALYZE writes its statistics: take the write turn.
            let mut tx = self.begin().await?;
            sqlx::query(sql::SQLITE_OPTIMIZE)
                .execute(tx.conn().await?)
                .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Rows and bytes of every table of the store, for `tarock db stats`.
    /// Counts every row: slow on a large store, not for a hot path.
    ///
    /// # Errors
    /// The database's error.
    pub async fn table_sizes(&self) -> Result<Vec<TableSize>, StorageError> {
        let mut conn = self.conn().await?;
        let mut sizes = Vec::new();
        for table in sql::STORED_TABLES {
            let rows: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql::count_rows(table)))
                .fetch_one(&mut *conn)
                .await?;
            let bytes_sql = match self.backend() {
                Backend::Sqlite => sql::SQLITE_TABLE_BYTES,
                Backend::Postgres => sql::POSTGRES_TABLE_BYTES,
            };
            let bytes: i64 = sqlx::query_scalar(bytes_sql)
                .bind(table)
                .fetch_one(&mut *conn)
                .await?;
            sizes.push(TableSize {
                table,
                rows: rows.max(0) as u64,
                bytes: bytes.max(0) as u64,
            });
        }
        Ok(sizes)
    }
}
