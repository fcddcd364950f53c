//! The legal actions of the seat to act, as data and without allocation:
//! which words are allowed, the cards a swap may take from, and the cards
//! that may be played. Front ends turn them into buttons.

use crate::action::Action;
use crate::card::{Card, CardSet, Suit};
use crate::seat::Seat;
use crate::session::{Phase, Session};

/// Everything the seat to act may do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LegalActions {
    /// The seat to act (`None`: nobody, between deals or after the session).
    pub seat: Option<Seat>,
    /// Whether `trump X` (any suit) is expected.
    pub trump: bool,
    /// Whether `stay` is allowed.
    pub stay: bool,
    /// Most cards a `swap` may exchange now (0: no swap), `min(3, stock)`.
    pub swap_max: u8,
    /// The cards a swap may discard (the hand).
    pub swap_from: CardSet,
    /// Whether `drop` is allowed.
    pub drop: bool,
    /// Whether `play` (drop round) is allowed.
    pub play: bool,
    /// The cards that may be played.
    pub cards: CardSet,
}

impl LegalActions {
    /// Nobody may do anything.
    pub const NONE: LegalActions = LegalActions {
        seat: None,
        trump: false,
        stay: false,
        swap_max: 0,
        swap_from: CardSet::EMPTY,
        drop: false,
        play: false,
        cards: CardSet::EMPTY,
    };

    /// Whether `action` is legal.
    pub fn contains(&self, action: Action) -> bool {
        match action {
            Action::Trump(_) => self.trump,
            Action::Stay => self.stay,
            Action::Swap(cards) => {
                (1..=u32::from(self.swap_max)).contains(&cards.len())
                    && self.swap_from.contains_all(cards)
            }
            Action::Drop => self.drop,
            Action::Play => self.play,
            Action::Card(card) => self.cards.contains(card),
        }
    }

    /// Every legal action: trumps, stay, the swaps (by size, then by the
    /// cards' deck order), drop, play, cards.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let trumps = Suit::ALL
            .into_iter()
            .filter(|_| self.trump)
            .map(Action::Trump);
        trumps
            .chain(self.stay.then_some(Action::Stay))
            .chain(self.swaps().map(Action::Swap))
            .chain(self.drop.then_some(Action::Drop))
            .chain(self.play.then_some(Action::Play))
            .chain(self.cards.iter().map(Action::Card))
    }

    /// Number of legal actions.
    pub fn len(&self) -> usize {
        let h = self.swap_from.len();
        let swaps: u32 = (1..=u32::from(self.swap_max)).map(|k| choose(h, k)).sum();
        4 * usize::from(self.trump)
            + usize::from(self.stay)
            + swaps as usize
            + usize::from(self.drop)
            + usize::from(self.play)
            + self.cards.len() as usize
    }

    /// Whether nothing is legal (nobody is to act).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The legal swaps, as sets of discards.
    pub fn swaps(&self) -> impl Iterator<Item = CardSet> + '_ {
        let hand: Vec<Card> = if self.swap_max > 0 {
            self.swap_from.iter().collect()
        } else {
            Vec::new()
        };
        let max = u32::from(self.swap_max);
        (1..=max).flat_map(move |k| {
            let hand = hand.clone();
            (1u32..(1 << hand.len()))
                .filter(move |m| m.count_ones() == k)
                .map(move |m| {
                    hand.iter()
                        .enumerate()
                        .filter(|(i, _)| m & (1 << i) != 0)
                        .map(|(_, c)| *c)
                        .collect()
                })
        })
    }
}

/// Binomial coefficient for small numbers.
fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

impl Session {
    /// The legal actions of the seat to act.
    pub fn legal_actions(&self) -> LegalActions {
        let Some(seat) = self.to_act() else {
            return LegalActions::NONE;
        };
        let mut legal = LegalActions {
            seat: Some(seat),
            ..LegalActions::NONE
        };
        match self.phase() {
            Phase::Trump => legal.trump = true,
            Phase::Exchange => {
                legal.stay = true;
                legal.swap_max = self.stock_left().min(3) as u8;
                legal.swap_from = self.hand(seat);
                legal.drop = !self.rules.drop_round() && self.drop_bar(seat).is_none();
            }
            Phase::DropRound => {
                legal.play = true;
                legal.drop = self.drop_bar(seat).is_none();
            }
            Phase::Play => legal.cards = self.legal_cards(),
            Phase::AwaitingDeal | Phase::SessionOver => return LegalActions::NONE,
        }
        legal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_are_every_subset_up_to_the_maximum() {
        let legal = LegalActions {
            seat: Some(Seat::S0),
            stay: true,
            swap_max: 3,
            swap_from: "sA s7 c8 hK d9".parse().unwrap(),
            ..LegalActions::NONE
        };
        let swaps: Vec<CardSet> = legal.swaps().collect();
        // 5 + 10 + 10 subsets of 1, 2 and 3 cards.
        assert_eq!(swaps.len(), 25);
        assert_eq!(legal.len(), 26);
        assert_eq!(legal.iter().count(), 26);
        let mut unique = swaps.clone();
        unique.sort_by_key(|s| s.bits());
        unique.dedup();
        assert_eq!(unique.len(), 25);
        assert!(swaps.iter().all(|s| legal.contains(Action::Swap(*s))));
        assert!(!legal.contains(Action::Swap("sA s7 c8 hK".parse().unwrap())));
        assert!(!legal.contains(Action::Swap(CardSet::EMPTY)));
        let one = LegalActions {
            swap_max: 1,
            ..legal
        };
        assert_eq!(one.swaps().count(), 5);
        assert_eq!(one.len(), 6);
    }
}
