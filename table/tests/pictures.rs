//! The picture descriptions the table service puts beside its texts: a
//! hand picture shows exactly the hand the text lists, lifting exactly the
//! cards the buttons offer; the table picture shows only cards that were
//! played, the tricks each seat took, who led and whose turn it is; the
//! lobby has none; and rows queued before pictures existed still read.

mod common;

use std::collections::HashMap;

use common::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_table::picture::{Deck, Picture, Scene};
use tarock_table::{Lang, Outgoing, TableSettings};
use tarock_zwanzigerrufen::{Card, CardSet};

/// The cards of a list of card ids.
fn set(ids: &[String]) -> CardSet {
    let mut set = CardSet::default();
    for id in ids {
        set.insert(id.parse::<Card>().expect("a Zwanzigerrufen card id"));
    }
    set
}

/// The cards a keyboard offers to play (`…:p<card>` payloads).
fn button_cards(message: &Outgoing) -> CardSet {
    let mut set = CardSet::default();
    for b in message.buttons().iter().flatten() {
        if let Some(card) = b
            .payload
            .rsplit(':')
            .next()
            .and_then(|a| a.strip_prefix('p'))
        {
            set.insert(card.parse().unwrap());
        }
    }
    set
}

/// Checks one private view's picture against its text and buttons.
fn check_private(message: &Outgoing, labels: &HashMap<String, Card>) {
    let Outgoing::Private { text, picture, .. } = message else {
        return;
    };
    let Some(Picture { deck, scene, .. }) = picture else {
        return;
    };
    assert_eq!(*deck, Deck::Tarock);
    let Scene::Hand { cards, legal } = scene else {
        panic!("a private view shows a hand: {scene:?}")
    };
    // The hand line of the text (its second line) lists the same cards.
    let hand_line = text.lines().nth(1).unwrap_or_default();
    assert_eq!(set(cards), cards_in(hand_line, labels), "{text}");
    let offered = button_cards(message);
    match legal {
        Some(legal) => {
            assert_eq!(set(legal), offered, "lifted cards are the buttons");
            assert!(!offered.is_empty());
        }
        None => assert!(offered.is_empty(), "cards offered but none lifted"),
    }
}

#[tokio::test]
async fn pictures_show_what_the_texts_say_and_nothing_hidden() {
    let mut h = Harness::new(16).await;
    let names = ["Anna", "Bert", "Cora"];
    let table = h
        .table_with(&names, "medium", TableSettings::default())
        .await;
    // The lobby draws nothing.
    let Outgoing::Table { picture, .. } = h.last_table(table) else {
        unreachable!()
    };
    assert!(picture.is_none(), "the lobby has no picture");
    h.run("Anna", tarock_table::CommandKind::Start(Some(table)))
        .await;
    let labels = label_map();
    let deal = h.loaded(table).await.deal.expect("a deal").deal;
    let hands = hands_of(&deal);
    let mut rng = StdRng::seed_from_u64(16);
    let mut checked_hands = 0;
    let mut checked_tables = 0;
    let mut seen = 0;
    loop {
        for message in &h.sent[seen..] {
            match message {
                Outgoing::Private { .. } => {
                    if message.picture().is_some() {
                        checked_hands += 1;
                    }
                    check_private(message, &labels);
                }
                Outgoing::Table {
                    picture: Some(picture),
                    text,
                    ..
                } => {
                    checked_tables += 1;
                    let Scene::Table {
                        seats,
                        leader,
                        to_move,
                    } = &picture.scene
                    else {
                        panic!("the table message shows the table")
                    };
                    assert_eq!(seats.len(), 4);
                    let shown: Vec<String> =
                        seats.iter().filter_map(|s| s.played.clone()).collect();
                    // Only played cards, each by the seat that held it, and
                    // each named in the text too.
                    let in_text = cards_in(text, &labels);
                    for (i, seat) in seats.iter().enumerate() {
                        if let Some(id) = &seat.played {
                            let card: Card = id.parse().unwrap();
                            assert!(hands[i].contains(card), "{id} was not seat {i}'s");
                            assert!(in_text.contains(card), "{id} is not in the text");
                        }
                    }
                    assert!(shown.is_empty() || leader.is_some());
                    let tricks: u32 = seats.iter().map(|s| u32::from(s.tricks)).sum();
                    assert!(tricks <= 10);
                    if let Some(seat) = to_move {
                        assert!(*seat < 4);
                    }
                }
                _ => {}
            }
        }
        seen = h.sent.len();
        if !h.settlements_of(table).is_empty() {
            break;
        }
        h.random_move(table, &names, &mut rng).await;
    }
    assert!(checked_hands > 10, "{checked_hands}");
    assert!(checked_tables > 10, "{checked_tables}");
    // After the deal: ten tricks taken in all.
    let Outgoing::Table {
        picture: Some(picture),
        ..
    } = h.last_table(table)
    else {
        panic!("the finished deal is still drawn")
    };
    let Scene::Table { seats, .. } = &picture.scene else {
        unreachable!()
    };
    assert_eq!(seats.iter().map(|s| u32::from(s.tricks)).sum::<u32>(), 10);
}

/// Public pictures never show a card before its holder played it: the
/// table picture is built from the public view alone. Every card shown
/// was in the log of played cards at that moment.
#[tokio::test]
async fn the_table_picture_never_shows_an_unplayed_card() {
    for seed in [3, 4, 5] {
        let mut h = Harness::new(seed).await;
        let names = ["Anna"];
        let table = h.table_with(&names, "easy", TableSettings::default()).await;
        h.run("Anna", tarock_table::CommandKind::Start(Some(table)))
            .await;
        let mut rng = StdRng::seed_from_u64(seed);
        loop {
            let events = h.loaded(table).await.deal.expect("a deal").events;
            let played = played(&events);
            if let Outgoing::Table {
                picture: Some(picture),
                ..
            } = h.last_table(table)
                && let Scene::Table { seats, .. } = &picture.scene
            {
                for seat in seats {
                    if let Some(id) = &seat.played {
                        assert!(played.contains(id.parse().unwrap()), "{id} unplayed");
                    }
                }
            }
            if !h.settlements_of(table).is_empty() {
                break;
            }
            h.random_move(table, &names, &mut rng).await;
        }
    }
}

/// Outbox rows written before pictures existed have no `picture` field and
/// must still read (as a message without a picture).
#[test]
fn messages_queued_before_pictures_still_read() {
    let private = r#"{"kind":"private","table":3,"to":{"platform":"telegram","user_id":"7","name":"Anna"},
        "text":"Tisch 3","buttons":[],"notify":true}"#;
    let message: Outgoing = serde_json::from_str(private).unwrap();
    assert!(message.picture().is_none());
    let table = r#"{"kind":"table","table":3,"chat":{"platform":"telegram","chat_id":"-1","thread_id":null},
        "text":"Tisch 3","buttons":[]}"#;
    let message: Outgoing = serde_json::from_str(table).unwrap();
    assert!(message.picture().is_none());
    // And a message without a picture is written without the field.
    let json = serde_json::to_string(&message).unwrap();
    assert!(!json.contains("picture"), "{json}");
}

/// Text-only mode: a person's own setting covers their private messages
/// at every table; a table's setting covers everybody's at that table and
/// its table message; turning it off again restores the pictures.
#[tokio::test]
async fn text_only_settings_are_kept_per_person_and_per_table() {
    use tarock_table::picture::text_only;
    let h = Harness::new(1).await;
    let store = h.store();
    let anna = user("Anna");
    let bert = user("Bert");
    let (t1, t2) = (tarock_storage::TableId(1), tarock_storage::TableId(2));
    assert!(!text_only::for_private(store, t1, &anna).await.unwrap());
    text_only::set_for_user(store, &anna, true, 5)
        .await
        .unwrap();
    assert!(text_only::for_private(store, t1, &anna).await.unwrap());
    assert!(text_only::for_private(store, t2, &anna).await.unwrap());
    assert!(!text_only::for_private(store, t1, &bert).await.unwrap());
    assert!(!text_only::for_table(store, t1).await.unwrap());
    text_only::set_for_table(store, t2, true, 6).await.unwrap();
    assert!(text_only::for_private(store, t2, &bert).await.unwrap());
    assert!(!text_only::for_private(store, t1, &bert).await.unwrap());
    assert!(text_only::for_table(store, t2).await.unwrap());
    text_only::set_for_user(store, &anna, false, 7)
        .await
        .unwrap();
    assert!(!text_only::for_private(store, t1, &anna).await.unwrap());
    assert!(text_only::for_private(store, t2, &anna).await.unwrap());
    text_only::set_for_table(store, t2, false, 8).await.unwrap();
    assert!(!text_only::for_private(store, t2, &anna).await.unwrap());
    // The answers name the table and the way back, in either language.
    let de = text_only::answer(Lang::De, text_only::Target::Table(t2), false, "/bilder an");
    assert!(de.contains("Tisch 2") && de.contains("/bilder an"), "{de}");
    let en = text_only::answer(Lang::En, text_only::Target::User, true, "/pictures off");
    assert!(en.contains("/pictures off"), "{en}");
}
