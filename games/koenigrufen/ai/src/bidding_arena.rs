//! The bidding arena (issue 33, point 5): both sides play their cards as
//! the strong player does and differ only before trick play. Here the level
//! `strong` is the strong player as it is (auction words by looking ahead,
//! [`crate::lookahead`]) and the level `medium` stands for
//! `strong-thresholds`: the strong player with the medium player's auction.
//! King call, talon, discard and announcements are medium's on both sides
//! (the example `kr_bidding_arena` can set either side's
//! [`crate::lookahead::Reach`]). The
//! deals and the report are those of Königrufen's arena
//! ([`crate::ledger`]); the decision times are those of the auction, the
//! King call, the talon and the discard.

use std::io::{self, Write};

use rand::RngCore;
use tarock_koenigrufen::{Action, Koenigrufen, Phase, SeatView};
use tarock_player::arena::{Duplicate, Ledger, Outcome, Part, Streams};
use tarock_player::{Computers, Level};

use crate::ledger::{Note, Notes};
use crate::{Player, Strong, StrongConfig};

/// The two players of the bidding arena: `strong` (lookahead) and, under
/// the level `medium`, `strong-thresholds`.
pub static BIDDING_COMPUTERS: Computers<Koenigrufen> =
    Computers::new(&[Level::Medium, Level::Strong], bidding_player);

/// A player of the bidding arena: strong's card play with the lookahead
/// before trick play (`Strong`) or medium's rules there (any other level).
pub fn bidding_player(level: Level) -> Box<dyn Player<Koenigrufen>> {
    bidding_player_with(level, StrongConfig::default())
}

/// [`bidding_player`] with the card play's budget `cards` (both sides
/// alike; a smaller one makes long arena runs affordable). The lookahead
/// keeps its own budget.
pub fn bidding_player_with(level: Level, cards: StrongConfig) -> Box<dyn Player<Koenigrufen>> {
    let strong = Strong::with_config(cards);
    match level {
        Level::Strong => Box::new(strong),
        _ => Box::new(strong.with_threshold_bidding()),
    }
}

/// Königrufen's arena ledger with the decisions before trick play (auction,
/// King call, talon, discard) timed instead of the cards.
pub struct BidNotes;

impl Ledger<Koenigrufen> for BidNotes {
    type Note = Note;

    /// Auction, King call and talon turns with more than one word, and
    /// the discards.
    fn timed(&self, view: &SeatView) -> bool {
        match view.public.phase {
            Phase::Auction | Phase::KingCall | Phase::Talon => {
                view.legal.is_some_and(|l| l.words().len() > 1)
            }
            Phase::Discard => true,
            _ => false,
        }
    }

    fn deal(&self, round: &mut Koenigrufen, rng: &mut dyn RngCore) {
        Notes.deal(round, rng);
    }

    fn note(&self, round: &Koenigrufen, is_a: &[bool]) -> Result<Note, String> {
        Notes.note(round, is_a)
    }

    fn parts(&self, round: &Koenigrufen) -> Option<Vec<Part>> {
        Notes.parts(round)
    }

    fn blunder_names(&self) -> &'static [&'static str] {
        Notes.blunder_names()
    }

    fn blunders(
        &self,
        round: &Koenigrufen,
        seat: tarock_game_core::Seat,
        view: &SeatView,
        action: &Action,
    ) -> u64 {
        Notes.blunders(round, seat, view, action)
    }
}

/// Königrufen's bidding arena: `--players strong,medium` here means strong
/// against strong-thresholds.
pub static BIDDING_ARENA: Duplicate<Koenigrufen, BidNotes> = Duplicate {
    computers: &BIDDING_COMPUTERS,
    ledger: BidNotes,
    streams: Streams::Deal,
    seats: Some(4),
    max_decks: 1,
    report,
    oracle: None,
};

/// The arena's report, headed by what "medium" means here.
pub fn report(o: &Outcome<'_, Koenigrufen, Note>, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Bidding arena: both sides play strong's cards; \"medium\" below is strong-thresholds (medium's auction, call, talon and discard); decision times are those of these four"
    )?;
    crate::ledger::report(o, out)
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
