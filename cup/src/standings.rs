//! Rankings: a day by its total scores, the season by its best days' cup
//! points.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::cup::PlayerNo;
use crate::points::cup_points;

/// A player's place on one day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayPlace {
    /// Who.
    pub player: PlayerNo,
    /// The day's total score (Schrift, without Kontra).
    pub total: i64,
    /// The place, 1-based; equal totals share the better place.
    pub place: usize,
    /// The cup points of that place.
    pub cup_points: u32,
}

/// Ranks a day by total score, highest first. Equal totals share a place
/// and its cup points, and the next place is skipped ("1-2-2-4").
#[must_use]
pub fn rank_day(totals: &[(PlayerNo, i64)]) -> Vec<DayPlace> {
    let mut sorted = totals.to_vec();
    sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut places = Vec::with_capacity(sorted.len());
    for (i, (player, total)) in sorted.iter().enumerate() {
        let place = match places.last() {
            Some(DayPlace {
                total: t, place, ..
            }) if t == total => *place,
            _ => i + 1,
        };
        places.push(DayPlace {
            player: *player,
            total: *total,
            place,
            cup_points: cup_points(place),
        });
    }
    places
}

/// A player's place in the season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonPlace {
    /// Who.
    pub player: PlayerNo,
    /// The place, 1-based; equal cup points and Schrift share it.
    pub place: usize,
    /// Cup points of the counted days.
    pub cup_points: u32,
    /// Total score (Schrift) of the counted days: the tie-break.
    pub schrift: i64,
    /// Days the player took part in.
    pub days_played: usize,
    /// The counted days (1-based day numbers), best first.
    pub counted: Vec<usize>,
}

/// Ranks the season from its days (`days[0]` is day 1), counting each
/// player's best `best_of` days. The best days are those with the most cup
/// points, and among equal cup points the better Schrift, so the tie-break
/// sees each player's best. Equal cup points are split by the higher
/// Schrift of the counted days; equal in both, players share the place.
#[must_use]
pub fn rank_season(days: &[Vec<DayPlace>], best_of: usize) -> Vec<SeasonPlace> {
    let mut per_player: BTreeMap<PlayerNo, Vec<(usize, u32, i64)>> = BTreeMap::new();
    for (d, day) in days.iter().enumerate() {
        for p in day {
            per_player
                .entry(p.player)
                .or_default()
                .push((d + 1, p.cup_points, p.total));
        }
    }
    let mut rows: Vec<SeasonPlace> = per_player
        .into_iter()
        .map(|(player, mut results)| {
            results.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
            let days_played = results.len();
            results.truncate(best_of);
            SeasonPlace {
                player,
                place: 0,
                cup_points: results.iter().map(|r| r.1).sum(),
                schrift: results.iter().map(|r| r.2).sum(),
                days_played,
                counted: results.iter().map(|r| r.0).collect(),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        b.cup_points
            .cmp(&a.cup_points)
            .then(b.schrift.cmp(&a.schrift))
            .then(a.player.cmp(&b.player))
    });
    for i in 0..rows.len() {
        rows[i].place = if i > 0
            && rows[i - 1].cup_points == rows[i].cup_points
            && rows[i - 1].schrift == rows[i].schrift
        {
            rows[i - 1].place
        } else {
            i + 1
        };
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: PlayerNo = PlayerNo(0);
    const B: PlayerNo = PlayerNo(1);
    const C: PlayerNo = PlayerNo(2);
    const D: PlayerNo = PlayerNo(3);

    fn places(day: &[DayPlace]) -> Vec<(PlayerNo, usize, u32)> {
        day.iter()
            .map(|p| (p.player, p.place, p.cup_points))
            .collect()
    }

    #[test]
    fn the_specs_day_example_shares_second_place() {
        // A +31, B +12, C +12, D −5: places 1, 2, 2, 4; 50, 45, 45, 35.
        let day = rank_day(&[(D, -5), (B, 12), (A, 31), (C, 12)]);
        assert_eq!(
            places(&day),
            [(A, 1, 50), (B, 2, 45), (C, 2, 45), (D, 4, 35)]
        );
    }

    #[test]
    fn places_past_twenty_earn_nothing() {
        let totals: Vec<(PlayerNo, i64)> =
            (0..24).map(|i| (PlayerNo(i), 100 - i64::from(i))).collect();
        let day = rank_day(&totals);
        assert_eq!(day[19].place, 20);
        assert_eq!(day[19].cup_points, 1);
        assert_eq!(day[20].cup_points, 0);
        // The points handed out: the whole table once.
        assert_eq!(
            day.iter().map(|p| p.cup_points).sum::<u32>(),
            200 + 106 + 50 + 15
        );
    }

    /// A day where the given players take places 1, 2, … in that order,
    /// with these totals.
    fn day_of(order: &[(PlayerNo, i64)]) -> Vec<DayPlace> {
        rank_day(order)
    }

    #[test]
    fn the_season_counts_the_best_six_of_eight_days() {
        // A wins days 1–2 and is last on days 3–8 (35 points each): best six
        // = 50 + 50 + 4 × 35 = 240. B is second on all eight: 6 × 45 = 270.
        let mut days = Vec::new();
        for d in 0..8 {
            let a_wins = d < 2;
            days.push(day_of(&[
                (A, if a_wins { 30 } else { -30 }),
                (B, 10),
                (C, if a_wins { 0 } else { 20 }),
                (D, if a_wins { -40 } else { 0 }),
            ]));
        }
        let season = rank_season(&days, 6);
        let a = season.iter().find(|s| s.player == A).unwrap();
        let b = season.iter().find(|s| s.player == B).unwrap();
        assert_eq!(a.cup_points, 50 + 50 + 4 * 35);
        assert_eq!(a.days_played, 8);
        assert_eq!(a.counted.len(), 6);
        assert_eq!(&a.counted[..2], &[1, 2]);
        // B is second every day: six days of 45.
        assert_eq!(b.cup_points, 6 * 45);
        // C: third on days 1–2 (40), first on days 3–8: six days of 50.
        // D: last on days 1–2 (35), third on days 3–8: six days of 40 = 240,
        // as many as A, but with the better Schrift (0 against A's
        // 30 + 30 − 4 × 30 = −60).
        let order: Vec<(PlayerNo, usize, u32, i64)> = season
            .iter()
            .map(|s| (s.player, s.place, s.cup_points, s.schrift))
            .collect();
        assert_eq!(
            order,
            [
                (C, 1, 300, 120),
                (B, 2, 270, 60),
                (D, 3, 240, 0),
                (A, 4, 240, -60)
            ]
        );
    }

    #[test]
    fn equal_cup_points_are_split_by_the_schrift_then_shared() {
        // Two days; A and B each win one and come second in the other.
        let days = vec![
            day_of(&[(A, 40), (B, 10), (C, 0), (D, -50)]),
            day_of(&[(B, 20), (A, 5), (C, 0), (D, -25)]),
        ];
        let season = rank_season(&days, 6);
        // Both 95 cup points; A's Schrift 45, B's 30: A first.
        assert_eq!(
            (season[0].player, season[0].place, season[0].cup_points),
            (A, 1, 95)
        );
        assert_eq!(
            (season[1].player, season[1].place, season[1].schrift),
            (B, 2, 30)
        );
        // Equal in both: a shared place.
        let days = vec![
            day_of(&[(A, 20), (B, 10), (C, 0), (D, -30)]),
            day_of(&[(B, 20), (A, 10), (C, 0), (D, -30)]),
        ];
        let season = rank_season(&days, 6);
        assert_eq!(season[0].place, 1);
        assert_eq!(season[1].place, 1);
        assert_eq!(season[2].place, 3);
    }

    #[test]
    fn the_two_worst_of_eight_days_do_not_count() {
        // A's days as (cup points, Schrift): the 1- and 0-point days drop
        // out although one had the best Schrift: 50 + 45 + 40 + 35 + 30 + 27
        // = 227 points, 30 + 20 + 10 + 5 + 1 + 2 = 68 Schrift.
        let a_days = [
            (50, 30),
            (45, 20),
            (40, 10),
            (35, 5),
            (30, 1),
            (27, 2),
            (1, 90),
            (0, -40),
        ];
        let days: Vec<Vec<DayPlace>> = a_days
            .iter()
            .map(|&(cup_points, total)| {
                vec![DayPlace {
                    player: A,
                    total,
                    place: 0,
                    cup_points,
                }]
            })
            .collect();
        let season = rank_season(&days, 6);
        assert_eq!((season[0].cup_points, season[0].schrift), (227, 68));
        assert_eq!(season[0].counted, [1, 2, 3, 4, 5, 6]);
        assert_eq!(season[0].days_played, 8);
    }

    #[test]
    fn among_equal_cup_points_the_better_schrift_is_counted() {
        // A is first on three days with +50, +10 and +30; with the best two
        // counted, the tie-break sees +50 and +30.
        let days = vec![
            day_of(&[(A, 50), (B, -50)]),
            day_of(&[(A, 10), (B, -10)]),
            day_of(&[(A, 30), (B, -30)]),
        ];
        let season = rank_season(&days, 2);
        assert_eq!(season[0].schrift, 80);
        assert_eq!(season[0].counted, [1, 3]);
        assert_eq!(season[1].schrift, -40, "B's best two: −10 and −30");
    }
}
