//! Seats `S0 … S(n−1)` in playing order (SPEC §0.2, D-01), and the number of
//! players at a table (D-02).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Most players at a table (D-02).
pub const MAX_PLAYERS: usize = 5;
/// Fewest players at a table (D-02).
pub const MIN_PLAYERS: usize = 3;

/// A seat index `0..5`; whether it exists at a table depends on the number
/// of players, which the session checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// Seat 0.
    pub const S0: Seat = Seat(0);
    /// Seat 1.
    pub const S1: Seat = Seat(1);
    /// Seat 2.
    pub const S2: Seat = Seat(2);
    /// Seat 3.
    pub const S3: Seat = Seat(3);
    /// Seat 4 (five players only).
    pub const S4: Seat = Seat(4);

    /// The seat with index `i`, if `i < 5`.
    pub const fn new(i: u8) -> Option<Seat> {
        if (i as usize) < MAX_PLAYERS {
            Some(Seat(i))
        } else {
            None
        }
    }

    /// The index `0..5`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in playing order at a table of `n`.
    pub const fn next(self, n: u8) -> Seat {
        Seat(if self.0 + 1 >= n { 0 } else { self.0 + 1 })
    }

    /// The seat `k` places after this one at a table of `n` (`k < n`).
    pub const fn plus(self, k: u8, n: u8) -> Seat {
        let s = self.0 + k;
        Seat(if s >= n { s - n } else { s })
    }

    /// The seats `0..n`.
    pub fn all(n: u8) -> impl Iterator<Item = Seat> + Clone {
        (0..n.min(MAX_PLAYERS as u8)).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(i: u8) -> Result<Seat, String> {
        Seat::new(i).ok_or_else(|| format!("seat {i} is not 0–4"))
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.0
    }
}

/// A set of seats as a bit mask (bit `i` = seat `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Number of seats.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_PLAYERS as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_wraps_at_the_table_size() {
        assert_eq!(Seat::S2.next(3), Seat::S0);
        assert_eq!(Seat::S2.next(4), Seat::S3);
        assert_eq!(Seat::S4.next(5), Seat::S0);
        assert_eq!(Seat::S3.plus(3, 4), Seat::S2);
        assert_eq!(Seat::new(5), None);
    }

    #[test]
    fn seat_sets_list_ascending() {
        let mut s = SeatSet::EMPTY;
        s.insert(Seat::S3);
        s.insert(Seat::S1);
        assert_eq!(s.iter().collect::<Vec<_>>(), [Seat::S1, Seat::S3]);
        assert_eq!(s.len(), 2);
        assert!(s.contains(Seat::S3) && !s.contains(Seat::S0));
    }
}
