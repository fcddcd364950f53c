//! Hand evaluation for 20 ab: the trump a table names for a player who
//! timed out, an estimate of the tricks a hand takes, and which cards are
//! cheapest to give away.

use tarock_zwanzig_ab::card::{Card, CardSet, Suit};

/// Trick chances of a trump by its position in the suit (A, 10, K, …, 7).
const TRUMP_VALUE: [f64; 8] = [0.95, 0.85, 0.7, 0.55, 0.45, 0.4, 0.35, 0.3];

/// The default trump (SPEC §10, D-23): the suit with most cards among
/// `cards`, ties broken by the higher card.
pub fn default_trump(cards: CardSet) -> Suit {
    Suit::ALL
        .into_iter()
        .max_by_key(|s| {
            let in_suit = cards.of_suit(*s);
            // More cards first; then the highest card (smallest position).
            let top = in_suit.first().map_or(0, |c| 8 - c.pos());
            (in_suit.len(), top)
        })
        .expect("four suits")
}

/// Expected tricks of `hand` with `trump` against `opponents` active
/// opponents: trumps by rank, side Aces (less likely to stand the more
/// players follow), a side 10 guarded by its Ace.
pub fn expected_tricks(hand: CardSet, trump: Suit, opponents: u32) -> f64 {
    let mut e = 0.0;
    for card in hand.iter() {
        let pos = usize::from(card.pos());
        if card.suit() == trump {
            e += TRUMP_VALUE[pos];
        } else if pos == 0 {
            e += 0.85 - 0.1 * f64::from(opponents);
        } else if pos == 1 && hand.contains(Card::new(card.suit(), 0).expect("the Ace")) {
            e += 0.5 - 0.08 * f64::from(opponents);
        }
    }
    e
}

/// Trump strength of `cards` in `suit` for naming trump on the first packet:
/// the trick value of the cards that would be trumps, plus side Aces.
pub fn trump_strength(cards: CardSet, suit: Suit) -> f64 {
    expected_tricks(cards, suit, 3)
}

/// The card of `set` that is cheapest to give away: the lowest-ranked side
/// card, else the lowest trump.
pub fn cheapest(set: CardSet, trump: Suit) -> Card {
    let side = set.without(trump.cards());
    let pool = if side.is_empty() { set } else { side };
    pool.iter()
        .max_by_key(|c| (c.pos(), c.index()))
        .expect("a card to give")
}

/// The lowest card of `set` (for winning cheaply within one suit).
pub fn lowest(set: CardSet) -> Option<Card> {
    set.iter().max_by_key(|c| (c.pos(), c.index()))
}

/// Up to `max` side cards worth exchanging: side cards that are not Aces,
/// lowest first.
pub fn exchange_candidates(hand: CardSet, trump: Suit, max: u32) -> CardSet {
    let mut weak: Vec<Card> = hand
        .without(trump.cards())
        .iter()
        .filter(|c| c.pos() != 0)
        .collect();
    weak.sort_by_key(|c| std::cmp::Reverse((c.pos(), c.index())));
    weak.into_iter().take(max as usize).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(ids: &str) -> CardSet {
        ids.parse().unwrap()
    }

    #[test]
    fn default_trump_is_the_longest_suit_then_the_higher_card() {
        // SPEC §10: most cards in the first packet.
        assert_eq!(default_trump(set("hA h10 c7")), Suit::Hearts);
        // One card each: the Ace is the higher card.
        assert_eq!(default_trump(set("c7 s9 dA")), Suit::Diamonds);
        assert_eq!(default_trump(set("c10 sK d7")), Suit::Clubs);
    }

    #[test]
    fn trumps_and_aces_count_as_tricks() {
        let strong = expected_tricks(set("hA h10 hK sA c7"), Suit::Hearts, 3);
        let weak = expected_tricks(set("s7 s8 c9 d8 dJ"), Suit::Hearts, 3);
        assert!(strong > 2.5, "{strong}");
        assert!(weak < 0.01, "{weak}");
    }

    #[test]
    fn cheapest_gives_a_low_side_card_before_a_trump() {
        assert_eq!(cheapest(set("h7 sK s9"), Suit::Hearts).to_string(), "s9");
        assert_eq!(cheapest(set("h7 hA"), Suit::Hearts).to_string(), "h7");
        assert_eq!(
            exchange_candidates(set("hA sA s9 c8 dK"), Suit::Hearts, 2),
            set("s9 c8")
        );
    }
}
