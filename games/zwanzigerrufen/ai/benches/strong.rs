//! Decision time of the strong player at its default budget.
//!
//! Run with `cargo bench -p tarock-zwanzigerrufen-ai`. First it times one decision in each
//! of 400 fixed positions from the first six tricks of deals bid and played
//! by medium players (the early tricks are where the search is most
//! expensive; every position has more than one legal card) and prints p50,
//! p90, p99 and the maximum, and how many decisions fell back (finished too
//! few samples and played the medium card), overall and for the first three
//! tricks; then criterion measures the slowest of those positions, a median
//! one, and the opening lead of a fixed deal. Targets (issue 33): fallback
//! ≤ 5 % of decisions, p99 ≤ 250 ms and max ≤ 1 s on one core.
//!
//! `cargo bench -p tarock-zwanzigerrufen-ai -- percentiles-only` prints the
//! percentiles and skips criterion.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_player::clock::thread_cpu_micros;
use tarock_zwanzigerrufen::{Deal, Game, Phase, Preset, Seat, SeatView, sim};
use tarock_zwanzigerrufen_ai::{Medium, Player, Strong, StrongConfig};

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

/// The default budget, or `TAROCK_ZR_NODES` nodes per decision (for
/// measuring what a budget buys); `TAROCK_ZR_INFERENCE=true` or `false`
/// switches the inference about hidden hands on or off.
fn config() -> StrongConfig {
    let mut config = StrongConfig::default();
    if let Some(nodes) = std::env::var("TAROCK_ZR_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        config.node_budget = nodes;
    }
    if let Some(on) = std::env::var("TAROCK_ZR_INFERENCE")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        config.inference = on;
    }
    config
}

/// Times one default-budget decision per position; returns the positions
/// with their times, slowest first.
fn percentiles() -> Vec<(u64, SeatView)> {
    let mut timed = Vec::new();
    // (micros, fell back, samples) per position, overall and tricks 1-3,
    // by the wall clock and by the thread's CPU time.
    let mut all = Vec::new();
    let mut early = Vec::new();
    let mut cpu = Vec::new();
    let mut cpu_early = Vec::new();
    for seed in 0..POSITIONS {
        let cards = (seed % 24) as usize;
        let Some(view) = position(seed, cards) else {
            continue;
        };
        let mut strong = Strong::with_config(config());
        let mut rng = SmallRng::seed_from_u64(seed);
        let start = Instant::now();
        let cpu_start = thread_cpu_micros();
        black_box(strong.choose_card(&view, &mut rng));
        let took = start.elapsed().as_micros() as u64;
        let cpu_took = thread_cpu_micros() - cpu_start;
        let row = (took, strong.fell_back(), strong.last_decision().0);
        let cpu_row = (cpu_took, row.1, row.2);
        all.push(row);
        cpu.push(cpu_row);
        if cards < 12 {
            early.push(row);
            cpu_early.push(cpu_row);
        }
        timed.push((took, view));
    }
    report("tricks 1-6, wall clock", &mut all);
    report("tricks 1-3, wall clock", &mut early);
    report("tricks 1-6, thread CPU time", &mut cpu);
    report("tricks 1-3, thread CPU time", &mut cpu_early);
    timed.sort_by_key(|t| std::cmp::Reverse(t.0));
    timed
}

/// Prints the decision-time percentiles, the fallback rate, the decisions
/// on fewer than four samples and the mean samples of `rows` (micros, fell
/// back, samples).
fn report(what: &str, rows: &mut [(u64, bool, u32)]) {
    rows.sort_unstable();
    let at = |p: f64| rows[((rows.len() - 1) as f64 * p).round() as usize].0 as f64 / 1000.0;
    let fell = rows.iter().filter(|r| r.1).count();
    let thin = rows
        .iter()
        .filter(|r| !r.1 && (1..4).contains(&r.2))
        .count();
    let samples: u32 = rows.iter().map(|r| r.2).sum();
    println!(
        "strong decision over {} positions ({what}): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms; fell back {fell} ({:.1} %), 1-3 samples {thin} ({:.1} %), mean samples {:.1}",
        rows.len(),
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        100.0 * fell as f64 / rows.len() as f64,
        100.0 * thin as f64 / rows.len() as f64,
        f64::from(samples) / rows.len() as f64,
    );
}

fn decisions(c: &mut Criterion) {
    let timed = percentiles();
    if std::env::args().any(|a| a == "percentiles-only") {
        return;
    }
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
