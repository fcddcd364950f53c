//! Connecting players to a Königrufen [`Game`]: the driver holds the game,
//! gives each player only the view of the seat to act, and checks every
//! answer against the rules before applying it.

use rand::RngCore;
use tarock_koenigrufen::{Action, Game, RuleError, Seat, Settlement};

use tarock_koenigrufen::Koenigrufen;

use super::Player;

/// A player answered with an action the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("player {player} at seat {seat} chose {action}, which is illegal: {error}")]
pub struct IllegalChoice {
    /// The player's name.
    pub player: String,
    /// The seat it played for.
    pub seat: Seat,
    /// What it chose.
    pub action: Action,
    /// The rule the action breaks.
    pub error: RuleError,
}

/// Asks `player`, acting for the seat to act, for its next action and checks
/// it; `None` when the deal is over. The game is not changed.
///
/// # Errors
/// [`IllegalChoice`] when the action is not legal.
pub fn next_action(
    game: &Game,
    player: &mut dyn Player<Koenigrufen>,
    rng: &mut dyn RngCore,
) -> Result<Option<(Seat, Action)>, IllegalChoice> {
    let Some(seat) = game.to_act() else {
        return Ok(None);
    };
    let action = player.choose(&game.view(seat), rng);
    if let Err(error) = game.clone().apply(seat, action) {
        return Err(IllegalChoice {
            player: player.name().to_owned(),
            seat,
            action,
            error,
        });
    }
    Ok(Some((seat, action)))
}

/// Plays `game` to its end with one player per seat (index = seat number)
/// and returns the settlement.
///
/// # Errors
/// [`IllegalChoice`] for the first illegal action a player chooses; the game
/// then stands before that action.
pub fn play_out(
    game: &mut Game,
    players: &mut [Box<dyn Player<Koenigrufen>>; 4],
    rng: &mut dyn RngCore,
) -> Result<Settlement, IllegalChoice> {
    while let Some(seat) = game.to_act() {
        let player = players[seat.index()].as_mut();
        let Some((seat, action)) = next_action(game, player, rng)? else {
            break;
        };
        game.apply(seat, action)
            .expect("next_action checked the action");
    }
    Ok(game.settlement().expect("a deal played to its end settles"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::koenigrufen::{Easy, fixtures};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_koenigrufen::{Phase, SeatView};

    /// A player that always tries to play the Sküs.
    struct Cheater;

    impl Player<Koenigrufen> for Cheater {
        fn name(&self) -> &str {
            "cheater"
        }
        fn choose(&mut self, _view: &SeatView, _rng: &mut dyn RngCore) -> Action {
            Action::Play(tarock_koenigrufen::Card::SKUS)
        }
    }

    #[test]
    fn an_illegal_choice_is_reported_and_not_applied() {
        let mut game = fixtures::fd1();
        let mut players: [Box<dyn Player<Koenigrufen>>; 4] = [
            Box::new(Easy::new()),
            Box::new(Cheater),
            Box::new(Easy::new()),
            Box::new(Easy::new()),
        ];
        let mut rng = SmallRng::seed_from_u64(2);
        let err = play_out(&mut game, &mut players, &mut rng).unwrap_err();
        assert_eq!(err.player, "cheater");
        assert_eq!(err.seat, Seat::S1);
        assert_eq!(err.error, RuleError::WrongPhase(Phase::Auction));
        assert_eq!(game.phase(), Phase::Auction);
        assert_eq!(game.log().len(), 1);
    }
}
