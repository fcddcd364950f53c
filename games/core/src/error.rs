//! Errors at the boundary. Each game keeps its own rule-error enum, whose
//! variants name the rule they enforce; [`RuleError`] asks each of them for
//! a stable code, the key a table service looks up in its message
//! catalogue. [`Refusal`] wraps a game's rule error with the refusals every
//! game shares, so that those have the same code in every game.

use std::error::Error;

use crate::Seat;

/// A game's reason to refuse a well-formed action.
pub trait RuleError: Error + Send + Sync + 'static {
    /// A short ASCII code, stable across versions and unique per kind of
    /// refusal within a game (e.g. 20 ab's SPEC code `"D-12"`, or
    /// `"must-follow-suit"`): the key of the localized text.
    fn code(&self) -> &'static str;
}

/// Why [`crate::Game::apply`] refused an action; the round is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal<E> {
    /// The text is not the token of any action of this game.
    #[error("{0:?} is not an action of this game")]
    Token(String),
    /// The seat is not at this table.
    #[error("seat {seat} is not one of the {seats} seats of this table")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
        /// The table's seat count.
        seats: u8,
    },
    /// No cards are dealt: the round waits for [`crate::Game::deal`].
    #[error("the cards are not dealt yet")]
    AwaitingDeck,
    /// The game's rules forbid the action now.
    #[error(transparent)]
    Rule(E),
}

impl<E: RuleError> Refusal<E> {
    /// The stable code: `"token"`, `"seat"`, `"deck"`, or the game's code.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Token(_) => "token",
            Refusal::NoSuchSeat { .. } => "seat",
            Refusal::AwaitingDeck => "deck",
            Refusal::Rule(e) => e.code(),
        }
    }

    /// The game's rule error, if that is the reason.
    pub fn rule(&self) -> Option<&E> {
        match self {
            Refusal::Rule(e) => Some(e),
            _ => None,
        }
    }

    /// The same refusal with the rule error changed by `f`.
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> Refusal<F> {
        match self {
            Refusal::Token(t) => Refusal::Token(t),
            Refusal::NoSuchSeat { seat, seats } => Refusal::NoSuchSeat { seat, seats },
            Refusal::AwaitingDeck => Refusal::AwaitingDeck,
            Refusal::Rule(e) => Refusal::Rule(f(e)),
        }
    }
}

/// [`crate::Game::deal`] was called while the round needs no deck (a deal is
/// under way, or the round is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no deck is needed now")]
pub struct NoDeckNeeded;

/// Why a round cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game is not played by this many seats.
    #[error("{game} is played by {min}–{max} seats, not {seats}")]
    Seats {
        /// The game's id.
        game: &'static str,
        /// The count given.
        seats: u8,
        /// The fewest seats.
        min: u8,
        /// The most seats.
        max: u8,
    },
    /// The first seat is not at the table.
    #[error("seat {seat} is not one of the {seats} seats")]
    Seat {
        /// The seat given.
        seat: Seat,
        /// The seat count.
        seats: u8,
    },
    /// The rules description is not valid for this game.
    #[error("rules: {0}")]
    Rules(String),
    /// No game of the family has this id.
    #[error("no game is called {0:?}")]
    UnknownGame(String),
}

/// Why a record does not become a round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordRefused {
    /// Not a JSON object with a string `format`.
    #[error("not a game record: {0}")]
    NotARecord(String),
    /// No game of the family writes this format.
    #[error("unknown record format {0:?}")]
    UnknownFormat(String),
    /// The record does not have its format's shape (the game's message).
    #[error("invalid record: {0}")]
    Invalid(String),
    /// A well-formed action of the record is against the rules.
    #[error("action {index} is refused: {message}")]
    Illegal {
        /// 0-based position of the action in the record.
        index: usize,
        /// The game's rule-error code.
        code: String,
        /// The game's message.
        message: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, thiserror::Error)]
    #[error("P-3: follow suit")]
    struct Follow;
    impl RuleError for Follow {
        fn code(&self) -> &'static str {
            "P-3"
        }
    }

    #[test]
    fn shared_refusals_have_the_same_code_in_every_game() {
        let token: Refusal<Follow> = Refusal::Token("zz".into());
        assert_eq!(token.code(), "token");
        let seat: Refusal<Follow> = Refusal::NoSuchSeat {
            seat: Seat::new(4),
            seats: 4,
        };
        assert_eq!(seat.code(), "seat");
        assert_eq!(Refusal::<Follow>::AwaitingDeck.code(), "deck");
        let rule = Refusal::Rule(Follow);
        assert_eq!(rule.code(), "P-3");
        assert_eq!(rule.to_string(), "P-3: follow suit");
        assert_eq!(rule.rule(), Some(&Follow));
    }
}
