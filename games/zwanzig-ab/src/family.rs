//! "20 ab" behind the family's boundary ([`tarock_game_core::Game`]): a
//! round is one session, from 20 points down to the first player out, with
//! a new deck for every deal ([`Session::needs_deal`]). [`ZwanzigAb`] is a
//! [`Session`] seen through the boundary; tokens are [`Action::code`] (at
//! most 16 bytes) and the settlement is the session's, in units.

use serde_json::Value;
use tarock_game_core as family;
use tarock_game_core::{NoDeckNeeded, RecordRefused, Refusal, RngCore, SetupError};

use crate::action::Action;
use crate::error::RuleError;
use crate::record::{FORMAT, Record, RecordError, ReplayError};
use crate::rules::{Preset, Rules};
use crate::seat::Seat;
use crate::session::Session;
use crate::sim::shuffled_deck;
use crate::view::{PublicView, SeatView};

/// The rule presets by name, the default first.
const PRESETS: [&str; 1] = [Preset::Standard.name()];

/// One round of 20 ab (one session), as the family's boundary sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZwanzigAb(Session);

impl ZwanzigAb {
    /// The session.
    pub const fn session(&self) -> &Session {
        &self.0
    }

    /// The game's seat of a family seat, if it is at this table.
    fn seat(&self, seat: family::Seat) -> Option<Seat> {
        Seat::new(seat.number()).filter(|s| s.index() < usize::from(self.0.players()))
    }
}

impl From<Session> for ZwanzigAb {
    fn from(session: Session) -> ZwanzigAb {
        ZwanzigAb(session)
    }
}

/// The family seat of a game seat.
fn family_seat(seat: Seat) -> family::Seat {
    family::Seat::new(u8::from(seat))
}

impl family::Game for ZwanzigAb {
    const ID: &'static str = "zwanzig-ab";
    const RECORD_FORMAT: &'static str = FORMAT;
    const MIN_SEATS: u8 = 3;
    const MAX_SEATS: u8 = 5;

    type Rules = Rules;
    type Action = Action;
    type Error = RuleError;
    type PublicView = PublicView;
    type SeatView = SeatView;

    fn default_rules() -> Rules {
        Rules::STANDARD
    }

    fn presets() -> &'static [&'static str] {
        &PRESETS
    }

    fn rules_from_spec(spec: &Value) -> Result<Rules, SetupError> {
        Rules::from_spec(spec).map_err(|e| SetupError::Rules(e.to_string()))
    }

    fn rules_spec(rules: &Rules) -> Value {
        rules.to_spec()
    }

    /// `first` is the trump maker of the first deal; the dealer sits before him.
    fn new_round(rules: Rules, seats: u8, first: family::Seat) -> Result<ZwanzigAb, SetupError> {
        family::check_seats::<Self>(seats, first)?;
        let dealer = first.previous(seats).number();
        Session::fresh(rules, seats, dealer)
            .map(ZwanzigAb)
            .map_err(|e| SetupError::Rules(e.to_string()))
    }

    fn rules(&self) -> Rules {
        *self.0.rules()
    }

    fn seats(&self) -> u8 {
        self.0.players()
    }

    fn needs_deck(&self) -> bool {
        self.0.needs_deal()
    }

    fn deal(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        if !self.0.needs_deal() {
            return Err(NoDeckNeeded);
        }
        self.0
            .start_deal(shuffled_deck(rng))
            .map_err(|_| NoDeckNeeded)
    }

    fn to_act(&self) -> Option<family::Seat> {
        self.0.to_act().map(family_seat)
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.0.legal_actions().iter());
    }

    fn apply(&mut self, seat: family::Seat, action: Action) -> Result<(), Refusal<RuleError>> {
        let players = self.0.players();
        let seat = self.seat(seat).ok_or(Refusal::NoSuchSeat {
            seat,
            seats: players,
        })?;
        if self.0.needs_deal() {
            return Err(Refusal::AwaitingDeck);
        }
        self.0
            .apply(seat, action)
            .map(|_| ())
            .map_err(Refusal::Rule)
    }

    fn public_view(&self) -> Option<PublicView> {
        Some(self.0.public_view())
    }

    fn seat_view(&self, seat: family::Seat) -> Option<SeatView> {
        Some(self.0.view(self.seat(seat)?))
    }

    fn is_over(&self) -> bool {
        self.0.outcome().is_some()
    }

    fn settlement(&self) -> Option<family::Settlement> {
        let outcome = self.0.outcome()?;
        family::Settlement::new(outcome.settlement.balance.clone()).ok()
    }

    fn next_round(&self) -> Option<ZwanzigAb> {
        self.0.next_session().map(ZwanzigAb)
    }

    fn to_record(&self) -> Option<String> {
        Some(Record::from_session(&self.0).to_json())
    }

    fn from_record(text: &str) -> Result<ZwanzigAb, RecordRefused> {
        let record = Record::from_json(text).map_err(refused)?;
        let mut session = record.to_session().map_err(|e| match e {
            ReplayError::Invalid(e) => refused(e),
            ReplayError::Illegal { index, error } => RecordRefused::Illegal {
                index,
                code: error.code().to_owned(),
                message: error.to_string(),
            },
        })?;
        // Replay deals a deck when an action needs it; a deck dealt after
        // the last action (a deal nobody has acted in yet) is dealt here.
        if session.needs_deal() {
            let decks = record.parse().map_err(refused)?.decks;
            if let Some(deck) = decks.get(session.decks().len()) {
                session
                    .start_deal(*deck)
                    .map_err(|e| RecordRefused::Invalid(e.to_string()))?;
            }
        }
        Ok(ZwanzigAb(session))
    }

    fn action_token(action: &Action) -> String {
        action.code()
    }

    fn parse_action_token(token: &str) -> Option<Action> {
        Action::from_code(token).ok()
    }
}

/// A record that cannot be read, as the boundary reports it.
fn refused(error: RecordError) -> RecordRefused {
    match error {
        RecordError::Format(format) => RecordRefused::UnknownFormat(format),
        other => RecordRefused::Invalid(other.to_string()),
    }
}

impl family::RuleError for RuleError {
    /// The rule code of SPEC §9.4 ([`RuleError::code`]).
    fn code(&self) -> &'static str {
        RuleError::code(self)
    }
}
