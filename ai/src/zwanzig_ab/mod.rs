//! Computer players for "20 ab" (crate `tarock-zwanzig-ab`).
//!
//! 20 ab has its own small player trait, [`AbPlayer`], over its own seat
//! view; the Zwanzigerrufen [`Player`](crate::Player) trait takes that game's
//! view. Both will meet behind the game-neutral boundary later. A player sees
//! only its seat's [`SeatView`]: its own cards and what is public.
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
//!   exchange and drop (a few decisions per deal, each shaping the deal).
//! - **medium**: the strong player's card play with 12 guessed deals, its
//!   exchange and drop with 96; trump by the easy rule.
//!
//! [`drive`] connects players to a [`Session`](tarock_zwanzig_ab::Session)
//! and checks every answer; [`arena`] measures two player types against each
//! other in duplicate sessions.

pub mod arena;
pub mod drive;
pub mod easy;
pub mod eval;
pub mod sample;
pub mod strong;
pub mod world;

pub use easy::Easy;
pub use strong::{Simulate, Strong, StrongConfig};
pub use world::Valuation;

use std::fmt;
use std::str::FromStr;

use rand::RngCore;
use tarock_zwanzig_ab::{Action, SeatView};

/// A computer player for 20 ab: given its seat's view, it chooses one legal
/// action. All randomness comes from `rng`.
pub trait AbPlayer: Send {
    /// The player's level name (`easy`, `medium`, `strong`).
    fn name(&self) -> &str;

    /// Chooses the next action for `view.seat`, which is to act; it must be
    /// one of `view.legal`.
    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action;
}

impl AbPlayer for Box<dyn AbPlayer> {
    fn name(&self) -> &str {
        self.as_ref().name()
    }

    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        self.as_mut().choose(view, rng)
    }
}

/// How strong a 20 ab computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AbLevel {
    /// Rules of thumb ([`Easy`]).
    Easy,
    /// Simulated card play with a small budget and a simulated exchange and
    /// drop ([`Strong`] with 12 and 96 deals); trump by the easy rule.
    Medium,
    /// Simulation ([`Strong`] with 48 deals per card candidate, 240 for
    /// trump, the exchange and the drop).
    Strong,
}

impl AbLevel {
    /// All levels, weakest first.
    pub const ALL: [AbLevel; 3] = [AbLevel::Easy, AbLevel::Medium, AbLevel::Strong];

    /// The level's name.
    pub const fn name(self) -> &'static str {
        match self {
            AbLevel::Easy => "easy",
            AbLevel::Medium => "medium",
            AbLevel::Strong => "strong",
        }
    }

    /// A new player of this level.
    pub fn player(self) -> Box<dyn AbPlayer> {
        match self {
            AbLevel::Easy => Box::new(Easy::new()),
            AbLevel::Medium => Box::new(Strong::with_config(StrongConfig::MEDIUM)),
            AbLevel::Strong => Box::new(Strong::new()),
        }
    }
}

impl fmt::Display for AbLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for AbLevel {
    type Err = crate::ParseLevelError;

    fn from_str(s: &str) -> Result<AbLevel, crate::ParseLevelError> {
        AbLevel::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| crate::ParseLevelError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_names_round_trip_and_build_players_of_that_name() {
        for level in AbLevel::ALL {
            assert_eq!(level.to_string().parse::<AbLevel>(), Ok(level));
            assert_eq!(level.player().name(), level.name());
        }
        assert!("grandmaster".parse::<AbLevel>().is_err());
    }
}
