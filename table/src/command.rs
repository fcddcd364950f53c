//! What front ends send to the table service: typed commands, each carrying
//! who sent it and from where.

use serde::{Deserialize, Serialize};
use tarock_game_core::Seat;
use tarock_storage::{Platform, TableId};

use crate::payload::Step;
use crate::text::Lang;

/// The longest typed move a front end passes on, in bytes (a bidding turn
/// in words is far shorter; longer text is chat or a mistake).
pub const MAX_TYPED: usize = 200;

/// A chat (group, channel) and optionally a thread or forum topic in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChatRef {
    /// The platform.
    #[serde(with = "platform_text")]
    pub platform: Platform,
    /// The chat or channel id.
    pub chat_id: String,
    /// The thread or forum topic, if any.
    pub thread_id: Option<String>,
}

/// A user on a platform.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserRef {
    /// The platform.
    #[serde(with = "platform_text")]
    pub platform: Platform,
    /// The platform's user id.
    pub user_id: String,
    /// The name to show.
    pub name: String,
}

/// Who sent a command, from where, in which language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sender {
    /// The user.
    pub user: UserRef,
    /// The chat the command came from (for a button in a private chat: the
    /// private chat; the table id in the payload says which table). A
    /// user's private chat with the bot is named by the user's own id
    /// (`chat_id == user.user_id`, no thread), on every platform: front
    /// ends map a DM channel to that.
    pub chat: ChatRef,
    /// The user's language, used for notices to them.
    pub lang: Lang,
    /// Whether the platform says this user administers the chat (may close
    /// any table in it).
    pub is_admin: bool,
}

impl Sender {
    /// Whether the command came from the sender's own private chat with
    /// the bot.
    pub fn in_private_chat(&self) -> bool {
        self.chat.platform == self.user.platform
            && self.chat.chat_id == self.user.user_id
            && self.chat.thread_id.is_none()
    }
}

/// How fast a table plays: the time a seat has for one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Milliseconds per action.
    pub ms: i64,
}

impl Pace {
    /// Live play: two minutes per action.
    pub const LIVE: Pace = Pace { ms: 2 * 60 * 1000 };
    /// A slow game: twelve hours per action.
    pub const SLOW: Pace = Pace {
        ms: 12 * 60 * 60 * 1000,
    };

    /// Reads `live`, `slow`, or a duration like `90s`, `5m`, `12h`, `2d`.
    pub fn parse(text: &str) -> Option<Pace> {
        let text = text.trim().to_ascii_lowercase();
        match text.as_str() {
            "live" => return Some(Pace::LIVE),
            "slow" => return Some(Pace::SLOW),
            _ => {}
        }
        let split = text.find(|c: char| !c.is_ascii_digit())?;
        let (number, unit) = text.split_at(split);
        let n: i64 = number.parse().ok()?;
        let unit_ms = match unit {
            "s" => 1000,
            "m" | "min" => 60_000,
            "h" => 3_600_000,
            "d" => 86_400_000,
            _ => return None,
        };
        let ms = n.checked_mul(unit_ms)?;
        // Between 10 seconds and 7 days.
        (10_000..=7 * 86_400_000)
            .contains(&ms)
            .then_some(Pace { ms })
    }
}

/// A new table's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSettings {
    /// The game's id (`zwanzigerrufen`, `koenigrufen`, `zwanzig-ab`), or a
    /// name people type for it ([`tarock_games::by_word`]).
    pub game: String,
    /// The seat count; `None` takes the game's default.
    pub seats: Option<u8>,
    /// A preset name or a JSON object `{"preset": …, overrides}`.
    pub rules: String,
    /// Money per unit, in cents.
    pub stake_cents: i64,
    /// Time per action.
    pub pace: Pace,
    /// The table's language.
    pub lang: Lang,
    /// Open another table even if one is open in the chat already (else
    /// the open one is shown again).
    pub another: bool,
}

impl Default for TableSettings {
    fn default() -> Self {
        TableSettings {
            game: tarock_games::DEFAULT_GAME.into(),
            seats: None,
            rules: "standard".into(),
            stake_cents: 10,
            pace: Pace::LIVE,
            lang: Lang::De,
            another: false,
        }
    }
}

/// Which table a command is for: a given id (from a button or an argument),
/// or the only open table of the sender's chat.
pub type TableChoice = Option<TableId>;

/// What the sender wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// Open a table in the sender's chat.
    Create(TableSettings),
    /// Take a free seat (the first free one unless given).
    Join(TableChoice, Option<Seat>),
    /// Leave the table (in the lobby or between deals).
    Leave(TableChoice),
    /// Seat a computer player of a level (`easy`, `medium`, `strong`);
    /// from a button, in the seat the button was made for.
    AddComputer(TableChoice, String, Option<Seat>),
    /// Remove the computer player from a seat.
    RemoveComputer(TableChoice, Seat),
    /// Start playing (four seats taken), or deal the next hand.
    Start(TableChoice),
    /// A move typed as words: a card of the table's game (`T21`, `♥K`)
    /// or a move its face reads in words (`rufer pagat`, `weiter`).
    TurnWords(TableChoice, Option<Step>, Vec<String>),
    /// An action of the table's game: its face's choice token, from a
    /// button.
    Act(TableChoice, Option<Step>, String),
    /// A choice being made in several presses: show the presser's choices
    /// again with this draft token of the face; nothing changes.
    Draft(TableChoice, Option<Step>, String),
    /// My statistics in this chat and everywhere (privately).
    Stats,
    /// The leaderboard of this chat.
    Leaderboard,
    /// The latest settled deals of a table.
    History(TableChoice),
    /// Show my hand and my choices now (privately).
    Hand(TableChoice),
    /// Post the table message again (it scrolled away, or a terminal
    /// reconnects) and send the sender's private view.
    Refresh(TableChoice),
    /// Show the last completed trick.
    LastTrick(TableChoice),
    /// Show the tricks my party has taken (once the parties are known to me).
    OurTricks(TableChoice),
    /// Show the table's rules.
    Rules(TableChoice),
    /// Show the running balances.
    Balances(TableChoice),
    /// Pause the table: deadlines stop.
    Pause(TableChoice),
    /// Resume a paused table.
    Resume(TableChoice),
    /// Close the table for good (creator or chat admin).
    Close(TableChoice),
    /// Hand my seat (or, for the creator, any seat) to another user between deals.
    HandOver(TableChoice, Seat, UserRef),
    /// Make a one-time code that links another chat (on any platform) to
    /// the table; the code goes to the sender only.
    Link(TableChoice),
    /// Link the sender's chat to the table of a code made by
    /// [`CommandKind::Link`].
    LinkWith(String),
    /// Unlink: in a linked chat, that chat; in the table's own chat, every
    /// linked chat.
    Unlink(TableChoice),
    /// A cup of this chat (`/tarock cup …`).
    Cup(CupAction),
    /// A button press: the payload as the front end received it.
    Button(String),
}

/// What a cup command asks for (`/tarock cup …`): a tournament owned by the
/// chat, its rounds drawn into tables of this chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CupAction {
    /// Open a cup in this chat; the sender organizes it and takes part.
    New(CupSettings),
    /// Take part (also later: a newcomer is drawn from the next day on).
    Join,
    /// Stop taking part; only before the first round is drawn.
    Leave,
    /// Draw the next round's tables and deal (the organizer or a chat
    /// admin); the named players are absent for the rest of the day.
    Draw {
        /// Names of the absent players, as the cup lists them.
        absent: Vec<String>,
    },
    /// Post the standings of the day and the season in the chat.
    Standings,
    /// End the cup now (the organizer or a chat admin); its tables close.
    End,
    /// A cup command that cannot be read: the sender is shown the cup's
    /// commands.
    Help,
}

/// A new cup's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupSettings {
    /// Its name.
    pub name: String,
    /// Cup days in the season.
    pub days: usize,
    /// Rounds a day.
    pub rounds: usize,
    /// Days counted for the season (the best ones).
    pub best: usize,
    /// Time per action at its tables.
    pub pace: Pace,
    /// The language of its messages and tables.
    pub lang: Lang,
}

impl CupSettings {
    /// A season as seed 002's Tarockcup runs it: 8 days of 3 rounds, the
    /// best 6 days count; live tables.
    pub fn named(name: &str, lang: Lang) -> CupSettings {
        CupSettings {
            name: name.trim().to_owned(),
            days: 8,
            rounds: 3,
            best: 6,
            pace: Pace::LIVE,
            lang,
        }
    }

    /// These settings with the season's shape as given; what is not given
    /// keeps seed 002's (8 days, 3 rounds), and the counted days default
    /// to the best 6 or every day of a shorter season.
    #[must_use]
    pub fn with_season(
        self,
        days: Option<usize>,
        rounds: Option<usize>,
        best: Option<usize>,
    ) -> CupSettings {
        let days = days.unwrap_or(self.days);
        CupSettings {
            days,
            rounds: rounds.unwrap_or(self.rounds),
            best: best.unwrap_or(self.best.min(days)),
            ..self
        }
    }
}

/// One input for the table service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// Who sent it.
    pub sender: Sender,
    /// The platform's update or interaction id; a second command with the
    /// same id is recognised and ignored.
    pub update_id: Option<String>,
    /// What they want.
    pub kind: CommandKind,
}

/// Serializes a [`Platform`] as its text.
mod platform_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use tarock_storage::Platform;

    pub fn serialize<S: Serializer>(p: &Platform, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(p.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Platform, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
