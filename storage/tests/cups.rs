//! Cups played in a chat: one open cup per chat (and thread), its document
//! written whole, and the tables drawn for its rounds. Every test runs on
//! SQLite and on PostgreSQL.

mod common;

use common::*;
use tarock_storage::{CupChat, CupStatus, CupTable, NewCup, Platform};

on_both!(
    a_chat_holds_one_open_cup_at_a_time,
    tables_remember_their_cup_round,
);

fn group(thread: Option<&str>) -> CupChat {
    CupChat {
        platform: Platform::Telegram,
        chat_id: "-1001".into(),
        thread_id: thread.map(str::to_owned),
    }
}

fn cup_in(chat: CupChat, creator: tarock_storage::PlayerId) -> NewCup {
    NewCup {
        chat,
        name: "Herbst".into(),
        data: r#"{"players":[]}"#.into(),
        pace_ms: 120_000,
        language: "de".into(),
        creator,
    }
}

async fn a_chat_holds_one_open_cup_at_a_time(db: TestDb) {
    let store = &db.store;
    let mut tx = store.begin().await.unwrap();
    let anna = tx.upsert_player(&new_player("Anna"), NOW).await.unwrap();
    let first = tx
        .create_cup(&cup_in(group(None), anna), NOW)
        .await
        .unwrap()
        .expect("the chat had no cup");
    // A second open cup in the same chat is refused without an error
    // (the transaction goes on); another topic of the group may have one.
    assert_eq!(
        tx.create_cup(&cup_in(group(None), anna), NOW)
            .await
            .unwrap(),
        None
    );
    let topic = tx
        .create_cup(&cup_in(group(Some("7")), anna), NOW)
        .await
        .unwrap()
        .expect("another topic");
    assert_ne!(first, topic);
    tx.commit().await.unwrap();

    let row = store.open_cup_in(&group(None)).await.unwrap().unwrap();
    assert_eq!(row.id, first);
    assert_eq!(row.creator, anna);
    assert_eq!(row.status, CupStatus::Open);
    assert_eq!(row.chat, group(None));
    assert_eq!(row.data, r#"{"players":[]}"#);
    assert_eq!(
        store
            .open_cup_in(&group(Some("7")))
            .await
            .unwrap()
            .unwrap()
            .id,
        topic
    );

    // The document is written whole; an ended cup frees the chat.
    let mut tx = store.begin().await.unwrap();
    let locked = tx.lock_open_cup_in(&group(None)).await.unwrap().unwrap();
    assert_eq!(locked.id, first);
    tx.save_cup(first, r#"{"players":["Anna"]}"#, CupStatus::Over, NOW + 5)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(store.open_cup_in(&group(None)).await.unwrap(), None);
    let latest = store.latest_cup_in(&group(None)).await.unwrap().unwrap();
    assert_eq!((latest.id, latest.status), (first, CupStatus::Over));
    let over = store.cup(first).await.unwrap().unwrap();
    assert_eq!(over.status, CupStatus::Over);
    assert_eq!(over.data, r#"{"players":["Anna"]}"#);
    assert_eq!(over.updated_ms, NOW + 5);
    let mut tx = store.begin().await.unwrap();
    let again = tx
        .create_cup(&cup_in(group(None), anna), NOW + 6)
        .await
        .unwrap()
        .expect("the old cup is over");
    assert_eq!(tx.lock_cup(again).await.unwrap().unwrap().name, "Herbst");
    tx.commit().await.unwrap();
    // The open cup is the latest one.
    let latest = store.latest_cup_in(&group(None)).await.unwrap().unwrap();
    assert_eq!((latest.id, latest.status), (again, CupStatus::Open));
}

async fn tables_remember_their_cup_round(db: TestDb) {
    let store = &db.store;
    let mut tx = store.begin().await.unwrap();
    let anna = tx.upsert_player(&new_player("Anna"), NOW).await.unwrap();
    let cup = tx
        .create_cup(&cup_in(group(None), anna), NOW)
        .await
        .unwrap()
        .unwrap();
    let table = tx
        .create_table(&new_table("-1001", "\"cup2019\"", 10, Some(anna)), NOW)
        .await
        .unwrap();
    let other = tx
        .create_table(&new_table("-1001", "\"cup2019\"", 10, Some(anna)), NOW)
        .await
        .unwrap();
    let drawn = CupTable {
        table,
        cup,
        day: 2,
        round: 3,
        table_no: 4,
        deals: 16,
    };
    tx.add_cup_table(&drawn).await.unwrap();
    assert_eq!(tx.cup_table(table).await.unwrap(), Some(drawn));
    tx.commit().await.unwrap();
    assert_eq!(store.cup_table(table).await.unwrap(), Some(drawn));
    assert_eq!(store.cup_table(other).await.unwrap(), None);
    assert_eq!(store.cup_tables(cup).await.unwrap(), [drawn]);
    // A table belongs to one round only.
    let mut tx = store.begin().await.unwrap();
    assert!(tx.add_cup_table(&drawn).await.is_err());
}
