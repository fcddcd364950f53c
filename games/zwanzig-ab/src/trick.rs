//! Tricks: which cards a player may play (SPEC §5.1, D-15, D-16) and who
//! wins (§5.2). Pure functions of bit sets, without allocation.

use crate::card::{Card, CardSet, Suit};
use crate::error::RuleError;
use crate::rules::Rules;
use crate::seat::{MAX_PLAYERS, Seat};

/// Whether `card` beats `best`, the card currently winning a trick, with
/// `trump`: a trump beats any non-trump; within one suit the higher card
/// wins; a card of another non-trump suit never beats anything.
#[inline]
pub const fn beats(card: Card, best: Card, trump: Suit) -> bool {
    if card.same_suit(best) {
        card.outranks(best)
    } else {
        trump.cards().contains(card)
    }
}

/// The cards of `hand` that beat `best`.
#[inline]
pub const fn beaters(hand: CardSet, best: Card, trump: Suit) -> CardSet {
    let higher = hand.intersect(CardSet::above(best));
    if trump.cards().contains(best) {
        higher
    } else {
        higher.union(hand.of_suit(trump))
    }
}

/// A trick being played: the cards in play order with their seats, and the
/// winning play so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    len: u8,
    best_seat: Seat,
    best_card: Card,
    seats: [Seat; MAX_PLAYERS],
    cards: [Card; MAX_PLAYERS],
}

/// The card stored in unused slots.
const NO_CARD: Card = match Card::from_index(0) {
    Some(c) => c,
    None => unreachable!(),
};

impl Trick {
    /// An empty trick to be led by `leader`. The unused slots hold seat 0
    /// and card 0 (all zero bytes, so that clearing a trick is cheap).
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            len: 0,
            best_seat: leader,
            best_card: NO_CARD,
            seats: [Seat::S0; MAX_PLAYERS],
            cards: [NO_CARD; MAX_PLAYERS],
        }
    }

    /// The seat that leads (or led) this trick.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// Number of cards played so far.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card is played yet.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The card led, if any.
    pub const fn led(&self) -> Option<Card> {
        if self.len == 0 {
            None
        } else {
            Some(self.cards[0])
        }
    }

    /// The plays in order: (seat, card).
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.seats[..self.len()]
            .iter()
            .copied()
            .zip(self.cards[..self.len()].iter().copied())
    }

    /// The winning play so far, if any card was played.
    pub const fn winning(&self) -> Option<(Seat, Card)> {
        if self.len == 0 {
            None
        } else {
            Some((self.best_seat, self.best_card))
        }
    }

    /// Who takes the trick (or would, if it ended now); the leader while empty.
    pub const fn winner(&self) -> Seat {
        self.best_seat
    }

    /// The cards played, as a set.
    pub fn card_set(&self) -> CardSet {
        self.cards[..self.len()].iter().copied().collect()
    }

    /// Adds `seat`'s `card`, updating the winning play. Only the session
    /// checks legality; this is for building tricks (tests, computer players).
    ///
    /// # Panics
    /// When the trick already holds five cards.
    #[inline]
    pub fn push(&mut self, seat: Seat, card: Card, trump: Suit) {
        let i = self.len as usize;
        self.seats[i] = seat;
        self.cards[i] = card;
        if i == 0 || beats(card, self.best_card, trump) {
            self.best_seat = seat;
            self.best_card = card;
        }
        self.len += 1;
    }
}

/// A finished trick and its winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CompletedTrick {
    /// The cards in play order.
    pub trick: Trick,
    /// Who took it.
    pub winner: Seat,
}

/// The cards of `hand` that may be played to `trick` (SPEC §5.1 `legal`).
#[inline]
pub fn legal_cards(hand: CardSet, trick: &Trick, trump: Suit, rules: &Rules) -> CardSet {
    if trick.len == 0 {
        return hand;
    }
    let mut legal = hand.intersect(trick.cards[0].suit_cards());
    if legal.is_empty() {
        let trumps = hand.of_suit(trump);
        legal = if rules.flags().must_trump && !trumps.is_empty() {
            trumps
        } else {
            hand
        };
    }
    if rules.flags().must_head {
        let heads = beaters(legal, trick.best_card, trump);
        if !heads.is_empty() {
            legal = heads;
        }
    }
    legal
}

/// Why `card` may not be played from `hand` to `trick` (it is not legal).
pub fn illegal_reason(
    hand: CardSet,
    card: Card,
    trick: &Trick,
    trump: Suit,
    rules: &Rules,
) -> RuleError {
    if !hand.contains(card) {
        return RuleError::NotInHand(card);
    }
    let Some(led) = trick.led() else {
        unreachable!("every card of the hand may lead")
    };
    if !card.same_suit(led) && !hand.intersect(led.suit_cards()).is_empty() {
        return RuleError::MustFollow { card, led };
    }
    if !card.same_suit(led)
        && card.suit() != trump
        && rules.flags().must_trump
        && !hand.of_suit(trump).is_empty()
    {
        return RuleError::MustTrump { card, trump };
    }
    RuleError::MustHead { card }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Flags;

    fn c(id: &str) -> Card {
        id.parse().unwrap()
    }

    #[test]
    fn beaters_agree_with_beats() {
        for trump in Suit::ALL {
            for best in Card::all() {
                let set = beaters(CardSet::DECK, best, trump);
                for card in Card::all() {
                    assert_eq!(set.contains(card), beats(card, best, trump));
                }
            }
        }
    }

    #[test]
    fn a_trick_tracks_its_winner() {
        let mut t = Trick::new(Seat::S1);
        for (s, id) in [(1, "sA"), (2, "h7"), (3, "hQ"), (0, "s10")] {
            t.push(Seat::new(s).unwrap(), c(id), Suit::Hearts);
        }
        assert_eq!(t.winning(), Some((Seat::S3, c("hQ"))));
        assert_eq!(t.card_set().len(), 4);
    }

    #[test]
    fn a_must_head_reason_needs_the_flag() {
        let rules = Rules::new(Flags {
            must_head: true,
            ..*Rules::STANDARD.flags()
        })
        .unwrap();
        let mut t = Trick::new(Seat::S0);
        t.push(Seat::S0, c("cQ"), Suit::Hearts);
        let hand: CardSet = "c9 cK hQ".parse().unwrap();
        assert_eq!(
            legal_cards(hand, &t, Suit::Hearts, &rules),
            CardSet::single(c("cK"))
        );
        assert_eq!(
            illegal_reason(hand, c("c9"), &t, Suit::Hearts, &rules),
            RuleError::MustHead { card: c("c9") }
        );
    }
}
