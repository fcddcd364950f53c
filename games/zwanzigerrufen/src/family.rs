//! Zwanzigerrufen behind the family's boundary ([`tarock_game_core::Game`]):
//! a round is one deal. [`Zwanzigerrufen`] wraps a [`Game`] together with
//! what comes before the deal (rules, Vorhand, the session factor of a
//! double round), so that a round exists before its cards are dealt.
//!
//! Action tokens are the action part of the table's button payloads: `pT21`
//! plays a card, `w` ends the bidding turn (alone: Weiter), and `x` with a
//! bid code (`xr` Rufer, `xkg` Kontra on the game, …) is one announcement of
//! a turn that goes on, as the table's "compose" buttons write it.

use serde_json::Value;
use tarock_game_core as family;
use tarock_game_core::{
    NoDeckNeeded, RecordRefused, Refusal, RngCore, SetupError, StoredDeal, ThrownIn,
};

use crate::bidding::Bid;
use crate::deal::Deal;
use crate::error::RuleError;
use crate::game::{Action, Game, Phase};
use crate::record::{FORMAT, Record, RecordError, ReplayError};
use crate::rules::{GameKind, Item, Premium, Preset, Rules, ValidRules};
use crate::score::DoubleRound;
use crate::seat::Seat;
use crate::view::{PublicView, SeatView};

/// The rule presets by name, the default first.
const PRESETS: [&str; 4] = [
    Preset::Standard.name(),
    Preset::Directnet.name(),
    Preset::Tarockwelt.name(),
    Preset::Wikipedia.name(),
];

/// One round of Zwanzigerrufen (one deal), as the family's boundary sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zwanzigerrufen {
    rules: ValidRules,
    forehand: Seat,
    /// The session factor (2 in a double round after a Mondfang, `wikipedia`);
    /// records do not hold it (RECORD.md: replay uses factor 1).
    factor: u32,
    /// The double round this deal was started in (what it carries on).
    double: DoubleRound,
    game: Option<Game>,
    /// A dealt deck that forced a redeal, kept by [`family::Game::deal_once`].
    thrown: Option<Deal>,
    /// The rules as the record (or stored deal) this round was read from
    /// wrote them, when that is not their shortest form
    /// ([`ValidRules::to_spec`]): an older table stored the rules as the
    /// player typed them (`{"preset": "wikipedia"}`), and the round's record
    /// writes them back as read. `None` for a round begun here.
    spec: Option<Value>,
}

impl Zwanzigerrufen {
    /// The deal, once dealt.
    pub const fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The Vorhand of this deal.
    pub const fn forehand(&self) -> Seat {
        self.forehand
    }

    /// The session factor this deal is settled with (2 in a double round
    /// after a Mondfang, else 1).
    pub const fn factor(&self) -> u32 {
        self.factor
    }

    /// The same round settled with session factor `factor` (at least 1): the
    /// table counts the double rounds a Mondfang starts, as they span deals.
    pub fn with_factor(mut self, factor: u32) -> Zwanzigerrufen {
        self.factor = factor.max(1);
        self
    }

    /// The double round this deal was started in.
    pub const fn double_round(&self) -> DoubleRound {
        self.double
    }

    /// This round's start (rules, Vorhand, double round), not dealt.
    fn undealt(&self, forehand: Seat, double: DoubleRound) -> Zwanzigerrufen {
        Zwanzigerrufen {
            rules: self.rules,
            forehand,
            factor: double.factor(),
            double,
            game: None,
            thrown: None,
            spec: None,
        }
    }

    /// A round of `deal` under `rules`: started, or thrown in when a hand
    /// forces a redeal.
    fn dealt(mut self, deal: Deal) -> Zwanzigerrufen {
        match Game::new(self.rules, deal, self.forehand) {
            Ok(game) => self.game = Some(game),
            Err(_) => self.thrown = Some(deal),
        }
        self
    }

    /// Whether a bidding turn has begun but not ended: its announcements are
    /// one record string, which cannot be written yet.
    fn mid_turn(game: &Game) -> bool {
        game.log()
            .last()
            .is_some_and(|(_, action)| matches!(action, Action::Bid(_)))
    }
}

/// The engine's seat of a family seat, if it is one of the four.
fn engine_seat(seat: family::Seat) -> Option<Seat> {
    Seat::new(seat.number())
}

/// The family seat of an engine seat.
fn family_seat(seat: Seat) -> family::Seat {
    family::Seat::new(u8::from(seat))
}

impl family::Game for Zwanzigerrufen {
    const ID: &'static str = "zwanzigerrufen";
    const RECORD_FORMAT: &'static str = FORMAT;
    const MIN_SEATS: u8 = 4;
    const MAX_SEATS: u8 = 4;

    type Rules = ValidRules;
    type Action = Action;
    type Error = RuleError;
    type PublicView = PublicView;
    type SeatView = SeatView;

    fn default_rules() -> ValidRules {
        Preset::Standard.rules()
    }

    fn presets() -> &'static [&'static str] {
        &PRESETS
    }

    fn rules_from_spec(spec: &Value) -> Result<ValidRules, SetupError> {
        Rules::from_spec(spec).map_err(|e| SetupError::Rules(e.to_string()))
    }

    fn rules_spec(rules: &ValidRules) -> Value {
        rules.to_spec()
    }

    fn new_round(
        rules: ValidRules,
        seats: u8,
        first: family::Seat,
    ) -> Result<Zwanzigerrufen, SetupError> {
        family::check_seats::<Self>(seats, first)?;
        let forehand = engine_seat(first).ok_or(SetupError::Seat { seat: first, seats })?;
        Ok(Zwanzigerrufen {
            rules,
            forehand,
            factor: 1,
            double: DoubleRound::default(),
            game: None,
            thrown: None,
            spec: None,
        })
    }

    fn rules(&self) -> ValidRules {
        self.rules
    }

    fn seats(&self) -> u8 {
        4
    }

    fn needs_deck(&self) -> bool {
        self.game.is_none() && self.thrown.is_none()
    }

    fn deal(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        if !family::Game::needs_deck(self) {
            return Err(NoDeckNeeded);
        }
        // A hand that forces a redeal (SPEC §2.2) is thrown in and dealt again.
        loop {
            let (deal, _) = Deal::shuffled_valid(rng, &self.rules);
            if let Ok(game) = Game::new(self.rules, deal, self.forehand) {
                self.game = Some(game);
                return Ok(());
            }
        }
    }

    fn to_act(&self) -> Option<family::Seat> {
        self.game.as_ref()?.to_act().map(family_seat)
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(game) = &self.game else {
            return;
        };
        let legal = game.legal_actions();
        // In trick play (most steps) only cards are legal: the card set's
        // own iterator is cheaper than the chain over bids, Weiter and cards.
        if legal.bid_count() == 0 && !legal.weiter {
            out.extend(legal.cards.iter().map(Action::Play));
        } else {
            out.extend(legal.iter());
        }
    }

    fn apply(&mut self, seat: family::Seat, action: Action) -> Result<(), Refusal<RuleError>> {
        let seat = engine_seat(seat).ok_or(Refusal::NoSuchSeat { seat, seats: 4 })?;
        let game = self.game.as_mut().ok_or(Refusal::AwaitingDeck)?;
        game.apply(seat, action).map(|_| ()).map_err(Refusal::Rule)
    }

    fn public_view(&self) -> Option<PublicView> {
        self.game.as_ref().map(Game::public_view)
    }

    fn seat_view(&self, seat: family::Seat) -> Option<SeatView> {
        Some(self.game.as_ref()?.view(engine_seat(seat)?))
    }

    fn is_over(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.phase() == Phase::Finished)
    }

    fn settlement(&self) -> Option<family::Settlement> {
        let settlement = self.game.as_ref()?.settlement_with_factor(self.factor)?;
        family::Settlement::new(settlement.changes.to_vec()).ok()
    }

    fn next_round(&self) -> Option<Zwanzigerrufen> {
        if self.thrown.is_some() {
            // The deal is given again by the same dealer (SPEC §2.2).
            return Some(self.undealt(self.forehand, self.double));
        }
        // The settlement as the double round counts it (its Mondfang fact
        // does not depend on the factor).
        let settlement = self.game.as_ref()?.settlement_with_factor(1)?;
        let mut double = self.double;
        double.record(&settlement, &self.rules);
        Some(self.undealt(self.forehand.next(), double))
    }

    fn to_record(&self) -> Option<String> {
        let mut record = match (&self.thrown, &self.game) {
            (Some(deal), _) => thrown_record(&self.rules, self.forehand, deal),
            (None, Some(game)) if !Zwanzigerrufen::mid_turn(game) => Record::from_game(game),
            _ => return None,
        };
        if let Some(spec) = &self.spec {
            record.rules = spec.clone();
        }
        Some(record.to_json())
    }

    fn from_record(text: &str) -> Result<Zwanzigerrufen, RecordRefused> {
        let record = Record::from_json(text).map_err(refused)?;
        from_record_of(&record)
    }

    fn deal_once(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        if !family::Game::needs_deck(self) {
            return Err(NoDeckNeeded);
        }
        *self = self.clone().dealt(Deal::shuffled(rng));
        Ok(())
    }

    fn thrown_in(&self) -> Option<ThrownIn> {
        let deal = self.thrown.as_ref()?;
        let seat = deal.redeal_seat(&self.rules)?;
        Some(ThrownIn {
            seat: family_seat(seat),
            cards: deal.hand(seat).to_string(),
        })
    }

    /// The four hands, seat 0 first, as the records write them: what a
    /// Zwanzigerrufen deal's commitment has always covered.
    fn dealt_piles(&self) -> Vec<String> {
        let deal = match (&self.thrown, &self.game) {
            (Some(deal), _) => deal,
            (None, Some(game)) => game.deal(),
            (None, None) => return Vec::new(),
        };
        Seat::ALL.map(|s| deal.hand(s).to_string()).to_vec()
    }

    fn carry(&self) -> Option<String> {
        Some(serde_json::to_string(&self.double).expect("a double round serializes"))
    }

    fn set_carry(&mut self, carry: &str) -> Result<(), SetupError> {
        if !family::Game::needs_deck(self) {
            return Err(SetupError::Rules(
                "a double round is set before the deal".into(),
            ));
        }
        let double: DoubleRound = serde_json::from_str(carry)
            .map_err(|e| SetupError::Rules(format!("not a double round {carry:?}: {e}")))?;
        self.double = double;
        self.factor = double.factor();
        Ok(())
    }

    /// The deal as the table stored it before every game was stored as seed
    /// and tokens: its hands and one record action per turn or card (the
    /// record of RECORD.md), settled with the stored factor.
    fn from_stored(stored: &StoredDeal<'_>) -> Result<Zwanzigerrufen, RecordRefused> {
        let record = Record {
            format: FORMAT.to_owned(),
            rules: stored.rules.clone(),
            forehand: stored.first.number(),
            hands: stored.piles.to_vec(),
            actions: stored
                .actions
                .iter()
                .map(|(seat, action)| format!("{} {action}", seat.number()))
                .collect(),
        };
        let mut round = from_record_of(&record)?;
        if let Some(carry) = stored.carry {
            round.double = serde_json::from_str(carry)
                .map_err(|e| RecordRefused::Invalid(format!("not a double round: {e}")))?;
        }
        round.factor = stored.factor.max(1);
        Ok(round)
    }

    fn action_token(action: &Action) -> String {
        match action {
            Action::Bid(bid) => format!("x{}", bid_code(*bid)),
            Action::Weiter => "w".to_owned(),
            Action::Play(card) => format!("p{card}"),
        }
    }

    fn parse_action_token(token: &str) -> Option<Action> {
        match token.split_at_checked(1)? {
            ("x", code) => Bid::ALL
                .into_iter()
                .find(|b| bid_code(*b) == code)
                .map(Action::Bid),
            ("w", "") => Some(Action::Weiter),
            ("p", card) => card.parse().ok().map(Action::Play),
            _ => None,
        }
    }
}

/// The round a record describes: played as far as it goes, or thrown in
/// when its hands force a redeal (then it has no actions that count).
fn from_record_of(record: &Record) -> Result<Zwanzigerrufen, RecordRefused> {
    let parsed = record.parse().map_err(refused)?;
    let start = Zwanzigerrufen {
        rules: parsed.rules,
        forehand: parsed.forehand,
        factor: 1,
        double: DoubleRound::default(),
        game: None,
        thrown: None,
        spec: (record.rules != parsed.rules.to_spec()).then(|| record.rules.clone()),
    };
    if parsed.deal.redeal_seat(&parsed.rules).is_some() {
        return Ok(start.dealt(parsed.deal));
    }
    let game = record.to_game().map_err(|e| match e {
        ReplayError::Invalid(e) => refused(e),
        ReplayError::Redeal(_) => RecordRefused::Invalid(e.to_string()),
        ReplayError::Illegal { index, error } => RecordRefused::Illegal {
            index,
            code: family::RuleError::code(&error).to_owned(),
            message: error.to_string(),
        },
    })?;
    Ok(Zwanzigerrufen {
        game: Some(game),
        ..start
    })
}

/// The record of a thrown-in deal: its hands and no actions (RECORD.md's
/// `redeal`).
fn thrown_record(rules: &ValidRules, forehand: Seat, deal: &Deal) -> Record {
    Record {
        format: FORMAT.to_owned(),
        rules: rules.to_spec(),
        forehand: u8::from(forehand),
        hands: Seat::ALL.map(|s| deal.hand(s).to_string()).to_vec(),
        actions: Vec::new(),
    }
}

/// A record that cannot be read, as the boundary reports it.
fn refused(error: RecordError) -> RecordRefused {
    match error {
        RecordError::Format(format) => RecordRefused::UnknownFormat(format),
        other => RecordRefused::Invalid(other.to_string()),
    }
}

/// The short code of a bid: the same letters as the table's payloads.
const fn bid_code(bid: Bid) -> &'static str {
    match bid {
        Bid::Game(GameKind::Rufer) => "r",
        Bid::Game(GameKind::Farbensolo) => "f",
        Bid::Game(GameKind::Solo) => "s",
        Bid::GameWithValat(GameKind::Rufer) => "rv",
        Bid::GameWithValat(GameKind::Farbensolo) => "fv",
        Bid::GameWithValat(GameKind::Solo) => "sv",
        Bid::Premium(Premium::Absolut) => "a",
        Bid::Premium(Premium::Pagat) => "p",
        Bid::Premium(Premium::Valat) => "v",
        Bid::Kontra(Item::Game) => "kg",
        Bid::Kontra(Item::Absolut) => "ka",
        Bid::Kontra(Item::Pagat) => "kp",
        Bid::Kontra(Item::Valat) => "kv",
    }
}

impl family::RuleError for RuleError {
    /// The variant's name in kebab case; the message names the SPEC rule.
    fn code(&self) -> &'static str {
        use RuleError::*;
        match self {
            NotYourTurn { .. } => "not-your-turn",
            DealOver => "deal-over",
            BiddingOver => "bidding-over",
            StillBidding => "still-bidding",
            OpeningRequired => "opening-required",
            NothingToCall => "nothing-to-call",
            GameNotFirst => "game-not-first",
            RuferOnlyAsOpening => "rufer-only-as-opening",
            NotHigher(..) => "not-higher",
            AlreadyAgreed(..) => "already-agreed",
            PassedBefore(..) => "passed-before",
            FarbensoloNotEligible { .. } => "farbensolo-not-eligible",
            NoGameWithValat => "no-game-with-valat",
            ValatBelongsToGame => "valat-belongs-to-game",
            NoGame => "no-game",
            AlreadyAnnounced(..) => "already-announced",
            ValatInForce => "valat-in-force",
            PagatNotHeld => "pagat-not-held",
            PremiumNotInGame { .. } => "premium-not-in-game",
            NothingToKontra(..) => "nothing-to-kontra",
            KontraLimit(..) => "kontra-limit",
            KontraWrongParty(..) => "kontra-wrong-party",
            OpportunityPassed => "opportunity-passed",
            TrullMustKontra => "trull-must-kontra",
            NotInHand(..) => "not-in-hand",
            MustFollowSuit { .. } => "must-follow-suit",
            MustPlayTarock { .. } => "must-play-tarock",
            FarbensoloLead { .. } => "farbensolo-lead",
            PagatMustBeKept => "pagat-must-be-kept",
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use serde_json::json;
    use tarock_game_core::Game as _;

    use super::*;
    use crate::sim;

    /// A deal under `wikipedia` played to its end from `seed`, as a record.
    fn finished_record(seed: u64) -> Record {
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut game, _) = sim::random_game(&mut rng, &Preset::Wikipedia.rules(), Seat::S1);
        sim::play_out(&mut game, &mut rng);
        Record::from_game(&game)
    }

    /// The record an older table stored: its rules as the player typed
    /// them, its hands, and each action with its seat.
    fn stored_record(record: &Record, rules: &Value) -> Record {
        Record {
            rules: rules.clone(),
            ..record.clone()
        }
    }

    /// Rules written otherwise than their shortest form (an object naming
    /// only the preset, a flag set to the preset's own value) are written
    /// back as read, by a round read from a record and by one read from a
    /// stored deal, for a played deal and for a thrown-in one; a record in
    /// the shortest form reads as the same round a new one is.
    #[test]
    fn a_record_writes_its_rules_back_as_it_read_them() {
        let record = finished_record(11);
        let shortest = Value::from(Preset::Wikipedia.name());
        assert_eq!(record.rules, shortest);
        let flag = Preset::Wikipedia.rules().maerchenstich;
        for typed in [
            json!({ "preset": "wikipedia" }),
            json!({ "preset": "wikipedia", "maerchenstich": flag }),
        ] {
            assert_ne!(typed, shortest);
            let old = stored_record(&record, &typed);
            let read = Zwanzigerrufen::from_record(&old.to_json()).unwrap();
            assert_eq!(read.to_record(), Some(old.to_json()));

            let actions: Vec<(family::Seat, &str)> = old
                .actions
                .iter()
                .map(|a| {
                    let (seat, action) = a.split_once(' ').unwrap();
                    (family::Seat::new(seat.parse().unwrap()), action)
                })
                .collect();
            let stored = StoredDeal {
                rules: &typed,
                first: family::Seat::new(old.forehand),
                piles: &old.hands,
                factor: 1,
                carry: None,
                actions: &actions,
            };
            let round = Zwanzigerrufen::from_stored(&stored).unwrap();
            assert_eq!(round.to_record(), Some(old.to_json()));
            // The next round is begun here: its record has the shortest form.
            let next = round.next_round().unwrap();
            assert_eq!(next.spec, None);
        }
        // In the shortest form the round is the one a new round plays to.
        let read = Zwanzigerrufen::from_record(&record.to_json()).unwrap();
        assert_eq!(read.spec, None);
        assert_eq!(read.to_record(), Some(record.to_json()));

        // A thrown-in deal: its hands and no actions, the rules as read.
        let rules = Preset::Wikipedia.rules();
        let mut rng = StdRng::seed_from_u64(5);
        let deal = std::iter::repeat_with(|| Deal::shuffled(&mut rng))
            .find(|d| d.redeal_seat(&rules).is_some())
            .unwrap();
        let typed = json!({ "preset": "wikipedia" });
        let thrown = Record {
            rules: typed.clone(),
            actions: Vec::new(),
            ..thrown_record(&rules, Seat::S2, &deal)
        };
        let read = Zwanzigerrufen::from_record(&thrown.to_json()).unwrap();
        assert!(read.thrown_in().is_some());
        assert_eq!(read.to_record(), Some(thrown.to_json()));
    }
}
