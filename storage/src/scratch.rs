//! A throwaway PostgreSQL database for tests and benchmarks that run whole
//! processes (the bots' binaries) against the server named by
//! `TEST_POSTGRES_URL`.
//!
//! Without a server the caller gets `None` and skips, unless
//! `REQUIRE_POSTGRES=1` (as in CI) makes that a panic: a suite that must
//! prove something on PostgreSQL may not pass by skipping.

use sqlx::{AnyConnection, Connection, Executor};

/// The server tests use when `TEST_POSTGRES_URL` is not set.
const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// A database created for one test; [`ScratchDatabase::drop_now`] removes it.
#[derive(Debug)]
pub struct ScratchDatabase {
    /// The URL of the new database (open a store or a bot on it).
    pub url: String,
    admin_url: String,
}

impl ScratchDatabase {
    /// Creates the empty database `tarock_<name>_<pid>` (replacing one
    /// left over from a killed run), or `None` when no server answers.
    ///
    /// # Panics
    /// When the server cannot be reached and `REQUIRE_POSTGRES=1`, or
    /// refuses to create the database.
    pub async fn create(name: &str) -> Option<ScratchDatabase> {
        sqlx::any::install_default_drivers();
        let admin_url =
            std::env::var("TEST_POSTGRES_URL").unwrap_or_else(|_| DEFAULT_ADMIN_URL.into());
        let mut conn = match AnyConnection::connect(&admin_url).await {
            Ok(conn) => conn,
            Err(e) => {
                assert!(
                    std::env::var("REQUIRE_POSTGRES").as_deref() != Ok("1"),
                    "PostgreSQL is required (REQUIRE_POSTGRES=1) but {admin_url} is not reachable: {e}"
                );
                eprintln!("SKIPPED: no PostgreSQL at {admin_url} ({e}); set TEST_POSTGRES_URL");
                return None;
            }
        };
        let db = format!("tarock_{name}_{}", std::process::id());
        for statement in [
            format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"),
            format!("CREATE DATABASE {db}"),
        ] {
            conn.execute(sqlx::AssertSqlSafe(statement))
                .await
                .expect("create the scratch database");
        }
        let _ = conn.close().await;
        let (base, _) = admin_url
            .rsplit_once('/')
            .expect("TEST_POSTGRES_URL ends in a database name");
        Some(ScratchDatabase {
            url: format!("{base}/{db}"),
            admin_url,
        })
    }

    /// Drops the database, closing whatever is still connected to it.
    pub async fn drop_now(self) {
        let db = self.url.rsplit('/').next().unwrap_or_default().to_owned();
        if let Ok(mut conn) = AnyConnection::connect(&self.admin_url).await {
            let _ = conn
                .execute(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {db} WITH (FORCE)"
                )))
                .await;
        }
    }
}
