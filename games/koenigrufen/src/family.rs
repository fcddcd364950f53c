//! Königrufen behind the family's boundary ([`tarock_game_core::Game`]): a
//! round is one deal. [`Koenigrufen`] wraps a [`Game`] together with what
//! comes before the deal (rules and Vorhand), so that a round exists before
//! its cards are dealt. Tokens are [`Action::code`] (at most 8 bytes), and
//! the settlement in units is the deal's money (Kontras included; the
//! score, "Schrift", stays in [`Game::settlement`]).

use serde_json::Value;
use tarock_game_core as family;
use tarock_game_core::{NoDeckNeeded, RecordRefused, Refusal, RngCore, SetupError};

use crate::action::Action;
use crate::card::{Card, DECK_SIZE};
use crate::deal::Deal;
use crate::error::RuleError;
use crate::game::Game;
use crate::record::{FORMAT, Record, RecordError, ReplayError};
use crate::rules::{Preset, Rules};
use crate::seat::Seat;
use crate::view::{PublicView, SeatView};

/// The rule presets by name, the default first.
const PRESETS: [&str; 2] = [Preset::Standard.name(), Preset::Cup2019.name()];

/// One round of Königrufen (one deal), as the family's boundary sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Koenigrufen {
    rules: Rules,
    forehand: Seat,
    game: Option<Game>,
}

impl Koenigrufen {
    /// The deal, once dealt.
    pub const fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The Vorhand of this deal.
    pub const fn forehand(&self) -> Seat {
        self.forehand
    }
}

/// A round of a deal already under way (tests and tools that set a deal up
/// by hand, such as the SPEC's worked deals).
impl From<Game> for Koenigrufen {
    fn from(game: Game) -> Koenigrufen {
        Koenigrufen {
            rules: *game.rules(),
            forehand: game.forehand(),
            game: Some(game),
        }
    }
}

/// The game's seat of a family seat, if it is one of the four.
fn game_seat(seat: family::Seat) -> Option<Seat> {
    Seat::new(seat.number())
}

/// The family seat of a game seat.
fn family_seat(seat: Seat) -> family::Seat {
    family::Seat::new(seat as u8)
}

impl family::Game for Koenigrufen {
    const ID: &'static str = "koenigrufen";
    const RECORD_FORMAT: &'static str = FORMAT;
    const MIN_SEATS: u8 = 4;
    const MAX_SEATS: u8 = 4;

    type Rules = Rules;
    type Action = Action;
    type Error = RuleError;
    type PublicView = PublicView;
    type SeatView = SeatView;

    fn default_rules() -> Rules {
        Preset::Standard.rules()
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

    fn new_round(rules: Rules, seats: u8, first: family::Seat) -> Result<Koenigrufen, SetupError> {
        family::check_seats::<Self>(seats, first)?;
        let forehand = game_seat(first).ok_or(SetupError::Seat { seat: first, seats })?;
        Ok(Koenigrufen {
            rules,
            forehand,
            game: None,
        })
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn seats(&self) -> u8 {
        4
    }

    fn needs_deck(&self) -> bool {
        self.game.is_none()
    }

    fn deal(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        if self.game.is_some() {
            return Err(NoDeckNeeded);
        }
        let mut deck: [Card; DECK_SIZE] = std::array::from_fn(|i| {
            Card::from_index(i as u8).expect("every index below DECK_SIZE is a card")
        });
        family::shuffle::shuffle(&mut deck, rng);
        let deal = Deal::from_deck(&deck).expect("a permutation of the deck is a deal");
        // Every deal is played (SPEC §3: no redeal).
        self.game = Some(Game::new(self.rules, deal, self.forehand));
        Ok(())
    }

    fn to_act(&self) -> Option<family::Seat> {
        self.game.as_ref()?.to_act().map(family_seat)
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(game) = &self.game {
            out.extend(game.legal_actions().iter());
        }
    }

    fn apply(&mut self, seat: family::Seat, action: Action) -> Result<(), Refusal<RuleError>> {
        let seat = game_seat(seat).ok_or(Refusal::NoSuchSeat { seat, seats: 4 })?;
        let game = self.game.as_mut().ok_or(Refusal::AwaitingDeck)?;
        game.apply(seat, action).map(|_| ()).map_err(Refusal::Rule)
    }

    fn public_view(&self) -> Option<PublicView> {
        self.game.as_ref().map(Game::public_view)
    }

    fn seat_view(&self, seat: family::Seat) -> Option<SeatView> {
        Some(self.game.as_ref()?.view(game_seat(seat)?))
    }

    fn is_over(&self) -> bool {
        self.game.as_ref().is_some_and(Game::is_finished)
    }

    fn settlement(&self) -> Option<family::Settlement> {
        let settlement = self.game.as_ref()?.settlement()?;
        family::Settlement::new(settlement.money.to_vec()).ok()
    }

    fn next_round(&self) -> Option<Koenigrufen> {
        self.is_over().then(|| Koenigrufen {
            rules: self.rules,
            forehand: self.forehand.next(),
            game: None,
        })
    }

    fn to_record(&self) -> Option<String> {
        let game = self.game.as_ref()?;
        // A half-done announcement turn or Mussolini draw is one record
        // string that cannot be written yet.
        (game.pending_turn() == 0).then(|| Record::from_game(game).to_json())
    }

    fn from_record(text: &str) -> Result<Koenigrufen, RecordRefused> {
        let record = Record::from_json(text).map_err(refused)?;
        let game = record.to_game().map_err(|e| match e {
            ReplayError::Invalid(e) => refused(e),
            ReplayError::Illegal { index, error } => RecordRefused::Illegal {
                index,
                code: family::RuleError::code(&error).to_owned(),
                message: error.to_string(),
            },
        })?;
        Ok(Koenigrufen {
            rules: *game.rules(),
            forehand: game.forehand(),
            game: Some(game),
        })
    }

    fn action_token(action: &Action) -> String {
        action.code()
    }

    fn parse_action_token(token: &str) -> Option<Action> {
        Action::from_code(token)
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
    /// The variant's name in kebab case; the message names the SPEC rule.
    fn code(&self) -> &'static str {
        use RuleError::*;
        match self {
            NotYourTurn { .. } => "not-your-turn",
            DealOver => "deal-over",
            WrongPhase(..) => "wrong-phase",
            MustOpen => "must-open",
            NotAnOpening(..) => "not-an-opening",
            SechserOnlyFirst => "sechser-only-first",
            VorhandWordNotNow => "vorhand-word-not-now",
            NotHigher(..) => "not-higher",
            OnlyVorhandHolds => "only-vorhand-holds",
            NothingToHold => "nothing-to-hold",
            HoldBeiInstead(..) => "hold-bei-instead",
            ChoiceOnly(..) => "choice-only",
            ChoiceRequired => "choice-required",
            NotAChoice(..) => "not-a-choice",
            VorhandWeiterNotAllowed => "vorhand-weiter-not-allowed",
            FourKings(..) => "four-kings",
            BirdMissing(..) => "bird-missing",
            MussoliniVorhand => "mussolini-vorhand",
            NotOffered(..) => "not-offered",
            BeiNotAllowed => "bei-not-allowed",
            OwnKing(..) => "own-king",
            FourthNeedsThree => "fourth-needs-three",
            NotAKing(..) => "not-a-king",
            SchleifenNotAllowed => "schleifen-not-allowed",
            SchleifenBird => "schleifen-bird",
            TakeAllRequired => "take-all-required",
            TakeHalfRequired => "take-half-required",
            DiscardCount { .. } => "discard-count",
            NotInHand(..) => "not-in-hand",
            DiscardForbidden(..) => "discard-forbidden",
            SuitCardsFirst(..) => "suit-cards-first",
            TarocksFirst(..) => "tarocks-first",
            NamedBird(..) => "named-bird",
            KeepABird => "keep-a-bird",
            DrawPosition(..) => "draw-position",
            NoPremiums => "no-premiums",
            PremiumNotInGame(..) => "premium-not-in-game",
            PremiumsFirstTurn => "premiums-first-turn",
            AlreadyAnnounced(..) => "already-announced",
            KuNotAllowed => "ku-not-allowed",
            BirdNotHeld(..) => "bird-not-held",
            NothingToKontra(..) => "nothing-to-kontra",
            KontraWrongSide(..) => "kontra-wrong-side",
            KontraLimit(..) => "kontra-limit",
            KontraTarget => "kontra-target",
            KontraNoPair(..) => "kontra-no-pair",
            KontraTooLate(..) => "kontra-too-late",
            KontraOrValat => "kontra-or-valat",
            BirdRequired => "bird-required",
            KontraSeatNotNeeded => "kontra-seat-not-needed",
            MustFollowSuit { .. } => "must-follow-suit",
            MustPlayTarock { .. } => "must-play-tarock",
            ColourLead(..) => "colour-lead",
            MustBeat(..) => "must-beat",
            PagatLast => "pagat-last",
            Reserved { .. } => "reserved",
            BirdDue(..) => "bird-due",
        }
    }
}
