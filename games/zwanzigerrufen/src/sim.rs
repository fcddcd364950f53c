//! Random legal play through the checked API, for `tarock simulate`, the
//! benchmarks and the property tests. Not a computer player: it only picks
//! uniformly among legal actions, with a bias towards Weiter so that biddings
//! end in a reasonable number of turns while still producing every kind of
//! announcement and Kontra.

use rand::Rng;

use crate::card::{Card, CardSet, TOTAL_POINTS};
use crate::deal::Deal;
use crate::game::{Action, Game};
use crate::rules::{GameKind, ValidRules};
use crate::score::Settlement;
use crate::seat::Seat;

/// Chance of making a bid (rather than saying Weiter) when both are legal.
const BID_CHANCE: f64 = 0.3;

/// A random legal action of the seat to act, or `None` when the deal is over.
pub fn random_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Option<(Seat, Action)> {
    let seat = game.to_act()?;
    let cards = game.legal_cards();
    let action = if cards.is_empty() {
        random_bidding_action(game, rng)?
    } else {
        Action::Play(random_card(cards, rng))
    };
    Some((seat, action))
}

/// A uniformly random card of `cards`, which is not empty.
fn random_card<R: Rng + ?Sized>(cards: CardSet, rng: &mut R) -> Card {
    let k = rng.random_range(0..cards.len());
    cards
        .nth(k as usize)
        .expect("k is below the number of cards")
}

/// A random legal bidding action of the seat to act. Kept out of
/// line so that the card path, run 40 times a deal, stays small.
#[inline(never)]
fn random_bidding_action<R: Rng + ?Sized>(game: &Game, rng: &mut R) -> Option<Action> {
    // Decide between Weiter and a bid first, so that the bids are only
    // listed when one is wanted (or Weiter is not allowed).
    let weiter = game.legal_actions_weiter();
    if weiter && !rng.random_bool(BID_CHANCE) {
        return Some(Action::Weiter);
    }
    let legal = game.legal_actions();
    let bids = legal.bid_count();
    if bids == 0 {
        return weiter.then_some(Action::Weiter);
    }
    let bid = legal.bids().nth(rng.random_range(0..bids) as usize)?;
    Some(Action::Bid(bid))
}

/// Plays `game` to its end with random legal actions and returns the settlement.
pub fn play_out<R: Rng + ?Sized>(game: &mut Game, rng: &mut R) -> Settlement {
    while let Some(seat) = game.to_act() {
        let cards = game.legal_cards();
        let step = if cards.is_empty() {
            let action = random_bidding_action(game, rng)
                .expect("the seat to act in the bidding has a legal action");
            game.apply(seat, action)
        } else {
            game.play_card(seat, random_card(cards, rng))
        };
        step.expect("random play picks legal actions");
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

/// What [`simulate`] counted over its deals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Deals played to the end.
    pub finished: u64,
    /// Deals thrown in and redealt before them.
    pub redeals: u64,
    /// Finished deals per game kind, in [`GameKind::ALL`] order.
    pub by_kind: [u64; 3],
    /// The balance changes of every deal, summed without sign (twice the
    /// units that changed hands).
    pub moved: i64,
}

impl Tally {
    /// Finished deals of `kind`.
    pub const fn of_kind(&self, kind: GameKind) -> u64 {
        self.by_kind[kind as usize]
    }
}

/// A simulated deal that broke an invariant of every deal: a bug in the engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("deal {deal} broke an invariant: card points {points:?}, settlement {settlement:?}")]
pub struct Broken {
    /// The number of the deal (0-based) in the simulation.
    pub deal: u64,
    /// Card points taken by [declarer party, opponents].
    pub points: [u32; 2],
    /// Its settlement.
    pub settlement: Settlement,
}

/// Plays `games` random deals through the checked API, the Vorhand moving
/// one seat on per deal, and checks that each has 88 card points and a
/// zero-sum settlement: the loop of `tarock simulate`.
///
/// # Errors
/// [`Broken`] for the first deal that breaks an invariant.
pub fn simulate<R: Rng + ?Sized>(
    rng: &mut R,
    rules: &ValidRules,
    games: u64,
) -> Result<Tally, Broken> {
    let mut tally = Tally::default();
    for deal in 0..games {
        let forehand = Seat::ALL[(deal % 4) as usize];
        let (mut game, redeals) = random_game(rng, rules, forehand);
        let settlement = play_out(&mut game, rng);
        let (points, _) = game.score_so_far();
        if settlement.changes.iter().sum::<i64>() != 0
            || points[0] + points[1] != u32::from(TOTAL_POINTS)
        {
            return Err(Broken {
                deal,
                points,
                settlement,
            });
        }
        let kind = game.contract().expect("a finished deal has a game").kind;
        tally.finished += 1;
        tally.redeals += u64::from(redeals);
        tally.by_kind[kind as usize] += 1;
        tally.moved += settlement.changes.iter().map(|c| c.abs()).sum::<i64>();
    }
    Ok(tally)
}
