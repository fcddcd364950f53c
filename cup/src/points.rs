//! Cup points for a day's places (seed 002's table).

/// Cup points for places 1 to 20 of a day; from place 21 on a player
/// gets none.
pub const CUP_POINTS: [u32; 20] = [
    50, 45, 40, 35, 30, 27, 24, 21, 18, 16, 14, 12, 10, 8, 6, 5, 4, 3, 2, 1,
];

/// The cup points of a (1-based) place; 0 past place 20 and for place 0.
#[must_use]
pub fn cup_points(place: usize) -> u32 {
    place
        .checked_sub(1)
        .and_then(|i| CUP_POINTS.get(i))
        .copied()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_seed_002() {
        assert_eq!(cup_points(1), 50);
        assert_eq!(cup_points(5), 30);
        assert_eq!(cup_points(6), 27);
        assert_eq!(cup_points(10), 16);
        assert_eq!(cup_points(11), 14);
        assert_eq!(cup_points(16), 5);
        assert_eq!(cup_points(20), 1);
        assert_eq!(cup_points(21), 0);
        assert_eq!(cup_points(0), 0);
        // Strictly falling, as a ranking's points must be.
        assert!(CUP_POINTS.windows(2).all(|w| w[0] > w[1]));
    }
}
