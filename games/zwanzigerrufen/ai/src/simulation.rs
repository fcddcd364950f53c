//! `tarock simulate` for Zwanzigerrufen: random legal deals through the
//! checked engine API, and a report of the game types and the speed with a
//! JSON summary.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use tarock_player::simulate::{Simulation, SimulationFailure, percent};
use tarock_zwanzigerrufen::rules::{GameKind, Rules};
use tarock_zwanzigerrufen::sim::simulate;

/// Plays `asked.deals` random legal deals (redeals not counted) and writes
/// the report to `out`.
///
/// # Errors
/// [`SimulationFailure`]: rules the game refuses, a broken invariant (a
/// bug), or the report not written.
pub fn run(asked: &Simulation, out: &mut dyn Write) -> Result<(), SimulationFailure> {
    let rules =
        Rules::from_spec(&asked.rules).map_err(|e| SimulationFailure::Setup(e.to_string()))?;
    let (games, seed) = (asked.deals, asked.seed);
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = Instant::now();
    let tally = simulate(&mut rng, &rules, games)
        .map_err(|broken| SimulationFailure::Broken(format!("{broken} (seed {seed})")))?;
    let seconds = start.elapsed().as_secs_f64();
    let per_second = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    let name = rules.preset().map_or("custom", |p| p.name());

    writeln!(
        out,
        "Simulated {games} random deals ({name} rules, seed {seed}) in {seconds:.3} s: {per_second:.0} deals/s"
    )?;
    writeln!(out, "Thrown in and redealt: {}", tally.redeals)?;
    let by_kind: Vec<(GameKind, u64)> = GameKind::ALL
        .into_iter()
        .map(|k| (k, tally.of_kind(k)))
        .filter(|(_, n)| *n > 0)
        .collect();
    for (kind, n) in &by_kind {
        writeln!(out, "  {kind:<10} {n:>10} ({:.1} %)", percent(*n, games))?;
    }
    if tally.finished > 0 {
        writeln!(
            out,
            "Mean units changing hands per deal: {:.2}",
            tally.moved as f64 / tally.finished as f64 / 2.0
        )?;
    }
    writeln!(out, "Every deal: 88 card points, balances summing to zero.")?;
    let kinds: BTreeMap<&str, u64> = by_kind.iter().map(|(k, n)| (k.word(), *n)).collect();
    let summary = json!({
        "games": games,
        "seconds": seconds,
        "games_per_second": per_second.round(),
        "rules": name,
        "seed": seed,
        "finished": tally.finished,
        "redeals": tally.redeals,
        "game_types": kinds,
    });
    writeln!(out, "{summary}")?;
    Ok(())
}
