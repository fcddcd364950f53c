//! The 40 cards of Zwanzigerrufen, their points, and a compact card set.
//!
//! A [`Card`] is an index `0..40`, ordered so that rank comparison is an
//! integer compare within a class: indices `0..20` are the tarocks from the
//! Pagat (`T1`) up to the Sküs (`T22`), then five cards per suit from the
//! Glatze up to the King. A [`CardSet`] is a 64-bit mask over those indices,
//! so hands, tricks and legal moves never allocate.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of cards in the deck.
pub const DECK_SIZE: usize = 40;
/// Number of tarocks (trumps): `T1`, `T4` … `T20`, `T21`, `T22`.
pub const TAROCK_COUNT: u8 = 20;
/// Card points in the whole deck (SPEC §1.3); the game is won with 45.
pub const TOTAL_POINTS: u8 = 88;

/// One of the four suits. Their order is the order of the card ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    /// The cards of this suit.
    pub const fn cards(self) -> CardSet {
        CardSet(0b11111 << (20 + 5 * self as u32))
    }
}

/// Rank of a suit card, lowest first. The Glatze is the 10 in the black
/// suits and the Ace in the red ones; it is worth nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// The "bald" low card: `s10`, `c10`, `hA`, `dA`.
    Glatze,
    /// Bube (jack), `J`.
    Jack,
    /// Reiter / Cavall (knight), `N`.
    Knight,
    /// Dame (queen), `Q`.
    Queen,
    /// König (king), `K`.
    King,
}

impl Rank {
    const ALL: [Rank; 5] = [
        Rank::Glatze,
        Rank::Jack,
        Rank::Knight,
        Rank::Queen,
        Rank::King,
    ];
}

/// A playing card: an index into the deck order described in the module docs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// Tarock numbers by index: the Pagat is I, II and III do not exist, the Sküs counts as 22.
const TAROCK_NUMBERS: [u8; 20] = [
    1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
];

/// Card points by index (SPEC §1.3): Trull cards 5, other tarocks 1,
/// then per suit Glatze 0, Bube 2, Reiter 3, Dame 4, König 5.
const POINTS: [u8; DECK_SIZE] = {
    let mut p = [1u8; DECK_SIZE];
    p[0] = 5;
    p[18] = 5;
    p[19] = 5;
    let mut i = 20;
    while i < DECK_SIZE {
        p[i] = [0, 2, 3, 4, 5][(i - 20) % 5];
        i += 1;
    }
    p
};

/// The suit of each card by index (`None` for tarocks), so that following
/// suit needs no division.
const SUIT_OF: [Option<Suit>; DECK_SIZE] = {
    let mut t = [None; DECK_SIZE];
    let mut i = 20;
    while i < DECK_SIZE {
        t[i] = Some(Suit::ALL[(i - 20) / 5]);
        i += 1;
    }
    t
};

/// The class of each card by index (see [`Card::class`]).
const CLASS_OF: [CardSet; DECK_SIZE] = {
    let mut t = [CardSet::TAROCKS; DECK_SIZE];
    let mut i = 20;
    while i < DECK_SIZE {
        t[i] = Suit::ALL[(i - 20) / 5].cards();
        i += 1;
    }
    t
};

const _: () = {
    let mut sum = 0u32;
    let mut i = 0;
    while i < DECK_SIZE {
        sum += POINTS[i] as u32;
        i += 1;
    }
    assert!(sum == TOTAL_POINTS as u32, "card points must sum to 88");
};

impl Card {
    /// Tarock I, the Pagat.
    pub const PAGAT: Card = Card(0);
    /// Tarock XXI, the Mond.
    pub const MOND: Card = Card(18);
    /// The Sküs (Gstieß), the highest tarock.
    pub const SKUS: Card = Card(19);
    /// All 40 cards in deck order.
    pub const DECK: [Card; DECK_SIZE] = {
        let mut deck = [Card(0); DECK_SIZE];
        let mut i = 0;
        while i < DECK_SIZE {
            deck[i] = Card(i as u8);
            i += 1;
        }
        deck
    };

    /// The card with deck index `index`, if it is below 40.
    pub const fn from_index(index: u8) -> Option<Card> {
        if (index as usize) < DECK_SIZE {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The tarock with number `n` (1, 4 … 22), if it exists.
    pub const fn tarock(n: u8) -> Option<Card> {
        match n {
            1 => Some(Card(0)),
            4..=22 => Some(Card(n - 3)),
            _ => None,
        }
    }

    /// The suit card of `suit` and `rank`.
    pub const fn suited(suit: Suit, rank: Rank) -> Card {
        Card(20 + 5 * suit as u8 + rank as u8)
    }

    /// The King of `suit`.
    pub const fn king(suit: Suit) -> Card {
        Card::suited(suit, Rank::King)
    }

    /// Deck index `0..40`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Whether this card is a tarock (trump).
    pub const fn is_tarock(self) -> bool {
        self.0 < TAROCK_COUNT
    }

    /// The tarock number (1, 4 … 22), or `None` for a suit card.
    pub const fn tarock_number(self) -> Option<u8> {
        if self.is_tarock() {
            Some(TAROCK_NUMBERS[self.0 as usize])
        } else {
            None
        }
    }

    /// The cards of this card's class: all tarocks for a tarock, its suit for
    /// a suit card. These follow it when it is led, and rank among themselves
    /// in deck order.
    pub const fn class(self) -> CardSet {
        CLASS_OF[self.0 as usize]
    }

    /// The suit, or `None` for a tarock.
    pub const fn suit(self) -> Option<Suit> {
        SUIT_OF[self.0 as usize]
    }

    /// The rank within the suit, or `None` for a tarock.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_tarock() {
            None
        } else {
            Some(Rank::ALL[((self.0 - 20) % 5) as usize])
        }
    }

    /// Card points (SPEC §1.3).
    pub const fn points(self) -> u8 {
        POINTS[self.0 as usize]
    }

    /// All 40 cards in deck order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..DECK_SIZE as u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.tarock_number(), self.suit(), self.rank()) {
            (Some(n), _, _) => write!(f, "T{n}"),
            (None, Some(suit), Some(rank)) => {
                let r = match (rank, suit) {
                    (Rank::King, _) => "K",
                    (Rank::Queen, _) => "Q",
                    (Rank::Knight, _) => "N",
                    (Rank::Jack, _) => "J",
                    (Rank::Glatze, Suit::Spades | Suit::Clubs) => "10",
                    (Rank::Glatze, Suit::Hearts | Suit::Diamonds) => "A",
                };
                write!(f, "{}{r}", suit.letter())
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

/// A card id that is not one of the 40 ids of SPEC §0.2.
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
            if rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err());
            }
            let n: u8 = rest.parse().map_err(|_| err())?;
            return Card::tarock(n).ok_or_else(err);
        }
        let suit = Suit::ALL
            .into_iter()
            .find(|s| s.letter() == first)
            .ok_or_else(err)?;
        let glatze = match suit {
            Suit::Spades | Suit::Clubs => "10",
            Suit::Hearts | Suit::Diamonds => "A",
        };
        let rank = match rest {
            "K" => Rank::King,
            "Q" => Rank::Queen,
            "N" => Rank::Knight,
            "J" => Rank::Jack,
            r if r == glatze => Rank::Glatze,
            _ => return Err(err()),
        };
        Ok(Card::suited(suit, rank))
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
pub struct CardSet(u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 40 cards.
    pub const DECK: CardSet = CardSet((1 << DECK_SIZE) - 1);
    /// The 20 tarocks.
    pub const TAROCKS: CardSet = CardSet((1 << TAROCK_COUNT) - 1);
    /// The 20 suit cards.
    pub const SUIT_CARDS: CardSet = CardSet(CardSet::DECK.0 & !CardSet::TAROCKS.0);
    /// The Trull: Pagat, Mond and Sküs.
    pub const TRULL: CardSet = CardSet(1 | 1 << 18 | 1 << 19);
    /// The four Kings.
    pub const KINGS: CardSet = CardSet(1 << 24 | 1 << 29 | 1 << 34 | 1 << 39);
    /// The four Glatzen (`s10 c10 hA dA`).
    pub const GLATZEN: CardSet = CardSet(1 << 20 | 1 << 25 | 1 << 30 | 1 << 35);
    /// The seven five-pointers (Trull and Kings), counted by Honneur.
    pub const FIVE_POINTERS: CardSet = CardSet(CardSet::TRULL.0 | CardSet::KINGS.0);
    /// The cards a Rufer may call, highest first: XX, XIX, XVIII, XVII, XVI.
    pub const CALLABLE: [Card; 5] = [Card(17), Card(16), Card(15), Card(14), Card(13)];

    /// The raw mask (bit `i` = card index `i`).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set with raw mask `bits`, keeping only the 40 valid bits.
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
    pub fn nth(self, n: usize) -> Option<Card> {
        let mut bits = self.0;
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        CardSet(bits).first()
    }

    /// Card points of all cards in the set.
    pub fn points(self) -> u32 {
        self.iter().map(|c| u32::from(c.points())).sum()
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

    #[test]
    fn every_id_round_trips_and_ids_are_distinct() {
        let ids: Vec<String> = Card::all().map(|c| c.to_string()).collect();
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(id.parse::<Card>().unwrap().index() as usize, i);
        }
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 40);
    }

    #[test]
    fn ids_follow_the_spec_table() {
        assert_eq!(Card::PAGAT.to_string(), "T1");
        assert_eq!(Card::MOND.to_string(), "T21");
        assert_eq!(Card::SKUS.to_string(), "T22");
        assert_eq!(CardSet::GLATZEN.to_string(), "s10 c10 hA dA");
        assert_eq!(CardSet::KINGS.to_string(), "sK cK hK dK");
        assert_eq!(
            CardSet::CALLABLE.map(|c| c.to_string()),
            ["T20", "T19", "T18", "T17", "T16"]
        );
        for bad in [
            "T2", "T3", "T0", "T23", "T04", "s1", "hK ", "xK", "dQQ", "", "h10", "sA",
        ] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?} must be rejected");
        }
    }

    #[test]
    fn points_match_the_spec_table() {
        assert_eq!(CardSet::DECK.points(), 88);
        assert_eq!(CardSet::TAROCKS.points(), 32);
        assert_eq!(CardSet::SUIT_CARDS.points(), 56);
        assert_eq!(CardSet::TRULL.points(), 15);
        assert_eq!(CardSet::KINGS.points(), 20);
        assert_eq!(CardSet::GLATZEN.points(), 0);
        assert_eq!("sQ cQ hQ dQ".parse::<CardSet>().unwrap().points(), 16);
        assert_eq!("sN cN hN dN".parse::<CardSet>().unwrap().points(), 12);
        assert_eq!("sJ cJ hJ dJ".parse::<CardSet>().unwrap().points(), 8);
        assert_eq!(CardSet::TAROCKS.len(), 20);
    }

    #[test]
    fn tarock_order_is_index_order() {
        let order: Vec<u8> = CardSet::TAROCKS
            .iter()
            .filter_map(Card::tarock_number)
            .collect();
        assert_eq!(order.first(), Some(&1));
        assert_eq!(order.last(), Some(&22));
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        assert!(Card::suited(Suit::Hearts, Rank::King) > Card::suited(Suit::Hearts, Rank::Queen));
    }

    #[test]
    fn card_set_parse_rejects_duplicates() {
        assert_eq!(
            "T1 T1".parse::<CardSet>(),
            Err(ParseCardSetError::Duplicate(Card::PAGAT))
        );
    }
}
