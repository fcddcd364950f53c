//! The three strengths by name, so that a table can store a computer seat's
//! level as text and build its player again from it.

use std::fmt;
use std::str::FromStr;

use crate::{Easy, Medium, Player, Strong};

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Legal moves and simple rules of thumb ([`Easy`]).
    Easy,
    /// Hand evaluation and card-play heuristics ([`Medium`]).
    Medium,
    /// Determinized sampling with exact search ([`Strong`]).
    Strong,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Strong];

    /// The level's name: `easy`, `medium` or `strong`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Strong => "strong",
        }
    }

    /// A new player of this level with its default settings.
    pub fn player(self) -> Box<dyn Player> {
        match self {
            Level::Easy => Box::new(Easy::new()),
            Level::Medium => Box::new(Medium::new()),
            Level::Strong => Box::new(Strong::new()),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A level name that is not `easy`, `medium` or `strong`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player level {0:?} (expected easy, medium or strong)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

/// A new player of the level named `name` (`easy`, `medium`, `strong`).
///
/// # Errors
/// [`ParseLevelError`] when `name` is not one of the three levels.
pub fn player_by_name(name: &str) -> Result<Box<dyn Player>, ParseLevelError> {
    Ok(name.parse::<Level>()?.player())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_build_players_of_that_name() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
            assert_eq!(player_by_name(level.name()).unwrap().name(), level.name());
        }
        assert_eq!(
            "grandmaster".parse::<Level>(),
            Err(ParseLevelError("grandmaster".into()))
        );
        assert!(player_by_name("Easy").is_err());
    }
}
