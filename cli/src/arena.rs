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
    /// The two player types, e.g. `medium,easy` (easy, medium, strong);
    /// with `--oracle` always strong and medium. `strong,strong-thresholds`
    /// runs the bidding arena of a game whose strong player bids by looking
    /// ahead: both sides play strong's cards, one bids by medium's
    /// thresholds.
    #[arg(long, required_unless_present = "oracle")]
    pub(crate) players: Option<String>,
    /// Number of duplicate deals (each is played twice; 20 ab: duplicate
    /// sets, each a whole session's decks).
    #[arg(long, default_value_t = 1000)]
    pub(crate) deals: u64,
    /// Rules: a preset name (Zwanzigerrufen: standard, directnet, tarockwelt,
    /// wikipedia; Königrufen: cup2019, standard) or a JSON object.
    #[arg(long, default_value = "standard")]
    pub(crate) rules: String,
    /// Seed for the deals and the players' random choices (default 1;
    /// with `--oracle` a fresh one per run, printed). `frozen`: the game's
    /// frozen oracle deal set.
    #[arg(long)]
    pub(crate) seed: Option<String>,
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
    /// Measure the recovery ratio R = D / G: strong and the oracle (the
    /// strong player's evaluation with every card known) each against
    /// medium on the same deals; the last line is JSON with R and its
    /// bootstrap interval, G, D, oracle_minus_strong and fallback_rate.
    #[arg(long)]
    pub(crate) oracle: bool,
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let Some(arena) = tarock_games::arena(&args.game) else {
        let ids: Vec<&str> = tarock_games::GAMES.iter().map(|g| g.id()).collect();
        bail!("unknown game {:?} ({})", args.game, ids.join(", "));
    };
    let mut arena = arena;
    let levels = match (&args.players, args.oracle) {
        (_, true) => [Level::Strong, Level::Medium],
        (Some(players), false) => {
            let names: Vec<&str> = players.split(',').map(str::trim).collect();
            let [a, b] = names.as_slice() else {
                bail!("--players takes two player types separated by a comma, e.g. medium,easy");
            };
            if names.contains(&THRESHOLDS) {
                arena = bidding_arena(&args.game, a, b)?;
                // The bidding arena's `medium` is strong bidding by thresholds.
                [a, b].map(|n| {
                    if *n == THRESHOLDS {
                        Level::Medium
                    } else {
                        Level::Strong
                    }
                })
            } else {
                [a.parse::<Level>()?, b.parse::<Level>()?]
            }
        }
        (None, false) => bail!("--players is needed without --oracle"),
    };
    let seed = match args.seed.as_deref() {
        Some("frozen") => arena
            .frozen_seed()
            .with_context(|| format!("{} has no frozen oracle deal set", args.game))?,
        Some(text) => text
            .parse()
            .with_context(|| format!("--seed {text:?} is neither a number nor \"frozen\""))?,
        None if args.oracle => {
            let seed = crate::simulate::fresh_seed()?;
            println!("Fresh seed {seed} (repeat with --seed {seed})");
            seed
        }
        None => 1,
    };
    let rules = if args.rules.trim_start().starts_with('{') {
        serde_json::from_str(&args.rules).context("--rules is not valid JSON")?
    } else {
        serde_json::Value::String(args.rules.clone())
    };
    let asked = Match {
        levels,
        sets: args.deals,
        rules,
        seed,
        threads: args.threads,
        seats: args.seats,
        oracle: args.oracle,
    };
    arena.run(&asked, &mut std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

/// The player type of the bidding arena that bids by medium's thresholds.
const THRESHOLDS: &str = "strong-thresholds";

/// The bidding arena of `game` for the players `a` and `b`: one of them
/// `strong-thresholds`, the other `strong`.
fn bidding_arena(
    game: &str,
    a: &str,
    b: &str,
) -> anyhow::Result<&'static dyn tarock_player::arena::DynArena> {
    if ![a, b].contains(&"strong") || a == b {
        bail!("{THRESHOLDS} plays only against strong (--players strong,{THRESHOLDS})");
    }
    tarock_games::bidding_arena(game).with_context(|| {
        format!("{game} has no bidding arena: its strong player bids by medium's thresholds")
    })
}
