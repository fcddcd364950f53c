//! `tarock simulate` for every game: random legal rounds through a game's
//! own checked API, its invariants checked after every deal, and a report
//! of what happened and how fast. What a game counts and prints is its own
//! (each game's AI crate has a `simulate::run`, listed by the registry);
//! what every simulation is asked and how it fails is this module's.

use std::io::Write;

use serde_json::Value;

/// What a simulation is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// Deals to play (redeals not counted).
    pub deals: u64,
    /// The rules in their record form: a preset name or a JSON object.
    pub rules: Value,
    /// The seed of the random number generator.
    pub seed: u64,
    /// Seats at a table whose size may vary (20 ab: 3–5); the tarock games
    /// play at four.
    pub seats: u8,
    /// A round of several deals (a 20 ab session) still running after this
    /// many deals is abandoned (random play need not end one).
    pub max_deals: u64,
}

/// Why a simulation stopped without its report.
#[derive(Debug, thiserror::Error)]
pub enum SimulationFailure {
    /// Rules or seats the game refuses, in the game's words.
    #[error("{0}")]
    Setup(String),
    /// A deal broke an invariant of the rules (a bug), with its seed.
    #[error("{0}")]
    Broken(String),
    /// The report could not be written.
    #[error(transparent)]
    Write(#[from] std::io::Error),
}

/// A game's simulation: plays what `Simulation` asks and writes the report
/// to `out`.
pub type Simulate = fn(&Simulation, &mut dyn Write) -> Result<(), SimulationFailure>;

/// The share of `n` in `of`, in percent (0 for nothing played).
pub fn percent(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}
