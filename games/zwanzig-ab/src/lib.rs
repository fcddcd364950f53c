//! # tarock-zwanzig-ab: the rules of "20 ab"
//!
//! "20 ab" ("20 up", "Zwanzig ab") is a trick game for three to five players
//! with 32 French cards (A > 10 > K > Q > J > 9 > 8 > 7). Everyone starts a
//! session at 20 points and counts down: each trick taken is −1, a deal
//! without a trick is +5 (+10 for the trump maker). After three cards each,
//! the player after the dealer names trump; after two more, each player in
//! turn keeps his hand, exchanges up to three cards from the stock, or drops
//! out of the deal — a few times a session, never the trump maker, never at
//! 5 points or fewer. The first player to reach 0 wins, and every other
//! player pays him his remaining points. The rules are
//! `rules/zwanzig-ab/SPEC.md`; its decision numbers (D-nn) and rule codes
//! (S-1, X-4, D-12, P-3, …) appear throughout this crate.
//!
//! This crate is the game and nothing else: no IO, no clock, no randomness it
//! did not receive. A [`Session`] is built from [`Rules`], the number of
//! players and the first dealer; the table service deals each deal from a
//! [`Deck`] it shuffled ([`Session::start_deal`]); the session changes only
//! through [`Session::apply`], which checks every action and leaves the
//! session exactly as it was when it returns a [`RuleError`].
//! [`Session::legal_actions`] lists what the seat to act may do,
//! [`Session::view`] and [`Session::public_view`] give what one seat and the
//! table may see. A session is its [`Record`]: rules, start, decks and the
//! ordered actions reproduce it exactly, and [`ReplayReport`] is the line
//! `tarock replay` prints for it.
//!
//! Scoring gathers facts, then prices them: [`score::deal_deltas`] turns a
//! deal's tricks into score changes, and at the end [`score::winner`] and
//! [`score::settle`] give the winner and the settlement in units, one line
//! per paying player.
//!
//! ## Example
//!
//! ```
//! use tarock_zwanzig_ab::{Action, Deck, Phase, Rules, Seat, Session};
//!
//! // FG1 of the SPEC: four players, dealer S3, so S0 names trump.
//! let mut s = Session::fresh(Rules::STANDARD, 4, 3).unwrap();
//! let deck: Deck = "hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 \
//!                   d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ".parse().unwrap();
//! s.start_deal(deck).unwrap();
//! // Before trump is named, each seat sees only its first packet.
//! // (A card set lists its cards in deck order: clubs before hearts.)
//! assert_eq!(s.view(Seat::S0).hand.to_string(), "c7 hA h10");
//! s.apply(Seat::S0, "trump h".parse().unwrap()).unwrap();
//! assert_eq!(s.phase(), Phase::Exchange);
//! // The trump maker may not drop (D-10), and the failed try changes nothing.
//! let before = s.clone();
//! assert_eq!(s.apply(Seat::S0, Action::Drop).unwrap_err().code(), "D-10");
//! assert_eq!(s, before);
//! ```
//!
//! ## Glossary
//! - **Trump maker** ("Ansager", `M`): the seat after the dealer; names trump,
//!   may not drop, leads the first trick.
//! - **First packet**: the three cards dealt before trump is named.
//! - **Stock**: the undealt cards, top first; exchanges draw from it.
//! - **Drop** ("rausgehen"): leaving a deal; scores 0 for it, limited per session.
//! - **Out**: a running score at 0 or below; the first player out wins.
//! - **Unit**: one score point in the settlement.

pub mod action;
pub mod card;
pub mod deal;
pub mod error;
pub mod exchange;
pub mod family;
pub mod legal;
pub mod play;
pub mod record;
pub mod rules;
pub mod score;
pub mod seat;
pub mod session;
pub mod sim;
pub mod trick;
pub mod view;

pub use action::Action;
pub use card::{Card, CardSet, Suit};
pub use deal::{DealError, Deck};
pub use error::RuleError;
pub use exchange::DropBar;
pub use family::ZwanzigAb;
pub use legal::LegalActions;
pub use record::{Record, RecordError, ReplayReport};
pub use rules::{Flags, Preset, Rules, RulesError};
pub use score::Settlement;
pub use seat::{Seat, SeatSet};
pub use session::{Decision, Outcome, Phase, Session, SessionError, Start, Step};
pub use view::{PublicView, SeatView};
