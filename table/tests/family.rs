//! The game family at the table service: 20 ab (3 to 5 seats) and
//! Königrufen played through the same service, storage and outbox as
//! Zwanzigerrufen, by button presses alone.
//!
//! Every round is played out by its people pressing the buttons of their
//! newest private message (an action when one is offered, else a step of a
//! choice made in several presses) and by the computers. The checks: the
//! settlement posted is the engine's (rebuilt from the stored seed and
//! tokens), it sums to zero over as many seats as the table has, the
//! ledger holds one row per seat, and nothing secret reaches the chat.

mod common;

use common::Harness;
use common::family::{self, is_act, keyboard};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_game_core::Seat;
use tarock_storage::{DealStatus, Participant, TableId};
use tarock_table::{CommandKind, Keyboard, Lang, Outgoing, TableSettings};

fn settings(game: &str, seats: Option<u8>) -> TableSettings {
    TableSettings {
        game: game.into(),
        seats,
        ..TableSettings::default()
    }
}

/// A table of `game` with `seats` seats, `people` seated in order and
/// computers of `level` on the other seats, started.
async fn started(h: &mut Harness, game: &str, seats: u8, people: &[&str], level: &str) -> TableId {
    family::started(h, settings(game, Some(seats)), people, level).await
}

/// Plays the table's current round to its end by the people's buttons:
/// each turn an action button at random when there is one, else a draft
/// button (whose reply carries the next buttons).
async fn play_round(h: &mut Harness, table: TableId, people: &[&str], rng: &mut StdRng) {
    let mut drafts: Option<(String, Keyboard)> = None;
    for _ in 0..20_000 {
        let loaded = h.loaded(table).await;
        let deal = loaded.deal.as_ref().expect("a round");
        if deal.deal.status != DealStatus::Active {
            return;
        }
        let round = deal.round.as_ref().expect("a round of a game with a face");
        let seat = round.round().to_act().expect("someone is to act");
        let row = loaded.seats.iter().find(|r| r.seat == seat).unwrap();
        let name = row
            .player
            .as_ref()
            .map(|p| p.display_name.clone())
            .expect("the computers do not wait");
        assert!(people.contains(&name.as_str()));
        let buttons = match drafts.take() {
            Some((who, buttons)) if who == name => buttons,
            _ => keyboard(h, table, &name),
        };
        let all: Vec<String> = buttons
            .iter()
            .flatten()
            .map(|b| b.payload.clone())
            .collect();
        assert!(!all.is_empty(), "{name} is to act without buttons");
        // No payload twice on one keyboard (Discord refuses repeated
        // custom ids).
        let distinct: std::collections::HashSet<&String> = all.iter().collect();
        assert_eq!(distinct.len(), all.len(), "{all:?}");
        let acts: Vec<&String> = all.iter().filter(|p| is_act(p)).collect();
        let payload = if !acts.is_empty() && (drafts_done(&all) || rng.random_bool(0.7)) {
            acts[rng.random_range(0..acts.len())].clone()
        } else {
            all[rng.random_range(0..all.len())].clone()
        };
        let replies = h.press(&name, &payload).await;
        for reply in replies {
            match reply {
                Outgoing::Private { buttons, .. } => drafts = Some((name.clone(), buttons)),
                Outgoing::Notice { text, .. } => panic!("{name} pressed {payload}: {text}"),
                _ => {}
            }
        }
    }
    panic!("the round did not end")
}

/// Whether a keyboard holds nothing but actions.
fn drafts_done(all: &[String]) -> bool {
    all.iter().all(|p| is_act(p))
}

/// The checks every finished round gets: the settlement posted is the
/// engine's, zero-sum over every seat, one ledger row per seat, and each
/// person got a private copy.
async fn check_settled(h: &Harness, table: TableId, seats: u8, people: &[&str]) -> Vec<i64> {
    let loaded = h.loaded(table).await;
    let deal = loaded.deal.as_ref().unwrap();
    assert_eq!(deal.deal.status, DealStatus::Finished);
    let round = deal.round.as_ref().unwrap();
    let engine = round
        .round()
        .settlement()
        .expect("a finished round settles");
    let posted = h.settlements_of(table);
    let Some(Outgoing::Settlement { changes, text, .. }) = posted.last() else {
        panic!("no settlement posted");
    };
    assert_eq!(changes.as_slice(), engine.units());
    assert_eq!(changes.len(), usize::from(seats));
    assert_eq!(changes.iter().sum::<i64>(), 0);
    let stored = h.store().settlement(deal.deal.id).await.unwrap().unwrap();
    // One ledger row per seat that played: a Königrufen table of five's
    // dealer sat out.
    let sitter = round
        .round()
        .downcast_ref::<tarock_koenigrufen::Koenigrufen>()
        .and_then(tarock_koenigrufen::Koenigrufen::sitting_out);
    assert_eq!(
        stored.seats.len(),
        usize::from(seats) - usize::from(sitter.is_some())
    );
    assert!(stored.seats.iter().all(|(s, _, _)| Some(*s) != sitter));
    for (seat, _, units) in &stored.seats {
        assert_eq!(*units, changes[seat.index()]);
    }
    // Every seat's line is in the posted text.
    for seat in Seat::all(seats) {
        let row = loaded.seats.iter().find(|r| r.seat == seat).unwrap();
        if let Some(p) = &row.player {
            assert!(text.contains(&p.display_name), "{text}");
        }
    }
    for name in people {
        let copy = h.last_private_of(table, name).expect("a private copy");
        assert!(
            copy.text().contains('▶'),
            "{name}'s copy marks their line: {}",
            copy.text()
        );
    }
    changes.clone()
}

#[tokio::test]
async fn twenty_ab_with_three_seats_plays_a_session_to_its_settlement() {
    let mut h = Harness::new(11).await;
    let table = started(&mut h, "zwanzig-ab", 3, &["anna"], "medium").await;
    let mut rng = StdRng::seed_from_u64(1);
    // The table message and Anna's first message name the game.
    assert!(
        h.last_table_text().contains("20 ab"),
        "{}",
        h.last_table_text()
    );
    play_round(&mut h, table, &["anna"], &mut rng).await;
    let changes = check_settled(&h, table, 3, &["anna"]).await;
    // The balances count every computer seat apart: three participants.
    let balances = h.store().table_balances(table).await.unwrap();
    assert_eq!(balances.len(), 3);
    for b in &balances {
        let seat = match &b.participant {
            Participant::Player(_) => Seat::new(0),
            Participant::Computer { seat, .. } => *seat,
        };
        assert_eq!(b.units, changes[seat.index()]);
    }
    // The next round starts with the next seat.
    let r = h.run("anna", CommandKind::Start(Some(table))).await;
    assert!(r.is_empty(), "{r:?}");
    let loaded = h.loaded(table).await;
    let deal = loaded.deal.unwrap();
    assert_eq!(deal.deal.number, 2);
    assert_eq!(deal.deal.forehand, Seat::new(1));
}

#[tokio::test]
async fn twenty_ab_with_five_seats_speaks_each_persons_language() {
    let mut h = Harness::new(12).await;
    h.set_lang("bert", Lang::En);
    let table = started(&mut h, "zwanzig-ab", 5, &["anna", "bert"], "easy").await;
    let loaded = h.loaded(table).await;
    assert_eq!(loaded.table.seats, 5);
    assert_eq!(loaded.seats.len(), 5);
    // Bert sits on seat 2 (of 5) and reads English, Anna German.
    let bert = h
        .last_private_of(table, "bert")
        .expect("Bert's message")
        .text()
        .to_owned();
    let anna = h
        .last_private_of(table, "anna")
        .expect("Anna's message")
        .text()
        .to_owned();
    assert!(bert.contains("your seat 2"), "{bert}");
    assert!(anna.contains("dein Platz 1"), "{anna}");
    let mut rng = StdRng::seed_from_u64(2);
    play_round(&mut h, table, &["anna", "bert"], &mut rng).await;
    check_settled(&h, table, 5, &["anna", "bert"]).await;
    let bert = h.last_private_of(table, "bert").unwrap().text().to_owned();
    assert!(bert.contains("Settlement"), "{bert}");
}

#[tokio::test]
async fn koenigrufen_plays_a_deal_with_three_computers() {
    let mut h = Harness::new(13).await;
    let table = started(&mut h, "koenigrufen", 4, &["anna"], "medium").await;
    assert!(
        h.last_table_text().contains("Königrufen"),
        "{}",
        h.last_table_text()
    );
    let mut rng = StdRng::seed_from_u64(3);
    play_round(&mut h, table, &["anna"], &mut rng).await;
    check_settled(&h, table, 4, &["anna"]).await;
    // The statistics count the deal by its contract and Anna's side, as
    // the engine's view of the finished deal says.
    let loaded = h.loaded(table).await;
    let round = loaded.deal.unwrap().round.unwrap();
    let view = round
        .round()
        .downcast_ref::<tarock_koenigrufen::Koenigrufen>()
        .and_then(|k| k.game())
        .unwrap()
        .public_view();
    let contract = view.contract.unwrap().word();
    let declarer = view.parties[0] == Some(tarock_koenigrufen::Party::Declarer);
    let anna = h
        .store()
        .player_on(tarock_storage::Platform::Telegram, "id-anna")
        .await
        .unwrap()
        .unwrap();
    let contracts = h
        .store()
        .player_contracts(anna.id, tarock_storage::Platform::Telegram, "-100")
        .await
        .unwrap();
    assert_eq!(contracts.len(), 1, "{contracts:?}");
    assert_eq!(contracts[0].contract.as_deref(), Some(contract));
    assert_eq!(contracts[0].declarer, Some(declarer));
    assert_eq!(contracts[0].deals, 1);
}

#[tokio::test]
async fn koenigrufen_at_five_plays_by_buttons_and_the_dealer_sits_out() {
    let mut h = Harness::new(55).await;
    let table = started(&mut h, "koenigrufen", 5, &["anna", "bert"], "medium").await;
    // Deal 1: Anna (seat 0) is Vorhand, the last seat deals and sits out.
    let published = tarock_game_core::fair::Commitment(hex_after(
        h.last_table(table).text(),
        "festgelegt vor dem Austeilen: ",
    ));
    let mut rng = StdRng::seed_from_u64(8);
    play_round(&mut h, table, &["anna", "bert"], &mut rng).await;
    let changes = check_settled(&h, table, 5, &["anna", "bert"]).await;
    assert_eq!(changes[4], 0, "the dealer sat out: {changes:?}");
    // The deal verifies like any: its record, dealt anew from the revealed
    // seed at a table of five, matches the commitment shown before.
    let Some(Outgoing::Settlement { text, .. }) = h.settlements_of(table).last().copied() else {
        panic!("no settlement");
    };
    let reveal = tarock_game_core::fair::Reveal {
        seed: hex_after(text, "Seed: "),
        salt: hex_after(text, "Salz: "),
    };
    let rules: serde_json::Value =
        serde_json::from_str(&h.loaded(table).await.table.rules).unwrap();
    let kind = tarock_games::by_id("koenigrufen").unwrap();
    let dealt = tarock_games::SeededRound::new(kind, &rules, 5, Seat::new(0), &reveal.seed)
        .unwrap()
        .round()
        .to_record()
        .unwrap();
    tarock_table::fair::verify_round(published, &reveal, &dealt, None).unwrap();
    let mut tampered = reveal.clone();
    tampered.seed[0] ^= 1;
    assert!(tarock_table::fair::verify_round(published, &tampered, &dealt, None).is_err());
    // Deal 2: the deal passes on; Bert (seat 1) is Vorhand and Anna deals
    // and sits it out: told so, without buttons.
    assert!(
        h.run("anna", CommandKind::Start(Some(table)))
            .await
            .is_empty()
    );
    let loaded = h.loaded(table).await;
    let deal = loaded.deal.as_ref().unwrap();
    assert_eq!((deal.deal.number, deal.deal.forehand.index()), (2, 1));
    let Some(Outgoing::Private { text, buttons, .. }) = h.last_private_of(table, "anna") else {
        panic!("anna hears from the table");
    };
    assert!(text.contains("setzt dieses Spiel aus"), "{text}");
    assert!(buttons.is_empty());
    play_round(&mut h, table, &["bert"], &mut rng).await;
    let changes = check_settled(&h, table, 5, &["bert"]).await;
    assert_eq!(changes[0], 0, "Anna sat out: {changes:?}");
}

#[tokio::test]
async fn two_people_at_koenigrufen_each_act_only_on_their_turn() {
    let mut h = Harness::new(14).await;
    let table = started(&mut h, "koenigrufen", 4, &["anna", "bert"], "easy").await;
    let mut rng = StdRng::seed_from_u64(4);
    play_round(&mut h, table, &["anna", "bert"], &mut rng).await;
    check_settled(&h, table, 4, &["anna", "bert"]).await;
}

/// The person to act at `table` and their first action button.
async fn to_act(h: &Harness, table: TableId) -> (String, String) {
    let loaded = h.loaded(table).await;
    let round = loaded.deal.as_ref().unwrap().round.as_ref().unwrap();
    let seat = round.round().to_act().unwrap();
    let name = loaded
        .seats
        .iter()
        .find(|r| r.seat == seat)
        .and_then(|r| r.player.as_ref())
        .map(|p| p.display_name.clone())
        .unwrap();
    let payload = keyboard(h, table, &name)
        .into_iter()
        .flatten()
        .map(|b| b.payload)
        .find(|p| is_act(p))
        .unwrap();
    (name, payload)
}

#[tokio::test]
async fn wrong_presses_are_refused_and_change_nothing() {
    let mut h = Harness::new(15).await;
    let table = started(&mut h, "zwanzig-ab", 3, &["anna", "bert"], "easy").await;
    // Drive to a turn of a person.
    let (name, payload) = to_act(&h, table).await;
    let other = if name == "anna" { "bert" } else { "anna" };
    let events = h.loaded(table).await.deal.unwrap().events.len();
    let notice = |r: Vec<Outgoing>| match r.as_slice() {
        [Outgoing::Notice { text, .. }] => text.clone(),
        other => panic!("expected one notice, got {other:?}"),
    };
    // Someone else's turn.
    let text = notice(h.press(other, &payload).await);
    assert!(
        text.contains("nicht dran") || text.contains("dran"),
        "{text}"
    );
    // A token the game does not know, on the right step.
    let (prefix, _) = payload.rsplit_once(':').unwrap();
    let text = notice(h.press(&name, &format!("{prefix}:gzz9")).await);
    assert!(!text.is_empty());
    // A button of another step.
    let parts: Vec<&str> = payload.split(':').collect();
    let stale = format!("{}:1.999:{}", parts[0], parts[2]);
    let text = notice(h.press(&name, &stale).await);
    assert!(!text.is_empty());
    // A card of Zwanzigerrufen that 20 ab lacks (the Pagat), typed.
    let text = notice(
        h.run(
            &name,
            CommandKind::TurnWords(Some(table), None, vec!["I".into()]),
        )
        .await,
    );
    assert_eq!(text, "„I“ gibt es in diesem Spiel nicht.");
    assert_eq!(h.loaded(table).await.deal.unwrap().events.len(), events);
    // The right press works, once: pressed again it is stale.
    assert!(h.press(&name, &payload).await.is_empty());
    assert_eq!(h.loaded(table).await.deal.unwrap().events.len(), events + 1);
    assert_eq!(h.press(&name, &payload).await.len(), 1);
}

#[tokio::test]
async fn seat_counts_and_game_names_are_checked_when_a_table_opens() {
    let mut h = Harness::new(16).await;
    let refused = |r: Vec<Outgoing>| match r.as_slice() {
        [Outgoing::Notice { text, .. }] => text.clone(),
        other => panic!("expected a refusal, got {other:?}"),
    };
    let text = refused(
        h.run("anna", CommandKind::Create(settings("zwanzig-ab", Some(6))))
            .await,
    );
    assert!(text.contains("3 bis 5"), "{text}");
    let text = refused(
        h.run(
            "anna",
            CommandKind::Create(settings("koenigrufen", Some(3))),
        )
        .await,
    );
    // Königrufen is played by four; a fifth seat deals and sits out.
    assert!(text.contains("4 bis 5"), "{text}");
    let text = refused(
        h.run("anna", CommandKind::Create(settings("poker", None)))
            .await,
    );
    assert!(text.contains("kenne ich nicht"), "{text}");
    // 20 ab without a seat count has the game's default; a seat number
    // past the table's is refused.
    let table = h.create("anna", settings("zwanzig-ab", None)).await;
    let loaded = h.loaded(table).await;
    assert!((3..=5).contains(&loaded.table.seats));
    let r = h
        .run("bert", CommandKind::Join(Some(table), Some(Seat::new(4))))
        .await;
    if loaded.table.seats < 5 {
        assert!(refused(r).contains("Platz mit dieser Nummer"));
    }
}

#[tokio::test]
async fn a_round_survives_a_restart_from_its_seed_and_tokens() {
    let mut h = Harness::new(17).await;
    let table = started(&mut h, "koenigrufen", 4, &["anna"], "easy").await;
    let (name, payload) = to_act(&h, table).await;
    assert!(h.press(&name, &payload).await.is_empty());
    let before = h.loaded(table).await.deal.unwrap();
    let mut h = h.restart().await;
    let after = h.loaded(table).await.deal.unwrap();
    assert!(
        after
            .round
            .as_ref()
            .unwrap()
            .round()
            .same_as(before.round.as_ref().unwrap().round())
    );
    // The hand shown again is the same text.
    let shown = h.run("anna", CommandKind::Hand(Some(table))).await;
    let again = shown
        .first()
        .map(|m| m.text().to_owned())
        .unwrap_or_default();
    let last = h.last_private_of(table, "anna").unwrap().text().to_owned();
    assert_eq!(again, last);
    let mut rng = StdRng::seed_from_u64(5);
    play_round(&mut h, table, &["anna"], &mut rng).await;
    check_settled(&h, table, 4, &["anna"]).await;
}

/// The 64 hexadecimal digits after `label` in `text`.
fn hex_after(text: &str, label: &str) -> [u8; 32] {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in {text}"));
    let digits: String = text[at + label.len()..].chars().take(64).collect();
    tarock_game_core::fair::parse_hex(&digits).unwrap()
}

/// A round of 20 ab is as provably fair as a Zwanzigerrufen deal: the table
/// message shows the commitment before any hand, the settlement reveals
/// seed and salt, and they verify against the dealt cards; a changed seed,
/// salt or card does not.
#[tokio::test]
async fn a_round_is_committed_before_any_hand_and_revealed_after() {
    use tarock_game_core::fair::{Commitment, Reveal};
    let mut h = Harness::new(18).await;
    let table = h.create("anna", settings("zwanzig-ab", Some(3))).await;
    for _ in 0..2 {
        h.run(
            "anna",
            CommandKind::AddComputer(Some(table), "easy".into(), None),
        )
        .await;
    }
    let before = h.sent.len();
    h.run("anna", CommandKind::Start(Some(table))).await;
    // The first message of the round with the commitment comes before
    // Anna's first private message.
    let started = &h.sent[before..];
    let first_table = started
        .iter()
        .position(|m| matches!(m, Outgoing::Table { text, .. } if text.contains("festgelegt vor dem Austeilen")))
        .expect("a table message with the commitment");
    let first_private = started
        .iter()
        .position(|m| matches!(m, Outgoing::Private { .. }))
        .expect("Anna's hand");
    assert!(first_table < first_private);
    let published = Commitment(hex_after(
        started[first_table].text(),
        "festgelegt vor dem Austeilen: ",
    ));
    // The dealt round, as anyone can rebuild it from the stored export of
    // the seats and rules once the seed is known.
    let loaded = h.loaded(table).await;
    let first = loaded.deal.as_ref().unwrap().deal.forehand;
    let mut rng = StdRng::seed_from_u64(6);
    play_round(&mut h, table, &["anna"], &mut rng).await;
    let Some(Outgoing::Settlement { text, .. }) = h.settlements_of(table).last().copied() else {
        panic!("no settlement");
    };
    let reveal = Reveal {
        seed: hex_after(text, "Seed: "),
        salt: hex_after(text, "Salz: "),
    };
    assert_eq!(hex_after(text, "Prüfwert: "), published.0);
    let kind = tarock_games::by_id("zwanzig-ab").unwrap();
    let dealt = tarock_games::SeededRound::new(kind, &"standard".into(), 3, first, &reveal.seed)
        .unwrap()
        .round()
        .to_record()
        .unwrap();
    tarock_table::fair::verify_round(published, &reveal, &dealt, None).unwrap();
    // Each tampered part fails.
    let mut seed = reveal.clone();
    seed.seed[0] ^= 1;
    assert!(tarock_table::fair::verify_round(published, &seed, &dealt, None).is_err());
    let mut salt = reveal.clone();
    salt.salt[0] ^= 1;
    assert!(tarock_table::fair::verify_round(published, &salt, &dealt, None).is_err());
    let mut other = published;
    other.0[31] ^= 1;
    assert!(tarock_table::fair::verify_round(other, &reveal, &dealt, None).is_err());
    // A record of other cards (another seed's deal) is not this one.
    let forged = tarock_games::SeededRound::new(kind, &"standard".into(), 3, first, &[0; 32])
        .unwrap()
        .round()
        .to_record()
        .unwrap();
    assert!(tarock_table::fair::verify_round(published, &reveal, &forged, None).is_err());
}

/// Plays `table` by the people's action buttons, chosen at random, until
/// the person to act is offered a choice in several presses; their name and
/// one of those draft buttons. A finished round is followed by the next.
async fn until_a_draft(h: &mut Harness, table: TableId, rng: &mut StdRng) -> (String, String) {
    for _ in 0..5_000 {
        let loaded = h.loaded(table).await;
        let active = loaded
            .deal
            .as_ref()
            .is_some_and(|d| d.deal.status == DealStatus::Active);
        if !active {
            let creator = loaded.seats[0]
                .player
                .as_ref()
                .unwrap()
                .display_name
                .clone();
            assert!(
                h.run(&creator, CommandKind::Start(Some(table)))
                    .await
                    .is_empty()
            );
            continue;
        }
        let round = loaded.deal.as_ref().unwrap().round.as_ref().unwrap();
        let seat = round.round().to_act().unwrap();
        let name = loaded
            .seats
            .iter()
            .find(|r| r.seat == seat)
            .and_then(|r| r.player.as_ref())
            .map(|p| p.display_name.clone())
            .expect("only people sit at the table");
        let buttons: Vec<(String, String)> = keyboard(h, table, &name)
            .into_iter()
            .flatten()
            .map(|b| (b.label, b.payload))
            .collect();
        if let Some((_, draft)) = buttons.iter().find(|(_, p)| !is_act(p)) {
            return (name, draft.clone());
        }
        // Königrufen: a Rufer (a game with the talon) is bid and the rest
        // pass; anything else at random.
        let labelled = |word: &str| buttons.iter().find(|(l, _)| l.contains(word));
        let payload = match labelled("Rufer").or_else(|| labelled("Weiter")) {
            Some((_, p)) => p.clone(),
            None => buttons[rng.random_range(0..buttons.len())].1.clone(),
        };
        assert!(h.press(&name, &payload).await.is_empty());
    }
    panic!("no choice in several presses came up")
}

#[tokio::test]
async fn a_forged_draft_button_is_refused_with_a_reason_and_changes_nothing() {
    for (game, seats, people) in [
        (
            "koenigrufen",
            4,
            ["anna", "bert", "cleo", "dora"].as_slice(),
        ),
        ("zwanzig-ab", 3, ["anna", "bert", "cleo"].as_slice()),
    ] {
        let mut h = Harness::new(31).await;
        let table = started(&mut h, game, seats, people, "easy").await;
        let mut rng = StdRng::seed_from_u64(31);
        let (name, draft) = until_a_draft(&mut h, table, &mut rng).await;
        let (prefix, _) = draft.rsplit_once(':').unwrap();
        let events = h.loaded(table).await.deal.unwrap().events.len();
        let sent = h.sent.len();
        // A draft no message offered: not the game's notation at all, and
        // (in the game's notation) a card the presser does not hold.
        let foreign = match game {
            "koenigrufen" => "~Dzz".to_owned(),
            _ => "~x.zz".to_owned(),
        };
        for forged in [format!("{prefix}:~bogus"), format!("{prefix}:{foreign}")] {
            h.set_lang(&name, Lang::De);
            match h.press(&name, &forged).await.as_slice() {
                [Outgoing::Notice { text, .. }] => assert_eq!(
                    text,
                    "Diese Auswahl gibt es nicht. Wähl die Karten mit den Knöpfen deiner letzten Nachricht aus.",
                    "{game} {forged}"
                ),
                other => panic!("{game} {forged}: expected a refusal, got {other:?}"),
            }
            h.set_lang(&name, Lang::En);
            match h.press(&name, &forged).await.as_slice() {
                [Outgoing::Notice { text, .. }] => assert_eq!(
                    text,
                    "That choice is not on offer. Pick the cards with the buttons of your latest message.",
                    "{game} {forged}"
                ),
                other => panic!("{game} {forged}: expected a refusal, got {other:?}"),
            }
        }
        assert_eq!(h.loaded(table).await.deal.unwrap().events.len(), events);
        assert_eq!(h.sent.len(), sent, "nothing was sent to anyone");
        // The draft the message offered still shows the next step.
        match h.press(&name, &draft).await.as_slice() {
            [Outgoing::Private { buttons, .. }] => assert!(!buttons.is_empty()),
            other => panic!("{game}: the offered draft was refused: {other:?}"),
        }
    }
}

/// What `seat` may play now, as card ids, when it is to play a card to a
/// trick (Königrufen or 20 ab); `None` in any other turn.
fn playable(
    round: &dyn tarock_game_core::DynGame,
    seat: Seat,
) -> Option<(Vec<String>, Vec<String>)> {
    if let Some(kr) = round.downcast_ref::<tarock_koenigrufen::Koenigrufen>() {
        let game = kr.game()?;
        let view = game.view(kr.game_seat(seat)?);
        let legal = view
            .legal
            .filter(|_| game.public_view().phase == tarock_koenigrufen::Phase::Play)?;
        let all = tarock_koenigrufen::Card::all().filter(|c| !view.hand.contains(*c));
        return Some((
            legal.cards.iter().map(|c| c.to_string()).collect(),
            all.map(|c| c.to_string()).collect(),
        ));
    }
    let ab = round
        .downcast_ref::<tarock_zwanzig_ab::ZwanzigAb>()?
        .session();
    let view = ab.view(tarock_zwanzig_ab::Seat::new(seat.number())?);
    let legal = view
        .legal
        .filter(|l| view.public.phase == tarock_zwanzig_ab::Phase::Play && !l.cards.is_empty())?;
    let all = tarock_zwanzig_ab::Card::all().filter(|c| !view.hand.contains(*c));
    Some((
        legal.cards.iter().map(|c| c.to_string()).collect(),
        all.map(|c| c.to_string()).collect(),
    ))
}

/// Plays `table` (Anna and computers) by Anna's action buttons until she
/// is to play a card: the cards she may play and those she does not hold.
async fn until_anna_plays(
    h: &mut Harness,
    table: TableId,
    rng: &mut StdRng,
) -> (Vec<String>, Vec<String>) {
    let mut drafted: Option<Keyboard> = None;
    for _ in 0..2_000 {
        let loaded = h.loaded(table).await;
        let deal = loaded.deal.as_ref().unwrap();
        if deal.deal.status != DealStatus::Active {
            assert!(
                h.run("anna", CommandKind::Start(Some(table)))
                    .await
                    .is_empty()
            );
            continue;
        }
        let round = deal.round.as_ref().unwrap().round();
        let seat = round.to_act().unwrap();
        if let Some(cards) = playable(round, seat) {
            return cards;
        }
        let buttons: Vec<(String, String)> = match drafted.take() {
            Some(buttons) => buttons,
            None => keyboard(h, table, "anna"),
        }
        .into_iter()
        .flatten()
        .map(|b| (b.label, b.payload))
        .collect();
        let acts: Vec<&(String, String)> = buttons.iter().filter(|(_, p)| is_act(p)).collect();
        let labelled = |word: &str| acts.iter().find(|(l, _)| l.contains(word));
        // A choice in several presses (a discard, an exchange): its steps.
        let payload = match labelled("Weiter").or_else(|| labelled("Bleiben")) {
            Some((_, p)) => p.clone(),
            None if acts.is_empty() => buttons[rng.random_range(0..buttons.len())].1.clone(),
            None => acts[rng.random_range(0..acts.len())].1.clone(),
        };
        for reply in h.press("anna", &payload).await {
            match reply {
                Outgoing::Private { buttons, .. } => drafted = Some(buttons),
                other => panic!("{payload}: {other:?}"),
            }
        }
    }
    panic!("Anna never got to play a card")
}

#[tokio::test]
async fn cards_are_typed_the_same_way_in_every_game() {
    for game in ["koenigrufen", "zwanzig-ab"] {
        let mut h = Harness::new(32).await;
        let seats = if game == "koenigrufen" { 4 } else { 3 };
        let table = started(&mut h, game, seats, &["anna"], "easy").await;
        let t = Some(table);
        let mut rng = StdRng::seed_from_u64(32);
        let (legal, not_held) = until_anna_plays(&mut h, table, &mut rng).await;
        let events = h.loaded(table).await.deal.unwrap().events.len();
        let typed = |text: &str| CommandKind::TurnWords(t, None, vec![text.to_lowercase()]);
        let refusal = |r: Vec<Outgoing>| match r.as_slice() {
            [Outgoing::Notice { text, .. }] => text.clone(),
            other => panic!("{game}: expected a refusal, got {other:?}"),
        };
        // A card of the game she does not hold: the game's card answer.
        let text = refusal(h.run("anna", typed(&not_held[0])).await);
        assert_eq!(text, "Diese Karte hast du nicht.", "{game}");
        // A card of another game, and a text that is no card.
        let foreign = if game == "koenigrufen" { "sA" } else { "XXI" };
        let text = refusal(h.run("anna", typed(foreign)).await);
        assert_eq!(
            text,
            format!(
                "„{}“ gibt es in diesem Spiel nicht.",
                foreign.to_lowercase()
            )
        );
        let text = refusal(h.run("anna", typed("hallo")).await);
        assert_eq!(
            text,
            "„hallo“ ist keine Karte. Tipp eine Karte wie ♥K oder hK, oder nimm die Knöpfe."
        );
        h.set_lang("anna", Lang::En);
        let text = refusal(h.run("anna", typed("hallo")).await);
        assert_eq!(
            text,
            "“hallo” is not a card. Type a card like ♥K or hK, or use the buttons."
        );
        h.set_lang("anna", Lang::De);
        assert_eq!(h.loaded(table).await.deal.unwrap().events.len(), events);
        // A card she may play, typed with its suit symbol: played.
        let card = &legal[0];
        let spelled = match card.strip_prefix('T') {
            Some(n) => format!("T{n}"),
            None => card
                .replacen('h', "♥", 1)
                .replacen('d', "♦", 1)
                .replacen('c', "♣", 1)
                .replacen('s', "♠", 1),
        };
        let r = h
            .run(
                "anna",
                CommandKind::TurnWords(t, None, vec![spelled.clone()]),
            )
            .await;
        assert!(r.is_empty(), "{game} {spelled}: {r:?}");
        let deal = h.loaded(table).await.deal.unwrap();
        let mine = &deal.events[events];
        assert_eq!(mine.seat, Seat::new(0));
        let token = if game == "koenigrufen" {
            tarock_koenigrufen::Action::Play(card.parse().unwrap()).code()
        } else {
            card.clone()
        };
        assert_eq!(mine.action, token, "{game} {spelled}");
    }
}

/// The tricks completed in the round, and how many of them `seat`'s side
/// took as far as `seat` knows its side (20 ab: its own); `None` while it
/// does not know.
fn tricks_of(round: &dyn tarock_game_core::DynGame, seat: Seat) -> (usize, Option<usize>) {
    if let Some(kr) = round.downcast_ref::<tarock_koenigrufen::Koenigrufen>() {
        let game = kr.game().unwrap();
        let view = game.view(kr.game_seat(seat).unwrap());
        let tricks = &view.public.tricks;
        let mine = view.parties[seat.index()].map(|p| {
            tricks
                .iter()
                .filter(|t| view.parties[t.winner.index()] == Some(p))
                .count()
        });
        return (tricks.len(), mine);
    }
    let ab = round
        .downcast_ref::<tarock_zwanzig_ab::ZwanzigAb>()
        .unwrap()
        .session();
    let tricks = ab.public_view().tricks;
    let me = tarock_zwanzig_ab::Seat::new(seat.number()).unwrap();
    (
        tricks.len(),
        Some(tricks.iter().filter(|t| t.winner == me).count()),
    )
}

#[tokio::test]
async fn last_trick_and_our_tricks_work_in_every_game() {
    for game in ["koenigrufen", "zwanzig-ab"] {
        let mut h = Harness::new(33).await;
        let seats = if game == "koenigrufen" { 4 } else { 3 };
        let table = started(&mut h, game, seats, &["anna"], "easy").await;
        let t = Some(table);
        let mut rng = StdRng::seed_from_u64(33);
        let notice = |r: Vec<Outgoing>| match r.as_slice() {
            [Outgoing::Notice { text, .. }] => text.clone(),
            other => panic!("{game}: expected a notice, got {other:?}"),
        };
        // Before the first trick.
        let text = notice(h.run("anna", CommandKind::LastTrick(t)).await);
        assert_eq!(text, "Es wurde noch kein Stich gespielt.", "{game}");
        // Play on until a trick is done and Anna is to play again.
        let mine = loop {
            let (legal, _) = until_anna_plays(&mut h, table, &mut rng).await;
            let loaded = h.loaded(table).await;
            let round = loaded
                .deal
                .as_ref()
                .unwrap()
                .round
                .as_ref()
                .unwrap()
                .round();
            let (done, mine) = tricks_of(round, Seat::new(0));
            if done > 0 {
                break mine;
            }
            let r = h
                .run(
                    "anna",
                    CommandKind::TurnWords(t, None, vec![legal[0].clone()]),
                )
                .await;
            assert!(r.is_empty(), "{r:?}");
        };
        let last = notice(h.run("anna", CommandKind::LastTrick(t)).await);
        assert!(last.starts_with("Letzter Stich: "), "{game}: {last}");
        // One card per seat in the deal (in 20 ab, those who did not drop).
        let plays = last.matches(", ").count() + 1;
        assert!((2..=usize::from(seats)).contains(&plays), "{last}");
        assert!(
            h.last_table_text().lines().any(|l| l == last),
            "{game}: the table message shows the same trick: {last}"
        );
        let ours = notice(h.run("anna", CommandKind::OurTricks(t)).await);
        match (game, mine) {
            ("koenigrufen", None) => assert_eq!(
                ours, "Du weißt noch nicht, wer zu deiner Partei gehört.",
                "{ours}"
            ),
            ("koenigrufen", Some(n)) => assert!(
                ours.starts_with(&format!("Stiche der Spieler ({n})"))
                    || ours.starts_with(&format!("Stiche der Gegner ({n})")),
                "{ours}"
            ),
            (_, Some(n)) => assert!(ours.starts_with(&format!("Deine Stiche ({n})")), "{ours}"),
            _ => unreachable!(),
        }
        h.set_lang("anna", Lang::En);
        let last = notice(h.run("anna", CommandKind::LastTrick(t)).await);
        assert!(last.starts_with("Last trick: "), "{game}: {last}");
    }
}
