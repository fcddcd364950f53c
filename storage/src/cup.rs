//! Cups played in a chat (`cups`) and the tables their rounds were drawn
//! into (`cup_tables`). A cup's players, rounds and scores are one JSON
//! document that the table service reads and writes whole; storage keeps
//! it, one open cup per chat, and knows which tables belong to which round.

use sqlx::AnyConnection;
use sqlx::any::AnyRow;

use crate::error::StorageError;
use crate::model::{Platform, PlayerId, TableId};
use crate::row::{get, parse};
use crate::sql;
use crate::store::{Backend, Store, Tx};

/// A cup's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CupId(pub i64);

impl std::fmt::Display for CupId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Whether a cup is still played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CupStatus {
    /// Players join, rounds are drawn and played.
    Open,
    /// Ended (all days played, or ended by its organizer): kept for its
    /// standings; the chat may open another.
    Over,
}

impl CupStatus {
    /// The stored text.
    pub const fn as_str(self) -> &'static str {
        match self {
            CupStatus::Open => "open",
            CupStatus::Over => "over",
        }
    }
}

impl std::str::FromStr for CupStatus {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "open" => Ok(CupStatus::Open),
            "over" => Ok(CupStatus::Over),
            other => Err(format!("unknown cup status {other:?}")),
        }
    }
}

/// The chat a cup belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CupChat {
    /// Its platform.
    pub platform: Platform,
    /// The chat or channel id.
    pub chat_id: String,
    /// The thread or forum topic, if any.
    pub thread_id: Option<String>,
}

/// A cup to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCup {
    /// Where it is played.
    pub chat: CupChat,
    /// Its name.
    pub name: String,
    /// Its document (JSON), as the service writes it.
    pub data: String,
    /// Time per action at its tables.
    pub pace_ms: i64,
    /// The language of its messages.
    pub language: String,
    /// Who opened it (its organizer).
    pub creator: PlayerId,
}

/// A stored cup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupRow {
    /// Its id.
    pub id: CupId,
    /// Where it is played.
    pub chat: CupChat,
    /// Its name.
    pub name: String,
    /// Open or over.
    pub status: CupStatus,
    /// Its document (JSON), as last written.
    pub data: String,
    /// Time per action at its tables.
    pub pace_ms: i64,
    /// The language of its messages.
    pub language: String,
    /// Its organizer.
    pub creator: PlayerId,
    /// When it was opened.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

/// A table drawn for a round of a cup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CupTable {
    /// The table.
    pub table: TableId,
    /// The cup.
    pub cup: CupId,
    /// The cup day (1-based).
    pub day: u32,
    /// The round of that day (1-based).
    pub round: u32,
    /// The table's number in the round (1-based, the draw's order).
    pub table_no: u32,
    /// How many deals the table plays before it ends.
    pub deals: u32,
}

/// The thread column: '' stands for no thread, so that the key holds.
fn thread_key(thread: Option<&str>) -> &str {
    thread.unwrap_or("")
}

fn cup_from_row(row: &AnyRow) -> Result<CupRow, StorageError> {
    let thread: String = get(row, "cups", "thread_id")?;
    Ok(CupRow {
        id: CupId(get(row, "cups", "id")?),
        chat: CupChat {
            platform: parse(row, "cups", "platform")?,
            chat_id: get(row, "cups", "chat_id")?,
            thread_id: (!thread.is_empty()).then_some(thread),
        },
        name: get(row, "cups", "name")?,
        status: parse(row, "cups", "status")?,
        data: get(row, "cups", "data")?,
        pace_ms: get(row, "cups", "pace_ms")?,
        language: get(row, "cups", "language")?,
        creator: PlayerId(get(row, "cups", "creator_id")?),
        created_ms: get(row, "cups", "created_ms")?,
        updated_ms: get(row, "cups", "updated_ms")?,
    })
}

fn small(row: &AnyRow, column: &str) -> Result<u32, StorageError> {
    let value: i64 = get(row, "cup_tables", column)?;
    u32::try_from(value).map_err(|e| StorageError::BadRow {
        table: "cup_tables",
        key: String::new(),
        detail: format!("column {column}: {e}"),
    })
}

/// The one cup of a chat that `sql` selects.
async fn open_cup_in(
    conn: &mut AnyConnection,
    sql: &'static str,
    chat: &CupChat,
) -> Result<Option<CupRow>, StorageError> {
    let row = sqlx::query(sql)
        .bind(chat.platform.as_str())
        .bind(&chat.chat_id)
        .bind(thread_key(chat.thread_id.as_deref()))
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(cup_from_row).transpose()
}

impl Store {
    /// The open cup of a chat (and thread), if any.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn open_cup_in(&self, chat: &CupChat) -> Result<Option<CupRow>, StorageError> {
        open_cup_in(&mut *self.conn().await?, sql::OPEN_CUP_IN_CHAT, chat).await
    }

    /// The latest cup of a chat (and thread), open or over: a chat has at
    /// most one open cup, and it is the latest.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn latest_cup_in(&self, chat: &CupChat) -> Result<Option<CupRow>, StorageError> {
        open_cup_in(&mut *self.conn().await?, sql::LATEST_CUP_IN_CHAT, chat).await
    }

    /// A cup by id.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn cup(&self, id: CupId) -> Result<Option<CupRow>, StorageError> {
        let row = sqlx::query(sql::CUP_BY_ID)
            .bind(id.0)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        row.as_ref().map(cup_from_row).transpose()
    }

    /// The cup round `table` was drawn for, if any.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn cup_table(&self, table: TableId) -> Result<Option<CupTable>, StorageError> {
        cup_table(&mut *self.conn().await?, table).await
    }

    /// Every table drawn for the cup's rounds, in draw order (day, round,
    /// table number).
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn cup_tables(&self, cup: CupId) -> Result<Vec<CupTable>, StorageError> {
        let rows = sqlx::query(sql::CUP_TABLES_OF_CUP)
            .bind(cup.0)
            .fetch_all(&mut *self.conn().await?)
            .await?;
        rows.iter().map(cup_table_from_row).collect()
    }
}

fn cup_table_from_row(r: &AnyRow) -> Result<CupTable, StorageError> {
    Ok(CupTable {
        table: TableId(get(r, "cup_tables", "table_id")?),
        cup: CupId(get(r, "cup_tables", "cup_id")?),
        day: small(r, "day")?,
        round: small(r, "round")?,
        table_no: small(r, "table_no")?,
        deals: small(r, "deals")?,
    })
}

async fn cup_table(
    conn: &mut AnyConnection,
    table: TableId,
) -> Result<Option<CupTable>, StorageError> {
    let row = sqlx::query(sql::CUP_TABLE)
        .bind(table.0)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(cup_table_from_row).transpose()
}

impl Tx {
    /// Opens a cup; `None` (and nothing stored) when the chat has an open
    /// cup already.
    ///
    /// # Errors
    /// The database's error.
    pub async fn create_cup(
        &mut self,
        cup: &NewCup,
        now_ms: i64,
    ) -> Result<Option<CupId>, StorageError> {
        let row = sqlx::query(sql::INSERT_CUP)
            .bind(cup.chat.platform.as_str())
            .bind(&cup.chat.chat_id)
            .bind(thread_key(cup.chat.thread_id.as_deref()))
            .bind(&cup.name)
            .bind(&cup.data)
            .bind(cup.pace_ms)
            .bind(&cup.language)
            .bind(cup.creator.0)
            .bind(now_ms)
            .fetch_optional(self.conn().await?)
            .await?;
        row.map(|r| get(&r, "cups", "id").map(CupId)).transpose()
    }

    /// The open cup of a chat, held for this transaction: a second
    /// transaction taking the same cup waits until this one ends.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn lock_open_cup_in(
        &mut self,
        chat: &CupChat,
    ) -> Result<Option<CupRow>, StorageError> {
        let sql = match self.backend {
            Backend::Postgres => sql::LOCK_OPEN_CUP_IN_CHAT,
            Backend::Sqlite => sql::OPEN_CUP_IN_CHAT,
        };
        open_cup_in(self.conn().await?, sql, chat).await
    }

    /// A cup by id, held for this transaction.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn lock_cup(&mut self, id: CupId) -> Result<Option<CupRow>, StorageError> {
        let sql = match self.backend {
            Backend::Postgres => sql::LOCK_CUP,
            Backend::Sqlite => sql::CUP_BY_ID,
        };
        let row = sqlx::query(sql)
            .bind(id.0)
            .fetch_optional(self.conn().await?)
            .await?;
        row.as_ref().map(cup_from_row).transpose()
    }

    /// Writes a cup's document and status.
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; the database's error.
    pub async fn save_cup(
        &mut self,
        id: CupId,
        data: &str,
        status: CupStatus,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        let done = sqlx::query(sql::SAVE_CUP)
            .bind(id.0)
            .bind(data)
            .bind(status.as_str())
            .bind(now_ms)
            .execute(self.conn().await?)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StorageError::NotFound(format!("cup {id}")));
        }
        Ok(())
    }

    /// Records that `table.table` was drawn for a cup's round.
    ///
    /// # Errors
    /// The database's error (a table drawn twice breaks the key).
    pub async fn add_cup_table(&mut self, table: &CupTable) -> Result<(), StorageError> {
        sqlx::query(sql::INSERT_CUP_TABLE)
            .bind(table.table.0)
            .bind(table.cup.0)
            .bind(i64::from(table.day))
            .bind(i64::from(table.round))
            .bind(i64::from(table.table_no))
            .bind(i64::from(table.deals))
            .execute(self.conn().await?)
            .await?;
        Ok(())
    }

    /// The cup round `table` was drawn for, if any.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn cup_table(&mut self, table: TableId) -> Result<Option<CupTable>, StorageError> {
        cup_table(self.conn().await?, table).await
    }
}
