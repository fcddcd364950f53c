//! Property tests: computer players of every level, mixed at one table, only
//! ever choose legal actions and never panic, in every rule preset; and the
//! strong player's choice depends only on its view and its random numbers.
//!
//! The normal test run plays a few dozen deals per preset (the strong player
//! with a small budget, since tests run unoptimized). For thousands:
//! `TAROCK_AI_DEALS=2000 cargo test --release -p tarock-zwanzigerrufen-ai --test legality`.

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_zwanzigerrufen::card::TOTAL_POINTS;
use tarock_zwanzigerrufen::{Action, Deal, Game, Phase, Preset, Seat, sim};
use tarock_zwanzigerrufen_ai::{Easy, Medium, Player, Strong, StrongConfig, drive};

/// Deals per preset: `TAROCK_AI_DEALS`, or a small default for the normal run.
fn deals() -> u32 {
    std::env::var("TAROCK_AI_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24)
}

/// A strong player cheap enough for unoptimized tests.
fn small_strong() -> Strong {
    Strong::with_config(StrongConfig {
        samples: 4,
        node_budget: 8_000,
        time_cap: None,
        // Inference on: its samples must keep the play legal too.
        inference: true,
    })
}

fn player(level: u8) -> Box<dyn Player<tarock_zwanzigerrufen::Zwanzigerrufen>> {
    match level {
        0 => Box::new(Easy::new()),
        1 => Box::new(Medium::new()),
        _ => Box::new(small_strong()),
    }
}

/// Plays one deal with the given levels per seat; every action is checked
/// by the driver, and the end must be a proper settlement.
fn check_deal(preset: Preset, seed: u64, forehand: u8, levels: [u8; 4]) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rules = preset.rules();
    let (mut game, _) = sim::random_game(&mut rng, &rules, Seat::new(forehand).unwrap());
    let mut players = levels.map(player);
    let settlement = match drive::play_out(&mut game, &mut players, &mut rng) {
        Ok(s) => s,
        Err(e) => panic!("{preset} seed {seed}: {e}"),
    };
    assert_eq!(game.phase(), Phase::Finished);
    assert_eq!(settlement.changes.iter().sum::<i64>(), 0);
    let (points, tricks) = game.score_so_far();
    assert_eq!(points[0] + points[1], u32::from(TOTAL_POINTS));
    assert_eq!(tricks[0] + tricks[1], 10);
}

proptest! {
    #![proptest_config(Config { cases: deals(), ..Config::default() })]

    #[test]
    fn players_stay_legal_in_standard(seed: u64, forehand in 0u8..4, levels in prop::array::uniform4(0u8..3)) {
        check_deal(Preset::Standard, seed, forehand, levels);
    }

    #[test]
    fn players_stay_legal_in_directnet(seed: u64, forehand in 0u8..4, levels in prop::array::uniform4(0u8..3)) {
        check_deal(Preset::Directnet, seed, forehand, levels);
    }

    #[test]
    fn players_stay_legal_in_tarockwelt(seed: u64, forehand in 0u8..4, levels in prop::array::uniform4(0u8..3)) {
        check_deal(Preset::Tarockwelt, seed, forehand, levels);
    }

    #[test]
    fn players_stay_legal_in_wikipedia(seed: u64, forehand in 0u8..4, levels in prop::array::uniform4(0u8..3)) {
        check_deal(Preset::Wikipedia, seed, forehand, levels);
    }
}

/// Two games that look the same from seat 0 but differ in the other hands.
fn twins() -> (Game, Game) {
    let hands = |second: &str, third: &str| {
        [
            "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
            second,
            third,
            "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
        ]
        .map(|h| h.parse().unwrap())
    };
    let a = hands(
        "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
        "T22 T19 T9 T4 dK hK hN sK sJ s10",
    );
    // Seats 1 and 2 swap their clubs and spades sets of equal size.
    let b = hands(
        "T18 T17 T16 T14 T5 sK sJ s10 c10 dA",
        "T22 T19 T9 T4 dK hK hN cQ cN cJ",
    );
    let start = |hands| {
        let mut g = Game::new(
            Preset::Standard.rules(),
            Deal::new(hands).unwrap(),
            Seat::S0,
        )
        .unwrap();
        g.apply_turn(
            Seat::S0,
            &[tarock_zwanzigerrufen::Bid::Game(
                tarock_zwanzigerrufen::GameKind::Rufer,
            )],
        )
        .unwrap();
        for seat in [Seat::S1, Seat::S2, Seat::S3] {
            g.apply_turn(seat, &[]).unwrap();
        }
        g
    };
    (start(a), start(b))
}

#[test]
fn the_strong_choice_depends_only_on_the_view_and_the_random_numbers() {
    let (a, b) = twins();
    assert_eq!(a.view(Seat::S0), b.view(Seat::S0));
    let mut choices = Vec::new();
    for game in [&a, &a, &b] {
        let mut strong = small_strong();
        let mut rng = SmallRng::seed_from_u64(11);
        choices.push(strong.choose(&game.view(Seat::S0), &mut rng));
    }
    assert!(matches!(choices[0], Action::Play(_)));
    assert_eq!(choices[0], choices[1]);
    assert_eq!(choices[0], choices[2]);
}
