//! `tarock arena`: duplicate matches between two computer player types,
//! for every game through the game registry: the arena itself, the deal
//! set, the seatings and the statistics are the family's
//! (`tarock_player::arena`), what a game counts and prints beside the units
//! is its own.

use std::process::ExitCode;

use anyhow::{Context, bail};
use tarock_player::Level;
use tarock_player::arena::Match;

/// Options of `tarock arena`.
#[derive(clap::Args)]
pub struct Args {
    /// The two player types, e.g. `medium,easy` (easy, medium, strong).
    #[arg(long)]
    pub(crate) players: String,
    /// Number of duplicate deals (each is played twice; 20 ab: duplicate
    /// sets, each a whole session's decks).
    #[arg(long, default_value_t = 1000)]
    pub(crate) deals: u64,
    /// Rules: a preset name (Zwanzigerrufen: standard, directnet, tarockwelt,
    /// wikipedia; Königrufen: cup2019, standard) or a JSON object.
    #[arg(long, default_value = "standard")]
    pub(crate) rules: String,
    /// Seed for the deals and the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Worker threads (the result does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub(crate) threads: usize,
    /// The game: any game of the registry (zwanzigerrufen, koenigrufen,
    /// zwanzig-ab).
    #[arg(long, default_value = tarock_games::DEFAULT_GAME)]
    pub(crate) game: String,
    /// Seats at a table whose size may vary (20 ab: 3–5).
    #[arg(long, default_value_t = 4)]
    seats: u8,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let Some(arena) = tarock_games::arena(&args.game) else {
        let ids: Vec<&str> = tarock_games::GAMES.iter().map(|g| g.id()).collect();
        bail!("unknown game {:?} ({})", args.game, ids.join(", "));
    };
    let names: Vec<&str> = args.players.split(',').map(str::trim).collect();
    let [a, b] = names.as_slice() else {
        bail!("--players takes two player types separated by a comma, e.g. medium,easy");
    };
    let rules = if args.rules.trim_start().starts_with('{') {
        serde_json::from_str(&args.rules).context("--rules is not valid JSON")?
    } else {
        serde_json::Value::String(args.rules.clone())
    };
    let asked = Match {
        levels: [a.parse::<Level>()?, b.parse::<Level>()?],
        sets: args.deals,
        rules,
        seed: args.seed,
        threads: args.threads,
        seats: args.seats,
    };
    arena.run(&asked, &mut std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}
