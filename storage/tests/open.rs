//! Several processes (here: several stores) opening one new SQLite file at
//! the same moment: one brings the schema up to date, the others wait for
//! it, and everyone gets the same current schema. Without the schema lock
//! two of them ran the same migration and one failed ("table … already
//! exists"), as the Telegram and the Discord bot did on one file.

use sqlx::{AnyConnection, Connection};
use tarock_storage::Store;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stores_opening_one_new_sqlite_file_at_once_all_succeed() {
    let migrations =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations/sqlite"))
            .unwrap()
            .count();
    for _ in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shared.db").display().to_string();
        let opens: Vec<_> = (0..4)
            .map(|_| {
                let path = path.clone();
                tokio::spawn(async move { Store::open(&path).await })
            })
            .collect();
        let mut stores = Vec::new();
        for open in opens {
            stores.push(open.await.unwrap().expect("every store opens"));
        }
        // Each migration was applied once, successfully.
        let mut conn = AnyConnection::connect(&format!("sqlite://{path}"))
            .await
            .unwrap();
        let (applied, failed): (i64, i64) = sqlx::query_as(
            "SELECT COUNT(*), SUM(CASE WHEN success THEN 0 ELSE 1 END) FROM _sqlx_migrations",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        assert_eq!((applied as usize, failed), (migrations, 0));
        conn.close().await.unwrap();
        for store in stores {
            store.close().await;
        }
    }
}

/// A file without planner statistics (right after an upgrade, or a copied
/// file): the analysis at open reads a sample of each index, not every row
/// (`PRAGMA optimize`'s 0x10 bit, SQLite's analysis limit), which shows in
/// the rows per key prefix it writes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_open_without_statistics_analyzes_a_sample() {
    const ROWS: i64 = 200_000;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.db").display().to_string();
    Store::open(&path).await.unwrap().close().await;
    let url = format!("sqlite://{path}");
    let mut conn = AnyConnection::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO processed_updates (platform, update_id, at_ms)
         WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < $1)
         SELECT 'telegram', CAST(i AS TEXT), 1000 * i FROM s",
    )
    .bind(ROWS)
    .execute(&mut conn)
    .await
    .unwrap();
    // No statistics at all.
    sqlx::query("ANALYZE sqlite_schema")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("DELETE FROM sqlite_stat1")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();

    let store = Store::open(&path).await.unwrap();
    store.close().await;
    let mut conn = AnyConnection::connect(&url).await.unwrap();
    // The key (platform, update_id): every row has the one platform.
    let stat: String = sqlx::query_scalar(
        "SELECT stat FROM sqlite_stat1 WHERE idx = 'sqlite_autoindex_processed_updates_1'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    let numbers: Vec<i64> = stat.split(' ').map(|n| n.parse().unwrap()).collect();
    // Analyzed: the planner knows the size ...
    assert!(numbers[0] > ROWS / 10 && numbers[0] < ROWS * 10, "{stat}");
    // ... from a sample: a whole read finds all 200 000 rows under the one
    // platform; a limited one stops after about 2 000 of them.
    assert!(numbers[1] < ROWS / 10, "{stat}");
    conn.close().await.unwrap();
}
