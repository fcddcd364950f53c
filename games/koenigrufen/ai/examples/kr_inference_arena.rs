//! The Königrufen arena of strong against medium with strong's inference
//! about hidden hands switched on or off (`StrongConfig::inference`), on
//! the duplicate deals of `tarock arena`; the report ranks the true deal
//! among each side's samples either way.
//!
//! `cargo run -p tarock-koenigrufen-ai --example kr_inference_arena -- 60 1 1 cup2019 on`
//! (deals, seed, threads, preset, `on` or `off`).

use tarock_koenigrufen::Koenigrufen;
use tarock_koenigrufen_ai::ledger::{Notes, report};
use tarock_koenigrufen_ai::{Player, Strong, StrongConfig};
use tarock_player::arena::{Duplicate, DynArena, Match, Streams};
use tarock_player::{Computers, Level};

/// Whether strong infers, from the fifth argument.
fn inference() -> bool {
    std::env::args().nth(5).as_deref() == Some("on")
}

fn player(level: Level) -> Box<dyn Player<Koenigrufen>> {
    match level {
        Level::Strong => Box::new(Strong::with_config(StrongConfig {
            inference: inference(),
            ..StrongConfig::default()
        })),
        other => tarock_koenigrufen_ai::player(other),
    }
}

static COMPUTERS: Computers<Koenigrufen> = Computers::new(&[Level::Medium, Level::Strong], player);

static ARENA: Duplicate<Koenigrufen, Notes> = Duplicate {
    computers: &COMPUTERS,
    ledger: Notes,
    streams: Streams::Deal,
    seats: Some(4),
    max_decks: 1,
    report,
    oracle: None,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let asked = Match {
        levels: [Level::Strong, Level::Medium],
        sets: arg(0, "60").parse().expect("deals"),
        seed: arg(1, "1").parse().expect("seed"),
        threads: arg(2, "1").parse().expect("threads"),
        rules: serde_json::Value::String(arg(3, "cup2019")),
        seats: 4,
        oracle: false,
    };
    println!("strong inference: {}", inference());
    ARENA
        .run(&asked, &mut std::io::stdout().lock())
        .expect("the arena runs");
}
