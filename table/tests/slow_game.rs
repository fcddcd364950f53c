//! Slow games with a test clock: at half the pace the seat to act is
//! reminded (privately and with a mention in the chat), at the deadline a
//! computer acts for it (the log and the chat say so), and both survive a
//! restart between the command that set the deadline and the tick.

mod common;

use common::*;
use tarock_storage::TableId;
use tarock_table::{CommandKind, Lang, Outgoing, Pace, TableSettings};
use tarock_zwanzigerrufen::{Phase, Seat};

const HOUR: i64 = 3_600_000;
const MINUTE: i64 = 60_000;

fn slow(lang: Lang) -> TableSettings {
    TableSettings {
        game: "zwanzigerrufen".into(),
        seats: None,
        rules: "standard".into(),
        stake_cents: 10,
        pace: Pace { ms: HOUR },
        lang,
        another: false,
    }
}

/// Anna (Vorhand, to act first) and three computers, dealt at T0.
async fn table_waiting_for_anna(seed: u64, lang: Lang) -> (Harness, TableId) {
    let mut h = Harness::new(seed).await;
    h.set_lang("Anna", lang);
    let table = h.table_with(&["Anna"], "easy", slow(lang)).await;
    assert!(h.press_table_button(table, "Anna", ":s").await.is_empty());
    let game = h.game(table).await.unwrap();
    assert_eq!(game.to_act(), Some(Seat::S0));
    (h, table)
}

#[tokio::test]
async fn reminder_at_half_time_and_a_computer_at_the_deadline_across_restarts() {
    let (mut h, table) = table_waiting_for_anna(31, Lang::De).await;
    let deadline = h
        .store()
        .deadline(table)
        .await
        .unwrap()
        .expect("a deadline for Anna");
    assert_eq!(deadline.seat, Seat::S0);
    assert_eq!(deadline.seq, 0);
    assert_eq!(deadline.remind_ms, Some(T0 + HOUR / 2));
    assert_eq!(deadline.due_ms, T0 + HOUR);
    assert!(!deadline.reminded);
    assert_eq!(h.service.next_wakeup().await.unwrap(), Some(T0 + HOUR / 2));

    // Before half time nothing happens.
    h.clock.set(T0 + HOUR / 2 - 1);
    assert_eq!(h.service.tick().await.unwrap(), 0);
    assert!(h.drain().await.is_empty());

    // Half time, after a restart: the reminder, privately and in the chat.
    h.clock.set(T0 + HOUR / 2);
    let mut h = h.restart().await;
    assert_eq!(h.service.tick().await.unwrap(), 1);
    let sent = h.drain().await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    let chat_reminder = sent
        .iter()
        .find(|m| matches!(m, Outgoing::Chat { .. }))
        .expect("a chat mention");
    let Outgoing::Chat {
        text,
        mentions,
        chat: c,
        ..
    } = chat_reminder
    else {
        unreachable!()
    };
    assert_eq!(text, "⏰ Anna, du bist dran (noch 30 Min.).");
    assert_eq!(mentions, &vec![user("Anna")]);
    assert_eq!(*c, chat());
    let Some(Outgoing::Private {
        to, text, buttons, ..
    }) = sent.iter().find(|m| matches!(m, Outgoing::Private { .. }))
    else {
        panic!("a private reminder")
    };
    assert_eq!(*to, user("Anna"));
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("⏰ Du bist noch dran – in 30 Min. spielt der Computer für dich.")
    );
    assert_eq!(lines.next(), Some("Tisch 1 · Spiel 1 · dein Platz 1"));
    assert!(!buttons.is_empty(), "the reminder carries the choices");
    let reminded = h.store().deadline(table).await.unwrap().unwrap();
    assert!(reminded.reminded);
    assert_eq!(reminded.due_ms, T0 + HOUR);
    // Once only.
    assert_eq!(h.service.tick().await.unwrap(), 0);
    h.clock.set(T0 + HOUR - 1);
    assert_eq!(h.service.tick().await.unwrap(), 0);
    assert!(h.drain().await.is_empty());
    assert_eq!(h.service.next_wakeup().await.unwrap(), Some(T0 + HOUR));

    // The deadline, after another restart: a computer bids for Anna.
    h.clock.set(T0 + HOUR);
    let mut h = h.restart().await;
    let events_before = h.loaded(table).await.deal.unwrap().events.len();
    assert_eq!(events_before, 0);
    assert_eq!(h.service.tick().await.unwrap(), 1);
    let sent = h.drain().await;
    let stand_in = "⌛ Die Zeit von Anna ist abgelaufen: der Computer hat für Anna gespielt.";
    let chats: Vec<&Outgoing> = sent
        .iter()
        .filter(|m| matches!(m, Outgoing::Chat { .. }))
        .collect();
    assert_eq!(chats.len(), 1, "{sent:?}");
    let Outgoing::Chat { text, mentions, .. } = chats[0] else {
        unreachable!()
    };
    assert_eq!(text, stand_in);
    assert_eq!(mentions, &vec![user("Anna")]);
    let deal = h.loaded(table).await.deal.unwrap();
    let first = &deal.events[0];
    assert_eq!(first.seat, Seat::S0);
    assert!(first.by_computer, "the log says a computer acted for Anna");
    assert_eq!(first.at_ms, T0 + HOUR);
    // The computers at the table played on, as themselves.
    assert!(deal.events.len() > 1);
    assert!(
        deal.events[1..]
            .iter()
            .all(|e| !e.by_computer || e.seat == Seat::S0)
    );
    // The table view was updated, and Anna was told.
    assert!(sent.iter().any(|m| matches!(m, Outgoing::Table { .. })));
    assert!(
        sent.iter()
            .any(|m| matches!(m, Outgoing::Private { to, .. } if *to == user("Anna")))
    );
    // If Anna is to act again, her clock starts anew from now.
    let game = common::zr_game(&deal).unwrap();
    if game.to_act() == Some(Seat::S0) {
        let d = h.store().deadline(table).await.unwrap().unwrap();
        assert_eq!(
            (d.remind_ms, d.due_ms, d.reminded),
            (Some(T0 + HOUR + HOUR / 2), T0 + 2 * HOUR, false)
        );
        assert_eq!(d.seq, deal.events.len() as u32);
    }
}

/// A whole deal played by the stand-in while Anna sleeps: every one of her
/// actions is by_computer, each after its own reminder, and the deal settles.
#[tokio::test]
async fn an_absent_player_is_played_for_until_the_deal_ends() {
    let (mut h, table) = table_waiting_for_anna(32, Lang::En).await;
    let mut reminders = 0;
    let mut stand_ins = 0;
    for _ in 0..100 {
        if !h.settlements_of(table).is_empty() {
            break;
        }
        let d = h
            .store()
            .deadline(table)
            .await
            .unwrap()
            .expect("Anna is to act");
        // Half time, then the deadline, each after a restart.
        h.clock.set(d.remind_ms.unwrap());
        h = h.restart().await;
        assert_eq!(h.service.tick().await.unwrap(), 1);
        let sent = h.drain().await;
        assert!(
            sent.iter()
                .any(|m| matches!(m, Outgoing::Chat { text, .. } if text == "⏰ Anna, it is your turn (30 min left).")),
            "{sent:?}"
        );
        assert!(sent.iter().any(|m| matches!(m, Outgoing::Private { text, .. }
            if text.starts_with("⏰ It is still your turn – in 30 min the computer plays for you.\nTable 1 · deal 1 · your seat 1"))));
        reminders += 1;
        h.clock.set(d.due_ms);
        h = h.restart().await;
        assert_eq!(h.service.tick().await.unwrap(), 1);
        let sent = h.drain().await;
        assert!(sent.iter().any(
            |m| matches!(m, Outgoing::Chat { text, .. } if text == "⌛ Anna's time ran out: the computer played for Anna.")
        ));
        stand_ins += 1;
    }
    assert_eq!(h.settlements_of(table).len(), 1, "the deal ended");
    assert_eq!(reminders, stand_ins);
    let deal = h.loaded(table).await.deal.unwrap();
    let annas: Vec<_> = deal.events.iter().filter(|e| e.seat == Seat::S0).collect();
    // Each stand-in made one move: a card, or a bidding turn (its
    // announcements, then its end `w`).
    let moves = annas
        .iter()
        .filter(|e| e.action == "w" || e.action.starts_with('p'))
        .count();
    assert_eq!(moves, stand_ins);
    assert!(annas.iter().all(|e| e.by_computer));
    assert!(
        deal.events
            .iter()
            .filter(|e| e.seat != Seat::S0)
            .all(|e| !e.by_computer)
    );
    assert!(annas.len() >= 10, "ten cards and at least one bidding turn");
    // No deadline once nobody has to act.
    assert_eq!(h.store().deadline(table).await.unwrap(), None);
    assert_eq!(h.service.next_wakeup().await.unwrap(), None);
    assert_eq!(check_settlements(&h, table, Lang::En).await, 1);
}

/// Acting in time moves the deadline and no stand-in comes; a paused table
/// has no deadline, and resuming gives the seat a full pace again.
#[tokio::test]
async fn acting_in_time_and_pausing_stop_the_clock() {
    let (mut h, table) = table_waiting_for_anna(33, Lang::De).await;
    h.clock.set(T0 + 50 * MINUTE);
    assert_eq!(h.service.tick().await.unwrap(), 1, "the reminder");
    h.drain().await;
    // Anna acts just in time.
    let Some(Outgoing::Private { buttons, .. }) = h.last_private_of(table, "Anna").cloned() else {
        panic!()
    };
    let payload = buttons[0][0].payload.clone();
    assert!(h.press("Anna", &payload).await.is_empty());
    let deal = h.loaded(table).await.deal.unwrap();
    assert!(!deal.events[0].by_computer);
    h.clock.set(T0 + HOUR);
    assert_eq!(
        h.service.tick().await.unwrap(),
        0,
        "the old deadline is gone"
    );
    let sent = h.drain().await;
    assert!(
        sent.is_empty(),
        "no stand-in for a move made in time: {sent:?}"
    );
    // The easy computers pass, so Anna (Vorhand) leads the first trick: her
    // new deadline counts from her move.
    let d = h
        .store()
        .deadline(table)
        .await
        .unwrap()
        .expect("Anna leads");
    assert_eq!(h.game(table).await.unwrap().phase(), Phase::Play);
    assert_eq!(d.seat, Seat::S0);
    assert_eq!(d.remind_ms, Some(T0 + 50 * MINUTE + HOUR / 2));
    assert_eq!(d.due_ms, T0 + 50 * MINUTE + HOUR);
    assert!(!d.reminded);
    // Pause: no deadline, ticks do nothing however late.
    assert!(
        h.run("Anna", CommandKind::Pause(Some(table)))
            .await
            .is_empty()
    );
    assert_eq!(h.store().deadline(table).await.unwrap(), None);
    h.clock.set(T0 + 10 * HOUR);
    assert_eq!(h.service.tick().await.unwrap(), 0);
    assert!(h.drain().await.is_empty());
    assert!(
        h.run("Anna", CommandKind::Resume(Some(table)))
            .await
            .is_empty()
    );
    let d = h
        .store()
        .deadline(table)
        .await
        .unwrap()
        .expect("a deadline again");
    assert_eq!(d.due_ms, T0 + 10 * HOUR + HOUR);
    assert_eq!(d.remind_ms, Some(T0 + 10 * HOUR + HOUR / 2));
}
