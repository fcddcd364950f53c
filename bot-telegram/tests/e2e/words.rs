//! End to end for the words of `/tarock`: a word that names no game or no
//! preset of the chosen game opens nothing and is answered with what may
//! be said; every command word works after `/tarock` as on its own.

use super::fake::{Fake, action, payloads};
use super::{ANNA, GROUP, open_table, start, stop};
use serde_json::Value;
use tarock_storage::{Store, TableId};
use tarock_table::Lang;
use tarock_table::text::text;

/// The first of the bot's messages in `chat` whose text contains `part`.
async fn said_in(fake: &Fake, chat: i64, part: &str) -> String {
    fake.wait_for(&format!("a message with {part:?}"), |f| {
        f.requests("sendMessage").into_iter().find_map(|b| {
            let text = b["text"].as_str()?;
            (b["chat_id"] == chat && text.contains(part)).then(|| text.to_owned())
        })
    })
    .await
}

/// The table messages (with a join button) posted in the group.
fn table_posts(fake: &Fake) -> Vec<Value> {
    fake.requests("sendMessage")
        .into_iter()
        .filter(|b| b["chat_id"] == GROUP && payloads(b).iter().any(|p| action(p) == "j"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_word_that_is_no_game_or_no_preset_of_the_game_opens_no_table() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    fake.say(GROUP, ANNA, "/tarock schnapsen");
    let text = said_in(&fake, GROUP, "schnapsen").await;
    assert!(text.contains("keinen Tisch eröffnet"), "{text}");
    for game in tarock_games::GAMES {
        assert!(
            text.contains(game.id()),
            "{game:?} missing: {text}",
            game = game.id()
        );
    }
    // Zwanzigerrufen's preset is not one of Königrufen's: refused with
    // Königrufen's own.
    fake.say(GROUP, ANNA, "/tarock koenigrufen directnet");
    let text = said_in(&fake, GROUP, "directnet").await;
    assert_eq!(
        text,
        "Bei Königrufen gibt es „directnet“ nicht, darum habe ich keinen Tisch eröffnet. \
         Regeln für Königrufen: standard, cup2019."
    );
    fake.say(GROUP, ANNA, "/tarock koenigrufen cup2019");
    fake.wait_for("the Königrufen table", |f| {
        (!table_posts(f).is_empty()).then_some(())
    })
    .await;
    stop(bot).await;
    // One table, the first: Königrufen with its cup rules.
    assert_eq!(table_posts(&fake).len(), 1);
    let store = Store::open(&db.display().to_string()).await.unwrap();
    let table = store.table(TableId(1)).await.unwrap().unwrap();
    assert_eq!(table.game, "koenigrufen");
    assert!(table.rules.contains("cup2019"), "{}", table.rules);
    assert!(store.table(TableId(2)).await.unwrap().is_none());
    store.close().await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_leaderboard_and_history_work_after_tarock() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    open_table(&fake).await;
    // Nothing is settled yet: each answers so, privately.
    let de = |id: &str| text(Lang::De, id, Vec::new());
    fake.say(GROUP, ANNA, "/tarock stats");
    said_in(&fake, ANNA.0, &de("stats-none")).await;
    fake.say(GROUP, ANNA, "/tarock rangliste");
    said_in(&fake, ANNA.0, &de("leaderboard-none")).await;
    fake.say(GROUP, ANNA, "/tarock verlauf");
    said_in(&fake, ANNA.0, &de("history-none")).await;
    fake.say(GROUP, ANNA, "/tarock history");
    fake.wait_for("a second history", |f| {
        let n = f
            .requests("sendMessage")
            .into_iter()
            .filter(|b| {
                b["text"]
                    .as_str()
                    .is_some_and(|t| t.contains(&de("history-none")))
            })
            .count();
        (n == 2).then_some(())
    })
    .await;
    stop(bot).await;
    // Not read as "open a table": the table was posted once, and nobody
    // was told that one is open already.
    assert_eq!(table_posts(&fake).len(), 1);
    assert!(
        fake.requests("sendMessage").iter().all(|b| !b["text"]
            .as_str()
            .unwrap_or_default()
            .contains("/tarock neu")),
        "told that a table is open"
    );
}

/// `/mitspielen@bot` with words that are no link code, from a player
/// seated already: told so, not that a link code is wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_with_chatter_is_a_join_and_not_a_link_code() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let bot = start(&fake, &db, 3).await;
    open_table(&fake).await;
    let de = |id: &str| text(Lang::De, id, Vec::new());
    fake.say(GROUP, ANNA, "/mitspielen@tarock_test_bot gerne doch");
    said_in(&fake, ANNA.0, &de("rej-already-seated")).await;
    stop(bot).await;
    assert!(
        fake.requests("sendMessage")
            .iter()
            .all(|b| b["text"] != de("rej-bad-link-code").as_str()),
        "answered as a wrong link code"
    );
    assert_eq!(table_posts(&fake).len(), 1);
}
