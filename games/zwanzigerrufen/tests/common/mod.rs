//! Fixtures shared by the engine's integration tests: the two fully specified
//! deals of the rules (FD1, a Rufer; FD2, a Farbensolo) and small builders.
//! Each test binary uses a part of it.
#![allow(dead_code)]

use tarock_zwanzigerrufen::{Card, CardSet, Deal, Game, Rules, Seat, ValidRules};

/// FD1 hands: S0 holds XX but not XIX and calls XIX, held by S2; S3 holds the
/// Pagat; the Trull is split (S0 Mond, S2 Sküs, S3 Pagat).
pub const FD1_HANDS: [&str; 4] = [
    "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
    "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
    "T22 T19 T9 T4 dK hK hN sK sJ s10",
    "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
];

/// FD1 tricks as (leader, cards by seat S0..S3).
pub const FD1_TRICKS: [(Seat, [&str; 4]); 10] = [
    (Seat::S0, ["T20", "T17", "T4", "T7"]),
    (Seat::S0, ["T21", "T16", "T22", "T6"]),
    (Seat::S2, ["hJ", "T14", "hN", "hA"]),
    (Seat::S1, ["cK", "cJ", "T9", "T15"]),
    (Seat::S3, ["T12", "T18", "T19", "T8"]),
    (Seat::S2, ["dN", "dA", "dK", "dQ"]),
    (Seat::S2, ["T11", "T5", "sJ", "sQ"]),
    (Seat::S0, ["dJ", "cQ", "s10", "T10"]),
    (Seat::S3, ["T13", "cN", "sK", "sN"]),
    (Seat::S0, ["hQ", "c10", "hK", "T1"]),
];

/// FD2 hands: S0 lacks XX and calls it (S3 holds it); S1 holds the whole
/// Trull; S2 has six suit cards and all four Kings.
pub const FD2_HANDS: [&str; 4] = [
    "T19 T17 T6 T5 T4 sN sJ cJ dQ dA",
    "T22 T21 T18 T10 T8 T7 T1 cN dN hJ",
    "T14 T13 T12 T9 sK cK hK hN dK dJ",
    "T20 T16 T15 T11 sQ s10 cQ c10 hQ hA",
];

/// FD2 tricks (Farbensolo by S2) as (leader, cards by seat S0..S3).
pub const FD2_TRICKS: [(Seat, [&str; 4]); 10] = [
    (Seat::S0, ["cJ", "cN", "cK", "c10"]),
    (Seat::S2, ["T5", "hJ", "hN", "hA"]),
    (Seat::S2, ["T19", "T8", "hK", "hQ"]),
    (Seat::S2, ["dQ", "dN", "dK", "T11"]),
    (Seat::S2, ["sJ", "T7", "sK", "s10"]),
    (Seat::S2, ["dA", "T22", "dJ", "T15"]),
    (Seat::S2, ["T17", "T1", "T9", "T16"]),
    (Seat::S0, ["sN", "T21", "T14", "sQ"]),
    (Seat::S3, ["T4", "T18", "T13", "cQ"]),
    (Seat::S3, ["T6", "T10", "T12", "T20"]),
];

/// The card with SPEC id `id`.
pub fn card(id: &str) -> Card {
    id.parse().expect("a card id of SPEC §0.2")
}

/// A game on `hands` with S0 as the Vorhand (as in all SPEC examples).
pub fn new_game(rules: impl Into<Rules>, hands: [&str; 4]) -> Game {
    let rules = ValidRules::new(rules.into()).expect("rules in range");
    let hands = hands.map(|h| h.parse::<CardSet>().expect("card ids of SPEC §0.2"));
    let deal = Deal::new(hands).expect("four disjoint hands of ten");
    Game::new(rules, deal, Seat::S0).expect("no hand forces a redeal")
}

/// The card plays of `tricks` in playing order, as record strings "SEAT CARD".
pub fn plays(tricks: &[(Seat, [&str; 4])]) -> Vec<String> {
    let mut out = Vec::new();
    for (leader, cards) in tricks {
        for i in 0..4 {
            let seat = leader.plus(i);
            out.push(format!("{seat} {}", cards[seat.index()]));
        }
    }
    out
}
