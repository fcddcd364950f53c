//! Seats and parties (SPEC §0.2).

use std::fmt;

use serde::{Deserialize, Serialize};

/// One of the four seats, in playing order: the next player is seat + 1 (mod 4).
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
        match (self as u8).wrapping_add(n) & 3 {
            0 => Seat::S0,
            1 => Seat::S1,
            2 => Seat::S2,
            _ => Seat::S3,
        }
    }

    /// The bit of this seat in a [`Seats`] mask.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat as u8
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

/// A set of seats as a 4-bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seats(u8);

impl Seats {
    /// No seat.
    pub const NONE: Seats = Seats(0);
    /// All four seats.
    pub const ALL: Seats = Seats(0b1111);

    /// The set holding only `seat`.
    pub const fn single(seat: Seat) -> Seats {
        Seats(seat.bit())
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & seat.bit() != 0
    }

    /// The set with `seat` added.
    pub const fn with(self, seat: Seat) -> Seats {
        Seats(self.0 | seat.bit())
    }

    /// The union of two sets.
    pub const fn union(self, other: Seats) -> Seats {
        Seats(self.0 | other.0)
    }

    /// The seats not in the set.
    pub const fn complement(self) -> Seats {
        Seats(!self.0 & 0b1111)
    }

    /// Number of seats.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

/// The two sides of a positive or negative game (SPEC §0.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// Party D: the declarer (and the partner in a king-calling game).
    Declarer,
    /// Party O: the others.
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
}
