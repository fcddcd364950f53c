//! `tarock simulate --game koenigrufen`: random legal deals through the
//! game's checked API, the invariants of every deal checked, and a report
//! of the speed and the contract mix with a JSON summary.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use tarock_koenigrufen::sim::{play_out, random_game};
use tarock_koenigrufen::{Contract, Rules, Seat};
use tarock_player::simulate::{Simulation, SimulationFailure, percent};

/// Plays `asked.deals` random legal deals, checks the invariants of every
/// deal, and writes the report to `out`.
///
/// # Errors
/// [`SimulationFailure`]: rules the game refuses, a broken invariant (a
/// bug), or the report not written.
pub fn run(asked: &Simulation, out: &mut dyn Write) -> Result<(), SimulationFailure> {
    let rules =
        Rules::from_spec(&asked.rules).map_err(|e| SimulationFailure::Setup(e.to_string()))?;
    let (games, seed) = (asked.deals, asked.seed);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut mix: BTreeMap<Contract, u64> = BTreeMap::new();
    let (mut conceded, mut moved) = (0u64, 0i64);
    let broken = |text: String| SimulationFailure::Broken(text);
    let start = Instant::now();
    for i in 0..games {
        let (mut game, plan) = random_game(&mut rng, &rules, Seat::ALL[(i % 4) as usize]);
        let s = play_out(&mut game, &plan, &mut rng);
        if s.money.iter().sum::<i64>() != 0 || s.score.iter().sum::<i64>() != 0 {
            return Err(broken(format!(
                "deal {i} (seed {seed}) is not zero-sum: {s:?}"
            )));
        }
        if let Err(e) = game.check_invariants() {
            return Err(broken(format!("deal {i} (seed {seed}): {e}")));
        }
        let contract = game
            .declared()
            .ok_or_else(|| broken(format!("deal {i} (seed {seed}) has no contract")))?
            .contract;
        *mix.entry(contract).or_default() += 1;
        conceded += u64::from(game.talon().schleifen.is_some());
        moved += s.money.iter().map(|m| m.abs()).sum::<i64>();
    }
    let seconds = start.elapsed().as_secs_f64();
    let per_second = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    let name = rules.preset().map_or("custom", |p| p.name());
    writeln!(
        out,
        "Simulated {games} random Königrufen deals ({name} rules, seed {seed}) in {seconds:.3} s: {per_second:.0} deals/s"
    )?;
    for (contract, n) in &mix {
        writeln!(
            out,
            "  {:<16} {n:>10} ({:.1} %)",
            contract.word(),
            percent(*n, games)
        )?;
    }
    writeln!(out, "Conceded (schleifen): {conceded}")?;
    if games > 0 {
        writeln!(
            out,
            "Mean units of money changing hands per deal: {:.2}",
            moved as f64 / games as f64 / 2.0
        )?;
    }
    writeln!(
        out,
        "Every deal: 54 cards in place, 210 thirds, score and money summing to zero."
    )?;
    let contracts: BTreeMap<&str, u64> = mix.iter().map(|(c, n)| (c.word(), *n)).collect();
    let summary = json!({
        "game": "koenigrufen",
        "games": games,
        "seconds": seconds,
        "games_per_second": per_second.round(),
        "rules": name,
        "seed": seed,
        "finished": games,
        "schleifen": conceded,
        "contracts": contracts,
    });
    writeln!(out, "{summary}")?;
    Ok(())
}
