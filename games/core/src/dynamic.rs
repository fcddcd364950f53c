//! The boundary as trait objects, for code that learns the game only at
//! runtime: the table service (each table stored with its game's id),
//! storage export and `tarock replay` (records dispatched by `format`).
//!
//! [`Game`] has associated types and constants, so `dyn Game` cannot exist.
//! [`DynGame`] is its object-safe face: actions travel as tokens, errors as
//! [`Rejected`] (code and message), and the concrete round is reachable by
//! [`DynGame::as_any`] for the per-game code that renders views. A blanket
//! impl makes every [`Game`] a [`DynGame`]; [`Kind`] does the same for the
//! constructors ([`DynKind`]), so a registry of games is a list of
//! `&'static dyn DynKind`.

use std::any::Any;
use std::error::Error;
use std::fmt;
use std::marker::PhantomData;

use rand::RngCore;
use serde_json::Value;

use crate::boundary::{Game, StoredDeal, ThrownIn};
use crate::error::{NoDeckNeeded, RecordRefused, Refusal, RuleError, SetupError};
use crate::seat::Seat;
use crate::settlement::Settlement;

/// A round of some game, boxed: what the table service holds per table.
pub trait DynGame: fmt::Debug + Send + Sync + Any {
    /// The game's id ([`Game::ID`]).
    fn id(&self) -> &'static str;
    /// The game's record format ([`Game::RECORD_FORMAT`]).
    fn record_format(&self) -> &'static str;
    /// The number of seats.
    fn seats(&self) -> u8;
    /// The rules in force, in their record form.
    fn rules_spec(&self) -> Value;
    /// See [`Game::needs_deck`].
    fn needs_deck(&self) -> bool;
    /// See [`Game::deal`].
    ///
    /// # Errors
    /// [`NoDeckNeeded`] when no deck is needed; nothing changes.
    fn deal(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded>;
    /// See [`Game::to_act`].
    fn to_act(&self) -> Option<Seat>;
    /// The tokens of the legal actions of the seat to act, in the game's order.
    fn legal_tokens(&self) -> Vec<String>;
    /// Applies the action of `token` by `seat`.
    ///
    /// # Errors
    /// A [`Refusal`] as [`Game::apply_token`]; the round is then unchanged.
    fn apply_token(&mut self, seat: Seat, token: &str) -> Result<(), Refusal<Rejected>>;
    /// See [`Game::is_over`].
    fn is_over(&self) -> bool;
    /// See [`Game::settlement`].
    fn settlement(&self) -> Option<Settlement>;
    /// See [`Game::next_round`].
    fn next_round(&self) -> Option<Box<dyn DynGame>>;
    /// See [`Game::to_record`].
    fn to_record(&self) -> Option<String>;
    /// See [`Game::deal_once`].
    ///
    /// # Errors
    /// [`NoDeckNeeded`] when no deck is needed; nothing changes.
    fn deal_once(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded>;
    /// See [`Game::thrown_in`].
    fn thrown_in(&self) -> Option<ThrownIn>;
    /// See [`Game::dealt_piles`].
    fn dealt_piles(&self) -> Vec<String>;
    /// See [`Game::carry`].
    fn carry(&self) -> Option<String>;
    /// See [`Game::set_carry`].
    ///
    /// # Errors
    /// [`SetupError`] for a text that is no carry of this game.
    fn set_carry(&mut self, carry: &str) -> Result<(), SetupError>;
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// Whether `other` is the same game in the same state.
    fn same_as(&self, other: &dyn DynGame) -> bool;
    /// The concrete round, for per-game code (views, texts).
    fn as_any(&self) -> &dyn Any;
    /// The concrete round, mutably.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl dyn DynGame {
    /// The concrete round if it is a `G`.
    pub fn downcast_ref<G: Game>(&self) -> Option<&G> {
        self.as_any().downcast_ref()
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Box<dyn DynGame> {
        self.clone_box()
    }
}

impl PartialEq for dyn DynGame {
    fn eq(&self, other: &dyn DynGame) -> bool {
        self.same_as(other)
    }
}

impl<G: Game> DynGame for G {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn record_format(&self) -> &'static str {
        G::RECORD_FORMAT
    }
    fn seats(&self) -> u8 {
        Game::seats(self)
    }
    fn rules_spec(&self) -> Value {
        G::rules_spec(&Game::rules(self))
    }
    fn needs_deck(&self) -> bool {
        Game::needs_deck(self)
    }
    fn deal(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        Game::deal(self, rng)
    }
    fn to_act(&self) -> Option<Seat> {
        Game::to_act(self)
    }
    fn legal_tokens(&self) -> Vec<String> {
        Game::legal_actions(self)
            .iter()
            .map(G::action_token)
            .collect()
    }
    fn apply_token(&mut self, seat: Seat, token: &str) -> Result<(), Refusal<Rejected>> {
        Game::apply_token(self, seat, token).map_err(|r| r.map(Rejected::new))
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
    fn settlement(&self) -> Option<Settlement> {
        Game::settlement(self)
    }
    fn next_round(&self) -> Option<Box<dyn DynGame>> {
        Game::next_round(self).map(|g| Box::new(g) as Box<dyn DynGame>)
    }
    fn to_record(&self) -> Option<String> {
        Game::to_record(self)
    }
    fn deal_once(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        Game::deal_once(self, rng)
    }
    fn thrown_in(&self) -> Option<ThrownIn> {
        Game::thrown_in(self)
    }
    fn dealt_piles(&self) -> Vec<String> {
        Game::dealt_piles(self)
    }
    fn carry(&self) -> Option<String> {
        Game::carry(self)
    }
    fn set_carry(&mut self, carry: &str) -> Result<(), SetupError> {
        Game::set_carry(self, carry)
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn same_as(&self, other: &dyn DynGame) -> bool {
        other.as_any().downcast_ref::<G>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A game's rule error behind a box, as [`DynGame::apply_token`] returns it.
pub struct Rejected(Box<dyn RuleError>);

impl Rejected {
    /// Boxes a game's rule error.
    pub fn new<E: RuleError>(error: E) -> Rejected {
        Rejected(Box::new(error))
    }

    /// The game's own error, if it is an `E`.
    pub fn downcast_ref<E: RuleError>(&self) -> Option<&E> {
        let error: &(dyn Error + 'static) = &*self.0;
        error.downcast_ref()
    }
}

impl fmt::Debug for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Error for Rejected {}

impl RuleError for Rejected {
    fn code(&self) -> &'static str {
        self.0.code()
    }
}

/// A game as a whole (not one round): its names and constructors, object-safe.
pub trait DynKind: Send + Sync {
    /// The game's id ([`Game::ID`]).
    fn id(&self) -> &'static str;
    /// The game's record format ([`Game::RECORD_FORMAT`]).
    fn record_format(&self) -> &'static str;
    /// The fewest and most seats.
    fn seat_range(&self) -> (u8, u8);
    /// The rule presets, the default first.
    fn presets(&self) -> &'static [&'static str];
    /// A new round (see [`Game::new_round`]) with rules in record form.
    ///
    /// # Errors
    /// [`SetupError`] for bad rules, seats or first seat.
    fn new_round(
        &self,
        rules: &Value,
        seats: u8,
        first: Seat,
    ) -> Result<Box<dyn DynGame>, SetupError>;
    /// The round of a record of this game (see [`Game::from_record`]).
    ///
    /// # Errors
    /// [`RecordRefused`] as [`Game::from_record`].
    fn read_record(&self, text: &str) -> Result<Box<dyn DynGame>, RecordRefused>;
    /// A round as an older table path stored it (see [`Game::from_stored`]).
    ///
    /// # Errors
    /// [`RecordRefused`] as [`Game::from_stored`].
    fn read_stored(&self, stored: &StoredDeal<'_>) -> Result<Box<dyn DynGame>, RecordRefused>;
}

/// The [`DynKind`] of the game `G`: `static ZWANZIG_AB: Kind<ZwanzigAb> = Kind::new();`.
pub struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    /// The kind of `G`.
    pub const fn new() -> Kind<G> {
        Kind(PhantomData)
    }
}

impl<G> Default for Kind<G> {
    fn default() -> Kind<G> {
        Kind::new()
    }
}

impl<G: Game> DynKind for Kind<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn record_format(&self) -> &'static str {
        G::RECORD_FORMAT
    }
    fn seat_range(&self) -> (u8, u8) {
        (G::MIN_SEATS, G::MAX_SEATS)
    }
    fn presets(&self) -> &'static [&'static str] {
        G::presets()
    }
    fn new_round(
        &self,
        rules: &Value,
        seats: u8,
        first: Seat,
    ) -> Result<Box<dyn DynGame>, SetupError> {
        let rules = G::rules_from_spec(rules)?;
        Ok(Box::new(G::new_round(rules, seats, first)?))
    }
    fn read_record(&self, text: &str) -> Result<Box<dyn DynGame>, RecordRefused> {
        Ok(Box::new(G::from_record(text)?))
    }
    fn read_stored(&self, stored: &StoredDeal<'_>) -> Result<Box<dyn DynGame>, RecordRefused> {
        Ok(Box::new(G::from_stored(stored)?))
    }
}
