//! Cup mode: a tarock tournament as the Austrian Tarockcup days run it
//! (seed 002, the 2019 cup of Schwanenstadt).
//!
//! - A **cup day** has three **rounds**; before each round the players are
//!   drawn to tables at random ([`draw`]). A round is 16 deals at a
//!   four-seat table and 20 at a five-seat table, where the dealer sits out
//!   each deal and scores nothing for it.
//! - The **day** ranks the players by the sum of their scores (the
//!   "Schrift", which never includes Kontra) over its rounds; equal totals
//!   share a place; places 1–20 earn cup points ([`points`]).
//! - The **season** adds each player's best six days of cup points; equal
//!   sums are split by the better Schrift of the counted days
//!   ([`standings`]).
//!
//! The crate knows no game: a table's result is one score per seat, which
//! the caller takes from whatever game the cup plays. [`Cup`] keeps the
//! whole tournament as plain data (serde), so a front end can store it.

mod cup;
pub mod draw;
pub mod points;
pub mod standings;

pub use cup::{Cup, CupError, CupFormat, PlayerNo, Round, RoundId, TableDraw};
pub use standings::{DayPlace, SeasonPlace, rank_day, rank_season};
