//! Tables and their seats.

use sqlx::AnyConnection;
use sqlx::any::AnyRow;
use tarock_game_core::Seat;

use crate::error::StorageError;
use crate::model::{NewTable, Occupant, Platform, PlayerId, SeatRow, Table, TableId, TableStatus};
use crate::row::{get, parse, seat, seat_value};
use crate::sql;
use crate::store::{Backend, Store, Tx};

fn table_from_row(row: &AnyRow) -> Result<Table, StorageError> {
    const T: &str = "tables";
    Ok(Table {
        id: TableId(get(row, T, "id")?),
        platform: parse(row, T, "platform")?,
        chat_id: get(row, T, "chat_id")?,
        thread_id: get(row, T, "thread_id")?,
        game: get(row, T, "game")?,
        seats: seat_count(row)?,
        rules: get(row, T, "rules")?,
        stake_cents: get(row, T, "stake_cents")?,
        pace_ms: get(row, T, "pace_ms")?,
        language: get(row, T, "language")?,
        status: parse(row, T, "status")?,
        creator: get::<Option<i64>>(row, T, "creator_id")?.map(PlayerId),
        public_message_id: get(row, T, "public_message_id")?,
        created_ms: get(row, T, "created_ms")?,
        updated_ms: get(row, T, "updated_ms")?,
    })
}

/// The `seat_count` column: 3–5.
fn seat_count(row: &AnyRow) -> Result<u8, StorageError> {
    let n: i64 = get(row, "tables", "seat_count")?;
    u8::try_from(n)
        .ok()
        .filter(|n| (3..=tarock_game_core::seat::MAX_SEATS).contains(n))
        .ok_or_else(|| StorageError::BadRow {
            table: "tables",
            key: format!("id={}", get::<i64>(row, "tables", "id").unwrap_or(0)),
            detail: format!("column seat_count: {n} is not 3–5"),
        })
}

/// An occupant from a `player_id` / `computer` column pair.
pub(crate) fn occupant(row: &AnyRow, table: &'static str) -> Result<Occupant, StorageError> {
    let player: Option<i64> = get(row, table, "player_id")?;
    let computer: Option<String> = get(row, table, "computer")?;
    match (player, computer) {
        (Some(id), None) => Ok(Occupant::Player(PlayerId(id))),
        (None, Some(level)) => Ok(Occupant::Computer(level)),
        _ => Err(StorageError::BadRow {
            table,
            key: get::<i64>(row, table, "seat").map_or("?".into(), |s| format!("seat={s}")),
            detail: "a seat holds exactly one of a player and a computer".into(),
        }),
    }
}

/// The (player_id, computer) column values of an occupant.
pub(crate) fn occupant_columns(occupant: &Occupant) -> (Option<i64>, Option<String>) {
    match occupant {
        Occupant::Player(id) => (Some(id.0), None),
        Occupant::Computer(level) => (None, Some(level.clone())),
    }
}

pub(crate) async fn table(
    conn: &mut AnyConnection,
    id: TableId,
) -> Result<Option<Table>, StorageError> {
    table_by(conn, sql::TABLE_BY_ID, id).await
}

/// A table read with `sql` ([`sql::TABLE_BY_ID`], or [`sql::LOCK_TABLE`]
/// that locks it too).
pub(crate) async fn table_by(
    conn: &mut AnyConnection,
    sql: &'static str,
    id: TableId,
) -> Result<Option<Table>, StorageError> {
    let row = sqlx::query(sql).bind(id.0).fetch_optional(conn).await?;
    row.as_ref().map(table_from_row).transpose()
}

pub(crate) async fn seats(
    conn: &mut AnyConnection,
    id: TableId,
) -> Result<Vec<SeatRow>, StorageError> {
    let rows = sqlx::query(sql::SEATS_OF_TABLE)
        .bind(id.0)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|row| {
            let occupant = occupant(row, "seats")?;
            let player = match occupant {
                Occupant::Player(_) => Some(crate::player::from_row(row)?),
                Occupant::Computer(_) => None,
            };
            Ok(SeatRow {
                seat: seat(row, "seats", "seat")?,
                occupant,
                player,
                since_ms: get(row, "seats", "since_ms")?,
            })
        })
        .collect()
}

impl Tx {
    /// Creates a table in the lobby state.
    ///
    /// # Errors
    /// [`StorageError::Invalid`] when the rules are not JSON; the database's error.
    pub async fn create_table(
        &mut self,
        new: &NewTable,
        now_ms: i64,
    ) -> Result<TableId, StorageError> {
        if serde_json::from_str::<serde_json::Value>(&new.rules).is_err() {
            return Err(StorageError::Invalid(format!(
                "table rules are not JSON: {}",
                new.rules
            )));
        }
        match tarock_games::by_id(&new.game) {
            None => {
                return Err(StorageError::Invalid(format!(
                    "no game is called {:?}",
                    new.game
                )));
            }
            Some(kind) => {
                let (min, max) = kind.seat_range();
                if !(min..=max).contains(&new.seats) {
                    return Err(StorageError::Invalid(format!(
                        "{} is played by {min}–{max} seats, not {}",
                        new.game, new.seats
                    )));
                }
            }
        }
        let id: i64 = sqlx::query_scalar(sql::INSERT_TABLE)
            .bind(new.platform.as_str())
            .bind(&new.chat_id)
            .bind(&new.thread_id)
            .bind(&new.rules)
            .bind(new.stake_cents)
            .bind(new.pace_ms)
            .bind(&new.language)
            .bind(new.creator.map(|p| p.0))
            .bind(now_ms)
            .bind(&new.game)
            .bind(i32::from(new.seats))
            .fetch_one(self.conn().await?)
            .await?;
        Ok(TableId(id))
    }

    /// Reads the table and holds it for this transaction: a second
    /// transaction locking the same table waits until this one ends. Take it
    /// first in every transaction that changes a table, so that changes to
    /// one table never interleave (SQLite already holds the whole database).
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; the database's error.
    pub async fn lock_table(&mut self, id: TableId) -> Result<Table, StorageError> {
        let sql = match self.backend {
            Backend::Postgres => sql::LOCK_TABLE,
            Backend::Sqlite => sql::TABLE_BY_ID,
        };
        let row = sqlx::query(sql)
            .bind(id.0)
            .fetch_optional(self.conn().await?)
            .await?;
        match row {
            Some(row) => table_from_row(&row),
            None => Err(StorageError::NotFound(format!("table {id}"))),
        }
    }

    /// Sets the table's status.
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; the database's error.
    pub async fn set_table_status(
        &mut self,
        id: TableId,
        status: TableStatus,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        let done = sqlx::query(sql::SET_TABLE_STATUS)
            .bind(id.0)
            .bind(status.as_str())
            .bind(now_ms)
            .execute(self.conn().await?)
            .await?;
        found(done.rows_affected(), id)
    }

    /// Remembers the platform's id of the table's public message, so later
    /// updates edit it in place.
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; the database's error.
    pub async fn set_public_message(
        &mut self,
        id: TableId,
        message_id: Option<&str>,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        let done = sqlx::query(sql::SET_PUBLIC_MESSAGE)
            .bind(id.0)
            .bind(message_id)
            .bind(now_ms)
            .execute(self.conn().await?)
            .await?;
        found(done.rows_affected(), id)
    }

    /// Changes the table's settings (rules as written, stake, pace, language);
    /// deals already dealt keep the rules they were dealt with.
    ///
    /// # Errors
    /// [`StorageError::Invalid`] when the rules are not JSON;
    /// [`StorageError::NotFound`]; the database's error.
    pub async fn set_table_settings(
        &mut self,
        id: TableId,
        rules: &str,
        stake_cents: i64,
        pace_ms: i64,
        language: &str,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        if serde_json::from_str::<serde_json::Value>(rules).is_err() {
            return Err(StorageError::Invalid(format!(
                "table rules are not JSON: {rules}"
            )));
        }
        let done = sqlx::query(sql::SET_TABLE_SETTINGS)
            .bind(id.0)
            .bind(rules)
            .bind(stake_cents)
            .bind(pace_ms)
            .bind(language)
            .bind(now_ms)
            .execute(self.conn().await?)
            .await?;
        found(done.rows_affected(), id)
    }

    /// Puts `occupant` on `seat`, replacing whoever sat there.
    ///
    /// # Errors
    /// The database's error, e.g. when the player already sits elsewhere at
    /// this table.
    pub async fn set_seat(
        &mut self,
        id: TableId,
        seat: Seat,
        occupant: &Occupant,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        let (player, computer) = occupant_columns(occupant);
        sqlx::query(sql::UPSERT_SEAT)
            .bind(id.0)
            .bind(seat_value(seat))
            .bind(player)
            .bind(computer)
            .bind(now_ms)
            .execute(self.conn().await?)
            .await?;
        Ok(())
    }

    /// Empties `seat`; returns whether someone sat there.
    ///
    /// # Errors
    /// The database's error.
    pub async fn clear_seat(&mut self, id: TableId, seat: Seat) -> Result<bool, StorageError> {
        let done = sqlx::query(sql::DELETE_SEAT)
            .bind(id.0)
            .bind(seat_value(seat))
            .execute(self.conn().await?)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The table, read inside this transaction.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn table(&mut self, id: TableId) -> Result<Option<Table>, StorageError> {
        table(self.conn().await?, id).await
    }

    /// The occupied seats, read inside this transaction.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn seats(&mut self, id: TableId) -> Result<Vec<SeatRow>, StorageError> {
        seats(self.conn().await?, id).await
    }
}

impl Store {
    /// The table with this id.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn table(&self, id: TableId) -> Result<Option<Table>, StorageError> {
        table(&mut *self.conn().await?, id).await
    }

    /// The occupied seats of a table, in seat order.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn seats(&self, id: TableId) -> Result<Vec<SeatRow>, StorageError> {
        seats(&mut *self.conn().await?, id).await
    }

    /// The tables of a chat that are not closed, oldest first.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn open_tables_in(
        &self,
        platform: Platform,
        chat_id: &str,
    ) -> Result<Vec<Table>, StorageError> {
        let rows = sqlx::query(sql::OPEN_TABLES_IN_CHAT)
            .bind(platform.as_str())
            .bind(chat_id)
            .fetch_all(&mut *self.conn().await?)
            .await?;
        rows.iter().map(table_from_row).collect()
    }

    /// The tables that are not closed where this platform user has a seat,
    /// newest first.
    ///
    /// # Errors
    /// The database's error.
    pub async fn open_tables_of_player(
        &self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Vec<TableId>, StorageError> {
        let ids: Vec<i64> = sqlx::query_scalar(sql::OPEN_TABLES_OF_PLAYER)
            .bind(platform.as_str())
            .bind(user_id)
            .fetch_all(&mut *self.conn().await?)
            .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }

    /// The ids of every table with this status, ascending.
    ///
    /// # Errors
    /// The database's error.
    pub async fn table_ids_with_status(
        &self,
        status: TableStatus,
    ) -> Result<Vec<TableId>, StorageError> {
        let ids: Vec<i64> = sqlx::query_scalar(sql::TABLE_IDS_WITH_STATUS)
            .bind(status.as_str())
            .fetch_all(&mut *self.conn().await?)
            .await?;
        Ok(ids.into_iter().map(TableId).collect())
    }
}

fn found(rows: u64, id: TableId) -> Result<(), StorageError> {
    if rows == 0 {
        Err(StorageError::NotFound(format!("table {id}")))
    } else {
        Ok(())
    }
}

/// How much a store holds, for `tarock db status` and monitoring.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Tables per status, in [`TableStatus::ALL`] order.
    pub tables: Vec<(TableStatus, u64)>,
    /// Deals per status, in [`crate::DealStatus::ALL`] order.
    pub deals: Vec<(crate::DealStatus, u64)>,
    /// Events in all logs.
    pub events: u64,
    /// Players.
    pub players: u64,
}

impl Store {
    /// Counts of what the store holds.
    ///
    /// # Errors
    /// The database's error.
    pub async fn summary(&self) -> Result<Summary, StorageError> {
        let mut conn = self.conn().await?;
        let tables: Vec<(String, i64)> = sqlx::query_as(sql::COUNT_TABLES_BY_STATUS)
            .fetch_all(&mut *conn)
            .await?;
        let deals: Vec<(String, i64)> = sqlx::query_as(sql::COUNT_DEALS_BY_STATUS)
            .fetch_all(&mut *conn)
            .await?;
        let events: i64 = sqlx::query_scalar(sql::COUNT_EVENTS)
            .fetch_one(&mut *conn)
            .await?;
        let players: i64 = sqlx::query_scalar(sql::COUNT_PLAYERS)
            .fetch_one(&mut *conn)
            .await?;
        let count_of = |rows: &[(String, i64)], name: &str| {
            rows.iter()
                .find(|(s, _)| s == name)
                .map_or(0, |(_, n)| *n as u64)
        };
        Ok(Summary {
            tables: TableStatus::ALL
                .iter()
                .map(|s| (*s, count_of(&tables, s.as_str())))
                .collect(),
            deals: crate::DealStatus::ALL
                .iter()
                .map(|s| (*s, count_of(&deals, s.as_str())))
                .collect(),
            events: events as u64,
            players: players as u64,
        })
    }
}
