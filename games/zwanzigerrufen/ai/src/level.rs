//! Zwanzigerrufen's computer players by level. The levels themselves
//! ([`Level`]) are the family's, from `tarock-player`.

use tarock_player::Computers;
use tarock_zwanzigerrufen::Zwanzigerrufen;

pub use tarock_player::{Level, ParseLevelError};

use crate::{Easy, Medium, Player, Strong};

/// Zwanzigerrufen's computer players: easy, medium and strong.
pub static COMPUTERS: Computers<Zwanzigerrufen> = Computers::new(&Level::ALL, player);

/// A new Zwanzigerrufen player of `level` with its default settings.
pub fn player(level: Level) -> Box<dyn Player<Zwanzigerrufen>> {
    match level {
        Level::Easy => Box::new(Easy::new()),
        Level::Medium => Box::new(Medium::new()),
        Level::Strong => Box::new(Strong::new()),
    }
}

/// A new player of the level named `name` (`easy`, `medium`, `strong`).
///
/// # Errors
/// [`ParseLevelError`] when `name` is not one of the three levels.
pub fn player_by_name(name: &str) -> Result<Box<dyn Player<Zwanzigerrufen>>, ParseLevelError> {
    Ok(player(name.parse::<Level>()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_builds_a_player_of_that_name() {
        assert_eq!(COMPUTERS.levels(), &Level::ALL);
        for level in Level::ALL {
            assert_eq!(player_by_name(level.name()).unwrap().name(), level.name());
            assert_eq!(COMPUTERS.player(level).unwrap().name(), level.name());
        }
        assert!(player_by_name("Easy").is_err());
    }
}
