//! Hand evaluation: a few figures that say what a Königrufen hand is good
//! for, as the medium player's bidding, talon and Kontra decisions need them.
//!
//! - **strength** for tarock games (Rufer and Dreier families): high tarocks
//!   win tricks and guard the Trull, long tarocks win the late tricks, Kings
//!   win the first round of their suit, voids let the tarocks trump. An
//!   average dealt hand (five tarocks, one King) scores about 7.
//! - **colour** strength for Farbendreier and Farbensolo, where tarocks do
//!   not trump: Kings, Queens and long suits.
//! - **danger** for negative games: roughly the tricks the hand will be
//!   forced to take under Stichzwang (high tarocks, high suit cards, long
//!   suits, voids that force a tarock), and the **top** cards that take a
//!   trick on purpose in a Piccolo or Zwiccolo.
//!
//! The weights are rules of thumb of the game; the thresholds that turn
//! them into bids live in [`crate::auction`] and were tuned
//! with the arena.

use tarock_koenigrufen::{Card, CardSet, Suit};

/// A hand's figures for the bidding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandEval {
    /// Number of tarocks.
    pub tarocks: u32,
    /// Tarocks XVII and higher (Mond and Sküs included).
    pub high: u32,
    /// Number of Kings.
    pub kings: u32,
    /// Suits without a card.
    pub voids: u32,
    /// Strength in a tarock game.
    pub strength: f32,
    /// Strength in a colour game.
    pub colour: f32,
    /// Expected forced tricks in a negative game.
    pub danger: f32,
    /// The two most dangerous cards' dangers, highest first (the tricks a
    /// Piccolo or Zwiccolo takes on purpose).
    pub top: [f32; 2],
}

/// Weight of tarock `n` (1 … 22) for winning tricks in a tarock game.
fn tarock_weight(n: u8) -> f32 {
    match n {
        22 => 3.0,
        21 => 2.4,
        20 => 1.6,
        19 => 1.5,
        18 => 1.4,
        17 => 1.3,
        16 => 1.2,
        15 => 1.1,
        1 => 0.6,
        _ => 1.0,
    }
}

/// How likely tarock `n` is to be forced to take a trick in a negative game.
fn tarock_danger(n: u8) -> f32 {
    match n {
        22 => 1.0,
        21 => 0.9,
        20 => 0.7,
        19 => 0.6,
        18 => 0.5,
        17 => 0.45,
        16 => 0.4,
        12..=15 => 0.3,
        8..=11 => 0.18,
        6 | 7 => 0.1,
        1 => 0.08,
        _ => 0.05,
    }
}

/// How likely a suit card of rank 0 (lowest pip) … 7 (King) is to be forced
/// to take a trick in a negative game.
const SUIT_DANGER: [f32; 8] = [0.02, 0.04, 0.07, 0.12, 0.25, 0.4, 0.6, 0.9];

impl HandEval {
    /// Evaluates `hand` (12 cards, or more after the talon).
    pub fn of(hand: CardSet) -> HandEval {
        let tarocks = hand.intersect(CardSet::TAROCKS);
        let t = tarocks.len();
        let numbers = || tarocks.iter().filter_map(Card::tarock_number);
        let mut strength: f32 = numbers().map(tarock_weight).sum();
        strength += 0.6 * t.saturating_sub(7) as f32;
        let mut colour = 0.2 * t as f32;
        if tarocks.contains(Card::SKUS) {
            colour += 0.8;
        }
        if tarocks.contains(Card::MOND) {
            colour += 0.5;
        }
        let mut dangers: Vec<f32> = numbers().map(tarock_danger).collect();
        let mut danger_extra = 0.15 * t.saturating_sub(4) as f32;
        let mut voids = 0;
        for suit in Suit::ALL {
            let cards = hand.intersect(suit.cards());
            let has = |rank: u8| cards.contains(Card::suited(suit, rank));
            let (king, queen, knight) = (has(7), has(6), has(5));
            let n = cards.len();
            if n == 0 {
                voids += 1;
                if t >= 5 {
                    strength += 0.8;
                }
                if t >= 1 {
                    danger_extra += 0.35;
                }
            } else if n == 1 && !king && t >= 5 {
                strength += 0.3;
            }
            if king {
                strength += 1.3;
                colour += 3.0;
            }
            if queen {
                strength += if king { 0.6 } else { 0.2 };
                colour += if king { 2.0 } else { 0.8 };
            }
            if knight && king && queen {
                strength += 0.2;
                colour += 1.0;
            }
            colour += 0.9 * n.saturating_sub(3) as f32;
            danger_extra += 0.25 * n.saturating_sub(4) as f32;
            dangers.extend(
                cards
                    .iter()
                    .filter_map(|c| c.rank())
                    .map(|r| SUIT_DANGER[usize::from(r)]),
            );
        }
        dangers.sort_by(|a, b| b.total_cmp(a));
        let top = [
            dangers.first().copied().unwrap_or(0.0),
            dangers.get(1).copied().unwrap_or(0.0),
        ];
        HandEval {
            tarocks: t,
            high: numbers().filter(|n| *n >= 17).count() as u32,
            kings: hand.intersect(CardSet::KINGS).len(),
            voids,
            strength,
            colour,
            danger: dangers.iter().sum::<f32>() + danger_extra,
            top,
        }
    }

    /// The danger left once the `n` most dangerous cards have taken their
    /// trick on purpose (a Piccolo takes one, a Zwiccolo two).
    pub fn danger_without_top(&self, n: usize) -> f32 {
        self.danger - self.top[..n.min(2)].iter().sum::<f32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(hand: &str) -> HandEval {
        HandEval::of(hand.parse().unwrap())
    }

    #[test]
    fn long_high_tarocks_outscore_an_average_hand() {
        let strong = eval("T22 T21 T20 T19 T18 T17 T16 T15 T10 cK hK s7");
        let average = eval("T18 T12 T9 T6 T3 cK cQ c8 hJ h3 dN s9");
        assert_eq!(
            (strong.tarocks, strong.high, strong.kings, strong.voids),
            (9, 6, 2, 1)
        );
        assert!(strong.strength > 18.0, "{strong:?}");
        assert!((6.0..9.0).contains(&average.strength), "{average:?}");
    }

    #[test]
    fn low_cards_are_safe_in_a_bettler_and_the_skus_is_a_sure_trick() {
        let bettler = eval("T2 T3 s7 s8 s9 c7 c8 h4 h3 d4 d3 d2");
        let piccolo = eval("T22 T2 s7 s8 s9 c7 c8 h4 h3 d4 d3 d2");
        let bad = eval("T22 T21 T20 sK sQ cK hK hQ dK dQ dN dJ");
        assert!(bettler.danger < 1.0, "{bettler:?}");
        assert_eq!(piccolo.top[0], 1.0);
        assert!(piccolo.danger_without_top(1) < 1.0, "{piccolo:?}");
        assert!(bad.danger > 6.0, "{bad:?}");
    }

    #[test]
    fn kings_queens_and_long_suits_make_a_colour_hand() {
        let colour = eval("sK sQ sN sJ s10 s9 cK cQ hK hQ T2 T3");
        let tarock = eval("T22 T21 T20 T19 T18 T17 T16 T15 T10 cK hK s7");
        assert!(colour.colour > tarock.colour + 5.0);
        assert!(colour.colour > 17.0, "{colour:?}");
    }
}
