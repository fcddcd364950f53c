//! A throwaway PostgreSQL database for tests and benchmarks, on the server
//! named by `TEST_POSTGRES_URL`: this crate's own storage tests and the
//! bots' tests that run whole processes on PostgreSQL.
//!
//! Without a server the caller gets `None` and skips, unless
//! `REQUIRE_POSTGRES=1` (as in CI) makes that a panic: a suite that must
//! prove something on PostgreSQL may not pass by skipping.

use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{AnyConnection, Connection, Executor};

/// The server tests use when `TEST_POSTGRES_URL` is not set.
const DEFAULT_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// Makes the names of one process's databases differ.
static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A database created for one test. It is dropped when this value is
/// (also after a panic), or earlier with [`ScratchDatabase::drop_now`].
#[derive(Debug)]
pub struct ScratchDatabase {
    /// The URL of the new database (open a store or a bot on it).
    pub url: String,
    admin_url: String,
    name: String,
    dropped: bool,
}

impl ScratchDatabase {
    /// Creates the empty database `tarock_<label>_<pid>_<n>`, or `None`
    /// when no server answers.
    ///
    /// # Panics
    /// When the server cannot be reached and `REQUIRE_POSTGRES=1`, or
    /// refuses to create the database.
    pub async fn create(label: &str) -> Option<ScratchDatabase> {
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
                // Straight to stderr: the test harness would swallow eprintln!.
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED (PostgreSQL variant): no PostgreSQL at {admin_url} ({e}); \
                     set TEST_POSTGRES_URL, or REQUIRE_POSTGRES=1 to fail instead"
                );
                return None;
            }
        };
        let name = format!(
            "tarock_{label}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        for statement in [
            format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
            format!("CREATE DATABASE {name}"),
        ] {
            conn.execute(sqlx::AssertSqlSafe(statement))
                .await
                .expect("create the scratch database");
        }
        let _ = conn.close().await;
        Some(ScratchDatabase {
            url: replace_database(&admin_url, &name),
            admin_url,
            name,
            dropped: false,
        })
    }

    /// Drops the database now, closing whatever is still connected to it.
    pub async fn drop_now(mut self) {
        drop_database(&self.admin_url, &self.name).await;
        self.dropped = true;
    }
}

impl Drop for ScratchDatabase {
    fn drop(&mut self) {
        if self.dropped {
            return;
        }
        let (admin, name) = (self.admin_url.clone(), self.name.clone());
        // The test's runtime may be shutting down: use a thread of our own.
        let _ = std::thread::spawn(move || {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(drop_database(&admin, &name));
        })
        .join();
    }
}

async fn drop_database(admin_url: &str, name: &str) {
    if let Ok(mut conn) = AnyConnection::connect(admin_url).await {
        let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
        let _ = conn.execute(sqlx::AssertSqlSafe(sql)).await;
    }
}

/// `url` with its database name replaced (a query string is kept).
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(i) => &base[..scheme_end + i],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn the_database_name_is_replaced_and_the_query_kept() {
        assert_eq!(
            replace_database("postgres://u:p@h:5432/test?sslmode=disable", "x"),
            "postgres://u:p@h:5432/x?sslmode=disable"
        );
        assert_eq!(replace_database("postgres://h/test", "x"), "postgres://h/x");
    }
}
