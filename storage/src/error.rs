//! What can go wrong when storing or loading.

use crate::model::{DealId, Platform, TableId};

/// An error from the store. The distinct variants are the ones a caller acts
/// on: [`StorageError::Conflict`] (someone else wrote this step first: reload
/// and retry or report "already played"), [`StorageError::DuplicateUpdate`]
/// (this platform update was applied before: ignore it) and
/// [`StorageError::Corrupt`] (stored data cannot be trusted).
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// The database URL names no supported database.
    #[error("unsupported database URL {0:?}: use a file path, sqlite://FILE or postgres://…")]
    Url(String),
    /// The database failed or refused a statement.
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// Applying the schema migrations failed.
    #[error("migrating the database schema failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The sequence number of an appended event was already taken: another
    /// writer appended this step first. Nothing was written.
    #[error("deal {deal}: step {seq} was already written by someone else")]
    Conflict {
        /// The deal.
        deal: DealId,
        /// The sequence number that was taken.
        seq: u32,
    },
    /// An appended event's sequence number is not the next one of its deal.
    #[error("deal {deal}: step {seq} does not follow the log, which expects step {expected}")]
    OutOfOrder {
        /// The deal.
        deal: DealId,
        /// The sequence number given.
        seq: u32,
        /// The next free sequence number.
        expected: u32,
    },
    /// This platform update was processed before; nothing was written.
    #[error("{platform} update {update_id} was already processed")]
    DuplicateUpdate {
        /// The platform.
        platform: Platform,
        /// The platform's update or interaction id.
        update_id: String,
    },
    /// A row the operation needs does not exist.
    #[error("{0} not found")]
    NotFound(String),
    /// The caller's input was rejected before anything was written.
    #[error("rejected: {0}")]
    Invalid(String),
    /// A stored row holds a value this program cannot read.
    #[error("{table} row {key}: {detail}")]
    BadRow {
        /// The database table.
        table: &'static str,
        /// The row's key.
        key: String,
        /// What is wrong.
        detail: String,
    },
    /// Stored data of a table's deal is unreadable or does not replay.
    #[error("table {table}{}: stored data is corrupt: {detail}", deal.map(|d| format!(", deal {d}")).unwrap_or_default())]
    Corrupt {
        /// The table.
        table: TableId,
        /// The deal, when the fault is in one.
        deal: Option<DealId>,
        /// What is wrong, naming the row.
        detail: String,
    },
}

/// Whether `error` is the database refusing a duplicate key.
pub(crate) fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.kind() == sqlx::error::ErrorKind::UniqueViolation)
}
