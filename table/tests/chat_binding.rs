//! Buttons act only where their table lives, a double click on "+ Computer"
//! is one press, and the private turn view is enough to play: it names the
//! contract with its called card, the trick on the table and who led it,
//! each in the reader's own language.

mod common;

use common::*;
use tarock_storage::{Occupant, Platform};
use tarock_table::{ChatRef, CommandKind, Lang, Outgoing, Sender, TableSettings};
use tarock_zwanzigerrufen::{Phase, Seat};

const FOREIGN: [&str; 2] = [
    "Dieser Knopf gehört zu einem Tisch in einem anderen Chat (oder zur Ansicht eines anderen Spielers). Hier bewirkt er nichts.",
    "This button belongs to a table in another chat (or to another player's view). It does nothing here.",
];

fn settings() -> TableSettings {
    TableSettings::default()
}

/// `name` pressing `payload` in a chat of their choice.
fn in_chat(name: &str, lang: Lang, chat_id: &str, thread: Option<&str>) -> Sender {
    Sender {
        chat: ChatRef {
            platform: Platform::Telegram,
            chat_id: chat_id.to_owned(),
            thread_id: thread.map(str::to_owned),
        },
        ..sender(name, lang)
    }
}

/// The payload of the table message's button whose action starts with `prefix`.
fn table_payload(h: &Harness, prefix: &str) -> String {
    h.sent
        .iter()
        .rev()
        .find_map(|m| match m {
            Outgoing::Table { buttons, .. } => Some(buttons.clone()),
            _ => None,
        })
        .unwrap()
        .into_iter()
        .flatten()
        .map(|b| b.payload)
        .find(|p| p.rsplit(':').next().unwrap().starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} button"))
}

#[tokio::test]
async fn a_button_from_another_chat_is_refused_and_changes_nothing() {
    let mut h = Harness::new(5).await;
    let table = h.create("Anna", settings()).await;
    let join = table_payload(&h, "j");
    // Another group, another thread of the same group, and Bert's own
    // private chat: a Join belongs to the table's chat only.
    for (lang, text) in Lang::ALL.into_iter().zip(FOREIGN) {
        for (chat, thread) in [("-999", None), ("-100", Some("7")), ("id-Bert", None)] {
            let before = h.snapshot(table).await;
            let sent_before = h.sent.len();
            let replies = h
                .run_as(
                    in_chat("Bert", lang, chat, thread),
                    None,
                    CommandKind::Button(join.clone()),
                )
                .await;
            assert_eq!(
                replies,
                vec![Outgoing::Notice {
                    to: user("Bert"),
                    text: text.to_owned()
                }],
                "{chat} {thread:?}"
            );
            assert_eq!(h.snapshot(table).await, before);
            assert_eq!(h.sent.len(), sent_before, "nothing is announced anywhere");
        }
    }
    // In the table's chat the same payload seats him.
    assert!(h.press("Bert", &join).await.is_empty());
    let seated = h.loaded(table).await.seats.len();
    assert_eq!(seated, 2);
}

#[tokio::test]
async fn moves_work_from_the_table_chat_and_the_own_private_chat_only() {
    let mut h = Harness::new(11).await;
    let table = h
        .table_with(&["Anna", "Bert", "Cleo", "Dora"], "easy", settings())
        .await;
    assert!(
        h.run("Anna", CommandKind::Start(Some(table)))
            .await
            .is_empty()
    );
    let mover = ["Anna", "Bert", "Cleo", "Dora"]
        .into_iter()
        .find(|n| {
            matches!(h.last_private_of(table, n), Some(Outgoing::Private { buttons, .. }) if !buttons.is_empty())
        })
        .expect("someone is to act");
    let payload = match h.last_private_of(table, mover) {
        Some(Outgoing::Private { buttons, .. }) => buttons
            .iter()
            .flatten()
            .map(|b| b.payload.clone())
            .find(|p| !p.rsplit(':').next().unwrap().starts_with('x'))
            .unwrap(),
        _ => unreachable!(),
    };
    let other = if mover == "Anna" { "Bert" } else { "Anna" };
    // From another group, or from somebody else's private chat: refused.
    for chat in ["-999", &format!("id-{other}")] {
        let before = h.snapshot(table).await;
        let replies = h
            .run_as(
                in_chat(mover, Lang::De, chat, None),
                None,
                CommandKind::Button(payload.clone()),
            )
            .await;
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0].text(), FOREIGN[0]);
        assert_eq!(h.snapshot(table).await, before);
    }
    // From the mover's own private chat it is played.
    let before = h.snapshot(table).await;
    let own = format!("id-{mover}");
    let replies = h
        .run_as(
            in_chat(mover, Lang::De, &own, None),
            None,
            CommandKind::Button(payload),
        )
        .await;
    assert!(replies.is_empty(), "{replies:?}");
    assert_ne!(h.snapshot(table).await, before);
}

#[tokio::test]
async fn a_double_click_on_add_computer_seats_one_computer() {
    let mut h = Harness::new(3).await;
    let table = h.create("Anna", settings()).await;
    let add = table_payload(&h, "c");
    assert!(h.press("Anna", &add).await.is_empty());
    // The second press of the same button version: one press.
    let replies = h.press("Anna", &add).await;
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert_eq!(
        replies[0].text(),
        "Schon erledigt: ein Doppelklick zählt nur einmal."
    );
    assert_eq!(computers(&h, table).await, 1);
    // The button as it is now (made after the first press) is meant.
    let next = table_payload(&h, "c");
    assert_ne!(next, add);
    assert!(h.press("Anna", &next).await.is_empty());
    assert_eq!(computers(&h, table).await, 2);
}

async fn computers(h: &Harness, table: tarock_storage::TableId) -> usize {
    h.loaded(table)
        .await
        .seats
        .iter()
        .filter(|s| matches!(s.occupant, Occupant::Computer(_)))
        .count()
}

/// The view of the seat to act, once three cards lie in the trick: it
/// names the declarer's contract with the called card, who led, and the
/// cards on the table, in the reader's language, with buttons labelled in
/// that language too.
#[tokio::test]
async fn the_turn_view_shows_contract_trick_and_leader_in_the_readers_language() {
    let mut h = Harness::new(21).await;
    h.set_lang("Bert", Lang::En);
    let table = h.table_with(&["Anna", "Bert"], "easy", settings()).await;
    assert!(
        h.run("Anna", CommandKind::Start(Some(table)))
            .await
            .is_empty()
    );
    // Bidding: each human presses the Weiter/Pass button when offered,
    // else the first button; until the play has a card in the trick and a
    // human to act.
    for _ in 0..400 {
        let loaded = h.loaded(table).await;
        let game = loaded.deal.as_ref().and_then(common::zr_game).unwrap();
        let Some(seat) = game.to_act() else { break };
        let name = if seat == Seat::S0 { "Anna" } else { "Bert" };
        if game.phase() == Phase::Play
            && game.view(seat).trick.is_some_and(|t| !t.cards().is_empty())
            && game.contract().is_some()
        {
            let (text, buttons) = match h.last_private_of(table, name) {
                Some(Outgoing::Private { text, buttons, .. }) => (text.clone(), buttons.clone()),
                _ => panic!("no view"),
            };
            let lang = h.lang(name);
            let view = game.view(seat);
            let trick = view.trick.unwrap();
            let leader = ["Anna", "Bert"]
                .get(trick.leader().index())
                .copied()
                .unwrap_or("Computer");
            let led = match lang {
                Lang::De => format!("Im Stich (ausgespielt von {leader}"),
                Lang::En => format!("On the table (led by {leader}"),
            };
            assert!(text.contains(&led), "{text}");
            let contract = match lang {
                Lang::De => "spielt",
                Lang::En => "plays",
            };
            assert!(text.contains(contract), "{text}");
            if let Some(called) = view.contract.and_then(|c| c.called) {
                let label = tarock_zwanzigerrufen_face::render::card_label(called, lang);
                assert!(text.contains(&label), "called card {label} in {text}");
            }
            assert_eq!(
                buttons.iter().flatten().count(),
                game.legal_cards().len() as usize,
                "one button per legal card"
            );
            return;
        }
        let buttons = match h.last_private_of(table, name) {
            Some(Outgoing::Private { buttons, .. }) => buttons.clone(),
            _ => panic!("{name} has no view"),
        };
        let labels: Vec<&str> = buttons.iter().flatten().map(|b| b.label.as_str()).collect();
        // Bert reads English: his pass button says so; Anna's is German.
        let pass = match h.lang(name) {
            Lang::De => "Weiter",
            Lang::En => "Pass (weiter)",
        };
        let wrong = match h.lang(name) {
            Lang::De => "Pass (weiter)",
            Lang::En => "Weiter",
        };
        assert!(!labels.contains(&wrong), "{name}: {labels:?}");
        let choice = buttons
            .iter()
            .flatten()
            .find(|b| b.label == pass)
            .or_else(|| buttons.iter().flatten().next())
            .unwrap()
            .payload
            .clone();
        assert!(h.press(name, &choice).await.is_empty());
    }
    panic!("no trick with a human to act");
}

/// A private view reaches a player as a new (notifying) message only when
/// it becomes their turn and they made no move in the last minute; while
/// they play along, the views are edits.
#[tokio::test]
async fn turn_views_notify_only_players_who_were_not_just_playing() {
    let mut h = Harness::new(21).await;
    let table = h.table_with(&["Anna", "Bert"], "easy", settings()).await;
    let from = h.sent.len();
    assert!(
        h.run("Anna", CommandKind::Start(Some(table)))
            .await
            .is_empty()
    );
    // The first turn of the deal notifies; views without buttons never do.
    let privates = |h: &Harness, from: usize| -> Vec<(String, bool, bool)> {
        h.sent[from..]
            .iter()
            .filter_map(|m| match m {
                Outgoing::Private {
                    to,
                    buttons,
                    notify,
                    ..
                } => Some((to.name.clone(), !buttons.is_empty(), *notify)),
                _ => None,
            })
            .collect()
    };
    let start = privates(&h, from);
    assert!(
        start.iter().any(|(_, turn, notify)| *turn && *notify),
        "{start:?}"
    );
    assert!(
        start.iter().all(|(_, turn, notify)| *turn || !*notify),
        "{start:?}"
    );
    // Quick play: after each player's first move, their turns are edits.
    let mut moved: Vec<String> = Vec::new();
    for round in 0..12 {
        let loaded = h.loaded(table).await;
        let game = loaded.deal.as_ref().and_then(common::zr_game).unwrap();
        let Some(seat) = game.to_act() else { break };
        let name = if seat == Seat::S0 { "Anna" } else { "Bert" };
        let payload = match h.last_private_of(table, name) {
            Some(Outgoing::Private { buttons, .. }) => buttons
                .iter()
                .flatten()
                .map(|b| b.payload.clone())
                .find(|p| !p.rsplit(':').next().unwrap().starts_with('x'))
                .unwrap(),
            _ => panic!("no view"),
        };
        // In the second half the players dawdle: a minute and more between moves.
        if round >= 6 {
            h.clock.advance(61_000);
        }
        let from = h.sent.len();
        assert!(h.press(name, &payload).await.is_empty());
        moved.push(name.to_owned());
        for (to, turn, notify) in privates(&h, from) {
            if !turn {
                assert!(!notify, "{to}: a view without buttons notified");
            } else if round >= 6 && to != name {
                assert!(notify, "{to} waited a minute: the turn notifies");
            } else if to == name {
                assert!(!notify, "{to} just moved: the next turn is an edit");
            } else if moved.contains(&to) {
                assert!(!notify, "{to} is playing along: the turn is an edit");
            }
        }
    }
}
