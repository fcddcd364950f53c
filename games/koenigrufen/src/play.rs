//! Trick play (SPEC §8): twelve tricks, the piles each seat takes, and the
//! early end of failed negative games (D-29). Legal cards and winners come
//! from [`crate::trick`].

use crate::card::{Card, CardSet};
use crate::contract::Mode;
use crate::seat::{Seat, Seats};
use crate::trick::Trick;

/// Tricks in a deal.
pub const TRICKS: usize = 12;

/// A completed trick and who took it with which card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CompletedTrick {
    /// The trick.
    pub trick: Trick,
    /// The seat that took it.
    pub winner: Seat,
    /// The winning card.
    pub card: Card,
}

/// The state of trick play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    mode: Mode,
    maerchenstich: bool,
    current: Trick,
    tricks: [Option<CompletedTrick>; TRICKS],
    count: u8,
    won: [u8; 4],
    piles: [CardSet; 4],
    over: bool,
}

impl Play {
    /// Trick play in `mode`, `leader` leading the first trick.
    pub const fn new(mode: Mode, maerchenstich: bool, leader: Seat) -> Play {
        Play {
            mode,
            maerchenstich,
            current: Trick::new(leader),
            tricks: [None; TRICKS],
            count: 0,
            won: [0; 4],
            piles: [CardSet::EMPTY; 4],
            over: false,
        }
    }

    /// The trick-play mode.
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// The trick being played.
    pub const fn current(&self) -> &Trick {
        &self.current
    }

    /// The completed tricks in order.
    pub fn tricks(&self) -> impl Iterator<Item = &CompletedTrick> + '_ {
        self.tricks.iter().flatten()
    }

    /// The `i`-th completed trick (0-based).
    pub fn trick(&self, i: usize) -> Option<&CompletedTrick> {
        self.tricks.get(i)?.as_ref()
    }

    /// Number of completed tricks.
    pub const fn count(&self) -> u8 {
        self.count
    }

    /// The number (1 … 12) of the trick being played.
    pub const fn trick_number(&self) -> u8 {
        self.count + 1
    }

    /// Tricks taken per seat.
    pub const fn won(&self) -> [u8; 4] {
        self.won
    }

    /// Cards of the tricks each seat took.
    pub const fn piles(&self) -> [CardSet; 4] {
        self.piles
    }

    /// Whether play has ended (twelve tricks, or a negative game decided early).
    pub const fn is_over(&self) -> bool {
        self.over
    }

    /// The seat to play.
    pub fn to_play(&self) -> Seat {
        self.current.to_play()
    }

    /// Adds `card` (already checked) to the current trick; returns the
    /// completed trick when it was the fourth card.
    pub fn push(&mut self, card: Card) -> Option<CompletedTrick> {
        self.current.push(card);
        if !self.current.is_complete() {
            return None;
        }
        let (winner, best) = self
            .current
            .winner(self.mode, self.maerchenstich)
            .expect("a complete trick has a winner");
        let done = CompletedTrick {
            trick: self.current,
            winner,
            card: best,
        };
        self.tricks[usize::from(self.count)] = Some(done);
        self.count += 1;
        self.won[winner.index()] += 1;
        self.piles[winner.index()] = self.piles[winner.index()].union(self.current.card_set());
        self.current = Trick::new(winner);
        self.over = usize::from(self.count) == TRICKS;
        Some(done)
    }

    /// D-29: ends a negative game once every declarer took more tricks than
    /// his contract allows (`targets` per seat).
    pub fn end_if_all_failed(&mut self, declarers: Seats, targets: [u8; 4]) {
        let failed = declarers
            .iter()
            .all(|d| self.won[d.index()] > targets[d.index()]);
        if failed && !declarers.is_empty() {
            self.over = true;
        }
    }
}
