//! Fixtures shared by the integration tests: building sessions at a given
//! state, applying actions written as record strings, and the two complete
//! sessions of the SPEC (FG1, §8.6; FG2, §8.7) as records.
#![allow(dead_code)]

use serde_json::{Value, json};
use tarock_zwanzig_ab::{Action, Deck, Flags, RuleError, Rules, Seat, Session, Start, Step};

/// Rules: the standard preset with `change` applied to its flags.
pub fn rules(change: impl FnOnce(&mut Flags)) -> Rules {
    let mut flags = *Rules::STANDARD.flags();
    change(&mut flags);
    Rules::new(flags).unwrap()
}

/// A session of `scores.len()` players with these scores and drops used.
pub fn session(rules: Rules, dealer: u8, scores: &[i32], drops: &[u8]) -> Session {
    let mut start = Start::fresh(&rules);
    start.scores[..scores.len()].copy_from_slice(scores);
    start.drops[..drops.len()].copy_from_slice(drops);
    Session::new(rules, scores.len() as u8, dealer, start).unwrap()
}

/// Splits `"SEAT WORDS"` into the seat and the action.
pub fn parse(text: &str) -> (Seat, Action) {
    let (seat, words) = text.split_once(' ').unwrap();
    (
        Seat::new(seat.parse().unwrap()).unwrap(),
        words.parse().unwrap(),
    )
}

/// Applies one action written as in a record.
pub fn try_act(s: &mut Session, text: &str) -> Result<Step, RuleError> {
    let (seat, action) = parse(text);
    s.apply(seat, action)
}

/// Applies actions that must all be legal; returns the last step.
pub fn act(s: &mut Session, texts: &[&str]) -> Step {
    let mut last = None;
    for t in texts {
        last = Some(try_act(s, t).unwrap_or_else(|e| panic!("{t}: {e}")));
    }
    last.expect("at least one action")
}

/// Asserts that `text` is rejected with `code` and changes nothing.
pub fn rejected(s: &mut Session, text: &str, code: &str) {
    let before = s.clone();
    let err = try_act(s, text).expect_err(text);
    assert_eq!(err.code(), code, "{text}: {err}");
    assert_eq!(*s, before, "{text} changed the session");
}

/// A deck whose dealing gives these hands (seat 0 first, first packet
/// first) and stock, with `maker` as trump maker.
pub fn deck(hands: &[&str], stock: &str, maker: Seat) -> Deck {
    let hands: Vec<String> = hands.iter().map(|h| h.to_string()).collect();
    Deck::parse_hands(&hands, stock, maker).unwrap()
}

/// FG1's first deal (§8.6), as a deck (§2.3's example).
pub const FG1_DECK_1: &str = "hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 \
                              d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ";
/// FG1's second deal.
pub const FG1_DECK_2: &str = "c7 s7 d7 sA d8 s10 s9 d9 dJ s8 dA cA sK h7 dQ h8 hK hQ c10 hJ \
                              c8 c9 sQ hA sJ cK cQ cJ h10 h9 d10 dK";

/// FG1's actions: deal 1 (dealer S3), then deal 2 (dealer S0).
pub const FG1_ACTIONS: &[&str] = &[
    "0 trump h",
    "0 swap c7 d9",
    "1 swap c8",
    "2 stay",
    "3 drop",
    "0 hA",
    "1 h7",
    "2 h8",
    "0 h10",
    "1 hQ",
    "2 h9",
    "0 s8",
    "1 sK",
    "2 sA",
    "2 dA",
    "0 d7",
    "1 d10",
    "2 c9",
    "0 dK",
    "1 cA",
    "1 trump c",
    "1 stay",
    "2 swap s10",
    "3 swap dJ hK hQ",
    "0 stay",
    "1 s7",
    "2 sA",
    "3 s9",
    "0 s8",
    "2 d8",
    "3 d9",
    "0 dA",
    "1 d7",
    "0 cA",
    "1 c7",
    "2 c8",
    "3 c9",
    "0 c10",
    "1 sK",
    "2 dQ",
    "3 sQ",
]; // the last trick follows in FG1_LAST_TRICK

/// FG1's fifth trick of deal 2.
pub const FG1_LAST_TRICK: [&str; 4] = ["0 hJ", "1 h7", "2 h8", "3 hA"];

/// FG1 as a record: deal 1 in the hands form, deal 2 in the deck form (§9.1).
pub fn fg1_record(rules: Value) -> Value {
    let actions: Vec<&str> = FG1_ACTIONS.iter().chain(&FG1_LAST_TRICK).copied().collect();
    json!({
        "format": "zwanzig-ab-record/1",
        "rules": rules,
        "players": 4,
        "dealer": 3,
        "start": {"scores": [6, 7, 3, 12], "drops": [0, 4, 0, 2]},
        "deals": [
            {"hands": ["hA h10 c7 s8 d9", "h7 hQ c8 sK d10", "h8 sA c9 dA h9", "sQ sJ cK cQ d8"],
             "stock": "d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ"},
            {"deck": FG1_DECK_2}
        ],
        "actions": actions,
    })
}

/// FG2's deal (§8.7): five players, dealer S4.
pub const FG2_DECK: &str = "s9 s8 h10 dA cA h9 sK sQ s10 d8 c7 s7 d9 c8 h8 cQ cJ hJ c10 sJ \
                            dK d10 hA dQ hQ d7 c9 hK h7 dJ cK sA";

/// FG2's actions.
pub const FG2_ACTIONS: &[&str] = &[
    "0 trump s",
    "0 swap h10 cQ cJ",
    "1 swap h9 hJ c10",
    "2 drop",
    "3 swap hA",
    "4 stay",
    "0 d7",
    "1 dA",
    "3 d8",
    "4 d9",
    "1 cA",
    "3 c7",
    "4 c8",
    "0 c9",
    "1 h7",
    "3 s7",
    "4 h8",
    "0 hK",
    "3 d10",
    "4 dQ",
    "0 s9",
    "1 dJ",
    "0 s8",
    "1 cK",
    "3 sA",
    "4 hQ",
];

/// FG2 as a record.
pub fn fg2_record(rules: Value) -> Value {
    json!({
        "format": "zwanzig-ab-record/1",
        "rules": rules,
        "players": 5,
        "dealer": 4,
        "start": {"scores": [9, 2, 14, 1, 8], "drops": [1, 2, 0, 3, 1]},
        "deals": [{"deck": FG2_DECK}],
        "actions": FG2_ACTIONS,
    })
}
