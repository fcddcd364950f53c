//! Plays N random deals (default 1000) of a preset the way `tarock simulate
//! --game koenigrufen` does — shuffle, steered random auction, talon and
//! discards, card play, settlement, then the zero-sum check and
//! [`Game::check_invariants`] — and prints the number of deals, the contract
//! mix and a checksum; used for callgrind instruction counts (run it with two
//! values of N and divide the difference).
//!
//! `cargo run --release -p tarock-koenigrufen --example koenigrufen_deals -- 1000 cup2019`
//!
//! [`Game::check_invariants`]: tarock_koenigrufen::Game::check_invariants

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::sim::{play_out, random_game};
use tarock_koenigrufen::{Contract, Preset, Seat};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let preset: Preset = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(Preset::Cup2019);
    let rules = preset.rules();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut mix: BTreeMap<Contract, u64> = BTreeMap::new();
    let mut checksum = 0i64;
    for i in 0..n {
        let (mut game, plan) = random_game(&mut rng, &rules, Seat::ALL[(i % 4) as usize]);
        let settlement = play_out(&mut game, &plan, &mut rng);
        assert_eq!(settlement.money.iter().sum::<i64>(), 0, "deal {i}: money");
        assert_eq!(settlement.score.iter().sum::<i64>(), 0, "deal {i}: score");
        if let Err(e) = game.check_invariants() {
            panic!("deal {i}: {e}");
        }
        checksum += settlement.money[0];
        let contract = game.declared().expect("a finished deal").contract;
        *mix.entry(contract).or_default() += 1;
    }
    println!("{n} deals ({preset}), checksum {checksum}");
    for (contract, count) in mix {
        println!("  {:<16} {count}", contract.word());
    }
}
