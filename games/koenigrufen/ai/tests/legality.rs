//! Property tests for the Königrufen players: computer players of every
//! level, mixed at one table, only ever choose legal actions and never
//! panic, in both presets; every deal ends settled with 210 thirds and
//! zero-sum money; and a player's choice depends only on its seat's view
//! and its random numbers.
//!
//! The normal test run plays a few dozen deals per preset (the strong player
//! with a small budget, since tests run unoptimized). For thousands:
//! `TAROCK_AI_DEALS=2000 cargo test --release -p tarock-koenigrufen-ai --test legality`.

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::{Action, Contract, Deal, Game, Koenigrufen, Phase, Preset, Seat, sim};
use tarock_koenigrufen_ai::{Easy, Medium, Player, Strong, StrongConfig, drive};

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
        node_budget: 6_000,
        time_cap: None,
        inference: false,
    })
}

fn player(level: u8) -> Box<dyn Player<Koenigrufen>> {
    match level {
        0 => Box::new(Easy::new()),
        1 => Box::new(Medium::new()),
        _ => Box::new(small_strong()),
    }
}

/// Plays one deal with the given levels per seat; the driver checks every
/// action, and the end must be a proper settlement.
fn check_deal(preset: Preset, seed: u64, forehand: u8, levels: [u8; 4]) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(
        preset.rules(),
        Deal::shuffled(&mut rng),
        Seat::new(forehand).unwrap(),
    );
    let mut players = levels.map(player);
    let settlement = match drive::play_out(&mut game, &mut players, &mut rng) {
        Ok(s) => s,
        Err(e) => panic!("{} seed {seed}: {e}", preset.name()),
    };
    assert_eq!(game.phase(), Phase::Finished);
    assert_eq!(settlement.money.iter().sum::<i64>(), 0);
    assert_eq!(settlement.score.iter().sum::<i64>(), 0);
    game.check_invariants().unwrap();
}

/// Like [`check_deal`], but the auction is steered by the engine's random
/// deals to a contract drawn uniformly among those the table offers, so that
/// the players act in every contract (Mussolini draws, "bei", schleifen,
/// Zwiccolo, ouvert games) and not only in those they would bid.
fn check_contract(preset: Preset, seed: u64, forehand: u8, levels: [u8; 4]) -> Contract {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut game, plan) =
        sim::random_game(&mut rng, &preset.rules(), Seat::new(forehand).unwrap());
    while game.phase() == Phase::Auction {
        let (seat, action) = sim::random_action(&game, &plan, &mut rng).unwrap();
        game.apply(seat, action).unwrap();
    }
    let mut players = levels.map(player);
    let settlement = match drive::play_out(&mut game, &mut players, &mut rng) {
        Ok(s) => s,
        Err(e) => panic!("{} seed {seed} ({}): {e}", preset.name(), plan.contract),
    };
    assert_eq!(settlement.money.iter().sum::<i64>(), 0);
    game.check_invariants().unwrap();
    game.declared().unwrap().contract
}

#[test]
fn players_act_legally_in_every_contract_of_both_presets() {
    for preset in [Preset::Cup2019, Preset::Standard] {
        let rules = preset.rules();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..u64::from(deals().max(24)) * 4 {
            let levels = [0, 1, 2, 3].map(|i| ((seed >> (2 * i)) % 3) as u8);
            seen.insert(check_contract(preset, seed, (seed % 4) as u8, levels));
        }
        // The steered auctions reach every contract of the table.
        let offered = Contract::ALL.iter().filter(|c| rules.offers(**c)).count();
        assert_eq!(seen.len(), offered, "{}: {seen:?}", preset.name());
    }
}

proptest! {
    #![proptest_config(Config { cases: deals(), ..Config::default() })]

    #[test]
    fn players_stay_legal_in_cup2019(seed: u64, forehand in 0u8..4, levels in prop::array::uniform4(0u8..3)) {
        check_deal(Preset::Cup2019, seed, forehand, levels);
    }

    #[test]
    fn players_stay_legal_in_standard(seed: u64, forehand in 0u8..4, levels in prop::array::uniform4(0u8..3)) {
        check_deal(Preset::Standard, seed, forehand, levels);
    }

    #[test]
    fn medium_players_stay_legal_in_both_presets(seed: u64, forehand in 0u8..4, cup in any::<bool>()) {
        let preset = if cup { Preset::Cup2019 } else { Preset::Standard };
        check_deal(preset, seed, forehand, [1, 1, 1, 1]);
    }
}

/// Two deals that look the same from seat 0 but differ in the other hands
/// (seats 1 and 2 swap cards), both at the first lead of a Rufer.
fn twins() -> (Game, Game) {
    let s0 = "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9";
    let s3 = "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN";
    let a = [
        "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
        "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
    ];
    let b = [
        "T21 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
        "T19 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
    ];
    let start = |mid: [&str; 2]| {
        let hands = [s0, mid[0], mid[1], s3].map(|h| h.parse().unwrap());
        let talon: Vec<_> = "hA h3 c9 d2 d4 cQ"
            .split(' ')
            .map(|c| c.parse().unwrap())
            .collect();
        let mut g = Game::new(
            Preset::Cup2019.rules(),
            Deal::new(hands, &talon).unwrap(),
            Seat::S0,
        );
        for (seat, word) in [
            (0, "vorhand"),
            (1, "weiter"),
            (2, "weiter"),
            (3, "weiter"),
            (0, "rufer"),
            (0, "rufe cK"),
            (0, "nimm 2"),
            (0, "ablage c8 c10 d2"),
            (0, "weiter"),
            (1, "weiter"),
            (2, "weiter"),
            (3, "weiter"),
        ] {
            g.apply(Seat::new(seat).unwrap(), word.parse().unwrap())
                .unwrap();
        }
        g
    };
    (start(a), start(b))
}

#[test]
fn players_see_only_their_view_and_choose_alike_on_equal_views() {
    let (a, b) = twins();
    assert_ne!(a.hand(Seat::S1), b.hand(Seat::S1));
    assert_eq!(a.view(Seat::S0), b.view(Seat::S0));
    type Make = fn() -> Box<dyn Player<Koenigrufen>>;
    let players: [Make; 3] = [
        || Box::new(Easy::new()),
        || Box::new(Medium::new()),
        || Box::new(small_strong()),
    ];
    for make in players {
        let mut choices = Vec::new();
        for game in [&a, &a, &b] {
            let mut rng = SmallRng::seed_from_u64(11);
            choices.push(make().choose(&game.view(Seat::S0), &mut rng));
        }
        assert!(matches!(choices[0], Action::Play(_)));
        assert_eq!(choices[0], choices[1]);
        assert_eq!(choices[0], choices[2]);
    }
}
