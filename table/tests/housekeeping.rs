//! The bots' housekeeping round ([`tarock_table::maintenance::tidy`]) on a
//! real SQLite file: delivered messages go after their time, and the file
//! gives their pages back (a new file has incremental auto-vacuum).

mod common;

use common::*;
use sqlx::Connection as _;
use tarock_storage::{Delivered, NewMessage};
use tarock_table::maintenance::{Maintenance, tidy};

const DAY: i64 = 86_400_000;

/// One integer a pragma answers, on a connection of its own.
async fn pragma(path: &str, name: &str) -> i64 {
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{path}"))
        .await
        .unwrap();
    let value = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("PRAGMA {name}")))
        .fetch_one(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    value
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_prunes_and_gives_the_space_back() {
    let h = Harness::new(1).await;
    let store = h.store();
    // 400 messages of 2 kB, delivered now.
    let messages: Vec<NewMessage> = (0..400)
        .map(|i| NewMessage {
            destination: format!("to{i}"),
            payload: format!("\"{}\"", "x".repeat(2000)),
        })
        .collect();
    let mut tx = store.begin().await.unwrap();
    tx.enqueue_many(None, &messages, T0).await.unwrap();
    tx.commit().await.unwrap();
    let claimed = store.claim_outbox(T0, 5000, 400).await.unwrap();
    assert_eq!(claimed.len(), 400);
    let sent: Vec<_> = claimed.iter().map(|m| (m.id, Delivered::Sent)).collect();
    store.record_deliveries(&sent, T0).await.unwrap();
    let pages = pragma(&h.path, "page_count").await;

    // Within the week nothing goes.
    h.clock.advance(6 * DAY);
    let config = Maintenance::default();
    assert_eq!(tidy(&h.service, &config, false).await.unwrap().total(), 0);
    assert_eq!(pragma(&h.path, "page_count").await, pages);

    // After it, the messages go and so do their pages (some 200 of 4 kB).
    h.clock.advance(2 * DAY);
    let pruned = tidy(&h.service, &config, true).await.unwrap();
    assert_eq!(pruned.sent, 400);
    assert_eq!(pragma(&h.path, "freelist_count").await, 0);
    let after = pragma(&h.path, "page_count").await;
    assert!(after + 150 <= pages, "{pages} -> {after}");
}
