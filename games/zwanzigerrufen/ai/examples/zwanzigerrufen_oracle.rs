//! The recovery ratio of Zwanzigerrufen without the whole `tarock` binary:
//! `cargo run --profile bench-fast -p tarock-zwanzigerrufen-ai --example
//! zwanzigerrufen_oracle -- DEALS SEED THREADS` prints what `tarock arena --oracle
//! --deals DEALS --seed SEED --threads THREADS` prints (the same arena).

use tarock_player::DynArena;
use tarock_player::arena::Match;
use tarock_zwanzigerrufen_ai::Level;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: deals, seed, threads"))
        .collect();
    let asked = Match {
        levels: [Level::Strong, Level::Medium],
        sets: args.first().copied().unwrap_or(20),
        rules: "standard".into(),
        seed: args
            .get(1)
            .copied()
            .unwrap_or(tarock_zwanzigerrufen_ai::oracle::FROZEN_SEED),
        threads: args.get(2).map_or(1, |t| *t as usize),
        seats: 4,
        oracle: true,
    };
    tarock_zwanzigerrufen_ai::arena::ARENA
        .run(&asked, &mut std::io::stdout().lock())
        .expect("the arena runs");
}
