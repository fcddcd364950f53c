//! Pip layouts as data: where the suit marks of a pip card go.
//!
//! Pips stay in the card's central column (x 64–136), clear of the corner
//! indices; those in the lower half are printed upside down.

use super::marks;
use crate::face::Suit;

/// Left, centre and right pip columns.
const L: f32 = 82.0;
const C: f32 = 100.0;
const R: f32 = 118.0;
/// Size of a pip.
const PIP: f32 = 30.0;
/// Size of the single mark of an Ace.
const ACE: f32 = 86.0;

/// Pip centres per count (2, 3, 4, 7, 8, 9, 10 pips; the Ace is one big mark).
const LAYOUTS: [(u8, &[(f32, f32)]); 7] = [
    (2, &[(C, 52.0), (C, 248.0)]),
    (3, &[(C, 52.0), (C, 150.0), (C, 248.0)]),
    (4, &[(L, 52.0), (R, 52.0), (L, 248.0), (R, 248.0)]),
    (
        7,
        &[
            (L, 52.0),
            (R, 52.0),
            (C, 101.0),
            (L, 150.0),
            (R, 150.0),
            (L, 248.0),
            (R, 248.0),
        ],
    ),
    (
        8,
        &[
            (L, 52.0),
            (R, 52.0),
            (C, 101.0),
            (L, 150.0),
            (R, 150.0),
            (C, 199.0),
            (L, 248.0),
            (R, 248.0),
        ],
    ),
    (
        9,
        &[
            (L, 52.0),
            (R, 52.0),
            (L, 117.0),
            (R, 117.0),
            (C, 150.0),
            (L, 183.0),
            (R, 183.0),
            (L, 248.0),
            (R, 248.0),
        ],
    ),
    (
        10,
        &[
            (L, 52.0),
            (R, 52.0),
            (C, 84.5),
            (L, 117.0),
            (R, 117.0),
            (L, 183.0),
            (R, 183.0),
            (C, 215.5),
            (L, 248.0),
            (R, 248.0),
        ],
    ),
];

/// The pip centres for `count` pips (empty for a count no card has).
pub fn layout(count: u8) -> &'static [(f32, f32)] {
    LAYOUTS
        .iter()
        .find(|(n, _)| *n == count)
        .map_or(&[], |(_, spots)| *spots)
}

/// Draws `count` pips of `suit`.
pub fn draw(out: &mut String, suit: Suit, count: u8) {
    if count == 1 {
        out.push_str(&marks::suit(suit, C, 150.0, ACE, false));
        return;
    }
    for &(x, y) in layout(count) {
        out.push_str(&marks::suit(suit, x, y, PIP, y > 150.0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_has_as_many_spots_as_pips() {
        for (count, spots) in LAYOUTS {
            assert_eq!(spots.len(), count as usize);
        }
    }

    #[test]
    fn pips_keep_clear_of_the_corner_indices_and_of_each_other() {
        for (count, spots) in LAYOUTS {
            for (i, &(x, y)) in spots.iter().enumerate() {
                assert!(
                    x - PIP / 2.0 >= 64.0 && x + PIP / 2.0 <= 136.0,
                    "{count}: {x}"
                );
                assert!(
                    y - PIP / 2.0 >= 30.0 && y + PIP / 2.0 <= 270.0,
                    "{count}: {y}"
                );
                for &(x2, y2) in &spots[i + 1..] {
                    let apart = (x - x2).abs() >= PIP || (y - y2).abs() >= PIP;
                    assert!(apart, "{count} pips: ({x},{y}) touches ({x2},{y2})");
                }
            }
        }
    }
}
