//! The platform-neutral table service of the tarock bot.
//!
//! Everything a player experiences except the platform's buttons lives here
//! once: lobbies and seats, whose turn it is, what each person may see, the
//! text of every message (German and English, from one catalogue), slow-game
//! deadlines with reminders and computer stand-ins, and the settlement.
//! Front ends translate platform events into [`Command`]s and deliver the
//! [`Outgoing`] messages the service queues in the store's outbox.
//!
//! The flow of one command: load the table inside a transaction (one writer
//! per table), check it against the sender's seat, the turn and the step,
//! apply it through the engine, let computer players follow, settle a
//! finished deal, then commit the events, the messages and the next deadline
//! together. Only then are messages delivered (durable before visible).

pub mod clock;
pub mod command;
pub mod error;
pub mod fair;
pub mod games;
pub mod maintenance;
pub mod outgoing;
pub mod payload;
pub mod picture;
pub mod pump;
pub mod render;
pub mod scheduler;
pub mod service;
pub mod shuffle;
/// How typed cards are read in every game (the face boundary's).
pub use tarock_face::spelling;
pub mod text;

pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{
    ChatRef, Command, CommandKind, CupAction, CupSettings, Pace, Sender, TableSettings, UserRef,
};
pub use error::{Rejection, ServiceError};
pub use outgoing::{BalanceLine, Button, Keyboard, Outgoing, SettlementItem};
pub use payload::{ButtonAction, MAX_PAYLOAD, Payload, Step};
pub use pump::{EditFail, Messenger, Pump, SendFail};
pub use service::{
    Delivery, LINK_CODE_MS, MAX_STAKE_CENTS, Outcome, STAND_IN, TableService, Verdict, WatchedStep,
    looks_like_code, normalize_code, rules_spec, table_spec,
};
pub use shuffle::{DealSeed, RandomnessMode};
/// The plain ids a front end names tables and platforms by, which the
/// table's commands and messages carry: the store's own types, re-exported
/// so that front ends name the store only where they use the store.
pub use tarock_storage::{Platform, TableId};
pub use text::{Lang, tr};
