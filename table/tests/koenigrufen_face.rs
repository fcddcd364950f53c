//! Königrufen's face at the table, in isolation (no service, no storage):
//! the SPEC's full deal FD1 (§15.4) and seeded random deals of every
//! contract family under both presets, driven through the face's own
//! buttons, in German and English. At every step: no text shows a card its
//! reader may not know (other hands, talon halves before they are exposed,
//! face-down discards), the seat to act is offered exactly its legal
//! actions (the discard as drafts that end in exactly the legal discards),
//! and at the end the settlement's lines add up to the game's settlement.

use std::collections::{BTreeSet, HashMap};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tarock_game_core::{DynGame, MAX_TOKEN_LEN};
use tarock_koenigrufen::contract::TalonUse;
use tarock_koenigrufen::score::Facts;
use tarock_koenigrufen::{
    Action, Card, CardSet, Contract, Deal, Family, Game, Koenigrufen, Phase, Preset, Seat, sim,
};
use tarock_koenigrufen_face::words::card_label;
use tarock_table::Lang;
use tarock_table::games::{ChoiceKind, GameFace, SeatText, TableContext};

fn face() -> &'static dyn GameFace {
    tarock_table::games::face("koenigrufen").expect("Königrufen has a face")
}

fn table() -> TableContext {
    TableContext {
        names: ["Anna", "Bert", "Cora", "Dora"].map(String::from).to_vec(),
        stake_cents: 10,
    }
}

fn ts(seat: Seat) -> tarock_game_core::Seat {
    tarock_game_core::Seat::new(seat as u8)
}

fn game(round: &dyn DynGame) -> &Game {
    round
        .downcast_ref::<Koenigrufen>()
        .and_then(Koenigrufen::game)
        .expect("a dealt Königrufen round")
}

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}

// ---- Secrecy ----

/// Every card's label in `lang`, to find the cards a text names.
fn labels(lang: Lang) -> HashMap<String, Card> {
    Card::all().map(|c| (card_label(c, lang), c)).collect()
}

/// The cards a text names: words that are exactly a card's label.
fn named(text: &str, lang: Lang) -> CardSet {
    let labels = labels(lang);
    text.split(|c: char| c.is_whitespace() || ",:;()|·→✓!.\"„“–".contains(c))
        .filter_map(|w| labels.get(w).copied())
        .collect()
}

/// The cards of every trick played so far.
fn played(game: &Game) -> CardSet {
    game.play().map_or(CardSet::EMPTY, |p| {
        p.tricks().fold(p.current().card_set(), |acc, t| {
            acc.union(t.trick.card_set())
        })
    })
}

/// What a seat (or, with `None`, everyone) may know, from the rules rather
/// than from the views the face uses: played cards; the talon once a
/// talon game has exposed it (and everything laid aside at the end);
/// face-up discards; ouvert hands after the first trick; the called King's
/// name. A seat adds its hand, its own discards, Mussolini's row for the
/// declarer, a Mussolini opponent's own lay-aside, and while calling a
/// King the names of the Kings it may call.
fn knowable(game: &Game, viewer: Option<Seat>) -> CardSet {
    let mut known = played(game);
    let finished = game.is_finished();
    let declared = game.declared().copied();
    let exposed = declared.is_some_and(|d| d.contract.talon_use() == TalonUse::Exposed)
        && !matches!(game.phase(), Phase::Auction | Phase::KingCall);
    if exposed || finished {
        known = known.union(game.deal().talon_set());
    }
    known = known.union(game.talon().face_up);
    if finished {
        known = known.union(game.talon().discard);
    }
    let ouvert = declared.is_some_and(|d| d.contract.is_ouvert());
    if ouvert && game.play().is_some_and(|p| p.count() >= 1) {
        for s in Seat::ALL {
            known = known.union(game.hand(s));
        }
    }
    if let Some(c) = game.called() {
        known.insert(c.card);
    }
    let Some(seat) = viewer else {
        return known;
    };
    known = known.union(game.hand(seat));
    let declarer = declared.map(|d| d.declarer);
    if declarer == Some(seat) {
        known = known.union(game.talon().discard);
        if let Some(row) = game.talon().row {
            known = known.union(row.into_iter().collect());
        }
        if game.phase() == Phase::KingCall {
            known = known.union(CardSet::KINGS);
        }
    }
    for (s, a) in game.log() {
        if let (true, Action::Discard(list)) = (*s == seat, a)
            && list.len() == 1
        {
            known = known.union(list.to_set().0);
        }
    }
    known
}

/// Checks the public text and every seat's text in both languages.
fn check_secrecy(round: &dyn DynGame) {
    let g = game(round);
    for lang in Lang::ALL {
        let public = face().public_text(round, &table(), lang);
        let leak = named(&public, lang).without(knowable(g, None));
        assert!(leak.is_empty(), "public text shows {leak}:\n{public}");
        for seat in Seat::ALL {
            let text = face().seat_text(round, ts(seat), None, &table(), lang).text;
            let leak = named(&text, lang).without(knowable(g, Some(seat)));
            assert!(leak.is_empty(), "seat {seat} sees {leak}:\n{text}");
        }
    }
}

// ---- Choices ----

fn checked_layout(text: &SeatText) {
    assert!(text.choices.len() <= 5, "{} rows", text.choices.len());
    for row in &text.choices {
        assert!(!row.is_empty() && row.len() <= 5, "a row of {}", row.len());
        for c in row {
            assert!(c.token.len() <= MAX_TOKEN_LEN, "{}", c.token);
            assert!(
                tarock_game_core::token::is_well_formed(&c.token),
                "{}",
                c.token
            );
            assert!(!c.token.starts_with('~'));
            assert!(!c.label.is_empty());
        }
    }
}

fn tokens(text: &SeatText, kind: ChoiceKind) -> Vec<String> {
    text.choices
        .iter()
        .flatten()
        .filter(|c| c.kind == kind)
        .map(|c| c.token.clone())
        .collect()
}

/// A discard token as the set of its cards.
fn discard_set(token: &str) -> u64 {
    match Action::from_code(token) {
        Some(Action::Discard(list)) => list.to_set().0.bits(),
        other => panic!("{token} is not a discard: {other:?}"),
    }
}

/// Every discard the draft buttons lead to, by breadth-first search over
/// the drafts (one order per set of picked cards).
fn discards_by_drafts(round: &dyn DynGame, seat: Seat, lang: Lang) -> BTreeSet<u64> {
    let mut found = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut queue = vec![None::<String>];
    while let Some(draft) = queue.pop() {
        let text = face().seat_text(round, ts(seat), draft.as_deref(), &table(), lang);
        checked_layout(&text);
        for t in tokens(&text, ChoiceKind::Act) {
            found.insert(discard_set(&t));
        }
        for t in tokens(&text, ChoiceKind::Draft) {
            let key: BTreeSet<u8> = t.bytes().skip(1).collect();
            if seen.insert(key) {
                queue.push(Some(t));
            }
        }
    }
    found
}

/// The seat to act is offered exactly its legal actions; the others none.
fn check_choices(round: &dyn DynGame, lang: Lang) {
    let to_act = round.to_act();
    for seat in Seat::ALL {
        let text = face().seat_text(round, ts(seat), None, &table(), lang);
        checked_layout(&text);
        if to_act != Some(ts(seat)) {
            assert!(
                text.choices.is_empty(),
                "seat {seat} not to act has buttons"
            );
            continue;
        }
        let legal = round.legal_tokens();
        if game(round).phase() == Phase::Discard {
            let legal: BTreeSet<u64> = legal.iter().map(|t| discard_set(t)).collect();
            assert_eq!(discards_by_drafts(round, seat, lang), legal);
        } else {
            assert!(tokens(&text, ChoiceKind::Draft).is_empty());
            let offered: BTreeSet<String> = tokens(&text, ChoiceKind::Act).into_iter().collect();
            let legal: BTreeSet<String> = legal.into_iter().collect();
            assert_eq!(offered, legal, "seat {seat}:\n{}", text.text);
        }
    }
}

// ---- Settlement ----

/// The signed numbers after each name of a `Name ±n · …` line.
fn amounts(line: &str) -> [i64; 4] {
    let names = table().names;
    let mut out = [0; 4];
    for (i, name) in names.iter().enumerate() {
        let rest = &line[line.find(&format!("{name} ")).expect(name) + name.len() + 1..];
        let word = rest.split_whitespace().next().unwrap();
        out[i] = word.replace('−', "-").replace('+', "").parse().unwrap();
    }
    out
}

/// The lines of the settlement text add up to the game's settlement.
fn check_settlement(round: &dyn DynGame, lang: Lang) {
    let g = game(round);
    let s = g.settlement().expect("finished");
    let text = face()
        .settlement_text(round, &table(), lang)
        .expect("settled");
    let (score_word, money_word) = match lang {
        Lang::De => ("Schrift: ", "Geld mit Kontra: "),
        Lang::En => ("Score: ", "Money with Kontra: "),
    };
    let score = text
        .lines
        .iter()
        .find(|l| l.starts_with(score_word))
        .expect("a score line");
    assert_eq!(amounts(score), s.score, "{score}");
    let money = text.lines.iter().find(|l| l.starts_with(money_word));
    match money {
        Some(m) => assert_eq!(amounts(m), s.money, "{m}"),
        None => assert_eq!(s.money, s.score),
    }
    assert_eq!(text.items.len(), s.lines.len());
    for (item, line) in text.items.iter().zip(&s.lines) {
        assert_eq!(item.value.unsigned_abs(), u64::from(line.value));
        assert_eq!(item.multiplier, 1 << line.kontra);
    }
    match g.facts().unwrap() {
        Facts::Positive(f) => {
            // Each item's value times its Kontra, per opponent: three times
            // for a declarer alone, once in a pair.
            let per_opponent: i64 = text
                .items
                .iter()
                .map(|i| i.value * i64::from(i.multiplier))
                .sum();
            let share = if f.alone() { 3 } else { 1 };
            let declarer = g.declared().unwrap().declarer;
            assert_eq!(per_opponent * share, s.money[declarer.index()]);
            // Card points in points and Blatt: P points and B Blatt = 3P + B thirds.
            let points = text.lines.iter().find(|l| l.contains("Blatt")).unwrap();
            let numbers: Vec<u16> = points
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse().ok())
                .collect();
            assert_eq!(3 * numbers[0] + numbers[1], f.thirds, "{points}");
            assert_eq!(3 * numbers[2] + numbers[3], 210 - f.thirds, "{points}");
        }
        Facts::Negative(f) if f.declarers.iter().flatten().count() == 1 => {
            let d = f.declarers[0].unwrap().seat;
            let sum: i64 = text
                .items
                .iter()
                .map(|i| i.value * i64::from(i.multiplier))
                .sum();
            assert_eq!(sum, s.money[d.index()]);
        }
        _ => {}
    }
}

// ---- Driving deals ----

/// Applies `action` by the seat to act through the face's token, checking
/// the move line first.
fn apply(round: &mut Box<dyn DynGame>, seat: Seat, action: Action) {
    let token = action.code();
    for lang in Lang::ALL {
        let line = face().action_text(round.as_ref(), ts(seat), &token, &table(), lang);
        let before = round.clone();
        let mut after = round.clone();
        after.apply_token(ts(seat), &token).unwrap();
        let leak = named(&line, lang).without(knowable(game(after.as_ref()), None));
        assert!(leak.is_empty(), "move line shows {leak}: {line}");
        let _ = face().events(before.as_ref(), after.as_ref(), &table(), lang);
    }
    round
        .apply_token(ts(seat), &token)
        .unwrap_or_else(|e| panic!("{action}: {e}"));
}

/// Runs every check on a position.
fn check_all(round: &dyn DynGame) {
    check_secrecy(round);
    for lang in Lang::ALL {
        check_choices(round, lang);
    }
}

/// A seeded random deal of `preset` aiming at a contract `wanted` accepts,
/// played to its end through the face with every check at every step;
/// `None` when the auction ended elsewhere.
fn random_deal(
    preset: Preset,
    seed: u64,
    wanted: &dyn Fn(Contract) -> bool,
) -> Option<Box<dyn DynGame>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (g, plan) = sim::random_game(&mut rng, &preset.rules(), Seat::S0);
    if !wanted(plan.contract) {
        return None;
    }
    let mut round: Box<dyn DynGame> = Box::new(Koenigrufen::from(g));
    while let Some((seat, action)) = sim::random_action(game(round.as_ref()), &plan, &mut rng) {
        if game(round.as_ref())
            .declared()
            .is_some_and(|d| !wanted(d.contract))
        {
            return None;
        }
        check_all(round.as_ref());
        apply(&mut round, seat, action);
    }
    check_secrecy(round.as_ref());
    for lang in Lang::ALL {
        check_settlement(round.as_ref(), lang);
    }
    Some(round)
}

/// Plays seeded deals until `count` reached a contract `wanted` accepts.
fn deals_of(preset: Preset, count: usize, wanted: &dyn Fn(Contract) -> bool) -> Vec<Contract> {
    let mut played = Vec::new();
    for seed in 0..4000 {
        if let Some(round) = random_deal(preset, seed, wanted) {
            played.push(game(round.as_ref()).declared().unwrap().contract);
            if played.len() == count {
                return played;
            }
        }
    }
    panic!("{preset}: only {played:?} reached");
}

#[test]
fn king_call_deals_with_talon_keep_secrets_offer_legal_buttons_and_add_up() {
    for preset in Preset::ALL {
        let played = deals_of(preset, 3, &|c| {
            c.family() == Family::KingCall && c.talon_use() == TalonUse::Exposed
        });
        assert_eq!(played.len(), 3);
    }
}

#[test]
fn dreier_family_deals_with_six_card_discards_and_mussolini() {
    deals_of(Preset::Cup2019, 1, &|c| c == Contract::Mussolini);
    deals_of(Preset::Standard, 1, &|c| c == Contract::Sechserdreier);
    for preset in Preset::ALL {
        deals_of(preset, 2, &|c| {
            matches!(c, Contract::Dreier | Contract::Solodreier)
        });
    }
}

#[test]
fn colour_games_lay_suit_cards_aside_face_up() {
    for preset in Preset::ALL {
        deals_of(preset, 2, &|c| c.family() == Family::Colour);
    }
}

#[test]
fn negative_games_with_bei_and_ouvert_hands() {
    // "bei" exists in cup2019 only.
    let mut bei = false;
    for seed in 0..4000 {
        if let Some(round) = random_deal(Preset::Cup2019, seed, &|c| c.allows_bei()) {
            bei |= game(round.as_ref()).declared().unwrap().seats().len() > 1;
            if bei {
                break;
            }
        }
    }
    assert!(bei, "no deal with bei");
    for preset in Preset::ALL {
        deals_of(preset, 2, &|c| c.is_ouvert());
    }
}

#[test]
fn trischaken_deals_show_each_seats_points() {
    for preset in Preset::ALL {
        deals_of(preset, 2, &|c| c == Contract::Trischaken);
    }
}

// ---- The SPEC's full deal FD1 ----

const FD1_HANDS: [&str; 4] = [
    "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
    "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
    "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
    "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
];

/// FD1 from the auction to the last card, one action at a time, each
/// announcement turn ended by its "weiter"; the tricks from their leaders.
const FD1_ACTIONS: &str = "0 vorhand|1 weiter|2 weiter|3 weiter|0 rufer|0 rufe cK|0 nimm 2|\
    0 ablage c8 c10 d2|0 weiter|1 kontra-spiel|1 weiter|2 kontra-spiel|2 ku|2 weiter|\
    3 kontra-ku|3 weiter|0 weiter|1 weiter|2 weiter|\
    0 T22|1 T2|2 T21|3 T3|0 d4|1 d3|2 dA|3 dQ|3 T10|0 T12|1 T14|2 T17|\
    2 T11|3 T13|0 T15|1 T19|1 sQ|2 T4|3 s8|0 s9|2 T7|3 T16|0 T18|1 T8|\
    0 T9|1 s7|2 cN|3 T5|0 T6|1 c7|2 cJ|3 T1|0 T20|1 h4|2 hJ|3 s10|\
    0 hQ|1 sN|2 h2|3 hN|0 hK|1 dN|2 dJ|3 sJ|0 cQ|1 sK|2 cK|3 dK";

fn fd1(preset: Preset) -> Box<dyn DynGame> {
    let hands = FD1_HANDS.map(set);
    let talon: Vec<Card> = "hA h3 c9 d2 d4 cQ"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    let game = Game::new(preset.rules(), Deal::new(hands, &talon).unwrap(), Seat::S0);
    Box::new(Koenigrufen::from(game))
}

fn fd1_actions() -> Vec<(Seat, Action)> {
    FD1_ACTIONS
        .split('|')
        .map(|a| {
            let (seat, word) = a.trim().split_once(' ').unwrap();
            (
                Seat::new(seat.parse().unwrap()).unwrap(),
                word.parse().unwrap(),
            )
        })
        .collect()
}

/// FD1 played up to (not including) its `n`-th action.
fn fd1_until(preset: Preset, n: usize) -> Box<dyn DynGame> {
    let mut round = fd1(preset);
    for (seat, action) in fd1_actions().into_iter().take(n) {
        round.apply_token(ts(seat), &action.code()).unwrap();
    }
    round
}

#[test]
fn fd1_through_the_face_keeps_every_secret_and_offers_only_legal_buttons() {
    for preset in Preset::ALL {
        let mut round = fd1(preset);
        for (seat, action) in fd1_actions() {
            check_all(round.as_ref());
            apply(&mut round, seat, action);
        }
        assert!(round.is_over());
        check_secrecy(round.as_ref());
    }
}

#[test]
fn fd1_talon_is_shown_after_the_call_and_the_partner_is_named_when_he_kontras() {
    let t = table();
    // After the auction (Rufer by Anna), before the call: no talon card yet.
    let before_call = fd1_until(Preset::Cup2019, 5);
    let public = face().public_text(before_call.as_ref(), &t, Lang::En);
    assert!(named(&public, Lang::En).is_empty(), "{public}");
    assert!(public.contains("Rufer: Anna"), "{public}");
    // The call: the three Kings Anna lacks (she holds ♥K), one button each.
    let call = face().seat_text(before_call.as_ref(), ts(Seat::S0), None, &t, Lang::De);
    let labels: Vec<&str> = call
        .choices
        .iter()
        .flatten()
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(labels, ["♠K rufen", "♣K rufen", "♦K rufen"]);
    // After the call both halves are public, and Anna picks one by button.
    let talon = fd1_until(Preset::Cup2019, 6);
    let public = face().public_text(talon.as_ref(), &t, Lang::En);
    // Each half in display order: suits ♠ ♣ ♥ ♦, highest first.
    assert!(public.contains("Talon: ♣9 ♥A ♥3 | ♣Q ♦2 ♦4"), "{public}");
    assert!(public.contains("Called: ♣K"), "{public}");
    let pick = face().seat_text(talon.as_ref(), ts(Seat::S0), None, &t, Lang::En);
    let labels: Vec<&str> = pick
        .choices
        .iter()
        .flatten()
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(labels, ["Half 1: ♣9 ♥A ♥3", "Half 2: ♣Q ♦2 ♦4"]);
    // Cora holds ♣K and is told so; Bert is told he is an opponent.
    let cora = face().seat_text(talon.as_ref(), ts(Seat::S2), None, &t, Lang::En);
    assert!(cora.text.contains("You are the partner"), "{}", cora.text);
    // Before Cora's Rekontra the public text does not name her; after it, it does.
    let hidden = fd1_until(Preset::Cup2019, 11);
    let public = face().public_text(hidden.as_ref(), &t, Lang::En);
    assert!(!public.contains("Partner: Cora"), "{public}");
    let shown = fd1_until(Preset::Cup2019, 12);
    let public = face().public_text(shown.as_ref(), &t, Lang::En);
    assert!(public.contains("Partner: Cora"), "{public}");
    assert!(public.contains("the game Rekontra"), "{public}");
}

#[test]
fn fd1_discard_in_two_steps_offers_the_seven_suit_cards_first() {
    let round = fd1_until(Preset::Cup2019, 7);
    let t = table();
    // Half 2 taken: 15 cards. Seven suit cards may go (no King); a tarock
    // would need all seven suit cards with it, more than three.
    let first = face().seat_text(round.as_ref(), ts(Seat::S0), None, &t, Lang::En);
    let drafts = tokens(&first, ChoiceKind::Draft);
    assert_eq!(drafts.len(), 7, "{drafts:?}");
    assert!(tokens(&first, ChoiceKind::Act).is_empty());
    let labels: Vec<&str> = first
        .choices
        .iter()
        .flatten()
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(labels, ["♠9", "♣Q", "♣10", "♣8", "♥Q", "♦2", "♦4"]);
    // Pick ♣8, ♣10, ♦2 by following the buttons.
    let mut draft: Option<String> = None;
    for label in ["♣8", "♣10", "♦2"] {
        let text = face().seat_text(round.as_ref(), ts(Seat::S0), draft.as_deref(), &t, Lang::En);
        let button = text
            .choices
            .iter()
            .flatten()
            .find(|c| c.label == label)
            .unwrap();
        assert_eq!(button.kind, ChoiceKind::Draft);
        draft = Some(button.token.clone());
    }
    let done = face().seat_text(round.as_ref(), ts(Seat::S0), draft.as_deref(), &t, Lang::En);
    assert!(done.text.contains("Chosen: ♣8 ♣10 ♦2"), "{}", done.text);
    // Three picked: only they toggle back, plus confirm and start again.
    let labels: Vec<&str> = done
        .choices
        .iter()
        .flatten()
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(
        labels,
        ["✓ ♣10", "✓ ♣8", "✓ ♦2", "Lay aside (3)", "Start again"]
    );
    let confirm = tokens(&done, ChoiceKind::Act);
    assert_eq!(confirm.len(), 1);
    let mut round = round;
    round.apply_token(ts(Seat::S0), &confirm[0]).unwrap();
    assert_eq!(game(round.as_ref()).talon().discard, set("c8 c10 d2"));
    // Suit cards go face down: the others' texts and the table show none.
    let public = face().public_text(round.as_ref(), &t, Lang::En);
    assert!(!public.contains("face up"), "{public}");
}

#[test]
fn a_forged_or_stale_draft_shows_the_discard_as_without_one() {
    let round = fd1_until(Preset::Cup2019, 7);
    let t = table();
    let plain = face().seat_text(round.as_ref(), ts(Seat::S0), None, &t, Lang::En);
    let code = |c: &str| c.parse::<Card>().unwrap().code();
    // A King, a tarock while suit cards remain, Bert's card, four cards,
    // not a draft at all.
    for draft in [
        format!("D{}", code("hK")),
        format!("D{}", code("T6")),
        format!("D{}", code("sK")),
        format!("D{}{}{}{}", code("c8"), code("c10"), code("d2"), code("d4")),
        "x".to_owned(),
    ] {
        let shown = face().seat_text(round.as_ref(), ts(Seat::S0), Some(&draft), &t, Lang::En);
        assert_eq!(shown, plain, "{draft}");
    }
    // A discard draft means nothing outside the discard.
    let play = fd1_until(Preset::Cup2019, 20);
    let plain = face().seat_text(play.as_ref(), ts(Seat::S1), None, &t, Lang::En);
    let shown = face().seat_text(play.as_ref(), ts(Seat::S1), Some("D0"), &t, Lang::En);
    assert_eq!(shown, plain);
}

#[test]
fn fd1_settlement_itemised_as_in_the_spec() {
    // SPEC §15.4: D 190 thirds = 63 points 1 Blatt, O 20 = 6 points 2
    // Blatt, tricks 10 : 2; game at Rekontra (×4), Trull and Alle Könige
    // silent (half of 2 each), König Ultimo announced (2) at Kontra (×2):
    // score 1+1+1+2 = 5 each, money 4+1+1+4 = 10 each, in a pair.
    for preset in Preset::ALL {
        let round = fd1_until(preset, usize::MAX);
        let text = face()
            .settlement_text(round.as_ref(), &table(), Lang::En)
            .unwrap();
        assert_eq!(
            text.lines,
            [
                "Rufer by Anna, called ♣K, partner Cora",
                "Card points: declarers 63 points 1 Blatt : opponents 6 points 2 Blatt · tricks 10 : 2",
                "Rufer won: declarers +1 in the score; Kontra by Bert, Rekontra by Cora: ×4 = +4 in money",
                "Trull silent: declarers +1",
                "Alle Könige (all four Kings) silent: declarers +1",
                "König Ultimo announced: declarers +2 in the score; Kontra by Dora: ×2 = +4 in money",
                "Score: Anna +5 · Bert −5 · Cora +5 · Dora −5",
                "Money with Kontra: Anna +10 · Bert −10 · Cora +10 · Dora −10",
            ],
            "{preset}"
        );
        let de = face()
            .settlement_text(round.as_ref(), &table(), Lang::De)
            .unwrap();
        assert!(de.lines[1].contains("Spieler 63 Punkte 1 Blatt : Gegner 6 Punkte 2 Blatt"));
        // Bert gave the Kontra, Cora the Rekontra on the game, Dora the
        // Kontra on König Ultimo: the Schrift counts 1 and 2, the money 4 and 4.
        assert_eq!(
            de.lines[2],
            "Rufer gewonnen: Spieler +1 in der Schrift; Kontra von Bert, Rekontra von Cora: im Geld ×4 = +4"
        );
        assert_eq!(
            de.lines[5],
            "König Ultimo angesagt: Spieler +2 in der Schrift; Kontra von Dora: im Geld ×2 = +4"
        );
        assert_eq!(
            de.lines[6],
            "Schrift: Anna +5 · Bert −5 · Cora +5 · Dora −5"
        );
        let items: Vec<(i64, u32, bool)> = text
            .items
            .iter()
            .map(|i| (i.value, i.multiplier, i.announced))
            .collect();
        assert_eq!(
            items,
            [(1, 4, true), (1, 1, false), (1, 1, false), (2, 2, true)]
        );
        check_settlement(round.as_ref(), Lang::De);
        assert_eq!(round.settlement().unwrap().units(), [10, -10, 10, -10]);
    }
}

// ---- Forced face-up discards ----

#[test]
fn a_dreier_with_one_suit_card_must_lay_two_tarocks_aside_face_up() {
    // Anna's hand after half 1: eleven tarocks, ♥K ♠K ♣K and ♣8 — only ♣8
    // is a suit card she may lay aside, so two of the three go face up
    // (SPEC §6.2 T5: tarocks only with every discardable suit card).
    let hands = [
        "T22 T20 T18 T15 T12 T9 T6 T5 T4 T3 T2 hK",
        "T1 T7 T8 T10 sQ sN sJ s10 s9 s7 cQ cN",
        "T11 T13 T14 T16 cJ c10 c9 c7 hQ hN hJ hA",
        "T17 T19 T21 h2 h3 h4 dK dQ dN dJ dA d2",
    ]
    .map(set);
    let talon: Vec<Card> = "sK cK c8 d3 d4 s8"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    let g = Game::new(
        Preset::Cup2019.rules(),
        Deal::new(hands, &talon).unwrap(),
        Seat::S0,
    );
    let mut round: Box<dyn DynGame> = Box::new(Koenigrufen::from(g));
    for (seat, action) in [
        (Seat::S0, Action::Bid(Contract::Dreier)),
        (Seat::S1, Action::Weiter),
        (Seat::S2, Action::Weiter),
        (Seat::S3, Action::Weiter),
        (Seat::S0, Action::Take(tarock_koenigrufen::Half::First)),
    ] {
        apply(&mut round, seat, action);
    }
    let t = table();
    let text = face().seat_text(round.as_ref(), ts(Seat::S0), None, &t, Lang::En);
    assert!(
        text.text
            .contains("At least 2 tarocks must be laid aside face up"),
        "{}",
        text.text
    );
    check_choices(round.as_ref(), Lang::En);
    // Two tarocks picked: only ♣8 can complete the discard.
    let code = |c: &str| c.parse::<Card>().unwrap().code();
    let draft = format!("D{}{}", code("T6"), code("T9"));
    let two = face().seat_text(round.as_ref(), ts(Seat::S0), Some(&draft), &t, Lang::En);
    assert!(two.text.contains("Face up of these: IX VI"), "{}", two.text);
    let open: Vec<&str> = two
        .choices
        .iter()
        .flatten()
        .filter(|c| c.kind == ChoiceKind::Draft && !c.label.starts_with('✓'))
        .map(|c| c.label.as_str())
        .filter(|l| *l != "Start again")
        .collect();
    assert_eq!(open, ["♣8"]);
    let discard = Action::Discard(
        tarock_koenigrufen::CardList::new(&["T6", "T9", "c8"].map(|c| c.parse().unwrap())).unwrap(),
    );
    apply(&mut round, Seat::S0, discard);
    let public = face().public_text(round.as_ref(), &t, Lang::De);
    assert!(public.contains("Offen abgelegt: IX VI"), "{public}");
    check_secrecy(round.as_ref());
}

// ---- Refusals, computers, rules ----

/// One refusal of every kind the rules crate names. The match below has no
/// wildcard, so a new kind of refusal does not compile until it is listed.
fn every_refusal() -> Vec<tarock_koenigrufen::RuleError> {
    use tarock_koenigrufen::contract::Item;
    use tarock_koenigrufen::{Premium, RuleError::*};
    let c = Card::PAGAT;
    let all = vec![
        NotYourTurn {
            expected: Seat::S0,
            actual: Seat::S1,
        },
        DealOver,
        WrongPhase(Phase::Play),
        MustOpen,
        NotAnOpening(Contract::Rufer),
        SechserOnlyFirst,
        VorhandWordNotNow,
        NotHigher(Contract::Rufer),
        OnlyVorhandHolds,
        NothingToHold,
        HoldBeiInstead(Contract::Piccolo),
        ChoiceOnly(Contract::Rufer),
        ChoiceRequired,
        NotAChoice(Contract::Mussolini),
        VorhandWeiterNotAllowed,
        FourKings(Contract::Rufer),
        BirdMissing(Contract::Uhurufer),
        MussoliniVorhand,
        NotOffered(Contract::Zwiccolo),
        BeiNotAllowed,
        OwnKing(c),
        FourthNeedsThree,
        NotAKing(c),
        SchleifenNotAllowed,
        SchleifenBird,
        TakeAllRequired,
        TakeHalfRequired,
        DiscardCount { need: 3, got: 2 },
        NotInHand(c),
        DiscardForbidden(c),
        SuitCardsFirst(c),
        TarocksFirst(c),
        NamedBird(c),
        KeepABird,
        DrawPosition(2),
        NoPremiums,
        PremiumNotInGame(Premium::Geier),
        PremiumsFirstTurn,
        AlreadyAnnounced(Premium::Trull),
        KuNotAllowed,
        BirdNotHeld(Premium::Uhu),
        NothingToKontra(Item::Spiel),
        KontraWrongSide(Item::Spiel),
        KontraLimit(Item::Spiel),
        KontraTarget,
        KontraNoPair(Seat::S1),
        KontraTooLate(Item::Spiel),
        KontraOrValat,
        BirdRequired,
        KontraSeatNotNeeded,
        MustFollowSuit { card: c, led: c },
        MustPlayTarock { card: c, led: c },
        ColourLead(c),
        MustBeat(c),
        PagatLast,
        Reserved {
            card: c,
            target: 12,
        },
        BirdDue(c),
    ];
    for e in &all {
        match e {
            NotYourTurn { .. }
            | DealOver
            | WrongPhase(_)
            | MustOpen
            | NotAnOpening(_)
            | SechserOnlyFirst
            | VorhandWordNotNow
            | NotHigher(_)
            | OnlyVorhandHolds
            | NothingToHold
            | HoldBeiInstead(_)
            | ChoiceOnly(_)
            | ChoiceRequired
            | NotAChoice(_)
            | VorhandWeiterNotAllowed
            | FourKings(_)
            | BirdMissing(_)
            | MussoliniVorhand
            | NotOffered(_)
            | BeiNotAllowed
            | OwnKing(_)
            | FourthNeedsThree
            | NotAKing(_)
            | SchleifenNotAllowed
            | SchleifenBird
            | TakeAllRequired
            | TakeHalfRequired
            | DiscardCount { .. }
            | NotInHand(_)
            | DiscardForbidden(_)
            | SuitCardsFirst(_)
            | TarocksFirst(_)
            | NamedBird(_)
            | KeepABird
            | DrawPosition(_)
            | NoPremiums
            | PremiumNotInGame(_)
            | PremiumsFirstTurn
            | AlreadyAnnounced(_)
            | KuNotAllowed
            | BirdNotHeld(_)
            | NothingToKontra(_)
            | KontraWrongSide(_)
            | KontraLimit(_)
            | KontraTarget
            | KontraNoPair(_)
            | KontraTooLate(_)
            | KontraOrValat
            | BirdRequired
            | KontraSeatNotNeeded
            | MustFollowSuit { .. }
            | MustPlayTarock { .. }
            | ColourLead(_)
            | MustBeat(_)
            | PagatLast
            | Reserved { .. }
            | BirdDue(_) => {}
        }
    }
    all
}

#[test]
fn every_refusal_code_has_its_own_text_in_both_languages() {
    use tarock_game_core::RuleError as _;
    let refusals = every_refusal();
    let codes: BTreeSet<&str> = refusals.iter().map(|e| e.code()).collect();
    assert_eq!(codes.len(), refusals.len(), "codes are distinct");
    for lang in Lang::ALL {
        let other = face().refusal_text("no-such-code", lang);
        let mut texts = BTreeSet::new();
        for code in &codes {
            let text = face().refusal_text(code, lang);
            assert_ne!(text, other, "{code} has no text in {}", lang.code());
            texts.insert(text);
        }
        assert_eq!(texts.len(), codes.len(), "one text per code");
        // The refusals every game shares.
        for shared in ["token", "seat", "deck"] {
            assert_ne!(face().refusal_text(shared, lang), other);
        }
    }
    // A refused action changes nothing, and its code reads as a sentence:
    // Bert may not call Anna's King for her.
    let mut round = fd1_until(Preset::Cup2019, 5);
    let before = round.clone();
    let refusal = round.apply_token(ts(Seat::S1), "r1").unwrap_err();
    assert_eq!(refusal.code(), "not-your-turn");
    assert!(round.same_as(before.as_ref()));
    assert_eq!(
        face().refusal_text(refusal.code(), Lang::En),
        "It is not your turn."
    );
    let refusal = round.apply_token(ts(Seat::S0), "r2").unwrap_err();
    assert_eq!(refusal.code(), "own-king");
    assert_eq!(
        face().refusal_text(refusal.code(), Lang::De),
        "Einen König aus der eigenen Hand kannst du nicht rufen."
    );
}

#[test]
fn computers_of_every_level_and_the_stand_in_choose_legal_tokens_in_every_phase() {
    // Every decision of FD1 (auction, call, talon, discard, announcements,
    // cards) and of a Mussolini (draw and lay-aside) and a Piccolo with
    // "bei": every level's choice and the stand-in's are legal tokens.
    let mut positions: Vec<Box<dyn DynGame>> = (0..fd1_actions().len())
        .map(|n| fd1_until(Preset::Cup2019, n))
        .collect();
    for (preset, wanted) in [
        (Preset::Cup2019, Contract::Mussolini),
        (Preset::Cup2019, Contract::Piccolo),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..4000 {
            let (g, plan) = sim::random_game(&mut rng, &preset.rules(), Seat::S0);
            if plan.contract != wanted {
                continue;
            }
            let mut round: Box<dyn DynGame> = Box::new(Koenigrufen::from(g));
            while let Some((seat, action)) =
                sim::random_action(game(round.as_ref()), &plan, &mut rng)
            {
                if game(round.as_ref()).phase() != Phase::Play {
                    positions.push(round.clone());
                }
                round.apply_token(ts(seat), &action.code()).unwrap();
            }
            break;
        }
    }
    let mut phases = BTreeSet::new();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for round in &positions {
        let seat = round.to_act().unwrap();
        // Legal: the round accepts it (a Mussolini's six cards may come in
        // any order, while the legal list names one order per set).
        let legal = |token: &str| round.clone().apply_token(seat, token).is_ok();
        phases.insert(format!("{:?}", game(round.as_ref()).phase()));
        // Strong searches trick play; its other decisions are medium's.
        for level in face().levels() {
            if *level == "strong" && game(round.as_ref()).phase() == Phase::Play {
                continue;
            }
            let token = face()
                .computer_token(round.as_ref(), seat, level, &mut rng)
                .unwrap();
            assert!(legal(&token), "{level}: {token}");
        }
        let token = face()
            .stand_in_token(round.as_ref(), seat, &mut rng)
            .unwrap();
        assert!(legal(&token), "stand-in: {token}");
        // Nobody else is asked.
        let other = tarock_game_core::Seat::new((seat.number() + 1) % 4);
        assert_eq!(face().stand_in_token(round.as_ref(), other, &mut rng), None);
        assert_eq!(
            face().computer_token(round.as_ref(), seat, "grandmaster", &mut rng),
            None
        );
    }
    for phase in [
        "Auction",
        "KingCall",
        "Talon",
        "Discard",
        "Mussolini",
        "Announcements",
        "Play",
    ] {
        assert!(phases.contains(phase), "{phase} missing: {phases:?}");
    }
}

#[test]
fn computers_play_whole_deals_to_a_zero_sum_settlement() {
    let kind = tarock_games::by_id("koenigrufen").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for preset in ["cup2019", "standard"] {
        for deal in 0..4u8 {
            let mut round = kind
                .new_round(&preset.into(), 4, tarock_game_core::Seat::new(deal))
                .unwrap();
            round.deal(&mut rng).unwrap();
            let mut events = 0;
            while !round.is_over() {
                let seat = round.to_act().unwrap();
                let level = ["easy", "medium"][usize::from(seat.number() % 2)];
                let token = face()
                    .computer_token(round.as_ref(), seat, level, &mut rng)
                    .unwrap();
                let before = round.clone();
                round.apply_token(seat, &token).unwrap();
                events += face()
                    .events(before.as_ref(), round.as_ref(), &table(), Lang::En)
                    .len();
            }
            // At least the contract is announced.
            assert!(events >= 1);
            check_settlement(round.as_ref(), Lang::En);
            assert_eq!(round.settlement().unwrap().units().iter().sum::<i64>(), 0);
        }
    }
}

#[test]
fn the_rules_text_lists_every_flag_of_both_presets() {
    let f = face();
    // Four play; a fifth seat deals and sits each deal out.
    assert_eq!(f.seat_choice().min, 4);
    assert_eq!(f.seat_choice().max, 5);
    assert_eq!(f.seat_choice().default, 4);
    for (preset, contracts, bei) in [("cup2019", 20, "yes"), ("standard", 13, "no")] {
        let rules = f.parse_rules(preset).unwrap();
        assert_eq!(f.rules_label(&rules, Lang::En), preset);
        let text = f.rules_text(&rules, Lang::En);
        // A title, the contracts, premiums, Valat and solo factors, and the
        // fifteen flags of SPEC §12.
        assert_eq!(text.lines().count(), 20, "{text}");
        let list = text.lines().nth(1).unwrap();
        assert_eq!(list.matches(", ").count() + 1, contracts, "{list}");
        assert!(
            text.contains(&format!("\"Bei\" to Piccolo and Zwiccolo: {bei}")),
            "{text}"
        );
        let de = f.rules_text(&rules, Lang::De);
        assert_eq!(de.lines().count(), 20);
    }
    // The standard preset names the Wildsau Quapil and has no Geier.
    let standard = f.rules_text(&f.parse_rules("standard").unwrap(), Lang::De);
    assert!(
        standard.contains("Quapil 8") && !standard.contains("Geier"),
        "{standard}"
    );
    let custom = f
        .parse_rules(r#"{"preset":"cup2019","bei":false}"#)
        .unwrap();
    assert_eq!(f.rules_label(&custom, Lang::En), "cup2019 (changed)");
    assert!(
        f.rules_text(&custom, Lang::En)
            .contains("\"Bei\" to Piccolo and Zwiccolo: no")
    );
    assert!(f.parse_rules("turbo").is_err());
    assert!(
        f.parse_rules(r#"{"preset":"cup2019","no_such_flag":1}"#)
            .is_err()
    );
}

// ---- The called King in the talon (SPEC §6.3) ----

/// FD1 with Bert's ♠K and the talon's ♣9 exchanged: ♠K lies in half 1.
fn king_in_talon(preset: Preset) -> Box<dyn DynGame> {
    let hands = [
        FD1_HANDS[0],
        "T19 T14 T8 T2 c9 sQ sN s7 dN d3 h4 c7",
        FD1_HANDS[2],
        FD1_HANDS[3],
    ]
    .map(set);
    let talon: Vec<Card> = "hA h3 sK d2 d4 cQ"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    let game = Game::new(preset.rules(), Deal::new(hands, &talon).unwrap(), Seat::S0);
    Box::new(Koenigrufen::from(game))
}

fn labels_of(text: &SeatText) -> Vec<&str> {
    text.choices
        .iter()
        .flatten()
        .map(|c| c.label.as_str())
        .collect()
}

#[test]
fn a_called_king_in_the_talon_offers_all_six_or_schleifen_by_the_rules() {
    let t = table();
    let call = [
        (Seat::S0, Action::Vorhand),
        (Seat::S1, Action::Weiter),
        (Seat::S2, Action::Weiter),
        (Seat::S3, Action::Weiter),
        (Seat::S0, Action::Bid(Contract::Rufer)),
        (Seat::S0, Action::Call(tarock_koenigrufen::Suit::Spades)),
    ];
    // cup2019: take all six (and lay six aside) or concede.
    let mut round = king_in_talon(Preset::Cup2019);
    for (seat, action) in call {
        apply(&mut round, seat, action);
    }
    let text = face().seat_text(round.as_ref(), ts(Seat::S0), None, &t, Lang::En);
    assert_eq!(labels_of(&text), ["Take all six", "Schleifen (concede)"]);
    assert!(
        text.text.contains("The called King lies in the talon"),
        "{}",
        text.text
    );
    check_all(round.as_ref());
    let mut all = round.clone();
    apply(&mut all, Seat::S0, Action::TakeAll);
    let text = face().seat_text(all.as_ref(), ts(Seat::S0), None, &t, Lang::En);
    assert!(text.text.contains("Lay aside 6 cards"), "{}", text.text);
    check_all(all.as_ref());
    // Conceding pays the Rufer's value 1 to each of the three (K19's rule).
    apply(&mut round, Seat::S0, Action::Schleifen(None));
    assert!(round.is_over());
    let sheet = face()
        .settlement_text(round.as_ref(), &t, Lang::En)
        .unwrap();
    assert_eq!(
        sheet.lines,
        [
            "Anna concedes the Rufer (schleifen).",
            "Conceded (Rufer): opponents +1",
            "Score: Anna −3 · Bert +1 · Cora +1 · Dora +1",
        ]
    );
    check_settlement(round.as_ref(), Lang::De);
    // standard: either half, or concede.
    let mut round = king_in_talon(Preset::Standard);
    for (seat, action) in call {
        apply(&mut round, seat, action);
    }
    let text = face().seat_text(round.as_ref(), ts(Seat::S0), None, &t, Lang::De);
    assert_eq!(
        labels_of(&text),
        ["Hälfte 1: ♠K ♥A ♥3", "Hälfte 2: ♣D ♦2 ♦4", "Schleifen"]
    );
}

#[test]
fn an_uhurufer_conceded_pays_its_table_value_to_each_of_three() {
    // SPEC K19: a conceded Uhu-Rufer costs its table value 5 per opponent.
    let mut round = king_in_talon(Preset::Cup2019);
    for (seat, action) in [
        (Seat::S0, Action::Vorhand),
        (Seat::S1, Action::Bid(Contract::Uhurufer)),
        (Seat::S2, Action::Weiter),
        (Seat::S3, Action::Weiter),
        (Seat::S0, Action::Weiter),
        (Seat::S1, Action::Call(tarock_koenigrufen::Suit::Spades)),
        (Seat::S1, Action::Schleifen(None)),
    ] {
        check_all(round.as_ref());
        apply(&mut round, seat, action);
    }
    let sheet = face()
        .settlement_text(round.as_ref(), &table(), Lang::De)
        .unwrap();
    assert_eq!(
        sheet.lines.last().unwrap(),
        "Schrift: Anna +5 · Bert −15 · Cora +5 · Dora +5"
    );
    assert_eq!(round.settlement().unwrap().units(), [5, -15, 5, 5]);
}

// ---- How the table reads (issue 30, item 11) ----

#[test]
fn the_table_text_lists_the_order_of_play_instead_of_the_game_name() {
    // The header above the text names the game; the text starts with the
    // seats in playing order from the Vorhand.
    let round = fd1_until(Preset::Cup2019, 1);
    let en = face().public_text(round.as_ref(), &table(), Lang::En);
    assert_eq!(
        en.lines().next(),
        Some("Order of play: Anna (Vorhand) → Bert → Cora → Dora"),
        "{en}"
    );
    assert!(!en.contains("Königrufen"), "{en}");
    let de = face().public_text(round.as_ref(), &table(), Lang::De);
    assert_eq!(
        de.lines().next(),
        Some("Spielreihenfolge: Anna (Vorhand) → Bert → Cora → Dora"),
        "{de}"
    );
}

#[test]
fn face_down_discards_shown_after_the_deal_are_not_called_face_up() {
    // FD1: Anna lays ♣8 ♣10 ♦2 aside face down; after the deal they are
    // shown, as laid aside, not as laid face up.
    let round = fd1_until(Preset::Cup2019, usize::MAX);
    assert!(round.is_over());
    let en = face().public_text(round.as_ref(), &table(), Lang::En);
    assert!(en.contains("Laid aside: ♣10 ♣8 ♦2"), "{en}");
    assert!(!en.contains("face up"), "{en}");
    let de = face().public_text(round.as_ref(), &table(), Lang::De);
    assert!(de.contains("Abgelegt: ♣10 ♣8 ♦2"), "{de}");
    assert!(!de.contains("Offen"), "{de}");
}

#[test]
fn a_pass_in_the_auction_reads_apart_from_ich_liege_and_gut() {
    let t = table();
    let actions = fd1_actions();
    let line = |n: usize, lang: Lang| {
        let round = fd1_until(Preset::Cup2019, n);
        let (seat, action) = actions[n];
        face().action_text(round.as_ref(), ts(seat), &action.code(), &t, lang)
    };
    // FD1: Bert passes in the auction (1); Anna ends her opening turn of
    // the Kontra round (8); Bert ends the turn he gave Kontra in (10);
    // Anna says nothing more in her second turn (16).
    assert_eq!(line(1, Lang::De), "Bert: weiter.");
    assert_eq!(line(1, Lang::En), "Bert passes.");
    assert_eq!(line(8, Lang::De), "Anna: ich liege.");
    assert_eq!(line(8, Lang::En), "Anna: ich liege (ready to play).");
    assert_eq!(line(10, Lang::De), "Bert: fertig.");
    assert_eq!(line(10, Lang::En), "Bert is done.");
    assert_eq!(line(16, Lang::De), "Anna: gut.");
    assert_eq!(line(16, Lang::En), "Anna: gut (nothing to add).");
    // The buttons say the same.
    let label = |n: usize| {
        let round = fd1_until(Preset::Cup2019, n);
        let text = face().seat_text(round.as_ref(), ts(actions[n].0), None, &t, Lang::De);
        let token = Action::Weiter.code();
        let found = text
            .choices
            .iter()
            .flatten()
            .find(|c| c.token == token)
            .map(|c| c.label.clone());
        (found, text.text)
    };
    assert_eq!(label(1).0.as_deref(), Some("Weiter"));
    let (opening, text) = label(8);
    assert_eq!(opening.as_deref(), Some("Ich liege"));
    assert!(text.contains("Ansagen, Kontra oder „Ich liege“."), "{text}");
    assert_eq!(label(16).0.as_deref(), Some("Gut"));
}

#[test]
fn the_standard_bid_menu_follows_the_spec_rank_order() {
    // SPEC §2.3: Piccolo, Bettel, Solorufer, Besserrufer, Farbendreier,
    // (Sechserdreier: the Vorhand's first word only), Dreier, Farbensolo,
    // Piccolo ouvert, Bettel ouvert, Solodreier. Bert holds the Uhu.
    let mut round = fd1(Preset::Standard);
    apply(&mut round, Seat::S0, Action::Vorhand);
    let text = face().seat_text(round.as_ref(), ts(Seat::S1), None, &table(), Lang::En);
    assert_eq!(
        labels_of(&text),
        [
            "Pass",
            "Piccolo",
            "Bettler",
            "Solorufer",
            "Besserrufer",
            "Farbendreier",
            "Dreier",
            "Farbensolo",
            "Piccolo ouvert",
            "Bettler ouvert",
            "Solodreier",
        ]
    );
}

#[test]
fn the_trischaken_settlement_gives_the_talon_to_the_last_tricks_winner() {
    // FD1's cards, Trischaken by Anna, every seat plays its first legal card.
    let mut round = fd1(Preset::Cup2019);
    for (seat, action) in [
        (Seat::S0, Action::Vorhand),
        (Seat::S1, Action::Weiter),
        (Seat::S2, Action::Weiter),
        (Seat::S3, Action::Weiter),
        (Seat::S0, Action::Bid(Contract::Trischaken)),
    ] {
        apply(&mut round, seat, action);
    }
    while !round.is_over() {
        let g = game(round.as_ref());
        let seat = g.to_act().unwrap();
        let card = g.legal_cards().first().unwrap();
        apply(&mut round, seat, Action::Play(card));
    }
    let last = game(round.as_ref())
        .play()
        .unwrap()
        .trick(11)
        .unwrap()
        .winner;
    let winner = table().names[last.index()].clone();
    // The talon hA h3 c9 d2 d4 cQ: values 1+1+1+1+1+4 = 9, 3·9 − 2·6 = 15
    // thirds = 5 points 0 Blatt.
    let en = face()
        .settlement_text(round.as_ref(), &table(), Lang::En)
        .unwrap();
    assert_eq!(
        en.lines[1],
        format!(
            "The talon (♣Q ♣9 ♥A ♥3 ♦2 ♦4: 5 points 0 Blatt) counts for {winner}, who took the last trick."
        )
    );
    let de = face()
        .settlement_text(round.as_ref(), &table(), Lang::De)
        .unwrap();
    assert_eq!(
        de.lines[1],
        format!(
            "Der Talon (♣D ♣9 ♥A ♥3 ♦2 ♦4: 5 Punkte 0 Blatt) geht an {winner} mit dem letzten Stich."
        )
    );
    check_settlement(round.as_ref(), Lang::En);
}

#[test]
fn a_negative_games_kontra_line_names_who_gave_it_against_whom() {
    // FD1's cards, standard: Bert bids Piccolo, Cora gives him Kontra; the
    // Kontra doubles only the money between Bert and Cora (SPEC §10.1).
    let mut round = fd1(Preset::Standard);
    for (seat, action) in [
        (Seat::S0, Action::Vorhand),
        (Seat::S1, Action::Bid(Contract::Piccolo)),
        (Seat::S2, Action::Weiter),
        (Seat::S3, Action::Weiter),
        (Seat::S0, Action::Weiter),
        (
            Seat::S2,
            Action::Kontra(tarock_koenigrufen::Item::Spiel, Some(Seat::S1)),
        ),
        (Seat::S2, Action::Weiter),
        (Seat::S3, Action::Weiter),
        (Seat::S0, Action::Weiter),
        (Seat::S1, Action::Weiter),
    ] {
        apply(&mut round, seat, action);
    }
    while !round.is_over() {
        let g = game(round.as_ref());
        let seat = g.to_act().unwrap();
        let card = g.legal_cards().first().unwrap();
        apply(&mut round, seat, Action::Play(card));
    }
    let s = game(round.as_ref()).settlement().unwrap();
    let en = face()
        .settlement_text(round.as_ref(), &table(), Lang::En)
        .unwrap();
    let pair = |opponent: &str| {
        en.lines
            .iter()
            .find(|l| l.starts_with(&format!("Piccolo Bert against {opponent}: ")))
            .unwrap_or_else(|| panic!("no line against {opponent}: {:?}", en.lines))
            .clone()
    };
    // Piccolo is worth 2; the side that won it gets 2 in the score and
    // 2 × 2 = 4 in money against Cora.
    let side = if s.score[1] > 0 {
        "declarers"
    } else {
        "opponents"
    };
    assert_eq!(
        pair("Cora"),
        format!(
            "Piccolo Bert against Cora: {side} +2 in the score; Kontra by Cora: ×2 = +4 in money"
        )
    );
    assert_eq!(
        pair("Dora"),
        format!("Piccolo Bert against Dora: {side} +2")
    );
    check_settlement(round.as_ref(), Lang::En);
}
