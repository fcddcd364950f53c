//! One table in several chats: one-time link codes, links that a chat can
//! hold for one open table only, and outbox claims per platform so that the
//! Telegram and the Discord bot can share one database. Every test runs on
//! SQLite and on PostgreSQL.

mod common;

use common::*;
use tarock_storage::{LinkRefusal, LinkedChat, NewMessage, Platform, TableId, TableStatus, Tx};

on_both!(
    a_code_links_a_chat_once_and_expires,
    a_chat_holds_one_open_table_and_unlinks,
    each_platform_claims_its_own_messages,
);

const MINUTE: i64 = 60_000;

fn discord_channel(id: &str) -> LinkedChat {
    LinkedChat {
        platform: Platform::Discord,
        chat_id: id.to_owned(),
        thread_id: None,
    }
}

async fn table_in(tx: &mut Tx, chat: &str) -> TableId {
    tx.create_table(&new_table(chat, "\"tarockwelt\"", 10, None), NOW)
        .await
        .unwrap()
}

async fn a_code_links_a_chat_once_and_expires(db: TestDb) {
    let store = &db.store;
    let mut tx = store.begin().await.unwrap();
    let table = table_in(&mut tx, "tg-1").await;
    assert!(
        tx.create_link_code("K7Q2MX", table, NOW + 10 * MINUTE)
            .await
            .unwrap()
    );
    // The same code twice is refused (the caller draws another).
    assert!(
        !tx.create_link_code("K7Q2MX", table, NOW + 10 * MINUTE)
            .await
            .unwrap()
    );
    assert!(tx.create_link_code("OLD000", table, NOW - 1).await.unwrap());
    tx.commit().await.unwrap();
    assert_eq!(
        store.peek_link_code("K7Q2MX", NOW).await.unwrap(),
        Some(table)
    );
    assert_eq!(
        store.peek_link_code("OLD000", NOW).await.unwrap(),
        None,
        "expired"
    );
    assert_eq!(store.peek_link_code("NOSUCH", NOW).await.unwrap(), None);

    let mut tx = store.begin().await.unwrap();
    let chat = discord_channel("4000");
    // A code for another table, or an expired one, links nothing.
    assert_eq!(
        tx.link_chat("K7Q2MX", TableId(table.0 + 99), &chat, NOW)
            .await
            .unwrap(),
        Err(LinkRefusal::BadCode)
    );
    tx.rollback().await.unwrap();
    let mut tx = store.begin().await.unwrap();
    assert_eq!(
        tx.link_chat("OLD000", table, &chat, NOW).await.unwrap(),
        Err(LinkRefusal::BadCode)
    );
    assert_eq!(
        tx.link_chat("K7Q2MX", table, &chat, NOW).await.unwrap(),
        Ok(())
    );
    // One use only.
    assert_eq!(
        tx.link_chat("K7Q2MX", table, &discord_channel("4001"), NOW)
            .await
            .unwrap(),
        Err(LinkRefusal::BadCode)
    );
    assert_eq!(tx.links(table).await.unwrap(), vec![chat.clone()]);
    tx.commit().await.unwrap();
    assert_eq!(
        store
            .linked_table(Platform::Discord, "4000", None)
            .await
            .unwrap(),
        Some(table)
    );
    // Another thread of the same channel is another chat.
    assert_eq!(
        store
            .linked_table(Platform::Discord, "4000", Some("77"))
            .await
            .unwrap(),
        None
    );
    assert_eq!(store.peek_link_code("K7Q2MX", NOW).await.unwrap(), None);
}

async fn a_chat_holds_one_open_table_and_unlinks(db: TestDb) {
    let store = &db.store;
    let mut tx = store.begin().await.unwrap();
    let first = table_in(&mut tx, "tg-1").await;
    let second = table_in(&mut tx, "tg-2").await;
    for (code, table) in [("AAAAAA", first), ("BBBBBB", second), ("CCCCCC", second)] {
        assert!(
            tx.create_link_code(code, table, NOW + MINUTE)
                .await
                .unwrap()
        );
    }
    let chat = LinkedChat {
        thread_id: Some("topic-9".into()),
        ..discord_channel("4000")
    };
    assert_eq!(
        tx.link_chat("AAAAAA", first, &chat, NOW).await.unwrap(),
        Ok(())
    );
    tx.commit().await.unwrap();
    // Linked to an open table: a second link is refused and changes nothing.
    let mut tx = store.begin().await.unwrap();
    assert_eq!(
        tx.link_chat("BBBBBB", second, &chat, NOW).await.unwrap(),
        Err(LinkRefusal::ChatTaken)
    );
    tx.rollback().await.unwrap();
    assert_eq!(
        store
            .linked_table(Platform::Discord, "4000", Some("topic-9"))
            .await
            .unwrap(),
        Some(first)
    );
    // Once the first table is closed, the chat may be linked anew.
    let mut tx = store.begin().await.unwrap();
    tx.set_table_status(first, TableStatus::Closed, NOW)
        .await
        .unwrap();
    assert_eq!(
        tx.link_chat("BBBBBB", second, &chat, NOW).await.unwrap(),
        Ok(())
    );
    assert!(tx.links(first).await.unwrap().is_empty());
    // Unlinking: from the chat, then (the other way) everything at once.
    assert!(tx.unlink_chat(second, &chat).await.unwrap());
    assert!(!tx.unlink_chat(second, &chat).await.unwrap());
    assert_eq!(
        tx.link_chat("CCCCCC", second, &chat, NOW).await.unwrap(),
        Ok(())
    );
    assert_eq!(tx.unlink_all(second).await.unwrap(), 1);
    tx.commit().await.unwrap();
    assert_eq!(
        store
            .linked_table(Platform::Discord, "4000", Some("topic-9"))
            .await
            .unwrap(),
        None
    );
    assert_eq!(
        store.prune_link_codes(NOW + 2 * MINUTE).await.unwrap(),
        0,
        "all used"
    );
}

async fn each_platform_claims_its_own_messages(db: TestDb) {
    let store = &db.store;
    let mut tx = store.begin().await.unwrap();
    let table = table_in(&mut tx, "tg-1").await;
    for destination in [
        "telegram:chat:-100:",
        "discord:chat:4000:",
        "telegram:user:7",
        "discord:user:8",
        "local:chat:t:",
    ] {
        let message = NewMessage {
            destination: destination.into(),
            payload: format!("{{\"to\":\"{destination}\"}}"),
        };
        tx.enqueue(Some(table), &message, NOW).await.unwrap();
    }
    tx.commit().await.unwrap();
    let destinations = |claimed: Vec<tarock_storage::OutboxMessage>| -> Vec<String> {
        claimed.into_iter().map(|m| m.destination).collect()
    };
    let discord = store
        .claim_outbox_of(Some(Platform::Discord), NOW, 5_000, 100)
        .await
        .unwrap();
    assert_eq!(
        destinations(discord),
        ["discord:chat:4000:", "discord:user:8"]
    );
    let telegram = store
        .claim_outbox_of(Some(Platform::Telegram), NOW, 5_000, 100)
        .await
        .unwrap();
    assert_eq!(
        destinations(telegram),
        ["telegram:chat:-100:", "telegram:user:7"]
    );
    // What is left belongs to neither; claiming everything finds it.
    let rest = store.claim_outbox(NOW, 5_000, 100).await.unwrap();
    assert_eq!(destinations(rest), ["local:chat:t:"]);
}
