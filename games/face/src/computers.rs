//! What every face's computer players share: the levels a table offers by
//! name, and the checked choice of a game's computer of a level
//! ([`crate::GameFace::levels`], [`crate::GameFace::computer_token`]).

use rand::RngCore;
use tarock_game_core::{DynGame, Seat};
use tarock_player::{DynComputers, Level};

/// The computer levels by name, weakest first: every [`Level`], which each
/// game's computers play.
pub const LEVELS: [&str; 3] = [
    Level::Easy.name(),
    Level::Medium.name(),
    Level::Strong.name(),
];

/// The token the computer of `level` (a [`Level`]'s name) among a game's
/// `computers` chooses for `seat` in `round`, checked against the rules
/// (an answer they do not offer becomes the first legal action); `None`
/// for an unknown level, or when `seat` is not to act.
pub fn computer_token(
    computers: &dyn DynComputers,
    level: &str,
    round: &dyn DynGame,
    seat: Seat,
    rng: &mut dyn RngCore,
) -> Option<String> {
    let level: Level = level.parse().ok()?;
    computers.player(level)?.choose_token(round, seat, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_are_every_level_by_name_weakest_first() {
        let parsed: Vec<Level> = LEVELS.iter().map(|l| l.parse().unwrap()).collect();
        assert_eq!(parsed, Level::ALL);
    }
}
