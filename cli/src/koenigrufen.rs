//! Königrufen in the command-line tool: replay lines for `koenigrufen-record/1`
//! records and `tarock simulate --game koenigrufen`.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use tarock_koenigrufen::record::{FORMAT, ReplayReport, Status};
use tarock_koenigrufen::sim::{play_out, random_game};
use tarock_koenigrufen::{Contract, Rules, Seat};

/// Whether `text` is a Königrufen record (its `format` names the game).
pub fn is_record(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("format")?.as_str().map(|f| f == FORMAT))
        .unwrap_or(false)
}

/// The replay line of a Königrufen record, and whether it was invalid.
pub fn replay_line(text: &str) -> (String, bool) {
    let report = ReplayReport::from_json(text);
    (report.to_json(), report.status == Status::Invalid)
}

/// Reads `--rules` for Königrufen: a preset name (`cup2019`, `standard`) or a JSON object.
pub(crate) fn parse_rules(text: &str) -> anyhow::Result<Rules> {
    let spec = if text.trim_start().starts_with('{') {
        serde_json::from_str(text).context("--rules is not valid JSON")?
    } else {
        serde_json::Value::String(text.to_owned())
    };
    Ok(Rules::from_spec(&spec)?)
}

/// Plays `games` random legal deals, checks the invariants of every deal, and
/// reports speed, the contract mix and a JSON summary.
pub fn simulate(games: u64, rules: &str, seed: u64) -> anyhow::Result<ExitCode> {
    let rules = parse_rules(rules)?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut mix: BTreeMap<Contract, u64> = BTreeMap::new();
    let (mut conceded, mut moved) = (0u64, 0i64);
    let start = Instant::now();
    for i in 0..games {
        let (mut game, plan) = random_game(&mut rng, &rules, Seat::ALL[(i % 4) as usize]);
        let s = play_out(&mut game, &plan, &mut rng);
        if s.money.iter().sum::<i64>() != 0 || s.score.iter().sum::<i64>() != 0 {
            bail!("deal {i} (seed {seed}) is not zero-sum: {s:?}");
        }
        if let Err(e) = game.check_invariants() {
            bail!("deal {i} (seed {seed}): {e}");
        }
        let contract = game
            .declared()
            .expect("a finished deal has a contract")
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
    outln!(
        "Simulated {games} random Königrufen deals ({name} rules, seed {seed}) in {seconds:.3} s: {per_second:.0} deals/s"
    )?;
    for (contract, n) in &mix {
        outln!(
            "  {:<16} {n:>10} ({:.1} %)",
            contract.word(),
            percent(*n, games)
        )?;
    }
    outln!("Conceded (schleifen): {conceded}")?;
    if games > 0 {
        outln!(
            "Mean units of money changing hands per deal: {:.2}",
            moved as f64 / games as f64 / 2.0
        )?;
    }
    outln!("Every deal: 54 cards in place, 210 thirds, score and money summing to zero.")?;
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
    outln!("{summary}")?;
    Ok(ExitCode::SUCCESS)
}

fn percent(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}
