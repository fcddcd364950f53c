//! Positions shared by the unit tests: a deal from its hands
//! ([`dealt`]), and one builder per kind of scene, each playing the same
//! auction, talon and announcements to the point the tests need.

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

/// The Vorhand (S0) opens, the others pass, and she chooses the contract
/// `word` (a Rufer, or a talon game such as a Farbendreier).
pub(crate) fn vorhand_chooses(mut game: Game, word: &str) -> Game {
    apply(
        &mut game,
        &["0 vorhand", "1 weiter", "2 weiter", "3 weiter"],
    );
    apply(&mut game, &[&format!("0 {word}")]);
    game
}

/// S0's Rufer ([`vorhand_chooses`]) calling `king`, at the talon.
pub(crate) fn rufer(game: Game, king: &str) -> Game {
    let mut game = vorhand_chooses(game, "rufer");
    apply(&mut game, &[&format!("0 rufe {king}")]);
    game
}

/// S0 takes talon half `half` and lays `discard` aside: the announcements
/// are next.
pub(crate) fn talon_laid(mut game: Game, half: &str, discard: &str) -> Game {
    apply(
        &mut game,
        &[&format!("0 nimm {half}"), &format!("0 ablage {discard}")],
    );
    game
}

/// Nobody announces (S0 first), then `cards` are played.
pub(crate) fn in_play(mut game: Game, cards: &[&str]) -> Game {
    apply(&mut game, &["0 weiter", "1 weiter", "2 weiter", "3 weiter"]);
    apply(&mut game, cards);
    game
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

/// FD1 at its announcements: S0's Rufer with the cK called (S2 holds it),
/// half 2 taken, `c8 c10 d2` laid aside.
pub(crate) fn fd1_at_announcements() -> Game {
    talon_laid(rufer(fd1(), "cK"), "2", "c8 c10 d2")
}

/// FD1 at its first lead ([`fd1_at_announcements`], no announcement).
pub(crate) fn fd1_in_play() -> Game {
    in_play(fd1_at_announcements(), &[])
}

/// A `cup2019` Bettler of S1 (S0 the Vorhand opens, everyone else passes),
/// then `cards` played.
pub(crate) fn bettler(hands: [&str; 4], talon: &str, cards: &[&str]) -> Game {
    let mut game = dealt(Preset::Cup2019, hands, talon);
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
    apply(&mut game, cards);
    game
}

/// A `cup2019` Bettler of S1 with low cards, at its first lead.
pub(crate) fn bettler_in_play() -> Game {
    bettler(
        [
            "T11 T10 T9 T8 T7 T6 T5 T4 T1 s10 s9 c10",
            "T2 T3 s7 s8 c7 c8 h4 h3 h2 d4 d3 d2",
            "T22 T21 T20 T19 T18 sK sQ cK cQ hK hQ dK",
            "T17 T16 T15 T14 T13 T12 sN sJ cN cJ hN hJ",
        ],
        "c9 hA dQ dN dJ dA",
        &[],
    )
}

/// A `cup2019` Farbendreier of S0 at trick 11, S0 to lead with `sJ sQ`:
/// the only other spade out is S1's `sN`, and tarocks do not trump.
pub(crate) fn farbendreier_end() -> Game {
    let game = dealt(
        Preset::Cup2019,
        [
            "T8 T14 T22 sJ sQ sK c8 cN cK hQ dQ dK",
            "T3 T4 T5 T9 T13 T16 T21 s10 sN hA dA dN",
            "T1 T6 T11 T12 T15 c9 cQ h3 hK d3 d2 dJ",
            "T2 T17 T18 T19 s8 c7 c10 cJ h4 h2 hJ d4",
        ],
        "s7 T7 s9 hN T20 T10",
    );
    let game = talon_laid(vorhand_chooses(game, "farbendreier"), "1", "T7 T8 T14");
    in_play(
        game,
        &[
            "0 dK", "1 dA", "2 d3", "3 d4", "0 cK", "1 T9", "2 c9", "3 c7", "0 sK", "1 s10",
            "2 T6", "3 s8", "0 dQ", "1 dN", "2 d2", "3 T17", "0 c8", "1 T13", "2 cQ", "3 cJ",
            "2 hK", "3 hJ", "0 hQ", "1 hA", "2 dJ", "3 T18", "0 T22", "1 T16", "2 h3", "3 h4",
            "0 s7", "1 T3", "2 T11", "3 T19", "0 s9", "1 T4", "3 c10", "0 cN", "1 T5", "2 T12",
        ],
    )
}

/// FD1 under `cup2019` with soft bird reservation: S3 announces the Pagat
/// and the first trick is under way (`T22 T2 T21`), S3 to follow.
pub(crate) fn fd1_soft_pagat() -> Game {
    let rules = tarock_koenigrufen::Rules::from_spec(&serde_json::json!({
        "preset": "cup2019",
        "bird_reservation": "soft"
    }))
    .unwrap();
    let game = Game::new(rules, *fd1().deal(), Seat::S0);
    let mut game = talon_laid(rufer(game, "cK"), "2", "c8 c10 d2");
    apply(
        &mut game,
        &[
            "0 weiter", "1 weiter", "2 weiter", "3 pagat", "3 weiter", "0 weiter", "1 weiter",
            "2 weiter", "0 T22", "1 T2", "2 T21",
        ],
    );
    game
}

/// A `cup2019` Solodreier of S0 (the Vorhand, who leads trick 1): the
/// auction and the announcements passed, then `cards` played.
pub(crate) fn solodreier(hands: [&str; 4], talon: &str, cards: &[&str]) -> Game {
    let mut game = dealt(Preset::Cup2019, hands, talon);
    apply(
        &mut game,
        &["0 solodreier", "1 weiter", "2 weiter", "3 weiter"],
    );
    in_play(game, cards)
}
