//! # tarock-koenigrufen: the rules of Königrufen
//!
//! Königrufen is the Austrian tarock most rounds and the Tarockcup circuit
//! play: four players, 54 cards, a talon of six in two halves. An auction
//! with the Vorhand's privileges decides the contract. In the Rufer family
//! the declarer calls a King whose holder becomes his hidden partner; in
//! the Dreier and colour games he plays alone; in negative games (Piccolo,
//! Zwiccolo, Bettler, ouvert or not) he must take exactly so many tricks;
//! Trischaken is everyone for himself. Depending on the contract the
//! declarer takes a talon half, all six cards, or none, and lays cards
//! aside; then premiums are announced and doubled by Kontra, the twelve
//! tricks are played, and the deal is settled in units — as a score
//! (Schrift) without Kontra and as money with it.
//!
//! This crate is the whole game and nothing else: no IO, no clock, no
//! randomness it did not receive (only [`sim`] uses a random number
//! generator, passed in). A [`Game`] is built from [`Rules`] (two presets,
//! `cup2019` and `standard`, and flag overrides checked when built), a
//! [`Deal`] and the Vorhand's seat; it changes only through [`Game::apply`],
//! which checks every action and leaves the game exactly as it was when it
//! returns a [`RuleError`] naming the SPEC rule. [`Game::legal_actions`] lists
//! what the seat to act may do — words, cards, the discard rule — so front
//! ends only offer legal buttons, and [`Game::view`] gives what one seat may
//! see. A finished deal yields its [`Facts`], priced by [`settle`] into
//! itemised lines. A deal is its [`Record`] (SPEC §11).
//!
//! The state machine is split by phase: [`auction`] (§4), king call and
//! talon in [`game`] and [`talon`] (§5, §6), [`announce`] (§7), [`trick`] and
//! [`play`] (§8), settlement in [`score`] with [`positive`] and [`negative`]
//! (§9, §10).
//!
//! ## Example
//!
//! ```
//! use tarock_koenigrufen::{Action, Contract, Deal, Game, Preset, Seat, Suit};
//!
//! let hands = [
//!     "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
//!     "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
//!     "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
//!     "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
//! ]
//! .map(|h| h.parse().unwrap());
//! let talon: Vec<_> = "hA h3 c9 d2 d4 cQ".split(' ').map(|c| c.parse().unwrap()).collect();
//! let mut game = Game::new(Preset::Cup2019.rules(), Deal::new(hands, &talon).unwrap(), Seat::S0);
//!
//! // The Vorhand reserves, the others pass, she chooses a Rufer and calls the cK.
//! game.apply(Seat::S0, Action::Vorhand).unwrap();
//! for s in [Seat::S1, Seat::S2, Seat::S3] {
//!     game.apply(s, Action::Weiter).unwrap();
//! }
//! game.apply(Seat::S0, Action::Bid(Contract::Rufer)).unwrap();
//!
//! // Seat 1 may not call for her; the refused try changes nothing.
//! let before = game.clone();
//! assert!(game.apply(Seat::S1, Action::Call(Suit::Clubs)).is_err());
//! assert_eq!(game, before);
//! game.apply(Seat::S0, Action::Call(Suit::Clubs)).unwrap();
//!
//! // Seat 2 holds the cK: he knows he is the partner, seat 1 does not.
//! assert_eq!(game.view(Seat::S2).my_party(), Some(tarock_koenigrufen::Party::Declarer));
//! assert_eq!(game.view(Seat::S1).parties[2], None);
//! ```
//!
//! ## Glossary
//! - **Vorhand**: the seat after the dealer; opens the auction, may hold bids,
//!   chooses Rufer or Trischaken after three passes, leads positive games.
//! - **Lizitation**: the auction. **Weiter**: pass. **Halte**: the Vorhand holds a bid.
//! - **Rufer**: the declarer calls a King ("rufe cK"); its holder is the partner.
//! - **Talon**: six cards in two halves; **ablage**: the cards laid aside.
//! - **Schleifen**: conceding when the called King lies in the talon.
//! - **Dreier / Solodreier / Sechserdreier**: one against three with a talon
//!   half, without talon, with all six talon cards face down.
//! - **Mussolini** ("falscher Sechser"): all six talon cards; three laid aside
//!   face down for the opponents, who draw them blind.
//! - **Farbendreier / Farbensolo**: colour games, tarock is no trump.
//! - **Piccolo / Zwiccolo / Bettler**: exactly one / two / no trick; **ouvert**:
//!   hands shown after the first trick; **bei**: joining a closed Piccolo/Zwiccolo.
//! - **Trischaken**: everyone for himself; the **Fahrer** (Vorhand) loses alone
//!   on a tie; a **Jungfrau** has no trick.
//! - **Sküs** (`T22`), **Mond** (`T21`), **Pagat** (`T1`): the **Trull**.
//!   Birds: Pagat, **Uhu** (`T2`), **Kakadu** (`T3`), **Wildsau**/**Quapil**
//!   (`T4`), **Geier** (`T5`).
//! - **König Ultimo** (KU): the called King wins the last trick for party D.
//! - **Valat**: all twelve tricks. **Kontra / Rekontra / Subkontra**: ×2 / ×4 / ×8.
//! - **Thirds**: card values counted exactly (70 points = 210 thirds; 35 points
//!   and 2 Blatt = 107 thirds win).

pub mod action;
pub mod announce;
pub mod auction;
pub mod card;
pub mod contract;
pub mod deal;
pub mod error;
mod facts;
pub mod family;
pub mod game;
pub mod legal;
pub mod negative;
pub mod play;
pub mod positive;
pub mod record;
pub mod rules;
pub mod score;
pub mod seat;
#[cfg(feature = "sim")]
pub mod sim;
pub mod talon;
pub mod trick;
pub mod view;

pub use action::Action;
pub use announce::ItemState;
pub use auction::{Auction, Bidder, Word};
pub use card::{Card, CardSet, Suit};
pub use contract::{Contract, Family, Item, Mode, Premium};
pub use deal::{Deal, Half};
pub use error::RuleError;
pub use family::Koenigrufen;
pub use game::{Called, Declared, Game, Phase, Step};
pub use legal::LegalActions;
pub use record::{Record, ReplayReport};
pub use rules::{Preset, RuleSpec, Rules, RulesError};
pub use score::{Facts, Line, Settlement, settle};
pub use seat::{Party, Seat, Seats};
pub use talon::{CardList, DiscardRule};
pub use view::{PublicView, SeatView};
