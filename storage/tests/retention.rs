//! Retention on both databases: delivered messages and processed update ids
//! go after their time, failed messages beyond the cap go oldest first,
//! pending messages and the game history stay, and one batch deletes at most
//! its size of each kind. Also the batched delivery record, the sizes an
//! operator sees, and the space of pruned rows given back (SQLite: a new
//! file in small steps after a prune, an older one by `vacuum`).

mod common;

use common::*;
use sqlx::{Connection as _, Row as _};
use tarock_storage::{Delivered, NewMessage, Platform, Retention, Store, TableSize};

on_both!(
    retention_forgets_only_what_expired,
    one_record_marks_a_whole_batch,
    sizes_cover_every_table,
    pruned_space_is_given_back,
);

const DAY: i64 = 86_400_000;
const HOUR: i64 = 3_600_000;

/// Queues `n` messages to distinct destinations and claims them all.
async fn claimed(store: &Store, prefix: &str, n: usize) -> Vec<tarock_storage::MessageId> {
    let messages: Vec<NewMessage> = (0..n)
        .map(|i| NewMessage {
            destination: format!("{prefix}{i}"),
            payload: "{}".into(),
        })
        .collect();
    let mut tx = store.begin().await.unwrap();
    tx.enqueue_many(None, &messages, NOW - 9 * DAY)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let got = store.claim_outbox(NOW - 9 * DAY, 1000, 500).await.unwrap();
    assert_eq!(got.len(), n);
    got.into_iter().map(|m| m.id).collect()
}

async fn retention_forgets_only_what_expired(db: TestDb) {
    let store = &db.store;
    // History: a settled deal with its log.
    let (table, _) = seated_table(store, "chat", 10, [false; 4]).await;
    let game = finished_game(
        3,
        &tarock_zwanzigerrufen::Preset::Standard.rules(),
        tarock_zwanzigerrufen::Seat::S0,
    );
    let deal = store_record(
        store,
        table,
        1,
        &tarock_zwanzigerrufen::Record::from_game(&game),
    )
    .await;
    let settlement = game.settlement().unwrap();
    let mut tx = store.begin().await.unwrap();
    tx.settle(
        deal,
        &tarock_storage::NewSettlement {
            changes: settlement.changes.to_vec(),
            breakdown: "{}".into(),
            settled_ms: NOW - 30 * DAY,
            sitting_out: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let history_before = store.summary().await.unwrap();

    // Six messages delivered eight days ago (one millisecond apart), four
    // yesterday, five given up, two still pending.
    let old = claimed(store, "old", 6).await;
    for (i, id) in old.iter().enumerate() {
        store
            .record_deliveries(&[(*id, Delivered::Sent)], NOW - 8 * DAY + i as i64)
            .await
            .unwrap();
    }
    let young = claimed(store, "young", 4).await;
    let sent: Vec<_> = young.iter().map(|id| (*id, Delivered::Sent)).collect();
    store.record_deliveries(&sent, NOW - DAY).await.unwrap();
    let failed = claimed(store, "failed", 5).await;
    let gave_up: Vec<_> = failed
        .iter()
        .map(|id| {
            (
                *id,
                Delivered::GaveUp {
                    error: "blocked".into(),
                },
            )
        })
        .collect();
    store
        .record_deliveries(&gave_up, NOW - 5 * DAY)
        .await
        .unwrap();
    let mut tx = store.begin().await.unwrap();
    for i in 0..2 {
        tx.enqueue(
            None,
            &NewMessage {
                destination: format!("later{i}"),
                payload: "{}".into(),
            },
            NOW,
        )
        .await
        .unwrap();
    }
    // Update ids: three from three days ago (a millisecond apart: one batch
    // deletes up to its size plus the rows recorded in the same millisecond
    // as its last), two from an hour ago.
    for i in 0..3i64 {
        tx.mark_update(Platform::Telegram, &format!("old{i}"), NOW - 3 * DAY + i)
            .await
            .unwrap();
    }
    for i in 0..2 {
        tx.mark_update(Platform::Telegram, &format!("new{i}"), NOW - HOUR)
            .await
            .unwrap();
    }
    tx.commit().await.unwrap();
    let counts = store.outbox_counts().await.unwrap();
    assert_eq!((counts.pending, counts.sent, counts.failed), (2, 10, 5));

    let retention = Retention {
        keep_failed: 2,
        batch: 2,
        ..Retention::default()
    };
    // One batch: at most two of each kind, oldest first.
    let step = store.prune_batch(&retention, NOW).await.unwrap();
    assert_eq!((step.sent, step.failed, step.updates), (2, 2, 2));
    // The rest in batches: six old sent messages, three failed beyond the
    // cap of two, three old update ids.
    let rest = store.prune(&retention, NOW).await.unwrap();
    assert_eq!((rest.sent, rest.failed, rest.updates), (4, 1, 1));
    assert_eq!(store.prune(&retention, NOW).await.unwrap().total(), 0);

    let counts = store.outbox_counts().await.unwrap();
    assert_eq!((counts.pending, counts.sent, counts.failed), (2, 4, 2));
    for i in 0..3 {
        assert!(
            !store
                .is_processed(Platform::Telegram, &format!("old{i}"))
                .await
                .unwrap()
        );
    }
    for i in 0..2 {
        assert!(
            store
                .is_processed(Platform::Telegram, &format!("new{i}"))
                .await
                .unwrap()
        );
    }
    // The newest two failed messages stay for the operator.
    let sizes = store.table_sizes().await.unwrap();
    let rows = |name: &str| sizes.iter().find(|s| s.table == name).unwrap().rows;
    assert_eq!(rows("outbox"), 8);
    assert_eq!(rows("processed_updates"), 2);
    // The game history is untouched.
    assert_eq!(store.summary().await.unwrap(), history_before);
    assert_eq!(rows("settlements"), 1);
    assert_eq!(rows("ledger"), 4);
    assert!(store.settlement(deal).await.unwrap().is_some());
    let failed_left = failed.len() - 3;
    assert_eq!(failed_left, 2);
}

async fn one_record_marks_a_whole_batch(db: TestDb) {
    let store = &db.store;
    // More than one statement's worth of ids (100 per statement).
    let ids = claimed(store, "d", 150).await;
    let mut outcomes: Vec<_> = ids.iter().map(|id| (*id, Delivered::Sent)).collect();
    outcomes[3].1 = Delivered::Retry {
        at_ms: NOW,
        error: "rate limit".into(),
    };
    outcomes[4].1 = Delivered::GaveUp {
        error: "blocked".into(),
    };
    outcomes[5].1 = Delivered::Released;
    store.record_deliveries(&outcomes, NOW - DAY).await.unwrap();
    let counts = store.outbox_counts().await.unwrap();
    assert_eq!((counts.pending, counts.sent, counts.failed), (2, 147, 1));
    // The retried one waits for its time, the released one is due at once.
    let due = store.claim_outbox(NOW - DAY, 1000, 10).await.unwrap();
    assert_eq!(due.iter().map(|m| m.id).collect::<Vec<_>>(), vec![ids[5]]);
    // A delivered message is not marked again (nor re-opened).
    store
        .record_deliveries(
            &[(
                ids[0],
                Delivered::Retry {
                    at_ms: NOW,
                    error: "late".into(),
                },
            )],
            NOW,
        )
        .await
        .unwrap();
    assert_eq!(store.outbox_counts().await.unwrap().sent, 147);
    // Nothing to record costs nothing.
    store.record_deliveries(&[], NOW).await.unwrap();
}

async fn sizes_cover_every_table(db: TestDb) {
    let store = &db.store;
    seated_table(store, "chat", 10, [false, true, true, true]).await;
    let sizes: Vec<TableSize> = store.table_sizes().await.unwrap();
    let mut names: Vec<&str> = sizes.iter().map(|s| s.table).collect();
    // Exactly the tables the migrations created, read from the database's
    // own catalogue (a new migration's table shows up in `tarock db stats`).
    let catalogue = if db.url.starts_with("sqlite") {
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    } else {
        "SELECT CAST(tablename AS TEXT) FROM pg_tables WHERE schemaname = current_schema()"
    };
    let mut conn = sqlx::AnyConnection::connect(&db.url).await.unwrap();
    let mut schema: Vec<String> = sqlx::query(catalogue)
        .fetch_all(&mut conn)
        .await
        .unwrap()
        .iter()
        .map(|row| row.get::<String, _>(0))
        .collect();
    schema.sort();
    names.sort_unstable();
    assert_eq!(names, schema);
    let of = |name: &str| sizes.iter().find(|s| s.table == name).unwrap();
    assert_eq!(of("players").rows, 1);
    assert_eq!(of("seats").rows, 4);
    assert_eq!(of("tables").rows, 1);
    // A table with rows takes space on disk.
    assert!(of("seats").bytes > 0);
}

/// `n` messages of 2 000 bytes each, delivered nine days ago.
async fn delivered_long_ago(store: &Store, n: usize) {
    let messages: Vec<NewMessage> = (0..n)
        .map(|i| NewMessage {
            destination: format!("big{i}"),
            payload: format!("\"{}\"", "x".repeat(2000)),
        })
        .collect();
    let mut tx = store.begin().await.unwrap();
    tx.enqueue_many(None, &messages, NOW - 9 * DAY)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let got = store
        .claim_outbox(NOW - 9 * DAY, 1000, u32::try_from(n).unwrap())
        .await
        .unwrap();
    assert_eq!(got.len(), n);
    let sent: Vec<_> = got.iter().map(|m| (m.id, Delivered::Sent)).collect();
    store.record_deliveries(&sent, NOW - 9 * DAY).await.unwrap();
}

/// One integer a pragma answers, on a raw connection.
async fn pragma(db: &TestDb, name: &str) -> i64 {
    let mut conn = db.raw().await;
    let value: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("PRAGMA {name}")))
        .fetch_one(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    value
}

/// The SQLite file with its write-ahead log, in bytes.
fn file_bytes(db: &TestDb) -> u64 {
    let file = tarock_storage::sqlite_file(&db.url).unwrap();
    let wal = std::path::PathBuf::from(format!("{}-wal", file.display()));
    [file, wal]
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum()
}

async fn pruned_space_is_given_back(db: TestDb) {
    let store = &db.store;
    delivered_long_ago(store, 600).await;
    let pruned = store.prune(&Retention::default(), NOW).await.unwrap();
    assert_eq!(pruned.sent, 600);
    if db.backend() == tarock_storage::Backend::Postgres {
        // PostgreSQL reuses the space: nothing to give back; `vacuum`
        // vacuums and analyses the pruned tables.
        assert_eq!(
            store.give_back_space(&Retention::default()).await.unwrap(),
            0
        );
        store.vacuum().await.unwrap();
        let mut conn = db.raw().await;
        let vacuumed: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_user_tables
             WHERE relname IN ('outbox', 'processed_updates')
               AND last_vacuum IS NOT NULL AND last_analyze IS NOT NULL",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        assert_eq!(vacuumed, 2);
        return;
    }
    // A new file gives freed pages back (incremental auto-vacuum).
    assert_eq!(pragma(&db, "auto_vacuum").await, 2);
    let free = pragma(&db, "freelist_count").await;
    // 600 rows of 2 kB: some 300 pages of 4 kB.
    assert!(free >= 250, "{free}");
    let pages = pragma(&db, "page_count").await;
    let given = store.give_back_space(&Retention::default()).await.unwrap();
    assert_eq!(given, u64::try_from(free).unwrap());
    assert_eq!(pragma(&db, "freelist_count").await, 0);
    assert!(pragma(&db, "page_count").await <= pages - free);
    // Nothing left to give.
    assert_eq!(
        store.give_back_space(&Retention::default()).await.unwrap(),
        0
    );
}

/// A file made before incremental auto-vacuum keeps its free pages after a
/// prune; `vacuum` shrinks it and converts it, and from then on a prune's
/// pages are given back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vacuum_shrinks_and_converts_an_older_file() {
    let old = database_at_version(tarock_storage::Backend::Sqlite, 12)
        .await
        .unwrap();
    let store = Store::open(&old.url).await.unwrap();
    let db = TestDb::wrap(old, store);
    let store = &db.store;
    assert_eq!(pragma(&db, "auto_vacuum").await, 0);
    delivered_long_ago(store, 600).await;
    store.prune(&Retention::default(), NOW).await.unwrap();
    assert_eq!(
        store.give_back_space(&Retention::default()).await.unwrap(),
        0
    );
    let free = pragma(&db, "freelist_count").await;
    assert!(free >= 250, "{free}");
    // Checkpointed, as a running bot's file would be by now.
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)").await;
    let before = file_bytes(&db);

    store.vacuum().await.unwrap();
    assert_eq!(pragma(&db, "auto_vacuum").await, 2);
    assert_eq!(pragma(&db, "freelist_count").await, 0);
    let after = file_bytes(&db);
    assert!(after + 250 * 4096 <= before, "{before} -> {after}");

    delivered_long_ago(store, 300).await;
    store.prune(&Retention::default(), NOW).await.unwrap();
    assert!(pragma(&db, "freelist_count").await > 0);
    assert!(store.give_back_space(&Retention::default()).await.unwrap() > 0);
    assert_eq!(pragma(&db, "freelist_count").await, 0);
}
