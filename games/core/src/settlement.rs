//! What a finished round is worth to each seat, in units (one unit is the
//! game's smallest stake: a won Rufer, a 20 ab point; the table multiplies
//! by its money per unit). Every round of the family is zero-sum: what one
//! seat wins the others pay, so a [`Settlement`] that does not sum to zero
//! cannot be made.

use serde::{Deserialize, Serialize};

/// Units won (positive) or paid (negative) by each seat, seat 0 first;
/// always sums to zero.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Settlement(Vec<i64>);

/// The amounts of a would-be settlement do not sum to zero.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a settlement must sum to zero, these units sum to {sum}: {units:?}")]
pub struct NotZeroSum {
    /// The units given.
    pub units: Vec<i64>,
    /// Their sum.
    pub sum: i64,
}

impl Settlement {
    /// The settlement of these per-seat units.
    ///
    /// # Errors
    /// [`NotZeroSum`] when they do not sum to zero (or the sum overflows).
    pub fn new(units: Vec<i64>) -> Result<Settlement, NotZeroSum> {
        let sum = units.iter().try_fold(0i64, |acc, u| acc.checked_add(*u));
        match sum {
            Some(0) => Ok(Settlement(units)),
            sum => Err(NotZeroSum {
                sum: sum.unwrap_or(i64::MAX),
                units,
            }),
        }
    }

    /// Each seat's units, seat 0 first.
    pub fn units(&self) -> &[i64] {
        &self.0
    }

    /// The units of `seat` (0 for a seat the round does not have).
    pub fn of(&self, seat: crate::Seat) -> i64 {
        self.0.get(seat.index()).copied().unwrap_or(0)
    }

    /// The number of seats settled.
    pub fn seats(&self) -> usize {
        self.0.len()
    }
}

impl<'de> Deserialize<'de> for Settlement {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Settlement, D::Error> {
        let units = Vec::<i64>::deserialize(d)?;
        Settlement::new(units).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    #[test]
    fn only_zero_sum_amounts_make_a_settlement() {
        let s = Settlement::new(vec![-1, 1, -1, 1]).unwrap();
        assert_eq!(s.of(Seat::new(1)), 1);
        assert_eq!(s.of(Seat::new(7)), 0);
        let e = Settlement::new(vec![3, -1, -1]).unwrap_err();
        assert_eq!(e.sum, 1);
        assert!(Settlement::new(vec![i64::MAX, 1, -1]).is_err());
    }

    #[test]
    fn json_is_the_list_of_units_and_is_checked_on_reading() {
        let s = Settlement::new(vec![30, -10, -20]).unwrap();
        assert_eq!(serde_json::to_string(&s).unwrap(), "[30,-10,-20]");
        assert_eq!(
            serde_json::from_str::<Settlement>("[30,-10,-20]").unwrap(),
            s
        );
        assert!(serde_json::from_str::<Settlement>("[30,-10]").is_err());
    }
}
