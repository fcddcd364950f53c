//! Drawing the tables of a round: the players in a random order, four to a
//! table, with five-seat tables only where the number does not divide by
//! four.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha12Rng;

use crate::cup::{CupError, PlayerNo};

/// Deals of a round at a table of `seats` players: 16 at four seats (four
/// "Radl"), 20 at five, where each deal's dealer sits it out (seed 002).
#[must_use]
pub fn deals_per_round(seats: usize) -> u32 {
    if seats == 5 { 20 } else { 16 }
}

/// The table sizes for `players` people: as many four-seat tables as
/// possible, then five-seat ones (`n = 4a + 5b` with the fewest fives).
///
/// # Errors
/// [`CupError::CannotSeat`] for 1–3, 6, 7 and 11 players, which no mix of
/// four- and five-seat tables seats.
pub fn table_sizes(players: usize) -> Result<Vec<usize>, CupError> {
    // 5b ≡ b (mod 4), so the number of fives is `players mod 4`.
    let fives = players % 4;
    if players < 4 || players < 5 * fives {
        return Err(CupError::CannotSeat { players });
    }
    let fours = (players - 5 * fives) / 4;
    let mut sizes = vec![4; fours];
    sizes.extend(std::iter::repeat_n(5, fives));
    Ok(sizes)
}

/// Draws `players` to tables with the random stream of `seed` (ChaCha12,
/// so a round's draw can be repeated from its seed). Each table lists its
/// players in seat order; the first deal's dealer is the last seat.
///
/// # Errors
/// As [`table_sizes`].
pub fn draw(players: &[PlayerNo], seed: u64) -> Result<Vec<Vec<PlayerNo>>, CupError> {
    let sizes = table_sizes(players.len())?;
    let mut order = players.to_vec();
    order.shuffle(&mut ChaCha12Rng::seed_from_u64(seed));
    let mut rest = order.as_slice();
    Ok(sizes
        .into_iter()
        .map(|n| {
            let (table, tail) = rest.split_at(n);
            rest = tail;
            table.to_vec()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn sizes_use_fives_only_for_the_remainder() {
        assert_eq!(table_sizes(4).unwrap(), vec![4]);
        assert_eq!(table_sizes(5).unwrap(), vec![5]);
        assert_eq!(table_sizes(8).unwrap(), vec![4, 4]);
        assert_eq!(table_sizes(9).unwrap(), vec![4, 5]);
        assert_eq!(table_sizes(10).unwrap(), vec![5, 5]);
        assert_eq!(table_sizes(13).unwrap(), vec![4, 4, 5]);
        assert_eq!(table_sizes(15).unwrap(), vec![5, 5, 5]);
        assert_eq!(table_sizes(19).unwrap(), vec![4, 5, 5, 5]);
        for n in 4..200 {
            if let Ok(sizes) = table_sizes(n) {
                assert_eq!(sizes.iter().sum::<usize>(), n);
                assert!(sizes.iter().all(|s| *s == 4 || *s == 5));
            }
        }
    }

    #[test]
    fn some_numbers_cannot_be_seated() {
        for n in [0, 1, 2, 3, 6, 7, 11] {
            assert_eq!(table_sizes(n), Err(CupError::CannotSeat { players: n }));
        }
        // Every number from 12 on can.
        assert!((12..500).all(|n| table_sizes(n).is_ok()));
    }

    #[test]
    fn a_draw_seats_everyone_once_and_repeats_from_its_seed() {
        let players: Vec<PlayerNo> = (0..13).map(PlayerNo).collect();
        let tables = draw(&players, 7).unwrap();
        assert_eq!(tables.iter().map(Vec::len).collect::<Vec<_>>(), [4, 4, 5]);
        let seated: BTreeSet<PlayerNo> = tables.iter().flatten().copied().collect();
        assert_eq!(seated.len(), 13);
        assert_eq!(draw(&players, 7).unwrap(), tables);
        assert_ne!(
            draw(&players, 8).unwrap(),
            tables,
            "another seed, another draw"
        );
    }

    #[test]
    fn deals_per_round_follow_the_table_size() {
        assert_eq!(deals_per_round(4), 16);
        assert_eq!(deals_per_round(5), 20);
    }
}
