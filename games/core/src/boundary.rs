//! The boundary between a game's rules and everything that hosts games (the
//! table service, storage, computer players, the terminal): one trait every
//! game implements in its crate's `family.rs`.
//!
//! A **round** is what ends in a settlement: one deal of Zwanzigerrufen or
//! Königrufen, one session (several deals, to 0) of 20 ab. A round is made
//! from rules, a seat count and the first seat to act; whenever
//! [`Game::needs_deck`] says so, the caller deals with a random number
//! generator it chose (OS entropy at a table, a seed in tests); then seats
//! act one at a time until [`Game::is_over`].

use std::fmt::Debug;
use std::hash::Hash;

use rand::RngCore;
use serde_json::Value;

use crate::error::{NoDeckNeeded, RecordRefused, Refusal, RuleError, SetupError};
use crate::seat::Seat;
use crate::settlement::Settlement;

/// One game of the family, as seen from outside its crate: a round's state
/// and the rules that change it. Rejected actions leave the state unchanged;
/// the state is exactly its record.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The game's id, stable (stored with each table): `"zwanzigerrufen"`,
    /// `"koenigrufen"`, `"zwanzig-ab"`.
    const ID: &'static str;
    /// The `format` field of the game's records, e.g. `"zwanzig-ab-record/1"`.
    const RECORD_FORMAT: &'static str;
    /// The fewest seats a round may have.
    const MIN_SEATS: u8;
    /// The most seats a round may have.
    const MAX_SEATS: u8;

    /// The rules in force: every variant a field, with named presets.
    type Rules: Clone + Debug + PartialEq + Send + Sync + 'static;
    /// One action of one seat (a bid, a card, an exchange, …).
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Why the rules refuse an action.
    type Error: RuleError;
    /// What everyone at the table may see.
    type PublicView: Clone + Debug;
    /// What one seat may see: the public view and its own cards.
    type SeatView: Clone + Debug;

    /// The rules of the game's default preset.
    fn default_rules() -> Self::Rules;
    /// The names of the rule presets, the default first.
    fn presets() -> &'static [&'static str];
    /// Rules from their record form: a preset name, or an object
    /// `{"preset": NAME, FLAG: VALUE, …}`.
    ///
    /// # Errors
    /// [`SetupError::Rules`] naming what is wrong.
    fn rules_from_spec(spec: &Value) -> Result<Self::Rules, SetupError>;
    /// The record form of `rules` (the inverse of [`Game::rules_from_spec`]).
    fn rules_spec(rules: &Self::Rules) -> Value;

    /// A new round of `seats` seats whose first seat to act is `first` (the
    /// seat after the dealer: tarock's Vorhand, 20 ab's first trump maker).
    /// Nothing is dealt yet.
    ///
    /// # Errors
    /// [`SetupError`] for a seat count outside
    /// [`Game::MIN_SEATS`]`..=`[`Game::MAX_SEATS`] or a seat not at the table.
    fn new_round(rules: Self::Rules, seats: u8, first: Seat) -> Result<Self, SetupError>;
    /// The rules in force.
    fn rules(&self) -> Self::Rules;
    /// The number of seats.
    fn seats(&self) -> u8;

    /// Whether the round waits for cards: before its first deal, and in 20
    /// ab between two deals of a session.
    fn needs_deck(&self) -> bool;
    /// Deals the next deal from a deck shuffled with `rng`. A tarock deal
    /// that forces a redeal is shuffled again (the rules' redeal).
    ///
    /// # Errors
    /// [`NoDeckNeeded`] when [`Game::needs_deck`] is false; nothing changes.
    fn deal(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded>;

    /// The seat to act, `None` while the round needs a deck or is over.
    fn to_act(&self) -> Option<Seat>;
    /// The legal actions of the seat to act, into `out` (cleared first), in
    /// the game's order; empty when nobody is to act. Buffer-based so that
    /// search can reuse one allocation.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);
    /// The legal actions of the seat to act.
    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }
    /// Applies `action` by `seat` after checking it against the rules.
    ///
    /// # Errors
    /// A [`Refusal`]: a seat not at the table, no cards dealt, or the game's
    /// [`Game::Error`]. The round is then exactly as it was.
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<(), Refusal<Self::Error>>;

    /// The view of the table (`None` before a tarock deal is dealt).
    fn public_view(&self) -> Option<Self::PublicView>;
    /// The view of `seat` (`None` before a tarock deal is dealt, or for a
    /// seat not at the table).
    fn seat_view(&self, seat: Seat) -> Option<Self::SeatView>;

    /// Whether the round is over (its settlement is known).
    fn is_over(&self) -> bool;
    /// The settlement once the round is over.
    fn settlement(&self) -> Option<Settlement>;
    /// The next round at the same table, once this one is over: same rules
    /// and seats, the first seat moved on as the game rotates the deal, and
    /// whatever the game carries from round to round ([`Game::carry`]). A
    /// round whose deal was thrown in ([`Game::thrown_in`]) is followed by
    /// the same round dealt again: same first seat, same carry.
    fn next_round(&self) -> Option<Self>;

    /// The round as its record: one line of JSON in the game's own format,
    /// from which [`Game::from_record`] rebuilds exactly this state. `None`
    /// when no exact record exists now: before a tarock deal is dealt, and
    /// in the middle of a turn the record format writes as one string (a
    /// Zwanzigerrufen bidding turn, a Königrufen announcement turn or
    /// Mussolini draw).
    fn to_record(&self) -> Option<String>;
    /// The round a record describes, replayed through the rules.
    ///
    /// # Errors
    /// [`RecordRefused`]: not a record of this game, malformed, or an
    /// illegal action.
    fn from_record(text: &str) -> Result<Self, RecordRefused>;

    /// Deals one deck like [`Game::deal`], but without the rules' redeal: a
    /// deal the rules throw in stays dealt and the round reports it
    /// ([`Game::thrown_in`]), so that a table can keep each deck it deals
    /// (its seed, its commitment, its number) apart. The default deals as
    /// [`Game::deal`] does (a game that never throws a deal in).
    ///
    /// # Errors
    /// [`NoDeckNeeded`] when [`Game::needs_deck`] is false; nothing changes.
    fn deal_once(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        self.deal(rng)
    }
    /// The deal the rules threw in, after [`Game::deal_once`] dealt one
    /// that forces a redeal (Zwanzigerrufen's SPEC §2.2): nobody acts in
    /// it, it is not settled, and [`Game::next_round`] deals it again.
    fn thrown_in(&self) -> Option<ThrownIn> {
        None
    }
    /// The piles of the deck just dealt, each as the game writes it in its
    /// records (see [`crate::fair`]): what a table's commitment to the deal
    /// covers. The default is the round's record as dealt, one pile;
    /// empty when no record exists.
    fn dealt_piles(&self) -> Vec<String> {
        self.to_record().into_iter().collect()
    }
    /// What this round was started with besides rules, seats and first
    /// seat, as a text of the game's own (Zwanzigerrufen's double round
    /// after a Mondfang); `None` when the game carries nothing. The table
    /// stores it with the round and hands the next round's to
    /// [`Game::set_carry`] after a restart.
    fn carry(&self) -> Option<String> {
        None
    }
    /// Starts this round, not yet dealt, with `carry` (a text of
    /// [`Game::carry`]).
    ///
    /// # Errors
    /// [`SetupError::Rules`] when the text is not one of this game's
    /// carries (the default: the game carries nothing); nothing changes.
    fn set_carry(&mut self, carry: &str) -> Result<(), SetupError> {
        Err(SetupError::Rules(format!(
            "{} carries nothing from round to round, not {carry:?}",
            Self::ID
        )))
    }
    /// A round as an older table path of this game stored it (hands and
    /// one record action per move), replayed to the same state; later
    /// actions come as tokens. The default refuses: only Zwanzigerrufen
    /// was ever stored so.
    ///
    /// # Errors
    /// [`RecordRefused`] as [`Game::from_record`].
    fn from_stored(stored: &StoredDeal<'_>) -> Result<Self, RecordRefused> {
        let _ = stored;
        Err(RecordRefused::UnknownFormat(format!(
            "{}: no older stored form",
            Self::ID
        )))
    }

    /// The action as a short ASCII token for a button payload: at most
    /// [`crate::MAX_TOKEN_LEN`] bytes, no spaces, no `:`.
    fn action_token(action: &Self::Action) -> String;
    /// The action of a token written by [`Game::action_token`].
    fn parse_action_token(token: &str) -> Option<Self::Action>;

    /// Applies the action of a token (a button press).
    ///
    /// # Errors
    /// [`Refusal::Token`] when `token` is no action of this game, else as
    /// [`Game::apply`].
    fn apply_token(&mut self, seat: Seat, token: &str) -> Result<(), Refusal<Self::Error>> {
        let action =
            Self::parse_action_token(token).ok_or_else(|| Refusal::Token(token.to_owned()))?;
        self.apply(seat, action)
    }
}

/// A deal thrown in by the rules ([`Game::thrown_in`]): who forced it, with
/// which cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrownIn {
    /// The seat whose hand forced the redeal (the lowest, if several).
    pub seat: Seat,
    /// That hand, as the game's records write cards.
    pub cards: String,
}

/// A round as an older table path stored it ([`Game::from_stored`]): the
/// deal row's columns and its events, in the game's record form.
#[derive(Clone, Copy, Debug)]
pub struct StoredDeal<'a> {
    /// The rules in record form.
    pub rules: &'a Value,
    /// The first seat to act.
    pub first: Seat,
    /// The dealt piles as the records write them (each seat's hand).
    pub piles: &'a [String],
    /// The factor the round is settled with (Zwanzigerrufen's double round).
    pub factor: u32,
    /// What the round was started with ([`Game::carry`]), if it was kept.
    pub carry: Option<&'a str>,
    /// The stored actions in order, each with its seat, in record form.
    pub actions: &'a [(Seat, &'a str)],
}

/// Checks a seat count and first seat against `G`'s limits, for
/// [`Game::new_round`] implementations.
///
/// # Errors
/// [`SetupError::Seats`] or [`SetupError::Seat`].
pub fn check_seats<G: Game>(seats: u8, first: Seat) -> Result<(), SetupError> {
    if !(G::MIN_SEATS..=G::MAX_SEATS).contains(&seats) {
        return Err(SetupError::Seats {
            game: G::ID,
            seats,
            min: G::MIN_SEATS,
            max: G::MAX_SEATS,
        });
    }
    if !first.is_at(seats) {
        return Err(SetupError::Seat { seat: first, seats });
    }
    Ok(())
}

/// Checks that `seat` is at a table of `seats` seats, for [`Game::apply`]
/// implementations.
///
/// # Errors
/// [`Refusal::NoSuchSeat`].
pub fn check_seat<E>(seat: Seat, seats: u8) -> Result<(), Refusal<E>> {
    if seat.is_at(seats) {
        Ok(())
    } else {
        Err(Refusal::NoSuchSeat { seat, seats })
    }
}
