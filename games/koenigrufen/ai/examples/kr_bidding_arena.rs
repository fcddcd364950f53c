//! The Königrufen bidding arena: strong (auction words by looking ahead)
//! against strong-thresholds (the same card play, medium's auction), on
//! duplicate deals. The report calls strong-thresholds "medium".
//!
//! `cargo run --release -p tarock-koenigrufen-ai --example kr_bidding_arena -- 300 1 2 [cup2019]`
//! (deals, seed, threads, preset). `TAROCK_KR_CARD_NODES` sets both sides'
//! card-play budget (default: strong's); the lookahead keeps its own.
//! `TAROCK_KR_REACH` and `TAROCK_KR_BASE_REACH` (`nothing`, `auction`,
//! `talon` or `discard`) set how far the strong and the "medium" side look
//! ahead ([`Reach`]; default `auction` and `nothing`): `discard` against
//! `auction` measures the King call, talon and discard alone.

use tarock_koenigrufen::Koenigrufen;
use tarock_koenigrufen_ai::bidding_arena::{BidNotes, bidding_player_with, report};
use tarock_koenigrufen_ai::lookahead::Reach;
use tarock_koenigrufen_ai::{Player, Strong, StrongConfig};
use tarock_player::arena::{Duplicate, DynArena, Match, Streams};
use tarock_player::{Computers, Level};

fn player(level: Level) -> Box<dyn Player<Koenigrufen>> {
    let mut cards = StrongConfig::default();
    if let Some(nodes) = std::env::var("TAROCK_KR_CARD_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        cards.node_budget = nodes;
    }
    let var = match level {
        Level::Strong => "TAROCK_KR_REACH",
        _ => "TAROCK_KR_BASE_REACH",
    };
    match std::env::var(var).ok().as_deref().map(reach) {
        Some(r) => Box::new(Strong::with_config(cards).with_reach(r)),
        None => bidding_player_with(level, cards),
    }
}

/// A reach by its name.
fn reach(name: &str) -> Reach {
    match name {
        "nothing" => Reach::Nothing,
        "auction" => Reach::Auction,
        "talon" => Reach::Talon,
        "discard" => Reach::Discard,
        other => panic!("unknown reach {other:?}: nothing, auction, talon or discard"),
    }
}

static COMPUTERS: Computers<Koenigrufen> = Computers::new(&[Level::Medium, Level::Strong], player);

static ARENA: Duplicate<Koenigrufen, BidNotes> = Duplicate {
    computers: &COMPUTERS,
    ledger: BidNotes,
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
        rules: serde_json::Value::String(arg(3, "cup2019")),
        seats: 4,
        oracle: false,
    };
    ARENA
        .run(&asked, &mut std::io::stdout().lock())
        .expect("the arena runs");
}
