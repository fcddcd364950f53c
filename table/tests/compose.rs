//! A turn of several announcements made with buttons: "Rufer + …" opens a
//! private keyboard of what may follow, and its buttons make the whole turn
//! at once (the record stores it as one action, like a typed turn).

mod common;

use common::*;
use tarock_table::{CommandKind, Lang, Outgoing, Rejection, TableSettings};
use tarock_zwanzigerrufen::{Card, Phase, Seat};

const HUMANS: [&str; 4] = ["Anna", "Bert", "Cleo", "Dora"];

/// A table of four people whose first deal gives the Vorhand (Anna, seat 0)
/// the Pagat: the first seed from 1 up that does.
async fn anna_holds_the_pagat() -> (Harness, tarock_storage::TableId) {
    let pagat: Card = "T1".parse().unwrap();
    for seed in 1..200 {
        let mut h = Harness::new(seed).await;
        let table = h
            .table_with(&HUMANS, "easy", TableSettings::default())
            .await;
        let r = h.run("Anna", CommandKind::Start(Some(table))).await;
        assert!(r.is_empty(), "{r:?}");
        let game = h.game(table).await.unwrap();
        if game.view(Seat::S0).hand.contains(pagat) && game.to_act() == Some(Seat::S0) {
            return (h, table);
        }
    }
    panic!("no seed below 200 gives the Vorhand the Pagat");
}

fn button<'a>(message: &'a Outgoing, label: &str) -> &'a tarock_table::Button {
    message
        .buttons()
        .iter()
        .flatten()
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("no button {label:?} in {:?}", message.buttons()))
}

#[tokio::test]
async fn rufer_and_pagat_in_one_turn_by_buttons() {
    let (mut h, table) = anna_holds_the_pagat().await;
    let view = h.last_private_of(table, "Anna").unwrap().clone();
    // The Vorhand must open: no Weiter; "Rufer + …" is offered.
    assert!(view.buttons().iter().flatten().all(|b| b.label != "Weiter"));
    let more = button(&view, "Rufer + …").payload.clone();
    assert!(more.ends_with(":xr"), "{more}");

    // Pressing it changes nothing and answers Anna alone with what may follow.
    let before = h.snapshot(table).await;
    let replies = h.press("Anna", &more).await;
    assert_eq!(h.snapshot(table).await, before);
    let [keyboard @ Outgoing::Private { to, text, .. }] = replies.as_slice() else {
        panic!("{replies:?}");
    };
    assert_eq!(to.name, "Anna");
    assert_eq!(text, "Deine Ansage bisher: Rufer. Was kommt dazu?");
    // Rufer alone ends the turn too.
    assert!(button(keyboard, "Rufer ✓").payload.ends_with(":ar"));
    let both = button(keyboard, "Rufer + Pagat").payload.clone();
    assert!(both.ends_with(":ar.p"), "{both}");

    // Someone else pressing Anna's keyboard is refused.
    let replies = h.press("Bert", &both).await;
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].text(), Rejection::NotYourTurn.text(Lang::De));
    assert_eq!(h.snapshot(table).await, before);

    // Anna makes the turn: one move, both announcements and its end in
    // the log as the game's actions.
    assert!(h.press("Anna", &both).await.is_empty());
    let game = h.game(table).await.unwrap();
    assert_eq!(game.phase(), Phase::Bidding);
    assert_eq!(game.to_act(), Some(Seat::S1));
    let loaded = h.loaded(table).await;
    let events = &loaded.deal.unwrap().events;
    let logged: Vec<_> = events.iter().map(|e| (e.seat, e.action.as_str())).collect();
    let anna = Seat::S0.into();
    assert_eq!(logged, vec![(anna, "xr"), (anna, "xp"), (anna, "w")]);
    assert!(
        h.last_table_text()
            .contains("Lizitation: Anna: Rufer, Pagat (dazu)"),
        "{}",
        h.last_table_text()
    );

    // The keyboard is stale now.
    let replies = h.press("Anna", &more).await;
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].text(), Rejection::Stale.text(Lang::De));
}

/// Without naming a table, a player's own views of every table where a deal
/// is on: what Telegram's inline mode shows. Nobody else's cards.
#[tokio::test]
async fn private_views_of_a_player_without_naming_the_table() {
    let (h, table) = anna_holds_the_pagat().await;
    let views = h.service.private_views(&user("Anna")).await.unwrap();
    assert_eq!(views.len(), 1);
    // The same view as pushed (which, as her turn, was also to notify).
    let pushed = h.last_private_of(table, "Anna").unwrap();
    assert_eq!(views[0].text(), pushed.text());
    assert_eq!(views[0].buttons(), pushed.buttons());
    assert!(!views[0].buttons().is_empty(), "Anna is to act");
    // Bert's view has his hand but no choices: it is not his turn.
    let bert = h.service.private_views(&user("Bert")).await.unwrap();
    assert_eq!(bert.len(), 1);
    assert!(bert[0].buttons().is_empty());
    assert!(matches!(&bert[0], Outgoing::Private { to, .. } if to.name == "Bert"));
    // A stranger sits nowhere.
    assert!(
        h.service
            .private_views(&user("Zora"))
            .await
            .unwrap()
            .is_empty()
    );
}
