//! # tarock-zwanzigerrufen-ai: computer players for Zwanzigerrufen
//!
//! Computer players fill empty seats and play for absent players, so their
//! strength is what most people at a table will feel. There are three, behind
//! the family's one player trait, [`Player`] (crate `tarock-player`), over
//! Zwanzigerrufen's seat view; [`COMPUTERS`] lists them by level:
//!
//! - **easy** ([`Easy`]): legal and not absurd. The Vorhand opens the Rufer it
//!   must open, everyone else passes; in play it wins a trick worth taking with
//!   its cheapest winning card and otherwise throws its cheapest card.
//! - **medium** ([`Medium`]): hand evaluation for the bidding (when to overbid
//!   with a Farbensolo or a Solo, when to give Kontra, when to announce Pagat
//!   Ultimo or Absolut) and card-play rules of thumb: follow cheaply, give
//!   points to a partner who wins, win with the cheapest sure card, keep the
//!   Pagat for the last trick, keep the Mond away from the Sküs, catch an
//!   opposing Mond with the Sküs, and show itself as the called partner.
//! - **strong** ([`Strong`]): bidding by looking ahead ([`lookahead`]:
//!   candidate bids priced on sampled deals, medium's bid unless the samples
//!   separate them), and in trick play
//!   determinized sampling: it deals the cards it has not seen many times,
//!   consistently with everything its seat observed (cards played, voids
//!   shown, the Rufer's called card and the higher ones the caller must hold,
//!   a Pagat announcement), solves each deal exactly with alpha-beta over card
//!   points against the 45 / 56 point and Valat thresholds (with a
//!   transposition table), prices each outcome with the engine's own
//!   settlement and plays the card with the best expected balance
//!   (optionally with the samples weighed by what the others' bids and
//!   cards say, [`infer`], off by default: it did not measure better). It works
//!   within a node budget, so its decisions depend only on the random number
//!   generator it is given.
//!
//! The computer players of Königrufen live in `games/koenigrufen/ai`
//! (`tarock-koenigrufen-ai`), those of "20 ab" in `games/zwanzig-ab/ai`
//! (`tarock-zwanzig-ab-ai`); each has its `COMPUTERS` and its arena ledger
//! (what `tarock arena` counts beside the units), as this crate has
//! [`COMPUTERS`] and [`arena`].
//!
//! A player sees only a [`SeatView`](tarock_zwanzigerrufen::SeatView): the engine's per-seat view holds its
//! own hand and what is public, never another hand, so no player can cheat.
//! [`drive`] connects players to a [`Game`](tarock_zwanzigerrufen::Game): it builds
//! the view, asks the player and checks the answer.
//!
//! ```
//! use rand::SeedableRng;
//! use rand::rngs::SmallRng;
//! use tarock_zwanzigerrufen_ai::{Level, drive};
//! use tarock_zwanzigerrufen::{Preset, Seat, sim};
//!
//! let mut rng = SmallRng::seed_from_u64(1);
//! let (mut game, _) = sim::random_game(&mut rng, &Preset::Standard.rules(), Seat::S0);
//! let mut players = [Level::Easy, Level::Medium, Level::Easy, Level::Medium].map(tarock_zwanzigerrufen_ai::player);
//! let settlement = drive::play_out(&mut game, &mut players, &mut rng).unwrap();
//! assert_eq!(settlement.changes.iter().sum::<i64>(), 0);
//! ```

pub mod arena;
pub mod bidding_arena;
pub mod blunder;
pub mod drive;
pub mod easy;
#[cfg(test)]
mod fixtures;
pub mod hand;
pub mod infer;
pub mod knowledge;
pub mod level;
pub mod lookahead;
pub mod medium;
pub mod oracle;
pub mod play;
pub mod sample;
pub mod search;
pub mod simulation;
pub mod strong;

pub use easy::Easy;
pub use level::{COMPUTERS, Level, ParseLevelError, player, player_by_name};
pub use medium::Medium;
pub use strong::{Strong, StrongConfig};

/// Every computer player is a [`tarock_player::Player`] of its game:
/// given its seat's view, it chooses one legal action. A Zwanzigerrufen
/// bidding turn is built one announcement at a time: the player is asked
/// again (with a fresh view) after each bid until it says Weiter
/// ([`drive::bidding_turn`] collects a whole turn).
pub use tarock_player::Player;
