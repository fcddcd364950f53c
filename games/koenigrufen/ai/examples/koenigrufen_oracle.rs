//! The recovery ratio of Königrufen without the whole `tarock` binary:
//! `cargo run --profile bench-fast -p tarock-koenigrufen-ai --example
//! koenigrufen_oracle -- DEALS SEED THREADS` prints what `tarock arena --game
//! koenigrufen --oracle --rules cup2019 --deals DEALS --seed SEED --threads THREADS`
//! prints (the same arena).

use tarock_player::DynArena;
use tarock_player::Level;
use tarock_player::arena::Match;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: deals, seed, threads"))
        .collect();
    let asked = Match {
        levels: [Level::Strong, Level::Medium],
        sets: args.first().copied().unwrap_or(20),
        rules: "cup2019".into(),
        seed: args
            .get(1)
            .copied()
            .unwrap_or(tarock_koenigrufen_ai::oracle::FROZEN_SEED),
        threads: args.get(2).map_or(1, |t| *t as usize),
        seats: 4,
        oracle: true,
    };
    tarock_koenigrufen_ai::ledger::ARENA
        .run(&asked, &mut std::io::stdout().lock())
        .expect("the arena runs");
}
