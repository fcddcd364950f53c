//! `tarock simulate`: random legal deals through the checked engine API.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, anyhow, bail};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use tarock_zwanzigerrufen::rules::{GameKind, Rules, ValidRules};
use tarock_zwanzigerrufen::sim::simulate;

/// Options of `tarock simulate`.
#[derive(clap::Args)]
pub struct Args {
    /// The game: zwanzigerrufen (default), koenigrufen or zwanzig-ab.
    #[arg(long, default_value = tarock_games::DEFAULT_GAME)]
    game: String,
    /// Number of deals to play (redeals not counted).
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Rules: a preset name (Zwanzigerrufen: standard, directnet, tarockwelt,
    /// wikipedia; Königrufen: cup2019, standard) or a JSON object.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// Seed of the random number generator (default: a fresh one from the
    /// OS, printed in the summary so that the run can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Players at a 20 ab table (3–5).
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// 20 ab: a session still running after this many deals is abandoned
    /// (random play need not end one).
    #[arg(long, default_value_t = 200)]
    max_deals: u64,
}

/// Reads `--rules`: a preset name or a JSON rules object.
pub(crate) fn parse_rules(text: &str) -> anyhow::Result<ValidRules> {
    let spec = if text.trim_start().starts_with('{') {
        serde_json::from_str(text).context("--rules is not valid JSON")?
    } else {
        serde_json::Value::String(text.to_owned())
    };
    Ok(Rules::from_spec(&spec)?)
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let seed = match args.seed {
        Some(seed) => seed,
        None => fresh_seed()?,
    };
    match args.game.as_str() {
        "zwanzigerrufen" => {}
        "koenigrufen" => return crate::koenigrufen::simulate(args.games, &args.rules, seed),
        crate::zwanzig_ab::GAME => {
            let (n, max) = (args.players, args.max_deals);
            return crate::zwanzig_ab::simulate(args.games, n, max, &args.rules, seed);
        }
        other => bail!("unknown game {other:?}: zwanzigerrufen, koenigrufen or zwanzig-ab"),
    }
    let rules = parse_rules(&args.rules)?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = Instant::now();
    let tally = simulate(&mut rng, &rules, args.games)
        .map_err(|broken| anyhow!("{broken} (seed {seed})"))?;
    let seconds = start.elapsed().as_secs_f64();
    let per_second = if seconds > 0.0 {
        args.games as f64 / seconds
    } else {
        0.0
    };
    let name = rules.preset().map_or("custom", |p| p.name());

    outln!(
        "Simulated {} random deals ({name} rules, seed {seed}) in {seconds:.3} s: {per_second:.0} deals/s",
        args.games
    )?;
    outln!("Thrown in and redealt: {}", tally.redeals)?;
    let by_kind: Vec<(GameKind, u64)> = GameKind::ALL
        .into_iter()
        .map(|k| (k, tally.of_kind(k)))
        .filter(|(_, n)| *n > 0)
        .collect();
    for (kind, n) in &by_kind {
        outln!("  {kind:<10} {n:>10} ({:.1} %)", percent(*n, args.games))?;
    }
    if tally.finished > 0 {
        outln!(
            "Mean units changing hands per deal: {:.2}",
            tally.moved as f64 / tally.finished as f64 / 2.0
        )?;
    }
    outln!("Every deal: 88 card points, balances summing to zero.")?;
    let games: BTreeMap<&str, u64> = by_kind.iter().map(|(k, n)| (k.word(), *n)).collect();
    let summary = json!({
        "games": args.games,
        "seconds": seconds,
        "games_per_second": per_second.round(),
        "rules": name,
        "seed": seed,
        "finished": tally.finished,
        "redeals": tally.redeals,
        "game_types": games,
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

/// A seed from the operating system's random number generator.
pub(crate) fn fresh_seed() -> anyhow::Result<u64> {
    use rand::TryRngCore;
    rand::rngs::OsRng
        .try_next_u64()
        .context("the operating system's random number generator failed")
}
