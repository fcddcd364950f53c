//! The strengths by name, shared by every game: a table stores a computer
//! seat's level as text and builds its player again from it, whatever the
//! game.

use std::fmt;
use std::str::FromStr;

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Legal moves and simple rules of thumb.
    Easy,
    /// Hand evaluation and card-play heuristics (or a small simulation).
    Medium,
    /// Sampling of the hidden cards with search or simulation.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_strangers_are_refused() {
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!(
            "grandmaster".parse::<Level>(),
            Err(ParseLevelError("grandmaster".into()))
        );
        assert!("Easy".parse::<Level>().is_err());
    }
}
