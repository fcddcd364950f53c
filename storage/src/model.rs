//! The stored things, as Rust values: ids, kinds and rows.

use std::fmt;
use std::str::FromStr;

use tarock_game_core::Seat;
use tarock_games::SeededRound;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// A player's row id.
    PlayerId
);
id_type!(
    /// A table's row id; also what button payloads carry.
    TableId
);
id_type!(
    /// A deal's row id.
    DealId
);
id_type!(
    /// An outbox message's row id.
    MessageId
);

/// Defines a text-stored enum with its SQL spelling.
macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The spelling stored in the database.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, String> {
                match s {
                    $($text => Ok($name::$variant),)+
                    other => Err(format!("unknown {} {other:?}", stringify!($name))),
                }
            }
        }
    };
}

text_enum!(
    /// Where a player or table lives.
    Platform {
        /// A Discord server.
        Discord = "discord",
        /// A Telegram group.
        Telegram = "telegram",
        /// The local terminal (`tarock play`).
        Local = "local",
    }
);

text_enum!(
    /// The life cycle of a table.
    TableStatus {
        /// Seating players; no deal yet.
        Lobby = "lobby",
        /// Deals are being played.
        Playing = "playing",
        /// Stopped for now; deadlines do not run.
        Paused = "paused",
        /// Finished for good.
        Closed = "closed",
    }
);

text_enum!(
    /// The life cycle of a deal.
    DealStatus {
        /// Being bid or played.
        Active = "active",
        /// Ten tricks played and settled.
        Finished = "finished",
        /// A dealt hand forced (or a player asked for) a redeal.
        Redeal = "redeal",
        /// Stopped without a result (for example, the table closed).
        Abandoned = "abandoned",
    }
);

/// Who occupies a seat: a person, or a computer player of a named level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// A player.
    Player(PlayerId),
    /// A computer player; the level as the AI crate spells it (e.g. "medium").
    Computer(String),
}

/// A player to create or refresh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPlayer {
    /// The platform.
    pub platform: Platform,
    /// The platform's id of the user.
    pub platform_user_id: String,
    /// The name to show.
    pub display_name: String,
    /// The preferred language ("de", "en").
    pub language: String,
}

/// A stored player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The row id.
    pub id: PlayerId,
    /// The platform.
    pub platform: Platform,
    /// The platform's id of the user.
    pub platform_user_id: String,
    /// The name to show.
    pub display_name: String,
    /// The preferred language.
    pub language: String,
}

/// A table to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTable {
    /// The platform.
    pub platform: Platform,
    /// The chat, server channel or terminal session.
    pub chat_id: String,
    /// The forum topic or thread, if any.
    pub thread_id: Option<String>,
    /// The game's id, as the registry (`tarock_games`) knows it.
    pub game: String,
    /// How many seats the table has (3–5, as its game allows).
    pub seats: u8,
    /// The rules as written: a preset name or `{"preset": …, overrides}` (JSON).
    pub rules: String,
    /// The money value of one unit, in cents.
    pub stake_cents: i64,
    /// The time a seat has for one action, in milliseconds.
    pub pace_ms: i64,
    /// The table's language ("de", "en").
    pub language: String,
    /// Who opened the table.
    pub creator: Option<PlayerId>,
}

/// A stored table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The row id.
    pub id: TableId,
    /// The platform.
    pub platform: Platform,
    /// The chat, server channel or terminal session.
    pub chat_id: String,
    /// The forum topic or thread, if any.
    pub thread_id: Option<String>,
    /// The game's id.
    pub game: String,
    /// How many seats the table has.
    pub seats: u8,
    /// The rules as written (JSON).
    pub rules: String,
    /// The money value of one unit, in cents.
    pub stake_cents: i64,
    /// The time a seat has for one action, in milliseconds.
    pub pace_ms: i64,
    /// The table's language.
    pub language: String,
    /// Lobby, playing, paused or closed.
    pub status: TableStatus,
    /// Who opened the table.
    pub creator: Option<PlayerId>,
    /// The platform's id of the public table message, once sent.
    pub public_message_id: Option<String>,
    /// When it was created (ms since the epoch).
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

/// A seat's occupant and since when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// The seat.
    pub seat: Seat,
    /// Who sits there.
    pub occupant: Occupant,
    /// The player's row, when a player sits there.
    pub player: Option<Player>,
    /// Since when (ms since the epoch).
    pub since_ms: i64,
}

/// A deal to start in record form, as older table paths stored one: its
/// dealt piles, then one action in its game's record form per event
/// ([`Tx::append_event`](crate::Tx::append_event)). It loads through its
/// game's [`tarock_game_core::DynKind::read_stored`]. The table service
/// starts rounds by seed and tokens instead ([`NewRound`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewDeal {
    /// The table.
    pub table: TableId,
    /// The game's id (the table's game).
    pub game: String,
    /// The deal number at this table, from 1.
    pub number: u32,
    /// The first seat to act (the Vorhand).
    pub forehand: Seat,
    /// The dealt piles as the game's records write them, as `deals.hands`
    /// stores them (a four-hand game: each seat's hand, seat 0 first).
    pub hands: Vec<String>,
    /// The rules in force, as written (JSON).
    pub rules: String,
    /// The session factor (2 in a double round).
    pub factor: u32,
    /// When it was dealt.
    pub started_ms: i64,
}

/// A round of any game to start: one deal, or one session of a game that
/// plays several deals as one round. Stored with the secret seed its decks
/// are shuffled from ([`SeededRound`]); its events are the game's action
/// tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRound {
    /// The table.
    pub table: TableId,
    /// The game's id (the table's game).
    pub game: String,
    /// The round number at this table, from 1.
    pub number: u32,
    /// The first seat to act.
    pub first: Seat,
    /// The rules in force, in the game's record form (JSON).
    pub rules: String,
    /// When it started.
    pub started_ms: i64,
}

/// A stored deal, without its events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealRow {
    /// The row id.
    pub id: DealId,
    /// The table.
    pub table: TableId,
    /// The deal number at this table.
    pub number: u32,
    /// The game's id.
    pub game: String,
    /// The Vorhand (the first seat to act in the round).
    pub forehand: Seat,
    /// The dealt piles as the game's records write them: of a deal stored
    /// in record form what it is read from, of a round stored by seed what
    /// its commitment covers (or empty).
    pub hands: Vec<String>,
    /// The rules in force (JSON).
    pub rules: String,
    /// The session factor.
    pub factor: u32,
    /// Active, finished, redeal or abandoned.
    pub status: DealStatus,
    /// When it was dealt.
    pub started_ms: i64,
    /// When it ended.
    pub finished_ms: Option<i64>,
    /// The SHA-256 commitment to its seed, salt and cards, published
    /// before the deal (see `tarock_game_core::fair`); `None` for deals
    /// dealt without one.
    pub commitment: Option<[u8; 32]>,
    /// The sequence number from which the events are the game's action
    /// tokens, the events before it in the game's record form: 0 for a
    /// round stored by seed and tokens; `None` for a deal stored with its
    /// piles whose events are all record actions ([`NewDeal`]).
    pub tokens_from: Option<u32>,
    /// What the round was started with from the rounds before it, as its
    /// game writes it (`tarock_game_core::Game::carry`); `None`: nothing
    /// or not kept.
    pub carry: Option<String>,
}

/// One accepted action, as appended to a deal's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The step number within the deal, from 0; the index in the record's actions.
    pub seq: u32,
    /// The acting seat.
    pub seat: Seat,
    /// The action without the seat: in the game's record form for a deal
    /// stored in record form (a card id, `weiter`, or a bidding turn's
    /// words such as `rufer pagat`), else the game's action token.
    pub action: String,
    /// When it was accepted.
    pub at_ms: i64,
    /// Whether a computer played it for an absent player.
    pub by_computer: bool,
}

/// A message for the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMessage {
    /// Where it goes, e.g. `telegram:chat:-100123` or `discord:dm:42`.
    /// Messages to one destination are delivered in order.
    pub destination: String,
    /// What to send, as the table service encodes it (JSON).
    pub payload: String,
}

/// A claimed outbox message, to deliver and then mark sent or failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxMessage {
    /// The row id.
    pub id: MessageId,
    /// The table it is about, if any.
    pub table: Option<TableId>,
    /// Where it goes.
    pub destination: String,
    /// What to send.
    pub payload: String,
    /// Delivery attempts so far, this one included.
    pub attempts: u32,
    /// When it was written.
    pub created_ms: i64,
}

/// The turn deadline of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// The table.
    pub table: TableId,
    /// The deal being played.
    pub deal: DealId,
    /// The step the seat must take (the next event's sequence number).
    pub seq: u32,
    /// The seat to act.
    pub seat: Seat,
    /// When to remind the seat (half time), if at all.
    pub remind_ms: Option<i64>,
    /// When a computer acts for the seat.
    pub due_ms: i64,
    /// Whether the reminder was sent.
    pub reminded: bool,
}

/// Whose balance a ledger row counts to. A person is one participant
/// everywhere; a computer player is one participant per table and seat (the
/// computer on seat 2 of a table is "Computer 2", whatever other computers
/// of its level do), so every seat of a table keeps its own balance.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Participant {
    /// A player.
    Player(PlayerId),
    /// The computer player of a level on a seat of the table.
    Computer {
        /// The seat it plays on.
        seat: Seat,
        /// Its level, as the AI crate spells it (e.g. "medium").
        level: String,
    },
}

impl Participant {
    /// The participant a seat's occupant is.
    pub fn of(seat: Seat, occupant: &Occupant) -> Participant {
        match occupant {
            Occupant::Player(id) => Participant::Player(*id),
            Occupant::Computer(level) => Participant::Computer {
                seat,
                level: level.clone(),
            },
        }
    }
}

/// A balance: a sum of ledger rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balance {
    /// Whose balance.
    pub participant: Participant,
    /// The sum in units.
    pub units: i64,
    /// The sum in money (cents), each deal at the stake then in force.
    pub cents: i64,
    /// How many settled deals it sums.
    pub deals: u32,
}

/// A table with its seats and its current (latest) deal, replayed.
#[derive(Clone, Debug)]
pub struct LoadedTable {
    /// The table.
    pub table: Table,
    /// The occupied seats, in seat order.
    pub seats: Vec<SeatRow>,
    /// The latest deal, if any was dealt.
    pub deal: Option<LoadedDeal>,
}

/// A deal with its log, and the round it replays to.
#[derive(Clone, Debug)]
pub struct LoadedDeal {
    /// The deal.
    pub deal: DealRow,
    /// The log, in order; `events[i].seq == i`.
    pub events: Vec<Event>,
    /// The round of any game behind the boundary: rebuilt from its seed and
    /// tokens, or (a deal stored in record form) from its hands and record
    /// actions through its game ([`tarock_game_core::DynKind::read_stored`])
    /// and then its tokens.
    pub round: Option<SeededRound>,
}

impl LoadedDeal {
    /// The sequence number the next event must carry.
    pub fn next_seq(&self) -> u32 {
        self.events.len() as u32
    }
}
