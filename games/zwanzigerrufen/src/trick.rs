//! Tricks: which cards may be played (SPEC §4.1, §4.3) and who wins (§4.2, §4.4).

use crate::card::{Card, CardSet};
use crate::error::RuleError;
use crate::rules::{GameKind, Rules};
use crate::seat::Seat;

/// A trick in progress or complete: the leader and up to four cards in playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    cards: [Card; 4],
    len: u8,
}

impl Trick {
    /// An empty trick led by `leader`.
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            cards: [Card::PAGAT; 4],
            len: 0,
        }
    }

    /// A trick led by `leader` with `cards` already played in order (panics on more than four).
    pub fn with_cards(leader: Seat, cards: &[Card]) -> Trick {
        assert!(cards.len() <= 4, "a trick holds at most four cards");
        let mut trick = Trick::new(leader);
        for &card in cards {
            trick.push(card);
        }
        trick
    }

    /// The seat that leads.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards played so far, in playing order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// (seat, card) pairs in playing order.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards()
            .iter()
            .enumerate()
            .map(|(i, c)| (self.leader.plus(i as u8), *c))
    }

    /// The card led, if any.
    pub fn led(&self) -> Option<Card> {
        self.cards().first().copied()
    }

    /// The seat to play next, while the trick is not complete.
    pub const fn to_play(&self) -> Seat {
        self.leader.plus(self.len)
    }

    /// Whether all four cards are played.
    pub const fn is_complete(&self) -> bool {
        self.len == 4
    }

    /// The cards of the trick as a set.
    pub fn card_set(&self) -> CardSet {
        self.cards().iter().copied().collect()
    }

    /// Card points in the trick.
    pub fn points(&self) -> u32 {
        self.cards().iter().map(|c| u32::from(c.points())).sum()
    }

    /// Adds the next card.
    pub(crate) fn push(&mut self, card: Card) {
        debug_assert!(self.len < 4);
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    /// The seat and card that win the complete trick.
    pub fn winner(&self, kind: GameKind, rules: &Rules) -> (Seat, Card) {
        let i = winning_index(self.cards(), kind, rules);
        (self.leader.plus(i as u8), self.cards[i])
    }

    /// The seat who played `card` in this trick, if it was played.
    pub fn player_of(&self, card: Card) -> Option<Seat> {
        self.plays().find(|(_, c)| *c == card).map(|(s, _)| s)
    }
}

/// A finished trick with its winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CompletedTrick {
    /// The four cards.
    pub trick: Trick,
    /// The seat that won it.
    pub winner: Seat,
    /// The card that won it.
    pub winning_card: Card,
}

/// The cards a player holding `hand` may play to `trick` (SPEC §4.1).
/// `pagat_bound`: the player announced Pagat Ultimo and must keep `T1` (§4.3).
pub fn legal_cards(hand: CardSet, trick: &Trick, kind: GameKind, pagat_bound: bool) -> CardSet {
    legal_cards_after(hand, trick.led(), kind, pagat_bound)
}

/// [`legal_cards`] given only the card led (`None` when leading): the fast
/// path for search code that keeps its own trick state.
pub fn legal_cards_after(
    hand: CardSet,
    led: Option<Card>,
    kind: GameKind,
    pagat_bound: bool,
) -> CardSet {
    let legal = match led {
        None => {
            let suit_cards = hand.intersect(CardSet::SUIT_CARDS);
            if kind == GameKind::Farbensolo && !suit_cards.is_empty() {
                suit_cards
            } else {
                hand
            }
        }
        Some(led) => {
            let same = hand.intersect(led.class());
            let tarocks = hand.intersect(CardSet::TAROCKS);
            if !same.is_empty() {
                same
            } else if !tarocks.is_empty() {
                tarocks
            } else {
                hand
            }
        }
    };
    if pagat_bound {
        keep_pagat(legal)
    } else {
        legal
    }
}

/// `legal` without the Pagat if another card remains (SPEC §4.3); rare, so
/// out of the way of the common case.
#[cold]
fn keep_pagat(legal: CardSet) -> CardSet {
    let others = legal.without(CardSet::single(Card::PAGAT));
    if others.is_empty() { legal } else { others }
}

/// Why `card` is not among the legal cards, naming the rule it breaks.
#[cold]
pub(crate) fn illegal_reason(
    hand: CardSet,
    card: Card,
    trick: &Trick,
    pagat_bound: bool,
) -> RuleError {
    if !hand.contains(card) {
        return RuleError::NotInHand(card);
    }
    if pagat_bound && card == Card::PAGAT {
        return RuleError::PagatMustBeKept;
    }
    match trick.led() {
        None => RuleError::FarbensoloLead { card },
        Some(led) => match led.suit() {
            Some(suit) if !hand.intersect(suit.cards()).is_empty() => {
                RuleError::MustFollowSuit { card, led }
            }
            _ => RuleError::MustPlayTarock { card, led },
        },
    }
}

/// Index (in playing order) of the card that wins `cards` (SPEC §4.2); for
/// an incomplete trick, of the card winning so far.
#[inline]
pub fn winning_index(cards: &[Card], kind: GameKind, rules: &Rules) -> usize {
    let led = cards[0];
    let set: CardSet = cards.iter().copied().collect();
    let tarocks = set.intersect(CardSet::TAROCKS);
    // Tarocks trump unless a suit is led in a Farbensolo.
    let tarocks_trump = led.is_tarock() || kind != GameKind::Farbensolo;
    // Deck indices order the cards within a class, so the winner is the
    // highest trumping tarock, or else the highest card of the suit led.
    let winner = if tarocks_trump && !tarocks.is_empty() {
        if tarocks.contains_all(CardSet::TRULL) && maerchenstich(cards, kind, rules) {
            Card::PAGAT
        } else {
            tarocks.last().unwrap_or(led)
        }
    } else {
        set.intersect(led.class()).last().unwrap_or(led)
    };
    cards.iter().position(|c| *c == winner).unwrap_or(0)
}

/// Sküs, Mond and Pagat in one trick: the Pagat wins (SPEC §4.4, D-20).
fn maerchenstich(cards: &[Card], kind: GameKind, rules: &Rules) -> bool {
    if !rules.maerchenstich || (kind == GameKind::Farbensolo && !rules.maerchenstich_in_farbensolo)
    {
        return false;
    }
    let pos = |card| cards.iter().position(|c| *c == card);
    match (pos(Card::MOND), pos(Card::SKUS), pos(Card::PAGAT)) {
        (Some(m), Some(s), Some(p)) => !rules.maerchenstich_order || (m < s && s < p),
        _ => false,
    }
}
