//! The recovery ratio of 20 ab (three seats) without the whole `tarock` binary:
//! `cargo run --profile bench-fast -p tarock-zwanzig-ab-ai --example
//! zwanzig_ab_oracle -- DEALS SEED THREADS` prints what `tarock arena --game
//! zwanzig-ab --oracle --seats 3 --deals DEALS --seed SEED --threads THREADS`
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
        rules: "standard".into(),
        seed: args
            .get(1)
            .copied()
            .unwrap_or(tarock_zwanzig_ab_ai::oracle::FROZEN_SEED),
        threads: args.get(2).map_or(1, |t| *t as usize),
        seats: 3,
        oracle: true,
    };
    tarock_zwanzig_ab_ai::arena::ARENA
        .run(&asked, &mut std::io::stdout().lock())
        .expect("the arena runs");
}
