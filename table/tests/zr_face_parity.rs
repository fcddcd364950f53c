//! Zwanzigerrufen's face against Zwanzigerrufen's own path through the
//! table: random deals played by button presses on the service (the old
//! path, which tables still walk), and at every step what the face shows
//! for the same round, composed the way the table's path for games with a
//! face composes it (the face's title line, a newline, the face's text;
//! buttons from its choices, `g<token>` for an act and `~<token>` for a
//! draft), must be what the old path sent: the public text, each person's
//! private text, buttons and pictures, the "… +" keyboards, the typed
//! words of a turn, the last trick, our tricks and the settlement's lines
//! and items. Several presets (the Kontra words differ), both languages,
//! every computer level.

mod common;

use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_game_core::{DynGame, Game as _};
use tarock_table::games::{ChoiceKind, GameFace, SeatText, TableContext, Title};
use tarock_table::{Button, CommandKind, Lang, Outgoing, TableSettings};
use tarock_zwanzigerrufen::{Game, Record, Zwanzigerrufen};

/// Zwanzigerrufen's face, from the registry (the table keeps it aside
/// until the switch).
fn face() -> &'static dyn GameFace {
    let face = tarock_games::faces()
        .iter()
        .copied()
        .find(|f| f.id() == "zwanzigerrufen")
        .expect("the registry lists Zwanzigerrufen's face");
    assert!(
        tarock_table::games::face("zwanzigerrufen").is_none(),
        "the table keeps Zwanzigerrufen on its own path for now"
    );
    face
}

/// The round at the boundary for the engine's game (of a deal with session
/// factor `factor`).
fn round_of(game: &Game, factor: u32) -> Box<dyn DynGame> {
    let record = Record::from_game(game).to_json();
    Box::new(
        Zwanzigerrufen::from_record(&record)
            .expect("a table's game replays")
            .with_factor(factor),
    )
}

/// What a test table is: its rules, its table language, its people (with
/// their languages) and the level of the computers in the other seats.
struct Setup {
    rules: &'static str,
    lang: Lang,
    people: Vec<(&'static str, Lang)>,
    level: &'static str,
}

/// Everything about the table the texts need.
struct Table {
    id: tarock_storage::TableId,
    names: Vec<&'static str>,
}

impl Table {
    /// The seats' names in `lang` (people by name, computers as the table
    /// shows them) and the stake: the face's context.
    async fn context(&self, h: &Harness, lang: Lang) -> TableContext {
        let loaded = h.loaded(self.id).await;
        let mut rows = loaded.seats.clone();
        rows.sort_by_key(|r| r.seat);
        TableContext {
            names: rows.iter().map(|r| seat_display_name(r, lang)).collect(),
            stake_cents: loaded.table.stake_cents,
        }
    }
}

/// The action part of a payload (`t1:1.3:ar.p` → `ar.p`).
fn action(payload: &str) -> &str {
    payload.rsplit(':').next().unwrap_or_default()
}

/// The face's choices as the table's path for faces makes them buttons:
/// (label, action part), `g<token>` or `~<draft>`.
fn face_buttons(text: &SeatText) -> Vec<Vec<(String, String)>> {
    text.choices
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| {
                    let code = match c.kind {
                        ChoiceKind::Act => format!("g{}", c.token),
                        ChoiceKind::Draft => format!("~{}", c.token),
                    };
                    (c.label.clone(), code)
                })
                .collect()
        })
        .filter(|row: &Vec<_>| !row.is_empty())
        .collect()
}

/// The old path's buttons with each action part as the face writes it: a
/// whole turn (`a…`, `w`) and a card (`p…`) are acts with the same token,
/// a turn begun (`x…`) is a draft with the same token (what the old
/// payloads map to).
fn old_buttons(buttons: &[Vec<Button>]) -> Vec<Vec<(String, String)>> {
    buttons
        .iter()
        .map(|row| {
            row.iter()
                .map(|b| {
                    let a = action(&b.payload);
                    let code = if a.starts_with('x') {
                        format!("~{a}")
                    } else {
                        format!("g{a}")
                    };
                    (b.label.clone(), code)
                })
                .collect()
        })
        .collect()
}

/// Checks every message the last command sent against the face: the
/// public message and the private ones (the round as it is now).
async fn check_messages(h: &Harness, t: &Table, lang: Lang, sent: &[Outgoing]) -> usize {
    let face = face();
    let loaded = h.loaded(t.id).await;
    let Some(deal) = loaded.deal.as_ref() else {
        return 0;
    };
    let Some(game) = deal.game.as_ref() else {
        return 0;
    };
    let round = round_of(game, deal.deal.factor);
    let rules: serde_json::Value = serde_json::from_str(&loaded.table.rules).unwrap();
    let mut checked = 0;
    for message in sent {
        match message {
            Outgoing::Table { text, picture, .. } => {
                let ctx = t.context(h, lang).await;
                let title = face
                    .title(
                        Title::Table {
                            table: t.id.0,
                            round: deal.deal.number,
                            rules: &rules,
                            stake_cents: ctx.stake_cents,
                        },
                        &ctx,
                        lang,
                    )
                    .expect("Zwanzigerrufen writes its titles");
                let composed = format!("{title}\n{}", face.public_text(round.as_ref(), &ctx, lang));
                // The table adds the deal's commitment under it, the same
                // line on both paths.
                let rest = text
                    .strip_prefix(&composed)
                    .unwrap_or_else(|| panic!("old:\n{text}\nface:\n{composed}"));
                let commitment = hex32(&deal.deal.commitment.expect("a committed deal"));
                assert!(
                    rest.starts_with('\n')
                        && rest.lines().count() == 2
                        && rest.contains(&commitment),
                    "{rest:?}"
                );
                assert_eq!(
                    picture.as_ref(),
                    face.table_picture(round.as_ref(), &ctx, lang).as_ref()
                );
                checked += 1;
            }
            Outgoing::Private {
                to,
                text,
                buttons,
                picture,
                ..
            } if !text.contains('💰') => {
                let reader = h.lang(&to.name);
                let seat = h.seat_of(t.id, &to.name).await.unwrap();
                let ctx = t.context(h, reader).await;
                let title = face
                    .title(
                        Title::Private {
                            table: t.id.0,
                            round: deal.deal.number,
                            seat: seat.into(),
                        },
                        &ctx,
                        reader,
                    )
                    .unwrap();
                let shown = face.seat_text(round.as_ref(), seat.into(), None, &ctx, reader);
                assert_eq!(*text, format!("{title}\n{}", shown.text));
                if buttons.is_empty() {
                    // Not this seat's turn (or the deal is over): no choices
                    // are shown, whatever the face offers.
                    assert!(round.to_act() != Some(seat.into()) || round.is_over());
                } else {
                    assert_eq!(old_buttons(buttons), face_buttons(&shown));
                }
                // The lifted cards are the ones the buttons offer.
                let mut expected = face.hand_picture(round.as_ref(), seat.into(), reader);
                if let Some(tarock_table::picture::Scene::Hand { legal, .. }) =
                    expected.as_mut().map(|p| &mut p.scene)
                    && buttons.is_empty()
                {
                    *legal = None;
                }
                assert_eq!(picture.as_ref(), expected.as_ref(), "{}", to.name);
                checked += 1;
            }
            _ => {}
        }
    }
    checked
}

/// Checks a settlement the last command sent: its title, the face's lines
/// and items, and each person's copy.
async fn check_settlement(h: &Harness, t: &Table, lang: Lang, sent: &[Outgoing]) -> usize {
    let face = face();
    let loaded = h.loaded(t.id).await;
    let deal = loaded.deal.as_ref().unwrap();
    let round = round_of(deal.game.as_ref().unwrap(), deal.deal.factor);
    assert!(round.is_over());
    let mut checked = 0;
    for message in sent {
        let (text, reader, private_seat) = match message {
            Outgoing::Settlement { text, items, .. } => {
                let ctx = t.context(h, lang).await;
                let shown = face.settlement_text(round.as_ref(), &ctx, lang).unwrap();
                assert_eq!(*items, shown.items);
                (text, lang, None)
            }
            Outgoing::Private { to, text, .. } if text.contains('💰') => {
                let reader = h.lang(&to.name);
                (text, reader, Some(h.seat_of(t.id, &to.name).await.unwrap()))
            }
            _ => continue,
        };
        let ctx = t.context(h, reader).await;
        let mut expected = Vec::new();
        if let Some(seat) = private_seat {
            expected.push(
                face.title(
                    Title::Private {
                        table: t.id.0,
                        round: deal.deal.number,
                        seat: seat.into(),
                    },
                    &ctx,
                    reader,
                )
                .unwrap(),
            );
        }
        expected.push(
            face.title(
                Title::Settlement {
                    table: t.id.0,
                    round: deal.deal.number,
                },
                &ctx,
                reader,
            )
            .unwrap(),
        );
        expected.extend(
            face.settlement_text(round.as_ref(), &ctx, reader)
                .unwrap()
                .lines,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[..expected.len()], expected[..], "{text}");
        // Then one line per seat with its change, as the units say.
        let units = round.settlement().unwrap().units().to_vec();
        for (seat, line) in lines[expected.len()..expected.len() + 4].iter().enumerate() {
            assert!(line.contains(&ctx.names[seat]), "{line}");
            let change = units[seat];
            let signed = match change.signum() {
                1 => format!("+{change}"),
                -1 => format!("−{}", change.unsigned_abs()),
                _ => "0".to_owned(),
            };
            assert!(line.contains(&format!(": {signed} (")), "{line} {signed}");
        }
        checked += 1;
    }
    checked
}

/// A "… +" button pressed on the old path answers with a keyboard; the
/// face's draft of the same token shows the same text and buttons.
async fn check_compose(h: &mut Harness, t: &Table, name: &str, payload: &str) -> Vec<Vec<Button>> {
    let face = face();
    let game = h.game(t.id).await.unwrap();
    let factor = h.loaded(t.id).await.deal.unwrap().deal.factor;
    let round = round_of(&game, factor);
    let seat = h.seat_of(t.id, name).await.unwrap();
    let replies = h.press(name, payload).await;
    let [
        Outgoing::Private {
            text,
            buttons,
            picture,
            ..
        },
    ] = replies.as_slice()
    else {
        panic!("{payload}: {replies:?}");
    };
    let draft = action(payload);
    assert!(face.valid_draft(round.as_ref(), seat.into(), draft));
    assert!(face.layout().draft_alone);
    let reader = h.lang(name);
    let ctx = t.context(h, reader).await;
    let shown = face.seat_text(round.as_ref(), seat.into(), Some(draft), &ctx, reader);
    assert_eq!(*text, shown.text);
    assert_eq!(old_buttons(buttons), face_buttons(&shown));
    assert!(picture.is_none());
    buttons.clone()
}

/// The move a button makes, typed in words (its label): the face reads the
/// same move as the button's token.
async fn check_typed(h: &Harness, t: &Table, name: &str, button: &Button) {
    let face = face();
    let game = h.game(t.id).await.unwrap();
    let round = round_of(&game, 1);
    let seat = h.seat_of(t.id, name).await.unwrap();
    let token = action(&button.payload);
    let words: Vec<String> = button.label.split_whitespace().map(str::to_owned).collect();
    if token.starts_with('p') {
        assert_eq!(face.card_token(&button.label).as_deref(), Some(token));
    } else {
        // What the old path reads in the words (not every label is a typed
        // turn: "Pass (weiter)" is not): the same move, or the same refusal.
        let typed = face.typed_token(round.as_ref(), seat.into(), &words);
        match tarock_table::typed::parse_turn_words(&words, game.rules()) {
            Ok(bids) => {
                assert_eq!(typed, Some(Ok(token.to_owned())), "{}", button.label);
                assert_eq!(
                    tarock_zwanzigerrufen_face::turn::turn_token(&bids),
                    token,
                    "{}",
                    button.label
                );
            }
            Err(_) => assert!(matches!(typed, Some(Err(_))), "{}", button.label),
        }
    }
    // The face's whole turn applies as the old button did: the round's
    // tokens in one go.
    let mut after = round.clone();
    for t in face.action_tokens(token).unwrap() {
        after.apply_token(seat.into(), &t).unwrap();
    }
    // A bidding turn leaves the seat done (unless it leads the first trick).
    let bidding = |r: &dyn DynGame| {
        r.downcast_ref::<Zwanzigerrufen>()
            .and_then(Zwanzigerrufen::game)
            .is_some_and(|g| g.phase() == tarock_zwanzigerrufen::Phase::Bidding)
    };
    if !token.starts_with('p') && bidding(after.as_ref()) {
        assert_ne!(
            after.to_act(),
            Some(seat.into()),
            "{token}: the turn is whole"
        );
    }
}

/// "Last trick" and "our tricks" as the old path answers them.
async fn check_tricks(h: &mut Harness, t: &Table, name: &str) {
    let face = face();
    let loaded = h.loaded(t.id).await;
    let deal = loaded.deal.unwrap();
    let round = round_of(deal.game.as_ref().unwrap(), deal.deal.factor);
    let reader = h.lang(name);
    let ctx = t.context(h, reader).await;
    let seat = h.seat_of(t.id, name).await.unwrap();
    let last = h.run(name, CommandKind::LastTrick(Some(t.id))).await;
    match face.last_trick(round.as_ref(), &ctx, reader) {
        Some(text) => assert_eq!(last[0].text(), text),
        None => assert_eq!(
            last[0].text(),
            tarock_table::Rejection::NoTrickYet.text(reader)
        ),
    }
    let ours = h.run(name, CommandKind::OurTricks(Some(t.id))).await;
    match face.our_tricks(round.as_ref(), seat.into(), &ctx, reader) {
        Ok(text) => assert_eq!(ours[0].text(), text),
        Err(tarock_table::games::NoTricks::SideUnknown) => assert_eq!(
            ours[0].text(),
            tarock_table::Rejection::PartyUnknown.text(reader)
        ),
        Err(tarock_table::games::NoTricks::NoneYet) => {
            panic!("the old path answered {:?}", ours[0].text())
        }
    }
}

/// The lobby as the table's path for faces composes it with the face's
/// title and layout (no rules listed): the old path's lobby text.
async fn check_lobby(h: &Harness, t: &Table, lang: Lang) {
    let face = face();
    assert!(!face.layout().rules_in_lobby);
    let loaded = h.loaded(t.id).await;
    let rules: serde_json::Value = serde_json::from_str(&loaded.table.rules).unwrap();
    let ctx = t.context(h, lang).await;
    let mut composed = face
        .title(
            Title::Lobby {
                table: t.id.0,
                rules: &rules,
                stake_cents: ctx.stake_cents,
            },
            &ctx,
            lang,
        )
        .unwrap();
    for (i, name) in ctx.names.iter().enumerate() {
        composed.push('\n');
        composed.push_str(&tarock_table::text::text(
            lang,
            "lobby-seat",
            vec![("number", (i + 1).into()), ("name", name.as_str().into())],
        ));
    }
    composed.push('\n');
    composed.push_str(&tarock_table::text::text(
        lang,
        "lobby-hint",
        vec![("free", 0.into())],
    ));
    assert_eq!(h.last_table(t.id).text(), composed);
}

/// Plays one deal of `setup` from `seed` by random buttons, checking every
/// step; returns how many messages were compared.
async fn play(setup: &Setup, seed: u64) -> usize {
    let mut h = Harness::new(seed).await;
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    for (name, lang) in &setup.people {
        h.set_lang(name, *lang);
    }
    let names: Vec<&'static str> = setup.people.iter().map(|(n, _)| *n).collect();
    let settings = TableSettings {
        rules: setup.rules.into(),
        lang: setup.lang,
        ..TableSettings::default()
    };
    let id = h.table_with(&names, setup.level, settings).await;
    let t = Table { id, names };
    check_lobby(&h, &t, setup.lang).await;
    let before = h.sent.len();
    let r = h.run(t.names[0], CommandKind::Start(Some(id))).await;
    assert!(r.is_empty(), "{r:?}");
    let mut checked = check_messages(&h, &t, setup.lang, &h.sent[before..]).await;
    for _ in 0..200 {
        if !h.settlements_of(id).is_empty() {
            return checked;
        }
        if rng.random_bool(0.1) {
            let name = t.names[rng.random_range(0..t.names.len())];
            check_tricks(&mut h, &t, name).await;
        }
        let (name, payload) = h.choose_move(id, &t.names, &mut rng).await;
        let keyboard = match h.last_private_of(id, &name) {
            Some(m) => m.buttons().to_vec(),
            None => Vec::new(),
        };
        // Now and then a "… +" first, whose keyboard then gives the move.
        let composes: Vec<&Button> = keyboard
            .iter()
            .flatten()
            .filter(|b| is_compose(&b.payload))
            .collect();
        let mut payload = payload;
        if !composes.is_empty() && rng.random_bool(0.5) {
            let mut press = composes[rng.random_range(0..composes.len())]
                .payload
                .clone();
            loop {
                let keys = check_compose(&mut h, &t, &name, &press).await;
                checked += 1;
                let all: Vec<&Button> = keys.iter().flatten().collect();
                let next = all[rng.random_range(0..all.len())];
                if is_compose(&next.payload) {
                    press = next.payload.clone();
                    continue;
                }
                check_typed(&h, &t, &name, next).await;
                payload = next.payload.clone();
                break;
            }
        } else if let Some(button) = keyboard.iter().flatten().find(|b| b.payload == payload) {
            check_typed(&h, &t, &name, button).await;
        }
        let before = h.sent.len();
        let r = h.press(&name, &payload).await;
        assert!(r.is_empty(), "{name} pressed {payload}: {r:?}");
        let sent = h.sent[before..].to_vec();
        if sent
            .iter()
            .any(|m| matches!(m, Outgoing::Settlement { .. }))
        {
            checked += check_settlement(&h, &t, setup.lang, &sent).await;
            let name = t.names[rng.random_range(0..t.names.len())];
            check_tricks(&mut h, &t, name).await;
        } else {
            checked += check_messages(&h, &t, setup.lang, &sent).await;
        }
    }
    panic!("the deal did not end in 200 moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_face_shows_what_zwanzigerrufens_own_path_shows() {
    use Lang::{De, En};
    let setups = [
        Setup {
            rules: "standard",
            lang: De,
            people: vec![("Anna", De), ("Bert", En), ("Cleo", De), ("Dora", En)],
            level: "easy",
        },
        Setup {
            rules: "wikipedia",
            lang: En,
            people: vec![("Anna", En), ("Bert", De), ("Cleo", En)],
            level: "medium",
        },
        Setup {
            rules: "directnet",
            lang: De,
            people: vec![("Anna", De), ("Bert", De)],
            level: "strong",
        },
        Setup {
            rules: "tarockwelt",
            lang: En,
            people: vec![("Anna", En)],
            level: "medium",
        },
        Setup {
            rules: r#"{"preset":"wikipedia","solo_value":5}"#,
            lang: De,
            people: vec![("Anna", De), ("Bert", En), ("Cleo", De), ("Dora", De)],
            level: "easy",
        },
    ];
    let mut checked = 0;
    for (i, setup) in setups.iter().enumerate() {
        for seed in 0..4 {
            checked += play(setup, 1000 * i as u64 + seed).await;
        }
    }
    // Every deal shows many messages: the comparison ran.
    assert!(checked > 1000, "{checked} messages compared");
}
