//! Determinization: dealing the cards a seat has not seen to the other seats,
//! consistently with what it knows ([`Knowledge`]): each seat gets as many
//! cards as it holds, never a card of a suit it has shown it lacks, and
//! always the cards it must hold.
//!
//! Cards go out one at a time, the most constrained first, each to a seat
//! chosen with probability proportional to the room left in its hand; without
//! constraints that is exactly a uniform deal. A dead end (possible with
//! many voids) starts over; after a few tries the voids are relaxed, so a
//! sample always exists.

use rand::{Rng, RngCore};
use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::seat::Seat;

use crate::knowledge::Knowledge;

/// Tries before the voids are ignored.
const TRIES: usize = 32;

/// The four hands of one sample: this seat's own, and a guess for the others.
pub fn deal_unseen(k: &Knowledge, my_hand: CardSet, rng: &mut dyn RngCore) -> [CardSet; 4] {
    for _ in 0..TRIES {
        if let Some(hands) = try_deal(k, my_hand, rng, true) {
            return hands;
        }
    }
    try_deal(k, my_hand, rng, false).expect("without voids every deal fits")
}

fn try_deal(
    k: &Knowledge,
    my_hand: CardSet,
    rng: &mut dyn RngCore,
    voids: bool,
) -> Option<[CardSet; 4]> {
    let mut hands = [CardSet::EMPTY; 4];
    hands[k.me.index()] = my_hand;
    let mut room = k.hand_sizes.map(u32::from);
    room[k.me.index()] = 0;
    let mut rest = k.unseen;
    // Cards a seat must hold go to it first.
    for seat in Seat::ALL {
        for card in k.holds[seat.index()].intersect(rest) {
            if room[seat.index()] == 0 {
                return None;
            }
            hands[seat.index()].insert(card);
            room[seat.index()] -= 1;
            rest.remove(card);
        }
    }
    let options = |card: Card| -> u8 {
        Seat::ALL
            .into_iter()
            .filter(|s| *s != k.me && (!voids || !k.excluded[s.index()].contains(card)))
            .fold(0, |m, s| m | 1 << s.index())
    };
    let mut cards: Vec<(u32, u32, Card)> = rest
        .iter()
        .map(|c| (options(c).count_ones(), rng.next_u32(), c))
        .collect();
    cards.sort_unstable();
    for (_, _, card) in cards {
        let allowed = options(card);
        let total: u32 = Seat::ALL
            .into_iter()
            .filter(|s| allowed & 1 << s.index() != 0)
            .map(|s| room[s.index()])
            .sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        for seat in Seat::ALL {
            if allowed & 1 << seat.index() == 0 {
                continue;
            }
            if pick < room[seat.index()] {
                hands[seat.index()].insert(card);
                room[seat.index()] -= 1;
                break;
            }
            pick -= room[seat.index()];
        }
    }
    Some(hands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_zwanzigerrufen::{Action, Suit};

    #[test]
    fn samples_respect_sizes_voids_and_held_cards() {
        let mut game = crate::fixtures::fd1_after_bidding();
        for (seat, card) in [(0, "hJ"), (1, "T5"), (2, "hN"), (3, "hA"), (1, "cQ")] {
            let seat = Seat::new(seat).unwrap();
            game.apply(seat, Action::Play(card.parse().unwrap()))
                .unwrap();
        }
        let view = game.view(Seat::S3);
        let k = Knowledge::from_view(&view);
        let mut rng = SmallRng::seed_from_u64(9);
        let t20: Card = "T20".parse().unwrap();
        for _ in 0..200 {
            let h = deal_unseen(&k, view.hand, &mut rng);
            assert_eq!(h.map(CardSet::len), [9, 8, 9, 9]);
            assert_eq!(h[3], view.hand);
            assert!(h[1].intersect(Suit::Hearts.cards()).is_empty());
            assert!(h[0].contains(t20));
            let union = h.iter().fold(k.played, |a, b| a.union(*b));
            assert_eq!(union, CardSet::DECK);
        }
    }
}
