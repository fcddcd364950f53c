//! The easy 20 ab player: rules of thumb, no look-ahead. Its decision
//! functions are also the policy every player follows in the strong
//! player's simulations, so they work on plain data, not only on a view.

use rand::RngCore;
use tarock_zwanzig_ab::card::{Card, CardSet, Suit};
use tarock_zwanzig_ab::trick::{Trick, beaters};
use tarock_zwanzig_ab::{Action, Phase, SeatView};

use super::eval::{cheapest, default_trump, exchange_candidates, expected_tricks, lowest};
use tarock_player::Player;
use tarock_zwanzig_ab::ZwanzigAb;

/// Below this many expected tricks the easy player drops when it may.
pub const DROP_BELOW: f64 = 0.8;

/// The easy player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Easy;

impl Easy {
    /// A new easy player.
    pub const fn new() -> Easy {
        Easy
    }
}

impl Player<ZwanzigAb> for Easy {
    fn name(&self) -> &str {
        "easy"
    }

    fn choose(&mut self, view: &SeatView, _rng: &mut dyn RngCore) -> Action {
        let legal = view.legal.expect("the seat is to act");
        let p = &view.public;
        let opponents = active_opponents(view);
        match p.phase {
            Phase::Trump => Action::Trump(default_trump(view.hand)),
            Phase::Exchange => {
                let trump = p.trump.expect("trump is named");
                exchange(
                    view.hand,
                    trump,
                    legal.drop,
                    u32::from(legal.swap_max),
                    opponents,
                )
            }
            Phase::DropRound => {
                let trump = p.trump.expect("trump is named");
                if legal.drop && wants_to_drop(view.hand, trump, opponents) {
                    Action::Drop
                } else {
                    Action::Play
                }
            }
            _ => {
                let trump = p.trump.expect("trump is named");
                let trick = p.trick.expect("a trick is being played");
                Action::Card(card(legal.cards, &trick, trump))
            }
        }
    }
}

/// Opponents still in the deal (those who dropped are out).
fn active_opponents(view: &SeatView) -> u32 {
    u32::from(view.public.players) - 1 - view.public.dropped.len() as u32
}

/// Whether a hand is too weak to play.
pub fn wants_to_drop(hand: CardSet, trump: Suit, opponents: u32) -> bool {
    expected_tricks(hand, trump, opponents) < DROP_BELOW
}

/// The exchange turn: drop a weak hand if allowed, else exchange the small
/// side cards (at most `swap_max`), else stay.
pub fn exchange(
    hand: CardSet,
    trump: Suit,
    may_drop: bool,
    swap_max: u32,
    opponents: u32,
) -> Action {
    if may_drop && wants_to_drop(hand, trump, opponents) {
        return Action::Drop;
    }
    let discard = exchange_candidates(hand, trump, swap_max);
    if discard.is_empty() {
        Action::Stay
    } else {
        Action::Swap(discard)
    }
}

/// The card to play from `legal` to `trick`: lead a side Ace, else the
/// highest trump when holding two, else the cheapest card; when following,
/// win with the cheapest winning card, else give the cheapest card.
pub fn card(legal: CardSet, trick: &Trick, trump: Suit) -> Card {
    let Some((_, best)) = trick.winning() else {
        return lead(legal, trump);
    };
    let winners = beaters(legal, best, trump);
    if let Some(win) = cheapest_winner(winners, trump) {
        return win;
    }
    cheapest(legal, trump)
}

/// The cheapest card that wins: a side card before a trump.
fn cheapest_winner(winners: CardSet, trump: Suit) -> Option<Card> {
    let side = winners.without(trump.cards());
    lowest(side).or_else(|| lowest(winners))
}

fn lead(hand: CardSet, trump: Suit) -> Card {
    let side_aces = hand.without(trump.cards()).iter().find(|c| c.pos() == 0);
    if let Some(ace) = side_aces {
        return ace;
    }
    let trumps = hand.of_suit(trump);
    if trumps.len() >= 2 {
        return trumps.first().expect("two trumps");
    }
    cheapest(hand, trump)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_zwanzig_ab::Seat;

    fn set(ids: &str) -> CardSet {
        ids.parse().unwrap()
    }

    fn c(id: &str) -> Card {
        id.parse().unwrap()
    }

    #[test]
    fn wins_cheaply_or_gives_the_cheapest_card() {
        let mut t = Trick::new(Seat::S0);
        t.push(Seat::S0, c("sK"), Suit::Hearts);
        // Follows with the lowest spade that beats the King.
        assert_eq!(card(set("sA s10"), &t, Suit::Hearts), c("s10"));
        // Cannot beat: the lowest spade.
        t.push(Seat::S1, c("hQ"), Suit::Hearts);
        assert_eq!(card(set("s9 s8"), &t, Suit::Hearts), c("s8"));
        // Must trump: over-trumps with the cheapest winning trump.
        assert_eq!(card(set("hA hK h7"), &t, Suit::Hearts), c("hK"));
    }

    #[test]
    fn leads_a_side_ace_then_trumps() {
        let t = Trick::new(Seat::S0);
        assert_eq!(card(set("cA hA h10 s7"), &t, Suit::Hearts), c("cA"));
        assert_eq!(card(set("hA h10 s7"), &t, Suit::Hearts), c("hA"));
        assert_eq!(card(set("h9 s7 sK"), &t, Suit::Hearts), c("s7"));
    }

    #[test]
    fn drops_a_hand_without_trumps_or_aces() {
        assert_eq!(
            exchange(set("s7 s8 c9 d8 dJ"), Suit::Hearts, true, 3, 3),
            Action::Drop
        );
        // It may not drop: it exchanges three small side cards.
        assert_eq!(
            exchange(set("s7 s8 c9 d8 dJ"), Suit::Hearts, false, 3, 3),
            Action::Swap(set("s7 s8 d8"))
        );
        assert_eq!(
            exchange(set("hA h10 hK sA cA"), Suit::Hearts, true, 3, 3),
            Action::Stay
        );
    }
}
