//! Connecting 20 ab players to a [`Session`]: each player gets only its
//! seat's view, and every answer is checked against the rules.

use rand::RngCore;
use tarock_zwanzig_ab::{Action, Deck, RuleError, Seat, Session, Step};

use tarock_zwanzig_ab::ZwanzigAb;

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
/// it. `None` when nobody is to act.
///
/// # Errors
/// [`IllegalChoice`] when the action is not legal.
pub fn next_action(
    session: &Session,
    player: &mut dyn Player<ZwanzigAb>,
    rng: &mut dyn RngCore,
) -> Result<Option<(Seat, Action)>, IllegalChoice> {
    let Some(seat) = session.to_act() else {
        return Ok(None);
    };
    let action = player.choose(&session.view(seat), rng);
    if !session.legal_actions().contains(action) {
        let error = session
            .clone()
            .apply(seat, action)
            .err()
            .unwrap_or(RuleError::NoDeal);
        return Err(IllegalChoice {
            player: player.name().to_owned(),
            seat,
            action,
            error,
        });
    }
    Ok(Some((seat, action)))
}

/// Deals `deck` and plays the deal to its end with one player per seat
/// (index = seat number). Returns [`Step::DealOver`] or [`Step::SessionOver`].
///
/// # Errors
/// [`IllegalChoice`] for the first illegal action; the session then stands
/// before it.
///
/// # Panics
/// When the session is over or a deal is under way, or `players` has fewer
/// entries than seats.
pub fn play_deal<P: Player<ZwanzigAb>>(
    session: &mut Session,
    deck: Deck,
    players: &mut [P],
    rng: &mut dyn RngCore,
) -> Result<Step, IllegalChoice> {
    session
        .start_deal(deck)
        .expect("the session needs its next deal");
    loop {
        let seat = session
            .to_act()
            .expect("a deal under way has a seat to act");
        let player = &mut players[seat.index()];
        let (seat, action) = next_action(session, player, rng)?.expect("a seat acts");
        let step = session.apply(seat, action).expect("checked above");
        if matches!(step, Step::DealOver | Step::SessionOver(_)) {
            return Ok(step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_zwanzig_ab::{Phase, Rules};

    use crate::zwanzig_ab::Easy;

    /// A player that always drops.
    struct Dropper;

    impl Player<ZwanzigAb> for Dropper {
        fn name(&self) -> &str {
            "dropper"
        }
        fn choose(
            &mut self,
            _view: &tarock_zwanzig_ab::SeatView,
            _rng: &mut dyn RngCore,
        ) -> Action {
            Action::Drop
        }
    }

    #[test]
    fn an_illegal_choice_is_reported_and_not_applied() {
        // Dealer S3: S0 names trump; a drop is not trump naming (T-1).
        let mut s = Session::fresh(Rules::STANDARD, 4, 3).unwrap();
        let mut players: Vec<Box<dyn Player<ZwanzigAb>>> = vec![
            Box::new(Dropper),
            Box::new(Easy::new()),
            Box::new(Easy::new()),
            Box::new(Easy::new()),
        ];
        let mut rng = SmallRng::seed_from_u64(1);
        let err = play_deal(&mut s, Deck::ORDERED, &mut players, &mut rng).unwrap_err();
        assert_eq!(err.player, "dropper");
        assert_eq!(err.seat, Seat::S0);
        assert_eq!(err.error.code(), "T-1");
        assert_eq!(s.phase(), Phase::Trump);
    }

    #[test]
    fn easy_players_play_a_deal_to_its_end() {
        let mut s = Session::fresh(Rules::STANDARD, 3, 0).unwrap();
        let mut players: Vec<Box<dyn Player<ZwanzigAb>>> = (0..3)
            .map(|_| Box::new(Easy::new()) as Box<dyn Player<ZwanzigAb>>)
            .collect();
        let mut rng = SmallRng::seed_from_u64(2);
        let step = play_deal(&mut s, Deck::ORDERED, &mut players, &mut rng).unwrap();
        assert!(matches!(step, Step::DealOver | Step::SessionOver(_)));
        assert_eq!(s.deals_completed(), 1);
        assert_eq!(s.tricks_won().iter().map(|t| u32::from(*t)).sum::<u32>(), 5);
    }
}
