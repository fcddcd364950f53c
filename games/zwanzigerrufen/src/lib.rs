//! # tarock-zwanzigerrufen: the rules of Zwanzigerrufen
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
//! randomness it did not receive. A [`Game`] is built from [`ValidRules`]
//! ([`Rules`] whose values were range-checked once, when they were made), a
//! [`Deal`] and the Vorhand's seat; it changes only through [`Game::apply`]
//! (or [`Game::play_card`], its short way for a card), which checks every
//! action against the rules and leaves the game exactly as it was when it
//! returns a [`RuleError`]. [`Game::legal_actions`] lists what
//! the seat to act may do, so front ends only ever offer legal buttons, and
//! [`Game::view`] gives the part of the game one seat may see.
//!
//! A game is its record: rules, hands, Vorhand and the ordered actions
//! reproduce it exactly ([`record`]). Scoring first gathers the [`Facts`] of a
//! finished deal and then prices them with the rules' value tables
//! ([`settle`]), so every line of a settlement can be shown.
//!
//! ## Example
//!
//! ```
//! use tarock_zwanzigerrufen::{Action, Bid, CardSet, Deal, Game, GameKind, Party, Preset, Seat};
//!
//! let hands: [CardSet; 4] = [
//!     "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
//!     "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
//!     "T22 T19 T9 T4 dK hK hN sK sJ s10",
//!     "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
//! ]
//! .map(|h| h.parse().unwrap());
//! let deal = Deal::new(hands).unwrap();
//! let mut game = Game::new(Preset::Standard.rules(), deal, Seat::S0).unwrap();
//!
//! // The Vorhand holds XX, so her Rufer calls XIX; seat 2 holds it.
//! game.apply(Seat::S0, Action::Bid(Bid::Game(GameKind::Rufer))).unwrap();
//! game.apply(Seat::S0, Action::Weiter).unwrap();
//! assert_eq!(game.contract().unwrap().called.unwrap().to_string(), "T19");
//!
//! // Seat 1 may not play a card yet, and the failed try changes nothing.
//! let before = game.clone();
//! assert!(game.apply(Seat::S1, Action::Play("T18".parse().unwrap())).is_err());
//! assert_eq!(game, before);
//!
//! // The partner stays hidden from seat 1 but knows himself.
//! assert_eq!(game.view(Seat::S1).contract.unwrap().partner, None);
//! assert_eq!(game.view(Seat::S2).my_party(), Some(Party::Declarer));
//! ```
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
pub mod family;
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
pub use family::Zwanzigerrufen;
pub use game::{Action, Game, LegalActions, NewGameError, Phase, Step};
pub use record::{Record, ReplayReport};
pub use rules::{GameKind, Item, Premium, Preset, Rules, ValidRules};
pub use score::{Facts, Settlement, settle};
pub use seat::{Party, Seat};
pub use view::{PublicView, SeatView};
