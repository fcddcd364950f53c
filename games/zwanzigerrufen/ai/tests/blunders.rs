//! Blunder fixtures (issue 33, point 6): exact positions, dealt and played
//! by hand from the rules (SPEC §3 – §4: S0 is the Vorhand and leads the
//! first trick; tarocks trump; the highest tarock, else the highest card of
//! the suit led, wins; the Sküs takes the Mond in Mondfang), in which a
//! tarock player sees one play as a blunder. Each is put to the medium and
//! the strong player with several random seeds; neither may make it. The
//! predicates of `blunder` are checked on the blunder itself first, so a
//! fixture cannot pass by testing nothing.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::{Action, Bid, Deal, Game, GameKind, Preset, Record, Seat};
use tarock_zwanzigerrufen_ai::{Level, blunder, player};

const SEEDS: [u64; 3] = [1, 7, 2026];

fn card(id: &str) -> Card {
    id.parse().unwrap()
}

/// A standard game of `hands` (S0 Vorhand) after S0 opened `kind` and the
/// others passed, with `cards` played by the seats in turn.
fn game(hands: [&str; 4], kind: GameKind, cards: &[&str]) -> Game {
    let hands = hands.map(|h| h.parse::<CardSet>().unwrap());
    let mut game = Game::new(
        Preset::Standard.rules(),
        Deal::new(hands).unwrap(),
        Seat::S0,
    )
    .unwrap();
    game.apply_turn(Seat::S0, &[Bid::Game(kind)]).unwrap();
    for seat in [Seat::S1, Seat::S2, Seat::S3] {
        game.apply_turn(seat, &[]).unwrap();
    }
    for id in cards {
        let seat = game.to_act().unwrap();
        game.apply(seat, Action::Play(card(id))).unwrap();
    }
    game
}

/// The four hands as they are now (the true deal the predicates see).
fn hands_now(dealt: [&str; 4], game: &Game) -> [CardSet; 4] {
    let played = game
        .tricks()
        .iter()
        .map(|t| t.trick.card_set())
        .chain(game.current_trick().map(|t| t.card_set()))
        .fold(CardSet::EMPTY, CardSet::union);
    dealt.map(|h| h.parse::<CardSet>().unwrap().without(played))
}

/// The card each of medium and strong plays, for every seed.
fn choices(game: &Game) -> Vec<(Level, u64, Card)> {
    let seat = game.to_act().unwrap();
    let view = game.view(seat);
    let mut out = Vec::new();
    for level in [Level::Medium, Level::Strong] {
        for seed in SEEDS {
            let mut p = player(level);
            let mut rng = SmallRng::seed_from_u64(seed);
            match p.choose(&view, &mut rng) {
                Action::Play(c) => out.push((level, seed, c)),
                other => panic!("{level:?} answered {other:?} in trick play"),
            }
        }
    }
    out
}

/// A Solo of S0 with clubs led: S0 cQ, S1 cN, S2 cJ are 9 points, and S3,
/// an opponent playing last, holds cK (the winner) and c10.
const BIG_TRICK: [&str; 4] = [
    "T22 T21 T20 T19 T18 T17 T16 cQ hK dK",
    "cN T15 T14 T13 T12 sK sQ sN sJ s10",
    "cJ T11 T10 T9 T8 hQ hN hJ hA T7",
    "cK c10 T6 T5 T4 T1 dQ dN dJ dA",
];

#[test]
fn a_trick_of_nine_points_is_taken_by_the_last_seat_with_the_king() {
    let g = game(BIG_TRICK, GameKind::Solo, &["cQ", "cN", "cJ"]);
    let view = g.view(Seat::S3);
    let hands = hands_now(BIG_TRICK, &g);
    assert!(blunder::big_trick_left(&view, &hands, card("c10")));
    assert!(!blunder::big_trick_left(&view, &hands, card("cK")));
    for (level, seed, c) in choices(&g) {
        assert_eq!(c, card("cK"), "{level:?} seed {seed}");
    }
}

/// S0's Solo with the Sküs led: S1 and S2 follow with low tarocks, S3
/// (an opponent, last) must play a tarock and holds the Pagat, IV, V, VI:
/// every tarock of his loses the trick, so the Pagat would be lost to S0.
#[test]
fn the_pagat_is_not_thrown_into_the_declarers_trick() {
    let g = game(BIG_TRICK, GameKind::Solo, &["T22", "T12", "T7"]);
    let view = g.view(Seat::S3);
    let hands = hands_now(BIG_TRICK, &g);
    assert!(blunder::pagat_lost(&view, &hands, Card::PAGAT));
    assert!(!blunder::pagat_lost(&view, &hands, card("T4")));
    for (level, seed, c) in choices(&g) {
        assert_ne!(c, Card::PAGAT, "{level:?} seed {seed}");
        assert!(!blunder::pagat_lost(&view, &hands, c));
    }
}

/// S0's Solo; S0 leads the heart King, S1 and S2 follow with the Knight
/// and the Jack, and S3 (last, an opponent) holds the heart Queen, which
/// cannot beat the King, and the zero-point Glatze hA.
const SCHMIEREN: [&str; 4] = [
    "T22 T21 T20 T19 T18 T17 T16 T15 hK dK",
    "hN T14 T13 T12 sK sQ sN sJ s10 T11",
    "hJ T10 T9 T8 T7 cK cQ cN cJ c10",
    "hQ hA T6 T5 T4 T1 dQ dN dJ dA",
];

#[test]
fn no_queen_is_given_to_the_declarer_with_a_glatze_at_hand() {
    let g = game(SCHMIEREN, GameKind::Solo, &["hK", "hN", "hJ"]);
    let view = g.view(Seat::S3);
    let hands = hands_now(SCHMIEREN, &g);
    assert!(blunder::schmiert_to_the_other_party(
        &view,
        &hands,
        card("hQ")
    ));
    assert!(!blunder::schmiert_to_the_other_party(
        &view,
        &hands,
        card("hA")
    ));
    // No winner in hand: leaving the 10 points is no blunder here.
    assert!(!blunder::big_trick_left(&view, &hands, card("hA")));
    for (level, seed, c) in choices(&g) {
        assert_eq!(c, card("hA"), "{level:?} seed {seed}");
    }
}

/// S0's Solo with the Mond but not the Sküs, which S1 holds. Whatever S0
/// leads first, every other seat plays after S0 and all three are
/// opponents: a Mond led now is caught by S1's Sküs.
const MOND: [&str; 4] = [
    "T21 T20 T19 T18 T17 T16 T15 sK hK dK",
    "T22 T14 T13 T12 sQ sN sJ s10 cK cQ",
    "T11 T10 T9 T8 cN cJ c10 hQ hN hJ",
    "T7 T6 T5 T4 T1 hA dQ dN dJ dA",
];

#[test]
fn the_mond_is_not_led_into_the_opposing_skus() {
    let g = game(MOND, GameKind::Solo, &[]);
    let view = g.view(Seat::S0);
    let hands = hands_now(MOND, &g);
    assert!(blunder::mond_into_skus(&view, &hands, Card::MOND));
    assert!(!blunder::mond_into_skus(&view, &hands, card("T20")));
    for (level, seed, c) in choices(&g) {
        assert_ne!(c, Card::MOND, "{level:?} seed {seed}");
    }
}

#[test]
fn the_opposing_mond_is_caught_with_the_skus() {
    // S0 leads the Mond anyway; S1 holds the Sküs and must play a tarock.
    let g = game(MOND, GameKind::Solo, &["T21"]);
    let view = g.view(Seat::S1);
    let hands = hands_now(MOND, &g);
    assert!(blunder::mond_not_caught(&view, &hands, card("T12")));
    assert!(!blunder::mond_not_caught(&view, &hands, Card::SKUS));
    for (level, seed, c) in choices(&g) {
        assert_eq!(c, Card::SKUS, "{level:?} seed {seed}");
    }
}

/// S0's Solo with the nine tarocks XXII … XIV and the club King; S1 has no
/// club but four tarocks. Leading the tarocks first, S0 takes every trick
/// (the opponents' eleven tarocks are gone after four rounds, then the
/// King and the tarocks are masters); leading the club King first lets S1
/// trump it, and the silent Valat (standard rules) is gone.
const VALAT: [&str; 4] = [
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 cK",
    "T13 T12 T11 T10 sK sQ sN sJ s10 hK",
    "T9 T8 T7 T6 cQ cN cJ c10 hQ hN",
    "T5 T4 T1 hJ hA dK dQ dN dJ dA",
];

#[test]
fn a_valat_in_hand_is_not_thrown_away() {
    let g = game(VALAT, GameKind::Solo, &[]);
    let view = g.view(Seat::S0);
    let hands = hands_now(VALAT, &g);
    assert_eq!(
        blunder::valat_thrown(&view, &hands, card("cK"), 10_000_000),
        Some(true)
    );
    assert_eq!(
        blunder::valat_thrown(&view, &hands, Card::SKUS, 10_000_000),
        Some(false)
    );
    for (level, seed, c) in choices(&g) {
        assert_eq!(
            blunder::valat_thrown(&view, &hands, c, 10_000_000),
            Some(false),
            "{level:?} seed {seed}: {c}"
        );
    }
}

/// The bidding: S0 (Vorhand) opens a Rufer; S1 decides.
fn bidding(s1: &str) -> (Game, tarock_zwanzigerrufen::SeatView) {
    let rest: CardSet = CardSet::DECK.without(s1.parse().unwrap());
    // The other cards go round S0, S2, S3 in deck order: any deal without
    // a redeal will do for S1's decision, which sees only its own hand.
    let mut others = [CardSet::EMPTY; 3];
    for (i, c) in rest.iter().enumerate() {
        others[i % 3].insert(c);
    }
    let hands = [others[0], s1.parse().unwrap(), others[1], others[2]];
    let mut game = Game::new(
        Preset::Standard.rules(),
        Deal::new(hands).unwrap(),
        Seat::S0,
    )
    .unwrap();
    let opening = if game
        .legal_actions()
        .contains(Action::Bid(Bid::Game(GameKind::Rufer)))
    {
        GameKind::Rufer
    } else {
        GameKind::Solo
    };
    game.apply_turn(Seat::S0, &[Bid::Game(opening)]).unwrap();
    let view = game.view(Seat::S1);
    (game, view)
}

/// The first action of S1's turn for each level and seed.
fn bids(view: &tarock_zwanzigerrufen::SeatView) -> Vec<(Level, u64, Action)> {
    let mut out = Vec::new();
    for level in [Level::Medium, Level::Strong] {
        for seed in SEEDS {
            let mut rng = SmallRng::seed_from_u64(seed);
            out.push((level, seed, player(level).choose(view, &mut rng)));
        }
    }
    out
}

#[test]
fn a_monster_hand_does_not_pass() {
    // Eight tarocks with Sküs, Mond, XX and XIX, two Kings, two voids.
    let (_, view) = bidding("T22 T21 T20 T19 T15 T10 T6 T4 cK hK");
    assert!(blunder::monster_passes(&view, Action::Weiter));
    for (level, seed, action) in bids(&view) {
        assert!(
            !blunder::monster_passes(&view, action),
            "{level:?} seed {seed}"
        );
    }
}

#[test]
fn a_trash_hand_does_not_bid() {
    // Three low tarocks, no Trull card, no King.
    let (_, view) = bidding("T4 T5 T6 sJ s10 cJ cN hJ hN dJ");
    assert!(blunder::trash_bids(
        &view,
        Action::Bid(Bid::Game(GameKind::Solo))
    ));
    for (level, seed, action) in bids(&view) {
        assert!(!blunder::trash_bids(&view, action), "{level:?} seed {seed}");
    }
}

/// Positions in which the strong player threw the Pagat away in the arena
/// (`tarock arena --game zwanzigerrufen --players strong,medium --deals 50
/// --seed 1`, standard rules, listed with `TAROCK_BLUNDER_LOG=1`), each
/// the game's record up to the decision. In each the seat to act holds the
/// Pagat and another legal tarock, and the trick goes to the other party
/// whatever it plays: the declarer's known partner leads the Sküs (1);
/// the Sküs lies in the trick and the seat plays last (2) or second (4);
/// the seat leads while both higher tarocks it cannot see are with the
/// other party, so that its party cannot take the trick (3).
const PAGAT_POSITIONS: [&str; 4] = [
    r#"{"actions":["2 rufer","3 weiter","0 weiter","1 kontra-spiel","2 weiter","3 weiter","0 weiter","2 s10","3 sN","0 sK","1 sJ","0 T20","1 T5","2 T8","3 T4","0 T22"],"forehand":2,"format":"zwanzigerrufen-record/1","hands":["T11 T12 T17 T20 T22 sK cJ cQ hA dK","T1 T5 T6 T9 T10 T14 T16 sJ hN hK","T8 T15 T19 T21 s10 cN hJ hQ dA dJ","T4 T7 T13 T18 sN sQ c10 cK dN dQ"],"rules":"standard"}"#,
    r#"{"actions":["3 rufer","0 weiter","1 weiter","2 weiter","3 dK","0 dA","1 dQ","2 T4","2 cK","3 c10","0 T5","1 cJ","0 sK","1 sQ","2 s10","3 T8","3 hJ","0 hA","1 T16","2 hN","1 dJ","2 T6","3 T9","0 dN","3 cQ","0 T13","1 cN","2 T14","2 T7","3 T18","0 T22"],"forehand":3,"format":"zwanzigerrufen-record/1","hands":["T5 T13 T15 T22 sJ sN sK hA dA dN","T1 T11 T16 T20 T21 sQ cJ cN dJ dQ","T4 T6 T7 T12 T14 T17 s10 cK hN hK","T8 T9 T10 T18 T19 c10 cQ hJ hQ dK"],"rules":"standard"}"#,
    r#"{"actions":["3 rufer","0 absolut","1 kontra-absolut","2 weiter","3 weiter","0 weiter","3 T22","0 T4","1 T5","2 T9","3 cK","0 cN","1 c10","2 cJ","3 sJ","0 T19","1 s10","2 sQ","0 T7","1 T6","2 T13","3 T10","2 cQ","3 hA","0 T12","1 T16","1 dA","2 dN","3 dQ","0 dK","0 hK","1 T8","2 T14","3 hN"],"forehand":3,"format":"zwanzigerrufen-record/1","hands":["T4 T7 T12 T19 T20 T21 cN hJ hK dK","T5 T6 T8 T11 T16 T17 s10 sK c10 dA","T1 T9 T13 T14 T15 T18 sQ cJ cQ dN","T10 T22 sJ sN cK hA hN hQ dJ dQ"],"rules":"standard"}"#,
    r#"{"actions":["1 rufer","2 weiter","3 weiter","0 weiter","1 dA","2 dJ","3 dQ","0 T7","0 sK","1 T8","2 sJ","3 sQ","1 hA","2 T4","3 T5","0 hJ","3 T19","0 T9","1 T13","2 T6","3 T22"],"forehand":1,"format":"zwanzigerrufen-record/1","hands":["T1 T7 T9 T11 s10 sK cJ cK hJ hK","T8 T13 T15 T16 T17 T20 hA hN hQ dA","T4 T6 T10 T12 T14 sJ sN cQ dJ dN","T5 T18 T19 T21 T22 sQ c10 cN dQ dK"],"rules":"standard"}"#,
];

#[test]
fn the_pagat_is_not_thrown_away_in_positions_from_the_arena() {
    for (i, text) in PAGAT_POSITIONS.iter().enumerate() {
        let g = Record::from_json(text).unwrap().to_game().unwrap();
        let seat = g.to_act().unwrap();
        let view = g.view(seat);
        let hands = Seat::ALL.map(|s| g.hand(s));
        assert!(
            blunder::pagat_lost(&view, &hands, Card::PAGAT),
            "position {}",
            i + 1
        );
        for (level, seed, c) in choices(&g) {
            assert!(
                !blunder::pagat_lost(&view, &hands, c),
                "position {}: {level:?} seed {seed} played {c}",
                i + 1
            );
        }
    }
}
