//! Why the table service refused a command (a localized notice to the
//! sender, nothing changed), and the errors it cannot answer itself.

use std::sync::Arc;

use tarock_game_core::{Refusal, Rejected};
use tarock_storage::StorageError;

use crate::shuffle::EntropyError;
use crate::text::Lang;
use crate::text::tr;
use tarock_face::numbers::name_list;

/// A refused command. Each has a text in every language; nothing was
/// changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// A button or command argument that cannot be read.
    Malformed,
    /// No table with that id.
    UnknownTable,
    /// No open table in this chat.
    NoTableHere,
    /// Several open tables in this chat; use the table's buttons.
    SeveralTables,
    /// The table is closed.
    TableClosed,
    /// The table is paused.
    TablePaused,
    /// The table is not paused (so it cannot be resumed).
    NotPaused,
    /// The sender does not sit at the table.
    NotSeated,
    /// The sender already sits at the table.
    AlreadySeated,
    /// No free seat.
    TableFull,
    /// That seat is taken.
    SeatTaken,
    /// Not every seat is taken; the table has this many.
    NotEnoughPlayers(u8),
    /// The table has no seat of that number.
    NoSuchSeat,
    /// A deal is being played (the command is for the lobby or between deals).
    DealInProgress,
    /// No deal is being played.
    NoDeal,
    /// It is someone else's turn.
    NotYourTurn,
    /// The button was made for an earlier step.
    Stale,
    /// Only the table's creator (or a chat admin) may do this.
    NotAllowed,
    /// No such computer level.
    UnknownLevel,
    /// That seat holds no computer player.
    NoComputerThere,
    /// The rules given cannot be read for the chosen game (its id): the
    /// refusal names the game and its presets, from the game registry.
    BadRules {
        /// The id of the game the rules were given for.
        game: &'static str,
        /// What is wrong, as the game's rules reader said it.
        detail: String,
    },
    /// The stake is out of range.
    BadStake,
    /// No game of the family has that name.
    UnknownGame,
    /// The command belongs to another game than the table's.
    NotInThisGame,
    /// The table's game refuses the action: the game's id, its rule's
    /// code and the refusal itself, put into words by the game's face.
    GameRefusal {
        /// The game's id.
        game: &'static str,
        /// The refusal's code ([`tarock_game_core::RuleError::code`]).
        code: &'static str,
        /// The refusal with its details, for the face's full text.
        error: GameError,
    },
    /// The game is not played by that many seats.
    BadSeatCount {
        /// The fewest seats.
        min: u8,
        /// The most seats.
        max: u8,
    },
    /// Words typed at a table of a game with a face that the game reads as
    /// a move but are none ([`crate::games::GameFace::typed_token`]): the
    /// id of the face's text, and the word it quotes.
    Typed {
        /// The id of the refusal's text (a face's catalogue).
        id: &'static str,
        /// The word quoted back, if any.
        word: Option<String>,
    },
    /// The parties are not known to the sender yet.
    PartyUnknown,
    /// No trick has been completed yet.
    NoTrickYet,
    /// A card typed that the table's game does not have (another game's
    /// card, e.g. `sA` at Königrufen); the text, shortened.
    NotACard(String),
    /// Text typed at a table of a game with a face that is no card
    /// spelling; the text, shortened.
    NotACardSpelling(String),
    /// A draft button (a choice made in several presses) that no message
    /// offered: forged, or made for another choice.
    BadDraft,
    /// A button of a table that lives in another chat (or another
    /// person's private view).
    ForeignChat,
    /// The same button again within a second: taken as one press.
    DoublePress,
    /// A link code that does not exist, was used, or expired.
    BadLinkCode,
    /// This chat shows a table already (its own or a linked one).
    ChatHasTable,
    /// Linking and unlinking happen in group chats, not in private ones.
    LinkInPrivate,
    /// The chat is not linked to anything to unlink.
    NotLinked,
    /// What a cup refuses.
    Cup(CupRefusal),
}

/// A game's refusal of an action, kept whole (shared, so a [`Rejection`]
/// stays cheap to clone); two are equal when they say the same.
#[derive(Clone, Debug)]
pub struct GameError(pub Arc<Refusal<Rejected>>);

impl PartialEq for GameError {
    fn eq(&self, other: &GameError) -> bool {
        self.0.code() == other.0.code() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for GameError {}

/// Why a cup command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CupRefusal {
    /// Cups are played in group chats, not in private ones.
    InPrivate,
    /// The chat has no open cup.
    NoCup,
    /// The chat has an open cup already.
    ChatHasCup,
    /// The cup's name is empty or too long, or its days do not fit.
    BadSettings,
    /// The sender takes part already.
    AlreadyIn,
    /// The sender does not take part.
    NotIn,
    /// Leaving is for before the first draw; later the organizer names
    /// the absent at the draw.
    AlreadyDrawn,
    /// No player of the cup has this name.
    UnknownPlayer(String),
    /// No mix of tables of four and five seats this many players present.
    CannotSeat(usize),
    /// The current round still has tables playing.
    RoundOpen {
        /// Its tables still playing, by number.
        tables: Vec<usize>,
    },
    /// All days of the season are played.
    SeasonOver,
    /// A cup table ends by itself after its deals.
    TableOfCup(u32),
    /// Only the cup's organizer (or a chat admin) draws and ends it.
    NotOrganizer,
}

impl CupRefusal {
    fn text(&self, lang: Lang) -> String {
        match self {
            CupRefusal::InPrivate => tr!(lang, "cup-rej-in-private"),
            CupRefusal::NoCup => tr!(lang, "cup-rej-no-cup"),
            CupRefusal::ChatHasCup => tr!(lang, "cup-rej-chat-has-cup"),
            CupRefusal::BadSettings => tr!(lang, "cup-rej-bad-settings"),
            CupRefusal::AlreadyIn => tr!(lang, "cup-rej-already-in"),
            CupRefusal::NotIn => tr!(lang, "cup-rej-not-in"),
            CupRefusal::AlreadyDrawn => tr!(lang, "cup-rej-already-drawn"),
            CupRefusal::UnknownPlayer(name) => {
                tr!(lang, "cup-rej-unknown-player", name = name.as_str())
            }
            CupRefusal::CannotSeat(present) => {
                tr!(lang, "cup-rej-cannot-seat", present = *present)
            }
            CupRefusal::RoundOpen { tables } => {
                let list: Vec<String> = tables.iter().map(ToString::to_string).collect();
                tr!(lang, "cup-rej-round-open", tables = list.join(", "))
            }
            CupRefusal::SeasonOver => tr!(lang, "cup-rej-season-over"),
            CupRefusal::TableOfCup(deals) => tr!(lang, "cup-rej-table-of-cup", deals = *deals),
            CupRefusal::NotOrganizer => tr!(lang, "cup-rej-not-organizer"),
        }
    }
}

impl From<CupRefusal> for Rejection {
    fn from(r: CupRefusal) -> Rejection {
        Rejection::Cup(r)
    }
}

impl From<CupRefusal> for Fail {
    fn from(r: CupRefusal) -> Fail {
        Fail::Reject(Rejection::Cup(r))
    }
}

impl Rejection {
    /// The notice text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Rejection::Malformed => tr!(lang, "rej-malformed"),
            Rejection::ForeignChat => tr!(lang, "rej-foreign-chat"),
            Rejection::DoublePress => tr!(lang, "rej-double-press"),
            Rejection::BadLinkCode => tr!(lang, "rej-bad-link-code"),
            Rejection::ChatHasTable => tr!(lang, "rej-chat-has-table"),
            Rejection::LinkInPrivate => tr!(lang, "rej-link-in-private"),
            Rejection::NotLinked => tr!(lang, "rej-not-linked"),
            Rejection::Cup(refusal) => refusal.text(lang),
            Rejection::UnknownTable => tr!(lang, "rej-unknown-table"),
            Rejection::NoTableHere => tr!(lang, "rej-no-table-here"),
            Rejection::SeveralTables => tr!(lang, "rej-several-tables"),
            Rejection::TableClosed => tr!(lang, "rej-table-closed"),
            Rejection::TablePaused => tr!(lang, "rej-table-paused"),
            Rejection::NotPaused => tr!(lang, "rej-not-paused"),
            Rejection::NotSeated => tr!(lang, "rej-not-seated"),
            Rejection::AlreadySeated => tr!(lang, "rej-already-seated"),
            Rejection::TableFull => tr!(lang, "rej-table-full"),
            Rejection::SeatTaken => tr!(lang, "rej-seat-taken"),
            Rejection::NotEnoughPlayers(seats) => {
                tr!(lang, "rej-not-enough-players", seats = i64::from(*seats))
            }
            Rejection::NoSuchSeat => tr!(lang, "rej-no-such-seat"),
            Rejection::DealInProgress => tr!(lang, "rej-deal-in-progress"),
            Rejection::NoDeal => tr!(lang, "rej-no-deal"),
            Rejection::NotYourTurn => tr!(lang, "rej-not-your-turn"),
            Rejection::Stale => tr!(lang, "rej-stale"),
            Rejection::NotAllowed => tr!(lang, "rej-not-allowed"),
            Rejection::UnknownLevel => tr!(lang, "rej-unknown-level"),
            Rejection::NoComputerThere => tr!(lang, "rej-no-computer-there"),
            Rejection::BadRules { game, detail } => {
                let presets = tarock_games::presets_of(game);
                tr!(
                    lang,
                    "rej-bad-rules",
                    detail = detail.as_str(),
                    game = crate::games::name_of(game, lang),
                    presets = name_list(presets, lang),
                    count = presets.len()
                )
            }
            Rejection::BadStake => tr!(lang, "rej-bad-stake"),
            Rejection::UnknownGame => tr!(
                lang,
                "rej-unknown-game",
                games = crate::games::names_list(lang)
            ),
            Rejection::NotInThisGame => tr!(lang, "rej-not-in-this-game"),
            Rejection::GameRefusal { game, code, error } => crate::games::face(game).map_or_else(
                || tr!(lang, "refusal-other"),
                |f| {
                    match &*error.0 {
                        Refusal::Rule(rule) => f.rule_text(rule, lang),
                        _ => None,
                    }
                    .unwrap_or_else(|| f.refusal_text(code, lang))
                },
            ),
            Rejection::BadSeatCount { min, max } if min == max => {
                tr!(lang, "rej-fixed-seat-count", min = *min)
            }
            Rejection::BadSeatCount { min, max } => {
                tr!(lang, "rej-bad-seat-count", min = *min, max = *max)
            }
            Rejection::Typed { id, word } => crate::text::text(
                lang,
                id,
                word.iter().map(|w| ("word", w.as_str().into())).collect(),
            ),
            Rejection::PartyUnknown => tr!(lang, "rej-party-unknown"),
            Rejection::NoTrickYet => tr!(lang, "rej-no-trick-yet"),
            Rejection::BadDraft => tr!(lang, "rej-bad-draft"),
            Rejection::NotACard(card) => tr!(lang, "rej-not-a-card", card = card.as_str()),
            Rejection::NotACardSpelling(text) => {
                tr!(lang, "rej-not-a-card-spelling", text = text.as_str())
            }
        }
    }
}

/// An error the service cannot turn into a notice: the database or the
/// operating system's random number generator failed.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// Storage failed (after retries where they make sense).
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// The operating system gave no random numbers for a shuffle or a
    /// computer's choice; nothing was changed.
    #[error(transparent)]
    Entropy(#[from] EntropyError),
}

/// Inside the service: a refusal or a failure.
#[derive(Debug)]
pub(crate) enum Fail {
    Reject(Rejection),
    Store(StorageError),
    Entropy(EntropyError),
}

impl From<Rejection> for Fail {
    fn from(r: Rejection) -> Fail {
        Fail::Reject(r)
    }
}

impl From<StorageError> for Fail {
    fn from(e: StorageError) -> Fail {
        Fail::Store(e)
    }
}

impl From<EntropyError> for Fail {
    fn from(e: EntropyError) -> Fail {
        Fail::Entropy(e)
    }
}
