//! Platform update and interaction ids already applied, so a redelivered
//! update is recognised and not applied twice.

use crate::error::{StorageError, is_unique_violation};
use crate::model::Platform;
use crate::sql;
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
        sqlx::query(sql::MARK_UPDATE)
            .bind(platform.as_str())
            .bind(update_id)
            .bind(now_ms)
            .execute(self.conn().await?)
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
        let found: Option<i64> = sqlx::query_scalar(sql::IS_PROCESSED)
            .bind(platform.as_str())
            .bind(update_id)
            .fetch_optional(&mut *self.conn().await?)
            .await?;
        Ok(found.is_some())
    }
}
