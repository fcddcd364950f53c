//! Positions shared by the unit tests.

use tarock_koenigrufen::{Action, Deal, Game, Preset, Seat};

/// Applies record-style actions `"SEAT WORD…"` in order.
pub(crate) fn apply(game: &mut Game, actions: &[&str]) {
    for a in actions {
        let (seat, word) = a.split_once(' ').unwrap();
        let seat = Seat::new(seat.parse().unwrap()).unwrap();
        let action: Action = word.parse().unwrap_or_else(|e| panic!("{a}: {e}"));
        game.apply(seat, action)
            .unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

/// A game of `preset` from four hands and the talon, seat 0 the Vorhand.
pub(crate) fn dealt(preset: Preset, hands: [&str; 4], talon: &str) -> Game {
    let hands = hands.map(|h| h.parse().unwrap());
    let talon: Vec<_> = talon.split(' ').map(|c| c.parse().unwrap()).collect();
    Game::new(preset.rules(), Deal::new(hands, &talon).unwrap(), Seat::S0)
}

/// FD1 of the rules specification (SPEC §15.4) as dealt.
pub(crate) fn fd1() -> Game {
    dealt(
        Preset::Cup2019,
        [
            "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
            "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
            "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
            "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
        ],
        "hA h3 c9 d2 d4 cQ",
    )
}

/// FD1 at its first lead: S0's Rufer with the cK called (S2 holds it), half
/// 2 taken, `c8 c10 d2` laid aside, no announcement.
pub(crate) fn fd1_in_play() -> Game {
    let mut game = fd1();
    apply(
        &mut game,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 rufer",
            "0 rufe cK",
            "0 nimm 2",
            "0 ablage c8 c10 d2",
            "0 weiter",
            "1 weiter",
            "2 weiter",
            "3 weiter",
        ],
    );
    game
}

/// A `cup2019` Bettler of S1 with low cards, at its first lead.
pub(crate) fn bettler_in_play() -> Game {
    let mut game = dealt(
        Preset::Cup2019,
        [
            "T11 T10 T9 T8 T7 T6 T5 T4 T1 s10 s9 c10",
            "T2 T3 s7 s8 c7 c8 h4 h3 h2 d4 d3 d2",
            "T22 T21 T20 T19 T18 sK sQ cK cQ hK hQ dK",
            "T17 T16 T15 T14 T13 T12 sN sJ cN cJ hN hJ",
        ],
        "c9 hA dQ dN dJ dA",
    );
    apply(
        &mut game,
        &[
            "0 vorhand",
            "1 bettler",
            "2 weiter",
            "3 weiter",
            "0 weiter",
            "2 weiter",
            "3 weiter",
            "0 weiter",
        ],
    );
    game
}
