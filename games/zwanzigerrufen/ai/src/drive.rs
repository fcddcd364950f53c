//! Connecting players to a game: the driver holds the [`Game`], hands each
//! player only its seat's view, and checks every answer against the rules.

use rand::RngCore;
use tarock_zwanzigerrufen::{Action, Bid, Game, RuleError, Seat, Settlement};

use tarock_zwanzigerrufen::Zwanzigerrufen;

use crate::Player;

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

/// Asks `player`, acting for the seat to act, for its next action and checks it.
/// Returns `None` when the deal is over.
///
/// # Errors
/// [`IllegalChoice`] when the player's action is not legal.
pub fn next_action(
    game: &Game,
    player: &mut dyn Player<Zwanzigerrufen>,
    rng: &mut dyn RngCore,
) -> Result<Option<(Seat, Action)>, IllegalChoice> {
    let Some(seat) = game.to_act() else {
        return Ok(None);
    };
    let action = player.choose(&game.view(seat), rng);
    if !game.legal_actions().contains(action) {
        let error = game
            .clone()
            .apply(seat, action)
            .err()
            .unwrap_or(RuleError::DealOver);
        return Err(IllegalChoice {
            player: player.name().to_owned(),
            seat,
            action,
            error,
        });
    }
    Ok(Some((seat, action)))
}

/// The whole bidding turn `player` makes for the seat to act: its bids in
/// order (empty for a pass), for [`Game::apply_turn`]. The game is unchanged.
///
/// # Errors
/// [`IllegalChoice`] when the player chooses an illegal action, including a
/// card during the bidding.
pub fn bidding_turn(
    game: &Game,
    player: &mut dyn Player<Zwanzigerrufen>,
    rng: &mut dyn RngCore,
) -> Result<Vec<Bid>, IllegalChoice> {
    let mut scratch = game.clone();
    let mut bids = Vec::new();
    let start = scratch.to_act();
    while let Some((seat, action)) = next_action(&scratch, player, rng)? {
        match action {
            Action::Bid(bid) if Some(seat) == start => bids.push(bid),
            Action::Weiter => break,
            _ => {
                return Err(IllegalChoice {
                    player: player.name().to_owned(),
                    seat,
                    action,
                    error: RuleError::BiddingOver,
                });
            }
        }
        scratch
            .apply(seat, action)
            .expect("next_action checked the action");
    }
    Ok(bids)
}

/// Plays `game` to its end with one player per seat (index = seat number)
/// and returns the settlement.
///
/// # Errors
/// [`IllegalChoice`] for the first illegal action a player chooses; the game
/// then stands before that action.
pub fn play_out(
    game: &mut Game,
    players: &mut [Box<dyn Player<Zwanzigerrufen>>; 4],
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
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_zwanzigerrufen::{GameKind, Phase};

    use crate::{Easy, Medium};

    use crate::fixtures::fd1_dealt as fd1;

    #[test]
    fn a_bidding_turn_is_collected_without_changing_the_game() {
        let mut game = fd1();
        let before = game.clone();
        let mut rng = SmallRng::seed_from_u64(1);
        let bids = bidding_turn(&game, &mut Medium::new(), &mut rng).unwrap();
        assert_eq!(game, before);
        assert_eq!(bids.first(), Some(&Bid::Game(GameKind::Rufer)));
        game.apply_turn(Seat::S0, &bids).unwrap();
        // The next seat passes with an average hand.
        let bids = bidding_turn(&game, &mut Easy::new(), &mut rng).unwrap();
        assert!(bids.is_empty());
    }

    /// A player that always tries to play the Sküs.
    struct Cheater;

    impl Player<Zwanzigerrufen> for Cheater {
        fn name(&self) -> &str {
            "cheater"
        }
        fn choose(
            &mut self,
            _view: &tarock_zwanzigerrufen::SeatView,
            _rng: &mut dyn RngCore,
        ) -> Action {
            Action::Play(tarock_zwanzigerrufen::Card::SKUS)
        }
    }

    #[test]
    fn an_illegal_choice_is_reported_and_not_applied() {
        let mut game = fd1();
        let mut players: [Box<dyn Player<Zwanzigerrufen>>; 4] = [
            Box::new(Easy::new()),
            Box::new(Cheater),
            Box::new(Easy::new()),
            Box::new(Easy::new()),
        ];
        let mut rng = SmallRng::seed_from_u64(2);
        let err = play_out(&mut game, &mut players, &mut rng).unwrap_err();
        assert_eq!(err.player, "cheater");
        assert_eq!(err.seat, Seat::S1);
        assert_eq!(err.error, RuleError::StillBidding);
        assert_eq!(game.phase(), Phase::Bidding);
        assert_eq!(game.to_act(), Some(Seat::S1));
    }
}
