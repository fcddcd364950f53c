//! Tables shown in more chats than their own (`table_links`) and the
//! one-time codes that link them (`link_codes`).

use sqlx::AnyConnection;

use crate::error::StorageError;
use crate::model::{Platform, TableId};
use crate::row::{get, parse};
use crate::sql;
use crate::store::{Store, Tx};

/// A chat a table is linked into.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkedChat {
    /// Its platform.
    pub platform: Platform,
    /// The chat or channel id.
    pub chat_id: String,
    /// The thread or forum topic, if any.
    pub thread_id: Option<String>,
}

/// Why a chat could not be linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkRefusal {
    /// The code does not exist, was used, or expired.
    BadCode,
    /// The chat is linked to an open table already.
    ChatTaken,
}

/// The thread column: '' stands for no thread, so that the key holds.
fn thread_key(thread: Option<&str>) -> &str {
    thread.unwrap_or("")
}

/// The chats `table` is linked into, oldest link first.
async fn links(conn: &mut AnyConnection, table: TableId) -> Result<Vec<LinkedChat>, StorageError> {
    let rows = sqlx::query(sql::LINKS_OF_TABLE)
        .bind(table.0)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|r| {
            let thread: String = get(r, "table_links", "thread_id")?;
            Ok(LinkedChat {
                platform: parse(r, "table_links", "platform")?,
                chat_id: get(r, "table_links", "chat_id")?,
                thread_id: (!thread.is_empty()).then_some(thread),
            })
        })
        .collect()
}

impl Store {
    /// The open table `chat` (and thread) is linked into, if any.
    ///
    /// # Errors
    /// The database's error.
    pub async fn linked_table(
        &self,
        platform: Platform,
        chat_id: &str,
        thread_id: Option<&str>,
    ) -> Result<Option<TableId>, StorageError> {
        let row = sqlx::query(sql::LINKED_TABLE_OF_CHAT)
            .bind(platform.as_str())
            .bind(chat_id)
            .bind(thread_key(thread_id))
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        row.map(|r| get(&r, "table_links", "table_id").map(TableId))
            .transpose()
    }

    /// The table a link code names, if the code is alive (it stays so).
    ///
    /// # Errors
    /// The database's error.
    pub async fn peek_link_code(
        &self,
        code: &str,
        now_ms: i64,
    ) -> Result<Option<TableId>, StorageError> {
        let row = sqlx::query(sql::PEEK_LINK_CODE)
            .bind(code)
            .bind(now_ms)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        row.map(|r| get(&r, "link_codes", "table_id").map(TableId))
            .transpose()
    }

    /// The chats `table` is linked into, oldest link first.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn links_of(&self, table: TableId) -> Result<Vec<LinkedChat>, StorageError> {
        links(&mut *self.conn().await?, table).await
    }

    /// Removes expired link codes; how many.
    ///
    /// # Errors
    /// The database's error.
    pub async fn prune_link_codes(&self, now_ms: i64) -> Result<u64, StorageError> {
        Ok(sqlx::query(sql::PRUNE_LINK_CODES)
            .bind(now_ms)
            .execute(&mut *self.conn().await?)
            .await?
            .rows_affected())
    }
}

impl Tx {
    /// The chats `table` is linked into, oldest link first.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn links(&mut self, table: TableId) -> Result<Vec<LinkedChat>, StorageError> {
        links(self.conn().await?, table).await
    }

    /// Stores a one-time code for linking a chat to `table`, alive until
    /// `expires_ms`; `false` (and nothing stored) when the code is in use.
    ///
    /// # Errors
    /// The database's error.
    pub async fn create_link_code(
        &mut self,
        code: &str,
        table: TableId,
        expires_ms: i64,
    ) -> Result<bool, StorageError> {
        let inserted = sqlx::query(sql::INSERT_LINK_CODE)
            .bind(code)
            .bind(table.0)
            .bind(expires_ms)
            .execute(self.conn().await?)
            .await?;
        Ok(inserted.rows_affected() == 1)
    }

    /// Links `chat` to `table` with `code`, taking the code (one use):
    /// refused when the code is not alive or names another table, or when
    /// the chat is linked to an open table already. A link of the chat to a
    /// closed table gives way.
    ///
    /// # Errors
    /// The database's error.
    pub async fn link_chat(
        &mut self,
        code: &str,
        table: TableId,
        chat: &LinkedChat,
        now_ms: i64,
    ) -> Result<Result<(), LinkRefusal>, StorageError> {
        let taken = sqlx::query(sql::TAKE_LINK_CODE)
            .bind(code)
            .bind(now_ms)
            .fetch_optional(self.conn().await?)
            .await?;
        let valid = match taken {
            Some(row) => {
                let for_table: i64 = get(&row, "link_codes", "table_id")?;
                let alive: bool = get::<i64>(&row, "link_codes", "valid")
                    .map(|v| v != 0)
                    .or_else(|_| get::<bool>(&row, "link_codes", "valid"))?;
                alive && for_table == table.0
            }
            None => false,
        };
        if !valid {
            return Ok(Err(LinkRefusal::BadCode));
        }
        let thread = thread_key(chat.thread_id.as_deref());
        sqlx::query(sql::DROP_STALE_LINK)
            .bind(chat.platform.as_str())
            .bind(&chat.chat_id)
            .bind(thread)
            .execute(self.conn().await?)
            .await?;
        let inserted = sqlx::query(sql::INSERT_LINK)
            .bind(chat.platform.as_str())
            .bind(&chat.chat_id)
            .bind(thread)
            .bind(table.0)
            .bind(now_ms)
            .execute(self.conn().await?)
            .await?;
        if inserted.rows_affected() == 1 {
            Ok(Ok(()))
        } else {
            Ok(Err(LinkRefusal::ChatTaken))
        }
    }

    /// Unlinks `chat` from `table`; whether it was linked.
    ///
    /// # Errors
    /// The database's error.
    pub async fn unlink_chat(
        &mut self,
        table: TableId,
        chat: &LinkedChat,
    ) -> Result<bool, StorageError> {
        Ok(sqlx::query(sql::DELETE_LINK)
            .bind(chat.platform.as_str())
            .bind(&chat.chat_id)
            .bind(thread_key(chat.thread_id.as_deref()))
            .bind(table.0)
            .execute(self.conn().await?)
            .await?
            .rows_affected()
            > 0)
    }

    /// Unlinks every chat of `table`; how many were linked.
    ///
    /// # Errors
    /// The database's error.
    pub async fn unlink_all(&mut self, table: TableId) -> Result<u64, StorageError> {
        Ok(sqlx::query(sql::DELETE_LINKS_OF_TABLE)
            .bind(table.0)
            .execute(self.conn().await?)
            .await?
            .rows_affected())
    }
}
