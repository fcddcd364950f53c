//! Opening a store from a URL, and transactions.

use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AssertSqlSafe, AnyPool, ConnectOptions, Connection, Executor, Transaction};

use crate::error::StorageError;

/// The default database: an SQLite file in the working directory.
pub const DEFAULT_URL: &str = "sqlite://tarock.db";

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// Which database a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite: one file, WAL journal, foreign keys on.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl Backend {
    /// The statement that opens a write transaction. SQLite takes the write
    /// lock at once (`IMMEDIATE`), so two writers queue on the busy timeout
    /// instead of failing when a read lock would have to be upgraded.
    fn begin_statement(self) -> &'static str {
        match self {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }

    /// The migrations for this database kind.
    fn migrator(self) -> &'static Migrator {
        match self {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        }
    }
}

/// How SQLite flushes a commit to disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous = FULL`: a committed action survives a power cut.
    Full,
    /// `synchronous = NORMAL`: a committed action survives a crash of the
    /// program, but the last commits may be lost in a power cut.
    Normal,
}

/// Options for [`Store::open_with`].
#[derive(Clone, Debug)]
pub struct StoreOptions {
    /// Pooled connections (SQLite: readers; writes take turns).
    pub max_connections: u32,
    /// SQLite's commit durability (ignored on PostgreSQL).
    pub durability: Durability,
    /// How long an SQLite writer waits for the lock before failing.
    pub busy_timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            max_connections: 8,
            durability: Durability::Full,
            busy_timeout: Duration::from_secs(10),
        }
    }
}

/// A database holding tables, deals, ledgers and the outbox. Cheap to clone
/// (it is a connection pool).
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: AnyPool,
    backend: Backend,
}

/// Turns a configured database location into a URL sqlx understands, and
/// says which database it is. A bare path is an SQLite file, created if
/// missing.
pub fn normalize_url(location: &str) -> Result<(String, Backend), StorageError> {
    let location = location.trim();
    if location.starts_with("postgres://") || location.starts_with("postgresql://") {
        return Ok((location.to_owned(), Backend::Postgres));
    }
    if location.is_empty() || location.contains("://") && !location.starts_with("sqlite://") {
        return Err(StorageError::Url(location.to_owned()));
    }
    let mut url = if location.starts_with("sqlite:") {
        location.to_owned()
    } else {
        format!("sqlite://{location}")
    };
    if !url.contains("mode=") && !url.contains(":memory:") {
        url.push(if url.contains('?') { '&' } else { '?' });
        url.push_str("mode=rwc");
    }
    Ok((url, Backend::Sqlite))
}

impl Store {
    /// Opens (creating an SQLite file if needed) and migrates the database at
    /// `location`: a file path, `sqlite://FILE` or `postgres://…`.
    ///
    /// # Errors
    /// [`StorageError::Url`], or the database's or the migration's error.
    pub async fn open(location: &str) -> Result<Store, StorageError> {
        Store::open_with(location, StoreOptions::default()).await
    }

    /// [`Store::open`] with options.
    ///
    /// # Errors
    /// As [`Store::open`].
    pub async fn open_with(location: &str, options: StoreOptions) -> Result<Store, StorageError> {
        sqlx::any::install_default_drivers();
        let (url, backend) = normalize_url(location)?;
        let connect: AnyConnectOptions = url.parse()?;
        let connect = connect.disable_statement_logging();

        // Schema first, on one connection. The journal mode is a property of
        // the file; switching it needs a lock that cannot wait, so do it
        // before the pool opens more connections.
        let mut first = AnyConnection::connect_with(&connect).await?;
        if backend == Backend::Sqlite {
            first.execute("PRAGMA journal_mode = WAL").await?;
        }
        backend.migrator().run(&mut first).await?;
        first.close().await?;

        let in_memory = url.contains(":memory:");
        let busy_ms = options.busy_timeout.as_millis();
        let synchronous = match options.durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        let pool = AnyPoolOptions::new()
            // Every pooled in-memory SQLite connection would be its own database.
            .max_connections(if in_memory { 1 } else { options.max_connections })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute(AssertSqlSafe(format!("PRAGMA busy_timeout = {busy_ms}")))
                            .await?;
                        conn.execute(AssertSqlSafe(format!("PRAGMA synchronous = {synchronous}")))
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(connect)
            .await?;
        Ok(Store { pool, backend })
    }

    /// Which database this store runs on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Starts a write transaction. Nothing it writes is visible to anyone
    /// until [`Tx::commit`]; dropping it rolls back.
    ///
    /// # Errors
    /// The database's error.
    pub async fn begin(&self) -> Result<Tx, StorageError> {
        let tx = self.pool.begin_with(self.backend.begin_statement()).await?;
        Ok(Tx {
            tx,
            backend: self.backend,
        })
    }

    /// Closes every connection, waiting for them to be returned.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// A pooled connection for reads.
    pub(crate) async fn conn(&self) -> Result<sqlx::pool::PoolConnection<sqlx::Any>, StorageError> {
        Ok(self.pool.acquire().await?)
    }
}

/// A write transaction: every change made through it commits together or
/// not at all.
#[derive(Debug)]
pub struct Tx {
    pub(crate) tx: Transaction<'static, sqlx::Any>,
    pub(crate) backend: Backend,
}

impl Tx {
    /// Makes every change of this transaction durable and visible.
    ///
    /// # Errors
    /// The database's error; then nothing was written.
    pub async fn commit(self) -> Result<(), StorageError> {
        Ok(self.tx.commit().await?)
    }

    /// Discards every change of this transaction.
    ///
    /// # Errors
    /// The database's error.
    pub async fn rollback(self) -> Result<(), StorageError> {
        Ok(self.tx.rollback().await?)
    }

    /// The transaction's connection.
    pub(crate) fn conn(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }
}
