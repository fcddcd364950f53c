//! The talon after the auction (SPEC §6): which choice the declarer has,
//! the discard rules (T5, D-11, D-31) as a [`DiscardRule`] that checks a
//! discard, tells a front end which cards can still be added (two-step
//! buttons), and says which discards are shown face up; and Mussolini's row.

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardSet};
use crate::contract::{Contract, Mode};
use crate::error::RuleError;

/// How the declarer took the talon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Taken {
    /// One exposed half (`nimm 1` = 0, `nimm 2` = 1 as [`crate::Half`]).
    Half(crate::deal::Half),
    /// All six: called king in the talon (`nimm alle`), Sechserdreier, Mussolini.
    All,
}

/// An ordered list of up to six cards: a discard (`ablage …`), Mussolini's
/// own three followed by the row, or one card laid aside by an opponent.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardList {
    cards: [u8; 6],
    len: u8,
}

impl CardList {
    /// The list of `cards`, if there are at most six.
    pub fn new(cards: &[Card]) -> Option<CardList> {
        if cards.len() > 6 {
            return None;
        }
        let mut list = CardList {
            cards: [0; 6],
            len: cards.len() as u8,
        };
        for (slot, c) in list.cards.iter_mut().zip(cards) {
            *slot = c.index();
        }
        Some(list)
    }

    /// The cards of `set` in deck order (at most six are taken).
    pub fn of_set(set: CardSet) -> CardList {
        let cards: Vec<Card> = set.iter().take(6).collect();
        CardList::new(&cards).expect("at most six")
    }

    /// The cards in order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards[..self.len as usize]
            .iter()
            .map(|i| Card::from_index(*i).expect("a valid index"))
    }

    /// Number of cards.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The card at `i`.
    pub fn get(&self, i: usize) -> Option<Card> {
        (i < self.len()).then(|| Card::from_index(self.cards[i]).expect("a valid index"))
    }

    /// The cards as a set, and whether one repeats.
    pub fn to_set(&self) -> (CardSet, bool) {
        let set: CardSet = self.iter().collect();
        (set, set.len() as usize != self.len())
    }
}

impl std::fmt::Debug for CardList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The discard rules in force for one declarer's discard (SPEC §6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiscardRule {
    /// Cards to lay aside: 3, or 6 after taking all six.
    pub need: u8,
    /// The hand the discard is taken from (after the talon).
    pub hand: CardSet,
    /// Cards that may be laid aside at all (no King, no Trull, not a bird-Rufer's bird).
    pub allowed: CardSet,
    /// Cards whose discard forces every allowed card of the other class:
    /// tarocks in tarock games, suit cards in colour games.
    pub trigger: CardSet,
    /// D-31: at least one of these stays in the hand (`standard` Besserrufer).
    pub keep_one: CardSet,
    /// The bird-Rufer's bird (D-11), refused with its own message.
    pub named_bird: Option<Card>,
    /// Mussolini: nobody may look at the discards (§6.6), so none is face up.
    pub hidden: bool,
}

impl DiscardRule {
    /// The rule for `contract`'s declarer holding `hand` (talon included);
    /// `birds` are the table's birds and `original` the hand before the talon.
    pub fn new(
        contract: Contract,
        hand: CardSet,
        need: u8,
        birds: CardSet,
        original: CardSet,
    ) -> DiscardRule {
        let named_bird = contract.bird().and_then(|b| b.bird_card());
        let mut allowed = hand.without(CardSet::KINGS).without(CardSet::TRULL);
        if let Some(bird) = named_bird {
            allowed.remove(bird);
        }
        let trigger = match contract.mode() {
            Mode::Colour => CardSet::SUIT_CARDS,
            _ => CardSet::TAROCKS,
        };
        let original_birds = original.intersect(birds);
        // K10 needs a bird held before the talon; the Pagat is Trull and stays anyway.
        let keep_one = if contract == Contract::Besserrufer && !original_birds.contains(Card::PAGAT)
        {
            original_birds
        } else {
            CardSet::EMPTY
        };
        DiscardRule {
            need,
            hand,
            allowed,
            trigger,
            keep_one,
            named_bird,
            hidden: contract == Contract::Mussolini,
        }
    }

    /// The allowed cards that must all go once a trigger card goes.
    pub const fn forced(&self) -> CardSet {
        self.allowed.without(self.trigger)
    }

    /// Checks a complete discard (T5, D-11, D-31).
    ///
    /// # Errors
    /// The [`RuleError`] of the first rule the set breaks.
    pub fn check(&self, set: CardSet) -> Result<(), RuleError> {
        if set.len() != u32::from(self.need) {
            return Err(RuleError::DiscardCount {
                need: self.need,
                got: set.len() as u8,
            });
        }
        if let Some(c) = set.without(self.hand).first() {
            return Err(RuleError::NotInHand(c));
        }
        if let Some(c) = self.named_bird.filter(|b| set.contains(*b)) {
            return Err(RuleError::NamedBird(c));
        }
        if let Some(c) = set.without(self.allowed).first() {
            return Err(RuleError::DiscardForbidden(c));
        }
        if let Some(c) = set.intersect(self.trigger).first()
            && !set.contains_all(self.forced())
        {
            return Err(if c.is_tarock() {
                RuleError::SuitCardsFirst(c)
            } else {
                RuleError::TarocksFirst(c)
            });
        }
        if !self.keep_one.is_empty() && set.contains_all(self.keep_one) {
            return Err(RuleError::KeepABird);
        }
        Ok(())
    }

    /// Whether some legal discard contains `partial`.
    pub fn completable(&self, partial: CardSet) -> bool {
        let need = u32::from(self.need);
        if !self.allowed.contains_all(partial) || partial.len() > need {
            return false;
        }
        let forced = self.forced();
        // Either no trigger card at all: everything from the forced class…
        if !partial.meets(self.trigger) && forced.len() >= need {
            return true;
        }
        // …or the whole forced class plus trigger cards, leaving one keep card.
        let base = forced.union(partial);
        if base.len() > need || (!self.keep_one.is_empty() && partial.contains_all(self.keep_one)) {
            return false;
        }
        let spare = u32::from(!self.keep_one.is_empty());
        let available = self.allowed.without(base).len().saturating_sub(spare);
        need - base.len() <= available
    }

    /// The cards that can be added to `chosen` on the way to a legal discard
    /// (the buttons of a two-step discard).
    pub fn options(&self, chosen: CardSet) -> CardSet {
        self.allowed
            .without(chosen)
            .iter()
            .filter(|c| self.completable(chosen.with(*c)))
            .collect()
    }

    /// The cards of `set` laid aside face up, which every player sees:
    /// tarocks in tarock games, suit cards in colour games; none in a Mussolini.
    pub fn face_up(&self, set: CardSet) -> CardSet {
        if self.hidden {
            CardSet::EMPTY
        } else {
            set.intersect(self.trigger)
        }
    }

    /// How many cards must go face up whatever the declarer chooses.
    pub fn min_face_up(&self) -> u8 {
        u32::from(self.need).saturating_sub(self.forced().len()) as u8
    }

    /// Every legal discard (up to C(18, 6) = 18 564 sets; for tests and
    /// exhaustive listings, not for buttons).
    pub fn all(&self) -> impl Iterator<Item = CardSet> + '_ {
        let pool: Vec<Card> = self.allowed.iter().collect();
        Combinations::new(pool, usize::from(self.need)).filter(|s| self.check(*s).is_ok())
    }
}

/// The `k`-subsets of a card list in lexicographic order of positions.
struct Combinations {
    pool: Vec<Card>,
    idx: Vec<usize>,
    first: bool,
}

impl Combinations {
    fn new(pool: Vec<Card>, k: usize) -> Combinations {
        let idx = (0..k).collect();
        let first = k <= pool.len();
        Combinations { pool, idx, first }
    }
}

impl Iterator for Combinations {
    type Item = CardSet;
    fn next(&mut self) -> Option<CardSet> {
        let (n, k) = (self.pool.len(), self.idx.len());
        if self.first {
            self.first = false;
        } else {
            let i = (0..k).rev().find(|&i| self.idx[i] != i + n - k)?;
            self.idx[i] += 1;
            for j in i + 1..k {
                self.idx[j] = self.idx[j - 1] + 1;
            }
        }
        if k > n {
            return None;
        }
        Some(self.idx.iter().map(|&i| self.pool[i]).collect())
    }
}

/// Mussolini's face-down row for the opponents (SPEC §6.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Row {
    cards: [Option<Card>; 3],
}

impl Row {
    /// The row as laid by the declarer.
    pub fn new(cards: [Card; 3]) -> Row {
        Row {
            cards: cards.map(Some),
        }
    }

    /// Cards left in the row.
    pub fn left(&self) -> u8 {
        self.cards.iter().flatten().count() as u8
    }

    /// The remaining cards, in row order.
    pub fn remaining(&self) -> impl Iterator<Item = Card> + '_ {
        self.cards.iter().flatten().copied()
    }

    /// Takes the `n`-th remaining card (1-based).
    pub fn take(&mut self, n: u8) -> Option<Card> {
        let slot = self
            .cards
            .iter_mut()
            .filter(|c| c.is_some())
            .nth(usize::from(n).checked_sub(1)?)?;
        slot.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn fd1_discard_is_legal_and_kings_are_not() {
        // FD1: S0 after `nimm 2` holds his 12 cards and d2 d4 cQ.
        let hand = set("T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9 d2 d4 cQ");
        let rule = DiscardRule::new(Contract::Rufer, hand, 3, CardSet::BIRDS, hand);
        assert_eq!(rule.check(set("c8 c10 d2")), Ok(()));
        assert_eq!(
            rule.check(set("c8 c10 hK")),
            Err(RuleError::DiscardForbidden("hK".parse().unwrap()))
        );
        assert_eq!(
            rule.check(set("c8 c10 T6")),
            Err(RuleError::SuitCardsFirst("T6".parse().unwrap()))
        );
        assert_eq!(
            rule.check(set("c8 c10")),
            Err(RuleError::DiscardCount { need: 3, got: 2 })
        );
        assert_eq!(rule.options(set("c8 c10")), set("hQ s9 d2 d4 cQ"));
        assert_eq!(rule.min_face_up(), 0);
        assert_eq!(rule.all().count(), 35); // C(7, 3): seven non-king suit cards.
    }

    #[test]
    fn few_suit_cards_force_tarocks_face_up() {
        let hand = set("T22 T20 T18 T15 T12 T9 T6 T5 T4 T3 T2 hK sK cK c8");
        let rule = DiscardRule::new(Contract::Dreier, hand, 3, CardSet::BIRDS, hand);
        assert_eq!(rule.min_face_up(), 2);
        assert_eq!(
            rule.check(set("T6 T9 T12")),
            Err(RuleError::SuitCardsFirst("T6".parse().unwrap()))
        );
        assert_eq!(rule.check(set("c8 T6 T9")), Ok(()));
        assert_eq!(rule.face_up(set("c8 T6 T9")), set("T6 T9"));
        assert!(
            !rule
                .options(CardSet::EMPTY)
                .contains("T22".parse().unwrap())
        );
        assert!(rule.options(CardSet::EMPTY).contains("c8".parse().unwrap()));
    }

    #[test]
    fn colour_games_discard_tarocks_first() {
        let hand = set("T22 T7 T8 hK hQ hJ hA h2 h3 dK dQ sK sQ cK cQ");
        let rule = DiscardRule::new(Contract::Farbendreier, hand, 3, CardSet::BIRDS, hand);
        assert_eq!(rule.check(set("T7 T8 h3")), Ok(()));
        // The first suit card in deck order is named: h3 ranks below h2.
        assert_eq!(
            rule.check(set("T7 h3 h2")),
            Err(RuleError::TarocksFirst("h3".parse().unwrap()))
        );
        assert_eq!(rule.face_up(set("T7 T8 h3")), set("h3"));
    }

    #[test]
    fn besserrufer_keeps_one_original_bird() {
        let original = set("T2 T3 T9 T10 T11 T12 T13 T14 T15 T16 hK sK");
        let hand = original.union(set("T17 T18 T19"));
        let rule = DiscardRule::new(Contract::Besserrufer, hand, 3, set("T1 T2 T3 T4"), original);
        assert_eq!(rule.check(set("T2 T3 T9")), Err(RuleError::KeepABird));
        assert_eq!(rule.check(set("T2 T10 T9")), Ok(()));
        assert!(!rule.completable(set("T2 T3")));
    }

    #[test]
    fn the_row_gives_cards_by_position() {
        let mut row = Row::new([
            "T9".parse().unwrap(),
            "T8".parse().unwrap(),
            "c7".parse().unwrap(),
        ]);
        assert_eq!(row.take(2), Some("T8".parse().unwrap()));
        assert_eq!(row.take(2), Some("c7".parse().unwrap()));
        assert_eq!(row.take(2), None);
        assert_eq!(row.left(), 1);
    }
}
