//! Random legal play through the checked API, for `tarock simulate`, the
//! benchmarks and the property tests. Not a computer player: it only picks
//! uniformly among legal actions, with a bias towards Weiter so that biddings
//! end in a reasonable number of turns while still producing every kind of
//! announcement and Kontra.

use rand::Rng;

use crate::deal::Deal;
use crate::game::{Action, Game};
use crate::rules::ValidRules;
use crate::score::Settlement;
use crate::seat::Seat;

/// Chance of making a bid (rather than saying Weiter) when both are legal.
const BID_CHANCE: f64 = 0.3;

/// A random legal action of the seat to act, or `None` when the deal is over.
pub fn random_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Option<(Seat, Action)> {
    let seat = game.to_act()?;
    let cards = game.legal_cards();
    if !cards.is_empty() {
        let card = cards.nth(rng.random_range(0..cards.len()) as usize)?;
        return Some((seat, Action::Play(card)));
    }
    // Decide between Weiter and a bid first, so that the bids are only
    // listed when one is wanted (or Weiter is not allowed).
    let weiter = game.legal_actions_weiter();
    if weiter && !rng.random_bool(BID_CHANCE) {
        return Some((seat, Action::Weiter));
    }
    let legal = game.legal_actions();
    let bids = legal.bids().count() as u32;
    if bids == 0 {
        return weiter.then_some((seat, Action::Weiter));
    }
    let bid = legal.bids().nth(rng.random_range(0..bids) as usize)?;
    Some((seat, Action::Bid(bid)))
}

/// Plays `game` to its end with random legal actions and returns the settlement.
pub fn play_out<R: Rng + ?Sized>(game: &mut Game, rng: &mut R) -> Settlement {
    while let Some((seat, action)) = random_action(game, rng) {
        game.apply(seat, action)
            .expect("random_action picks legal actions");
    }
    game.settlement().expect("a deal played to its end settles")
}

/// A random valid deal under `rules` with `forehand` as Vorhand, and the number
/// of redeals thrown in before it.
pub fn random_game<R: Rng + ?Sized>(
    rng: &mut R,
    rules: &ValidRules,
    forehand: Seat,
) -> (Game, u32) {
    let (deal, redeals) = Deal::shuffled_valid(rng, rules);
    let game = Game::new(*rules, deal, forehand).expect("shuffled_valid needs no redeal");
    (game, redeals)
}
