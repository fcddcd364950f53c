//! Durable storage for the tarock bot: players, tables and seats, deals with
//! their append-only event logs, settlements and the balance ledger, an
//! outbox of messages to deliver, processed platform update ids, turn
//! deadlines and the front ends' delivery state.
//!
//! One code path serves SQLite (the embedded default: a file, WAL journal,
//! foreign keys on) and PostgreSQL, through sqlx's `Any` driver with portable
//! SQL. The schema lives in the workspace's `migrations/` folder, one
//! sub-folder per database kind, and is applied when a store opens.
//!
//! The rules of the house this crate keeps:
//!
//! - **A game is its record.** A deal stores its game, rules and first
//!   seat with the secret seed its cards are shuffled from (or, as older
//!   versions stored it, its dealt piles); its events are the game's
//!   actions. Loading replays them through the game, found by its id in the
//!   registry (`tarock_games`), and a log that does not replay is reported
//!   as [`StorageError::Corrupt`], naming the table and the deal.
//! - **One writer per step.** Events are keyed by (deal, sequence number); a
//!   second writer of the same step gets [`StorageError::Conflict`] and
//!   writes nothing.
//! - **Durable before visible.** Messages go to the outbox in the transaction
//!   of the change that caused them ([`Store::append_action`],
//!   [`Store::settle_deal`]) and are claimed for delivery afterwards.
//! - **Balances are sums** of ledger rows, one per seat and settled deal.
//! - **Cheap at any history size.** Every statement lives in [`sql`], listed
//!   as hot or cold; the plan tests fail when a hot one reads a history
//!   table in full. Delivered messages and update ids expire
//!   ([`Retention`], [`Store::prune`]); the game history never does.
//!
//! ```no_run
//! # async fn demo() -> Result<(), tarock_storage::StorageError> {
//! let store = tarock_storage::Store::open("tarock.db").await?;
//! let due = store.due_deadlines(1_700_000_000_000, 100).await?;
//! # Ok(()) }
//! ```

mod cup;
mod deadline;
mod deal;
mod delivery;
mod error;
mod fair;
mod gauges;
mod ledger;
mod link;
mod model;
mod ops;
mod outbox;
mod player;
mod retention;
mod row;
pub mod scratch;
pub mod sql;
mod stats;
mod store;
mod table;
mod update;

pub use cup::{CupChat, CupId, CupRow, CupStatus, CupTable, NewCup};
pub use delivery::table_scope;
pub use error::StorageError;
pub use fair::{DealProof, DealSecrets};
pub use gauges::{Gauges, PoolUse};
pub use ledger::{HistoryLine, NewSettlement, SettlementRow};
pub use link::{LinkRefusal, LinkedChat};
pub use model::{
    Balance, Deadline, DealId, DealRow, DealStatus, Event, LoadedDeal, LoadedTable, MessageId,
    NewDeal, NewMessage, NewPlayer, NewRound, NewTable, Occupant, OutboxMessage, Participant,
    Platform, Player, PlayerId, SeatRow, Table, TableId, TableStatus,
};
pub use ops::{AppendAction, SettleDeal};
pub use outbox::{Delivered, OutboxCounts};
pub use retention::{Pruned, Retention, TableSize};
pub use stats::{ContractStats, LeaderboardLine, PlayerStats, SideStats};
pub use store::{
    Backend, DEFAULT_URL, Durability, Store, StoreOptions, Tx, normalize_url, sqlite_file,
};
pub use table::Summary;
