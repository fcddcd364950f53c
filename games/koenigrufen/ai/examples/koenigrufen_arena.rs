//! The duplicate arena of `tarock arena --game koenigrufen` without the
//! command line's other dependencies (storage, table, renderer), so a
//! player change can be measured after building this crate alone:
//!
//! `cargo run --release -p tarock-koenigrufen-ai --example koenigrufen_arena -- strong,medium cup2019 500 1 2`
//! (types, preset, deals, seed, threads).

use tarock_koenigrufen_ai::ledger::ARENA;
use tarock_player::Level;
use tarock_player::arena::{DynArena, Match};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let levels: Vec<Level> = arg(1, "strong,medium")
        .split(',')
        .map(|l| l.parse().expect("a level: easy, medium or strong"))
        .collect();
    let asked = Match {
        levels: [levels[0], levels[1]],
        sets: arg(3, "200").parse().expect("a number of deals"),
        rules: serde_json::Value::String(arg(2, "cup2019")),
        seed: arg(4, "1").parse().expect("a seed"),
        threads: arg(5, "1").parse().expect("a number of threads"),
        seats: 4,
        oracle: false,
    };
    ARENA
        .run(&asked, &mut std::io::stdout())
        .expect("the arena runs");
}
