//! What an operator watches of the database: the outbox backlog, deadlines
//! due, live tables and the connections in use, read when a metrics
//! scrape or a health check asks. Several processes share one database, so
//! these are facts of the deployment, not of one process.

use sqlx::Row;

use crate::error::StorageError;
use crate::sql;
use crate::store::Store;

/// One reading of the database's gauges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gauges {
    /// Outbox messages waiting to be delivered.
    pub outbox_pending: u64,
    /// How long the oldest waiting message has waited, in milliseconds
    /// (0 when none waits).
    pub outbox_oldest_ms: i64,
    /// Deadlines of playing tables that are due or owe a reminder.
    pub deadlines_due: u64,
    /// Tables not yet closed.
    pub live_tables: u64,
}

/// The connections of this process's pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolUse {
    /// Open connections.
    pub open: u32,
    /// Of those, idle ones.
    pub idle: u32,
}

impl Store {
    /// Reads the gauges at `now_ms`.
    ///
    /// # Errors
    /// The database's error (an unreachable database included).
    pub async fn gauges(&self, now_ms: i64) -> Result<Gauges, StorageError> {
        let mut conn = self.conn().await?;
        let backlog = sqlx::query(sql::OUTBOX_BACKLOG)
            .fetch_one(&mut *conn)
            .await?;
        let pending: i64 = backlog.try_get(0)?;
        let oldest: Option<i64> = backlog.try_get(1)?;
        let (due,): (i64,) = sqlx::query_as(sql::COUNT_DUE_DEADLINES)
            .bind(now_ms)
            .fetch_one(&mut *conn)
            .await?;
        let (live,): (i64,) = sqlx::query_as(sql::COUNT_LIVE_TABLES)
            .fetch_one(&mut *conn)
            .await?;
        Ok(Gauges {
            outbox_pending: u64::try_from(pending).unwrap_or(0),
            outbox_oldest_ms: oldest.map_or(0, |at| now_ms.saturating_sub(at).max(0)),
            deadlines_due: u64::try_from(due).unwrap_or(0),
            live_tables: u64::try_from(live).unwrap_or(0),
        })
    }

    /// One round trip to the database: whether it answers.
    ///
    /// # Errors
    /// The database's error when it does not.
    pub async fn ping(&self) -> Result<(), StorageError> {
        sqlx::query(sql::PING)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    /// The connections this process holds open to the database (the
    /// commands' pool and the delivery bookkeeping's).
    pub fn pool_use(&self) -> PoolUse {
        let pools = std::iter::once(&self.pool).chain(&self.light);
        PoolUse {
            open: pools.clone().map(sqlx::AnyPool::size).sum(),
            idle: pools
                .map(|pool| u32::try_from(pool.num_idle()).unwrap_or(u32::MAX))
                .fold(0, u32::saturating_add),
        }
    }
}
