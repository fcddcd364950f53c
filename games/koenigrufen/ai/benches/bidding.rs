//! Decision time of the strong player's lookahead before trick play (the
//! auction words, and with the widest [`Reach`] the King call, the talon
//! and the discard) at its default budget.
//!
//! Run with `cargo bench -p tarock-koenigrufen-ai --bench bidding`
//! (`TAROCK_KR_BID_DEALS` deals, default 100). Four strong players bid,
//! call, take the talon and discard in each deal of a fixed seed list in the cup2019
//! rules; every such decision is timed by the thread's CPU time (a loaded
//! machine stretches the wall clock far more) and by the wall clock. Per
//! phase it prints p50, p90, p99 and the maximum of the decisions where the
//! lookahead searched (two or more candidates it can price), how many
//! finished enough samples to decide, and how often it chose another action
//! than the medium player's (and which). Where it chose another, both
//! actions are priced on the true deal as the lookahead prices a sample
//! ([`true_value`]): the mean gain over medium's action with its standard
//! error says whether the choices hold on the deal itself.

use std::collections::BTreeMap;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::{Deal, Game, Phase, Preset, Seat};
use tarock_koenigrufen_ai::lookahead::{BidConfig, MIN_SAMPLES, Reach, true_value};
use tarock_koenigrufen_ai::strong::SCALE;
use tarock_koenigrufen_ai::{Player, Strong};
use tarock_player::clock::thread_cpu_micros;

fn pct(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// What one phase's decisions took and chose.
#[derive(Default)]
struct Tally {
    all: u64,
    searched: u64,
    decided: u64,
    cpu: Vec<u64>,
    wall: Vec<u64>,
    nodes: Vec<u64>,
    changes: BTreeMap<String, u64>,
    /// Money gained on the true deal by each changed action (1/SCALE).
    gains: Vec<f64>,
}

fn main() {
    let deals: u64 = std::env::var("TAROCK_KR_BID_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let rules = Preset::Cup2019.rules();
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for seed in 0..deals {
        let mut rng = SmallRng::seed_from_u64(seed);
        let forehand = Seat::ALL[(seed % 4) as usize];
        let mut game = Game::new(rules, Deal::shuffled(&mut rng), forehand);
        let mut players: Vec<Strong> = (0..4)
            .map(|_| Strong::new().with_reach(Reach::Discard))
            .collect();
        while matches!(
            game.phase(),
            Phase::Auction | Phase::KingCall | Phase::Talon | Phase::Discard
        ) {
            let seat = game.to_act().expect("a seat acts");
            let view = game.view(seat);
            let player = &mut players[seat.index()];
            let start = Instant::now();
            let cpu_start = thread_cpu_micros();
            let action = player.choose(&view, &mut rng);
            let cpu_took = thread_cpu_micros() - cpu_start;
            let took = start.elapsed().as_micros() as u64;
            let t = tallies.entry(game.phase().to_string()).or_default();
            t.all += 1;
            let d = player.last_bid().expect("strong looks ahead");
            if d.candidates > 0 {
                t.searched += 1;
                t.cpu.push(cpu_took);
                t.wall.push(took);
                t.nodes.push(d.nodes);
                t.decided += u64::from(d.samples as usize >= MIN_SAMPLES);
                if d.action != d.medium {
                    let cap = BidConfig::default().search_cap;
                    let mut judge = Strong::new();
                    let chosen = true_value(&mut judge, &game, seat, d.action, cap);
                    let medium = true_value(&mut judge, &game, seat, d.medium, cap);
                    if let (Some(c), Some(m)) = (chosen, medium) {
                        t.gains.push((c - m) as f64);
                    }
                    *t.changes
                        .entry(format!("{} -> {}", d.medium, d.action))
                        .or_default() += 1;
                }
            }
            game.apply(seat, action).expect("a legal action");
        }
    }
    println!("{deals} deals");
    for (phase, t) in &mut tallies {
        t.cpu.sort_unstable();
        t.wall.sort_unstable();
        t.nodes.sort_unstable();
        let overrode: u64 = t.changes.values().sum();
        println!(
            "{phase}: {} decisions, {} searched, {} with ≥ {MIN_SAMPLES} samples, {overrode} differ from medium",
            t.all, t.searched, t.decided
        );
        for (change, n) in &t.changes {
            println!("  {change}: {n}");
        }
        if t.gains.len() > 1 {
            let n = t.gains.len() as f64;
            let mean = t.gains.iter().sum::<f64>() / n;
            let var = t.gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let scale = SCALE as f64;
            println!(
                "  on the true deal, changed vs medium's: {:+.3} ± {:.3} (se) units over {} decisions",
                mean / scale,
                (var / n).sqrt() / scale,
                t.gains.len()
            );
        }
        for (name, v) in [("cpu", &t.cpu), ("wall", &t.wall)] {
            println!(
                "  {name:<4} ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
                pct(v, 0.5),
                pct(v, 0.9),
                pct(v, 0.99),
                pct(v, 1.0)
            );
        }
        println!(
            "  nodes: p50 {:.0}k, max {:.0}k",
            pct(&t.nodes, 0.5),
            pct(&t.nodes, 1.0)
        );
    }
}
