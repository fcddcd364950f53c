//! The family's one drive ([`tarock_player::drive`]) for code that holds
//! Königrufen's engine [`Game`] rather than the boundary's round (the cup,
//! the calibration, tests that set a deal up by hand): the game goes behind
//! the boundary, is played there, and comes back with every action applied.

use rand::RngCore;
use tarock_koenigrufen::{Game, Koenigrufen, Settlement};
use tarock_player::drive::play_to_deck;

use super::Player;

/// A player answered with an action the rules do not allow.
pub type IllegalChoice = tarock_player::drive::IllegalChoice<Koenigrufen>;

/// Plays `game` to its end with one player per seat (index = seat number)
/// and returns the engine's settlement (money and score).
///
/// # Errors
/// [`IllegalChoice`] for the first illegal action a player chooses; the game
/// then stands before that action.
pub fn play_out(
    game: &mut Game,
    players: &mut [Box<dyn Player<Koenigrufen>>; 4],
    rng: &mut dyn RngCore,
) -> Result<Settlement, IllegalChoice> {
    let mut round = Koenigrufen::from(game.clone());
    let played = play_to_deck(&mut round, players, rng);
    *game = round.game().expect("a dealt round stays dealt").clone();
    played?;
    Ok(game.settlement().expect("a deal played to its end settles"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Easy, fixtures};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_game_core::Refusal;
    use tarock_koenigrufen::{Action, Phase, RuleError, Seat, SeatView};

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
        assert_eq!(err.seat, tarock_game_core::Seat::new(1));
        assert_eq!(
            err.error,
            Refusal::Rule(RuleError::WrongPhase(Phase::Auction))
        );
        assert_eq!(game.phase(), Phase::Auction);
        assert_eq!(game.log().len(), 1);
        assert_eq!(game.to_act(), Some(Seat::S1));
    }

    #[test]
    fn easy_players_play_fd1_to_a_zero_sum_end() {
        let mut game = fixtures::fd1();
        let mut players: [Box<dyn Player<Koenigrufen>>; 4] =
            std::array::from_fn(|_| Box::new(Easy::new()) as Box<dyn Player<Koenigrufen>>);
        let mut rng = SmallRng::seed_from_u64(3);
        let settlement = play_out(&mut game, &mut players, &mut rng).unwrap();
        assert_eq!(game.phase(), Phase::Finished);
        assert_eq!(settlement.money.iter().sum::<i64>(), 0);
        assert_eq!(settlement.score.iter().sum::<i64>(), 0);
    }
}
