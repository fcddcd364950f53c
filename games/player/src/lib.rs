//! # tarock-player: the player boundary, written once for every game
//!
//! A computer player of any game of the family is a [`Player<G>`]: given
//! the view of the seat to act ([`Game::SeatView`]), it chooses one
//! [`Game::Action`]. The view is all it gets: no method of the boundary
//! hands a player the round, so no player can look at another seat's cards.
//!
//! - [`Level`]: the strengths by name (`easy`, `medium`, `strong`).
//! - [`Computers`]: the levels a game offers and how to make each, as data
//!   (the game's AI module lists them; the registry offers them by game id).
//! - [`drive`]: plays a round with one player per seat, checking every
//!   answer against the rules.
//! - [`arena`]: the duplicate arena: a deal set from a seed, seats rotated,
//!   level against level, mean units with a 95 % interval; with
//!   `--oracle`, also a perfect-information reference ([`arena::Oracle`],
//!   which only the arena can build) against medium on the same deals.
//! - [`simulate`]: what `tarock simulate` asks of every game (random legal
//!   deals, checked and reported by the game's own code).
//! - [`clock`]: the thread's CPU time, which the decision benches read.
//! - [`infer`]: inference about hidden hands, the shared part (weighted
//!   picks among samples, the rank of the true deal).
//! - [`recovery`]: the recovery ratio R = D / G (strong's gain over medium
//!   against the oracle's) with a bootstrap interval over deals.
//! - [`DynPlayer`]: a player behind a box for code that knows the game only
//!   at runtime (the table service): it answers with an action token for a
//!   [`DynGame`] round.
//!
//! ```
//! use tarock_player::{Level, Player};
//! use tarock_game_core::{Game, RngCore};
//!
//! /// Always the first legal action: the shape of a player.
//! struct First;
//! impl<G: Game<SeatView = Vec<u8>, Action = u8>> Player<G> for First {
//!     fn name(&self) -> &str { Level::Easy.name() }
//!     fn choose(&mut self, view: &Vec<u8>, _rng: &mut dyn RngCore) -> u8 { view[0] }
//! }
//! ```

pub mod arena;
pub mod clock;
pub mod drive;
pub mod infer;
pub mod level;
pub mod recovery;
pub mod simulate;

pub use arena::DynArena;
pub use level::{Level, ParseLevelError};

use tarock_game_core::{DynGame, Game, RngCore, Seat};

/// A computer player of the game `G`: given its seat's view, it chooses
/// one legal action.
///
/// All randomness comes from `rng`, so the same view and generator state
/// give the same action. Players are `Send` so that a service can keep
/// them across awaits.
pub trait Player<G: Game>: Send {
    /// The player's name, as the arena reports it (usually its level's name).
    fn name(&self) -> &str;

    /// Chooses the next action for the seat of `view`, which is to act.
    fn choose(&mut self, view: &G::SeatView, rng: &mut dyn RngCore) -> G::Action;

    /// How many of its decisions so far it searched, and how many of those
    /// fell back to a weaker rule (the arena reports the rate). A player
    /// that never falls back keeps the default: nothing counted.
    fn decision_stats(&self) -> DecisionStats {
        DecisionStats::default()
    }
}

/// A player's count of its own decisions: what the arena's fall-back rate
/// is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DecisionStats {
    /// Decisions counted (a strong player: card decisions with more than
    /// one legal card).
    pub decisions: u64,
    /// Of those, the ones that fell back to a weaker rule (a strong
    /// player: the medium player's card, because its search did not finish
    /// or does not apply). For the arena's oracle: the decisions it did
    /// not solve exactly.
    pub fallbacks: u64,
    /// Of the decisions that did not fall back, the ones the search
    /// settled on fewer samples than the player's minimum: the search's
    /// card, but on thin evidence (a strong player of a tarock game).
    pub thin: u64,
}

impl DecisionStats {
    /// The sum of two counts.
    #[must_use]
    pub const fn plus(self, other: DecisionStats) -> DecisionStats {
        DecisionStats {
            decisions: self.decisions + other.decisions,
            fallbacks: self.fallbacks + other.fallbacks,
            thin: self.thin + other.thin,
        }
    }

    /// Fallbacks per decision (0 when nothing was counted).
    pub fn rate(self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.fallbacks as f64 / self.decisions as f64
        }
    }

    /// Thin decisions per decision (0 when nothing was counted).
    pub fn thin_rate(self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.thin as f64 / self.decisions as f64
        }
    }
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn name(&self) -> &str {
        self.as_ref().name()
    }

    fn choose(&mut self, view: &G::SeatView, rng: &mut dyn RngCore) -> G::Action {
        self.as_mut().choose(view, rng)
    }

    fn decision_stats(&self) -> DecisionStats {
        self.as_ref().decision_stats()
    }
}

/// The computer players a game offers: its levels, weakest first, and how
/// to make a player of each. A game's AI module holds one as a `static`.
pub struct Computers<G: Game> {
    levels: &'static [Level],
    make: fn(Level) -> Box<dyn Player<G>>,
}

impl<G: Game> Computers<G> {
    /// The computers of `levels`, each made by `make` (called only with one
    /// of `levels`).
    pub const fn new(levels: &'static [Level], make: fn(Level) -> Box<dyn Player<G>>) -> Self {
        Computers { levels, make }
    }

    /// The levels, weakest first.
    pub const fn levels(&self) -> &'static [Level] {
        self.levels
    }

    /// A new player of `level`, `None` when the game offers no such level.
    pub fn player(&self, level: Level) -> Option<Box<dyn Player<G>>> {
        self.levels.contains(&level).then(|| (self.make)(level))
    }
}

/// [`Computers`] of some game, object-safe: what the registry lists per game.
pub trait DynComputers: Sync {
    /// The game's id ([`Game::ID`]).
    fn game(&self) -> &'static str;
    /// The levels, weakest first.
    fn levels(&self) -> &'static [Level];
    /// A new player of `level` for the game's [`DynGame`] rounds.
    fn player(&self, level: Level) -> Option<Box<dyn DynPlayer>>;
}

impl<G: Game> DynComputers for Computers<G> {
    fn game(&self) -> &'static str {
        G::ID
    }

    fn levels(&self) -> &'static [Level] {
        self.levels
    }

    fn player(&self, level: Level) -> Option<Box<dyn DynPlayer>> {
        Some(Box::new(Typed::<G>(Computers::player(self, level)?)))
    }
}

/// A player of some game behind a box, for code that learns the game at
/// runtime: it reads a [`DynGame`] round's seat view itself and answers
/// with an action token.
pub trait DynPlayer: Send {
    /// The player's name.
    fn name(&self) -> &str;
    /// The game it plays ([`Game::ID`]).
    fn game(&self) -> &'static str;
    /// The token of the action the player chooses for `seat`, seeing only
    /// `seat`'s view, unchecked; `None` when `round` is another game or
    /// `seat` is not to act.
    fn answer(&mut self, round: &dyn DynGame, seat: Seat, rng: &mut dyn RngCore) -> Option<String>;
    /// [`DynPlayer::answer`], checked: a token the rules do not offer
    /// becomes the first legal action's (a player's bug must not stop a
    /// table).
    fn choose_token(
        &mut self,
        round: &dyn DynGame,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<String> {
        let token = self.answer(round, seat, rng)?;
        let legal = round.legal_tokens();
        if legal.contains(&token) {
            Some(token)
        } else {
            legal.into_iter().next()
        }
    }
}

/// A [`Player<G>`] as a [`DynPlayer`].
struct Typed<G: Game>(Box<dyn Player<G>>);

impl<G: Game> DynPlayer for Typed<G> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn game(&self) -> &'static str {
        G::ID
    }

    fn answer(&mut self, round: &dyn DynGame, seat: Seat, rng: &mut dyn RngCore) -> Option<String> {
        let round = round.downcast_ref::<G>()?;
        if round.to_act() != Some(seat) {
            return None;
        }
        let action = self.0.choose(&round.seat_view(seat)?, rng);
        Some(G::action_token(&action))
    }
}

/// A typed player as a [`DynPlayer`].
pub fn boxed<G: Game>(player: Box<dyn Player<G>>) -> Box<dyn DynPlayer> {
    Box::new(Typed(player))
}
