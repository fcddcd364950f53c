//! Text-only mode, for screen readers and slow connections: a person can
//! turn pictures off for their own private messages, and a table can turn
//! them off for everything it sends (its table message and every hand).
//! The texts carry everything the pictures show, so nothing is lost.
//!
//! The settings live in the store's delivery state (scope
//! [`SCOPE`]), beside the other things a front end remembers about
//! delivery; the front ends read them when they send, so a change applies
//! to the next message, even one already waiting in the outbox.

use tarock_storage::{StorageError, Store, TableId};

use crate::command::UserRef;
use crate::text::Lang;
use crate::text::tr;

/// The delivery-state scope of the text-only settings.
pub const SCOPE: &str = "pictures:off";

fn user_key(user: &UserRef) -> String {
    format!("user:{}:{}", user.platform.as_str(), user.user_id)
}

fn table_key(table: TableId) -> String {
    format!("table:{}", table.0)
}

/// Turns text-only mode on or off for a person's private messages.
///
/// # Errors
/// When the database fails.
pub async fn set_for_user(
    store: &Store,
    user: &UserRef,
    text_only: bool,
    now_ms: i64,
) -> Result<(), StorageError> {
    set(store, &user_key(user), text_only, now_ms).await
}

/// Turns text-only mode on or off for everything a table sends.
///
/// # Errors
/// When the database fails.
pub async fn set_for_table(
    store: &Store,
    table: TableId,
    text_only: bool,
    now_ms: i64,
) -> Result<(), StorageError> {
    set(store, &table_key(table), text_only, now_ms).await
}

async fn set(store: &Store, key: &str, on: bool, now_ms: i64) -> Result<(), StorageError> {
    if on {
        store.delivery_put(SCOPE, key, "1", now_ms).await
    } else {
        store.delivery_delete(SCOPE, key).await.map(|_| ())
    }
}

/// Whether the table sends text only.
///
/// # Errors
/// When the database fails.
pub async fn for_table(store: &Store, table: TableId) -> Result<bool, StorageError> {
    Ok(store
        .delivery_get(SCOPE, &table_key(table))
        .await?
        .is_some())
}

/// Whether a person's private messages of a table are text only: their own
/// setting, or the table's.
///
/// # Errors
/// When the database fails.
pub async fn for_private(
    store: &Store,
    table: TableId,
    user: &UserRef,
) -> Result<bool, StorageError> {
    Ok(store.delivery_get(SCOPE, &user_key(user)).await?.is_some()
        || for_table(store, table).await?)
}

/// Whose setting a command changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The sender's own private messages.
    User,
    /// Everything a table sends.
    Table(TableId),
}

/// The answer to turning pictures on (`pictures`) or off for `target`;
/// `undo` is the command that turns it back, as the platform writes it.
pub fn answer(lang: Lang, target: Target, pictures: bool, undo: &str) -> String {
    match (target, pictures) {
        (Target::User, true) => tr!(lang, "pictures-user-on", command = undo),
        (Target::User, false) => tr!(lang, "pictures-user-off", command = undo),
        (Target::Table(t), true) => tr!(lang, "pictures-table-on", table = t.0, command = undo),
        (Target::Table(t), false) => {
            tr!(lang, "pictures-table-off", table = t.0, command = undo)
        }
    }
}

/// The answer to the command without "on" or "off".
pub fn usage(lang: Lang, on: &str, off: &str) -> String {
    tr!(lang, "pictures-usage", on = on, off = off)
}

/// The answer when a table was meant but the channel has none open;
/// `command` turns the sender's own pictures off.
pub fn no_table(lang: Lang, command: &str) -> String {
    tr!(lang, "pictures-no-table", command = command)
}
