//! What rebuilding a stored round costs: the table service rebuilds a
//! round of 20 ab or Königrufen from its seed and action tokens on every
//! command. Plays one round of GAME at SEATS with random legal tokens
//! (fixed seed), then rebuilds it REPEAT times and prints the number of
//! actions. Run under callgrind with two REPEAT values; the difference of
//! the instruction counts divided by the difference of REPEAT is the cost
//! of one rebuild of a whole round:
//!
//! `cargo run --release -p tarock-games --example replay_rounds -- zwanzig-ab 4 10`

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_game_core::Seat;
use tarock_games::{SeededRound, by_id};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("zwanzig-ab", String::as_str);
    let seats: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let repeat: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let kind = by_id(game).expect("a game id");
    let rules = serde_json::Value::from("standard");
    let seed = [7u8; 32];
    let mut round = SeededRound::new(kind, &rules, seats, Seat::new(0), &seed).expect("a round");
    let mut rng = StdRng::seed_from_u64(3);
    let mut log = Vec::new();
    while let Some(seat) = round.round().to_act() {
        if log.len() >= 2_000 {
            break;
        }
        let tokens = round.round().legal_tokens();
        let token = tokens[rng.random_range(0..tokens.len())].clone();
        round.apply(seat, &token).expect("a legal token");
        log.push((seat, token));
    }
    let mut over = 0;
    for _ in 0..repeat {
        let mut again =
            SeededRound::new(kind, &rules, seats, Seat::new(0), &seed).expect("a round");
        for (seat, token) in &log {
            again.apply(*seat, token).expect("the same token");
        }
        over += u32::from(again.round().is_over());
    }
    println!(
        "{game} {seats} seats: {} actions, rebuilt {repeat} times ({over} over)",
        log.len()
    );
}
