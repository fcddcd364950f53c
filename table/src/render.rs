//! The table's own words besides the games' texts: the time per move.
//! Money and signed numbers are the face boundary's
//! (`tarock_face::numbers`), shared by every game's texts.

pub use tarock_face::numbers::{money, signed, signed_money};

use crate::text::{self, Lang};

/// A time per move as people say it: `7 Tage`, `12 Stunden`, `2 Minuten`,
/// `90 Sekunden` (the largest whole unit).
pub fn pace_text(ms: i64, lang: Lang) -> String {
    const UNITS: [(i64, &str); 4] = [
        (86_400_000, "pace-days"),
        (3_600_000, "pace-hours"),
        (60_000, "pace-minutes"),
        (1000, "pace-seconds"),
    ];
    let (size, id) = UNITS
        .iter()
        .copied()
        .find(|(size, _)| ms >= *size && ms % size == 0)
        .unwrap_or((1000, "pace-seconds"));
    text::text(lang, id, vec![("count", (ms / size).into())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paces_read_in_the_largest_whole_unit() {
        for (ms, de, en) in [
            (7 * 86_400_000, "7 Tage", "7 days"),
            (86_400_000, "1 Tag", "1 day"),
            (12 * 3_600_000, "12 Stunden", "12 hours"),
            (36 * 3_600_000, "36 Stunden", "36 hours"),
            (2 * 60_000, "2 Minuten", "2 minutes"),
            (90_000, "90 Sekunden", "90 seconds"),
        ] {
            assert_eq!(pace_text(ms, Lang::De), de);
            assert_eq!(pace_text(ms, Lang::En), en);
        }
    }
}
