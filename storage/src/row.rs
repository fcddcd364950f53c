//! Reading typed values out of rows, with errors that name the row.

use std::str::FromStr;

use sqlx::any::AnyRow;
use sqlx::{Decode, Row, Type};
use tarock_game_core::Seat;
use tarock_game_core::seat::MAX_SEATS;

use crate::error::StorageError;

/// Reads column `column` of `row` from database table `table`.
pub(crate) fn get<'r, T>(
    row: &'r AnyRow,
    table: &'static str,
    column: &str,
) -> Result<T, StorageError>
where
    T: Decode<'r, sqlx::Any> + Type<sqlx::Any>,
{
    row.try_get(column).map_err(|e| StorageError::BadRow {
        table,
        key: key_of(row),
        detail: format!("column {column}: {e}"),
    })
}

/// A text column parsed with `FromStr`.
pub(crate) fn parse<T: FromStr<Err = String>>(
    row: &AnyRow,
    table: &'static str,
    column: &str,
) -> Result<T, StorageError> {
    let text: String = get(row, table, column)?;
    text.parse().map_err(|detail| StorageError::BadRow {
        table,
        key: key_of(row),
        detail: format!("column {column}: {detail}"),
    })
}

/// An integer column holding a seat 0–4.
pub(crate) fn seat(row: &AnyRow, table: &'static str, column: &str) -> Result<Seat, StorageError> {
    let n: i64 = get(row, table, column)?;
    u8::try_from(n)
        .ok()
        .filter(|n| *n < MAX_SEATS)
        .map(Seat::new)
        .ok_or_else(|| StorageError::BadRow {
            table,
            key: key_of(row),
            detail: format!("column {column}: seat {n} is not 0–4"),
        })
}

/// A non-negative integer column that fits `u32`.
pub(crate) fn count(row: &AnyRow, table: &'static str, column: &str) -> Result<u32, StorageError> {
    let n: i64 = get(row, table, column)?;
    u32::try_from(n).map_err(|_| StorageError::BadRow {
        table,
        key: key_of(row),
        detail: format!("column {column}: {n} is out of range"),
    })
}

/// A 0/1 integer column.
pub(crate) fn flag(row: &AnyRow, table: &'static str, column: &str) -> Result<bool, StorageError> {
    let n: i64 = get(row, table, column)?;
    Ok(n != 0)
}

/// The row's key for error messages: its `id`, or else its first column.
fn key_of(row: &AnyRow) -> String {
    for column in ["id", "deal_id", "table_id"] {
        if let Ok(id) = row.try_get::<i64, _>(column) {
            return format!("{column}={id}");
        }
    }
    "?".to_owned()
}

/// A seat as stored.
pub(crate) fn seat_value(seat: Seat) -> i32 {
    seat.index() as i32
}
