//! End to end for a cup in a channel (issue 18, item 4): the bot's own
//! `run` against the fake Discord. `/tarock cup new|join|draw|standings|end`
//! are slash subcommands of the `cup` group; every answer is ephemeral,
//! and the cup's draw, standings and end are posted in the channel, the
//! draw mentioning everyone drawn (and no one else). Whole rounds to their
//! 16 deals and the ranking are the table service's tests
//! (`table/tests/cup.rs`).

use serde_json::json;

use super::fake::Fake;
use super::{ANNA, BERTA, CARL, CHANNEL, DORA, slash, start, stop};

/// Waits for a channel message whose content starts with `start`; its
/// content.
async fn posted(fake: &Fake, start: &str) -> String {
    fake.wait_until(start, |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && !m.is_ephemeral() && m.content.starts_with(start))
            .map(|m| m.content.clone())
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cup_is_opened_joined_drawn_and_ended_in_a_channel() {
    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start(&fake, &dir.path().join("cup.db"), 19, 1).await;

    slash(
        &fake,
        &ANNA,
        "cup new",
        &[("name", json!("Herbstcup")), ("pace", json!("slow"))],
    )
    .await;
    let opened = posted(&fake, "🏆 Cup „Herbstcup“ eröffnet von Anna: Königrufen").await;
    assert!(opened.contains("12 Stunden pro Zug"), "{opened}");
    for who in [BERTA, CARL, DORA] {
        slash(&fake, &who, "cup join", &[]).await;
        posted(
            &fake,
            &format!("{} spielt im Cup „Herbstcup“ mit", who.name),
        )
        .await;
    }
    // Berta neither organizes the cup nor manages the server.
    let (_, answer) = slash(&fake, &BERTA, "cup draw", &[]).await;
    assert!(
        answer["data"]["content"]
            .as_str()
            .is_some_and(|t| t.starts_with("Das darf nur, wer den Cup veranstaltet")),
        "{answer}"
    );
    // An absent name the cup does not know is named back.
    let (_, answer) = slash(&fake, &ANNA, "cup draw", &[("absent", json!("Zenzi"))]).await;
    assert!(
        answer["data"]["content"]
            .as_str()
            .is_some_and(|t| t.contains("„Zenzi“")),
        "{answer}"
    );

    slash(&fake, &ANNA, "cup draw", &[]).await;
    let drawn = posted(&fake, "🎲 Herbstcup: Tag 1, Runde 1 von 3 ist ausgelost").await;
    for who in [ANNA, BERTA, CARL, DORA] {
        assert!(drawn.contains(&format!("<@{}>", who.id)), "{drawn}");
    }
    // The table is dealt: its message with buttons is in the channel.
    fake.wait_until("the cup table's message", |inner| {
        inner
            .messages
            .values()
            .find(|m| m.channel_id == CHANNEL && !m.is_ephemeral() && !m.custom_ids().is_empty())
            .map(|m| m.id)
    })
    .await;

    slash(&fake, &CARL, "cup standings", &[]).await;
    let standings = posted(&fake, "🏆 Herbstcup · Tag 1 von 8, 0 von 3 Runden gespielt").await;
    assert!(
        standings.contains("Es spielen noch: Tisch 1 (#1)"),
        "{standings}"
    );

    slash(&fake, &ANNA, "cup end", &[]).await;
    posted(&fake, "🏁 Der Cup „Herbstcup“ ist beendet.").await;
    posted(&fake, "Tisch 1 ist geschlossen").await;
    fake.assert_no_violations();
    stop(bot).await;
}
