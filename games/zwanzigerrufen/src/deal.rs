//! Dealing and the redeal ("zusammenwerfen") predicates of SPEC §2.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::card::{Card, CardSet, DECK_SIZE};
use crate::rules::{RedealRule, Rules};
use crate::seat::Seat;

/// Cards per hand; there is no talon.
pub const HAND_SIZE: u32 = 10;

/// The four dealt hands: a partition of the 40 cards into four hands of ten.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [CardSet; 4],
}

/// Four hands that are not a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A hand does not hold exactly ten cards.
    #[error("hand {seat} holds {len} cards, not 10")]
    HandSize {
        /// The seat of the hand.
        seat: Seat,
        /// How many cards it holds.
        len: u32,
    },
    /// A card is in two hands.
    #[error("card {0} is dealt twice")]
    Duplicate(Card),
}

impl Deal {
    /// Checks that `hands` are four disjoint hands of ten cards.
    ///
    /// # Errors
    /// [`DealError::HandSize`] or [`DealError::Duplicate`].
    pub fn new(hands: [CardSet; 4]) -> Result<Deal, DealError> {
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
        Ok(Deal { hands })
    }

    /// Deals `deck` in order: seat 0 gets the first ten cards, seat 1 the next ten, …
    pub fn from_deck(deck: &[Card; DECK_SIZE]) -> Result<Deal, DealError> {
        let mut hands = [CardSet::EMPTY; 4];
        for (i, chunk) in deck.chunks(HAND_SIZE as usize).enumerate() {
            hands[i] = chunk.iter().copied().collect();
        }
        Deal::new(hands)
    }

    /// A uniformly random deal from the caller's random number generator.
    pub fn shuffled<R: Rng + ?Sized>(rng: &mut R) -> Deal {
        let mut deck = Card::DECK;
        deck.shuffle(rng);
        // A permutation of the deck is a partition: no need to check it.
        let mut hands = [CardSet::EMPTY; 4];
        for (hand, chunk) in hands.iter_mut().zip(deck.chunks_exact(HAND_SIZE as usize)) {
            *hand = chunk.iter().copied().collect();
        }
        Deal { hands }
    }

    /// The hand of `seat`.
    pub const fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// All four hands, seat 0 first.
    pub const fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    /// The seat that holds `card`.
    pub fn holder(&self, card: Card) -> Seat {
        Seat::ALL
            .into_iter()
            .find(|s| self.hand(*s).contains(card))
            .expect("a deal holds every card")
    }

    /// The lowest seat whose hand forces a redeal under `rules`, if any.
    pub fn redeal_seat(&self, rules: &Rules) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| forces_redeal(self.hand(*s), rules))
    }

    /// The lowest seat that may, but need not, ask for a redeal (Wikipedia's
    /// lone Trull card, SPEC §2.2); the engine itself never takes it (SPEC C-3).
    pub fn optional_redeal_seat(&self, rules: &Rules) -> Option<Seat> {
        if rules.redeal_rule != RedealRule::NoTarock {
            return None;
        }
        Seat::ALL.into_iter().find(|s| lone_trull(self.hand(*s)))
    }

    /// A random deal that needs no redeal, and how many deals were thrown in before it.
    pub fn shuffled_valid<R: Rng + ?Sized>(rng: &mut R, rules: &Rules) -> (Deal, u32) {
        let mut redeals = 0;
        loop {
            let deal = Deal::shuffled(rng);
            if deal.redeal_seat(rules).is_none() {
                return (deal, redeals);
            }
            redeals += 1;
        }
    }
}

/// Exactly one tarock, and it is a Trull card.
fn lone_trull(hand: CardSet) -> bool {
    let tarocks = hand.intersect(CardSet::TAROCKS);
    CardSet::TRULL.contains_all(tarocks) && tarocks.len() == 1
}

/// Whether one hand forces a redeal (SPEC §2.2, formal predicate).
pub fn forces_redeal(hand: CardSet, rules: &Rules) -> bool {
    let tarocks = hand.intersect(CardSet::TAROCKS);
    let by_rule = match rules.redeal_rule {
        RedealRule::FewTarocksOrGlatzen => {
            tarocks.len() <= 1 || hand.contains_all(CardSet::GLATZEN)
        }
        RedealRule::NoTarockOrLoneTrull => tarocks.is_empty() || lone_trull(hand),
        RedealRule::NoTarock => tarocks.is_empty(),
    };
    let two_trull = || CardSet::TRULL.contains_all(tarocks) && tarocks.len() == 2;
    by_rule || (rules.redeal_two_trull && two_trull())
}
