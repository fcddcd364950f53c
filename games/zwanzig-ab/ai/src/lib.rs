//! # tarock-zwanzig-ab-ai: computer players for "20 ab" (rules: `tarock-zwanzig-ab`)
//!
//! Its players implement the family's one player trait, [`Player`], over 20
//! ab's seat view; [`COMPUTERS`] lists them by level. A player sees only
//! its seat's `SeatView`: its own cards and what is public.
//!
//! - **easy** ([`Easy`]): rules of thumb. Trump is the suit with most cards
//!   in the first packet (ties: the higher card), the same choice a table
//!   makes for a player who times out (SPEC §10). It estimates its tricks
//!   from trumps and aces, drops a weak hand when it may, exchanges its
//!   small side cards, and in play wins a trick with its cheapest winning
//!   card or throws its cheapest card.
//! - **strong** ([`Strong`]): decides by simulation. For each decision it
//!   deals the unseen cards many times consistently with what the seat saw
//!   (hand sizes, the stock's size, suits a player showed he lacks, the
//!   decisions the earlier players made in the exchange and the trump the
//!   maker named), plays every candidate (each trump suit; playing on or
//!   dropping; each legal card) to the end of the deal with the easy
//!   player's rules for everyone, and values the outcome by the session: the
//!   exact settlement when the deal ends the session, otherwise its score
//!   change against the opponents'; a drop costs more the fewer drops are
//!   left. 48 guessed deals per card, 240 for naming trump and for the
//!   exchange and drop, 960 for the card of a seat without a trick at the
//!   fourth trick (a few decisions per deal, each shaping the deal). At
//!   that fourth trick the cards that throw away a sure trick in the
//!   fewest guessed deals ([`blunder::no_trick_avoidable`]) come first;
//!   before it, a card whose roll-out leaves the seat to guess there
//!   ([`blunder::must_guess`]) is charged a little.
//!   In trick play each guess is kept from four drawn ones by how well it
//!   explains the others' cards and exchange ([`infer`]).
//! - **medium**: the strong player's card play with 12 guessed deals, its
//!   exchange and drop and the fourth trick without a trick with 96; trump
//!   by the easy rule.
//!
//! [`drive`] connects players to a [`Session`](tarock_zwanzig_ab::Session)
//! and checks every answer; [`arena`] is 20 ab's part of the family's
//! duplicate arena (whole sessions, 3–5 seats).

pub mod arena;
pub mod blunder;
pub mod drive;
pub mod easy;
pub mod eval;
pub mod infer;
pub mod oracle;
pub mod sample;
pub mod simulation;
pub mod strong;
pub mod world;

pub use easy::Easy;
pub use strong::{Simulate, Strong, StrongConfig};
pub use world::Valuation;

use tarock_player::Computers;
use tarock_zwanzig_ab::ZwanzigAb;

pub use tarock_player::Player;

use tarock_player::Level;

/// 20 ab's computer players: easy, medium and strong.
pub static COMPUTERS: Computers<ZwanzigAb> = Computers::new(&Level::ALL, player);

/// A new 20 ab player of `level`: easy by rules of thumb; medium with
/// [`StrongConfig::MEDIUM`]'s simulation (12 deals per card, 96 for the
/// exchange and drop and the fourth trick without a trick, trump by the
/// easy rule); strong with 48 deals per card candidate, 240 for trump,
/// the exchange and the drop, 960 for the fourth trick without a trick,
/// and inference about the hidden hands in trick play.
pub fn player(level: Level) -> Box<dyn Player<ZwanzigAb>> {
    match level {
        Level::Easy => Box::new(Easy::new()),
        Level::Medium => Box::new(Strong::with_config(StrongConfig::MEDIUM)),
        Level::Strong => Box::new(Strong::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_builds_a_player_of_that_name() {
        for level in Level::ALL {
            assert_eq!(player(level).name(), level.name());
        }
    }
}
