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
