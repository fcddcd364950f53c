//! The 32 French cards of "20 ab" and a compact card set (SPEC §1).
//!
//! A [`Card`] is an index `0..32` in the SPEC's canonical deck order: the
//! suits Pik, Kreuz, Herz, Karo, each from the Ace down to the 7. So the suit
//! is `index / 8`, and within a suit a *smaller* index is a *higher* card
//! (A > 10 > K > Q > J > 9 > 8 > 7, "Zehner hoch"). A [`CardSet`] is a bit mask
//! over those indices; the highest card of a suit in a set is its lowest bit.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of cards in the deck.
pub const DECK_SIZE: usize = 32;
/// Cards per suit.
pub const SUIT_SIZE: u8 = 8;

/// One of the four suits, in id order. Suits have no rank (SPEC §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Pik (♠), id letter `s`.
    Spades,
    /// Kreuz (♣), id letter `c`.
    Clubs,
    /// Herz (♥), id letter `h`.
    Hearts,
    /// Karo (♦), id letter `d`.
    Diamonds,
}

impl Suit {
    /// All suits in id order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Hearts, Suit::Diamonds];

    /// The letter that starts the suit's card ids and names it in `trump X`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 's',
            Suit::Clubs => 'c',
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
        }
    }

    /// The suit with id letter `letter`.
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter {
            's' => Some(Suit::Spades),
            'c' => Some(Suit::Clubs),
            'h' => Some(Suit::Hearts),
            'd' => Some(Suit::Diamonds),
            _ => None,
        }
    }

    /// The eight cards of this suit.
    pub const fn cards(self) -> CardSet {
        CardSet(0xFF << (SUIT_SIZE as u32 * self as u32))
    }

    /// Index `0..4` in id order.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A suit letter that is not `s`, `c`, `h` or `d`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown suit {0:?} (expected s, c, h or d)")]
pub struct ParseSuitError(pub String);

impl FromStr for Suit {
    type Err = ParseSuitError;

    fn from_str(s: &str) -> Result<Suit, ParseSuitError> {
        let mut chars = s.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(ParseSuitError(s.to_owned())),
        }
    }
}

impl Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The rank words of the ids, highest first (index = position in the suit).
const RANK_IDS: [&str; 8] = ["A", "10", "K", "Q", "J", "9", "8", "7"];

/// A playing card: an index into the deck order of the module docs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card with deck index `index`, if it is below 32.
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < DECK_SIZE {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The card of `suit` at position `pos` in the suit (0 = Ace … 7 = 7).
    pub const fn new(suit: Suit, pos: u8) -> Option<Card> {
        if pos < SUIT_SIZE {
            Some(Card(suit as u8 * SUIT_SIZE + pos))
        } else {
            None
        }
    }

    /// Deck index `0..32`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        match self.0 >> 3 {
            0 => Suit::Spades,
            1 => Suit::Clubs,
            2 => Suit::Hearts,
            _ => Suit::Diamonds,
        }
    }

    /// The eight cards of this card's suit (a mask, no table lookup).
    pub const fn suit_cards(self) -> CardSet {
        CardSet(0xFF << (self.0 & 0x18))
    }

    /// Whether both cards are of the same suit.
    pub const fn same_suit(self, other: Card) -> bool {
        (self.0 ^ other.0) < SUIT_SIZE
    }

    /// Position within the suit, 0 for the Ace (highest) to 7 for the 7.
    pub const fn pos(self) -> u8 {
        self.0 % SUIT_SIZE
    }

    /// Whether this card ranks above `other` of the same suit.
    pub const fn outranks(self, other: Card) -> bool {
        self.0 < other.0
    }

    /// All 32 cards in deck order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..DECK_SIZE as u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.suit().letter(),
            RANK_IDS[self.pos() as usize]
        )
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card id that is not one of the 32 ids of SPEC §1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown card id {0:?}")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError(s.to_owned());
        let mut chars = s.chars();
        let suit = chars.next().and_then(Suit::from_letter).ok_or_else(err)?;
        let rank = chars.as_str();
        let pos = RANK_IDS.iter().position(|r| *r == rank).ok_or_else(err)?;
        Ok(Card(suit as u8 * SUIT_SIZE + pos as u8))
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards as a bit mask over deck indices.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u32);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 32 cards.
    pub const DECK: CardSet = CardSet(u32::MAX);

    /// The raw mask (bit `i` = card index `i`), as the 64-bit mask other
    /// games' card sets use.
    pub const fn bits(self) -> u64 {
        self.0 as u64
    }

    /// The set with raw mask `bits`, keeping only the 32 valid bits.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits as u32)
    }

    /// The set holding only `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.0)
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Whether every card of `other` is in the set.
    pub const fn contains_all(self, other: CardSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// Set union.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Set intersection.
    pub const fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of `self` that are not in `other`.
    pub const fn without(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards of `suit` in the set.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersect(suit.cards())
    }

    /// Adds `card`.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Removes `card`.
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// The card with the lowest index: within one suit, the highest card.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The card with the highest index: within one suit, the lowest card.
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(31 - self.0.leading_zeros() as u8))
        }
    }

    /// The `n`-th card in deck order (0-based), if the set has that many.
    #[inline]
    pub fn nth(self, mut n: usize) -> Option<Card> {
        let mut bits = self.0;
        while n > 0 {
            bits &= bits.wrapping_sub(1);
            n -= 1;
        }
        CardSet(bits).first()
    }

    /// The cards that rank above `card` in its suit.
    pub const fn above(card: Card) -> CardSet {
        let suit_base = (card.0 / SUIT_SIZE) * SUIT_SIZE;
        CardSet(((1u32 << card.0) - 1) & !((1u32 << suit_base) - 1))
    }

    /// The cards in deck order.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl fmt::Display for CardSet {
    /// Card ids separated by spaces, in deck order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// Iterator over a [`CardSet`] in deck order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u32);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// A list of card ids that could not be read as a set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCardSetError {
    /// One of the ids is not a card.
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// A card is listed twice.
    #[error("card {0} is listed twice")]
    Duplicate(Card),
}

impl FromStr for CardSet {
    type Err = ParseCardSetError;

    /// Parses card ids separated by whitespace, in any order.
    fn from_str(s: &str) -> Result<CardSet, ParseCardSetError> {
        let mut set = CardSet::EMPTY;
        for word in s.split_whitespace() {
            let card: Card = word.parse()?;
            if set.contains(card) {
                return Err(ParseCardSetError::Duplicate(card));
            }
            set.insert(card);
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_the_spec_table_in_deck_order() {
        let ids: Vec<String> = Card::all().map(|c| c.to_string()).collect();
        assert_eq!(ids[..8].join(" "), "sA s10 sK sQ sJ s9 s8 s7");
        assert_eq!(ids[8..16].join(" "), "cA c10 cK cQ cJ c9 c8 c7");
        assert_eq!(ids[16..24].join(" "), "hA h10 hK hQ hJ h9 h8 h7");
        assert_eq!(ids[24..].join(" "), "dA d10 dK dQ dJ d9 d8 d7");
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(id.parse::<Card>().unwrap().index() as usize, i);
        }
        for bad in ["", "s", "sN", "s1", "T21", "x7", "s07", "hA ", "S7", "s6"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} must be rejected");
        }
    }

    #[test]
    fn ten_ranks_above_king_and_ace_above_ten() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert!(c("sA").outranks(c("s10")));
        assert!(c("s10").outranks(c("sK")));
        assert!(c("sJ").outranks(c("s9")));
        assert!(!c("s7").outranks(c("s8")));
        assert_eq!(CardSet::above(c("hK")).to_string(), "hA h10");
        assert_eq!(CardSet::above(c("dA")), CardSet::EMPTY);
        assert_eq!(CardSet::above(c("c7")).len(), 7);
    }

    #[test]
    fn suits_partition_the_deck() {
        let all = Suit::ALL
            .iter()
            .fold(CardSet::EMPTY, |a, s| a.union(s.cards()));
        assert_eq!(all, CardSet::DECK);
        assert_eq!(CardSet::DECK.len(), 32);
        for s in Suit::ALL {
            assert_eq!(s.cards().len(), 8);
            assert!(s.cards().iter().all(|c| c.suit() == s));
            assert_eq!(s.to_string().parse::<Suit>(), Ok(s));
        }
        assert!("x".parse::<Suit>().is_err());
        assert!("sc".parse::<Suit>().is_err());
    }

    #[test]
    fn card_set_parse_rejects_duplicates() {
        assert_eq!(
            "c7 c7".parse::<CardSet>(),
            Err(ParseCardSetError::Duplicate("c7".parse().unwrap()))
        );
    }
}
