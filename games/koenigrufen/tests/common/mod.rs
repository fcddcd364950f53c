//! Fixtures shared by the integration tests: the two fully specified deals
//! of SPEC §15.4/§15.5 and small builders. Each test binary uses a part of it.
#![allow(dead_code)]

use tarock_koenigrufen::record::{FORMAT, Record};
use tarock_koenigrufen::{Action, Card, CardSet, Deal, Game, Preset, Rules, Seat};

/// FD1 (SPEC §15.4): hands S0–S3 and the talon (half 1, half 2).
pub const FD1_HANDS: [&str; 4] = [
    "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
    "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
    "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
    "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
];
/// FD1's talon.
pub const FD1_TALON: &str = "hA h3 c9 d2 d4 cQ";
/// FD1 before the tricks: auction, king call, talon, discard, announcements.
pub const FD1_OPENING: [&str; 15] = [
    "0 vorhand",
    "1 weiter",
    "2 weiter",
    "3 weiter",
    "0 rufer",
    "0 rufe cK",
    "0 nimm 2",
    "0 ablage c8 c10 d2",
    "0 weiter",
    "1 kontra-spiel",
    "2 kontra-spiel ku",
    "3 kontra-ku",
    "0 weiter",
    "1 weiter",
    "2 weiter",
];
/// FD1's tricks as (leader, cards of S0, S1, S2, S3).
pub const FD1_TRICKS: [(u8, [&str; 4]); 12] = [
    (0, ["T22", "T2", "T21", "T3"]),
    (0, ["d4", "d3", "dA", "dQ"]),
    (3, ["T12", "T14", "T17", "T10"]),
    (2, ["T15", "T19", "T11", "T13"]),
    (1, ["s9", "sQ", "T4", "s8"]),
    (2, ["T18", "T8", "T7", "T16"]),
    (0, ["T9", "s7", "cN", "T5"]),
    (0, ["T6", "c7", "cJ", "T1"]),
    (0, ["T20", "h4", "hJ", "s10"]),
    (0, ["hQ", "sN", "h2", "hN"]),
    (0, ["hK", "dN", "dJ", "sJ"]),
    (0, ["cQ", "sK", "cK", "dK"]),
];

/// FD2 (SPEC §15.5): Trischaken, S1 Vorhand and Fahrer.
pub const FD2_HANDS: [&str; 4] = [
    "T2 T7 T10 T13 T16 T20 sN s9 cK cQ hQ dJ",
    "T6 T9 T11 T12 T17 T18 T19 T21 h3 dK dQ d3",
    "T1 T14 T22 sQ s10 s8 cJ c10 c8 c7 hK hA",
    "T3 T4 sJ s7 c9 hN hJ h2 dN dA d2 d4",
];
/// FD2's talon.
pub const FD2_TALON: &str = "T5 h4 cN sK T15 T8";
/// FD2's auction.
pub const FD2_OPENING: [&str; 5] = [
    "1 vorhand",
    "2 weiter",
    "3 weiter",
    "0 weiter",
    "1 trischaken",
];
/// FD2's tricks as (leader, cards of S0, S1, S2, S3).
pub const FD2_TRICKS: [(u8, [&str; 4]); 12] = [
    (1, ["hQ", "h3", "hA", "hJ"]),
    (0, ["T2", "T6", "T14", "T4"]),
    (2, ["cQ", "T9", "c7", "c9"]),
    (1, ["dJ", "d3", "T22", "dN"]),
    (2, ["sN", "T11", "s8", "sJ"]),
    (1, ["T13", "T12", "T1", "T3"]),
    (0, ["s9", "T17", "sQ", "s7"]),
    (1, ["T20", "T18", "hK", "hN"]),
    (0, ["T7", "T19", "cJ", "dA"]),
    (1, ["T10", "dQ", "s10", "d2"]),
    (0, ["T16", "T21", "c10", "h2"]),
    (1, ["cK", "dK", "c8", "d4"]),
];

/// The card with SPEC id `id`.
pub fn card(id: &str) -> Card {
    id.parse().expect("a card id of SPEC §1.1")
}

/// The set of space-separated card ids.
pub fn set(ids: &str) -> CardSet {
    ids.parse().expect("card ids")
}

/// A deal from four hands and a talon written as in the SPEC.
pub fn deal(hands: [&str; 4], talon: &str) -> Deal {
    let talon: Vec<Card> = talon.split_whitespace().map(card).collect();
    Deal::new(hands.map(set), &talon).expect("a valid deal")
}

/// The record plays of `tricks`, trick by trick from the leader.
pub fn plays(tricks: &[(u8, [&str; 4])]) -> Vec<String> {
    let mut out = Vec::new();
    for (leader, cards) in tricks {
        for i in 0..4u8 {
            let seat = (leader + i) % 4;
            out.push(format!("{seat} {}", cards[usize::from(seat)]));
        }
    }
    out
}

/// A record of `actions` on the given cards.
pub fn record(
    rules: serde_json::Value,
    forehand: u8,
    hands: [&str; 4],
    talon: &str,
    actions: &[String],
) -> Record {
    Record {
        format: FORMAT.into(),
        rules,
        forehand,
        hands: hands.iter().map(|h| h.to_string()).collect(),
        talon: talon.into(),
        actions: actions.to_vec(),
    }
}

/// The FD1 record (opening and all twelve tricks) under `preset`.
pub fn fd1_record(preset: Preset) -> Record {
    let mut actions: Vec<String> = FD1_OPENING.iter().map(|s| s.to_string()).collect();
    actions.extend(plays(&FD1_TRICKS));
    record(preset.name().into(), 0, FD1_HANDS, FD1_TALON, &actions)
}

/// The FD2 record under `preset`.
pub fn fd2_record(preset: Preset) -> Record {
    let mut actions: Vec<String> = FD2_OPENING.iter().map(|s| s.to_string()).collect();
    actions.extend(plays(&FD2_TRICKS));
    record(preset.name().into(), 1, FD2_HANDS, FD2_TALON, &actions)
}

/// Applies record strings (e.g. `"0 vorhand"`, `"2 kontra-spiel ku"`) to `game`,
/// panicking with the string on a refusal.
pub fn run(game: &mut Game, actions: &[&str]) {
    for text in actions {
        let (seat, list) = tarock_koenigrufen::record::parse_action(text).expect("parsable");
        if let Err((_, e)) = game.apply_all(seat, &list) {
            panic!("{text}: {e}");
        }
    }
}

/// Applies record strings and returns the refusal of the last one (the others must pass).
pub fn refused(game: &mut Game, actions: &[&str]) -> tarock_koenigrufen::RuleError {
    let (last, first) = actions.split_last().expect("at least one");
    run(game, first);
    let (seat, list) = tarock_koenigrufen::record::parse_action(last).expect("parsable");
    let before = game.clone();
    let (_, e) = game
        .apply_all(seat, &list)
        .expect_err("the last action must be refused");
    assert_eq!(*game, before, "a refused action changed the game");
    e
}

/// A new game on `hands`/`talon` with S0 as Vorhand.
pub fn new_game(rules: Rules, hands: [&str; 4], talon: &str) -> Game {
    Game::new(rules, deal(hands, talon), Seat::S0)
}

/// The action of record words (without the seat).
pub fn action(words: &str) -> Action {
    words.parse().expect("an action")
}
