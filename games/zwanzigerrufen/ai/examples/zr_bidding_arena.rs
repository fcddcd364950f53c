//! The Zwanzigerrufen bidding arena: strong (bidding by looking ahead)
//! against strong-thresholds (the same card play, medium's bidding), on
//! duplicate deals. The report calls strong-thresholds "medium".
//!
//! `cargo run --release -p tarock-zwanzigerrufen-ai --example zr_bidding_arena -- 300 1 2 [standard]`
//! (deals, seed, threads, preset). `TAROCK_ZR_CARD_NODES` sets both sides'
//! card-play budget (default: strong's); the bidding lookahead keeps its own.

use tarock_player::arena::{Duplicate, DynArena, Match, Streams};
use tarock_player::{Computers, Level};
use tarock_zwanzigerrufen::Zwanzigerrufen;
use tarock_zwanzigerrufen_ai::arena::Notes;
use tarock_zwanzigerrufen_ai::bidding_arena::{bidding_player_with, report};
use tarock_zwanzigerrufen_ai::{Player, StrongConfig};

fn player(level: Level) -> Box<dyn Player<Zwanzigerrufen>> {
    let mut cards = StrongConfig::default();
    if let Some(nodes) = std::env::var("TAROCK_ZR_CARD_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        cards.node_budget = nodes;
    }
    bidding_player_with(level, cards)
}

static COMPUTERS: Computers<Zwanzigerrufen> =
    Computers::new(&[Level::Medium, Level::Strong], player);

static ARENA: Duplicate<Zwanzigerrufen, Notes> = Duplicate {
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
        sets: arg(0, "300").parse().expect("deals"),
        seed: arg(1, "1").parse().expect("seed"),
        threads: arg(2, "2").parse().expect("threads"),
        rules: serde_json::Value::String(arg(3, "standard")),
        seats: 4,
        oracle: false,
    };
    ARENA
        .run(&asked, &mut std::io::stdout().lock())
        .expect("the arena runs");
}
