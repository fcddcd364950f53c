//! Hand evaluation for the bidding: how many tricks and points a dealt hand
//! is worth, as a single strength figure for tarock games and one for a
//! Farbensolo.
//!
//! The weights are rules of thumb from the game's strategy: high tarocks win
//! tricks and protect the Trull cards, Kings win the first round of their
//! suit, and a missing suit lets a hand with tarocks trump. An average hand
//! (five tarocks, one King) scores about 7; the thresholds in
//! [`crate::medium`] were tuned with the arena.

use tarock_zwanzigerrufen::card::{Card, CardSet, Rank, Suit};

/// A hand's figures for the bidding decisions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandEval {
    /// Number of tarocks.
    pub tarocks: u32,
    /// Tarocks XVII and higher (Sküs and Mond included).
    pub high_tarocks: u32,
    /// Number of Kings.
    pub kings: u32,
    /// Suits without a card.
    pub voids: u32,
    /// Strength in a game where tarocks trump (Rufer, Solo).
    pub strength: f32,
    /// Strength in a Farbensolo, where only suit cards win suit tricks.
    pub colour_strength: f32,
}

/// Weight of tarock `n` (1, 4 … 22) for winning tricks.
fn tarock_weight(n: u8) -> f32 {
    match n {
        22 => 3.0,
        21 => 2.4,
        20 => 1.6,
        19 => 1.5,
        18 => 1.4,
        17 => 1.3,
        1 => 0.6,
        _ => 1.0,
    }
}

impl HandEval {
    /// Evaluates `hand`.
    pub fn of(hand: CardSet) -> HandEval {
        let tarocks = hand.intersect(CardSet::TAROCKS);
        let mut strength: f32 = tarocks
            .iter()
            .filter_map(Card::tarock_number)
            .map(tarock_weight)
            .sum();
        let mut colour_strength = 0.3 * tarocks.len() as f32;
        let mut voids = 0;
        for suit in Suit::ALL {
            let cards = hand.intersect(suit.cards());
            let king = cards.contains(Card::king(suit));
            let queen = cards.contains(Card::suited(suit, Rank::Queen));
            let knight = cards.contains(Card::suited(suit, Rank::Knight));
            if cards.is_empty() {
                voids += 1;
                if tarocks.len() >= 5 {
                    strength += 0.8;
                }
            }
            if king {
                strength += 1.2;
                colour_strength += 3.0;
            }
            if queen {
                strength += if king { 0.5 } else { 0.1 };
                colour_strength += if king { 2.0 } else { 0.8 };
            }
            if knight && king && queen {
                colour_strength += 1.2;
            }
            colour_strength += 0.9 * cards.len().saturating_sub(3) as f32;
        }
        HandEval {
            tarocks: tarocks.len(),
            high_tarocks: tarocks
                .iter()
                .filter(|c| c.tarock_number() >= Some(17))
                .count() as u32,
            kings: hand.intersect(CardSet::KINGS).len(),
            voids,
            strength,
            colour_strength,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(hand: &str) -> HandEval {
        HandEval::of(hand.parse().unwrap())
    }

    #[test]
    fn strong_tarock_hands_outscore_weak_ones() {
        let strong = eval("T22 T21 T20 T19 T18 T17 T16 T15 cK hK");
        let weak = eval("T4 T5 s10 sJ c10 cJ hA hJ dA dJ");
        assert!(strong.strength > 15.0, "{strong:?}");
        assert!(weak.strength < 3.0, "{weak:?}");
        assert_eq!(
            (strong.tarocks, strong.high_tarocks, strong.kings),
            (8, 6, 2)
        );
        assert_eq!(strong.voids, 2);
    }

    #[test]
    fn long_high_suits_make_a_farbensolo_hand() {
        let colour = eval("sK sQ sN sJ s10 cK cQ cN hK T4");
        let tarock = eval("T22 T21 T20 T19 T18 T17 T16 T15 cK hK");
        assert!(colour.colour_strength > tarock.colour_strength);
        assert!(colour.colour_strength > 14.0, "{colour:?}");
    }
}
