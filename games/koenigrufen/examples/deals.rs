//! Plays N random deals (default 1000) of a preset and prints the number of
//! deals, the contract mix and a checksum; used for callgrind instruction
//! counts (run it with two values of N and divide the difference).
//!
//! `cargo run --release -p tarock-koenigrufen --example deals -- 1000 cup2019`

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::sim::{play_out, random_game};
use tarock_koenigrufen::{Preset, Seat};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let preset: Preset = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(Preset::Cup2019);
    let rules = preset.rules();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut mix: BTreeMap<&str, u64> = BTreeMap::new();
    let mut checksum = 0i64;
    for i in 0..n {
        let (mut game, plan) = random_game(&mut rng, &rules, Seat::ALL[(i % 4) as usize]);
        let settlement = play_out(&mut game, &plan, &mut rng);
        checksum += settlement.money[0];
        let word = game.declared().map_or("?", |d| d.contract.word());
        *mix.entry(word).or_default() += 1;
    }
    println!("{n} deals ({preset}), checksum {checksum}");
    for (word, count) in mix {
        println!("  {word:<16} {count}");
    }
}
