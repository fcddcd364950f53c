//! The strong 20 ab player: every decision by simulation. It deals the
//! cards it has not seen many times consistently with its view
//! ([`sample`](super::sample)), plays each candidate to the end of the deal
//! with the easy player's rules for everyone, and picks the candidate with
//! the best mean value ([`World::value`]): the settlement when the deal ends
//! the session, otherwise its own score change against the opponents'. The
//! same guesses serve every candidate, so they are compared on equal cards.
//!
//! Candidates: each suit when naming trump; `stay`, `drop` (when allowed)
//! and exchanging the 1, 2 or 3 smallest side cards in the exchange; `play`
//! and `drop` in a drop round; each legal card in trick play. A drop uses up
//! one of the session's few drops, so it is charged [`drop_cost`].

use rand::RngCore;
use tarock_zwanzig_ab::card::Suit;
use tarock_zwanzig_ab::{Action, Phase, SeatView};

use super::AbPlayer;
use super::eval::exchange_candidates;
use super::sample::sample;

/// How much simulation a decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrongConfig {
    /// Guessed deals per decision (each candidate is played in each).
    pub samples: u32,
    /// The level name it reports.
    pub name: &'static str,
}

impl StrongConfig {
    /// The strong player.
    pub const STRONG: StrongConfig = StrongConfig {
        samples: 48,
        name: "strong",
    };
    /// The medium player: the same method with a small budget.
    pub const MEDIUM: StrongConfig = StrongConfig {
        samples: 8,
        name: "medium",
    };
}

/// The strong player.
#[derive(Clone, Debug)]
pub struct Strong {
    config: StrongConfig,
}

impl Default for Strong {
    fn default() -> Strong {
        Strong::new()
    }
}

impl Strong {
    /// A strong player with the default budget.
    pub const fn new() -> Strong {
        Strong {
            config: StrongConfig::STRONG,
        }
    }

    /// A player with its own budget.
    pub const fn with_config(config: StrongConfig) -> Strong {
        Strong { config }
    }
}

/// The value a drop gives up: one of the session's drops, worth more the
/// fewer are left (1.2 points for the last one, 0.3 with four left).
pub fn drop_cost(view: &SeatView) -> f64 {
    let p = &view.public;
    let left = p.drops_left[view.seat.index()].max(1);
    1.2 / f64::from(left)
}

/// The actions worth simulating for the seat to act.
pub fn candidates(view: &SeatView) -> Vec<Action> {
    let legal = view.legal.expect("the seat is to act");
    match view.public.phase {
        Phase::Trump => Suit::ALL.into_iter().map(Action::Trump).collect(),
        Phase::Exchange => {
            let trump = view.public.trump.expect("trump is named");
            let mut list = vec![Action::Stay];
            if legal.drop {
                list.push(Action::Drop);
            }
            for k in 1..=u32::from(legal.swap_max) {
                let discard = exchange_candidates(view.hand, trump, k);
                if discard.len() == k {
                    list.push(Action::Swap(discard));
                }
            }
            list
        }
        Phase::DropRound => {
            let mut list = vec![Action::Play];
            if legal.drop {
                list.push(Action::Drop);
            }
            list
        }
        _ => legal.cards.iter().map(Action::Card).collect(),
    }
}

impl AbPlayer for Strong {
    fn name(&self) -> &str {
        self.config.name
    }

    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        let list = candidates(view);
        if list.len() == 1 {
            return list[0];
        }
        let mut totals = vec![0.0; list.len()];
        for _ in 0..self.config.samples {
            let world = sample(view, rng);
            for (total, action) in totals.iter_mut().zip(&list) {
                let mut w = world.clone();
                w.apply(*action);
                w.roll_out();
                *total += w.value(view.seat);
            }
        }
        let cost = drop_cost(view) * f64::from(self.config.samples);
        for (total, action) in totals.iter_mut().zip(&list) {
            if *action == Action::Drop {
                *total -= cost;
            }
        }
        let best = totals
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(&a.0)))
            .map_or(0, |(i, _)| i);
        list[best]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_zwanzig_ab::{Deck, Rules, Seat, Session};

    fn session(deck: &str, scores: [i32; 4]) -> Session {
        let mut start = tarock_zwanzig_ab::Start::fresh(&Rules::STANDARD);
        start.scores[..4].copy_from_slice(&scores);
        let mut s = Session::new(Rules::STANDARD, 4, 3, start).unwrap();
        s.start_deal(deck.parse::<Deck>().unwrap()).unwrap();
        s
    }

    /// FG1's first deal: S0's first packet is hA h10 c7.
    const FG1: &str = "hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 \
                       d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ";

    #[test]
    fn names_the_suit_of_its_two_high_hearts() {
        let s = session(FG1, [20; 4]);
        let mut rng = SmallRng::seed_from_u64(3);
        let action = Strong::new().choose(&s.view(Seat::S0), &mut rng);
        assert_eq!(action, Action::Trump(Suit::Hearts));
    }

    fn after(s: &mut Session, actions: &[&str]) {
        for a in actions {
            let (seat, words) = a.split_once(' ').unwrap();
            s.apply(
                Seat::new(seat.parse().unwrap()).unwrap(),
                words.parse().unwrap(),
            )
            .unwrap();
        }
    }

    #[test]
    fn drops_a_hand_without_trump_or_ace_and_plays_two_aces() {
        // Hearts trump. S3 holds sQ sJ cK cQ d8: no trump, no Ace, so it
        // will hardly take a trick (+5) — a drop costs 0.3.
        let mut s = session(FG1, [20; 4]);
        after(&mut s, &["0 trump h", "0 stay", "1 stay"]);
        let mut rng = SmallRng::seed_from_u64(5);
        // S2 holds h8 sA c9 dA h9: two side Aces and two trumps.
        let s2 = Strong::new().choose(&s.view(Seat::S2), &mut rng);
        assert_ne!(s2, Action::Drop);
        after(&mut s, &[&format!("2 {s2}")]);
        assert_eq!(
            Strong::new().choose(&s.view(Seat::S3), &mut rng),
            Action::Drop
        );
    }

    #[test]
    fn the_last_drop_costs_most() {
        let mut start = tarock_zwanzig_ab::Start::fresh(&Rules::STANDARD);
        start.drops[1] = 3;
        let mut s = Session::new(Rules::STANDARD, 4, 3, start).unwrap();
        s.start_deal(FG1.parse().unwrap()).unwrap();
        assert!((drop_cost(&s.view(Seat::S1)) - 1.2).abs() < 1e-9);
        assert!((drop_cost(&s.view(Seat::S2)) - 0.3).abs() < 1e-9);
    }
}
