//! What the store forgets, and when; and what it holds.
//!
//! Delivered messages and processed update ids are only needed for a while
//! (to answer a redelivered update and to look into a recent delivery);
//! failed messages stay for the operator up to a cap. The game history
//! (deals, events, settlements, ledger) is never pruned: it is the players'
//! history.
//!
//! Pruning must not stall play, also when an operator runs it beside the
//! bots. On SQLite one process writes at a time, and a writer of another
//! process does not queue: its busy handler sleeps and tries again (after
//! 1, 2, 5, 10, 15, 20, 25, 25, 25, 50 … ms). So each deleting transaction
//! is sized to hold the write lock about [`Retention::hold`] (the batch
//! shrinks and grows by what the last one took), and between two of them
//! the pruning sleeps at least [`Retention::pause`] and at least as long
//! as the last one took: a waiting writer finds the lock free when it next
//! looks. During the pause the pruning copies the log it wrote into the
//! file (a passive checkpoint, which holds no write lock), so that another
//! process's commit does not have to. Each batch finds the oldest rows' keys through an index and
//! deletes by key, a plan that does not depend on the statistics.
//!
//! The space of deleted rows: PostgreSQL reuses it (autovacuum, or
//! [`Store::vacuum`]); an SQLite file created with incremental auto-vacuum
//! gives it back to the file system in small steps
//! ([`Store::give_back_space`]), and [`Store::vacuum`] converts an older
//! file.

use std::time::{Duration, Instant};

use crate::error::StorageError;
use crate::sql;
use crate::store::{Backend, Store};

/// How long what is kept, and how pruning shares the database.
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
    /// Most rows deleted per transaction (on PostgreSQL, always this many).
    pub batch: u32,
    /// SQLite: about how long one deleting transaction may hold the write
    /// lock; the batch is sized to it.
    pub hold: Duration,
    /// SQLite: the least pause between two deleting transactions (never
    /// shorter than the last one took).
    pub pause: Duration,
}

/// One hour in milliseconds.
const HOUR_MS: i64 = 3_600_000;

/// The smallest batch the pacing shrinks to, and where it starts.
const MIN_BATCH: u32 = 16;
const FIRST_BATCH: u32 = 64;

/// Free pages given back per step: the most, and the first step.
const MAX_VACUUM_PAGES: u32 = 512;
const FIRST_VACUUM_PAGES: u32 = 64;

impl Default for Retention {
    /// Sent messages 7 days, update ids 48 hours, 10 000 failed messages;
    /// up to 500 rows per transaction, holding SQLite's write lock about
    /// 10 ms, then pausing at least 25 ms (the longest sleep of SQLite's
    /// busy handler in a writer's first 130 ms of waiting, so that one
    /// waiting then always finds the lock free when it looks again).
    fn default() -> Self {
        Retention {
            keep_sent_ms: 7 * 24 * HOUR_MS,
            keep_updates_ms: 48 * HOUR_MS,
            keep_failed: 10_000,
            batch: 500,
            hold: Duration::from_millis(10),
            pause: Duration::from_millis(25),
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

/// A kind of expired row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Sent,
    Failed,
    Updates,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Sent, Kind::Failed, Kind::Updates];
}

/// Sizes SQLite's write transactions to hold the lock about
/// [`Retention::hold`] and spaces them (see the module's text); on
/// PostgreSQL a fixed batch and no pause (deleting expired rows locks
/// nothing a bot writes).
#[derive(Debug)]
struct Pace {
    sqlite: bool,
    size: u32,
    max: u32,
    hold: Duration,
    pause: Duration,
    /// How long the last transaction held the lock, until the pause after it.
    last: Option<Duration>,
}

impl Pace {
    fn new(backend: Backend, first: u32, max: u32, hold: Duration, pause: Duration) -> Pace {
        let max = max.max(1);
        let sqlite = backend == Backend::Sqlite;
        Pace {
            sqlite,
            size: if sqlite { first.min(max) } else { max },
            max,
            hold,
            pause,
            last: None,
        }
    }

    /// Waits out the pause after the previous transaction, if any, less
    /// `spent` already (on work that did not hold the write lock).
    async fn wait_turn(&mut self, spent: Duration) {
        match self.last.take() {
            Some(took) if self.sqlite => {
                tokio::time::sleep(took.max(self.pause).saturating_sub(spent)).await;
            }
            Some(_) => tokio::task::yield_now().await,
            None => {}
        }
    }

    /// SQLite: copies what the last transaction wrote to the log into the
    /// file, during the pause (it does not hold the write lock). Otherwise
    /// the commit of another process that finds the log over its limit
    /// (1 000 pages) does the copying, and its commit waits for it.
    async fn checkpoint(&self, store: &Store) -> Result<Duration, StorageError> {
        let started = Instant::now();
        if self.sqlite && self.last.is_some() {
            sqlx::query(sql::SQLITE_CHECKPOINT_PASSIVE)
                .execute(&mut *store.conn().await?)
                .await?;
        }
        Ok(started.elapsed())
    }

    /// Records that a transaction of [`Pace::size`] held the lock `took`,
    /// and sizes the next one (at most doubling or halving).
    fn took(&mut self, took: Duration) {
        self.last = Some(took);
        if !self.sqlite {
            return;
        }
        let took_us = took.as_micros().max(1) as f64;
        let ideal = f64::from(self.size) * self.hold.as_micros() as f64 / took_us;
        let next = ideal.clamp(f64::from(self.size) / 2.0, f64::from(self.size) * 2.0) as u32;
        self.size = next.clamp(MIN_BATCH.min(self.max), self.max);
    }
}

impl Store {
    /// Deletes at most `retention.batch` rows of each kind of expired row
    /// (each kind in a transaction of its own), oldest first; returns what
    /// went. Call again while it deletes full batches ([`Store::prune`]
    /// does, paced).
    ///
    /// # Errors
    /// The database's error.
    pub async fn prune_batch(
        &self,
        retention: &Retention,
        now_ms: i64,
    ) -> Result<Pruned, StorageError> {
        let mut pruned = Pruned::default();
        for kind in Kind::ALL {
            let (rows, _) = self
                .prune_kind(kind, retention, retention.batch.max(1), now_ms)
                .await?;
            pruned.add(kind, rows);
        }
        Ok(pruned)
    }

    /// Deletes every expired row, batch by batch, each batch sized and
    /// spaced so that other writers, also of other processes, wait at most
    /// a batch (see the module's text).
    ///
    /// # Errors
    /// The database's error; what was deleted before it stays deleted.
    pub async fn prune(&self, retention: &Retention, now_ms: i64) -> Result<Pruned, StorageError> {
        let mut all = Pruned::default();
        // Link codes live ten minutes; the expired ones are few.
        self.prune_link_codes(now_ms).await?;
        let mut pace = Pace::new(
            self.backend(),
            FIRST_BATCH,
            retention.batch,
            retention.hold,
            retention.pause,
        );
        for kind in Kind::ALL {
            loop {
                let spent = pace.checkpoint(self).await?;
                pace.wait_turn(spent).await;
                let size = pace.size;
                let (rows, took) = self.prune_kind(kind, retention, size, now_ms).await?;
                pace.took(took);
                all.add(kind, rows);
                if rows < u64::from(size) {
                    break;
                }
            }
        }
        Ok(all)
    }

    /// Deletes up to `limit` expired rows of one kind, oldest first, in one
    /// transaction; returns the rows and how long the transaction held the
    /// write lock (from its start to its commit).
    async fn prune_kind(
        &self,
        kind: Kind,
        retention: &Retention,
        limit: u32,
        now_ms: i64,
    ) -> Result<(u64, Duration), StorageError> {
        let sqlite = self.backend() == Backend::Sqlite;
        let limit = i64::from(limit);
        let mut tx = self.begin().await?;
        let started = Instant::now();
        let rows = match kind {
            Kind::Sent => {
                let statement = if sqlite {
                    sql::SQLITE_PRUNE_SENT
                } else {
                    sql::POSTGRES_PRUNE_SENT
                };
                sqlx::query(statement)
                    .bind(now_ms.saturating_sub(retention.keep_sent_ms))
                    .bind(limit)
                    .execute(tx.conn().await?)
                    .await?
                    .rows_affected()
            }
            Kind::Failed => {
                let keep = i64::try_from(retention.keep_failed).unwrap_or(i64::MAX);
                let beyond_cap: Option<i64> = sqlx::query_scalar(sql::FAILED_BEYOND_CAP)
                    .bind(keep)
                    .fetch_optional(tx.conn().await?)
                    .await?;
                match beyond_cap {
                    None => 0,
                    Some(upto) => {
                        let statement = if sqlite {
                            sql::SQLITE_PRUNE_FAILED
                        } else {
                            sql::POSTGRES_PRUNE_FAILED
                        };
                        sqlx::query(statement)
                            .bind(upto)
                            .bind(limit)
                            .execute(tx.conn().await?)
                            .await?
                            .rows_affected()
                    }
                }
            }
            Kind::Updates => {
                let statement = if sqlite {
                    sql::SQLITE_PRUNE_UPDATES
                } else {
                    sql::POSTGRES_PRUNE_UPDATES
                };
                sqlx::query(statement)
                    .bind(now_ms.saturating_sub(retention.keep_updates_ms))
                    .bind(limit)
                    .execute(tx.conn().await?)
                    .await?
                    .rows_affected()
            }
        };
        tx.commit().await?;
        Ok((rows, started.elapsed()))
    }

    /// Gives an SQLite file's free pages back to the file system, in steps
    /// paced like [`Store::prune`]'s batches; returns the pages given
    /// back. Does nothing on PostgreSQL (which reuses the space) and on a
    /// file without incremental auto-vacuum (made before the store set
    /// it: [`Store::vacuum`] converts one). Run it after a prune.
    ///
    /// # Errors
    /// The database's error.
    pub async fn give_back_space(&self, retention: &Retention) -> Result<u64, StorageError> {
        if self.backend() != Backend::Sqlite {
            return Ok(0);
        }
        let mode: i64 = sqlx::query_scalar(sql::SQLITE_AUTO_VACUUM_MODE)
            .fetch_one(&mut *self.conn().await?)
            .await?;
        if mode != 2 {
            return Ok(0);
        }
        let mut pace = Pace::new(
            self.backend(),
            FIRST_VACUUM_PAGES,
            MAX_VACUUM_PAGES,
            retention.hold,
            retention.pause,
        );
        let mut given = 0;
        loop {
            let spent = pace.checkpoint(self).await?;
            pace.wait_turn(spent).await;
            let mut tx = self.begin().await?;
            let started = Instant::now();
            let free: i64 = sqlx::query_scalar(sql::SQLITE_FREELIST_COUNT)
                .fetch_one(tx.conn().await?)
                .await?;
            if free <= 0 {
                tx.commit().await?;
                return Ok(given);
            }
            let step = pace.size;
            sqlx::query(sqlx::AssertSqlSafe(sql::sqlite_incremental_vacuum(step)))
                .execute(tx.conn().await?)
                .await?;
            tx.commit().await?;
            pace.took(started.elapsed());
            given += u64::try_from(free).unwrap_or(0).min(u64::from(step));
        }
    }

    /// Rewrites the database without the space of deleted rows. SQLite:
    /// `VACUUM`, which also turns on incremental auto-vacuum for a file
    /// made before it was the default; it holds the write lock for the
    /// whole run (every other writer waits, seconds to minutes on a large
    /// file) and needs about the file's size free on disk. PostgreSQL:
    /// `VACUUM (ANALYZE)` of the pruned tables (what autovacuum does
    /// anyway, now; nobody waits).
    ///
    /// # Errors
    /// The database's error.
    pub async fn vacuum(&self) -> Result<(), StorageError> {
        match self.backend() {
            Backend::Sqlite => {
                // Every writer of this process waits; the connection is
                // outside a transaction, as VACUUM must be.
                let _turn = self.write_turn().await;
                let mut conn = self.conn().await?;
                sqlx::query(sql::SQLITE_AUTO_VACUUM)
                    .execute(&mut *conn)
                    .await?;
                sqlx::query(sql::SQLITE_VACUUM).execute(&mut *conn).await?;
                // In WAL mode the file shrinks when the log is copied back.
                sqlx::query(sql::SQLITE_CHECKPOINT)
                    .execute(&mut *conn)
                    .await?;
            }
            Backend::Postgres => {
                sqlx::query(sql::POSTGRES_VACUUM)
                    .execute(&mut *self.conn().await?)
                    .await?;
            }
        }
        Ok(())
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

impl Pruned {
    fn add(&mut self, kind: Kind, rows: u64) {
        match kind {
            Kind::Sent => self.sent += rows,
            Kind::Failed => self.failed += rows,
            Kind::Updates => self.updates += rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn sqlite_batches_are_sized_to_the_hold_time() {
        let mut pace = Pace::new(Backend::Sqlite, 64, 500, 10 * MS, 25 * MS);
        assert_eq!(pace.size, 64);
        // Quick batches grow, at most doubling, up to the most allowed.
        pace.took(MS);
        assert_eq!(pace.size, 128);
        pace.took(5 * MS);
        assert_eq!(pace.size, 256);
        pace.took(2 * MS);
        assert_eq!(pace.size, 500);
        // One that held the lock 20 ms halves; 15 ms shrinks by a third.
        pace.took(20 * MS);
        assert_eq!(pace.size, 250);
        pace.took(15 * MS);
        assert_eq!(pace.size, 166);
        // Never below the smallest batch.
        for _ in 0..10 {
            pace.took(100 * MS);
        }
        assert_eq!(pace.size, MIN_BATCH);
        // A batch of the configured size when that is smaller.
        assert_eq!(Pace::new(Backend::Sqlite, 64, 2, 10 * MS, 25 * MS).size, 2);
    }

    #[test]
    fn postgres_batches_are_fixed() {
        let mut pace = Pace::new(Backend::Postgres, 64, 500, 10 * MS, 25 * MS);
        assert_eq!(pace.size, 500);
        pace.took(100 * MS);
        assert_eq!(pace.size, 500);
    }

    #[tokio::test]
    async fn sqlite_pauses_at_least_as_long_as_a_batch_held_the_lock() {
        // Lower bounds only: a sleep never ends early.
        let mut pace = Pace::new(Backend::Sqlite, 64, 500, 10 * MS, 25 * MS);
        pace.wait_turn(Duration::ZERO).await;
        assert_eq!(pace.last, None);
        for (took, least) in [(4 * MS, 25 * MS), (40 * MS, 40 * MS)] {
            pace.took(took);
            let start = std::time::Instant::now();
            pace.wait_turn(Duration::ZERO).await;
            assert!(start.elapsed() >= least, "{:?}", start.elapsed());
        }
    }
}
