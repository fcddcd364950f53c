//! Decision time of the strong player's bidding by lookahead at its default
//! budget.
//!
//! Run with `cargo bench -p tarock-zwanzigerrufen-ai --bench bidding`
//! (`TAROCK_ZR_BID_DEALS` deals, default 100). Four strong players bid each
//! deal of a fixed seed list in the standard rules; every bidding decision
//! is timed by the thread's CPU time (a loaded machine stretches the wall
//! clock far more) and by the wall clock. It prints p50, p90, p99 and the
//! maximum of the decisions where the lookahead searched (two or more
//! candidates it can price), how many finished enough samples to decide,
//! and how often it chose another action than the medium player's.
//! Targets (issue 33): p99 ≤ 250 ms and max ≤ 1 s on one core.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_player::clock::thread_cpu_micros;
use tarock_zwanzigerrufen::{Phase, Preset, Seat, sim};
use tarock_zwanzigerrufen_ai::lookahead::MIN_SAMPLES;
use tarock_zwanzigerrufen_ai::{Player, Strong};

fn pct(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    let deals: u64 = std::env::var("TAROCK_ZR_BID_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let rules = Preset::Standard.rules();
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    let (mut searched, mut decided, mut overrode, mut all) = (0u64, 0u64, 0u64, 0u64);
    let mut nodes = Vec::new();
    for seed in 0..deals {
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut game, _) = sim::random_game(&mut rng, &rules, Seat::ALL[(seed % 4) as usize]);
        let mut players: Vec<Strong> = (0..4).map(|_| Strong::new()).collect();
        while game.phase() == Phase::Bidding {
            let seat = game.to_act().expect("a seat bids");
            let view = game.view(seat);
            let player = &mut players[seat.index()];
            let start = Instant::now();
            let cpu_start = thread_cpu_micros();
            let action = player.choose(&view, &mut rng);
            let cpu_took = thread_cpu_micros() - cpu_start;
            let took = start.elapsed().as_micros() as u64;
            all += 1;
            let d = player.last_bid().expect("strong bids by lookahead");
            if d.nodes > 0 {
                searched += 1;
                cpu.push(cpu_took);
                wall.push(took);
                nodes.push(d.nodes);
                decided += u64::from(d.samples as usize >= MIN_SAMPLES);
                overrode += u64::from(d.action != d.medium);
            }
            game.apply(seat, action).expect("a legal bid");
        }
    }
    cpu.sort_unstable();
    wall.sort_unstable();
    nodes.sort_unstable();
    println!(
        "{deals} deals, {all} bidding decisions, {searched} searched, {decided} with ≥ {MIN_SAMPLES} samples, {overrode} differ from medium"
    );
    for (name, t) in [("cpu", &cpu), ("wall", &wall)] {
        println!(
            "  {name:<4} ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
            pct(t, 0.5),
            pct(t, 0.9),
            pct(t, 0.99),
            pct(t, 1.0)
        );
    }
    println!(
        "  nodes: p50 {:.0}k, max {:.0}k",
        pct(&nodes, 0.5),
        pct(&nodes, 1.0)
    );
}
