//! Platform update and interaction ids already applied, so a redelivered
//! update is recognised and not applied twice.

use crate::error::{StorageError, is_unique_violation};
use crate::model::Platform;
use crate::store::{Store, Tx};

impl Tx {
    /// Records that this update is being applied by this transaction.
    ///
    /// # Errors
    /// [`StorageError::DuplicateUpdate`] when it was applied before (drop the
    /// transaction); the database's error.
    pub async fn mark_update(
        &mut self,
        platform: Platform,
        update_id: &str,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO processed_updates (platform, update_id, at_ms) VALUES ($1, $2, $3)",
        )
        .bind(platform.as_str())
        .bind(update_id)
        .bind(now_ms)
        .execute(self.conn())
        .await
        .map_err(|e| {
            if is_unique_violation(&e) {
                StorageError::DuplicateUpdate {
                    platform,
                    update_id: update_id.to_owned(),
                }
            } else {
                e.into()
            }
        })?;
        Ok(())
    }
}

impl Store {
    /// Whether this update was applied before.
    ///
    /// # Errors
    /// The database's error.
    pub async fn is_processed(
        &self,
        platform: Platform,
        update_id: &str,
    ) -> Result<bool, StorageError> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT at_ms FROM processed_updates WHERE platform = $1 AND update_id = $2",
        )
        .bind(platform.as_str())
        .bind(update_id)
        .fetch_optional(&mut *self.conn().await?)
        .await?;
        Ok(found.is_some())
    }
}
