//! Delivery state: small facts the chat front ends keep about what they
//! delivered (the current private message of a player at a table, a ping
//! waiting to be removed, a chat told once, an interaction answered), in
//! the database so that a restarted process carries on with them.
//!
//! Rows are (scope, key) → value. [`table_scope`] names the scope of one
//! table; platform-wide facts use a fixed name per kind.

use crate::error::StorageError;
use crate::model::TableId;
use crate::sql;
use crate::store::Store;

/// The scope of the delivery state that belongs to one table.
pub fn table_scope(table: TableId) -> String {
    format!("table:{}", table.0)
}

impl Store {
    /// The value stored under (`scope`, `key`), if any.
    ///
    /// # Errors
    /// The database's error.
    pub async fn delivery_get(
        &self,
        scope: &str,
        key: &str,
    ) -> Result<Option<String>, StorageError> {
        Ok(sqlx::query_scalar(sql::DELIVERY_GET)
            .bind(scope)
            .bind(key)
            .fetch_optional(&mut *self.conn().await?)
            .await?)
    }

    /// Stores `value` under (`scope`, `key`), replacing what was there.
    ///
    /// # Errors
    /// The database's error (an empty scope or key).
    pub async fn delivery_put(
        &self,
        scope: &str,
        key: &str,
        value: &str,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        sqlx::query(sql::DELIVERY_PUT)
            .bind(scope)
            .bind(key)
            .bind(value)
            .bind(now_ms)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(())
    }

    /// Stores `value` under (`scope`, `key`) unless something is stored
    /// there already; returns whether this call stored it (the first of
    /// several racing callers gets `true`, every other `false`).
    ///
    /// # Errors
    /// The database's error (an empty scope or key).
    pub async fn delivery_put_new(
        &self,
        scope: &str,
        key: &str,
        value: &str,
        now_ms: i64,
    ) -> Result<bool, StorageError> {
        let done = sqlx::query(sql::DELIVERY_PUT_NEW)
            .bind(scope)
            .bind(key)
            .bind(value)
            .bind(now_ms)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Forgets (`scope`, `key`); returns whether there was a row.
    ///
    /// # Errors
    /// The database's error.
    pub async fn delivery_delete(&self, scope: &str, key: &str) -> Result<bool, StorageError> {
        let done = sqlx::query(sql::DELIVERY_DELETE)
            .bind(scope)
            .bind(key)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every (key, value) of a scope, by key.
    ///
    /// # Errors
    /// The database's error.
    pub async fn delivery_list(&self, scope: &str) -> Result<Vec<(String, String)>, StorageError> {
        Ok(sqlx::query_as(sql::DELIVERY_LIST)
            .bind(scope)
            .fetch_all(&mut *self.conn().await?)
            .await?)
    }

    /// Forgets every key of `scope` that starts with `prefix`; returns how
    /// many rows went.
    ///
    /// # Errors
    /// The database's error.
    pub async fn delivery_delete_prefix(
        &self,
        scope: &str,
        prefix: &str,
    ) -> Result<u64, StorageError> {
        let done = sqlx::query(sql::DELIVERY_DELETE_PREFIX)
            .bind(scope)
            .bind(prefix)
            .execute(&mut *self.conn().await?)
            .await?;
        Ok(done.rows_affected())
    }
}
