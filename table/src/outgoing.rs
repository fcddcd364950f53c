//! What the table service sends: platform-neutral messages with their text
//! already in the reader's language and their buttons as payloads. Front ends
//! turn them into platform messages and nothing more.

use serde::{Deserialize, Serialize};
use tarock_storage::TableId;

use crate::command::{ChatRef, UserRef};
use crate::picture::Picture;

/// A button: a label and the payload to hand back when pressed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// What the button says.
    pub label: String,
    /// The payload (≤ 64 bytes), see [`crate::payload`].
    pub payload: String,
}

/// Rows of buttons.
pub type Keyboard = Vec<Vec<Button>>;

/// One line of a settlement as shown: the face boundary's, which a face
/// fills and the table sends.
pub use tarock_face::SettlementItem;

/// A running balance as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BalanceLine {
    /// Player name, or the computer level's name.
    pub name: String,
    /// Units.
    pub units: i64,
    /// Money, in cents.
    pub cents: i64,
}

/// A message to send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outgoing {
    /// The table's public message in its chat: created once, then edited in
    /// place (the front end remembers its id per table). Only one version
    /// matters: a front end may skip all but the newest of a batch.
    Table {
        /// The table.
        table: TableId,
        /// Where it lives.
        chat: ChatRef,
        /// The whole text.
        text: String,
        /// Its buttons.
        buttons: Keyboard,
        /// The table as a picture, for front ends that show one (none in
        /// the lobby; absent in rows written before pictures existed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        picture: Option<Picture>,
    },
    /// A new message in the table's chat (a settlement, a reminder mention,
    /// a player joining), optionally mentioning users.
    Chat {
        /// The table.
        table: TableId,
        /// Where.
        chat: ChatRef,
        /// The text.
        text: String,
        /// Users to mention (notify).
        mentions: Vec<UserRef>,
    },
    /// A new message in a chat that no single table owns (a cup's draw
    /// and standings), optionally mentioning users.
    Post {
        /// Where.
        chat: ChatRef,
        /// The text.
        text: String,
        /// Users to mention (notify).
        mentions: Vec<UserRef>,
    },
    /// A player's private view (hand and choices): sent privately, and
    /// replacing the previous private view of the same table for that user
    /// where the platform allows it.
    Private {
        /// The table.
        table: TableId,
        /// Whose.
        to: UserRef,
        /// The text.
        text: String,
        /// The legal choices as buttons.
        buttons: Keyboard,
        /// Whether this version should reach the player as a new message
        /// (which notifies): it just became their turn and they were not
        /// playing a moment ago, or it is a reminder. Otherwise the front
        /// end edits the player's current message of this table in place.
        #[serde(default)]
        notify: bool,
        /// The hand as a picture (none for a keyboard of a turn being
        /// composed, or the settlement's copy; absent in rows written
        /// before pictures existed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        picture: Option<Picture>,
    },
    /// A short reply only the acting user sees (an error, "not your turn").
    Notice {
        /// Whom.
        to: UserRef,
        /// The text.
        text: String,
    },
    /// The end of a deal: its items and everybody's change and balance.
    Settlement {
        /// The table.
        table: TableId,
        /// Where.
        chat: ChatRef,
        /// The whole text.
        text: String,
        /// The scored items.
        items: Vec<SettlementItem>,
        /// Each seat's change in units, seat 0 first.
        changes: Vec<i64>,
        /// Running balances at this table, best first.
        balances: Vec<BalanceLine>,
    },
}

impl Outgoing {
    /// The outbox lane of this message: messages of one lane are delivered
    /// in order. Public messages of a chat share a lane; private ones go per
    /// user.
    pub fn destination(&self) -> String {
        match self {
            Outgoing::Table { chat, .. }
            | Outgoing::Chat { chat, .. }
            | Outgoing::Post { chat, .. }
            | Outgoing::Settlement { chat, .. } => {
                format!(
                    "{}:chat:{}:{}",
                    chat.platform,
                    chat.chat_id,
                    chat.thread_id.as_deref().unwrap_or("")
                )
            }
            Outgoing::Private { to, .. } | Outgoing::Notice { to, .. } => {
                format!("{}:user:{}", to.platform, to.user_id)
            }
        }
    }

    /// The table the message is about (a notice names none).
    pub fn table(&self) -> Option<TableId> {
        match self {
            Outgoing::Table { table, .. }
            | Outgoing::Chat { table, .. }
            | Outgoing::Private { table, .. }
            | Outgoing::Settlement { table, .. } => Some(*table),
            Outgoing::Notice { .. } | Outgoing::Post { .. } => None,
        }
    }

    /// The text of the message.
    pub fn text(&self) -> &str {
        match self {
            Outgoing::Table { text, .. }
            | Outgoing::Chat { text, .. }
            | Outgoing::Post { text, .. }
            | Outgoing::Private { text, .. }
            | Outgoing::Notice { text, .. }
            | Outgoing::Settlement { text, .. } => text,
        }
    }

    /// The picture the message describes, if any.
    pub fn picture(&self) -> Option<&Picture> {
        match self {
            Outgoing::Table { picture, .. } | Outgoing::Private { picture, .. } => picture.as_ref(),
            _ => None,
        }
    }

    /// The buttons of the message, if any.
    pub fn buttons(&self) -> &[Vec<Button>] {
        match self {
            Outgoing::Table { buttons, .. } | Outgoing::Private { buttons, .. } => buttons,
            _ => &[],
        }
    }
}
