//! Tournament (cup) scoring of SPEC §13 (`cup2019`): a session feature over
//! many deals, not part of one. A cup day's ranking by the sum of scores
//! (Schrift, without Kontra), shared places for equal totals (D-26), the cup
//! points per place, and the season over the best six days.

use std::cmp::Reverse;

/// Cup points for day places 1–20 (S002's table); place 21 and below get 0.
pub const CUP_POINTS: [u32; 20] = [
    50, 45, 40, 35, 30, 27, 24, 21, 18, 16, 14, 12, 10, 8, 6, 5, 4, 3, 2, 1,
];

/// Days of a season that count (the best six of eight).
pub const COUNTED_DAYS: usize = 6;

/// Deals per round at a four-seat table (4 "Radl"); 20 at a five-seat table (D-25).
pub const DEALS_PER_ROUND: [u32; 2] = [16, 20];

/// The cup points of day place `place` (1-based).
pub fn cup_points(place: usize) -> u32 {
    place
        .checked_sub(1)
        .and_then(|i| CUP_POINTS.get(i))
        .copied()
        .unwrap_or(0)
}

/// Standard competition ranking ("1-2-2-4"): the place of each total,
/// higher first, equal totals sharing the best place (D-26).
pub fn places<T: Ord + Copy>(totals: &[T]) -> Vec<usize> {
    totals
        .iter()
        .map(|t| 1 + totals.iter().filter(|o| *o > t).count())
        .collect()
}

/// One player's day: the score total (Schrift) of the day's three rounds.
pub fn day_cup_points(totals: &[i64]) -> Vec<u32> {
    places(totals).into_iter().map(cup_points).collect()
}

/// One day of a player's season: cup points and the day's score total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayResult {
    /// Cup points of the day's place.
    pub points: u32,
    /// The day's score total (Schrift), the season's tie-break.
    pub total: i64,
}

/// A player's season: the sum of the best [`COUNTED_DAYS`] days' cup points
/// and, as tie-break, the sum of those days' score totals.
pub fn season_total(days: &[DayResult]) -> (u32, i64) {
    let mut best: Vec<DayResult> = days.to_vec();
    // Best cup points first; among equal points the better Schrift counts.
    best.sort_by_key(|d| Reverse((d.points, d.total)));
    best.truncate(COUNTED_DAYS);
    (
        best.iter().map(|d| d.points).sum(),
        best.iter().map(|d| d.total).sum(),
    )
}

/// Season places of all players (points, then Schrift; still equal shares).
pub fn season_places(players: &[Vec<DayResult>]) -> Vec<usize> {
    let totals: Vec<(u32, i64)> = players.iter().map(|d| season_total(d)).collect();
    places(&totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_13_day_example() {
        // A +31, B +12, C +12, D −5 → places 1, 2, 2, 4 → 50, 45, 45, 35.
        let totals = [31, 12, 12, -5];
        assert_eq!(places(&totals), [1, 2, 2, 4]);
        assert_eq!(day_cup_points(&totals), [50, 45, 45, 35]);
    }

    #[test]
    fn places_beyond_twenty_get_nothing() {
        assert_eq!(cup_points(20), 1);
        assert_eq!(cup_points(21), 0);
        assert_eq!(cup_points(0), 0);
    }

    #[test]
    fn the_season_counts_the_best_six_days_and_breaks_ties_by_schrift() {
        let day = |points, total| DayResult { points, total };
        // Eight days; the two worst (1 and 0 points) do not count.
        let a = vec![
            day(50, 30),
            day(45, 20),
            day(40, 10),
            day(35, 5),
            day(30, 1),
            day(27, 2),
            day(1, 90),
            day(0, -40),
        ];
        assert_eq!(season_total(&a), (227, 68));
        // Same points, better Schrift on the counted days.
        let b = vec![
            day(50, 31),
            day(45, 20),
            day(40, 10),
            day(35, 5),
            day(30, 1),
            day(27, 2),
        ];
        let c = a.clone();
        assert_eq!(season_places(&[a, b, c]), [2, 1, 2]);
    }
}
