//! Tricks: the legal cards of a hand (SPEC §8.2 with the bird reservation of
//! §8.4), the trick winner (§8.3), and why a card is refused. Pure functions
//! over card sets, shared by the game and by tests of the SPEC's vectors.

use serde::Serialize;

use crate::card::{Card, CardSet};
use crate::contract::Mode;
use crate::error::RuleError;
use crate::rules::BirdReservation;
use crate::seat::Seat;

/// A trick in progress or complete: the leader and the cards in play order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    /// Played cards in order; slots from `len` on hold a filler.
    cards: [Card; 4],
    len: u8,
    set: CardSet,
}

impl Trick {
    /// An empty trick led by `leader`.
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            cards: [Card::PAGAT; 4],
            len: 0,
            set: CardSet::EMPTY,
        }
    }

    /// A trick from `leader` and cards in play order (for tests and views).
    pub fn from_cards(leader: Seat, cards: &[Card]) -> Trick {
        let mut trick = Trick::new(leader);
        for c in cards.iter().take(4) {
            trick.push(*c);
        }
        trick
    }

    /// The seat that led.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// Number of cards played.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card is played yet.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether all four cards are played.
    pub const fn is_complete(&self) -> bool {
        self.len == 4
    }

    /// The cards in play order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len()].iter().copied()
    }

    /// The card led.
    pub const fn led(&self) -> Option<Card> {
        if self.len == 0 {
            None
        } else {
            Some(self.cards[0])
        }
    }

    /// The seat to play next (the leader when empty).
    pub const fn to_play(&self) -> Seat {
        self.leader.plus(self.len)
    }

    /// The card `seat` played in this trick.
    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        let pos = (seat as u8 + 4 - self.leader as u8) % 4;
        (pos < self.len).then(|| self.cards[usize::from(pos)])
    }

    /// The cards as a set.
    pub const fn card_set(&self) -> CardSet {
        self.set
    }

    /// Adds the next card (ignored once the trick is complete).
    pub fn push(&mut self, card: Card) {
        if self.len < 4 {
            self.cards[self.len()] = card;
            self.len += 1;
            self.set.insert(card);
        }
    }

    /// The card winning the trick so far (SPEC §8.3; Märchenstich D-01 only in
    /// tarock mode, when the flag is on).
    pub fn winning_card(&self, mode: Mode, maerchenstich: bool) -> Option<Card> {
        let led = self.led()?;
        let set = self.set;
        let tarocks = set.intersect(CardSet::TAROCKS);
        if mode == Mode::Colour && !led.is_tarock() {
            set.intersect(led.class()).last()
        } else if maerchenstich && mode == Mode::Tarock && set.contains_all(CardSet::TRULL) {
            Some(Card::PAGAT)
        } else if !tarocks.is_empty() {
            tarocks.last()
        } else {
            set.intersect(led.class()).last()
        }
    }

    /// The seat and card winning the trick so far (SPEC §8.3).
    pub fn winner(&self, mode: Mode, maerchenstich: bool) -> Option<(Seat, Card)> {
        let best = self.winning_card(mode, maerchenstich)?;
        let pos = self.cards[..self.len()].iter().position(|c| *c == best)?;
        Some((self.leader.plus(pos as u8), best))
    }
}

impl Serialize for Trick {
    /// `{"leader": SEAT, "cards": [CARD, …]}` with the cards played so far.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Trick", 2)?;
        st.serialize_field("leader", &self.leader)?;
        st.serialize_field("cards", &self.cards[..self.len()])?;
        st.end()
    }
}

/// The cards that beat `card` under tarock-mode ranking (used by Stichzwang).
const fn beating(card: Card) -> CardSet {
    if card.is_tarock() {
        CardSet::TAROCKS.above(card)
    } else {
        card.class().above(card).union(CardSet::TAROCKS)
    }
}

/// What the bird reservation needs to know: the reserved cards (announced
/// birds, the called King with König Ultimo), the trick number and the flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reservation {
    /// Reserved cards, whoever holds them.
    pub cards: CardSet,
    /// The current trick, 1 … 12.
    pub trick: u8,
    /// Hard or soft (D-20).
    pub kind: BirdReservation,
}

impl Reservation {
    /// No reservation (negative and colour games, or nothing announced).
    pub const NONE: Reservation = Reservation {
        cards: CardSet::EMPTY,
        trick: 1,
        kind: BirdReservation::Hard,
    };
}

/// The trick a reserved card belongs to: birds `T1 … T5` tricks 12 … 8, the
/// called King (König Ultimo) trick 12 (SPEC §8.4).
pub const fn target_trick(card: Card) -> u8 {
    if card.is_tarock() {
        12u8.saturating_sub(card.index())
    } else {
        12
    }
}

/// The reserved cards among `cards` whose target trick is `pred`-related to `n`.
fn with_target(cards: CardSet, f: impl Fn(u8) -> bool) -> CardSet {
    cards.iter().filter(|c| f(target_trick(*c))).collect()
}

/// §8.4: narrows the legal cards `l` by the reservation.
fn reserve(l: CardSet, r: &Reservation) -> CardSet {
    let mine = l.intersect(r.cards);
    if mine.is_empty() {
        return l;
    }
    let due = with_target(mine, |t| t == r.trick);
    if !due.is_empty() {
        return due;
    }
    let early = with_target(mine, |t| t > r.trick);
    let free = l.without(early);
    let first = early.iter().map(target_trick).min().unwrap_or(0);
    let highest_bird = with_target(early, |t| t == first);
    match (free.is_empty(), r.kind) {
        (true, _) => highest_bird,
        (false, BirdReservation::Hard) => free,
        (false, BirdReservation::Soft) => free.union(highest_bird),
    }
}

/// The legal cards of `hand` in `trick` (SPEC §8.2). `reservation` applies
/// in positive tarock games only; pass [`Reservation::NONE`] otherwise.
/// Never empty for a non-empty hand.
pub fn legal_cards(hand: CardSet, trick: &Trick, mode: Mode, reservation: &Reservation) -> CardSet {
    let tarocks = hand.intersect(CardSet::TAROCKS);
    let pagat_rule = mode == Mode::Negative && tarocks.has_two();
    let mut l = match trick.led() {
        None => {
            let suits = hand.intersect(CardSet::SUIT_CARDS);
            if mode == Mode::Colour && !suits.is_empty() {
                suits
            } else {
                hand
            }
        }
        Some(led) => follow(hand, led, tarocks),
    };
    if mode == Mode::Negative && trick.led().is_some() {
        let winning = trick
            .winning_card(Mode::Tarock, false)
            .expect("a card was led");
        let mut h = l.intersect(beating(winning));
        if pagat_rule {
            h.remove(Card::PAGAT);
        }
        if !h.is_empty() {
            l = h;
        }
    }
    if pagat_rule {
        l.remove(Card::PAGAT);
    }
    if mode == Mode::Tarock {
        l = reserve(l, reservation);
    }
    l
}

/// Cards that follow `led`: its class, else tarocks, else anything.
fn follow(hand: CardSet, led: Card, tarocks: CardSet) -> CardSet {
    let same = hand.intersect(led.class());
    if !same.is_empty() {
        same
    } else if !tarocks.is_empty() {
        tarocks
    } else {
        hand
    }
}

/// Why `card` is not among the legal cards, naming the rule (SPEC §8).
pub fn illegal_reason(
    hand: CardSet,
    card: Card,
    trick: &Trick,
    mode: Mode,
    reservation: &Reservation,
) -> RuleError {
    if !hand.contains(card) {
        return RuleError::NotInHand(card);
    }
    let tarocks = hand.intersect(CardSet::TAROCKS);
    if let Some(led) = trick.led() {
        let basic = follow(hand, led, tarocks);
        if !basic.contains(card) {
            return if hand.meets(led.class()) {
                RuleError::MustFollowSuit { card, led }
            } else {
                RuleError::MustPlayTarock { card, led }
            };
        }
    } else if mode == Mode::Colour && card.is_tarock() {
        return RuleError::ColourLead(card);
    }
    if mode == Mode::Negative && card == Card::PAGAT && tarocks.has_two() {
        return RuleError::PagatLast;
    }
    if mode == Mode::Negative
        && let Some(winning) = trick.winning_card(Mode::Tarock, false)
    {
        return RuleError::MustBeat(winning);
    }
    let due = with_target(hand.intersect(reservation.cards), |t| {
        t == reservation.trick
    });
    match due.first() {
        Some(bird) => RuleError::BirdDue(bird),
        // Kept for its trick, or forced early when a higher bird comes first.
        None => RuleError::Reserved {
            card,
            target: target_trick(card),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn winner_of_a_partial_trick() {
        let t = Trick::from_cards(Seat::S2, &[card("hK"), card("T11")]);
        assert_eq!(t.winner(Mode::Tarock, false), Some((Seat::S3, card("T11"))));
        assert_eq!(t.to_play(), Seat::S0);
        assert_eq!(t.card_of(Seat::S2), Some(card("hK")));
        assert_eq!(t.card_of(Seat::S1), None);
    }

    #[test]
    fn maerchenstich_only_with_the_flag_and_in_tarock_mode() {
        let t = Trick::from_cards(
            Seat::S0,
            &[card("T21"), card("T1"), card("T22"), card("T5")],
        );
        assert_eq!(t.winner(Mode::Tarock, true), Some((Seat::S1, Card::PAGAT)));
        assert_eq!(t.winner(Mode::Tarock, false), Some((Seat::S2, Card::SKUS)));
        assert_eq!(t.winner(Mode::Negative, true), Some((Seat::S2, Card::SKUS)));
    }

    #[test]
    fn reservation_soft_allows_the_highest_bird_early() {
        let r = Reservation {
            cards: set("T2 T3"),
            trick: 5,
            kind: BirdReservation::Soft,
        };
        let t = Trick::from_cards(Seat::S0, &[card("T10")]);
        // Free T8 plus the highest early bird, the Kakadu (trick 10 before the Uhu's 11).
        assert_eq!(
            legal_cards(set("T2 T3 T8"), &t, Mode::Tarock, &r),
            set("T3 T8")
        );
    }
}
