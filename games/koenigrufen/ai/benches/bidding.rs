//! Decision time of the strong player's auction by lookahead at its default
//! budget.
//!
//! Run with `cargo bench -p tarock-koenigrufen-ai --bench bidding`
//! (`TAROCK_KR_BID_DEALS` deals, default 100). Four strong players say the
//! auction words of each deal of a fixed seed list in the cup2019 rules;
//! every auction decision is timed by the thread's CPU time (a loaded
//! machine stretches the wall clock far more) and by the wall clock. It
//! prints p50, p90, p99 and the maximum of the decisions where the
//! lookahead searched (two or more candidates it can price), how many
//! finished enough samples to decide, and how often it chose another word
//! than the medium player's (and which).

use std::collections::BTreeMap;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::{Deal, Game, Phase, Preset, Seat};
use tarock_koenigrufen_ai::lookahead::MIN_SAMPLES;
use tarock_koenigrufen_ai::{Player, Strong};
use tarock_player::clock::thread_cpu_micros;

fn pct(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    let deals: u64 = std::env::var("TAROCK_KR_BID_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let rules = Preset::Cup2019.rules();
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    let (mut searched, mut decided, mut all) = (0u64, 0u64, 0u64);
    let mut changes: BTreeMap<String, u64> = BTreeMap::new();
    let mut nodes = Vec::new();
    for seed in 0..deals {
        let mut rng = SmallRng::seed_from_u64(seed);
        let forehand = Seat::ALL[(seed % 4) as usize];
        let mut game = Game::new(rules, Deal::shuffled(&mut rng), forehand);
        let mut players: Vec<Strong> = (0..4).map(|_| Strong::new()).collect();
        while game.phase() == Phase::Auction {
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
            if d.candidates > 0 {
                searched += 1;
                cpu.push(cpu_took);
                wall.push(took);
                nodes.push(d.nodes);
                decided += u64::from(d.samples as usize >= MIN_SAMPLES);
                if d.action != d.medium {
                    *changes
                        .entry(format!("{} -> {}", d.medium, d.action))
                        .or_default() += 1;
                }
            }
            game.apply(seat, action).expect("a legal word");
        }
    }
    cpu.sort_unstable();
    wall.sort_unstable();
    nodes.sort_unstable();
    let overrode: u64 = changes.values().sum();
    println!(
        "{deals} deals, {all} auction decisions, {searched} searched, {decided} with ≥ {MIN_SAMPLES} samples, {overrode} differ from medium"
    );
    for (change, n) in &changes {
        println!("  {change}: {n}");
    }
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
