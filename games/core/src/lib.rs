//! # tarock-game-core: what every game of the family shares
//!
//! The product hosts several Austrian card games (Zwanzigerrufen,
//! Königrufen, "20 ab") at one table service, with one storage layer and the
//! same front ends. Each game's rules live in their own crate under `games/`;
//! this crate is the small vocabulary they all speak, and nothing else. It
//! knows no game: no card, no contract, no trump.
//!
//! - [`Seat`]: a seat index `0..n`, and the seat counts a game allows.
//! - [`Game`]: **the boundary**. A *round* is what ends in a settlement: one
//!   deal of tarock, one session of 20 ab (several deals). A round is made
//!   from rules, a seat count and the first seat to act
//!   ([`Game::new_round`]); when it [needs a deck](Game::needs_deck) the
//!   caller hands it a random number generator ([`Game::deal`]); then the
//!   [seat to act](Game::to_act) chooses among the
//!   [legal actions](Game::legal_actions) and [`Game::apply`] checks and
//!   applies one, leaving the round exactly as it was when it refuses. A
//!   finished round has a [`Settlement`] in units, zero-sum.
//! - [`RuleError`]: every game's refusals carry a stable [`RuleError::code`]
//!   (a catalogue key for the localized text); [`Refusal`] adds the refusals
//!   every game shares (unknown seat, no deal yet, a token that is no action).
//! - [`record`]: a round is its record, a JSON object whose `format` field
//!   names the game; [`record::format_of`] reads that field so a caller can
//!   dispatch to the right game.
//! - [`token`]: short ASCII tokens for actions, to put in button payloads.
//! - [`fair`]: provably fair deals: a SHA-256 commitment over a deal's
//!   seed, salt and cards, published before the deal and checked after it.
//! - [`DynGame`] / [`DynKind`]: the same boundary as trait objects, for the
//!   table service, which chooses the game of a table at runtime.
//!   [`Game`] is generic and monomorphized (computer players and the arena
//!   call it millions of times); [`DynGame`] is implemented for every
//!   [`Game`] by a blanket impl, so a game implements only [`Game`].
//!
//! Pure like the games: no IO, no clock, and no randomness it is not given.
//!
//! ## Example
//!
//! A toy game shows the shape: two seats take turns adding 1 or 2 to a
//! counter; whoever reaches 3 wins a unit from the other.
//!
//! ```
//! use tarock_game_core::{Game, Refusal, RuleError, Seat, Settlement, SetupError};
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct ToThree { total: u8, turn: u8 }
//!
//! #[derive(Debug, PartialEq, thiserror::Error)]
//! #[error("the counter would pass 3")]
//! struct TooMuch;
//! impl RuleError for TooMuch {
//!     fn code(&self) -> &'static str { "too-much" }
//! }
//!
//! impl Game for ToThree {
//!     const ID: &'static str = "to-three";
//!     const RECORD_FORMAT: &'static str = "to-three-record/1";
//!     const MIN_SEATS: u8 = 2;
//!     const MAX_SEATS: u8 = 2;
//!     type Rules = ();
//!     type Action = u8;
//!     type Error = TooMuch;
//!     type PublicView = u8;
//!     type SeatView = u8;
//!     fn default_rules() {}
//!     fn presets() -> &'static [&'static str] { &["standard"] }
//!     fn rules_from_spec(_: &serde_json::Value) -> Result<(), SetupError> { Ok(()) }
//!     fn rules_spec(_: &()) -> serde_json::Value { "standard".into() }
//!     fn new_round(_: (), seats: u8, first: Seat) -> Result<Self, SetupError> {
//!         tarock_game_core::check_seats::<Self>(seats, first)?;
//!         Ok(ToThree { total: 0, turn: first.number() })
//!     }
//!     fn rules(&self) {}
//!     fn seats(&self) -> u8 { 2 }
//!     fn needs_deck(&self) -> bool { false }
//!     fn deal(&mut self, _: &mut dyn rand::RngCore) -> Result<(), tarock_game_core::NoDeckNeeded> {
//!         Err(tarock_game_core::NoDeckNeeded)
//!     }
//!     fn to_act(&self) -> Option<Seat> { (self.total < 3).then_some(Seat::new(self.turn)) }
//!     fn legal_actions_into(&self, out: &mut Vec<u8>) {
//!         out.clear();
//!         if self.to_act().is_some() {
//!             out.extend((1..=2).filter(|n| self.total + n <= 3));
//!         }
//!     }
//!     fn apply(&mut self, seat: Seat, n: u8) -> Result<(), Refusal<TooMuch>> {
//!         tarock_game_core::boundary::check_seat(seat, 2)?;
//!         // (A real game refuses the wrong seat with its own "not your turn".)
//!         if self.to_act() != Some(seat) || !(1..=2).contains(&n) || self.total + n > 3 {
//!             return Err(Refusal::Rule(TooMuch));
//!         }
//!         self.total += n;
//!         if self.total < 3 { self.turn = 1 - self.turn; }
//!         Ok(())
//!     }
//!     fn public_view(&self) -> Option<u8> { Some(self.total) }
//!     fn seat_view(&self, _: Seat) -> Option<u8> { Some(self.total) }
//!     fn is_over(&self) -> bool { self.total == 3 }
//!     fn settlement(&self) -> Option<Settlement> {
//!         let mut units = vec![-1, -1];
//!         units[usize::from(self.turn)] = 1;
//!         self.is_over().then(|| Settlement::new(units).unwrap())
//!     }
//!     fn next_round(&self) -> Option<Self> { None }
//!     fn to_record(&self) -> Option<String> { None }
//!     fn from_record(_: &str) -> Result<Self, tarock_game_core::RecordRefused> {
//!         Err(tarock_game_core::RecordRefused::Invalid("no records".into()))
//!     }
//!     fn action_token(n: &u8) -> String { n.to_string() }
//!     fn parse_action_token(token: &str) -> Option<u8> { token.parse().ok() }
//! }
//!
//! let mut round = ToThree::new_round((), 2, Seat::new(0)).unwrap();
//! round.apply(Seat::new(0), 2).unwrap();
//! // Seat 1 may not add 2 (the counter would pass 3); the round is unchanged.
//! let before = round.clone();
//! assert_eq!(round.apply(Seat::new(1), 2).unwrap_err().code(), "too-much");
//! assert_eq!(round, before);
//! round.apply(Seat::new(1), 1).unwrap();
//! assert_eq!(round.settlement().unwrap().units(), &[-1, 1]);
//! ```

pub mod boundary;
pub mod dynamic;
pub mod error;
pub mod fair;
pub mod record;
pub mod seat;
pub mod settlement;
pub mod shuffle;
pub mod token;

pub use boundary::{Game, StoredDeal, ThrownIn, check_seats};
pub use dynamic::{DynGame, DynKind, Kind, Rejected};
pub use error::{NoDeckNeeded, RecordRefused, Refusal, RuleError, SetupError};
pub use seat::Seat;
pub use settlement::{NotZeroSum, Settlement};
pub use token::MAX_TOKEN_LEN;

/// The random number generator trait [`Game::deal`] takes (re-exported so
/// that a game crate needs no `rand` of its own for it).
pub use rand::RngCore;
