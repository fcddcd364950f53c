//! Connecting players to a round of any game: the driver holds the round,
//! hands each player only the view of the seat to act, and checks every
//! answer against the rules before applying it.

use std::fmt;

use tarock_game_core::{Game, Refusal, RngCore, Seat, Settlement};

use crate::Player;

/// A player answered with an action the rules do not allow.
pub struct IllegalChoice<G: Game> {
    /// The player's name.
    pub player: String,
    /// The seat it played for.
    pub seat: Seat,
    /// What it chose.
    pub action: G::Action,
    /// Why the rules refuse it.
    pub error: Refusal<G::Error>,
}

impl<G: Game> fmt::Debug for IllegalChoice<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IllegalChoice")
            .field("player", &self.player)
            .field("seat", &self.seat)
            .field("action", &self.action)
            .field("error", &self.error)
            .finish()
    }
}

impl<G: Game> fmt::Display for IllegalChoice<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "player {} at seat {} chose {}, which is illegal: {}",
            self.player,
            self.seat,
            G::action_token(&self.action),
            self.error
        )
    }
}

impl<G: Game> std::error::Error for IllegalChoice<G> {}

/// Asks `player`, acting for the seat to act, for its next action and
/// checks it; `None` when nobody is to act (the round needs a deck or is
/// over). The round is not changed.
///
/// # Errors
/// [`IllegalChoice`] when the rules refuse the action.
pub fn next_action<G: Game, P: Player<G> + ?Sized>(
    round: &G,
    player: &mut P,
    rng: &mut dyn RngCore,
) -> Result<Option<(Seat, G::Action)>, IllegalChoice<G>> {
    let Some(seat) = round.to_act() else {
        return Ok(None);
    };
    let view = round.seat_view(seat).expect("the seat to act has a view");
    let action = player.choose(&view, rng);
    if !round.legal_actions().contains(&action)
        && let Err(error) = round.clone().apply(seat, action)
    {
        return Err(IllegalChoice {
            player: player.name().to_owned(),
            seat,
            action,
            error,
        });
    }
    Ok(Some((seat, action)))
}

/// Plays until the round is over or waits for a deck, one player per seat
/// (index = seat number).
///
/// # Errors
/// [`IllegalChoice`] for the first illegal action a player chooses; the
/// round then stands before that action.
///
/// # Panics
/// When `players` has fewer entries than the round has seats.
pub fn play_to_deck<G: Game, P: Player<G>>(
    round: &mut G,
    players: &mut [P],
    rng: &mut dyn RngCore,
) -> Result<(), IllegalChoice<G>> {
    while let Some(seat) = round.to_act() {
        let Some((seat, action)) = next_action(round, &mut players[seat.index()], rng)? else {
            break;
        };
        round
            .apply(seat, action)
            .unwrap_or_else(|_| unreachable!("next_action checked the action"));
    }
    Ok(())
}

/// Plays `round` to its end with one player per seat (index = seat
/// number), dealing from `rng` whenever it needs a deck, and returns the
/// settlement.
///
/// # Errors
/// [`IllegalChoice`] for the first illegal action a player chooses.
///
/// # Panics
/// When `players` has fewer entries than the round has seats, or the round
/// breaks the boundary's promise (not over, yet nobody to act and no deck
/// wanted).
pub fn play_out<G: Game, P: Player<G>>(
    round: &mut G,
    players: &mut [P],
    rng: &mut dyn RngCore,
) -> Result<Settlement, IllegalChoice<G>> {
    loop {
        if round.needs_deck() {
            round.deal(rng).expect("the round needs a deck");
        }
        play_to_deck(round, players, rng)?;
        if let Some(settlement) = round.settlement() {
            return Ok(settlement);
        }
        assert!(
            round.needs_deck(),
            "a round that is not over has a seat to act or waits for a deck"
        );
    }
}
