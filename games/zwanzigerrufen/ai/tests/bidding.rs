//! The strong player's bidding by looking ahead: a monster hand bids a game
//! and a trash hand passes on fixed deals and several random number
//! generators, and the lookahead only ever chooses legal actions.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::{Action, Bid, Deal, Game, GameKind, Phase, Preset, Seat, sim};
use tarock_zwanzigerrufen_ai::lookahead::MIN_SAMPLES;
use tarock_zwanzigerrufen_ai::{Medium, Player, Strong, StrongConfig, drive};

/// A deal in which seat 1 holds `hand` and the other 30 cards are shuffled
/// by `seed` among seats 0, 2 and 3; seat 0 is the Vorhand and has opened
/// as the medium player would.
fn after_opening(hand: &str, seed: u64) -> Game {
    let mine: CardSet = hand.parse().unwrap();
    let mut rest: Vec<Card> = CardSet::DECK.without(mine).iter().collect();
    rest.shuffle(&mut SmallRng::seed_from_u64(seed));
    let chunk = |i: usize| {
        rest[10 * i..10 * i + 10]
            .iter()
            .copied()
            .collect::<CardSet>()
    };
    let deal = Deal::new([chunk(0), mine, chunk(1), chunk(2)]).unwrap();
    let mut game = Game::new(Preset::Standard.rules(), deal, Seat::S0).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let bids = drive::bidding_turn(&game, &mut Medium::new(), &mut rng).unwrap();
    game.apply_turn(Seat::S0, &bids).unwrap();
    assert_eq!(game.to_act(), Some(Seat::S1));
    game
}

const MONSTER: &str = "T22 T21 T20 T19 T18 T17 T16 T15 cK hK";
const TRASH: &str = "T4 T5 s10 sJ c10 cJ hA hJ dA dJ";

#[test]
fn a_monster_hand_bids_a_game() {
    for seed in 1..=4 {
        let game = after_opening(MONSTER, seed);
        let view = game.view(Seat::S1);
        let mut strong = Strong::new();
        let mut rng = SmallRng::seed_from_u64(100 + seed);
        let action = strong.choose_bid(&view, &mut rng);
        let d = strong.last_bid().expect("the lookahead decided");
        assert!(game_bid(action), "seed {seed}: {d:?}");
    }
}

fn game_bid(a: Action) -> bool {
    matches!(a, Action::Bid(Bid::Game(_)))
}

/// Seven tarocks with the Trull's top two and three Kings: no monster by
/// the blunder list's measure, so the samples decide, and they bid a game.
const NEAR_MONSTER: &str = "T22 T21 T20 T19 T18 T17 T16 cK hK dK";
/// Four low tarocks and no King: not trash by the list's measure, so the
/// samples decide, and they bid no game.
const WEAK: &str = "T4 T5 T6 T7 s10 sJ c10 hA hJ dA";

#[test]
fn the_samples_bid_a_game_with_a_strong_hand_and_none_with_a_weak_one() {
    for seed in 1..=4 {
        for (hand, wants_game) in [(NEAR_MONSTER, true), (WEAK, false)] {
            let game = after_opening(hand, seed);
            let view = game.view(Seat::S1);
            let mut strong = Strong::new();
            let mut rng = SmallRng::seed_from_u64(400 + seed);
            let action = strong.choose_bid(&view, &mut rng);
            let d = strong.last_bid().expect("the lookahead decided");
            assert!(d.samples as usize >= MIN_SAMPLES, "seed {seed}: {d:?}");
            assert_eq!(
                game_bid(d.best_mean),
                wants_game,
                "{hand} seed {seed}: {d:?}"
            );
            assert_eq!(game_bid(action), wants_game, "{hand} seed {seed}: {d:?}");
        }
    }
}

#[test]
fn a_trash_hand_passes() {
    for seed in 1..=4 {
        let game = after_opening(TRASH, seed);
        let view = game.view(Seat::S1);
        let mut strong = Strong::new();
        let mut rng = SmallRng::seed_from_u64(200 + seed);
        let action = strong.choose_bid(&view, &mut rng);
        let d = strong.last_bid().expect("the lookahead decided");
        assert_eq!(action, Action::Weiter, "seed {seed}: {d:?}");
    }
}

#[test]
fn a_vorhand_with_a_monster_hand_plays_solo() {
    // Seat 0 is the Vorhand here: the same hand dealt to seat 0.
    for seed in 1..=3 {
        let mine: CardSet = MONSTER.parse().unwrap();
        let mut rest: Vec<Card> = CardSet::DECK.without(mine).iter().collect();
        rest.shuffle(&mut SmallRng::seed_from_u64(seed));
        let chunk = |i: usize| {
            rest[10 * i..10 * i + 10]
                .iter()
                .copied()
                .collect::<CardSet>()
        };
        let deal = Deal::new([mine, chunk(0), chunk(1), chunk(2)]).unwrap();
        let game = Game::new(Preset::Standard.rules(), deal, Seat::S0).unwrap();
        let mut strong = Strong::new();
        let mut rng = SmallRng::seed_from_u64(300 + seed);
        let action = strong.choose_bid(&game.view(Seat::S0), &mut rng);
        let d = strong.last_bid().expect("the lookahead decided");
        assert_eq!(
            action,
            Action::Bid(Bid::Game(GameKind::Solo)),
            "seed {seed}: {d:?}"
        );
    }
}

/// Plays the bidding of random deals with four lookahead bidders (a budget
/// that finishes enough samples to decide) and checks every action.
#[test]
fn lookahead_bids_are_always_legal() {
    let config = StrongConfig {
        samples: 12,
        node_budget: 400_000,
        time_cap: None,
        ..StrongConfig::default()
    };
    let mut decided = 0;
    for preset in [
        Preset::Standard,
        Preset::Directnet,
        Preset::Tarockwelt,
        Preset::Wikipedia,
    ] {
        for seed in 0..8u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let rules = preset.rules();
            let (mut game, _) = sim::random_game(&mut rng, &rules, Seat::ALL[seed as usize % 4]);
            let mut players: Vec<Strong> = (0..4).map(|_| Strong::with_config(config)).collect();
            while game.phase() == Phase::Bidding {
                let seat = game.to_act().expect("a seat bids");
                let player = &mut players[seat.index()];
                let (seat, action) = match drive::next_action(&game, player, &mut rng) {
                    Ok(Some(step)) => step,
                    Ok(None) => break,
                    Err(e) => panic!("{preset} seed {seed}: {e}"),
                };
                decided += usize::from(
                    player
                        .last_bid()
                        .is_some_and(|d| d.samples as usize >= MIN_SAMPLES),
                );
                game.apply(seat, action).expect("checked by next_action");
            }
            assert_ne!(game.phase(), Phase::Bidding, "{preset} seed {seed}");
            assert_eq!(players[0].name(), "strong");
        }
    }
    // The lookahead itself decided, not only medium's fallback.
    assert!(decided > 0);
}
