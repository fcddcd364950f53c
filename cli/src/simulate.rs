//! `tarock simulate`: random legal deals of any game of the registry,
//! through the game's checked API; what a game counts and reports is its
//! own (the registry's `simulate` of its entry).

use std::process::ExitCode;

use anyhow::{Context, bail};
use tarock_player::simulate::{Simulation, SimulationFailure};

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

/// Reads `--rules`: a JSON object as written, anything else a preset name
/// (the record form of rules every game reads).
pub(crate) fn rules_value(text: &str) -> anyhow::Result<serde_json::Value> {
    Ok(if text.trim_start().starts_with('{') {
        serde_json::from_str(text).context("--rules is not valid JSON")?
    } else {
        serde_json::Value::String(text.to_owned())
    })
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let seed = match args.seed {
        Some(seed) => seed,
        None => fresh_seed()?,
    };
    let Some(entry) = tarock_games::entry(&args.game) else {
        bail!("unknown game {:?}: {}", args.game, game_list());
    };
    let asked = Simulation {
        deals: args.games,
        rules: rules_value(&args.rules)?,
        seed,
        seats: args.players,
        max_deals: args.max_deals,
    };
    match (entry.simulate)(&asked, &mut std::io::stdout().lock()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A write error stays one, so that a closed pipe ends quietly.
        Err(SimulationFailure::Write(e)) => Err(e.into()),
        Err(e) => Err(e.into()),
    }
}

/// The registry's game ids, "a, b or c".
pub(crate) fn game_list() -> String {
    let ids: Vec<&str> = tarock_games::GAMES.iter().map(|g| g.id()).collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => ids.join(""),
    }
}

/// A seed from the operating system's random number generator.
pub(crate) fn fresh_seed() -> anyhow::Result<u64> {
    use rand::TryRngCore;
    rand::rngs::OsRng
        .try_next_u64()
        .context("the operating system's random number generator failed")
}
