//! The promises of every game's face and players, checked the same way for
//! every game the registry lists with a face (a game that gets its face is
//! covered without a change here), over random rounds of every preset and
//! seat count, at every step:
//!
//! - **secrecy**: no public text, table picture or record position shows
//!   a card that the game's public view does not show, and no seat's
//!   private text, choice or hand picture shows a card beyond the public
//!   view and that seat's own view. What a reader may know is taken from
//!   the game's rules (its `public_view` and `seat_view`, the boundary's
//!   views), never from the face's own output;
//! - **choices**: the actions a seat is offered, following every draft to
//!   its end, are exactly the round's legal tokens, and a seat not to act
//!   is offered none;
//! - **settlement**: a finished round's lines name every seat's units, and
//!   its items add up to what each seat opposing the declaring side pays;
//! - **players**: every computer level of every game, asked through the
//!   registry and through the face (computer and stand-in), only ever
//!   answers with a legal action.

use std::collections::{BTreeSet, VecDeque};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_face::picture::Scene;
use tarock_face::{ChoiceKind, GameFace, Lang, Picture, TableContext};
use tarock_game_core::{DynGame, Game, Seat};
use tarock_games::{ENTRIES, GameEntry, computer};
use tarock_player::Level;

/// The game's own views of `round` as text (their `Debug` form, which
/// spells cards by their ids): the public view and each seat's view. `None`
/// for a round of a type this list does not know yet.
fn views(round: &dyn DynGame) -> Option<(String, Vec<String>)> {
    fn of<G: Game>(round: &dyn DynGame) -> Option<(String, Vec<String>)> {
        let game = round.downcast_ref::<G>()?;
        let public = format!("{:?}", game.public_view());
        let seats = (0..round.seats())
            .map(|s| format!("{:?}", game.seat_view(Seat::new(s))))
            .collect();
        Some((public, seats))
    }
    of::<tarock_zwanzigerrufen::Zwanzigerrufen>(round)
        .or_else(|| of::<tarock_koenigrufen::Koenigrufen>(round))
        .or_else(|| of::<tarock_zwanzig_ab::ZwanzigAb>(round))
}

/// Whether `word` has the shape of a card id of the family's decks
/// (`T21`, `hK`, `s10`, `d4`).
fn is_card_id(word: &str) -> bool {
    let mut chars = word.chars();
    match chars.next() {
        Some('T') => {
            let n = chars.as_str();
            !n.is_empty() && n.len() <= 2 && n.chars().all(|c| c.is_ascii_digit())
        }
        Some('s' | 'c' | 'h' | 'd') => matches!(
            chars.as_str(),
            "K" | "Q" | "N" | "J" | "A" | "10" | "9" | "8" | "7" | "2" | "3" | "4"
        ),
        _ => false,
    }
}

/// The cards (as `face`'s play tokens, one per card) that the game's view
/// text `view` shows.
fn cards_in_view(face: &dyn GameFace, view: &str) -> BTreeSet<String> {
    view.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| is_card_id(w))
        .filter_map(|w| face.card_token(w))
        .collect()
}

/// The cards (as play tokens) that a text people read shows: words written
/// as the faces write cards (with a suit symbol, a Roman numeral, the
/// Sküs), read by the face's own card reader.
fn cards_in_text(face: &dyn GameFace, text: &str) -> BTreeSet<String> {
    let separator = |c: char| c.is_whitespace() || ",.;:()[]{}!?\"'«»„“”/|=+*→–—".contains(c);
    text.split(separator)
        .filter(|w| {
            w.chars().any(|c| "♠♣♥♦♤♧♡♢".contains(c))
                || (!w.is_empty() && w.len() >= 2 && w.chars().all(|c| "IVX".contains(c)))
                || w.starts_with("Skü")
        })
        .filter_map(|w| face.card_token(w))
        .collect()
}

/// The card ids a picture shows.
fn cards_in_picture(face: &dyn GameFace, picture: &Picture) -> BTreeSet<String> {
    let ids: Vec<&String> = match &picture.scene {
        Scene::Hand { cards, legal } => cards.iter().chain(legal.iter().flatten()).collect(),
        Scene::Trick { plays, .. } => plays.iter().filter_map(|p| p.card.as_ref()).collect(),
        Scene::Table { seats, .. } => seats.iter().filter_map(|s| s.played.as_ref()).collect(),
    };
    ids.into_iter()
        .map(|id| {
            face.card_token(id)
                .unwrap_or_else(|| panic!("{}: picture card {id} is no card", face.id()))
        })
        .collect()
}

/// Fails when `shown` holds a card outside `known`.
fn assert_known(shown: &BTreeSet<String>, known: &BTreeSet<String>, what: &str) {
    let leaked: Vec<&String> = shown.difference(known).collect();
    assert!(
        leaked.is_empty(),
        "{what} shows {leaked:?}, not known to its reader"
    );
}

/// A table's names, one per seat, that contain no card spelling.
fn table(seats: u8) -> TableContext {
    TableContext {
        names: (0..seats).map(|s| format!("Spieler{s}")).collect(),
        stake_cents: 10,
    }
}

/// Every action token `seat` is offered in its private text, following
/// each draft; checks the secrecy of every text and label on the way.
/// The first action of the choice `token` when all the actions it stands
/// for ([`GameFace::action_tokens`]: one, or a whole move such as a
/// Zwanzigerrufen bidding turn) apply in order from `round`; `None` when
/// any of them is refused.
fn first_of_move(
    face: &dyn GameFace,
    round: &dyn DynGame,
    seat: Seat,
    token: &str,
) -> Option<String> {
    let tokens = face.action_tokens(token)?;
    let mut trial = round.clone_box();
    for t in &tokens {
        trial.apply_token(seat, t).ok()?;
    }
    tokens.into_iter().next()
}

fn offered(
    face: &dyn GameFace,
    round: &dyn DynGame,
    seat: Seat,
    known: &BTreeSet<String>,
    what: &str,
) -> BTreeSet<String> {
    let table = table(round.seats());
    let mut acts = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<Option<String>> = VecDeque::from([None]);
    while let Some(draft) = queue.pop_front() {
        let text = face.seat_text(round, seat, draft.as_deref(), &table, Lang::De);
        assert_known(
            &cards_in_text(face, &text.text),
            known,
            &format!("{what}: private text of {seat:?} with draft {draft:?}"),
        );
        for choice in text.choices.iter().flatten() {
            assert_known(
                &cards_in_text(face, &choice.label),
                known,
                &format!("{what}: choice {:?} of {seat:?}", choice.label),
            );
            match choice.kind {
                ChoiceKind::Act => {
                    acts.insert(choice.token.clone());
                }
                ChoiceKind::Draft => {
                    assert!(
                        face.valid_draft(round, seat, &choice.token),
                        "{what}: offered draft {} is refused",
                        choice.token
                    );
                    if seen.insert(choice.token.clone()) {
                        queue.push_back(Some(choice.token.clone()));
                    }
                }
            }
        }
    }
    acts
}

/// Checks every promise of the face at the current state of `round`, and
/// returns how many seats' private texts showed a card the public may not
/// know (their own hand): proof that the card reader of this test finds
/// the cards the texts show.
fn check_state(face: &dyn GameFace, round: &dyn DynGame, what: &str) -> usize {
    let Some((public, seats)) = views(round) else {
        panic!("{what}: the test knows no views of this game's rounds");
    };
    let table = table(round.seats());
    let public_known = cards_in_view(face, &public);
    for lang in [Lang::De, Lang::En] {
        let text = face.public_text(round, &table, lang);
        assert_known(
            &cards_in_text(face, &text),
            &public_known,
            &format!("{what}: public text {text:?}"),
        );
        if let Some(last) = face.last_trick(round, &table, lang) {
            assert_known(
                &cards_in_text(face, &last),
                &public_known,
                &format!("{what}: last trick {last:?}"),
            );
        }
    }
    if let Some(picture) = face.table_picture(round, &table, Lang::De) {
        assert_known(
            &cards_in_picture(face, &picture),
            &public_known,
            &format!("{what}: table picture"),
        );
    }
    if face.draws_positions() {
        // A record's position (`tarock render record`): drawn in every
        // phase, public cards only, and never a trick already taken.
        let picture = face
            .position_picture(round, &table, Lang::En)
            .unwrap_or_else(|| panic!("{what}: no position picture"));
        assert_known(
            &cards_in_picture(face, &picture),
            &public_known,
            &format!("{what}: position picture"),
        );
        let Scene::Table { seats, .. } = &picture.scene else {
            panic!("{what}: a position is a table");
        };
        let played = seats.iter().filter(|s| s.played.is_some()).count();
        assert!(
            played < seats.len(),
            "{what}: a taken trick in the position"
        );
    }
    let legal: BTreeSet<String> = round.legal_tokens().into_iter().collect();
    let mut secrets_shown = 0;
    for s in 0..round.seats() {
        let seat = Seat::new(s);
        let mut known = public_known.clone();
        known.extend(cards_in_view(face, &seats[seat.index()]));
        let own = face.seat_text(round, seat, None, &table, Lang::En).text;
        if !cards_in_text(face, &own).is_subset(&public_known) {
            secrets_shown += 1;
        }
        let choices = offered(face, round, seat, &known, what);
        if round.to_act() == Some(seat) {
            // Each choice is a legal move as a whole, and the moves offered
            // begin with exactly the legal actions.
            let firsts: BTreeSet<String> = choices
                .iter()
                .map(|c| {
                    first_of_move(face, round, seat, c)
                        .unwrap_or_else(|| panic!("{what}: choice {c} of {seat:?} is refused"))
                })
                .collect();
            assert_eq!(firsts, legal, "{what}: choices of {seat:?} to act");
        } else {
            assert!(choices.is_empty(), "{what}: {seat:?} not to act chooses");
        }
        if let Some(picture) = face.hand_picture(round, seat, Lang::En) {
            assert_known(
                &cards_in_picture(face, &picture),
                &known,
                &format!("{what}: hand picture of {seat:?}"),
            );
        }
        if let Ok(ours) = face.our_tricks(round, seat, &table, Lang::De) {
            assert_known(
                &cards_in_text(face, &ours),
                &known,
                &format!("{what}: our tricks of {seat:?}"),
            );
        }
    }
    secrets_shown
}

/// Checks the texts of one applied action: the last-move line and the chat
/// events, which may show what the action made public and no more.
fn check_action(
    face: &dyn GameFace,
    before: &dyn DynGame,
    after: &dyn DynGame,
    seat: Seat,
    token: &str,
    what: &str,
) {
    let (Some((was, _)), Some((is, _))) = (views(before), views(after)) else {
        panic!("{what}: the test knows no views of this game's rounds");
    };
    let mut known = cards_in_view(face, &was);
    known.extend(cards_in_view(face, &is));
    let table = table(after.seats());
    let line = face.action_text(before, seat, token, &table, Lang::De);
    assert_known(
        &cards_in_text(face, &line),
        &known,
        &format!("{what}: action text {line:?}"),
    );
    for event in face.events(before, after, &table, Lang::En) {
        assert_known(
            &cards_in_text(face, &event),
            &known,
            &format!("{what}: event {event:?}"),
        );
    }
}

/// The number in a settlement line as the faces write it (`12`, `+12`,
/// `-12`, `−12`).
fn numbers_in(line: &str) -> Vec<i64> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// Checks a finished round's settlement as the face shows it against the
/// game's settlement.
fn check_settlement(face: &dyn GameFace, round: &dyn DynGame, what: &str) {
    let settlement = round.settlement().expect("a finished round settles");
    let table = table(round.seats());
    for lang in [Lang::De, Lang::En] {
        let shown = face
            .settlement_text(round, &table, lang)
            .unwrap_or_else(|| panic!("{what}: a finished round has no settlement text"));
        assert!(!shown.lines.is_empty(), "{what}: no settlement lines");
        // Every seat that pays is named with what it pays, and every seat
        // that wins is named (what the winners get is what the others pay:
        // the settlement sums to zero).
        for s in 0..round.seats() {
            let seat = Seat::new(s);
            let units = settlement.of(seat);
            let name = table.name(seat);
            let named = |l: &&String| l.contains(&name);
            if units < 0 {
                assert!(
                    shown
                        .lines
                        .iter()
                        .filter(named)
                        .any(|l| numbers_in(l).contains(&-units)),
                    "{what}: no line names {name} with {units} units: {:?}",
                    shown.lines
                );
            } else if units > 0 {
                assert!(
                    shown.lines.iter().any(|l| named(&l)),
                    "{what}: no line names the winner {name}: {:?}",
                    shown.lines
                );
            }
        }
        // The items add up to what each seat against the declaring side
        // pays (its units, Kontras included): the items that name the seat
        // (an item of one pair, as in a negative game: "… gegen Spieler0"),
        // else all of them (every opponent pays every item).
        if shown.items.is_empty() {
            continue;
        }
        let Some((_, declaring)) = face.sides(round) else {
            continue;
        };
        let out = face.sitting_out(round);
        for s in 0..round.seats() {
            let seat = Seat::new(s);
            if declaring & (1 << s) != 0 || out == Some(seat) {
                continue;
            }
            let name = table.name(seat);
            let named: Vec<_> = shown
                .items
                .iter()
                .filter(|i| i.name.contains(&name))
                .collect();
            let items = if named.is_empty() {
                shown.items.iter().collect()
            } else {
                named
            };
            let total: i64 = items
                .iter()
                .map(|i| i.value * i64::from(i.multiplier))
                .sum();
            assert_eq!(
                settlement.of(seat),
                -total,
                "{what}: items {:?} against {seat:?}",
                shown.items
            );
        }
    }
}

/// Every entry with a face, with every preset and seat count of its game.
fn tables() -> Vec<(&'static GameEntry, &'static dyn GameFace, &'static str, u8)> {
    let mut out = Vec::new();
    for entry in &ENTRIES {
        let Some(face) = entry.face else { continue };
        let (min, max) = entry.kind.seat_range();
        for preset in entry.kind.presets() {
            for seats in min..=max {
                out.push((entry, face, *preset, seats));
            }
        }
    }
    out
}

/// The most actions one round of these tests plays (a 20 ab session may
/// run long; its first deals are enough).
const CAP: usize = 300;

#[test]
fn faces_keep_secrets_offer_the_legal_actions_and_settle_as_the_game() {
    let mut finished = 0;
    let mut secrets_shown = std::collections::BTreeMap::new();
    for (entry, face, preset, seats) in tables() {
        // One round per preset and seat count: the seats differ, and so
        // do the seeds.
        for seed in 0..1u64 {
            let what = format!("{} {preset} at {seats}, seed {seed}", face.id());
            let mut rng = StdRng::seed_from_u64(seed * 31 + u64::from(seats));
            let rules = face.parse_rules(preset).unwrap();
            let first = Seat::new(rng.random_range(0..seats));
            let mut round = entry.kind.new_round(&rules, seats, first).unwrap();
            let mut steps = 0;
            while !round.is_over() && steps < CAP {
                if round.needs_deck() {
                    round.deal(&mut rng).unwrap();
                    continue;
                }
                let what = format!("{what}, step {steps}");
                *secrets_shown.entry(face.id()).or_insert(0) +=
                    check_state(face, round.as_ref(), &what);
                let seat = round
                    .to_act()
                    .expect("a dealt round not over has a seat to act");
                let legal = round.legal_tokens();
                let token = legal[rng.random_range(0..legal.len())].clone();
                let before = round.clone();
                round.apply_token(seat, &token).unwrap();
                check_action(face, before.as_ref(), round.as_ref(), seat, &token, &what);
                steps += 1;
            }
            if round.is_over() {
                check_state(face, round.as_ref(), &format!("{what}, over"));
                check_settlement(face, round.as_ref(), &what);
                finished += 1;
            }
        }
    }
    assert!(finished > 0, "no round was played to its end");
    // The texts show each seat its hand, and this test reads those cards:
    // a leak of them into a public text would be found.
    for entry in &ENTRIES {
        if let Some(face) = entry.face {
            assert!(
                secrets_shown.get(face.id()).copied().unwrap_or(0) > 0,
                "{}: no private text showed a secret card",
                face.id()
            );
        }
    }
}

#[test]
fn every_level_of_every_game_plays_only_legal_actions_through_registry_and_face() {
    for (entry, face, preset, seats) in tables() {
        let levels = entry.computers.levels();
        for (i, level) in levels.iter().enumerate() {
            // The strongest level once per preset, at the fewest seats: it
            // searches, and the others cover the table sizes.
            if *level == Level::Strong && seats != entry.kind.seat_range().0 {
                continue;
            }
            let seed = 7 * i as u64 + u64::from(seats);
            let what = format!("{} {preset} {level} at {seats}, seed {seed}", face.id());
            let mut rng = StdRng::seed_from_u64(seed);
            let rules = face.parse_rules(preset).unwrap();
            let mut round = entry.kind.new_round(&rules, seats, Seat::new(0)).unwrap();
            let mut players: Vec<_> = (0..seats)
                .map(|_| computer(face.id(), *level).unwrap())
                .collect();
            let mut steps = 0;
            while !round.is_over() && steps < CAP {
                if round.needs_deck() {
                    round.deal(&mut rng).unwrap();
                    continue;
                }
                let seat = round.to_act().unwrap();
                let legal = round.legal_tokens();
                let by_face = face
                    .computer_token(round.as_ref(), seat, level.name(), &mut rng)
                    .unwrap_or_else(|| panic!("{what}: the face's {level} has no answer"));
                assert!(
                    first_of_move(face, round.as_ref(), seat, &by_face)
                        .is_some_and(|first| legal.contains(&first)),
                    "{what}: face {level} chose {by_face}"
                );
                let stand_in = face
                    .stand_in_token(round.as_ref(), seat, &mut rng)
                    .unwrap_or_else(|| panic!("{what}: no stand-in answer"));
                assert!(
                    first_of_move(face, round.as_ref(), seat, &stand_in)
                        .is_some_and(|first| legal.contains(&first)),
                    "{what}: stand-in chose {stand_in}"
                );
                let token = players[seat.index()]
                    .answer(round.as_ref(), seat, &mut rng)
                    .unwrap_or_else(|| panic!("{what}: {level} has no answer"));
                assert!(legal.contains(&token), "{what}: {level} chose {token}");
                round.apply_token(seat, &token).unwrap();
                steps += 1;
            }
        }
    }
}
