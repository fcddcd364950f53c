//! Players: one row per person and platform.

use sqlx::AnyConnection;
use sqlx::any::AnyRow;

use crate::error::StorageError;
use crate::model::{NewPlayer, Platform, Player, PlayerId};
use crate::row::{get, parse};
use crate::sql;
use crate::store::{Store, Tx};

pub(crate) fn from_row(row: &AnyRow) -> Result<Player, StorageError> {
    Ok(Player {
        id: PlayerId(get(row, "players", "id")?),
        platform: parse(row, "players", "platform")?,
        platform_user_id: get(row, "players", "platform_user_id")?,
        display_name: get(row, "players", "display_name")?,
        language: get(row, "players", "language")?,
    })
}

impl Tx {
    /// Creates the player, or refreshes the name and language of the one
    /// with the same platform user id; returns its id either way.
    ///
    /// # Errors
    /// The database's error.
    pub async fn upsert_player(
        &mut self,
        player: &NewPlayer,
        now_ms: i64,
    ) -> Result<PlayerId, StorageError> {
        let id: i64 = sqlx::query_scalar(sql::UPSERT_PLAYER)
            .bind(player.platform.as_str())
            .bind(&player.platform_user_id)
            .bind(&player.display_name)
            .bind(&player.language)
            .bind(now_ms)
            .fetch_one(self.conn().await?)
            .await?;
        Ok(PlayerId(id))
    }

    /// The player with this platform user id, read inside this transaction.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn player_on(
        &mut self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<Player>, StorageError> {
        player_on(self.conn().await?, platform, user_id).await
    }

    /// The player with this id, read inside this transaction.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn player(&mut self, id: PlayerId) -> Result<Option<Player>, StorageError> {
        player(self.conn().await?, id).await
    }
}

impl Store {
    /// [`Tx::upsert_player`] in a transaction of its own.
    ///
    /// # Errors
    /// The database's error.
    pub async fn upsert_player(
        &self,
        player: &NewPlayer,
        now_ms: i64,
    ) -> Result<PlayerId, StorageError> {
        let mut tx = self.begin().await?;
        let id = tx.upsert_player(player, now_ms).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The player with this id.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn player(&self, id: PlayerId) -> Result<Option<Player>, StorageError> {
        player(&mut *self.conn().await?, id).await
    }

    /// The player with this platform user id.
    ///
    /// # Errors
    /// The database's error, or a row that cannot be read.
    pub async fn player_on(
        &self,
        platform: Platform,
        user_id: &str,
    ) -> Result<Option<Player>, StorageError> {
        player_on(&mut *self.conn().await?, platform, user_id).await
    }
}

async fn player_on(
    conn: &mut AnyConnection,
    platform: Platform,
    user_id: &str,
) -> Result<Option<Player>, StorageError> {
    let row = sqlx::query(sql::PLAYER_ON)
        .bind(platform.as_str())
        .bind(user_id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(from_row).transpose()
}

async fn player(conn: &mut AnyConnection, id: PlayerId) -> Result<Option<Player>, StorageError> {
    let row = sqlx::query(sql::PLAYER_BY_ID)
        .bind(id.0)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(from_row).transpose()
}
