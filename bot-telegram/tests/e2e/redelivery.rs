//! End to end: what Telegram sends again is done once. A button press
//! that comes again in a new update (the same callback query) is applied
//! and answered once; Telegram refuses a second answer to one query.

use super::fake::{Event, Fake};
use super::{
    ANNA, BERTA, GROUP, button_changed, current, open_table, press, start, stop, table_button,
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

/// A 429 on an edit of the table message, with newer versions coming
/// during the pause: after it the newest version is shown, and no edit
/// repeats what the message shows already (Telegram refuses it: "message
/// is not modified"; the fake records that as a violation).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_429_on_an_edit_the_table_message_is_edited_once_to_the_newest() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // Edits spaced as in production.
    let mut c = super::config(&fake, &db, 3);
    c.edit_interval = std::time::Duration::from_millis(1500);
    let (stop_tx, rx) = tokio::sync::oneshot::channel::<()>();
    let bot = super::Running {
        stop: stop_tx,
        task: tokio::spawn(tarock_bot_telegram::run(c, async {
            let _ = rx.await;
        })),
    };
    let table_msg = open_table(&fake).await;
    fake.inner
        .lock()
        .unwrap()
        .rate_limit_edit_once
        .insert(GROUP);
    // Three presses, each of the button as it would be after the one
    // before, the later ones while the first edit waits out its 429.
    let (message, add) = table_button(&fake, table_msg, "c").await;
    let base = add.rsplit_once('.').unwrap().0.to_owned();
    for seat in 1..=3 {
        let payload = format!("{base}.{seat}");
        assert_eq!(press(&fake, ANNA, &message, &payload).await, None);
        if seat == 1 {
            fake.wait_for("the 429", |f| {
                f.inner
                    .lock()
                    .unwrap()
                    .rate_limit_edit_once
                    .is_empty()
                    .then_some(())
            })
            .await;
        }
    }
    fake.wait_for("the newest version", |f| {
        current(f, GROUP, table_msg)["text"]
            .as_str()
            .unwrap_or_default()
            .contains("4. Computer 4")
            .then_some(())
    })
    .await;
    let (m, p) = table_button(&fake, table_msg, "s").await;
    assert_eq!(press(&fake, ANNA, &m, &p).await, None);
    super::dealt(&fake, table_msg).await;
    stop(bot).await;
    assert!(fake.inner.lock().unwrap().rate_limit_edit_once.is_empty());
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

/// Issue 30, item 15: a 429 on an edit of the table message (Berta sat
/// down), and during the pause a version that undoes it (Berta stood up
/// again): the message shows that version already, so after the pause
/// nothing is edited (an identical edit Telegram would refuse: "message is
/// not modified", a violation in the fake); the next change is shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_undoing_a_rate_limited_edit_is_not_sent_again() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    let table_msg = open_table(&fake).await;
    let before = current(&fake, GROUP, table_msg);
    fake.inner
        .lock()
        .unwrap()
        .rate_limit_edit_once
        .insert(GROUP);
    let (message, join) = table_button(&fake, table_msg, "j").await;
    assert_eq!(press(&fake, BERTA, &message, &join).await, None);
    fake.wait_for("the 429", |f| {
        f.inner
            .lock()
            .unwrap()
            .rate_limit_edit_once
            .is_empty()
            .then_some(())
    })
    .await;
    fake.say(GROUP, BERTA, "/leave");
    let store = Store::open(&db.display().to_string()).await.unwrap();
    // Berta's leave applied (a hang guard, not a time limit).
    let mut seated = 0;
    for _ in 0..3000 {
        seated = store
            .load_table(TableId(1))
            .await
            .unwrap()
            .unwrap()
            .seats
            .len();
        if seated == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(seated, 1, "Berta did not leave");
    // Everything delivered: the lane waited out the 429 and went on.
    let mut pending = u64::MAX;
    for _ in 0..3000 {
        pending = store.outbox_counts().await.unwrap().pending;
        if pending == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(pending, 0, "the outbox was not delivered");
    // A change after both: shown once the lane waited out the 429.
    let (message, add) = table_button(&fake, table_msg, "c").await;
    assert_eq!(press(&fake, ANNA, &message, &add).await, None);
    button_changed(&fake, table_msg, &add).await;
    stop(bot).await;
    store.close().await;
    let edits = fake.requests("editMessageText");
    assert!(
        edits
            .iter()
            .all(|e| e["text"] != before["text"] || e["reply_markup"] != before["reply_markup"]),
        "an edit to what the message showed: {edits:#?}"
    );
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    assert!(
        current(&fake, GROUP, table_msg)["text"]
            .as_str()
            .unwrap()
            .contains("Computer"),
        "{}",
        current(&fake, GROUP, table_msg)
    );
}
