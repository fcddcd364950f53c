//! Königrufen behind the family's boundary ([`tarock_game_core::Game`]): a
//! round is one deal. [`Koenigrufen`] wraps a [`Game`] together with what
//! comes before the deal (rules and Vorhand), so that a round exists before
//! its cards are dealt. Tokens are [`Action::code`] (at most 8 bytes), and
//! the settlement in units is the deal's money (Kontras included; the
//! score, "Schrift", stays in [`Game::settlement`]).
//!
//! **Five at a table** (the Tarockcup's five-seat tables, seed 002): each
//! deal is played by four, and the dealer (the seat before the Vorhand)
//! sits it out and scores nothing. The round maps the table's seats to the
//! deal's: the Vorhand is the deal's seat 0 and the others follow in table
//! order. A five-seat round's record is the four players' deal (seat 0
//! the Vorhand) with two more fields, `table_seats: 5` and
//! `table_vorhand` (the Vorhand's table seat), from which it is read back
//! as the same five-seat round; a reader that knows only the record format
//! sees the deal of the four.

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

/// The record fields of a five-seat round: the table's seat count, and
/// the Vorhand's table seat.
const TABLE_SEATS: &str = "table_seats";
/// See [`TABLE_SEATS`].
const TABLE_VORHAND: &str = "table_vorhand";

/// The rule presets by name, the default first.
const PRESETS: [&str; 2] = [Preset::Standard.name(), Preset::Cup2019.name()];

/// One round of Königrufen (one deal), as the family's boundary sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Koenigrufen {
    rules: Rules,
    forehand: Seat,
    game: Option<Game>,
    /// At a table of five: the table seat of the Vorhand (the deal's seat
    /// 0); the seat before it deals and sits out. `None` at four, where
    /// table and deal seats are the same.
    five: Option<family::Seat>,
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

    /// The deal's seat of a table seat; `None` for the dealer who sits out
    /// at a table of five, or a seat the table does not have.
    pub fn game_seat(&self, seat: family::Seat) -> Option<Seat> {
        match self.five {
            None => game_seat(seat),
            Some(vorhand) if seat.is_at(5) => Seat::new((seat.number() + 5 - vorhand.number()) % 5),
            Some(_) => None,
        }
    }

    /// The table seat of a deal's seat.
    pub fn table_seat(&self, seat: Seat) -> family::Seat {
        match self.five {
            None => family_seat(seat),
            Some(vorhand) => family::Seat::new((vorhand.number() + seat as u8) % 5),
        }
    }

    /// At a table of five, the seat that deals and sits this deal out.
    pub fn sitting_out(&self) -> Option<family::Seat> {
        self.five.map(|vorhand| vorhand.previous(5))
    }

    /// Per table seat, from per deal seat (the dealer who sits out gets
    /// `zero`).
    pub fn by_table_seat<T: Copy>(&self, per_game_seat: [T; 4], zero: T) -> Vec<T> {
        let mut out = vec![zero; usize::from(family::Game::seats(self))];
        for seat in Seat::ALL {
            out[self.table_seat(seat).index()] = per_game_seat[seat as usize];
        }
        out
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
            five: None,
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
    const MAX_SEATS: u8 = 5;

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
        if seats == 5 {
            return Ok(Koenigrufen {
                rules,
                forehand: Seat::S0,
                game: None,
                five: Some(first),
            });
        }
        let forehand = game_seat(first).ok_or(SetupError::Seat { seat: first, seats })?;
        Ok(Koenigrufen {
            rules,
            forehand,
            game: None,
            five: None,
        })
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn seats(&self) -> u8 {
        if self.five.is_some() { 5 } else { 4 }
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
        self.game.as_ref()?.to_act().map(|s| self.table_seat(s))
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(game) = &self.game {
            out.extend(game.legal_actions().iter());
        }
    }

    fn apply(&mut self, seat: family::Seat, action: Action) -> Result<(), Refusal<RuleError>> {
        let seats = family::Game::seats(self);
        let seat = self
            .game_seat(seat)
            .ok_or(Refusal::NoSuchSeat { seat, seats })?;
        let game = self.game.as_mut().ok_or(Refusal::AwaitingDeck)?;
        game.apply(seat, action).map(|_| ()).map_err(Refusal::Rule)
    }

    fn public_view(&self) -> Option<PublicView> {
        self.game.as_ref().map(Game::public_view)
    }

    fn seat_view(&self, seat: family::Seat) -> Option<SeatView> {
        Some(self.game.as_ref()?.view(self.game_seat(seat)?))
    }

    fn is_over(&self) -> bool {
        self.game.as_ref().is_some_and(Game::is_finished)
    }

    fn settlement(&self) -> Option<family::Settlement> {
        let settlement = self.game.as_ref()?.settlement()?;
        family::Settlement::new(self.by_table_seat(settlement.money, 0)).ok()
    }

    fn next_round(&self) -> Option<Koenigrufen> {
        self.is_over().then(|| match self.five {
            Some(vorhand) => Koenigrufen {
                rules: self.rules,
                forehand: Seat::S0,
                game: None,
                five: Some(vorhand.next(5)),
            },
            None => Koenigrufen {
                rules: self.rules,
                forehand: self.forehand.next(),
                game: None,
                five: None,
            },
        })
    }

    fn to_record(&self) -> Option<String> {
        let game = self.game.as_ref()?;
        // A half-done announcement turn or Mussolini draw is one record
        // string that cannot be written yet.
        if game.pending_turn() != 0 {
            return None;
        }
        let record = Record::from_game(game).to_json();
        let Some(vorhand) = self.five else {
            return Some(record);
        };
        let mut value: Value = serde_json::from_str(&record).ok()?;
        value[TABLE_SEATS] = 5.into();
        value[TABLE_VORHAND] = vorhand.number().into();
        Some(value.to_string())
    }

    fn from_record(text: &str) -> Result<Koenigrufen, RecordRefused> {
        let (five, record) = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(mut fields)) if fields.contains_key(TABLE_SEATS) => {
                let seats = fields.remove(TABLE_SEATS).and_then(|v| v.as_u64());
                let vorhand = fields.remove(TABLE_VORHAND).and_then(|v| v.as_u64());
                let vorhand = match (seats, vorhand) {
                    (Some(5), Some(v)) if v < 5 => family::Seat::new(v as u8),
                    _ => {
                        return Err(RecordRefused::Invalid(format!(
                            "{TABLE_SEATS} must be 5 with a {TABLE_VORHAND} of 0–4"
                        )));
                    }
                };
                let rest = Value::Object(fields).to_string();
                (Some(vorhand), Record::from_json(&rest).map_err(refused)?)
            }
            _ => (None, Record::from_json(text).map_err(refused)?),
        };
        let game = record.to_game().map_err(|e| match e {
            ReplayError::Invalid(e) => refused(e),
            ReplayError::Illegal { index, error } => RecordRefused::Illegal {
                index,
                code: family::RuleError::code(&error).to_owned(),
                message: error.to_string(),
            },
        })?;
        if five.is_some() && game.forehand() != Seat::S0 {
            return Err(RecordRefused::Invalid(
                "at a table of five the Vorhand is the deal's seat 0".into(),
            ));
        }
        Ok(Koenigrufen {
            rules: *game.rules(),
            forehand: game.forehand(),
            game: Some(game),
            five,
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

#[cfg(test)]
mod tests {
    use super::*;
    use family::Game as _;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;

    fn table(n: u8) -> family::Seat {
        family::Seat::new(n)
    }

    #[test]
    fn at_five_the_dealer_sits_out_and_scores_nothing() {
        // Vorhand on table seat 2: seat 1 deals and sits out; the deal's
        // seats 0–3 are table seats 2, 3, 4, 0.
        let mut round = Koenigrufen::new_round(Preset::Cup2019.rules(), 5, table(2)).unwrap();
        assert_eq!(round.seats(), 5);
        assert_eq!(round.sitting_out(), Some(table(1)));
        let mapped: Vec<Option<Seat>> = (0..5).map(|n| round.game_seat(table(n))).collect();
        assert_eq!(
            mapped,
            [
                Some(Seat::S3),
                None,
                Some(Seat::S0),
                Some(Seat::S1),
                Some(Seat::S2)
            ]
        );
        for seat in Seat::ALL {
            assert_eq!(round.game_seat(round.table_seat(seat)), Some(seat));
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        round.deal(&mut rng).unwrap();
        assert_eq!(round.to_act(), Some(table(2)), "the Vorhand opens");
        assert!(
            round.seat_view(table(1)).is_none(),
            "the dealer holds no cards"
        );
        let any = round.legal_actions()[0];
        assert!(matches!(
            round.apply(table(1), any),
            Err(Refusal::NoSuchSeat { .. })
        ));
        while !round.is_over() {
            let seat = round.to_act().unwrap();
            assert_ne!(seat, table(1), "the dealer never acts");
            let action = *round.legal_actions().choose(&mut rng).unwrap();
            round.apply(seat, action).unwrap();
        }
        let settlement = round.settlement().unwrap();
        assert_eq!(settlement.seats(), 5);
        assert_eq!(settlement.of(table(1)), 0);
        let money = round.game().unwrap().settlement().unwrap().money;
        for seat in Seat::ALL {
            assert_eq!(settlement.of(round.table_seat(seat)), money[seat as usize]);
        }
        // Its record reads back as the same five-seat round.
        let text = round.to_record().unwrap();
        assert!(text.contains(r#""table_seats":5"#), "{text}");
        assert_eq!(Koenigrufen::from_record(&text).unwrap(), round);
        // The deal passes on: Vorhand on seat 3, seat 2 deals.
        let next = round.next_round().unwrap();
        assert_eq!(next.sitting_out(), Some(table(2)));
        assert_eq!(next.game_seat(table(3)), Some(Seat::S0));
    }

    #[test]
    fn at_four_table_and_deal_seats_are_the_same() {
        let round = Koenigrufen::new_round(Preset::Cup2019.rules(), 4, table(1)).unwrap();
        assert_eq!(round.sitting_out(), None);
        assert_eq!(round.forehand(), Seat::S1);
        for n in 0..4 {
            assert_eq!(round.game_seat(table(n)), Seat::new(n));
        }
        assert_eq!(round.game_seat(table(4)), None);
        assert!(Koenigrufen::new_round(Preset::Cup2019.rules(), 6, table(0)).is_err());
    }
}
