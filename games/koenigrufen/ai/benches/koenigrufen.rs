//! Decision time of the Königrufen strong player at its default budget.
//!
//! Run with `cargo bench -p tarock-koenigrufen-ai --bench koenigrufen`. First it times
//! one decision in each of 400 fixed positions (200 per preset) from the
//! first six tricks of deals bid and played by medium players, where the
//! search is most expensive (every position has more than one legal card),
//! and prints p50, p90, p99 and the maximum, with how many decisions fell
//! back (the search did not settle them within its budget); then
//! criterion measures the slowest of those positions, a median one, and the
//! opening lead of FD1.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::{Deal, Game, Phase, Preset, Seat, SeatView};
use tarock_koenigrufen_ai::{Medium, Player, Strong, StrongConfig};
use tarock_player::clock::thread_cpu_micros;

/// Positions timed for the percentiles, per preset.
const POSITIONS: u64 = 200;

/// The view of the seat to act after medium players bid and play `cards`
/// cards of deal `seed`, if that seat has a real choice.
fn position(preset: Preset, seed: u64, cards: usize) -> Option<SeatView> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(
        preset.rules(),
        Deal::shuffled(&mut rng),
        Seat::ALL[(seed % 4) as usize],
    );
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
    (view.public.phase == Phase::Play && view.legal?.cards.len() > 1).then_some(view)
}

/// FD1 of the rules specification at its first lead (seat 0, a Rufer).
fn fd1_opening() -> SeatView {
    let hands = [
        "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
        "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
        "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
        "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
    ]
    .map(|h| h.parse().unwrap());
    let talon: Vec<_> = "hA h3 c9 d2 d4 cQ"
        .split(' ')
        .map(|c| c.parse().unwrap())
        .collect();
    let mut game = Game::new(
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
        game.apply(Seat::new(seat).unwrap(), word.parse().unwrap())
            .unwrap();
    }
    game.view(Seat::S0)
}

/// The strong player of the bench: the default budget, or the node budget
/// and samples in `KR_NODE_BUDGET` / `KR_SAMPLES` (for trying budgets).
fn strong() -> Strong {
    let mut config = StrongConfig::default();
    if let Some(b) = std::env::var("KR_NODE_BUDGET")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        config.node_budget = b;
    }
    if let Some(n) = std::env::var("KR_SAMPLES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        config.samples = n;
    }
    Strong::with_config(config)
}

/// Times one default-budget decision per position; prints the percentiles
/// the fallback rate (no sample finished within the budget: medium's card)
/// and the thin rate (fewer than its minimum of samples: the search's card
/// on thin evidence), overall and for the first three tricks; returns the
/// positions with their times, slowest first.
fn percentiles() -> Vec<(u64, SeatView)> {
    let mut timed = Vec::new();
    let mut micros = Vec::new();
    let mut cpu = Vec::new();
    let (mut fallbacks, mut thins) = (0, 0);
    let (mut early, mut early_fallbacks, mut early_thin) = (0, 0, 0);
    // Per trick: decisions, fallbacks, thin decisions, samples, search nodes.
    let mut per_trick = [(0u32, 0u32, 0u32, 0u64, 0u64); 12];
    let (mut queries, mut open) = (0u64, 0u64);
    for preset in [Preset::Cup2019, Preset::Standard] {
        for seed in 0..POSITIONS {
            let Some(view) = position(preset, seed, (seed % 24) as usize) else {
                continue;
            };
            let mut strong = strong();
            let mut rng = SmallRng::seed_from_u64(seed);
            let start = Instant::now();
            let cpu_start = thread_cpu_micros();
            black_box(strong.choose_card(&view, &mut rng));
            let took = start.elapsed().as_micros() as u64;
            cpu.push(thread_cpu_micros() - cpu_start);
            let fell_back = strong.last_fell_back();
            let thin = strong.last_thin();
            let (samples, nodes) = strong.last_decision();
            let (q, o) = strong.last_queries();
            queries += u64::from(q);
            open += u64::from(o);
            let t = &mut per_trick[view.public.tricks.len()];
            *t = (
                t.0 + 1,
                t.1 + u32::from(fell_back),
                t.2 + u32::from(thin),
                t.3 + u64::from(samples),
                t.4 + nodes,
            );
            fallbacks += usize::from(fell_back);
            thins += usize::from(thin);
            if view.public.tricks.len() < 3 {
                early += 1;
                early_fallbacks += usize::from(fell_back);
                early_thin += usize::from(thin);
            }
            micros.push(took);
            timed.push((took, view));
        }
    }
    micros.sort_unstable();
    cpu.sort_unstable();
    let at = |v: &[u64], p: f64| v[((v.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0;
    let n = micros.len();
    println!(
        "strong decision over {n} positions (tricks 1-6, both presets): CPU time p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms (wall clock p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms); fallback {fallbacks} of {n} ({:.1} %), thin {thins} ({:.1} %); in tricks 1-3 of {early}: fallback {early_fallbacks}, thin {early_thin}",
        at(&cpu, 0.5),
        at(&cpu, 0.9),
        at(&cpu, 0.99),
        at(&cpu, 1.0),
        at(&micros, 0.5),
        at(&micros, 0.99),
        at(&micros, 1.0),
        100.0 * fallbacks as f64 / n as f64,
        100.0 * thins as f64 / n as f64,
    );
    println!(
        "  {queries} search queries, {open} left open at their share of the budget ({:.2} %)",
        100.0 * open as f64 / queries.max(1) as f64
    );
    for (i, (n, f, thin, samples, nodes)) in per_trick.iter().enumerate().filter(|t| t.1.0 > 0) {
        println!(
            "  trick {}: {n} decisions, {f} fallbacks, {thin} thin, mean {:.1} samples, mean {:.0} nodes",
            i + 1,
            *samples as f64 / f64::from(*n),
            *nodes as f64 / f64::from(*n)
        );
    }
    timed.sort_by_key(|t| std::cmp::Reverse(t.0));
    timed
}

fn decisions(c: &mut Criterion) {
    let timed = percentiles();
    let slowest = &timed[0].1;
    let median = &timed[timed.len() / 2].1;
    let opening = fd1_opening();
    let mut group = c.benchmark_group("koenigrufen_strong");
    group.sample_size(20);
    for (name, view) in [
        ("slowest", slowest),
        ("median", median),
        ("fd1_opening_lead", &opening),
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
