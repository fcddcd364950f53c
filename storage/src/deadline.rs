//! Turn deadlines: by when the seat to act must act, per table.

use sqlx::any::AnyRow;

use crate::error::StorageError;
use crate::model::{Deadline, DealId, TableId};
use crate::row::{count, flag, get, seat, seat_value};
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
        sqlx::query(
            "INSERT INTO deadlines (table_id, deal_id, seq, seat, remind_ms, due_ms, reminded)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (table_id) DO UPDATE SET
                 deal_id = excluded.deal_id, seq = excluded.seq, seat = excluded.seat,
                 remind_ms = excluded.remind_ms, due_ms = excluded.due_ms, reminded = excluded.reminded",
        )
        .bind(deadline.table.0)
        .bind(deadline.deal.0)
        .bind(deadline.seq as i32)
        .bind(seat_value(deadline.seat))
        .bind(deadline.remind_ms)
        .bind(deadline.due_ms)
        .bind(i32::from(deadline.reminded))
        .execute(self.conn())
        .await?;
        Ok(())
    }

    /// Removes the table's deadline (nobody has to act, or the table paused).
    ///
    /// # Errors
    /// The database's error.
    pub async fn clear_deadline(&mut self, table: TableId) -> Result<(), StorageError> {
        sqlx::query("DELETE FROM deadlines WHERE table_id = $1")
            .bind(table.0)
            .execute(self.conn())
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
        let rows = sqlx::query(
            "SELECT d.table_id, d.deal_id, d.seq, d.seat, d.remind_ms, d.due_ms, d.reminded
             FROM deadlines d JOIN tables t ON t.id = d.table_id
             WHERE t.status = 'playing'
               AND (d.due_ms <= $1 OR (d.reminded = 0 AND d.remind_ms <= $1))
             ORDER BY d.due_ms, d.table_id
             LIMIT $2",
        )
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
        let next: Option<i64> = sqlx::query_scalar(
            "SELECT MIN(CASE WHEN d.reminded = 0 AND d.remind_ms < d.due_ms THEN d.remind_ms ELSE d.due_ms END)
             FROM deadlines d JOIN tables t ON t.id = d.table_id
             WHERE t.status = 'playing'",
        )
        .fetch_one(&mut *self.conn().await?)
        .await?;
        Ok(next)
    }

    /// The table's deadline, if it has one.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn deadline(&self, table: TableId) -> Result<Option<Deadline>, StorageError> {
        let row = sqlx::query(
            "SELECT table_id, deal_id, seq, seat, remind_ms, due_ms, reminded FROM deadlines WHERE table_id = $1",
        )
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
        let done = sqlx::query(
            "UPDATE deadlines SET reminded = 1 WHERE table_id = $1 AND deal_id = $2 AND seq = $3",
        )
        .bind(deadline.table.0)
        .bind(deadline.deal.0)
        .bind(deadline.seq as i32)
        .execute(&mut *self.conn().await?)
        .await?;
        Ok(done.rows_affected() > 0)
    }
}
