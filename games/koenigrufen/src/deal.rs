//! The deal (SPEC §3): four hands of twelve and a talon of six in two fixed
//! halves of three. There is no redeal; every deal is played.

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardSet, DECK_SIZE};
use crate::seat::Seat;

/// Cards per hand.
pub const HAND_SIZE: u32 = 12;
/// Cards in the talon.
pub const TALON_SIZE: usize = 6;

/// One of the two talon halves (SPEC §3: `talon[0..3]`, `talon[3..6]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Half {
    /// The first three talon cards (`nimm 1`).
    First,
    /// The last three talon cards (`nimm 2`).
    Second,
}

impl Half {
    /// Both halves.
    pub const BOTH: [Half; 2] = [Half::First, Half::Second];

    /// The number used in records (`nimm 1`, `nimm 2`).
    pub const fn number(self) -> u8 {
        match self {
            Half::First => 1,
            Half::Second => 2,
        }
    }

    /// The other half.
    pub const fn other(self) -> Half {
        match self {
            Half::First => Half::Second,
            Half::Second => Half::First,
        }
    }
}

/// Four hands of twelve and the talon: a partition of the 54 cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [CardSet; 4],
    talon: [Card; TALON_SIZE],
}

/// Hands and talon that are not a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A hand does not hold exactly twelve cards.
    #[error("hand {seat} holds {len} cards, not 12")]
    HandSize {
        /// The seat of the hand.
        seat: Seat,
        /// How many cards it holds.
        len: u32,
    },
    /// The talon does not hold exactly six cards.
    #[error("the talon holds {0} cards, not 6")]
    TalonSize(usize),
    /// A card is dealt twice.
    #[error("card {0} is dealt twice")]
    Duplicate(Card),
}

impl Deal {
    /// Checks that `hands` and `talon` partition the deck.
    ///
    /// # Errors
    /// [`DealError`] for a wrong size or a card dealt twice.
    pub fn new(hands: [CardSet; 4], talon: &[Card]) -> Result<Deal, DealError> {
        let mut seen = CardSet::EMPTY;
        for seat in Seat::ALL {
            let hand = hands[seat.index()];
            if hand.len() != HAND_SIZE {
                return Err(DealError::HandSize {
                    seat,
                    len: hand.len(),
                });
            }
            if let Some(card) = seen.intersect(hand).first() {
                return Err(DealError::Duplicate(card));
            }
            seen = seen.union(hand);
        }
        let talon: [Card; TALON_SIZE] = talon
            .try_into()
            .map_err(|_| DealError::TalonSize(talon.len()))?;
        for card in talon {
            if seen.contains(card) {
                return Err(DealError::Duplicate(card));
            }
            seen.insert(card);
        }
        Ok(Deal { hands, talon })
    }

    /// Deals `deck` in order: twelve cards to each seat from seat 0, then the talon.
    ///
    /// # Errors
    /// [`DealError::Duplicate`] when `deck` repeats a card.
    pub fn from_deck(deck: &[Card; DECK_SIZE]) -> Result<Deal, DealError> {
        let mut hands = [CardSet::EMPTY; 4];
        for (i, chunk) in deck[..48].chunks(HAND_SIZE as usize).enumerate() {
            hands[i] = chunk.iter().copied().collect();
        }
        Deal::new(hands, &deck[48..])
    }

    /// A uniformly random deal from the caller's random number generator (D-07).
    #[cfg(feature = "sim")]
    pub fn shuffled<R: rand::Rng + ?Sized>(rng: &mut R) -> Deal {
        let mut deck: [Card; DECK_SIZE] =
            std::array::from_fn(|i| Card::from_index(i as u8).expect("index below 54"));
        // Fisher–Yates with Lemire's unbiased bounded random numbers, two
        // positions from each 64-bit draw.
        let mut i = DECK_SIZE - 1;
        while i >= 1 {
            let r = rng.next_u64();
            let j = crate::sim::below_from(r as u32, i as u32 + 1, rng);
            deck.swap(i, j as usize);
            if i >= 2 {
                let k = crate::sim::below_from((r >> 32) as u32, i as u32, rng);
                deck.swap(i - 1, k as usize);
            }
            i = i.saturating_sub(2);
        }
        // A permutation of the deck dealt in order is a partition by
        // construction, so `Deal::new`'s check is left to debug builds.
        let mut hands = [CardSet::EMPTY; 4];
        for (hand, chunk) in hands
            .iter_mut()
            .zip(deck[..48].chunks_exact(HAND_SIZE as usize))
        {
            *hand = chunk.iter().copied().collect();
        }
        let talon: [Card; TALON_SIZE] = std::array::from_fn(|i| deck[48 + i]);
        debug_assert_eq!(Deal::new(hands, &talon), Ok(Deal { hands, talon }));
        Deal { hands, talon }
    }

    /// The hand of `seat`.
    pub const fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// All four hands, seat 0 first.
    pub const fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    /// The talon in dealt order: half 1, then half 2.
    pub const fn talon(&self) -> [Card; TALON_SIZE] {
        self.talon
    }

    /// The talon as a set.
    pub fn talon_set(&self) -> CardSet {
        self.talon.into_iter().collect()
    }

    /// The three cards of `half`.
    pub fn half(&self, half: Half) -> CardSet {
        let start = 3 * (half.number() as usize - 1);
        self.talon[start..start + 3].iter().copied().collect()
    }

    /// The seat that was dealt `card`, or `None` for a talon card.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| self.hand(*s).contains(card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_in_order_is_a_deal() {
        let deck: [Card; DECK_SIZE] = std::array::from_fn(|i| Card::from_index(i as u8).unwrap());
        let deal = Deal::from_deck(&deck).unwrap();
        assert_eq!(deal.hand(Seat::S0).len(), 12);
        assert_eq!(deal.half(Half::First).len(), 3);
        let all = Seat::ALL
            .iter()
            .fold(deal.talon_set(), |a, s| a.union(deal.hand(*s)));
        assert_eq!(all, CardSet::DECK);
        assert_eq!(deal.holder(Card::PAGAT), Some(Seat::S0));
        assert_eq!(deal.holder(deck[50]), None);
    }

    #[test]
    fn bad_deals_are_rejected() {
        let deck: [Card; DECK_SIZE] = std::array::from_fn(|i| Card::from_index(i as u8).unwrap());
        let deal = Deal::from_deck(&deck).unwrap();
        let mut hands = deal.hands();
        assert_eq!(
            Deal::new(hands, &deal.talon()[..5]),
            Err(DealError::TalonSize(5))
        );
        hands[1].insert(Card::PAGAT);
        hands[1].remove(deck[12]);
        assert_eq!(
            Deal::new(hands, &deal.talon()),
            Err(DealError::Duplicate(Card::PAGAT))
        );
    }
}
