//! Decision time of the strong player at its default budget.
//!
//! Run with `cargo bench -p tarock-zwanzigerrufen-ai`. First it times one decision in each
//! of 400 fixed positions from the first three tricks (where the search is
//! most expensive; every position has more than one legal card) and prints
//! p50, p99 and the maximum; then criterion measures the slowest of those
//! positions, a median one, and the opening lead of a
//! fixed deal. Target (issue 5): p99 ≤ 250 ms on one core.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_zwanzigerrufen::{Deal, Game, Phase, Preset, Seat, SeatView, sim};
use tarock_zwanzigerrufen_ai::{Medium, Player, Strong};

/// Positions timed for the percentiles.
const POSITIONS: u64 = 400;

/// The view of the seat to act after medium players bid and play `cards`
/// cards of deal `seed`, if that seat has a real choice.
fn position(seed: u64, cards: usize) -> Option<SeatView> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rules = Preset::Standard.rules();
    let (mut game, _) = sim::random_game(&mut rng, &rules, Seat::ALL[(seed % 4) as usize]);
    let mut medium = Medium::new();
    let mut played = 0;
    while let Some(seat) = game.to_act() {
        if game.phase() == Phase::Play && played == cards {
            break;
        }
        let action = medium.choose(&game.view(seat), &mut rng);
        if game.phase() == Phase::Play {
            played += 1;
        }
        game.apply(seat, action).ok()?;
    }
    let view = game.view(game.to_act()?);
    (view.legal?.cards.len() > 1).then_some(view)
}

fn fixed_opening() -> SeatView {
    let hands = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
        "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
        "T22 T19 T9 T4 dK hK hN sK sJ s10",
        "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
    ]
    .map(|h| h.parse().unwrap());
    let mut game = Game::new(
        Preset::Standard.rules(),
        Deal::new(hands).unwrap(),
        Seat::S0,
    )
    .unwrap();
    let mut medium = Medium::new();
    let mut rng = SmallRng::seed_from_u64(0);
    while game.phase() == Phase::Bidding {
        let seat = game.to_act().unwrap();
        let action = medium.choose(&game.view(seat), &mut rng);
        game.apply(seat, action).unwrap();
    }
    game.view(game.to_act().unwrap())
}

/// Times one default-budget decision per position; returns the positions
/// with their times, slowest first.
fn percentiles() -> Vec<(u64, SeatView)> {
    let mut timed = Vec::new();
    let mut micros = Vec::new();
    for seed in 0..POSITIONS {
        let Some(view) = position(seed, (seed % 12) as usize) else {
            continue;
        };
        let mut strong = Strong::new();
        let mut rng = SmallRng::seed_from_u64(seed);
        let start = Instant::now();
        black_box(strong.choose_card(&view, &mut rng));
        let took = start.elapsed().as_micros() as u64;
        micros.push(took);
        timed.push((took, view));
    }
    micros.sort_unstable();
    let at = |p: f64| micros[((micros.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0;
    println!(
        "strong decision over {} positions (tricks 1-3): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        micros.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
    timed.sort_by_key(|t| std::cmp::Reverse(t.0));
    timed
}

fn decisions(c: &mut Criterion) {
    let timed = percentiles();
    let slowest = &timed[0].1;
    let median = &timed[timed.len() / 2].1;
    let opening = fixed_opening();
    let mut group = c.benchmark_group("strong");
    group.sample_size(20);
    for (name, view) in [
        ("slowest", slowest),
        ("median", median),
        ("opening_lead", &opening),
    ] {
        group.bench_function(name, |b| {
            let mut strong = Strong::new();
            let mut rng = SmallRng::seed_from_u64(1);
            b.iter(|| black_box(strong.choose_card(black_box(view), &mut rng)))
        });
    }
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
