//! The two fully specified deals of the rules (FD1: a Rufer, FD2: a
//! Farbensolo) replayed from records in every preset, with the settlements
//! worked out by hand from the value tables.

mod common;

use common::{FD1_HANDS, FD1_TRICKS, FD2_HANDS, FD2_TRICKS, card, plays};
use tarock_zwanzigerrufen::record::{FORMAT, Record};
use tarock_zwanzigerrufen::rules::Preset;
use tarock_zwanzigerrufen::score::Scored;
use tarock_zwanzigerrufen::{Card, Game, GameKind, Party, Seat};

fn record(
    preset: Preset,
    hands: [&str; 4],
    bidding: &[&str],
    tricks: &[(Seat, [&str; 4])],
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
    tricks: &[(Seat, [&str; 4])],
    plays_done: usize,
) -> Game {
    let mut r = record(Preset::Standard, hands, bidding, tricks);
    r.actions.truncate(bidding.len() + plays_done);
    r.to_game().unwrap()
}

#[test]
fn illegal_cards_name_the_rule_they_break() {
    use tarock_zwanzigerrufen::{Action, RuleError};
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
