//! # tarock-koenigrufen-ai: computer players for Königrufen
//!
//! Three players behind the family's one player trait, [`Player`] (crate
//! `tarock-player`), over Königrufen's [`SeatView`](tarock_koenigrufen::SeatView);
//! [`COMPUTERS`] lists them by level:
//!
//! - **easy** ([`Easy`]): legal and cheap. The Vorhand reserves and then
//!   plays the Rufer (a non-king game when she holds all four Kings),
//!   everyone else passes; it calls the first King it may, takes the first
//!   talon half, lays aside its cheapest cards, announces nothing, and in
//!   play takes a trick worth taking with its cheapest winning card,
//!   otherwise plays its cheapest card.
//! - **medium** ([`Medium`]): hand evaluation ([`eval`]) for every contract
//!   of the table — the Dreier family, colour games, the Rufer family with
//!   its bird-Rufers or the Besserrufer, negative games and Trischaken —
//!   with the Vorhand's privileges in the auction ([`auction`]); a talon
//!   half and discards chosen by evaluating the resulting hand (voids, Kings
//!   and birds kept, points laid aside) ([`talon`]); announcements and
//!   Kontras from the hand ([`announce`]); card play by rules of thumb per
//!   trick-play mode ([`play`]): partner-aware in positive games, ducking as
//!   a negative declarer, forcing as his opponent, keeping announced birds
//!   for their trick.
//! - **strong** ([`Strong`]): auction words by looking ahead on sampled
//!   deals played on by medium's rule and solved by its search
//!   ([`lookahead`], which can do the same for the King call, talon and
//!   discard; `strong-thresholds` keeps medium's, for the bidding arena
//!   [`bidding_arena`]); medium's King call, talon, discard and
//!   announcements; in
//!   trick play it deals the cards it has not seen many times consistently
//!   with everything its seat observed ([`knowledge`], [`sample`]; with
//!   `StrongConfig::inference` weighed by what the auction, the
//!   announcements and the tricks say about the hands, [`infer`]), solves
//!   each deal with alpha-beta and a transposition table ([`search`]) in the
//!   contract's mode against the contract's thresholds (107 thirds, Valat,
//!   exactly the tricks of a negative game), prices each outcome with the
//!   engine's own settlement, and plays the card with the best mean;
//!   Trischaken and "bei" games are searched too. Its budget is counted in
//!   search nodes, so its play depends only on the random number generator
//!   it is given and its earlier decisions. [`blunder`] names the plays a
//!   tarock player laughs at, as predicates the fixtures and the arena use.
//!
//! A player receives only a `SeatView`: its own hand and what its seat may
//! know. The type has no path to another seat's cards, so no player can
//! look. [`drive`] connects players to a [`Game`](tarock_koenigrufen::Game):
//! it builds the view for the seat to act, asks the player and checks the
//! answer against the rules.
//!
//! ```
//! use rand::SeedableRng;
//! use rand::rngs::SmallRng;
//! use tarock_player::Level;
//! use tarock_koenigrufen_ai::{drive, player};
//! use tarock_koenigrufen::{Deal, Game, Preset, Seat};
//!
//! let mut rng = SmallRng::seed_from_u64(1);
//! let mut game = Game::new(Preset::Cup2019.rules(), Deal::shuffled(&mut rng), Seat::S0);
//! let mut players = [Level::Easy, Level::Medium, Level::Easy, Level::Medium].map(player);
//! let settlement = drive::play_out(&mut game, &mut players, &mut rng).unwrap();
//! assert_eq!(settlement.money.iter().sum::<i64>(), 0);
//! ```

pub mod announce;
pub mod auction;
pub mod bidding_arena;
pub mod blunder;
pub mod drive;
pub mod duck;
pub mod easy;
pub mod eval;
pub mod infer;
pub mod knowledge;
pub mod lookahead;
pub mod medium;
pub mod oracle;
pub mod play;
pub mod read;
pub mod sample;
pub mod search;
pub mod simulation;
pub mod strong;
pub mod talon;

#[cfg(test)]
mod fixtures;

pub use easy::Easy;
pub use medium::Medium;
pub use strong::{Strong, StrongConfig};

pub mod ledger;

use tarock_koenigrufen::Koenigrufen;
use tarock_player::Computers;

pub use tarock_player::Player;

use tarock_player::Level;

/// Königrufen's computer players: easy, medium and strong.
pub static COMPUTERS: Computers<Koenigrufen> = Computers::new(&Level::ALL, player);

/// A new Königrufen player of `level` with its default settings.
pub fn player(level: Level) -> Box<dyn Player<Koenigrufen>> {
    match level {
        Level::Easy => Box::new(Easy::new()),
        Level::Medium => Box::new(Medium::new()),
        Level::Strong => Box::new(Strong::new()),
    }
}
