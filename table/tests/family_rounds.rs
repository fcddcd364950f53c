//! Whole rounds of the game family at the table service, steered by the
//! buttons people press: Königrufen deals of every contract family with
//! German and English people at one table, the deadlines of every new kind
//! of decision (the reminder at half the pace, the stand-in at the
//! deadline), and 20 ab sessions in English and back to back.
//!
//! Bids are found by their labels as the catalogues write them (never
//! copied from the service's output); the contract each deal ends in is
//! checked in the table message, the chat and the settlement, and every
//! settlement against the engine's for the stored round.

mod common;

use common::family::{is_act, keyboard, started};
use common::{Harness, T0, user};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_game_core::Seat;
use tarock_koenigrufen::{Game as KrGame, Half, Koenigrufen, Phase as KrPhase};
use tarock_koenigrufen_face::words::{card_label, cards_text};
use tarock_storage::{DealStatus, Event, LoadedTable, Participant, TableId};
use tarock_table::{Clock, CommandKind, Keyboard, Lang, Outgoing, Pace, TableSettings, tr};
use tarock_zwanzig_ab::{Action as AbAction, Phase as AbPhase, Session, ZwanzigAb};
use tarock_zwanzig_ab_face::card_label as ab_card_label;

const HOUR: i64 = 3_600_000;

fn settings(game: &str, seats: u8, lang: Lang, pace: Pace) -> TableSettings {
    TableSettings {
        game: game.into(),
        seats: Some(seats),
        pace,
        lang,
        ..TableSettings::default()
    }
}

/// The name of the person on `seat`, if a person sits there.
fn person_on(loaded: &LoadedTable, seat: Seat) -> Option<String> {
    loaded
        .seats
        .iter()
        .find(|r| r.seat == seat)
        .and_then(|r| r.player.as_ref())
        .map(|p| p.display_name.clone())
}

/// The Königrufen deal of the table's active round.
fn kr_game(loaded: &LoadedTable) -> &KrGame {
    loaded
        .deal
        .as_ref()
        .and_then(|d| d.round.as_ref())
        .and_then(|r| r.round().downcast_ref::<Koenigrufen>())
        .and_then(Koenigrufen::game)
        .expect("a dealt round of Königrufen")
}

/// The 20 ab session of the table's round.
fn ab_session(loaded: &LoadedTable) -> &Session {
    loaded
        .deal
        .as_ref()
        .and_then(|d| d.round.as_ref())
        .and_then(|r| r.round().downcast_ref::<ZwanzigAb>())
        .map(ZwanzigAb::session)
        .expect("a round of 20 ab")
}

fn table_seat(seat: tarock_koenigrufen::Seat) -> Seat {
    Seat::new(seat as u8)
}

/// A contract's name as the catalogue of `lang` writes it.
fn contract(word: &str, lang: Lang) -> String {
    tr!(lang, &format!("kr-contract-{word}"))
}

/// How the people bid in one deal of Königrufen.
#[derive(Clone, Copy, Debug)]
enum Plan {
    /// The Vorhand says "Vorhand", everyone passes, she chooses this game.
    Choice(&'static str),
    /// The Vorhand opens with this game, everyone passes.
    Opening(&'static str),
    /// The Vorhand says "Vorhand", the next to speak bids this game, the
    /// rest pass.
    Second(&'static str),
}

/// Where the driver stops: before the press it would make.
type Stop<'a> = &'a dyn Fn(&KrGame, &[String], Lang) -> bool;

/// Plays the Königrufen deal of `table` by the people's buttons, bidding by
/// `plan`, until the deal ends (`false`) or `stop` says so before a press
/// (`true`). The discard is made in steps (a draft per card, then the
/// confirm button); announcements are passed; cards are chosen at random.
async fn drive_kr(
    h: &mut Harness,
    table: TableId,
    plan: Plan,
    rng: &mut StdRng,
    stop: Stop<'_>,
) -> bool {
    let mut drafts: Option<(String, Keyboard)> = None;
    for _ in 0..2_000 {
        let loaded = h.loaded(table).await;
        let deal = loaded.deal.as_ref().expect("a round");
        if deal.deal.status != DealStatus::Active {
            return false;
        }
        let game = kr_game(&loaded);
        let seat = game.to_act().expect("someone is to act");
        let name = person_on(&loaded, table_seat(seat)).expect("people only");
        let lang = h.lang(&name);
        let buttons = match drafts.take() {
            Some((who, buttons)) if who == name => buttons,
            _ => keyboard(h, table, &name),
        };
        let all: Vec<(String, String)> = buttons
            .iter()
            .flatten()
            .map(|b| (b.label.clone(), b.payload.clone()))
            .collect();
        assert!(!all.is_empty(), "{name} is to act without buttons");
        let labels: Vec<String> = all.iter().map(|(l, _)| l.clone()).collect();
        if stop(game, &labels, lang) {
            return true;
        }
        let by_label = |label: &str| -> String {
            all.iter()
                .find(|(l, p)| l == label && is_act(p))
                .map(|(_, p)| p.clone())
                .unwrap_or_else(|| panic!("{name} has no button {label:?}: {labels:?}"))
        };
        let acts: Vec<&String> = all.iter().map(|(_, p)| p).filter(|p| is_act(p)).collect();
        let weiter = tr!(lang, "kr-button-weiter");
        let payload = match game.phase() {
            KrPhase::Auction => {
                let opening = labels.contains(&tr!(lang, "kr-button-vorhand"));
                let want = match plan {
                    Plan::Choice(word) if game.auction().awaits_choice() => contract(word, lang),
                    Plan::Choice(_) | Plan::Second(_) if opening => tr!(lang, "kr-button-vorhand"),
                    Plan::Opening(word) if opening => contract(word, lang),
                    Plan::Second(word)
                        if seat == game.auction().vorhand().next()
                            && game.auction().group().first().is_none() =>
                    {
                        contract(word, lang)
                    }
                    _ => weiter.clone(),
                };
                by_label(&want)
            }
            KrPhase::Discard => {
                let clear = tr!(lang, "kr-button-clear");
                match acts.first() {
                    Some(confirm) => (*confirm).clone(),
                    None => all
                        .iter()
                        .find(|(l, _)| !l.starts_with('✓') && *l != clear)
                        .map(|(_, p)| p.clone())
                        .expect("a card to pick"),
                }
            }
            // The end of an announcement turn: "ich liege" for the
            // declarer's opening turn, "gut" for an empty one.
            KrPhase::Announcements
                if let Some(done) = ["kr-button-liege", "kr-button-gut", "kr-button-fertig"]
                    .map(|id| tr!(lang, id))
                    .into_iter()
                    .find(|l| labels.contains(l)) =>
            {
                by_label(&done)
            }
            _ => {
                assert!(!acts.is_empty(), "{name}: no action among {labels:?}");
                acts[rng.random_range(0..acts.len())].clone()
            }
        };
        let replies = h.press(&name, &payload).await;
        for reply in replies {
            match reply {
                Outgoing::Private { buttons, .. } => drafts = Some((name.clone(), buttons)),
                Outgoing::Notice { text, .. } => panic!("{name} pressed {payload}: {text}"),
                other => panic!("{name} pressed {payload}: unexpected {other:?}"),
            }
        }
    }
    panic!("the deal did not end")
}

/// Never stops.
fn to_the_end(_: &KrGame, _: &[String], _: Lang) -> bool {
    false
}

/// The checks of every finished round: the settlement posted is the
/// engine's for the stored round, zero-sum over `seats`, one ledger row
/// per seat, and each person got a marked private copy. Returns the
/// changes and the settlement's text.
async fn check_settled(
    h: &Harness,
    table: TableId,
    seats: u8,
    people: &[&str],
) -> (Vec<i64>, String, usize) {
    let loaded = h.loaded(table).await;
    let deal = loaded.deal.as_ref().unwrap();
    assert_eq!(deal.deal.status, DealStatus::Finished);
    let round = deal.round.as_ref().unwrap();
    let engine = round
        .round()
        .settlement()
        .expect("a finished round settles");
    let posted = h.settlements_of(table);
    let Some(Outgoing::Settlement {
        changes,
        text,
        items,
        ..
    }) = posted.last()
    else {
        panic!("no settlement posted");
    };
    assert_eq!(changes.as_slice(), engine.units());
    assert_eq!(changes.len(), usize::from(seats));
    assert_eq!(changes.iter().sum::<i64>(), 0);
    let stored = h.store().settlement(deal.deal.id).await.unwrap().unwrap();
    assert_eq!(stored.seats.len(), usize::from(seats));
    for (seat, _, units) in &stored.seats {
        assert_eq!(*units, changes[seat.index()]);
    }
    for name in people {
        let copy = h.last_private_of(table, name).expect("a private copy");
        assert!(copy.text().contains('▶'), "{name}: {}", copy.text());
    }
    (changes.clone(), text.clone(), items.len())
}

/// The labels of every card of `cards` in `lang`.
fn labels_of(cards: tarock_koenigrufen::CardSet, lang: Lang) -> Vec<String> {
    cards.iter().map(|c| card_label(c, lang)).collect()
}

/// The words of a text as cards could stand in it.
fn tokens(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ':' | '|' | ',' | '(' | ')' | '·'))
        .filter(|t| !t.is_empty())
        .collect()
}

/// After a deal of Königrufen: the contract `word` by `declarer` in the
/// chat's announcement, the table message and the settlement (in the
/// table's German) and in every person's private copy (in their language,
/// under their language's title); settlement items are there.
async fn check_kr_deal(
    h: &Harness,
    table: TableId,
    people: &[&str],
    word: &str,
    declarer: Option<&str>,
) {
    let (changes, text, items) = check_settled(h, table, 4, people).await;
    assert!(items > 0, "Königrufen settles items: {text}");
    assert_eq!(changes.iter().sum::<i64>(), 0);
    let game = contract(word, Lang::De);
    assert!(text.contains(&game), "{game} in {text}");
    let shown = match h.last_table(table) {
        Outgoing::Table { text, .. } => text.clone(),
        _ => unreachable!(),
    };
    if let Some(declarer) = declarer {
        let line = tr!(
            Lang::De,
            "kr-contract",
            game = game.as_str(),
            name = declarer
        );
        assert!(shown.contains(&line), "{line} in {shown}");
        let said = tr!(
            Lang::De,
            "kr-event-contract",
            name = declarer,
            game = game.as_str()
        );
        assert!(
            h.sent.iter().any(
                |m| matches!(m, Outgoing::Chat { table: t, text, .. } if *t == table && *text == said)
            ),
            "the chat says {said}"
        );
    } else {
        assert!(shown.contains(&game), "{game} in {shown}");
    }
    let number = h.loaded(table).await.deal.unwrap().deal.number;
    for name in people {
        let lang = h.lang(name);
        let copy = h.last_private_of(table, name).unwrap().text();
        let title = tr!(
            lang,
            "round-settlement-title",
            table = table.0,
            game = tr!(lang, "kr-name"),
            unit = "deal",
            round = number
        );
        assert!(copy.starts_with(&title), "{name}: {copy}");
        assert!(copy.contains(&contract(word, lang)), "{name}: {copy}");
    }
}

const KR_PEOPLE: [&str; 4] = ["anna", "bert", "cora", "dave"];

/// A Königrufen table of four people, two German (Anna, Cora) and two
/// English (Bert, Dave); the table speaks German.
async fn kr_table(seed: u64, pace: Pace, rules: &str) -> (Harness, TableId) {
    let mut h = Harness::new(seed).await;
    h.set_lang("bert", Lang::En);
    h.set_lang("dave", Lang::En);
    let table = started(
        &mut h,
        TableSettings {
            rules: rules.into(),
            ..settings("koenigrufen", 4, Lang::De, pace)
        },
        &KR_PEOPLE,
        "easy",
    )
    .await;
    (h, table)
}

/// The name of the Vorhand of the table's deal.
async fn vorhand(h: &Harness, table: TableId) -> String {
    let loaded = h.loaded(table).await;
    person_on(&loaded, table_seat(kr_game(&loaded).auction().vorhand())).unwrap()
}

async fn next_round(h: &mut Harness, table: TableId) {
    let r = h.run("anna", CommandKind::Start(Some(table))).await;
    assert!(r.is_empty(), "{r:?}");
}

#[tokio::test]
async fn koenigrufen_deals_of_every_family_in_two_languages() {
    let (mut h, table) = kr_table(41, Pace::LIVE, "standard").await;
    let mut rng = StdRng::seed_from_u64(41);

    // A Rufer: the Vorhand chooses it after everyone passed and calls a King.
    let declarer = vorhand(&h, table).await;
    let called = |g: &KrGame, _: &[String], _: Lang| g.phase() == KrPhase::KingCall;
    assert!(drive_kr(&mut h, table, Plan::Choice("rufer"), &mut rng, &called).await);
    let lang = h.lang(&declarer);
    let labels: Vec<String> = keyboard(&h, table, &declarer)
        .into_iter()
        .flatten()
        .map(|b| b.label)
        .collect();
    let kings: Vec<String> = ["sK", "cK", "hK", "dK"]
        .into_iter()
        .flat_map(|k| {
            let king = card_label(k.parse().unwrap(), lang);
            [
                tr!(lang, "kr-button-call", king = king.as_str()),
                tr!(lang, "kr-button-fourth", king = king),
            ]
        })
        .collect();
    assert!(!labels.is_empty());
    for label in &labels {
        assert!(kings.contains(label), "{label} in {kings:?}");
    }
    drive_kr(&mut h, table, Plan::Choice("rufer"), &mut rng, &to_the_end).await;
    check_kr_deal(&h, table, &KR_PEOPLE, "rufer", Some(&declarer)).await;
    let loaded = h.loaded(table).await;
    let king = kr_game(&loaded).called().expect("a King was called").card;
    let shown = match h.last_table(table) {
        Outgoing::Table { text, .. } => text.clone(),
        _ => unreachable!(),
    };
    assert!(
        shown.contains(&tr!(
            Lang::De,
            "kr-called",
            king = card_label(king, Lang::De)
        )) || shown.contains(&tr!(
            Lang::De,
            "kr-called-fourth",
            king = card_label(king, Lang::De)
        )),
        "{shown}"
    );
    // The settlement's first line names the partner: whoever was dealt the
    // called King (nobody, when it lay in the talon).
    let game = kr_game(&loaded);
    let partner = game
        .deal()
        .holder(king)
        .filter(|s| *s != game.declared().unwrap().declarer)
        .map(|s| person_on(&loaded, table_seat(s)).unwrap());
    for name in KR_PEOPLE {
        let lang = h.lang(name);
        let head = match &partner {
            Some(p) => tr!(
                lang,
                "kr-settle-rufer",
                game = contract("rufer", lang),
                name = declarer.as_str(),
                king = card_label(king, lang),
                partner = p.as_str()
            ),
            None => tr!(
                lang,
                "kr-settle-rufer-alone",
                game = contract("rufer", lang),
                name = declarer.as_str(),
                king = card_label(king, lang)
            ),
        };
        let copy = h.last_private_of(table, name).unwrap().text();
        assert!(copy.contains(&head), "{head} in {copy}");
    }

    // A Dreier: the talon halves in the table message and on the
    // declarer's buttons, no hand anywhere public; the discard in steps.
    next_round(&mut h, table).await;
    let declarer = vorhand(&h, table).await;
    let at_talon = |g: &KrGame, _: &[String], _: Lang| g.phase() == KrPhase::Talon;
    assert!(drive_kr(&mut h, table, Plan::Opening("dreier"), &mut rng, &at_talon).await);
    let loaded = h.loaded(table).await;
    let game = kr_game(&loaded);
    let shown = match h.last_table(table) {
        Outgoing::Table { text, .. } => text.clone(),
        _ => unreachable!(),
    };
    let (first, second) = (
        game.deal().half(Half::First),
        game.deal().half(Half::Second),
    );
    let talon = tr!(
        Lang::De,
        "kr-talon",
        first = cards_text(first, Lang::De),
        second = cards_text(second, Lang::De)
    );
    assert!(shown.contains(&talon), "{talon} in {shown}");
    let words = tokens(&shown);
    for s in tarock_koenigrufen::Seat::ALL {
        for label in labels_of(game.hand(s), Lang::De) {
            assert!(
                !words.contains(&label.as_str()),
                "{label} of a hand in {shown}"
            );
        }
    }
    for name in KR_PEOPLE {
        let text = h.last_private_of(table, name).unwrap().text().to_owned();
        for other in KR_PEOPLE.iter().filter(|o| **o != name) {
            let hidden = cards_text(
                game.hand(
                    tarock_koenigrufen::Seat::new(person_seat(&loaded, other).number()).unwrap(),
                ),
                h.lang(name),
            );
            assert!(!text.contains(&hidden), "{name} sees {other}'s hand");
        }
    }
    let lang = h.lang(&declarer);
    let halves: Vec<String> = keyboard(&h, table, &declarer)
        .into_iter()
        .flatten()
        .map(|b| b.label)
        .collect();
    for (n, half) in [(1u8, first), (2, second)] {
        let label = tr!(
            lang,
            "kr-button-half",
            half = n,
            cards = cards_text(half, lang)
        );
        assert!(halves.contains(&label), "{label} in {halves:?}");
    }
    let at_discard = |g: &KrGame, _: &[String], _: Lang| g.phase() == KrPhase::Discard;
    assert!(
        drive_kr(
            &mut h,
            table,
            Plan::Opening("dreier"),
            &mut rng,
            &at_discard
        )
        .await
    );
    // Three presses pick three cards, each answered with the presser's
    // message; the confirm button lays them aside.
    let before = h.loaded(table).await.deal.unwrap().events.len();
    let lang = h.lang(&declarer);
    let mut buttons = keyboard(&h, table, &declarer);
    for picked in 1..=3 {
        let pick = buttons
            .iter()
            .flatten()
            .find(|b| !is_act(&b.payload) && !b.label.starts_with('✓'))
            .expect("a card to pick")
            .payload
            .clone();
        let replies = h.press(&declarer, &pick).await;
        let [
            Outgoing::Private {
                to,
                buttons: next,
                text,
                ..
            },
        ] = replies.as_slice()
        else {
            panic!("one private answer: {replies:?}");
        };
        assert_eq!(to.name, declarer);
        let ticks = next
            .iter()
            .flatten()
            .filter(|b| b.label.starts_with('✓'))
            .count();
        assert_eq!(ticks, picked, "{text}");
        buttons = next.clone();
    }
    assert_eq!(h.loaded(table).await.deal.unwrap().events.len(), before);
    let confirm = tr!(lang, "kr-button-discard", count = 3);
    let lay = buttons
        .iter()
        .flatten()
        .find(|b| b.label == confirm && is_act(&b.payload))
        .expect("the confirm button")
        .payload
        .clone();
    assert!(h.press(&declarer, &lay).await.is_empty());
    assert_eq!(h.loaded(table).await.deal.unwrap().events.len(), before + 1);
    drive_kr(
        &mut h,
        table,
        Plan::Opening("dreier"),
        &mut rng,
        &to_the_end,
    )
    .await;
    check_kr_deal(&h, table, &KR_PEOPLE, "dreier", Some(&declarer)).await;
    for name in KR_PEOPLE {
        let lang = h.lang(name);
        let head = tr!(
            lang,
            "kr-settle-solo",
            game = contract("dreier", lang),
            name = declarer.as_str()
        );
        let copy = h.last_private_of(table, name).unwrap().text();
        assert!(copy.contains(&head), "{head} in {copy}");
    }

    // A negative game laid open: Bettler ouvert.
    next_round(&mut h, table).await;
    let declarer = vorhand(&h, table).await;
    drive_kr(
        &mut h,
        table,
        Plan::Opening("bettler-ouvert"),
        &mut rng,
        &to_the_end,
    )
    .await;
    check_kr_deal(&h, table, &KR_PEOPLE, "bettler-ouvert", Some(&declarer)).await;
    // The hands were laid open after the first trick, if the deal lasted
    // beyond it: the chat said so.
    let plays = h
        .loaded(table)
        .await
        .deal
        .unwrap()
        .events
        .iter()
        .filter(|e| {
            matches!(
                tarock_koenigrufen::Action::from_code(&e.action),
                Some(tarock_koenigrufen::Action::Play(_))
            )
        })
        .count();
    let ouvert = tr!(Lang::De, "kr-event-ouvert");
    let said = h.sent.iter().any(
        |m| matches!(m, Outgoing::Chat { table: t, text, .. } if *t == table && *text == ouvert),
    );
    assert!(plays >= 4, "{plays} cards played");
    // Said only when play went on after the first trick.
    assert_eq!(
        said,
        plays > 4,
        "the chat says {ouvert} ({plays} cards played)"
    );
    // The table message shows the declarer's hand, open (this seed's
    // Bettler ends before the last trick).
    let loaded = h.loaded(table).await;
    let game = kr_game(&loaded);
    let seat = game.declared().unwrap().declarer;
    let open = tr!(
        Lang::De,
        "kr-open-hand",
        name = declarer.as_str(),
        cards = cards_text(game.hand(seat), Lang::De)
    );
    let shown = h.last_table_text();
    assert!(
        !game.hand(seat).is_empty() && shown.contains(&open),
        "{open} in {shown}"
    );

    // Trischaken: everyone passes, the Vorhand chooses it.
    next_round(&mut h, table).await;
    drive_kr(
        &mut h,
        table,
        Plan::Choice("trischaken"),
        &mut rng,
        &to_the_end,
    )
    .await;
    check_kr_deal(&h, table, &KR_PEOPLE, "trischaken", None).await;

    // Four deals: the balances are the sums of the four settlements.
    let mut sums = [0i64; 4];
    for s in h.settlements_of(table) {
        let Outgoing::Settlement { changes, .. } = s else {
            unreachable!()
        };
        for (sum, c) in sums.iter_mut().zip(changes) {
            *sum += c;
        }
    }
    assert_eq!(h.settlements_of(table).len(), 4);
    let loaded = h.loaded(table).await;
    for b in h.store().table_balances(table).await.unwrap() {
        let Participant::Player(id) = &b.participant else {
            panic!("people only")
        };
        let row = loaded
            .seats
            .iter()
            .find(|r| r.player.as_ref().is_some_and(|p| p.id == *id))
            .unwrap();
        assert_eq!(b.units, sums[row.seat.index()]);
    }
}

/// The seat of person `name`.
fn person_seat(loaded: &LoadedTable, name: &str) -> Seat {
    loaded
        .seats
        .iter()
        .find(|r| r.player.as_ref().is_some_and(|p| p.display_name == name))
        .map(|r| r.seat)
        .unwrap()
}

/// Lets the person to act at `table` run out of time: at half the pace
/// the reminder (a chat mention in the table's language, a private
/// reminder in theirs with the choices), at the pace the stand-in's action,
/// stored `by_computer`, and the round goes on. Returns the event and the
/// round as it was before it.
async fn time_out(h: Harness, table: TableId, table_lang: Lang) -> (Harness, Event, LoadedTable) {
    let mut h = h;
    let before = h.loaded(table).await;
    let deal = before.deal.as_ref().unwrap();
    let events = deal.events.len();
    let seat = deal.round.as_ref().unwrap().round().to_act().unwrap();
    let name = person_on(&before, seat).unwrap();
    let now = h.clock.now_ms();
    let d = h
        .store()
        .deadline(table)
        .await
        .unwrap()
        .expect("a deadline");
    assert_eq!(d.seat, seat);
    assert_eq!(d.seq as usize, events);
    assert_eq!(d.remind_ms, Some(now + HOUR / 2));
    assert_eq!(d.due_ms, now + HOUR);

    h.clock.set(now + HOUR / 2 - 1);
    assert_eq!(h.service.tick().await.unwrap(), 0);
    h.clock.set(now + HOUR / 2);
    assert_eq!(h.service.tick().await.unwrap(), 1);
    let sent = h.drain().await;
    let chat = tr!(
        table_lang,
        "reminder-chat",
        name = name.as_str(),
        minutes = 30
    );
    assert!(
        sent.iter().any(|m| matches!(m,
            Outgoing::Chat { text, mentions, .. } if *text == chat && *mentions == vec![user(&name)])),
        "{chat}: {sent:?}"
    );
    let private = tr!(h.lang(&name), "reminder-private", minutes = 30);
    assert!(
        sent.iter().any(|m| matches!(m,
            Outgoing::Private { to, text, buttons, notify: true, .. }
                if *to == user(&name) && text.starts_with(&private) && !buttons.is_empty())),
        "{private}: {sent:?}"
    );
    assert_eq!(h.loaded(table).await.deal.unwrap().events.len(), events);

    // The service restarts before the deadline: the round is rebuilt from
    // its seed and tokens.
    let mut h = h.restart().await;
    h.clock.set(now + HOUR);
    assert_eq!(h.service.tick().await.unwrap(), 1);
    let sent = h.drain().await;
    let said = tr!(table_lang, "stand-in", name = name.as_str());
    assert!(
        sent.iter()
            .any(|m| matches!(m, Outgoing::Chat { text, .. } if *text == said)),
        "{said}: {sent:?}"
    );
    let after = h.loaded(table).await;
    let deal = after.deal.as_ref().unwrap();
    assert_eq!(deal.events.len(), events + 1);
    let event = deal.events.last().unwrap().clone();
    assert_eq!(event.seat, seat);
    assert!(event.by_computer, "{event:?}");
    // The round went on: finished, or a new deadline for the next step.
    if deal.deal.status == DealStatus::Active {
        let next = h
            .store()
            .deadline(table)
            .await
            .unwrap()
            .expect("a deadline");
        assert_eq!(next.seq as usize, events + 1);
        assert_eq!(next.due_ms, now + 2 * HOUR);
    }
    (h, event, before)
}

#[tokio::test]
async fn koenigrufen_decisions_time_out_to_a_computer_choice() {
    let (mut h, table) = kr_table(42, Pace { ms: HOUR }, "cup2019").await;
    let mut rng = StdRng::seed_from_u64(42);

    // A Rufer: the King call, then the talon pick, time out.
    let at = |phase: KrPhase| move |g: &KrGame, _: &[String], _: Lang| g.phase() == phase;
    let call = at(KrPhase::KingCall);
    assert!(drive_kr(&mut h, table, Plan::Choice("rufer"), &mut rng, &call).await);
    let (h2, event, before) = time_out(h, table, Lang::De).await;
    h = h2;
    let action = tarock_koenigrufen::Action::from_code(&event.action).unwrap();
    assert!(kr_game(&before).is_legal(kr_game(&before).to_act().unwrap(), action));
    assert!(matches!(
        action,
        tarock_koenigrufen::Action::Call(_) | tarock_koenigrufen::Action::CallFourth
    ));
    let loaded = h.loaded(table).await;
    assert!(kr_game(&loaded).called().is_some());
    let talon = at(KrPhase::Talon);
    assert!(drive_kr(&mut h, table, Plan::Choice("rufer"), &mut rng, &talon).await);
    let (h2, event, before) = time_out(h, table, Lang::De).await;
    h = h2;
    let action = tarock_koenigrufen::Action::from_code(&event.action).unwrap();
    assert!(kr_game(&before).is_legal(kr_game(&before).to_act().unwrap(), action));
    assert_ne!(kr_game(&h.loaded(table).await).phase(), KrPhase::Talon);
    drive_kr(&mut h, table, Plan::Choice("rufer"), &mut rng, &to_the_end).await;
    check_settled(&h, table, 4, &KR_PEOPLE).await;

    // "Bei": the Vorhand reserves, the next bids Piccolo, the one after
    // may join it and runs out of time.
    next_round(&mut h, table).await;
    let bei = tr!(
        Lang::De,
        "kr-button-bei",
        game = contract("piccolo", Lang::De)
    );
    let bei_en = tr!(
        Lang::En,
        "kr-button-bei",
        game = contract("piccolo", Lang::En)
    );
    let may_bei = move |g: &KrGame, labels: &[String], _: Lang| {
        g.phase() == KrPhase::Auction && (labels.contains(&bei) || labels.contains(&bei_en))
    };
    assert!(drive_kr(&mut h, table, Plan::Second("piccolo"), &mut rng, &may_bei).await);
    let (h2, event, before) = time_out(h, table, Lang::De).await;
    h = h2;
    let action = tarock_koenigrufen::Action::from_code(&event.action).unwrap();
    assert!(kr_game(&before).is_legal(kr_game(&before).to_act().unwrap(), action));
    drive_kr(
        &mut h,
        table,
        Plan::Second("piccolo"),
        &mut rng,
        &to_the_end,
    )
    .await;
    check_settled(&h, table, 4, &KR_PEOPLE).await;

    // A Dreier: the discard runs out of time; the stand-in lays aside
    // three cards of the declarer's hand and the play begins.
    next_round(&mut h, table).await;
    let discard = at(KrPhase::Discard);
    assert!(drive_kr(&mut h, table, Plan::Opening("dreier"), &mut rng, &discard).await);
    let (h2, event, before) = time_out(h, table, Lang::De).await;
    h = h2;
    let game = kr_game(&before);
    let action = tarock_koenigrufen::Action::from_code(&event.action).unwrap();
    let tarock_koenigrufen::Action::Discard(list) = action else {
        panic!("a discard: {action:?}")
    };
    assert_eq!(list.len(), 3);
    assert!(game.is_legal(game.to_act().unwrap(), action));
    let loaded = h.loaded(table).await;
    assert_ne!(kr_game(&loaded).phase(), KrPhase::Discard);
    // The announcements that follow run out of time too.
    let announce = at(KrPhase::Announcements);
    assert!(drive_kr(&mut h, table, Plan::Opening("dreier"), &mut rng, &announce).await);
    let (h2, event, before) = time_out(h, table, Lang::De).await;
    h = h2;
    let game = kr_game(&before);
    let action = tarock_koenigrufen::Action::from_code(&event.action).unwrap();
    assert!(game.is_legal(game.to_act().unwrap(), action));
    drive_kr(
        &mut h,
        table,
        Plan::Opening("dreier"),
        &mut rng,
        &to_the_end,
    )
    .await;
    check_settled(&h, table, 4, &KR_PEOPLE).await;

    // The Vorhand's opening word of the next deal.
    next_round(&mut h, table).await;
    let loaded = h.loaded(table).await;
    assert_eq!(kr_game(&loaded).phase(), KrPhase::Auction);
    assert!(kr_game(&loaded).log().is_empty());
    let (h2, event, before) = time_out(h, table, Lang::De).await;
    let game = kr_game(&before);
    let action = tarock_koenigrufen::Action::from_code(&event.action).unwrap();
    assert!(game.is_legal(game.to_act().unwrap(), action));
    assert_eq!(kr_game(&h2.loaded(table).await).log().len(), 1);
}

#[tokio::test]
async fn twenty_ab_trump_and_exchange_time_out_by_d23() {
    let mut h = Harness::new(43).await;
    h.set_lang("bert", Lang::En);
    let people = ["anna", "bert", "cora"];
    let table = started(
        &mut h,
        settings("zwanzig-ab", 3, Lang::De, Pace { ms: HOUR }),
        &people,
        "easy",
    )
    .await;
    assert_eq!(h.clock.now_ms(), T0);

    // Trump: the suit with most cards of the maker's first packet.
    let loaded = h.loaded(table).await;
    assert_eq!(ab_session(&loaded).phase(), AbPhase::Trump);
    let (h2, event, before) = time_out(h, table, Lang::De).await;
    h = h2;
    let s = ab_session(&before);
    let packet = s.hand(s.to_act().unwrap());
    assert_eq!(packet.len(), 3, "the first packet only");
    let AbAction::Trump(suit) = AbAction::from_code(&event.action).unwrap() else {
        panic!("trump: {}", event.action)
    };
    let count = |suit| packet.iter().filter(|c| c.suit() == suit).count();
    let most = packet.iter().map(|c| count(c.suit())).max().unwrap();
    assert_eq!(count(suit), most, "{packet:?} → {suit:?}");
    // Ties: the suit of the higher card (position 0 is the Ace).
    let top = |suit| {
        packet
            .iter()
            .filter(|c| c.suit() == suit)
            .map(|c| c.pos())
            .min()
    };
    for card in packet.iter() {
        if count(card.suit()) == most {
            assert!(top(suit) <= top(card.suit()), "{packet:?} → {suit:?}");
        }
    }
    let loaded = h.loaded(table).await;
    assert_eq!(ab_session(&loaded).trump(), Some(suit));

    // The exchange: the stand-in stays.
    let mut rng = StdRng::seed_from_u64(43);
    loop {
        let loaded = h.loaded(table).await;
        let s = ab_session(&loaded);
        if s.phase() == AbPhase::Exchange && s.legal_actions().stay {
            break;
        }
        let name = person_on(&loaded, Seat::new(u8::from(s.to_act().unwrap()))).unwrap();
        let acts: Vec<String> = keyboard(&h, table, &name)
            .into_iter()
            .flatten()
            .map(|b| b.payload)
            .filter(|p| is_act(p))
            .collect();
        let p = acts[rng.random_range(0..acts.len())].clone();
        assert!(h.press(&name, &p).await.is_empty());
    }
    let (h2, event, _) = time_out(h, table, Lang::De).await;
    h = h2;
    assert_eq!(AbAction::from_code(&event.action).unwrap(), AbAction::Stay);
    // The next decision is someone else's, or the play.
    let loaded = h.loaded(table).await;
    let s = ab_session(&loaded);
    assert!(s.to_act().is_some());
    assert_ne!(Seat::new(u8::from(s.to_act().unwrap())), event.seat);
}

/// Plays the 20 ab session of `table` by random buttons of the people
/// (drafts of an exchange too). With `secrecy`, the table message (in that
/// language) is checked at every step: no card of any hand in it.
async fn play_ab(h: &mut Harness, table: TableId, rng: &mut StdRng, secrecy: Option<Lang>) {
    let mut drafts: Option<(String, Keyboard)> = None;
    for _ in 0..20_000 {
        let loaded = h.loaded(table).await;
        let deal = loaded.deal.as_ref().expect("a round");
        if deal.deal.status != DealStatus::Active {
            return;
        }
        if let Some(lang) = secrecy {
            let s = ab_session(&loaded);
            let shown = match h.last_table(table) {
                Outgoing::Table { text, .. } => text.clone(),
                _ => unreachable!(),
            };
            let words = tokens(&shown);
            for seat in 0..loaded.table.seats {
                let hand = s.hand(tarock_zwanzig_ab::Seat::new(seat).unwrap());
                for card in hand.iter() {
                    let label = ab_card_label(card, lang);
                    assert!(
                        !words.contains(&label.as_str()),
                        "{label} of a hand in {shown}"
                    );
                }
            }
        }
        let seat = deal.round.as_ref().unwrap().round().to_act().unwrap();
        let name = person_on(&loaded, seat).expect("the computers do not wait");
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
        let acts: Vec<&String> = all.iter().filter(|p| is_act(p)).collect();
        let payload = if !acts.is_empty() && rng.random_bool(0.7) {
            acts[rng.random_range(0..acts.len())].clone()
        } else {
            all[rng.random_range(0..all.len())].clone()
        };
        for reply in h.press(&name, &payload).await {
            match reply {
                Outgoing::Private { buttons, .. } => drafts = Some((name.clone(), buttons)),
                other => panic!("{name} pressed {payload}: {other:?}"),
            }
        }
    }
    panic!("the session did not end")
}

#[tokio::test]
async fn twenty_ab_with_four_seats_speaks_english_only() {
    let mut h = Harness::new(44).await;
    h.set_lang("anna", Lang::En);
    h.set_lang("bert", Lang::En);
    let table = started(
        &mut h,
        settings("zwanzig-ab", 4, Lang::En, Pace::LIVE),
        &["anna", "bert"],
        "medium",
    )
    .await;
    let mut rng = StdRng::seed_from_u64(44);
    play_ab(&mut h, table, &mut rng, Some(Lang::En)).await;
    let (_, text, _) = check_settled(&h, table, 4, &["anna", "bert"]).await;
    let title = tr!(
        Lang::En,
        "round-settlement-title",
        table = table.0,
        game = tr!(Lang::En, "ab-name"),
        unit = "session",
        round = 1
    );
    assert!(text.starts_with(&title), "{text}");
    // A round of 20 ab is a whole session of deals.
    assert!(
        text.starts_with(&format!(
            "💰 Settlement table {}, 20 ab, session 1\n",
            table.0
        )),
        "{text}"
    );
    // Every message of the table is English: the German words of the
    // titles and buttons never appear.
    let german = [
        tr!(Lang::De, "ab-button-stay"),
        tr!(Lang::De, "ab-button-drop"),
        "Tisch".to_owned(),
        "Partie".to_owned(),
        "Abrechnung".to_owned(),
    ];
    let mut texts = 0;
    for m in &h.sent {
        let (t, labels): (String, Vec<String>) = match m {
            Outgoing::Table { table: t, text, .. } if *t == table => (text.clone(), Vec::new()),
            Outgoing::Private {
                table: t,
                text,
                buttons,
                ..
            } if *t == table => (
                text.clone(),
                buttons.iter().flatten().map(|b| b.label.clone()).collect(),
            ),
            Outgoing::Settlement { table: t, text, .. } if *t == table => {
                (text.clone(), Vec::new())
            }
            Outgoing::Chat { table: t, text, .. } if *t == table => (text.clone(), Vec::new()),
            _ => continue,
        };
        texts += 1;
        for word in &german {
            assert!(!t.contains(word.as_str()), "{word} in {t}");
            assert!(!labels.contains(word), "{word} on a button");
        }
    }
    assert!(texts > 10, "{texts} messages");
    assert!(
        h.last_table_text()
            .starts_with(&format!("🃏 Table {}", table.0))
    );
}

#[tokio::test]
async fn two_twenty_ab_sessions_back_to_back_sum_their_balances() {
    let mut h = Harness::new(45).await;
    let table = started(
        &mut h,
        settings("zwanzig-ab", 3, Lang::De, Pace::LIVE),
        &["anna", "bert"],
        "easy",
    )
    .await;
    let mut rng = StdRng::seed_from_u64(45);
    play_ab(&mut h, table, &mut rng, None).await;
    let (first, _, _) = check_settled(&h, table, 3, &["anna", "bert"]).await;
    next_round(&mut h, table).await;
    let loaded = h.loaded(table).await;
    assert_eq!(loaded.deal.as_ref().unwrap().deal.number, 2);
    play_ab(&mut h, table, &mut rng, None).await;
    let (second, _, _) = check_settled(&h, table, 3, &["anna", "bert"]).await;
    assert_eq!(h.settlements_of(table).len(), 2);
    let loaded = h.loaded(table).await;
    let balances = h.store().table_balances(table).await.unwrap();
    assert_eq!(balances.len(), 3);
    for b in &balances {
        let seat = match &b.participant {
            Participant::Player(id) => {
                loaded
                    .seats
                    .iter()
                    .find(|r| r.player.as_ref().is_some_and(|p| p.id == *id))
                    .unwrap()
                    .seat
            }
            Participant::Computer { seat, .. } => *seat,
        };
        assert_eq!(
            b.units,
            first[seat.index()] + second[seat.index()],
            "{:?}",
            b.participant
        );
    }
    assert_eq!(balances.iter().map(|b| b.units).sum::<i64>(), 0);
}

#[tokio::test]
async fn a_piccolo_joined_by_bei_names_both_declarers() {
    let (mut h, table) = kr_table(46, Pace::LIVE, "cup2019").await;
    let mut rng = StdRng::seed_from_u64(46);
    let bidder = {
        let loaded = h.loaded(table).await;
        let vh = kr_game(&loaded).auction().vorhand();
        person_on(&loaded, table_seat(vh.next())).unwrap()
    };
    let may_bei = |_: &KrGame, labels: &[String], lang: Lang| {
        labels.contains(&tr!(
            lang,
            "kr-button-bei",
            game = contract("piccolo", lang)
        ))
    };
    assert!(drive_kr(&mut h, table, Plan::Second("piccolo"), &mut rng, &may_bei).await);
    let loaded = h.loaded(table).await;
    let joiner = person_on(&loaded, table_seat(kr_game(&loaded).to_act().unwrap())).unwrap();
    let lang = h.lang(&joiner);
    let bei = tr!(lang, "kr-button-bei", game = contract("piccolo", lang));
    let payload = keyboard(&h, table, &joiner)
        .into_iter()
        .flatten()
        .find(|b| b.label == bei)
        .unwrap()
        .payload;
    assert!(h.press(&joiner, &payload).await.is_empty());
    drive_kr(
        &mut h,
        table,
        Plan::Second("piccolo"),
        &mut rng,
        &to_the_end,
    )
    .await;
    let (_, text, items) = check_settled(&h, table, 4, &KR_PEOPLE).await;
    assert!(items > 0);
    let loaded = h.loaded(table).await;
    let declared = kr_game(&loaded).declared().unwrap();
    assert_eq!(declared.bidders.seats().len(), 2);
    let piccolo = contract("piccolo", Lang::De);
    let shown = h.last_table_text();
    for (game, name) in [
        (piccolo.clone(), &bidder),
        (
            tr!(Lang::De, "kr-button-bei", game = piccolo.as_str()),
            &joiner,
        ),
    ] {
        let line = tr!(Lang::De, "kr-contract", game = game, name = name.as_str());
        assert!(shown.contains(&line), "{line} in {shown}");
    }
    // One line per declarer in the settlement: won or lost with its tricks.
    for name in [&bidder, &joiner] {
        let found = (0..=12i64).any(|tricks| {
            ["kr-settle-negative-won", "kr-settle-negative-lost"]
                .into_iter()
                .any(|id| {
                    let line = tr!(
                        Lang::De,
                        id,
                        game = piccolo.as_str(),
                        name = name.as_str(),
                        tricks = tricks,
                        target = 1
                    );
                    text.lines().any(|l| l == line)
                })
        });
        assert!(found, "{name}'s line in {text}");
    }
}

/// A signed number as the texts write it (`+5`, `−3`, `0`).
fn signed(n: i64) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", -n),
        _ => "0".to_owned(),
    }
}

/// The line of the person on `seat` in a settlement text.
fn seat_line<'a>(text: &'a str, loaded: &LoadedTable, seat: u8) -> &'a str {
    let name = person_on(loaded, Seat::new(seat)).unwrap();
    text.lines()
        .find(|l| l.starts_with(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no line of {name} in {text}"))
}

/// Königrufen's money counts Kontra, its Schrift (what a cup counts) does
/// not (SPEC §0.2, §9.6): each seat's settlement line shows the deal's
/// Schrift beside its money, and the running Schrift beside the balance.
#[tokio::test]
async fn the_settlement_shows_the_schrift_beside_the_money_deal_by_deal() {
    let (mut h, table) = kr_table(43, Pace::LIVE, "standard").await;
    let mut rng = StdRng::seed_from_u64(43);
    // Deal 1: the Vorhand opens with a Dreier; the first opponent to speak
    // gives Kontra on the game, so the money is twice the game.
    let kontra = |lang: Lang| {
        tr!(
            lang,
            "kr-button-kontra",
            kontra = tr!(lang, "kr-kontra-1"),
            item = tr!(lang, "kr-item-spiel")
        )
    };
    let offered = |_: &KrGame, labels: &[String], lang: Lang| labels.contains(&kontra(lang));
    assert!(drive_kr(&mut h, table, Plan::Opening("dreier"), &mut rng, &offered).await);
    let loaded = h.loaded(table).await;
    let seat = kr_game(&loaded).to_act().unwrap();
    let name = person_on(&loaded, table_seat(seat)).unwrap();
    let label = kontra(h.lang(&name));
    let button = keyboard(&h, table, &name)
        .into_iter()
        .flatten()
        .find(|b| b.label == label)
        .unwrap();
    let r = h.press(&name, &button.payload).await;
    assert!(r.is_empty(), "{r:?}");
    assert!(
        !drive_kr(
            &mut h,
            table,
            Plan::Opening("dreier"),
            &mut rng,
            &to_the_end
        )
        .await
    );
    let (changes, text, _) = check_settled(&h, table, 4, &KR_PEOPLE).await;
    // A round of Königrufen is one deal: a "Spiel", never a "Partie".
    assert!(
        text.starts_with(&format!(
            "💰 Abrechnung Tisch {}, Königrufen, Spiel 1\n",
            table.0
        )),
        "{text}"
    );
    let loaded = h.loaded(table).await;
    let first = kr_game(&loaded).settlement().unwrap().score;
    assert_ne!(
        changes.as_slice(),
        first.as_slice(),
        "the Kontra doubles the money"
    );
    for seat in 0..4u8 {
        let line = seat_line(&text, &loaded, seat);
        let schrift = signed(first[usize::from(seat)]);
        assert!(
            line.contains(&format!(", Schrift {schrift} · Stand ")),
            "{line}"
        );
        assert!(line.ends_with(&format!(", Schrift {schrift}")), "{line}");
    }
    // Deal 2: a Rufer; the running Schrift adds both deals' Schrift.
    next_round(&mut h, table).await;
    assert!(!drive_kr(&mut h, table, Plan::Choice("rufer"), &mut rng, &to_the_end).await);
    let (_, text, _) = check_settled(&h, table, 4, &KR_PEOPLE).await;
    let loaded = h.loaded(table).await;
    let second = kr_game(&loaded).settlement().unwrap().score;
    for seat in 0..4u8 {
        let i = usize::from(seat);
        let line = seat_line(&text, &loaded, seat);
        assert!(
            line.contains(&format!(", Schrift {} · Stand ", signed(second[i]))),
            "{line}"
        );
        assert!(
            line.ends_with(&format!(", Schrift {}", signed(first[i] + second[i]))),
            "{line}"
        );
    }
    // Bert reads his own copy in English.
    let i = (0..4u8)
        .find(|s| person_on(&loaded, Seat::new(*s)).as_deref() == Some("bert"))
        .map(usize::from)
        .unwrap();
    let copy = h.last_private_of(table, "bert").unwrap().text();
    let mine = copy.lines().find(|l| l.contains(" (you): ")).unwrap();
    assert!(
        mine.contains(&format!(", score {} · balance ", signed(second[i]))),
        "{mine}"
    );
    assert!(
        mine.ends_with(&format!(", score {}", signed(first[i] + second[i]))),
        "{mine}"
    );
    // The balances, asked for between deals, show the running Schrift
    // beside the money as well, in the asker's language.
    for asker in ["anna", "bert"] {
        let word = match h.lang(asker) {
            Lang::De => "Schrift",
            Lang::En => "score",
        };
        let replies = h.run(asker, CommandKind::Balances(Some(table))).await;
        assert_eq!(replies.len(), 1, "{replies:?}");
        let text = replies[0].text();
        for seat in 0..4u8 {
            let i = usize::from(seat);
            let line = seat_line(text, &loaded, seat);
            assert!(
                line.ends_with(&format!("), {word} {}", signed(first[i] + second[i]))),
                "{line}"
            );
        }
    }
}

/// A table settled before the running Schrift was kept (migration 0013:
/// nothing in `seat_scores`): the next settlement sums its settled deals
/// once and keeps the result, and so does the balances view; afterwards
/// each settlement adds its deal to what is kept.
#[tokio::test]
async fn the_running_schrift_is_counted_once_at_a_table_settled_before_it_was_kept() {
    let (mut h, table) = kr_table(44, Pace::LIVE, "standard").await;
    let mut rng = StdRng::seed_from_u64(44);
    let forget = format!("DELETE FROM seat_scores WHERE table_id = {}", table.0);
    let kept = |h: &Harness| {
        let store = h.store().clone();
        async move {
            let mut tx = store.begin().await.unwrap();
            tx.seat_scores(table).await.unwrap()
        }
    };
    let mut totals = vec![0i64; 4];
    for deal in 1..=3 {
        if deal > 1 {
            next_round(&mut h, table).await;
        }
        assert!(!drive_kr(&mut h, table, Plan::Choice("rufer"), &mut rng, &to_the_end).await);
        let (_, text, _) = check_settled(&h, table, 4, &KR_PEOPLE).await;
        let loaded = h.loaded(table).await;
        let score = kr_game(&loaded).settlement().unwrap().score;
        for (total, s) in totals.iter_mut().zip(&score) {
            *total += s;
        }
        for seat in 0..4u8 {
            let line = seat_line(&text, &loaded, seat);
            let total = signed(totals[usize::from(seat)]);
            assert!(
                line.ends_with(&format!(", Schrift {total}")),
                "deal {deal}: {line}"
            );
        }
        assert_eq!(kept(&h).await, Some(totals.clone()), "deal {deal}");
        // As if settled before the scores were kept.
        h.exec(&forget).await;
        assert_eq!(kept(&h).await, None);
    }
    // The balances view counts the settled deals and keeps the sum.
    let loaded = h.loaded(table).await;
    let replies = h.run("anna", CommandKind::Balances(Some(table))).await;
    assert_eq!(replies.len(), 1, "{replies:?}");
    for seat in 0..4u8 {
        let line = seat_line(replies[0].text(), &loaded, seat);
        let total = signed(totals[usize::from(seat)]);
        assert!(line.ends_with(&format!(" {total}")), "{line}");
    }
    assert_eq!(kept(&h).await, Some(totals));
}
