//! Positions shared by the unit tests.

use tarock_zwanzigerrufen::{Bid, Deal, Game, GameKind, Preset, Seat};

/// FD1 of the rules specification as dealt, seat 0 the Vorhand.
pub(crate) fn fd1_dealt() -> Game {
    let hands = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
        "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
        "T22 T19 T9 T4 dK hK hN sK sJ s10",
        "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
    ]
    .map(|h| h.parse().unwrap());
    let deal = Deal::new(hands).unwrap();
    Game::new(Preset::Standard.rules(), deal, Seat::S0).unwrap()
}

/// FD1 after its bidding: the Vorhand (seat 0) plays a Rufer and calls the
/// XIX, which seat 2 holds; everyone else passed.
pub(crate) fn fd1_after_bidding() -> Game {
    let mut game = fd1_dealt();
    game.apply_turn(Seat::S0, &[Bid::Game(GameKind::Rufer)])
        .unwrap();
    for seat in [Seat::S1, Seat::S2, Seat::S3] {
        game.apply_turn(seat, &[]).unwrap();
    }
    game
}
