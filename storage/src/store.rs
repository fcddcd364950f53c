//! Opening a store from a URL, and transactions.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Mutex, OwnedMutexGuard};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::{
    AnyConnection, AnyPool, AssertSqlSafe, ConnectOptions, Connection, Executor, Transaction,
};

use crate::error::StorageError;
use crate::sql;

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
    /// Where delivery bookkeeping commits without waiting for the disk;
    /// `None` where it shares `pool` (an in-memory SQLite database).
    pub(crate) light: Option<AnyPool>,
    backend: Backend,
    /// SQLite has one writer at a time. Writers of this process queue here,
    /// first come first served, instead of polling the file lock (which
    /// lets an unlucky writer wait for seconds under load).
    write_lock: Option<Arc<Mutex<()>>>,
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

/// The SQLite file a database location names (see [`normalize_url`]):
/// `None` for PostgreSQL, an in-memory database or a location that does
/// not read. Lets a tool that only reads a database refuse a missing file
/// instead of [`Store::open`] creating it.
pub fn sqlite_file(location: &str) -> Option<std::path::PathBuf> {
    let (url, backend) = normalize_url(location).ok()?;
    (backend == Backend::Sqlite && !url.contains(":memory:"))
        .then(|| std::path::PathBuf::from(sqlite_url_path(&url)))
}

/// The file path of an SQLite URL.
fn sqlite_url_path(url: &str) -> &str {
    url.trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:")
        .split('?')
        .next()
        .unwrap_or_default()
}

/// Waits for and takes an exclusive lock on `FILE-schema-lock` beside the
/// SQLite file of `url`; released when the returned file is dropped (or
/// the process ends, however it ends).
async fn sqlite_schema_lock(url: &str) -> Result<std::fs::File, StorageError> {
    let path = sqlite_url_path(url).to_owned();
    let lock_path = format!("{path}-schema-lock");
    let locked = tokio::task::spawn_blocking(move || {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)?;
        file.lock()?;
        Ok::<_, std::io::Error>(file)
    })
    .await
    .map_err(|e| StorageError::Invalid(format!("the schema lock task failed: {e}")))?;
    locked.map_err(|e| StorageError::Invalid(format!("cannot lock {path}-schema-lock: {e}")))
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
    /// Game changes commit with the configured durability. Delivery
    /// bookkeeping ([`Store::claim_outbox`], [`Store::record_deliveries`])
    /// commits without waiting for the disk: a crash of the program loses
    /// none of it, a power cut may lose what was recorded since the last
    /// game commit, and those messages are then delivered again.
    ///
    /// # Errors
    /// As [`Store::open`].
    pub async fn open_with(location: &str, options: StoreOptions) -> Result<Store, StorageError> {
        sqlx::any::install_default_drivers();
        let (url, backend) = normalize_url(location)?;
        let connect: AnyConnectOptions = url.parse()?;
        let connect = connect.disable_statement_logging();

        let in_memory = url.contains(":memory:");
        // Two processes opening one new file at the same moment (the
        // Telegram and the Discord bot on one database) would both switch
        // its journal and run the same migrations: one at a time, by an
        // exclusive lock on a file beside it, held until the schema is
        // current. (PostgreSQL's migrator takes a lock of its own.)
        let schema_lock = if backend == Backend::Sqlite && !in_memory {
            Some(sqlite_schema_lock(&url).await?)
        } else {
            None
        };
        // The journal mode is a property of the file; switching it needs a
        // lock that cannot wait, so do it before the pool opens more
        // connections.
        if backend == Backend::Sqlite && !in_memory {
            let mut first = AnyConnection::connect_with(&connect).await?;
            // Before the first table: a new file gives freed pages back
            // (`Store::give_back_space`); an existing one keeps its mode.
            first.execute(sql::SQLITE_AUTO_VACUUM).await?;
            first.execute(sql::SQLITE_WAL).await?;
            first.close().await?;
        }
        let busy_ms = options.busy_timeout.as_millis();
        let synchronous = match options.durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        // `light`: a pool for delivery bookkeeping, whose commits do not
        // wait for the disk.
        let pool_with = |max: u32, synchronous: &'static str, light: bool| {
            AnyPoolOptions::new()
                // Every pooled in-memory SQLite connection would be its own database.
                .max_connections(if in_memory { 1 } else { max })
                .min_connections(u32::from(in_memory))
                .idle_timeout((!in_memory).then_some(Duration::from_secs(600)))
                .max_lifetime((!in_memory).then_some(Duration::from_secs(1800)))
                // A pooled SQLite connection is a file handle that cannot go
                // stale; pinging it before every use would cost a round trip
                // per transaction. A PostgreSQL server may have restarted:
                // a connection that sat idle is pinged first (a broken one is
                // dropped and another taken); one just returned by a busy
                // bot is not, which saves a round trip per transaction.
                .test_before_acquire(false)
                .before_acquire(move |conn, meta| {
                    Box::pin(async move {
                        if backend == Backend::Postgres && meta.idle_for >= PING_IDLE {
                            conn.ping().await?;
                        }
                        Ok(true)
                    })
                })
                .after_connect(move |conn, _meta| {
                    Box::pin(async move {
                        if backend == Backend::Sqlite {
                            conn.execute(sql::SQLITE_FOREIGN_KEYS).await?;
                            conn.execute(AssertSqlSafe(sql::sqlite_busy_timeout(busy_ms)))
                                .await?;
                            conn.execute(AssertSqlSafe(sql::sqlite_synchronous(synchronous)))
                                .await?;
                        } else if light {
                            conn.execute(sql::POSTGRES_ASYNC_COMMIT).await?;
                        }
                        Ok(())
                    })
                })
                .connect_with(connect.clone())
        };
        let pool = pool_with(options.max_connections, synchronous, false).await?;
        // Delivery bookkeeping (claims, delivery records) commits without
        // waiting for the disk, through connections of its own: on SQLite
        // one with `synchronous = NORMAL` (an in-memory database has only
        // the one connection), on PostgreSQL two with `synchronous_commit`
        // off (a bot's deliverer uses one at a time; each statement commits
        // on its own, without a BEGIN and a COMMIT around it). A crash of
        // the program loses none of it; a power cut may lose the records
        // since the last game commit (each flushes everything before it),
        // and then those messages go out again.
        let light = match backend {
            Backend::Sqlite if in_memory => None,
            Backend::Sqlite => Some(pool_with(1, "NORMAL", true).await?),
            Backend::Postgres => Some(pool_with(LIGHT_CONNECTIONS, synchronous, true).await?),
        };
        backend.migrator().run(&pool).await?;
        drop(schema_lock);
        let write_lock = (backend == Backend::Sqlite).then(|| Arc::new(Mutex::new(())));
        let store = Store {
            pool,
            light,
            backend,
            write_lock,
        };
        // Without statistics SQLite may walk a whole history table where an
        // index would read a few rows; a store opened on an old file gets
        // them before it serves anyone (cheap when they are current).
        store.optimize().await?;
        Ok(store)
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
        self.begin_on(&self.pool).await
    }

    /// A write transaction for delivery bookkeeping (claims and delivery
    /// records), whose commit does not wait for the disk (see
    /// [`Store::open_with`]).
    pub(crate) async fn begin_light(&self) -> Result<Tx, StorageError> {
        self.begin_on(self.light()).await
    }

    /// A write transaction on a connection of `pool`.
    async fn begin_on(&self, pool: &AnyPool) -> Result<Tx, StorageError> {
        // Queue for the write lock before taking a connection, so that
        // waiting writers do not hold connections readers need.
        let write_turn = self.write_turn().await;
        let tx = pool.begin_with(self.backend.begin_statement()).await?;
        Ok(Tx {
            tx,
            backend: self.backend,
            queued: Vec::new(),
            _write_turn: write_turn,
        })
    }

    /// A connection of the delivery bookkeeping for one statement that
    /// commits by itself (a claim, a record of sent messages): one round
    /// trip instead of three. Holds SQLite's write turn like a transaction.
    pub(crate) async fn light_statement(&self) -> Result<LightConn, StorageError> {
        let write_turn = self.write_turn().await;
        Ok(LightConn {
            conn: self.light().acquire().await?,
            _write_turn: write_turn,
        })
    }

    /// This process's turn to write (SQLite: one writer at a time).
    pub(crate) async fn write_turn(&self) -> Option<OwnedMutexGuard<()>> {
        match &self.write_lock {
            Some(lock) => Some(lock.clone().lock_owned().await),
            None => None,
        }
    }

    /// The pool of the delivery bookkeeping.
    fn light(&self) -> &AnyPool {
        self.light.as_ref().unwrap_or(&self.pool)
    }

    /// Closes every connection, waiting for them to be returned.
    pub async fn close(&self) {
        if let Some(light) = &self.light {
            light.close().await;
        }
        self.pool.close().await;
    }

    /// A pooled connection for reads.
    pub(crate) async fn conn(&self) -> Result<sqlx::pool::PoolConnection<sqlx::Any>, StorageError> {
        Ok(self.pool.acquire().await?)
    }
}

/// A connection for one self-committing statement of the delivery
/// bookkeeping ([`Store::light_statement`]).
pub(crate) struct LightConn {
    // Field order matters: the connection goes back before the write turn.
    pub(crate) conn: sqlx::pool::PoolConnection<sqlx::Any>,
    _write_turn: Option<OwnedMutexGuard<()>>,
}

/// How many connections the delivery bookkeeping of one PostgreSQL store
/// holds at most.
const LIGHT_CONNECTIONS: u32 = 2;

/// How long a PostgreSQL connection may sit idle in the pool before it is
/// pinged when taken again.
const PING_IDLE: Duration = Duration::from_secs(1);

/// A write transaction: every change made through it commits together or
/// not at all.
#[derive(Debug)]
pub struct Tx {
    // Field order matters: the transaction ends before the write turn does.
    pub(crate) tx: Transaction<'static, sqlx::Any>,
    pub(crate) backend: Backend,
    /// Events queued by [`Tx::queue_event`], written by the next statement.
    pub(crate) queued: Vec<(crate::DealId, crate::Event)>,
    _write_turn: Option<OwnedMutexGuard<()>>,
}

impl Tx {
    /// Makes every change of this transaction durable and visible.
    ///
    /// # Errors
    /// The database's error; then nothing was written.
    pub async fn commit(mut self) -> Result<(), StorageError> {
        self.write_queued().await?;
        Ok(self.tx.commit().await?)
    }

    /// Discards every change of this transaction.
    ///
    /// # Errors
    /// The database's error.
    pub async fn rollback(self) -> Result<(), StorageError> {
        Ok(self.tx.rollback().await?)
    }

    /// The transaction's connection, once the queued events are written:
    /// every statement sees them, as if each had been appended at once.
    pub(crate) async fn conn(&mut self) -> Result<&mut AnyConnection, StorageError> {
        self.write_queued().await?;
        Ok(&mut self.tx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file a read-only tool checks for before opening a location.
    #[test]
    fn the_sqlite_file_of_a_location() {
        let file = |l: &str| sqlite_file(l).map(|p| p.display().to_string());
        assert_eq!(file("tarock.db").as_deref(), Some("tarock.db"));
        assert_eq!(file("/var/lib/t.db").as_deref(), Some("/var/lib/t.db"));
        assert_eq!(
            file("sqlite:///var/lib/t.db?mode=ro").as_deref(),
            Some("/var/lib/t.db")
        );
        assert_eq!(file("sqlite://t.db?cache=shared").as_deref(), Some("t.db"));
        for none in ["sqlite::memory:", "postgres://u@h/db", "mysql://x@y/z", ""] {
            assert_eq!(file(none), None, "{none}");
        }
    }

    #[test]
    fn locations_become_urls() {
        let sqlite = |url: &str| (url.to_owned(), Backend::Sqlite);
        assert_eq!(
            normalize_url("tarock.db").unwrap(),
            sqlite("sqlite://tarock.db?mode=rwc")
        );
        assert_eq!(
            normalize_url("/var/lib/t.db").unwrap(),
            sqlite("sqlite:///var/lib/t.db?mode=rwc")
        );
        assert_eq!(
            normalize_url(DEFAULT_URL).unwrap(),
            sqlite("sqlite://tarock.db?mode=rwc")
        );
        assert_eq!(
            normalize_url("sqlite://t.db?mode=ro").unwrap(),
            sqlite("sqlite://t.db?mode=ro")
        );
        assert_eq!(
            normalize_url("sqlite://t.db?cache=shared").unwrap(),
            sqlite("sqlite://t.db?cache=shared&mode=rwc")
        );
        assert_eq!(
            normalize_url("sqlite::memory:").unwrap(),
            sqlite("sqlite::memory:")
        );
        for pg in [
            "postgres://u@h/db",
            "postgresql://u:p@h:5433/db?sslmode=require",
        ] {
            assert_eq!(
                normalize_url(pg).unwrap(),
                (pg.to_owned(), Backend::Postgres)
            );
        }
        for bad in ["", "  ", "mysql://u@h/db", "http://example.org/db"] {
            assert!(
                matches!(normalize_url(bad), Err(StorageError::Url(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn both_databases_have_the_same_migrations() {
        let versions = |m: &Migrator| {
            m.iter()
                .map(|m| (m.version, m.description.to_string()))
                .collect::<Vec<_>>()
        };
        assert!(SQLITE_MIGRATIONS.iter().next().is_some());
        assert_eq!(versions(&SQLITE_MIGRATIONS), versions(&POSTGRES_MIGRATIONS));
    }

    #[tokio::test]
    async fn in_memory_sqlite_keeps_one_database() {
        // Every pooled in-memory connection would be a database of its own;
        // the store keeps one connection so that what it writes it reads.
        let store = Store::open("sqlite::memory:").await.unwrap();
        let player = crate::NewPlayer {
            platform: crate::Platform::Local,
            platform_user_id: "me".into(),
            display_name: "Me".into(),
            language: "en".into(),
        };
        let id = store.upsert_player(&player, 1).await.unwrap();
        assert_eq!(store.player(id).await.unwrap().unwrap().display_name, "Me");
    }
}
