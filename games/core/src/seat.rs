//! Seats: an index `0..n` around the table, in playing order (the next seat
//! is `seat + 1 mod n`). How many seats a round has is the game's business
//! (4 for tarock, 3–5 for 20 ab); the boundary passes the count along.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The most seats any game of the family has ("20 ab" with five players).
pub const MAX_SEATS: u8 = 5;

/// A seat index: seat 0 is the first seat of the table. A `Seat` may name a
/// seat the round does not have; [`crate::Game::apply`] refuses those with
/// [`crate::Refusal::NoSuchSeat`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(u8);

impl Seat {
    /// Seat number `n`.
    pub const fn new(n: u8) -> Seat {
        Seat(n)
    }

    /// The seat number.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The seat number as an index into per-seat arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one at a table of `seats` seats.
    pub const fn next(self, seats: u8) -> Seat {
        Seat((self.0 + 1) % seats)
    }

    /// The seat before this one at a table of `seats` seats.
    pub const fn previous(self, seats: u8) -> Seat {
        Seat((self.0 + seats - 1) % seats)
    }

    /// Whether this seat exists at a table of `seats` seats.
    pub const fn is_at(self, seats: u8) -> bool {
        self.0 < seats
    }

    /// Every seat of a table of `seats` seats, seat 0 first.
    pub fn all(seats: u8) -> impl Iterator<Item = Seat> + Clone {
        (0..seats).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl From<u8> for Seat {
    fn from(n: u8) -> Seat {
        Seat(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_and_previous_wrap_around_the_table() {
        assert_eq!(Seat::new(2).next(3), Seat::new(0));
        assert_eq!(Seat::new(0).previous(5), Seat::new(4));
        assert_eq!(Seat::new(3).next(4), Seat::new(0));
        for n in 3..=MAX_SEATS {
            for s in Seat::all(n) {
                assert_eq!(s.next(n).previous(n), s);
            }
        }
    }

    #[test]
    fn all_lists_exactly_the_seats_of_the_table() {
        let seats: Vec<u8> = Seat::all(4).map(Seat::number).collect();
        assert_eq!(seats, [0, 1, 2, 3]);
        assert!(Seat::new(3).is_at(4));
        assert!(!Seat::new(4).is_at(4));
    }
}
