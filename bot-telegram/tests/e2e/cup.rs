//! End to end for a cup in a group (issue 18, item 4): the bot's own `run`
//! against the fake Telegram Bot API. A cup is opened, joined and drawn by
//! typed commands; the draw mentions everyone drawn and deals at once; the
//! standings and the end are posted in the group. Whole rounds to their 16
//! deals and the ranking are the table service's tests (`table/tests/cup.rs`).

use super::fake::{Fake, action, payloads};
use super::{ANNA, BERTA, CARL, DORA, GROUP, start, stop};
use serde_json::Value;

/// Waits for a group message whose text starts with `start`.
async fn posted(fake: &Fake, chat: i64, start: &str) -> Value {
    fake.wait_for(start, |f| {
        f.messages_in(chat)
            .into_iter()
            .find(|m| m["text"].as_str().is_some_and(|t| t.starts_with(start)))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cup_is_opened_joined_drawn_and_ended_in_a_group() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start(&fake, &dir.path().join("cup.db"), 19).await;

    fake.say(GROUP, ANNA, "/cup neu Herbstcup");
    posted(
        &fake,
        GROUP,
        "🏆 Cup „Herbstcup“ eröffnet von Anna: Königrufen",
    )
    .await;
    for (who, command) in [
        (BERTA, "/cup mitspielen"),
        (CARL, "/tarock cup mitspielen"),
        (DORA, "/cup join"),
    ] {
        fake.say(GROUP, who, command);
        posted(
            &fake,
            GROUP,
            &format!("{} spielt im Cup „Herbstcup“ mit", who.1),
        )
        .await;
    }
    // Berta neither organizes the cup nor administers the group: she is
    // told so privately, and nothing is drawn.
    fake.say(GROUP, BERTA, "/cup auslosen");
    posted(&fake, BERTA.0, "Das darf nur, wer den Cup veranstaltet").await;
    // A word the cup does not know shows its commands, privately.
    fake.say(GROUP, CARL, "/cup hurra");
    posted(&fake, CARL.0, "🏆 Cup im Chat: /tarock cup neu NAME").await;

    fake.say(GROUP, ANNA, "/tarock cup auslosen");
    posted(
        &fake,
        GROUP,
        "🎲 Herbstcup: Tag 1, Runde 1 von 3 ist ausgelost, 1 Tisch. Es wird gleich gegeben.\nTisch 1 (#1, 16 Spiele): ",
    )
    .await;
    // Everyone drawn is mentioned, each by a mention of their own user.
    let draw = fake
        .requests("sendMessage")
        .into_iter()
        .find(|r| r["text"].as_str().is_some_and(|t| t.starts_with("🎲")))
        .unwrap();
    // A mention of a user by id: Telegram's `text_mention`, which teloxide
    // writes as a `tg://user?id=` link.
    let mut mentioned: Vec<i64> = draw["entities"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| match e["type"].as_str()? {
            "text_mention" => e["user"]["id"].as_i64(),
            "text_link" => e["url"]
                .as_str()?
                .strip_prefix("tg://user")?
                .split("id=")
                .nth(1)?
                .parse()
                .ok(),
            _ => None,
        })
        .collect();
    mentioned.sort_unstable();
    assert_eq!(mentioned, [ANNA.0, BERTA.0, CARL.0, DORA.0]);
    // The table is dealt: its message is in the group, and each player
    // has a hand privately.
    fake.wait_for("the cup table's message", |f| {
        f.messages_in(GROUP).into_iter().find(|m| {
            m["text"].as_str().is_some_and(|t| t.contains("Königrufen")) && !payloads(m).is_empty()
        })
    })
    .await;
    for who in [ANNA, BERTA, CARL, DORA] {
        fake.wait_for(&format!("{}'s hand", who.1), |f| {
            f.messages_in(who.0).into_iter().find(|m| {
                payloads(m)
                    .iter()
                    .any(|p| action(p).starts_with('g') || action(p).starts_with('~'))
                    || m["photo"].is_array()
            })
        })
        .await;
    }

    fake.say(GROUP, CARL, "/cup stand");
    let standings = posted(
        &fake,
        GROUP,
        "🏆 Herbstcup · Tag 1 von 8, 0 von 3 Runden gespielt",
    )
    .await;
    assert!(
        standings["text"]
            .as_str()
            .unwrap()
            .contains("Es spielen noch: Tisch 1 (#1)"),
        "{standings}"
    );

    fake.say(GROUP, ANNA, "/cup ende");
    posted(&fake, GROUP, "🏁 Der Cup „Herbstcup“ ist beendet.").await;
    posted(&fake, GROUP, "Tisch 1 ist geschlossen").await;
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    stop(bot).await;
}
