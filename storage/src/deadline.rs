//! Turn deadlines: by when the seat to act must act, per table.

use sqlx::any::AnyRow;

use crate::error::StorageError;
use crate::model::{Deadline, DealId, TableId};
use crate::row::{count, flag, get, seat, seat_value};
use crate::sql;
use crate::store::{Store, Tx};

fn deadline_from_row(row: &AnyRow) -> Result<Deadline, StorageError> {
    const T: &str = "deadlines";
    Ok(Deadline {
        table: TableId(get(row, T, "table_id")?),
        deal: DealId(get(row, T, "deal_id")?),
        seq: count(row, T, "seq")?,
        seat: seat(row, T, "seat")?,
        remind_ms: get(row, T, "remind_ms")?,
        due_ms: get(row, T, "due_ms")?,
        reminded: flag(row, T, "reminded")?,
    })
}

impl Tx {
    /// Sets (or replaces) the table's deadline.
    ///
    /// # Errors
    /// The database's error.
    pub async fn set_deadline(&mut self, deadline: &Deadline) -> Result<(), StorageError> {
        sqlx::query(sql::UPSERT_DEADLINE)
            .bind(deadline.table.0)
            .bind(deadline.deal.0)
            .bind(deadline.seq as i32)
            .bind(seat_value(deadline.seat))
            .bind(deadline.remind_ms)
            .bind(deadline.due_ms)
            .bind(i32::from(deadline.reminded))
            .execute(self.conn().await?)
            .await?;
        Ok(())
    }

    /// Removes the table's deadline (nobody has to act, or the table paused).
    ///
    /// # Errors
    /// The database's error.
    pub async fn clear_deadline(&mut self, table: TableId) -> Result<(), StorageError> {
        sqlx::query(sql::DELETE_DEADLINE)
            .bind(table.0)
            .execute(self.conn().await?)
            .await?;
        Ok(())
    }
}

impl Store {
    /// The deadlines of playing tables that need attention at `now_ms`: due,
    /// or with a reminder due that was not sent yet. Earliest first.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn due_deadlines(
        &self,
        now_ms: i64,
        limit: u32,
    ) -> Result<Vec<Deadline>, StorageError> {
        let rows = sqlx::query(sql::DUE_DEADLINES)
            .bind(now_ms)
            .bind(i64::from(limit))
            .fetch_all(&mut *self.conn().await?)
            .await?;
        rows.iter().map(deadline_from_row).collect()
    }

    /// The earliest moment any playing table needs attention (a due time or
    /// an unsent reminder), so a scheduler knows how long it may sleep.
    ///
    /// # Errors
    /// The database's error.
    pub async fn next_deadline_ms(&self) -> Result<Option<i64>, StorageError> {
        let next: Option<i64> = sqlx::query_scalar(sql::NEXT_DEADLINE)
            .fetch_one(&mut *self.conn().await?)
            .await?;
        Ok(next)
    }

    /// The table's deadline, if it has one.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn deadline(&self, table: TableId) -> Result<Option<Deadline>, StorageError> {
        let row = sqlx::query(sql::DEADLINE_OF_TABLE)
            .bind(table.0)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        row.as_ref().map(deadline_from_row).transpose()
    }

    /// Notes that the reminder for `deadline` was sent; returns false when
    /// the table's deadline has moved on meanwhile (nothing changed).
    ///
    /// # Errors
    /// The database's error.
    pub async fn mark_reminded(&self, deadline: &Deadline) -> Result<bool, StorageError> {
        let done = sqlx::query(sql::MARK_REMINDED)
            .bind(deadline.table.0)
            .bind(deadline.deal.0)
            .bind(deadline.seq as i32)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
