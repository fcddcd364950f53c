//! End to end: what Telegram sends again is done once. A button press
//! that comes again in a new update (the same callback query) is applied
//! and answered once; Telegram refuses a second answer to one query.

use super::fake::{Event, Fake};
use super::{
    ANNA, GROUP, button_changed, current, open_table, press, start, stop, table_button,
};
use serde_json::{Value, json};
use tarock_storage::{Store, TableId};

/// The update that carried a callback query.
fn update_of(fake: &Fake, callback: &str) -> Value {
    fake.inner
        .lock()
        .unwrap()
        .log
        .iter()
        .find_map(|e| match e {
            Event::Update(u) if u["callback_query"]["id"] == callback => Some(u.clone()),
            _ => None,
        })
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_callback_query_that_comes_again_is_applied_and_answered_once() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let table_msg = open_table(&fake).await;
    let (m, p) = table_button(&fake, table_msg, "c").await;
    let id = fake.press(ANNA, &m, &p);
    fake.answered(&id).await;
    // The same query again, in an update of its own.
    let again = update_of(&fake, &id);
    fake.push(json!({ "callback_query": again["callback_query"].clone() }));
    // A later press is handled after it (one chat's updates in order).
    button_changed(&fake, table_msg, &p).await;
    let (m2, p2) = table_button(&fake, table_msg, "c").await;
    assert_eq!(press(&fake, ANNA, &m2, &p2).await, None);
    fake.wait_for("the third seat taken", |f| {
        current(f, GROUP, table_msg)["text"]
            .as_str()
            .unwrap_or_default()
            .contains("3. Computer 3")
            .then_some(())
    })
    .await;
    stop(bot).await;
    let answers = fake
        .requests("answerCallbackQuery")
        .into_iter()
        .filter(|b| b["callback_query_id"] == id.as_str())
        .count();
    assert_eq!(answers, 1, "answered once");
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    // Anna and the two computers of the two presses, no more.
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let seats = store.load_table(TableId(1)).await.unwrap().unwrap().seats;
    assert_eq!(seats.len(), 3);
    store.close().await;
}
