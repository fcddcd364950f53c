//! The two fully specified deals of the rules (FD1: a Rufer, FD2: a
//! Farbensolo) replayed from records in every preset, with the settlements
//! worked out by hand from the value tables.

use tarock_engine::record::{FORMAT, Record};
use tarock_engine::rules::Preset;
use tarock_engine::score::Scored;
use tarock_engine::{Card, Game, GameKind, Party, Seat};

/// FD1 hands: S0 holds XX but not XIX, so she calls XIX, held by S2.
const FD1_HANDS: [&str; 4] = [
    "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
    "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
    "T22 T19 T9 T4 dK hK hN sK sJ s10",
    "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
];

/// FD1 tricks as (leader, cards by seat S0..S3).
const FD1_TRICKS: [(u8, [&str; 4]); 10] = [
    (0, ["T20", "T17", "T4", "T7"]),
    (0, ["T21", "T16", "T22", "T6"]),
    (2, ["hJ", "T14", "hN", "hA"]),
    (1, ["cK", "cJ", "T9", "T15"]),
    (3, ["T12", "T18", "T19", "T8"]),
    (2, ["dN", "dA", "dK", "dQ"]),
    (2, ["T11", "T5", "sJ", "sQ"]),
    (0, ["dJ", "cQ", "s10", "T10"]),
    (3, ["T13", "cN", "sK", "sN"]),
    (0, ["hQ", "c10", "hK", "T1"]),
];

/// FD2 hands: S1 holds the whole Trull, S2 six suit cards and all four Kings.
const FD2_HANDS: [&str; 4] = [
    "T19 T17 T6 T5 T4 sN sJ cJ dQ dA",
    "T22 T21 T18 T10 T8 T7 T1 cN dN hJ",
    "T14 T13 T12 T9 sK cK hK hN dK dJ",
    "T20 T16 T15 T11 sQ s10 cQ c10 hQ hA",
];

const FD2_TRICKS: [(u8, [&str; 4]); 10] = [
    (0, ["cJ", "cN", "cK", "c10"]),
    (2, ["T5", "hJ", "hN", "hA"]),
    (2, ["T19", "T8", "hK", "hQ"]),
    (2, ["dQ", "dN", "dK", "T11"]),
    (2, ["sJ", "T7", "sK", "s10"]),
    (2, ["dA", "T22", "dJ", "T15"]),
    (2, ["T17", "T1", "T9", "T16"]),
    (0, ["sN", "T21", "T14", "sQ"]),
    (3, ["T4", "T18", "T13", "cQ"]),
    (3, ["T6", "T10", "T12", "T20"]),
];

/// The card plays of a deal in playing order, as record strings.
fn plays(tricks: &[(u8, [&str; 4])]) -> Vec<String> {
    let mut out = Vec::new();
    for (leader, cards) in tricks {
        for i in 0..4 {
            let seat = (leader + i) % 4;
            out.push(format!("{seat} {}", cards[seat as usize]));
        }
    }
    out
}

fn record(
    preset: Preset,
    hands: [&str; 4],
    bidding: &[&str],
    tricks: &[(u8, [&str; 4])],
) -> Record {
    let mut actions: Vec<String> = bidding.iter().map(|s| s.to_string()).collect();
    actions.extend(plays(tricks));
    Record {
        format: FORMAT.into(),
        rules: serde_json::Value::String(preset.name().into()),
        forehand: 0,
        hands: hands.iter().map(|s| s.to_string()).collect(),
        actions,
    }
}

fn fd1(preset: Preset) -> Game {
    let bidding = ["0 rufer", "1 weiter", "2 weiter", "3 weiter"];
    record(preset, FD1_HANDS, &bidding, &FD1_TRICKS)
        .to_game()
        .expect("FD1 is legal")
}

fn fd2(preset: Preset) -> Game {
    // Directnet: S1 holds the Trull and must kontra the Rufer (L8); the
    // Farbensolo then voids that Kontra.
    let s1 = if preset == Preset::Directnet {
        "1 kontra-spiel"
    } else {
        "1 weiter"
    };
    let bidding = [
        "0 rufer",
        s1,
        "2 farbensolo",
        "3 weiter",
        "0 weiter",
        "1 weiter",
    ];
    record(preset, FD2_HANDS, &bidding, &FD2_TRICKS)
        .to_game()
        .expect("FD2 is legal")
}

fn winners(game: &Game) -> Vec<(Seat, Card)> {
    game.tricks()
        .iter()
        .map(|t| (t.winner, t.winning_card))
        .collect()
}

fn card(id: &str) -> Card {
    id.parse().unwrap()
}

#[test]
fn fd1_tricks_points_and_parties() {
    let game = fd1(Preset::Standard);
    let contract = game.contract().unwrap();
    assert_eq!(contract.kind, GameKind::Rufer);
    assert_eq!(contract.called, Some(card("T19")));
    assert_eq!(contract.partner, Some(Seat::S2));
    let expected = [
        (0, "T20"),
        (2, "T22"),
        (1, "T14"),
        (3, "T15"),
        (2, "T19"),
        (2, "dK"),
        (0, "T11"),
        (3, "T10"),
        (0, "T13"),
        (3, "T1"),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|(s, c)| (Seat::new(*s).unwrap(), card(c)))
        .collect();
    assert_eq!(winners(&game), expected);
    // D tricks 1, 2, 5, 6, 7, 9 = 4 + 12 + 4 + 12 + 8 + 12 = 52; O: 6 + 9 + 7 + 14 = 36.
    assert_eq!(game.score_so_far(), ([52, 36], [6, 4]));
}

#[test]
fn fd1_settles_as_e19_in_every_preset() {
    // standard, directnet, wikipedia: Game won +1, O's silent Pagat −1, Mondfang
    // against D (S0's Mond caught by her own partner's Sküs) −1: T = −1.
    for preset in [Preset::Standard, Preset::Directnet, Preset::Wikipedia] {
        let s = fd1(preset).settlement().unwrap();
        assert_eq!(s.total, -1, "{preset}");
        assert_eq!(s.changes, [-1, 1, -1, 1], "{preset}");
        assert_eq!(s.line(Scored::Game).unwrap().value, 1);
        assert_eq!(s.line(Scored::Pagat).unwrap().winner, Party::Opponents);
        assert_eq!(s.line(Scored::Mondfang).unwrap().value, -1);
        assert!(s.line(Scored::Honneur).is_none());
    }
    // tarockwelt (units of 10 S): Game +1, Pagat −1, Mond gefangen −4, S2's Honneur
    // (T22 sK hK dK) +1: T = −3, i.e. −30 S each.
    let s = fd1(Preset::Tarockwelt).settlement().unwrap();
    assert_eq!(s.line(Scored::Honneur).unwrap().value, 1);
    assert_eq!(s.line(Scored::Mondfang).unwrap().value, -4);
    assert_eq!(s.changes, [-3, 3, -3, 3]);
}

#[test]
fn fd2_tricks_and_points() {
    let game = fd2(Preset::Standard);
    let contract = game.contract().unwrap();
    assert_eq!(
        (contract.kind, contract.declarer),
        (GameKind::Farbensolo, Seat::S2)
    );
    let expected = [
        (2, "cK"),
        (2, "hN"),
        (2, "hK"),
        (2, "dK"),
        (2, "sK"),
        (2, "dJ"),
        (0, "T17"),
        (3, "sQ"),
        (3, "cQ"),
        (3, "T20"),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|(s, c)| (Seat::new(*s).unwrap(), card(c)))
        .collect();
    assert_eq!(winners(&game), expected);
    assert_eq!(game.score_so_far(), ([56, 32], [6, 4]));
}

#[test]
fn fd2_settles_as_e11_in_every_preset() {
    // standard / wikipedia: Game +4, silent Absolut at exactly 56: +1·2, four Kings
    // +2·2; the Trull, the lost Pagat and the Mond are not scored in a Farbensolo.
    for preset in [Preset::Standard, Preset::Wikipedia] {
        let s = fd2(preset).settlement().unwrap();
        assert_eq!(s.total, 10, "{preset}");
        assert_eq!(s.changes, [-10, -10, 30, -10], "{preset}");
        for absent in [Scored::Trull, Scored::Pagat, Scored::Mondfang] {
            assert!(s.line(absent).is_none(), "{preset}: {absent:?}");
        }
    }
    // directnet: Königstrull only 1·2 → T = 4 + 2 + 2 = 8; S1's forced Kontra was voided.
    let s = fd2(Preset::Directnet).settlement().unwrap();
    assert_eq!(s.line(Scored::Game).unwrap().kontra, 0);
    assert_eq!(s.changes, [-8, -8, 24, -8]);
    // tarockwelt: no Absolut in solo games; 4 Könige 2·2 → T = 4 + 4 = 8 units (80 S).
    let s = fd2(Preset::Tarockwelt).settlement().unwrap();
    assert!(s.line(Scored::Absolut).is_none());
    assert_eq!(s.changes, [-8, -8, 24, -8]);
}

#[test]
fn records_round_trip_through_export() {
    for preset in Preset::ALL {
        for game in [fd1(preset), fd2(preset)] {
            let record = Record::from_game(&game);
            let again = Record::from_json(&record.to_json())
                .unwrap()
                .to_game()
                .unwrap();
            assert_eq!(again, game);
        }
    }
}

/// Replays `tricks_before` complete tricks and `cards` more plays of a deal.
fn partial(
    hands: [&str; 4],
    bidding: &[&str],
    tricks: &[(u8, [&str; 4])],
    plays_done: usize,
) -> Game {
    let mut r = record(Preset::Standard, hands, bidding, tricks);
    r.actions.truncate(bidding.len() + plays_done);
    r.to_game().unwrap()
}

#[test]
fn illegal_cards_name_the_rule_they_break() {
    use tarock_engine::{Action, RuleError};
    let fd1_bidding = ["0 rufer", "1 weiter", "2 weiter", "3 weiter"];
    // Trick 1: S0 leads T20; S1 holds tarocks, so a suit card breaks the Tarockzwang.
    let mut g = partial(FD1_HANDS, &fd1_bidding, &FD1_TRICKS, 1);
    let before = g.clone();
    let err = g.apply(Seat::S1, Action::Play(card("cQ"))).unwrap_err();
    assert_eq!(
        err,
        RuleError::MustPlayTarock {
            card: card("cQ"),
            led: card("T20")
        }
    );
    // A card from someone else's hand.
    assert_eq!(
        g.apply(Seat::S1, Action::Play(card("T22"))),
        Err(RuleError::NotInHand(card("T22")))
    );
    assert_eq!(g, before);
    // Trick 3: S2 leads hN; S3 holds hA and must follow suit.
    let mut g = partial(FD1_HANDS, &fd1_bidding, &FD1_TRICKS, 9);
    let err = g.apply(Seat::S3, Action::Play(card("sQ"))).unwrap_err();
    assert_eq!(
        err,
        RuleError::MustFollowSuit {
            card: card("sQ"),
            led: card("hN")
        }
    );
    // FD2 trick 8: S0 leads in the Farbensolo and still holds sN, so no tarock lead.
    let fd2_bidding = [
        "0 rufer",
        "1 weiter",
        "2 farbensolo",
        "3 weiter",
        "0 weiter",
        "1 weiter",
    ];
    let mut g = partial(FD2_HANDS, &fd2_bidding, &FD2_TRICKS, 28);
    let err = g.apply(Seat::S0, Action::Play(card("T4"))).unwrap_err();
    assert_eq!(err, RuleError::FarbensoloLead { card: card("T4") });
}
