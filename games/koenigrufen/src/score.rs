//! Settlement (SPEC §9, §10): first the [`Facts`] of a finished deal — what
//! happened, as a table would write it down — then their prices under the
//! rules' value tables, itemised in [`Line`]s so a table can show every one.
//! Every line and the total carry both the score (Schrift) and the money
//! (with Kontra); both sum to zero over the seats.

use serde::{Deserialize, Serialize};

use crate::contract::{Contract, Premium};
use crate::rules::Rules;
use crate::seat::{Party, Seat};

pub use crate::negative::{NegativeFacts, SchleifenFacts, TrischakenFacts};
pub use crate::positive::{Announced, PositiveFacts};

/// What a finished deal's settlement depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Facts {
    /// A positive game played to its end.
    Positive(PositiveFacts),
    /// A negative game (with "bei": several declarers).
    Negative(NegativeFacts),
    /// Trischaken.
    Trischaken(TrischakenFacts),
    /// The declarer conceded with the called King in the talon (§6.3).
    Schleifen(SchleifenFacts),
}

/// What a settlement line is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Scored {
    /// The game of a positive contract.
    Game {
        /// The contract.
        contract: Contract,
    },
    /// Valat (replaces the game).
    Valat,
    /// A premium.
    Premium {
        /// Which.
        premium: Premium,
    },
    /// A negative game's declarer against one opponent.
    Negative {
        /// The contract of that declarer.
        contract: Contract,
        /// The declarer.
        declarer: Seat,
        /// The opponent.
        opponent: Seat,
    },
    /// Trischaken's payments.
    Trischaken,
    /// A conceded game: the declarer pays the table value to each other seat.
    Schleifen {
        /// The contract.
        contract: Contract,
    },
}

/// One line of a settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Line {
    /// What is scored.
    pub what: Scored,
    /// Announced (true) or silent.
    pub announced: bool,
    /// The party credited (`None` in Trischaken).
    pub winner: Option<Party>,
    /// Value per opponent unit before Kontra (factors included).
    pub value: u32,
    /// Kontra level applied to the money (0 when Kontras are void).
    pub kontra: u8,
    /// Score change per seat.
    pub score: [i64; 4],
    /// Money change per seat.
    pub money: [i64; 4],
}

/// The priced result of a deal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Settlement {
    /// The lines, in the order of SPEC §9.5 / §10.
    pub lines: Vec<Line>,
    /// Score (Schrift) per seat in units.
    pub score: [i64; 4],
    /// Money per seat in units (1 unit = 10 cents in S002), with Kontra.
    pub money: [i64; 4],
}

impl Settlement {
    /// An empty settlement to add lines to.
    pub(crate) fn new() -> Settlement {
        Settlement {
            lines: Vec::with_capacity(8),
            score: [0; 4],
            money: [0; 4],
        }
    }

    /// Adds `line` and its amounts to the totals.
    pub(crate) fn push(&mut self, line: Line) {
        for i in 0..4 {
            self.score[i] += line.score[i];
            self.money[i] += line.money[i];
        }
        self.lines.push(line);
    }
}

/// Prices `facts` under `rules`.
pub fn settle(facts: &Facts, rules: &Rules) -> Settlement {
    let s = match facts {
        Facts::Positive(f) => crate::positive::settle(f, rules),
        Facts::Negative(f) => crate::negative::settle_negative(f, rules),
        Facts::Trischaken(f) => crate::negative::settle_trischaken(f, rules),
        Facts::Schleifen(f) => crate::negative::settle_schleifen(f, rules),
    };
    debug_assert_eq!(s.score.iter().sum::<i64>(), 0, "score must be zero-sum");
    debug_assert_eq!(s.money.iter().sum::<i64>(), 0, "money must be zero-sum");
    s
}

/// Amounts of a positive item worth `v` per unit won by `winner` (§9.3):
/// pair ±v each; alone the declarer ±3v and each opponent ∓v.
pub(crate) fn distribute(parties: &[Party; 4], winner: Party, v: i64) -> [i64; 4] {
    let d_seats = parties.iter().filter(|p| **p == Party::Declarer).count() as i64;
    let o_seats = 4 - d_seats;
    let sign = if winner == Party::Declarer { 1 } else { -1 };
    parties.map(|p| match p {
        Party::Declarer => sign * v * o_seats / d_seats.max(1),
        Party::Opponents => -sign * v,
    })
}
