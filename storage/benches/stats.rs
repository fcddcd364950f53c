//! Statistics benchmark: the time of each statistics query over 100 000
//! settled deals on SQLite (and PostgreSQL when `TEST_POSTGRES_URL` points
//! at one), as the median and the slowest of 50 runs.
//!
//! `cargo bench -p tarock-storage --bench stats`. `BENCH_DEALS` sets the
//! number of deals (default 100 000). The history is written in plain SQL:
//! 2 500 tables in 100 chats (one chat, "c0", holds a tenth of all tables,
//! the busy chat), 40 deals per table, four seats each from 4 000 people,
//! changes of −3…+3 units, the contract and sides recorded.

use std::time::{Duration, Instant};

use sqlx::{Connection, Executor};
use tarock_storage::{Backend, Platform, PlayerId, Store};

const NOW: i64 = 1_795_176_000_000;
const DEALS_PER_TABLE: i64 = 40;
const PLAYERS: i64 = 4_000;

/// A row source of `n` integers `i` from 1, as a FROM item named `g`.
fn series(backend: Backend, n: i64) -> String {
    match backend {
        Backend::Sqlite => format!(
            "(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {n}) SELECT i FROM s) g"
        ),
        Backend::Postgres => format!("(SELECT generate_series(1, {n}) AS i) g"),
    }
}

/// The chat of table `i`: a tenth of the tables in "c0", the rest spread
/// over 99 chats.
const CHAT_OF_TABLE: &str =
    "CASE WHEN i % 10 = 0 THEN 'c0' ELSE 'c' || CAST(1 + i % 99 AS TEXT) END";

async fn fill(url: &str, backend: Backend, deals: i64) {
    let tables = deals / DEALS_PER_TABLE;
    let s = |n| series(backend, n);
    let statements = [
        format!(
            "INSERT INTO players (id, platform, platform_user_id, display_name, language, created_ms)
             SELECT i, 'telegram', 'u' || CAST(i AS TEXT), 'P', 'de', {NOW} FROM {}",
            s(PLAYERS)
        ),
        format!(
            "INSERT INTO tables (id, platform, chat_id, rules, stake_cents, pace_ms, language, status,
                                 creator_id, created_ms, updated_ms)
             SELECT i, 'telegram', {CHAT_OF_TABLE}, '\"standard\"', 10, 120000, 'de', 'closed',
                    1 + i % {PLAYERS}, {NOW}, {NOW}
             FROM {}",
            s(tables)
        ),
        format!(
            "INSERT INTO deals (id, table_id, number, forehand, hands, rules, factor, status, started_ms, finished_ms)
             SELECT i, 1 + (i - 1) / {DEALS_PER_TABLE}, 1 + (i - 1) % {DEALS_PER_TABLE}, 0,
                    '[\"a\",\"b\",\"c\",\"d\"]', '\"standard\"', 1, 'finished', {NOW}, {NOW}
             FROM {}",
            s(deals)
        ),
        format!(
            "INSERT INTO settlements (deal_id, table_id, breakdown, stake_cents, settled_ms, contract)
             SELECT i, 1 + (i - 1) / {DEALS_PER_TABLE}, '{{}}', 10, {NOW},
                    CASE WHEN i % 7 = 0 THEN 'solo' WHEN i % 11 = 0 THEN 'farbensolo' ELSE 'rufer' END
             FROM {}",
            s(deals)
        ),
        // Seat k of table t: person 1 + (4t + k) mod 4000; the change
        // cycles through −3…+3 and the declaring side through the seats.
        format!(
            "INSERT INTO ledger (deal_id, seat, table_id, player_id, units, cents, declarer)
             SELECT 1 + (i - 1) / 4, (i - 1) % 4, 1 + (i - 1) / {per},
                    1 + (4 * ((i - 1) / {per}) + (i - 1) % 4) % {PLAYERS},
                    (i % 7) - 3, 10 * ((i % 7) - 3), CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END
             FROM {}",
            s(4 * deals),
            per = 4 * DEALS_PER_TABLE
        ),
    ];
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    for sql in statements {
        conn.execute(sqlx::AssertSqlSafe(sql)).await.unwrap();
    }
    // Statistics for the planners, as a long-running database has them.
    conn.execute("ANALYZE").await.unwrap();
    conn.close().await.unwrap();
}

/// Median and maximum of 50 runs of `query`, after one warm-up run.
async fn time<F, Fut>(label: &str, mut query: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = usize>,
{
    let rows = query().await;
    let mut times: Vec<Duration> = Vec::new();
    for _ in 0..50 {
        let start = Instant::now();
        query().await;
        times.push(start.elapsed());
    }
    times.sort();
    println!(
        "{label:<46} median {:>8.2} ms   max {:>8.2} ms   ({rows} rows)",
        times[25].as_secs_f64() * 1e3,
        times[49].as_secs_f64() * 1e3
    );
}

async fn run(store: &Store, label: &str) {
    println!("{label}");
    let busy = Platform::Telegram;
    // Person 40 sits at tables of the busy chat and of others.
    let person = PlayerId(40);
    time("leaderboard of the busy chat (top 10)", || async {
        store.chat_leaderboard(busy, "c0", 10).await.unwrap().len()
    })
    .await;
    time("leaderboard of a quiet chat (top 10)", || async {
        store.chat_leaderboard(busy, "c5", 10).await.unwrap().len()
    })
    .await;
    time("a person's figures in the busy chat", || async {
        store
            .player_stats(person, Some((busy, "c0")))
            .await
            .unwrap()
            .deals as usize
    })
    .await;
    time("a person's figures everywhere", || async {
        store.player_stats(person, None).await.unwrap().deals as usize
    })
    .await;
    time("a person's contracts in the busy chat", || async {
        store
            .player_contracts(person, busy, "c0")
            .await
            .unwrap()
            .len()
    })
    .await;
}

fn main() {
    let deals: i64 = std::env::var("BENCH_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.db").display().to_string();
        sqlx::any::install_default_drivers();
        let store = Store::open(&path).await.unwrap();
        let start = Instant::now();
        fill(&format!("sqlite://{path}"), Backend::Sqlite, deals).await;
        println!(
            "SQLite: {deals} deals written in {:.1} s",
            start.elapsed().as_secs_f64()
        );
        run(&store, &format!("SQLite, {deals} settled deals")).await;
        store.close().await;

        let admin_url = std::env::var("TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
        let Ok(mut admin) = sqlx::AnyConnection::connect(&admin_url).await else {
            println!("PostgreSQL: skipped, nothing at {admin_url}");
            return;
        };
        let name = format!("tarock_stats_bench_{}", std::process::id());
        admin
            .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .await
            .unwrap();
        let url = format!("{}/{name}", admin_url.rsplit_once('/').unwrap().0);
        let store = Store::open(&url).await.unwrap();
        fill(&url, Backend::Postgres, deals).await;
        run(&store, &format!("PostgreSQL, {deals} settled deals")).await;
        store.close().await;
        admin
            .execute(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE {name} WITH (FORCE)"
            )))
            .await
            .unwrap();
    });
}
