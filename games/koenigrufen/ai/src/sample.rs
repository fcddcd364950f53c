//! Determinization: dealing the cards a seat has not located to the slots
//! of [`Knowledge`] (the other hands and the hidden out-of-play piles),
//! consistently with what it knows: each slot gets as many cards as it
//! holds, only cards it may hold, and always the cards it must hold.
//!
//! Cards go out one at a time, the most constrained first, each to a slot
//! chosen with probability proportional to the room left in it; without
//! constraints that is exactly a uniform deal. A dead end starts over;
//! after a few tries the voids are relaxed and finally every constraint but
//! the sizes, so a sample always exists.

use rand::{Rng, RngCore};
use tarock_koenigrufen::{Card, CardSet};

use super::knowledge::{Knowledge, SLOTS};

/// Tries with every constraint before relaxing.
const TRIES: usize = 24;

/// One sample: the cards of every slot (this seat's own hand in its slot).
pub fn deal_unseen(k: &Knowledge, my_hand: CardSet, rng: &mut dyn RngCore) -> [CardSet; SLOTS] {
    for _ in 0..TRIES {
        if let Some(slots) = try_deal(k, &k.allowed, rng) {
            return with_mine(slots, k, my_hand);
        }
    }
    // Relax the voids and deductions, keep the kind of card each slot may hold.
    let mut loose = k.allowed;
    for (s, slot) in loose.iter_mut().enumerate().take(4) {
        if s != k.me.index() {
            *slot = slot.union(k.excluded[s]).intersect(k.pool);
        }
    }
    for _ in 0..TRIES {
        if let Some(slots) = try_deal(k, &loose, rng) {
            return with_mine(slots, k, my_hand);
        }
    }
    let any = [k.pool; SLOTS];
    let slots = try_deal(k, &any, rng).expect("without constraints every deal fits");
    with_mine(slots, k, my_hand)
}

fn with_mine(mut slots: [CardSet; SLOTS], k: &Knowledge, my_hand: CardSet) -> [CardSet; SLOTS] {
    slots[k.me.index()] = my_hand;
    slots
}

fn try_deal(
    k: &Knowledge,
    allowed: &[CardSet; SLOTS],
    rng: &mut dyn RngCore,
) -> Option<[CardSet; SLOTS]> {
    let mut slots = [CardSet::EMPTY; SLOTS];
    let mut room = k.sizes.map(u32::from);
    let mut rest = k.pool;
    for (s, must) in k.holds.iter().enumerate() {
        for card in must.intersect(rest).intersect(allowed[s]) {
            if room[s] == 0 {
                return None;
            }
            slots[s].insert(card);
            room[s] -= 1;
            rest.remove(card);
        }
    }
    let options = |card: Card| -> u8 {
        (0..SLOTS)
            .filter(|s| allowed[*s].contains(card))
            .fold(0, |m, s| m | 1 << s)
    };
    let mut cards: Vec<(u32, u32, Card)> = rest
        .iter()
        .map(|c| (options(c).count_ones(), rng.next_u32(), c))
        .collect();
    cards.sort_unstable();
    for (_, _, card) in cards {
        let mask = options(card);
        let total: u32 = (0..SLOTS)
            .filter(|s| mask & 1 << s != 0)
            .map(|s| room[s])
            .sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        for s in (0..SLOTS).filter(|s| mask & 1 << s != 0) {
            if pick < room[s] {
                slots[s].insert(card);
                room[s] -= 1;
                break;
            }
            pick -= room[s];
        }
    }
    Some(slots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use crate::knowledge::{HIDDEN_D, HIDDEN_O};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_koenigrufen::Seat;

    #[test]
    fn samples_respect_sizes_talon_voids_and_the_called_king() {
        let mut game = fixtures::fd1_in_play();
        // Trick 1 of FD1, then S0 leads d4 and S1 follows with d3.
        fixtures::apply(
            &mut game,
            &["0 T22", "1 T2", "2 T21", "3 T3", "0 d4", "1 d3"],
        );
        let view = game.view(Seat::S3);
        let k = Knowledge::from_view(&view);
        let mut rng = SmallRng::seed_from_u64(9);
        let taken: CardSet = "d2 cQ".parse().unwrap();
        for _ in 0..300 {
            let h = deal_unseen(&k, view.hand, &mut rng);
            assert_eq!(h.map(CardSet::len), [10, 10, 11, 11, 3, 0]);
            assert_eq!(h[3], view.hand);
            // The declarer did not call his own King.
            assert!(!h[0].contains("cK".parse().unwrap()));
            // The rest of half 2 is S0's or in his discards.
            assert!(h[0].union(h[HIDDEN_D]).contains_all(taken));
            // Discards of a tarock game laid face down are suit cards.
            assert!(!h[HIDDEN_D].meets(CardSet::TAROCKS));
            let union = h
                .iter()
                .fold(k.played.union(k.known_o).union(k.known_d), |a, b| {
                    a.union(*b)
                });
            assert_eq!(union, CardSet::DECK);
            assert!(h[HIDDEN_O].is_empty());
        }
    }
}
