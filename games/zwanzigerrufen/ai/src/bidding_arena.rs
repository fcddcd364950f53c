//! The bidding arena (issue 33, point 5): both sides play their cards as
//! the strong player does and differ only in the bidding. In this arena
//! the level `strong` is the strong player as it is (bidding by looking
//! ahead, [`crate::lookahead`]) and the level `medium` stands for
//! `strong-thresholds`: the strong player bidding with the medium player's
//! hand evaluation. Everything else (duplicate deals, the report) is the
//! Zwanzigerrufen arena's ([`crate::arena`]).

use std::io::{self, Write};

use tarock_player::arena::{Duplicate, Outcome, Streams};
use tarock_player::{Computers, Level};
use tarock_zwanzigerrufen::Zwanzigerrufen;

use crate::arena::{Note, Notes};
use crate::{Player, Strong, StrongConfig};

/// The two players of the bidding arena: `strong` (lookahead bidding) and,
/// under the level `medium`, `strong-thresholds`.
pub static BIDDING_COMPUTERS: Computers<Zwanzigerrufen> =
    Computers::new(&[Level::Medium, Level::Strong], bidding_player);

/// A player of the bidding arena: strong's card play with lookahead
/// bidding (`Strong`) or threshold bidding (any other level).
pub fn bidding_player(level: Level) -> Box<dyn Player<Zwanzigerrufen>> {
    bidding_player_with(level, StrongConfig::default())
}

/// [`bidding_player`] with the card play's budget `cards` (both sides
/// alike; a smaller one makes long arena runs affordable). The lookahead
/// keeps the default budget for its bidding decisions.
pub fn bidding_player_with(level: Level, cards: StrongConfig) -> Box<dyn Player<Zwanzigerrufen>> {
    let strong = Strong::with_config(cards).with_bid_budget(StrongConfig::default().node_budget);
    match level {
        Level::Strong => Box::new(strong),
        _ => Box::new(strong.with_threshold_bidding()),
    }
}

/// Zwanzigerrufen's bidding arena: `--players strong,medium` here means
/// strong against strong-thresholds.
pub static BIDDING_ARENA: Duplicate<Zwanzigerrufen, Notes> = Duplicate {
    computers: &BIDDING_COMPUTERS,
    ledger: Notes,
    streams: Streams::Deal,
    seats: Some(4),
    max_decks: 1,
    report,
    oracle: None,
};

/// The arena's report, headed by what "medium" means here.
pub fn report(o: &Outcome<'_, Zwanzigerrufen, Note>, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Bidding arena: both sides play strong's cards; \"medium\" below is strong-thresholds (medium's bidding)"
    )?;
    crate::arena::report(o, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bidding_arena_pits_lookahead_against_threshold_bidding() {
        assert_eq!(bidding_player(Level::Strong).name(), "strong");
        assert_eq!(bidding_player(Level::Medium).name(), "strong-thresholds");
        assert_eq!(BIDDING_COMPUTERS.levels(), &[Level::Medium, Level::Strong]);
    }
}
