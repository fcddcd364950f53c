//! Seats and parties.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the four seats, in playing order: the next player is seat + 1 (mod 4).
/// Whether that is clockwise is a matter of presentation (SPEC D-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Seat {
    /// Seat 0.
    S0,
    /// Seat 1.
    S1,
    /// Seat 2.
    S2,
    /// Seat 3.
    S3,
}

impl Seat {
    /// All seats in order.
    pub const ALL: [Seat; 4] = [Seat::S0, Seat::S1, Seat::S2, Seat::S3];

    /// The seat with number `n`, if `n < 4`.
    pub const fn new(n: u8) -> Option<Seat> {
        match n {
            0 => Some(Seat::S0),
            1 => Some(Seat::S1),
            2 => Some(Seat::S2),
            3 => Some(Seat::S3),
            _ => None,
        }
    }

    /// The seat number 0–3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat after this one.
    pub const fn next(self) -> Seat {
        self.plus(1)
    }

    /// The seat `n` places after this one.
    pub const fn plus(self, n: u8) -> Seat {
        // A match on the low two bits compiles to plain arithmetic.
        match (self as u8).wrapping_add(n) & 3 {
            0 => Seat::S0,
            1 => Seat::S1,
            2 => Seat::S2,
            _ => Seat::S3,
        }
    }

    /// How many places `other` comes after this seat (0–3).
    pub const fn distance_to(self, other: Seat) -> u8 {
        (other as u8 + 4 - self as u8) % 4
    }

    /// The bit of this seat in a seat mask.
    pub(crate) const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat as u8
    }
}

impl From<Seat> for tarock_game_core::Seat {
    fn from(seat: Seat) -> tarock_game_core::Seat {
        tarock_game_core::Seat::new(seat as u8)
    }
}

/// A family seat and an engine seat are equal when they have the same number
/// (storage and the table service keep family seats).
impl PartialEq<Seat> for tarock_game_core::Seat {
    fn eq(&self, other: &Seat) -> bool {
        self.number() == *other as u8
    }
}

impl PartialEq<tarock_game_core::Seat> for Seat {
    fn eq(&self, other: &tarock_game_core::Seat) -> bool {
        *self as u8 == other.number()
    }
}

impl TryFrom<tarock_game_core::Seat> for Seat {
    type Error = String;
    fn try_from(seat: tarock_game_core::Seat) -> Result<Seat, String> {
        Seat::try_from(seat.number())
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(n: u8) -> Result<Seat, String> {
        Seat::new(n).ok_or_else(|| format!("seat {n} is not 0–3"))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", *self as u8)
    }
}

/// The two sides of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// The declarer party: caller and partner in a Rufer, the soloist alone otherwise.
    Declarer,
    /// The opponents.
    Opponents,
}

impl Party {
    /// The other party.
    pub const fn other(self) -> Party {
        match self {
            Party::Declarer => Party::Opponents,
            Party::Opponents => Party::Declarer,
        }
    }

    /// +1 for the declarer party, −1 for the opponents: the sign of an amount
    /// credited to this party, seen from the declarer party.
    pub const fn sign(self) -> i64 {
        match self {
            Party::Declarer => 1,
            Party::Opponents => -1,
        }
    }
}
