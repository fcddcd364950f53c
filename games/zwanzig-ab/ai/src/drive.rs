//! The family's one drive ([`tarock_player::drive`]) for code that holds 20
//! ab's engine [`Session`] and chooses its decks (tests, the session
//! study): the deck is dealt, the session goes behind the boundary, the
//! deal is played there, and the session comes back with every action
//! applied.

use rand::RngCore;
use tarock_player::drive::play_to_deck;
use tarock_zwanzig_ab::{Deck, Session, Step, ZwanzigAb};

use super::Player;

/// A player answered with an action the rules do not allow.
pub type IllegalChoice = tarock_player::drive::IllegalChoice<ZwanzigAb>;

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
    let mut round = ZwanzigAb::from(session.clone());
    let played = play_to_deck(&mut round, players, rng);
    *session = round.session().clone();
    played?;
    Ok(session
        .outcome()
        .map_or(Step::DealOver, |o| Step::SessionOver(o.winner)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_zwanzig_ab::{Action, Phase, Rules, Seat, SeatView};

    use crate::Easy;

    /// A player that always drops.
    struct Dropper;

    impl Player<ZwanzigAb> for Dropper {
        fn name(&self) -> &str {
            "dropper"
        }
        fn choose(&mut self, _view: &SeatView, _rng: &mut dyn RngCore) -> Action {
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
        assert_eq!(err.seat, tarock_game_core::Seat::new(0));
        assert_eq!(err.error.code(), "T-1");
        assert_eq!(s.phase(), Phase::Trump);
        assert_eq!(s.to_act(), Some(Seat::S0));
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
