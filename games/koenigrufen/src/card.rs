//! The 54 cards of Königrufen, their values counted in thirds, and a compact
//! card set (SPEC §1).
//!
//! A [`Card`] is an index `0..54`, ordered so that rank comparison is an
//! integer compare within a class: indices `0..22` are the tarocks from the
//! Pagat (`T1`) up to the Sküs (`T22`), then eight cards per suit from the
//! lowest pip up to the King. A [`CardSet`] is a 64-bit mask over those
//! indices, so hands, tricks, piles and legal moves never allocate.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of cards in the deck.
pub const DECK_SIZE: usize = 54;
/// Number of tarocks `T1 … T22`.
pub const TAROCK_COUNT: u8 = 22;
/// Card values of the whole deck counted in thirds (SPEC §1.4: 70 points).
pub const TOTAL_THIRDS: u16 = 210;
/// Thirds a party needs to win a positive game: 35 points and 2 Blatt (SPEC §1.4).
pub const WIN_THIRDS: u16 = 107;

/// One of the four suits, in card-id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// Pik (♠), id letter `s`.
    Spades,
    /// Kreuz / Treff (♣), id letter `c`.
    Clubs,
    /// Herz (♥), id letter `h`.
    Hearts,
    /// Karo (♦), id letter `d`.
    Diamonds,
}

impl Suit {
    /// All suits in id order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Hearts, Suit::Diamonds];

    /// The letter that starts the suit's card ids.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 's',
            Suit::Clubs => 'c',
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
        }
    }

    /// Whether the suit is red (its pips are `A 2 3 4`, the 4 lowest).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The eight cards of this suit.
    pub const fn cards(self) -> CardSet {
        CardSet(0xff << (TAROCK_COUNT as u32 + 8 * self as u32))
    }

    /// The King of this suit.
    pub const fn king(self) -> Card {
        Card(TAROCK_COUNT + 8 * self as u8 + 7)
    }
}

/// Pip names lowest first: black suits `7 8 9 10`, red suits `4 3 2 A` (SPEC §1.2).
const BLACK_PIPS: [&str; 4] = ["7", "8", "9", "10"];
const RED_PIPS: [&str; 4] = ["4", "3", "2", "A"];
/// Court names lowest first: Bube, Reiter, Dame, König.
const COURTS: [&str; 4] = ["J", "N", "Q", "K"];

/// A playing card: an index into the deck order described in the module docs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// Card values (SPEC §1.3): Trull cards and Kings 5, Dame 4, Reiter 3,
/// Bube 2, every other card ("Blatt") 1.
const VALUES: [u8; DECK_SIZE] = {
    let mut v = [1u8; DECK_SIZE];
    v[0] = 5;
    v[20] = 5;
    v[21] = 5;
    let mut i = TAROCK_COUNT as usize;
    while i < DECK_SIZE {
        v[i] = [1, 1, 1, 1, 2, 3, 4, 5][(i - TAROCK_COUNT as usize) % 8];
        i += 1;
    }
    v
};

const _: () = {
    let mut sum = 0u32;
    let mut i = 0;
    while i < DECK_SIZE {
        sum += VALUES[i] as u32;
        i += 1;
    }
    // SPEC §1.3: the values sum to 106; 3·106 − 2·54 = 210 thirds.
    assert!(sum == 106, "card values must sum to 106");
    assert!(3 * sum - 2 * DECK_SIZE as u32 == TOTAL_THIRDS as u32);
};

impl Card {
    /// Tarock I, the Pagat.
    pub const PAGAT: Card = Card(0);
    /// Tarock II, the Uhu.
    pub const UHU: Card = Card(1);
    /// Tarock III, the Kakadu.
    pub const KAKADU: Card = Card(2);
    /// Tarock IIII, the Wildsau (Quapil).
    pub const WILDSAU: Card = Card(3);
    /// Tarock V, the Geier.
    pub const GEIER: Card = Card(4);
    /// Tarock XXI, the Mond.
    pub const MOND: Card = Card(20);
    /// The Sküs (Gstieß), the highest tarock.
    pub const SKUS: Card = Card(21);

    /// The card with deck index `index`, if it is below 54.
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < DECK_SIZE {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The tarock with number `n` (1 … 22), if it exists.
    pub const fn tarock(n: u8) -> Option<Card> {
        match n {
            1..=22 => Some(Card(n - 1)),
            _ => None,
        }
    }

    /// The suit card of `suit` with rank `rank` (0 = lowest pip … 7 = King).
    pub const fn suited(suit: Suit, rank: u8) -> Card {
        Card(TAROCK_COUNT + 8 * suit as u8 + (rank & 7))
    }

    /// Deck index `0..54`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Whether this card is a tarock.
    pub const fn is_tarock(self) -> bool {
        self.0 < TAROCK_COUNT
    }

    /// The tarock number (1 … 22), or `None` for a suit card.
    pub const fn tarock_number(self) -> Option<u8> {
        if self.is_tarock() {
            Some(self.0 + 1)
        } else {
            None
        }
    }

    /// The suit, or `None` for a tarock.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_tarock() {
            None
        } else {
            Some(Suit::ALL[((self.0 - TAROCK_COUNT) / 8) as usize])
        }
    }

    /// The rank within the suit, 0 (lowest pip) … 7 (King); `None` for a tarock.
    pub const fn rank(self) -> Option<u8> {
        if self.is_tarock() {
            None
        } else {
            Some((self.0 - TAROCK_COUNT) % 8)
        }
    }

    /// The cards of the same class: the tarocks for a tarock, else its suit.
    pub const fn class(self) -> CardSet {
        if self.is_tarock() {
            CardSet::TAROCKS
        } else {
            // The eight bits of the suit: its first index is 22 + 8·suit.
            let first = TAROCK_COUNT + ((self.0 - TAROCK_COUNT) & !7);
            CardSet(0xff << first)
        }
    }

    /// Card value (SPEC §1.3).
    pub const fn value(self) -> u8 {
        VALUES[self.0 as usize]
    }

    /// All 54 cards in deck order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..DECK_SIZE as u8).map(Card)
    }

    /// The card as one character of [`CODE_ALPHABET`], for compact action codes.
    pub const fn code(self) -> char {
        CODE_ALPHABET[self.0 as usize] as char
    }

    /// The card of a one-character [`Card::code`].
    pub fn from_code(c: u8) -> Option<Card> {
        CODE_ALPHABET
            .iter()
            .position(|&x| x == c)
            .map(|i| Card(i as u8))
    }
}

/// One ASCII character per card index, for button payloads.
pub const CODE_ALPHABET: &[u8; DECK_SIZE] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqr";

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.tarock_number(), self.suit(), self.rank()) {
            (Some(n), _, _) => write!(f, "T{n}"),
            (None, Some(suit), Some(rank)) => {
                let name = match (rank, suit.is_red()) {
                    (0..=3, false) => BLACK_PIPS[rank as usize],
                    (0..=3, true) => RED_PIPS[rank as usize],
                    _ => COURTS[(rank - 4) as usize],
                };
                write!(f, "{}{name}", suit.letter())
            }
            _ => unreachable!("a card is either a tarock or a suit card"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card id that is not one of the 54 ids of SPEC §1.1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown card id {0:?}")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError(s.to_owned());
        let mut chars = s.chars();
        let first = chars.next().ok_or_else(err)?;
        let rest = chars.as_str();
        if first == 'T' {
            // Reject leading zeros and signs so that every card has one id.
            if rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 2
            {
                return Err(err());
            }
            let n: u8 = rest.parse().map_err(|_| err())?;
            return Card::tarock(n).ok_or_else(err);
        }
        let suit = Suit::ALL
            .into_iter()
            .find(|s| s.letter() == first)
            .ok_or_else(err)?;
        let pips = if suit.is_red() { RED_PIPS } else { BLACK_PIPS };
        let rank = pips
            .iter()
            .chain(COURTS.iter())
            .position(|name| *name == rest)
            .ok_or_else(err)?;
        Ok(Card::suited(suit, rank as u8))
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
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(u64);

/// The bits of the cards with suit rank `rank` in all four suits.
const fn rank_mask(rank: u8) -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < 4 {
        m |= 1 << (TAROCK_COUNT as u32 + 8 * s + rank as u32);
        s += 1;
    }
    m
}

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 54 cards.
    pub const DECK: CardSet = CardSet((1 << DECK_SIZE) - 1);
    /// The 22 tarocks.
    pub const TAROCKS: CardSet = CardSet((1 << TAROCK_COUNT) - 1);
    /// The 32 suit cards.
    pub const SUIT_CARDS: CardSet = CardSet(CardSet::DECK.0 & !CardSet::TAROCKS.0);
    /// The Trull: Pagat, Mond and Sküs.
    pub const TRULL: CardSet = CardSet(1 | 1 << 20 | 1 << 21);
    /// The four Kings.
    pub const KINGS: CardSet = CardSet(rank_mask(7));
    /// The four Damen.
    pub const QUEENS: CardSet = CardSet(rank_mask(6));
    /// The four Reiter.
    pub const KNIGHTS: CardSet = CardSet(rank_mask(5));
    /// The four Buben.
    pub const JACKS: CardSet = CardSet(rank_mask(4));
    /// The seven cards of value 5: Trull and Kings.
    pub const FIVES: CardSet = CardSet(CardSet::TRULL.0 | CardSet::KINGS.0);
    /// The five birds `T1 … T5` (Pagat, Uhu, Kakadu, Wildsau, Geier).
    pub const BIRDS: CardSet = CardSet(0b11111);

    /// The raw mask (bit `i` = card index `i`).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set with raw mask `bits`, keeping only the 54 valid bits.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::DECK.0)
    }

    /// The set holding only `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.0)
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least two cards (no population count).
    pub const fn has_two(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Whether every card of `other` is in the set.
    pub const fn contains_all(self, other: CardSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether the sets share a card.
    pub const fn meets(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
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

    /// The set with `card` added.
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.0)
    }

    /// Adds `card`.
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Removes `card`.
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// The lowest card by deck index, if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest card by deck index, if any.
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The `n`-th card in deck order (0-based), if the set has that many.
    pub const fn nth(self, n: usize) -> Option<Card> {
        // Clearing the lowest bit n times beats a popcount-based select on
        // targets without POPCNT (the x86-64 baseline), and hands are short.
        let mut bits = self.0;
        let mut i = 0;
        while i < n {
            bits &= bits.wrapping_sub(1);
            i += 1;
        }
        CardSet(bits).first()
    }

    /// The cards of this set above `card` in the same class (higher tarocks,
    /// or higher cards of its suit).
    pub const fn above(self, card: Card) -> CardSet {
        let higher = !((2u64 << card.0) - 1);
        CardSet(self.0 & higher & card.class().0)
    }

    /// Card values of the set counted in thirds: `3 · Σ value − 2 · |set|`
    /// (SPEC §1.4), by population counts.
    pub const fn thirds(self) -> u16 {
        let n = self.0.count_ones();
        let fives = self.0 & CardSet::FIVES.0;
        let queens = self.0 & CardSet::QUEENS.0;
        let knights = self.0 & CardSet::KNIGHTS.0;
        let jacks = self.0 & CardSet::JACKS.0;
        // 3·(value) − 2 per card: 1 for a Blatt, +3 for every value point above 1.
        (n + 12 * fives.count_ones()
            + 9 * queens.count_ones()
            + 6 * knights.count_ones()
            + 3 * jacks.count_ones()) as u16
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

impl Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Iterator over a [`CardSet`] in deck order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

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

/// A list of card ids separated by whitespace that could not be read as a set.
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

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn every_id_round_trips_and_ids_are_distinct() {
        let ids: Vec<String> = Card::all().map(|c| c.to_string()).collect();
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(id.parse::<Card>().unwrap().index() as usize, i);
        }
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 54);
        for c in Card::all() {
            assert_eq!(Card::from_code(c.code() as u8), Some(c));
        }
    }

    #[test]
    fn ids_follow_the_spec_table() {
        assert_eq!(Card::PAGAT.to_string(), "T1");
        assert_eq!(Card::GEIER.to_string(), "T5");
        assert_eq!(Card::SKUS.to_string(), "T22");
        assert_eq!(CardSet::KINGS.to_string(), "sK cK hK dK");
        assert_eq!(Suit::Spades.cards().to_string(), "s7 s8 s9 s10 sJ sN sQ sK");
        assert_eq!(Suit::Hearts.cards().to_string(), "h4 h3 h2 hA hJ hN hQ hK");
        for bad in [
            "T0", "T23", "T04", "T+1", "s1", "sA", "h10", "h1", "hK ", "xK", "dQQ", "", "c6",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} must be rejected");
        }
    }

    #[test]
    fn ranks_follow_spec_1_2() {
        // Red: K > Q > N > J > A > 2 > 3 > 4; black: K > Q > N > J > 10 > 9 > 8 > 7.
        let order = |s: &str| -> Vec<u8> {
            s.split(' ')
                .map(|c| c.parse::<Card>().unwrap().index())
                .collect()
        };
        assert!(
            order("h4 h3 h2 hA hJ hN hQ hK")
                .windows(2)
                .all(|w| w[0] < w[1])
        );
        assert!(
            order("c7 c8 c9 c10 cJ cN cQ cK")
                .windows(2)
                .all(|w| w[0] < w[1])
        );
        assert!(order("T1 T2 T15 T21 T22").windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn values_and_thirds_follow_spec_1_3_and_1_4() {
        assert_eq!(CardSet::DECK.thirds(), 210);
        assert_eq!(CardSet::DECK.len(), 54);
        let sum: u32 = Card::all().map(|c| u32::from(c.value())).sum();
        assert_eq!(sum, 106);
        // A packet of three Blatt counts 1 point = 3 thirds: 3·3 − 6.
        assert_eq!(set("c8 c10 d2").thirds(), 3);
        // FD1 trick 1: T22 T2 T21 T3 has values 12 → 3·12 − 8 = 28.
        assert_eq!(set("T22 T2 T21 T3").thirds(), 28);
        // FD2's talon: values 12 → 36 − 12 = 24.
        assert_eq!(set("T5 h4 cN sK T15 T8").thirds(), 24);
        for c in Card::all() {
            assert_eq!(CardSet::single(c).thirds(), 3 * u16::from(c.value()) - 2);
        }
    }

    #[test]
    fn nth_selects_in_deck_order() {
        let s = set("T1 T22 sK hA d4 dK");
        let by_iter: Vec<Card> = s.iter().collect();
        for (i, c) in by_iter.iter().enumerate() {
            assert_eq!(s.nth(i), Some(*c));
        }
        assert_eq!(s.nth(6), None);
        assert_eq!(
            CardSet::DECK.nth(53).map(|c| c.to_string()),
            Some("dK".into())
        );
    }

    #[test]
    fn above_is_within_the_class() {
        assert_eq!(
            set("hK hQ h4 T9 sK").above("hA".parse().unwrap()),
            set("hK hQ")
        );
        assert_eq!(
            set("T1 T9 T12 hK").above("T10".parse().unwrap()),
            set("T12")
        );
        assert_eq!(set("T22").above(Card::SKUS), CardSet::EMPTY);
    }

    #[test]
    fn card_set_parse_rejects_duplicates() {
        assert_eq!(
            "T1 T1".parse::<CardSet>(),
            Err(ParseCardSetError::Duplicate(Card::PAGAT))
        );
    }
}
