//! The Zwanzigerrufen duplicate arena without the command-line program
//! (which builds the whole workspace): the same `ARENA` the `tarock arena
//! --game zwanzigerrufen` command runs, so its figures are the same.
//!
//! `cargo run --profile bench-fast -p tarock-zwanzigerrufen-ai --example zr_arena -- strong,medium 500 1 2 [standard]`
//! (players, deals, seed, threads, preset).

use tarock_player::Level;
use tarock_player::arena::{DynArena, Match};
use tarock_zwanzigerrufen_ai::arena::ARENA;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let players = arg(0, "strong,medium");
    let (a, b) = players.split_once(',').expect("two players: a,b");
    let asked = Match {
        levels: [
            a.parse::<Level>().expect("a level"),
            b.parse::<Level>().expect("a level"),
        ],
        sets: arg(1, "500").parse().expect("deals"),
        seed: arg(2, "1").parse().expect("seed"),
        threads: arg(3, "2").parse().expect("threads"),
        rules: serde_json::Value::String(arg(4, "standard")),
        seats: 4,
        oracle: false,
    };
    ARENA
        .run(&asked, &mut std::io::stdout().lock())
        .expect("the arena runs");
}
