//! The cards of one deal (SPEC §2.3, D-04): a shuffled deck, and how it is
//! dealt — three cards to each player from the trump maker on, trump, two
//! more each, the rest is the stock with its top card first.
//!
//! The engine never shuffles on its own: a table service hands it a [`Deck`]
//! it shuffled (or hands and a stock, [`Deck::from_hands`]); `sim` shuffles
//! with a random number generator it is given.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, CardSet, DECK_SIZE};
use crate::seat::Seat;

/// The 32 cards in dealing order, top first; each card exactly once.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deck([Card; DECK_SIZE]);

/// Why cards are not a deck (or a deal's hands and stock).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A card id is unknown.
    #[error("unknown card id {0:?}")]
    Card(String),
    /// A card appears twice.
    #[error("card {0} appears twice")]
    Duplicate(Card),
    /// The wrong number of cards somewhere.
    #[error("{what} has {got} cards, not {want}")]
    Count {
        /// What was counted (`deck`, `hand 2`, `stock`).
        what: String,
        /// Cards found.
        got: usize,
        /// Cards expected.
        want: usize,
    },
}

/// Reads whitespace-separated card ids, exactly `want` of them.
fn parse_cards(text: &str, what: &str, want: usize) -> Result<Vec<Card>, DealError> {
    let cards = text
        .split_whitespace()
        .map(|w| w.parse::<Card>().map_err(|_| DealError::Card(w.to_owned())))
        .collect::<Result<Vec<Card>, DealError>>()?;
    if cards.len() != want {
        return Err(DealError::Count {
            what: what.to_owned(),
            got: cards.len(),
            want,
        });
    }
    Ok(cards)
}

impl Deck {
    /// The deck in canonical order `sA … d7` (not shuffled).
    pub const ORDERED: Deck = {
        let mut cards = [Card::from_index(0).unwrap(); DECK_SIZE];
        let mut i = 0;
        while i < DECK_SIZE {
            cards[i] = Card::from_index(i as u8).unwrap();
            i += 1;
        }
        Deck(cards)
    };

    /// A deck from 32 cards, top first.
    ///
    /// # Errors
    /// [`DealError::Duplicate`] when a card appears twice.
    pub fn new(cards: [Card; DECK_SIZE]) -> Result<Deck, DealError> {
        let mut seen = CardSet::EMPTY;
        for c in cards {
            if seen.contains(c) {
                return Err(DealError::Duplicate(c));
            }
            seen.insert(c);
        }
        Ok(Deck(cards))
    }

    /// The deck whose dealing gives these hands and stock at a table of
    /// `hands.len()` players whose trump maker is `maker` (SPEC §9.1
    /// `hands` form): the first three cards of each hand are its first packet.
    ///
    /// # Errors
    /// [`DealError`] when a hand does not have five cards, the stock not
    /// `32 − 5n`, or the cards are not the 32 cards once.
    pub fn from_hands(hands: &[Vec<Card>], stock: &[Card], maker: Seat) -> Result<Deck, DealError> {
        let n = hands.len();
        for (i, h) in hands.iter().enumerate() {
            if h.len() != 5 {
                return Err(DealError::Count {
                    what: format!("hand {i}"),
                    got: h.len(),
                    want: 5,
                });
            }
        }
        if stock.len() + 5 * n != DECK_SIZE {
            return Err(DealError::Count {
                what: "stock".into(),
                got: stock.len(),
                want: DECK_SIZE.saturating_sub(5 * n),
            });
        }
        let mut cards = Vec::with_capacity(DECK_SIZE);
        let turn = |i: usize| (maker.index() + i) % n;
        for i in 0..n {
            cards.extend_from_slice(&hands[turn(i)][..3]);
        }
        for i in 0..n {
            cards.extend_from_slice(&hands[turn(i)][3..]);
        }
        cards.extend_from_slice(stock);
        let cards: [Card; DECK_SIZE] = cards.try_into().expect("counted above");
        Deck::new(cards)
    }

    /// Reads the `hands` form of a record: `n` strings of five ids and the stock.
    ///
    /// # Errors
    /// [`DealError`] as for [`Deck::from_hands`], or for an unknown id.
    pub fn parse_hands(hands: &[String], stock: &str, maker: Seat) -> Result<Deck, DealError> {
        let hands = hands
            .iter()
            .enumerate()
            .map(|(i, h)| parse_cards(h, &format!("hand {i}"), 5))
            .collect::<Result<Vec<_>, _>>()?;
        let want = DECK_SIZE.saturating_sub(5 * hands.len());
        let stock = parse_cards(stock, "stock", want)?;
        Deck::from_hands(&hands, &stock, maker)
    }

    /// A deck from a permutation the caller built (a shuffle of
    /// [`Deck::ORDERED`]), without checking it again.
    pub(crate) const fn from_permutation(cards: [Card; DECK_SIZE]) -> Deck {
        Deck(cards)
    }

    /// The cards, top first.
    pub const fn cards(&self) -> &[Card; DECK_SIZE] {
        &self.0
    }

    /// The card at position `i` (0 = top).
    pub const fn card(&self, i: usize) -> Card {
        self.0[i]
    }

    /// The first packet of the `i`-th player in turn order (SPEC §2.3).
    #[inline]
    pub fn first_packet(&self, i: usize) -> CardSet {
        let c = &self.0[3 * i..3 * i + 3];
        CardSet::single(c[0])
            .union(CardSet::single(c[1]))
            .union(CardSet::single(c[2]))
    }

    /// The second packet of the `i`-th player in turn order at a table of `n`.
    #[inline]
    pub fn second_packet(&self, i: usize, n: usize) -> CardSet {
        let c = &self.0[3 * n + 2 * i..3 * n + 2 * i + 2];
        CardSet::single(c[0]).union(CardSet::single(c[1]))
    }

    /// The stock at a table of `n`, top first.
    pub fn stock(&self, n: usize) -> &[Card] {
        &self.0[5 * n..]
    }

    /// Each seat's five dealt cards in dealing order (first packet, then
    /// second) at a table of `n` whose trump maker is `maker`.
    pub fn hands(&self, maker: Seat, n: usize) -> Vec<[Card; 5]> {
        let mut hands = vec![[self.0[0]; 5]; n];
        for i in 0..n {
            let h = &mut hands[(maker.index() + i) % n];
            h[..3].copy_from_slice(&self.0[3 * i..3 * i + 3]);
            h[3..].copy_from_slice(&self.0[3 * n + 2 * i..3 * n + 2 * i + 2]);
        }
        hands
    }
}

impl fmt::Display for Deck {
    /// The 32 ids, top first, separated by spaces (the `deck` form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deck({self})")
    }
}

impl FromStr for Deck {
    type Err = DealError;

    /// Reads 32 distinct card ids separated by whitespace, top first.
    fn from_str(s: &str) -> Result<Deck, DealError> {
        let cards = parse_cards(s, "deck", DECK_SIZE)?;
        Deck::new(cards.try_into().expect("counted"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SPEC §2.3: FG1 deal 1 as a deck gives the hands and stock of §8.6.
    const FG1_DECK: &str = "hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 \
                            d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ";

    #[test]
    fn dealing_follows_the_spec_example() {
        let deck: Deck = FG1_DECK.parse().unwrap();
        let text = |cs: &[Card]| {
            cs.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let hands = deck.hands(Seat::S0, 4);
        assert_eq!(text(&hands[0]), "hA h10 c7 s8 d9");
        assert_eq!(text(&hands[1]), "h7 hQ c8 sK d10");
        assert_eq!(text(&hands[2]), "h8 sA c9 dA h9");
        assert_eq!(text(&hands[3]), "sQ sJ cK cQ d8");
        assert_eq!(text(deck.stock(4)), "d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ");
        // A set lists cards in deck order: clubs before hearts.
        assert_eq!(deck.first_packet(0).to_string(), "c7 hA h10");
        assert_eq!(deck.second_packet(3, 4).to_string(), "cQ d8");
    }

    #[test]
    fn hands_form_gives_the_same_deck() {
        let deck: Deck = FG1_DECK.parse().unwrap();
        let hands: Vec<String> = [
            "hA h10 c7 s8 d9",
            "h7 hQ c8 sK d10",
            "h8 sA c9 dA h9",
            "sQ sJ cK cQ d8",
        ]
        .map(String::from)
        .to_vec();
        let stock = "d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ";
        assert_eq!(Deck::parse_hands(&hands, stock, Seat::S0), Ok(deck));
        // With the maker at S1 (dealer S0) the same hands give another deck order.
        let other = Deck::parse_hands(&hands, stock, Seat::S1).unwrap();
        assert_eq!(other.hands(Seat::S1, 4), deck.hands(Seat::S0, 4));
    }

    #[test]
    fn broken_card_lists_are_rejected() {
        assert!(matches!("hA".parse::<Deck>(), Err(DealError::Count { .. })));
        let dup = FG1_DECK.replace("dJ", "hA");
        assert!(matches!(dup.parse::<Deck>(), Err(DealError::Duplicate(_))));
        let bad = FG1_DECK.replace("dJ", "dN");
        assert!(matches!(bad.parse::<Deck>(), Err(DealError::Card(_))));
        let hands = vec!["hA h10 c7 s8".to_string(); 4];
        assert!(Deck::parse_hands(&hands, "", Seat::S0).is_err());
    }
}
