//! 20 ab computer players of every level, mixed at tables of 3–5 under
//! random rules flags, only ever choose legal actions (the driver checks
//! each one) and play sessions to a zero-sum settlement; a player's choice
//! depends only on its view and its random numbers.
//!
//! `TAROCK_AI_SESSIONS=500 cargo test --release -p tarock-zwanzig-ab-ai --test players`
//! plays more sessions than the normal run.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tarock_player::Level;
use tarock_zwanzig_ab::ZwanzigAb;
use tarock_zwanzig_ab::card::Suit;
use tarock_zwanzig_ab::rules::{DropTiming, LoneTrumpMaker, SettlementRule, WinnerRule};
use tarock_zwanzig_ab::sim::shuffled_deck;
use tarock_zwanzig_ab::{Flags, Rules, Session, Start, Step};
use tarock_zwanzig_ab_ai::drive::play_deal;
use tarock_zwanzig_ab_ai::{Easy, Player, Strong, StrongConfig, player};

fn sessions() -> u32 {
    std::env::var("TAROCK_AI_SESSIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

/// A simulating player cheap enough for unoptimized tests.
fn small_strong() -> Box<dyn Player<ZwanzigAb>> {
    Box::new(Strong::with_config(StrongConfig {
        samples: 3,
        ..StrongConfig::STRONG
    }))
}

fn random_rules(rng: &mut SmallRng) -> Rules {
    let start_score = rng.random_range(10..=25);
    Rules::new(Flags {
        start_score,
        drop_limit: rng.random_range(3..=5),
        drop_min_score: rng.random_range(0..start_score.min(8)),
        drop_timing: if rng.random_bool(0.5) {
            DropTiming::AfterExchange
        } else {
            DropTiming::WithExchange
        },
        lone_trump_maker: if rng.random_bool(0.3) {
            LoneTrumpMaker::TakesAll
        } else {
            LoneTrumpMaker::Forced
        },
        no_drop_trump: rng
            .random_bool(0.3)
            .then(|| Suit::ALL[rng.random_range(0..4)]),
        must_trump: rng.random_bool(0.8),
        must_head: rng.random_bool(0.3),
        hearts_double: rng.random_bool(0.3),
        winner_rule: if rng.random_bool(0.3) {
            WinnerRule::Lowest
        } else {
            WinnerRule::FirstOut
        },
        settlement: if rng.random_bool(0.3) {
            SettlementRule::Flat
        } else {
            SettlementRule::Points
        },
    })
    .unwrap()
}

/// Plays one session with random players; checks it ends and settles.
fn check_session(seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rules = random_rules(&mut rng);
    let n = rng.random_range(3..=5u8);
    let mut players: Vec<Box<dyn Player<ZwanzigAb>>> = (0..n)
        .map(|_| match rng.random_range(0..3) {
            0 => Box::new(Easy::new()) as Box<dyn Player<ZwanzigAb>>,
            1 => player(Level::Medium),
            _ => small_strong(),
        })
        .collect();
    // Start mid-session at low scores so that sessions end soon.
    let mut start = Start::fresh(&rules);
    for i in 0..usize::from(n) {
        start.scores[i] = rng.random_range(1..=12);
    }
    let mut session = Session::new(rules, n, 0, start).unwrap();
    for _ in 0..80 {
        let deck = shuffled_deck(&mut rng);
        match play_deal(&mut session, deck, &mut players, &mut rng) {
            Ok(Step::SessionOver(_)) => break,
            Ok(_) => {}
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    if let Some(outcome) = session.outcome() {
        assert_eq!(outcome.settlement.balance.iter().sum::<i64>(), 0);
    }
}

#[test]
fn mixed_players_play_legal_sessions_under_random_flags() {
    for seed in 0..u64::from(sessions()) {
        check_session(seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn a_choice_depends_only_on_the_view_and_the_random_numbers(seed in any::<u64>()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut s = Session::fresh(Rules::STANDARD, 4, 0).unwrap();
        s.start_deal(shuffled_deck(&mut rng)).unwrap();
        // Advance a random number of easy actions into the deal.
        let steps = rng.random_range(0..12);
        for _ in 0..steps {
            let seat = s.to_act().unwrap();
            let a = Easy::new().choose(&s.view(seat), &mut rng);
            if matches!(s.apply(seat, a).unwrap(), Step::DealOver | Step::SessionOver(_)) {
                break;
            }
        }
        if let Some(seat) = s.to_act() {
            let view = s.view(seat);
            let pick = |k| small_strong().choose(&view, &mut SmallRng::seed_from_u64(k));
            prop_assert_eq!(pick(5), pick(5));
            prop_assert!(s.legal_actions().contains(pick(6)));
        }
    }
}
