//! # tarock-engine: the rules of Zwanzigerrufen
//!
//! Zwanzigerrufen ("20er Rufen") is the Austrian four-player tarock game with
//! 40 cards, no talon, and a secret partnership: the Vorhand calls one of the
//! tarocks XX…XVI she does not hold, and its holder plays with her without
//! saying so. Instead of a Rufer, anyone may announce a Farbensolo or a Solo
//! and play alone against three. Premiums (Absolut, Pagat Ultimo, Valat) can
//! be announced and doubled by Kontra, Rekontra and Subkontra; the Trull, the
//! four Kings, Honneur and a caught Mond score on their own.
//!
//! This crate is the whole game and nothing else: no IO, no clock, no
//! randomness it did not receive. A [`Game`] is built from [`Rules`], a
//! [`Deal`] and the Vorhand's seat; it changes only through [`Game::apply`],
//! which checks every action against the rules and leaves the game exactly as
//! it was when it returns a [`RuleError`]. [`Game::legal_actions`] lists what
//! the seat to act may do, so front ends only ever offer legal buttons, and
//! [`Game::view`] gives the part of the game one seat may see.
//!
//! A game is its record: rules, hands, Vorhand and the ordered actions
//! reproduce it exactly ([`record`]). Scoring first gathers the [`Facts`] of a
//! finished deal and then prices them with the rules' value tables
//! ([`settle`]), so every line of a settlement can be shown.
//!
//! ## Glossary
//! - **Vorhand**: the seat after the dealer; opens the bidding, leads first.
//! - **Rufer**: the normal game, caller and called partner against two.
//! - **Lizitation**: the bidding. **Weiter**: pass. **Zusatz**: any
//!   announcement after the game (premium or Kontra).
//! - **Sküs** (`T22`), **Mond** (`T21`), **Pagat** (`T1`): the three
//!   **Trull** cards. **Märchenstich**: all three in one trick; the Pagat wins.
//! - **Mondfang**: the Sküs takes the trick holding the Mond.
//! - **Glatze**: the lowest suit card (`s10 c10 hA dA`), worth nothing.

pub mod bidding;
pub mod card;
pub mod deal;
pub mod error;
pub mod game;
pub mod record;
pub mod rules;
pub mod score;
pub mod seat;
pub mod sim;
pub mod trick;
pub mod view;

pub use bidding::{Bid, Bidding, Contract, ItemState};
pub use card::{Card, CardSet, Rank, Suit};
pub use deal::Deal;
pub use error::RuleError;
pub use game::{Action, Game, LegalActions, NewGameError, Phase, Step};
pub use record::{Record, ReplayReport};
pub use rules::{GameKind, Item, Premium, Preset, Rules};
pub use score::{Facts, Settlement, settle};
pub use seat::{Party, Seat};
pub use view::SeatView;
