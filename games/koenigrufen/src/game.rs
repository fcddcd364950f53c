//! One deal from the first auction word to the settlement: the phases, the
//! seat to act, and the checked entry point [`Game::apply`], which leaves the
//! game untouched when it refuses an action. Each phase's rules live in
//! their own module; this one dispatches and moves from phase to phase.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::announce::{Context, Round};
use crate::auction::{Auction, Bidder, Group};
use crate::card::{Card, CardSet};
use crate::contract::{Contract, Item, Mode, Premium, TalonUse};
use crate::deal::{Deal, Half};
use crate::error::RuleError;
use crate::play::Play;
use crate::rules::Rules;
use crate::seat::{Party, Seat, Seats};
use crate::talon::{CardList, DiscardRule, Row, Taken};
use crate::trick::{Reservation, illegal_reason, legal_cards};

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The Lizitation (§4).
    Auction,
    /// The declarer calls a King (§5).
    KingCall,
    /// The declarer takes a talon half, takes all six, or concedes (§6.1, §6.3).
    Talon,
    /// The declarer lays cards aside (§6.2; Mussolini §6.6 step 1).
    Discard,
    /// Mussolini's opponents draw from the row and lay a card aside (§6.6 step 2).
    Mussolini,
    /// Announcements and Kontra (§7).
    Announcements,
    /// Trick play (§8).
    Play,
    /// The deal is over and can be settled.
    Finished,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Auction => "auction",
            Phase::KingCall => "king call",
            Phase::Talon => "talon",
            Phase::Discard => "discard",
            Phase::Mussolini => "Mussolini draw",
            Phase::Announcements => "announcement",
            Phase::Play => "trick play",
            Phase::Finished => "finished",
        })
    }
}

/// What an accepted action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Accepted; the deal goes on in the same phase.
    Accepted,
    /// A new phase began.
    Phase(Phase),
    /// A trick was completed and taken by this seat.
    TrickTaken(Seat),
}

/// The outcome of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declared {
    /// The contract (the first namer's with "bei").
    pub contract: Contract,
    /// The declarer (the first namer).
    pub declarer: Seat,
    /// Every declarer with the contract he named.
    pub bidders: Group,
    /// The effective Vorhand (after `vorhand-weiter`).
    pub vorhand: Seat,
}

impl Declared {
    /// The declarers' seats.
    pub fn seats(&self) -> Seats {
        self.bidders.seats()
    }
}

/// The called King and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Called {
    /// The King.
    pub card: Card,
    /// Called as "der vierte König" (C2; display only).
    pub fourth: bool,
    /// Its holder, or `None` when it lies in the talon.
    pub partner: Option<Seat>,
}

/// What happened to the talon and the discards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TalonState {
    /// How the declarer took it, if he did.
    pub taken: Option<Taken>,
    /// The talon cards the declarer took.
    pub from_talon: CardSet,
    /// The declarer's discards (Mussolini: his own three).
    pub discard: CardSet,
    /// The discards every player sees (§6.2).
    pub face_up: CardSet,
    /// Mussolini's row as laid (positions 1–3).
    pub row: Option<[Card; 3]>,
    /// What is left of the row.
    pub row_left: Row,
    /// Cards Mussolini's opponents laid aside (they count for them).
    pub opponents_discard: CardSet,
    /// The card the Mussolini opponent to act has drawn, before laying one aside.
    pub drawn: Option<Card>,
    /// How many Mussolini opponents have finished.
    pub picks: u8,
    /// The declarer conceded (with the Besserrufer's bird).
    pub schleifen: Option<Option<Premium>>,
    /// The declarer's hand before the talon.
    pub original: CardSet,
}

/// One deal of Königrufen. Built from a [`Deal`]; changed only through
/// [`Game::apply`], which leaves it untouched when it returns an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    rules: Rules,
    deal: Deal,
    forehand: Seat,
    hands: [CardSet; 4],
    phase: Phase,
    auction: Auction,
    declared: Option<Declared>,
    called: Option<Called>,
    talon: TalonState,
    round: Option<Round>,
    play: Option<Play>,
    reserved: CardSet,
    /// The true party of each seat, once the contract (and called King) is known.
    parties: [Party; 4],
    /// In trick play: the legal cards of the seat to play, kept up to date
    /// after every card so that each is computed once.
    to_play_legal: CardSet,
    log: Vec<(Seat, Action)>,
}

impl Game {
    /// Starts the auction on `deal` with `forehand` as the Vorhand. Every deal is
    /// played (no redeal, §3), so this cannot fail.
    pub fn new(rules: Rules, deal: Deal, forehand: Seat) -> Game {
        Game {
            rules,
            deal,
            forehand,
            hands: deal.hands(),
            phase: Phase::Auction,
            auction: Auction::new(forehand),
            declared: None,
            called: None,
            talon: TalonState::default(),
            round: None,
            play: None,
            reserved: CardSet::EMPTY,
            parties: [Party::Opponents; 4],
            to_play_legal: CardSet::EMPTY,
            log: Vec::with_capacity(96),
        }
    }

    /// The rules in force.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The dealt cards.
    pub const fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The dealt Vorhand.
    pub const fn forehand(&self) -> Seat {
        self.forehand
    }

    /// The cards `seat` holds now.
    pub const fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// Where the deal stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The auction (also after it ended).
    pub const fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The outcome of the auction.
    pub const fn declared(&self) -> Option<&Declared> {
        self.declared.as_ref()
    }

    /// The called King.
    pub const fn called(&self) -> Option<&Called> {
        self.called.as_ref()
    }

    /// The talon and discards.
    pub const fn talon(&self) -> &TalonState {
        &self.talon
    }

    /// The announcement round, once started.
    pub const fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    /// Trick play, once started.
    pub const fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    /// Cards reserved for their trick (announced birds, the King with König Ultimo).
    pub const fn reserved(&self) -> CardSet {
        self.reserved
    }

    /// Every accepted action in order.
    pub fn log(&self) -> &[(Seat, Action)] {
        &self.log
    }

    /// Whether the deal is over.
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// The true party of `seat`, once the contract is known (`None` in Trischaken).
    pub fn party(&self, seat: Seat) -> Option<Party> {
        let d = self.declared.as_ref()?;
        (d.contract != Contract::Trischaken).then_some(self.parties[seat.index()])
    }

    /// Party D: the declarers and the holder of the called King.
    fn set_parties(&mut self) {
        let d = self.declared_now();
        let mut seats = d.seats();
        if let Some(partner) = self.called.and_then(|c| c.partner) {
            seats = seats.with(partner);
        }
        self.parties = Seat::ALL.map(|s| {
            if seats.contains(s) {
                Party::Declarer
            } else {
                Party::Opponents
            }
        });
    }

    /// The seats of party D (declarer, partner, "bei" declarers).
    pub fn declarer_seats(&self) -> Seats {
        Seat::ALL
            .into_iter()
            .filter(|s| self.party(*s) == Some(Party::Declarer))
            .fold(Seats::NONE, Seats::with)
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        let declarer = self.declared.as_ref().map(|d| d.declarer);
        match self.phase {
            Phase::Auction => Some(self.auction.turn()),
            Phase::KingCall | Phase::Talon | Phase::Discard => declarer,
            Phase::Mussolini => declarer.map(|d| d.plus(1 + self.talon.picks)),
            Phase::Announcements => self.round.as_ref().map(Round::turn),
            Phase::Play => self.play.as_ref().map(Play::to_play),
            Phase::Finished => None,
        }
    }

    /// Applies `action` by `seat`.
    ///
    /// # Errors
    /// A [`RuleError`] naming the rule the action breaks; the game is then unchanged.
    #[inline]
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        // Most actions of a deal are cards: they take a short path of their
        // own (the same checks in the same order as below), so that the
        // large dispatch of the other phases is not entered for each of
        // them. Measured with callgrind through `tarock simulate`.
        match (self.phase, action, &self.play) {
            (Phase::Play, Action::Play(card), Some(play)) => {
                let expected = play.to_play();
                if seat != expected {
                    return Err(RuleError::NotYourTurn {
                        expected,
                        actual: seat,
                    });
                }
                let step = self.play_card(seat, card)?;
                self.log.push((seat, action));
                Ok(step)
            }
            _ => self.apply_other(seat, action),
        }
    }

    /// [`Game::apply`] of everything but a card in trick play (it takes
    /// cards too, the same way).
    fn apply_other(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        let expected = self.to_act().ok_or(RuleError::DealOver)?;
        if seat != expected {
            return Err(RuleError::NotYourTurn {
                expected,
                actual: seat,
            });
        }
        let step = match (self.phase, action) {
            (Phase::Auction, a) if a.word().is_some() => self.auction_word(seat, a)?,
            (Phase::KingCall, Action::Call(_) | Action::CallFourth) => self.call(seat, action)?,
            (Phase::Talon, Action::Take(_) | Action::TakeAll | Action::Schleifen(_)) => {
                self.take(seat, action)?
            }
            (Phase::Discard, Action::Discard(list)) => self.discard(seat, list)?,
            (Phase::Mussolini, Action::Draw(n)) => self.draw(seat, n)?,
            (Phase::Mussolini, Action::Discard(list)) => self.lay_aside(seat, list)?,
            (Phase::Announcements, Action::Announce(_) | Action::Kontra(..) | Action::Weiter) => {
                return self.announcement(seat, action);
            }
            (Phase::Play, Action::Play(card)) => self.play_card(seat, card)?,
            (phase, _) => return Err(RuleError::WrongPhase(phase)),
        };
        self.log.push((seat, action));
        Ok(step)
    }

    /// Whether `action` by `seat` would be accepted now (no change either way).
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.clone().apply(seat, action).is_ok()
    }

    /// Applies a record string's actions (e.g. a whole announcement turn, or
    /// `zieh N CARD`) atomically: all of them or none.
    ///
    /// # Errors
    /// The first refused action's position and [`RuleError`].
    pub fn apply_all(&mut self, seat: Seat, actions: &[Action]) -> Result<(), (usize, RuleError)> {
        if let [one] = actions {
            return self.apply(seat, *one).map(|_| ()).map_err(|e| (0, e));
        }
        let mut next = self.clone();
        for (i, a) in actions.iter().enumerate() {
            next.apply(seat, *a).map_err(|e| (i, e))?;
        }
        *self = next;
        Ok(())
    }

    // ---- Auction ----

    fn auction_word(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        let word = action.word().expect("matched an auction word");
        self.auction
            .check(word, self.hands[seat.index()], &self.rules)?;
        self.auction.apply(word);
        if !self.auction.is_done() {
            return Ok(Step::Accepted);
        }
        let bidders = *self.auction.group();
        let first: Bidder = bidders.first().expect("an auction ends with a contract");
        self.declared = Some(Declared {
            contract: first.contract,
            declarer: first.seat,
            bidders,
            vorhand: self.auction.vorhand(),
        });
        self.set_parties();
        if first.contract.calls_king() {
            return Ok(self.enter(Phase::KingCall));
        }
        Ok(self.after_call())
    }

    fn enter(&mut self, phase: Phase) -> Step {
        self.phase = phase;
        Step::Phase(phase)
    }

    fn declared_now(&self) -> Declared {
        self.declared.expect("the auction is over")
    }

    // ---- King call (§5) ----

    fn call(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        let hand = self.hands[seat.index()];
        let kings = hand.intersect(CardSet::KINGS);
        let (card, fourth) = match action {
            Action::Call(suit) => (suit.king(), false),
            _ => {
                if kings.len() != 3 {
                    return Err(RuleError::FourthNeedsThree);
                }
                (
                    CardSet::KINGS
                        .without(kings)
                        .first()
                        .expect("one king missing"),
                    true,
                )
            }
        };
        if hand.contains(card) {
            return Err(RuleError::OwnKing(card));
        }
        self.called = Some(Called {
            card,
            fourth,
            partner: self.deal.holder(card),
        });
        self.set_parties();
        Ok(self.after_call())
    }

    /// After the auction or the king call: the talon as the contract says (§6.1).
    fn after_call(&mut self) -> Step {
        let d = self.declared_now();
        self.talon.original = self.hands[d.declarer.index()];
        match d.contract.talon_use() {
            TalonUse::Exposed => self.enter(Phase::Talon),
            TalonUse::AllSix | TalonUse::Mussolini => {
                self.take_talon(d.declarer, self.deal.talon_set(), Taken::All);
                self.enter(Phase::Discard)
            }
            TalonUse::ForOpponents | TalonUse::Unused => self.start_round(),
            TalonUse::LastTrick => self.start_play(),
        }
    }

    // ---- Talon (§6.1, §6.3) ----

    /// Whether the called King lies in the talon.
    pub fn king_in_talon(&self) -> bool {
        self.called.is_some_and(|c| c.partner.is_none())
    }

    fn take(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        let king_in_talon = self.king_in_talon();
        let takes_all = king_in_talon && self.rules.king_in_talon_takes_all;
        match action {
            Action::Take(_) if takes_all => Err(RuleError::TakeAllRequired),
            Action::Take(half) => {
                self.take_talon(seat, self.deal.half(half), Taken::Half(half));
                Ok(self.enter(Phase::Discard))
            }
            Action::TakeAll if !takes_all => Err(RuleError::TakeHalfRequired),
            Action::TakeAll => {
                self.take_talon(seat, self.deal.talon_set(), Taken::All);
                Ok(self.enter(Phase::Discard))
            }
            Action::Schleifen(bird) => {
                if !king_in_talon {
                    return Err(RuleError::SchleifenNotAllowed);
                }
                self.check_schleifen_bird(seat, bird)?;
                self.talon.schleifen = Some(bird);
                Ok(self.enter(Phase::Finished))
            }
            _ => Err(RuleError::WrongPhase(Phase::Talon)),
        }
    }

    /// D-12: a Besserrufer concedes naming a bird of his hand; others name none.
    fn check_schleifen_bird(&self, seat: Seat, bird: Option<Premium>) -> Result<(), RuleError> {
        let besser = self.declared_now().contract == Contract::Besserrufer;
        let held = |p: Premium| {
            p.bird_card().is_some_and(|c| {
                self.rules.birds().contains(c) && self.hands[seat.index()].contains(c)
            })
        };
        match (besser, bird) {
            (false, None) => Ok(()),
            (true, Some(p)) if held(p) => Ok(()),
            _ => Err(RuleError::SchleifenBird),
        }
    }

    fn take_talon(&mut self, seat: Seat, cards: CardSet, taken: Taken) {
        self.hands[seat.index()] = self.hands[seat.index()].union(cards);
        self.talon.from_talon = cards;
        self.talon.taken = Some(taken);
    }

    // ---- Discards (§6.2, §6.6) ----

    /// The discard rules for the declarer now (in the discard phase).
    pub fn discard_rule(&self) -> Option<DiscardRule> {
        if self.phase != Phase::Discard {
            return None;
        }
        let d = self.declared_now();
        let need = if self.talon.taken == Some(Taken::All) {
            6
        } else {
            3
        };
        Some(DiscardRule::new(
            d.contract,
            self.hands[d.declarer.index()],
            need,
            self.rules.birds(),
            self.talon.original,
        ))
    }

    fn discard(&mut self, seat: Seat, list: CardList) -> Result<Step, RuleError> {
        let rule = self.discard_rule().expect("in the discard phase");
        let (set, repeated) = list.to_set();
        if repeated {
            return Err(RuleError::DiscardCount {
                need: rule.need,
                got: set.len() as u8,
            });
        }
        rule.check(set)?;
        self.hands[seat.index()] = self.hands[seat.index()].without(set);
        if self.declared_now().contract == Contract::Mussolini {
            let card = |i| list.get(i).expect("six cards");
            self.talon.discard = [card(0), card(1), card(2)].into_iter().collect();
            let row = [card(3), card(4), card(5)];
            self.talon.row = Some(row);
            self.talon.row_left = Row::new(row);
            return Ok(self.enter(Phase::Mussolini));
        }
        self.talon.discard = set;
        self.talon.face_up = rule.face_up(set);
        Ok(self.start_round())
    }

    fn draw(&mut self, seat: Seat, n: u8) -> Result<Step, RuleError> {
        if self.talon.drawn.is_some() {
            return Err(RuleError::DiscardCount { need: 1, got: 0 });
        }
        let left = self.talon.row_left.left();
        let card = self
            .talon
            .row_left
            .take(n)
            .ok_or(RuleError::DrawPosition(left))?;
        self.hands[seat.index()].insert(card);
        self.talon.drawn = Some(card);
        Ok(Step::Accepted)
    }

    fn lay_aside(&mut self, seat: Seat, list: CardList) -> Result<Step, RuleError> {
        if self.talon.drawn.is_none() {
            return Err(RuleError::DrawPosition(self.talon.row_left.left()));
        }
        let card = match (list.len(), list.get(0)) {
            (1, Some(card)) => card,
            (n, _) => {
                return Err(RuleError::DiscardCount {
                    need: 1,
                    got: n as u8,
                });
            }
        };
        if !self.hands[seat.index()].contains(card) {
            return Err(RuleError::NotInHand(card));
        }
        self.hands[seat.index()].remove(card);
        self.talon.opponents_discard.insert(card);
        self.talon.drawn = None;
        self.talon.picks += 1;
        if self.talon.picks == 3 {
            return Ok(self.start_round());
        }
        Ok(Step::Accepted)
    }

    // ---- Announcements (§7) ----

    fn start_round(&mut self) -> Step {
        let d = self.declared_now();
        self.round = Some(if d.contract.is_negative() {
            Round::negative(d.declarer, d.seats())
        } else {
            Round::positive(d.declarer, d.contract)
        });
        self.enter(Phase::Announcements)
    }

    /// The facts the announcement rules need.
    pub(crate) fn context(&self) -> Context<'_> {
        let d = self.declared_now();
        Context {
            rules: &self.rules,
            contract: d.contract,
            declarer: d.declarer,
            declarers: d.seats(),
            parties: self.parties,
            hands: &self.hands,
            called: self.called.map(|c| c.card),
            partner: self.called.and_then(|c| c.partner),
            talon_birds: self.talon.from_talon.intersect(self.rules.birds()),
            original_birds: self.talon.original.intersect(self.rules.birds()),
        }
    }

    /// Whether the seat to act may end its announcement turn now (K10).
    pub fn may_end_turn(&self) -> bool {
        self.phase == Phase::Announcements
            && self
                .round
                .as_ref()
                .is_some_and(|r| r.check_weiter(&self.context()).is_ok())
    }

    fn announcement(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        let mut round = self.round.expect("in the announcement phase");
        let ctx = self.context();
        let logged = match action {
            Action::Announce(p) => {
                round.check_announce(p, &ctx)?;
                round.announce(p, &ctx);
                action
            }
            Action::Kontra(item, against) => {
                let pair = round.check_kontra(item, against, &ctx)?;
                round.kontra(item, pair);
                // The log keeps the resolved seat (§11: explicit in negative games).
                let other = pair.map(|(d, o)| if d == seat { o } else { d });
                Action::Kontra(item, other)
            }
            _ => {
                round.check_weiter(&ctx)?;
                round.end_turn();
                action
            }
        };
        self.round = Some(round);
        self.log.push((seat, logged));
        if round.is_done() {
            return Ok(self.start_play());
        }
        Ok(Step::Accepted)
    }

    // ---- Trick play (§8) ----

    fn start_play(&mut self) -> Step {
        let d = self.declared_now();
        let leader = if d.contract.is_negative() {
            d.declarer
        } else {
            d.vorhand
        };
        self.reserved = self.reserved_cards();
        self.play = Some(Play::new(
            d.contract.mode(),
            self.rules.maerchenstich,
            leader,
        ));
        self.to_play_legal = self.compute_legal_cards();
        self.enter(Phase::Play)
    }

    /// §8.4: announced birds and, with König Ultimo, the called King.
    fn reserved_cards(&self) -> CardSet {
        let Some(round) = self
            .round
            .as_ref()
            .filter(|_| self.declared_now().contract.mode() == Mode::Tarock)
        else {
            return CardSet::EMPTY;
        };
        let mut cards = CardSet::EMPTY;
        for p in Premium::BIRDS {
            if round.item(Item::Premium(p)).is_some() {
                cards.insert(p.bird_card().expect("a bird"));
            }
        }
        if round.item(Item::Premium(Premium::Ku)).is_some()
            && let Some(c) = self.called
        {
            cards.insert(c.card);
        }
        cards
    }

    /// The reservation in force for the trick being played.
    pub fn reservation(&self) -> Reservation {
        match &self.play {
            Some(p) if p.mode() == Mode::Tarock => Reservation {
                cards: self.reserved,
                trick: p.trick_number(),
                kind: self.rules.bird_reservation,
            },
            _ => Reservation::NONE,
        }
    }

    /// The cards the seat to act may play (empty outside trick play).
    pub fn legal_cards(&self) -> CardSet {
        if self.phase == Phase::Play {
            self.to_play_legal
        } else {
            CardSet::EMPTY
        }
    }

    fn compute_legal_cards(&self) -> CardSet {
        match &self.play {
            Some(p) if !p.is_over() => {
                let hand = self.hands[p.to_play().index()];
                legal_cards(hand, p.current(), p.mode(), &self.reservation())
            }
            _ => CardSet::EMPTY,
        }
    }

    fn play_card(&mut self, seat: Seat, card: Card) -> Result<Step, RuleError> {
        if !self.to_play_legal.contains(card) {
            let play = self.play.as_ref().expect("in trick play");
            let hand = self.hands[seat.index()];
            let (trick, mode) = (play.current(), play.mode());
            return Err(illegal_reason(hand, card, trick, mode, &self.reservation()));
        }
        self.hands[seat.index()].remove(card);
        let play = self.play.as_mut().expect("in trick play");
        let done = play.push(card);
        if let Some(done) = done {
            self.after_trick();
            if self.phase == Phase::Finished {
                self.to_play_legal = CardSet::EMPTY;
                return Ok(Step::TrickTaken(done.winner));
            }
        }
        self.to_play_legal = self.compute_legal_cards();
        Ok(done.map_or(Step::Accepted, |d| Step::TrickTaken(d.winner)))
    }

    /// After a trick: the early end of failed negative games (D-29), the end of play.
    fn after_trick(&mut self) {
        let d = self.declared.expect("the auction is over");
        let play = self.play.as_mut().expect("in trick play");
        if d.contract.is_negative() && self.rules.negative_early_end {
            let mut targets = [0u8; 4];
            for b in d.bidders.bidders() {
                targets[b.seat.index()] = b.contract.target_tricks().unwrap_or(0);
            }
            play.end_if_all_failed(d.seats(), targets);
        }
        if play.is_over() {
            self.phase = Phase::Finished;
        }
    }

    /// The accepted actions of the half-played Mussolini draw or announcement
    /// turn: those a record cannot hold yet.
    pub fn pending_turn(&self) -> usize {
        match self.phase {
            Phase::Announcements => {
                usize::from(self.round.as_ref().map_or(0, Round::words_this_turn))
            }
            Phase::Mussolini => usize::from(self.talon.drawn.is_some()),
            _ => 0,
        }
    }

    /// The talon half with the called King (Solorufer, D-14), if any.
    pub fn king_half(&self) -> Option<Half> {
        let c = self.called?;
        if c.partner.is_some() {
            return None;
        }
        Half::BOTH
            .into_iter()
            .find(|h| self.deal.half(*h).contains(c.card))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::rules::Preset;
    use crate::sim::{random_action, random_game};

    /// A random deal of `preset` played until the fifth card of trick play.
    fn in_trick_play(preset: Preset, seed: u64) -> Game {
        let mut rng = SmallRng::seed_from_u64(seed);
        loop {
            let (mut game, plan) = random_game(&mut rng, &preset.rules(), Seat::S0);
            while !game.is_finished() {
                if game.play().is_some_and(|p| p.count() == 1) {
                    return game;
                }
                let (seat, action) = random_action(&game, &plan, &mut rng).unwrap();
                game.apply(seat, action).unwrap();
            }
        }
    }

    #[test]
    fn a_card_in_two_places_breaks_the_invariants() {
        for preset in Preset::ALL {
            let mut game = in_trick_play(preset, 5);
            assert_eq!(game.check_invariants(), Ok(()));
            let card = game.hands[0].first().unwrap();
            game.hands[1].insert(card);
            let err = game.check_invariants().unwrap_err();
            assert!(
                err.contains(&card.to_string()) && err.contains("two places"),
                "{err}"
            );
        }
    }

    #[test]
    fn a_lost_card_breaks_the_invariants() {
        for preset in Preset::ALL {
            let mut game = in_trick_play(preset, 6);
            let card = game.hands[2].first().unwrap();
            game.hands[2].remove(card);
            let err = game.check_invariants().unwrap_err();
            assert_eq!(err, format!("missing cards: {card}"));
        }
    }

    #[test]
    fn a_discard_still_in_the_hand_breaks_the_invariants() {
        let mut rng = SmallRng::seed_from_u64(8);
        let mut checked = 0;
        while checked < 20 {
            let (mut game, plan) = random_game(&mut rng, &Preset::Standard.rules(), Seat::S1);
            while let Some((seat, action)) = random_action(&game, &plan, &mut rng) {
                game.apply(seat, action).unwrap();
            }
            let Some(card) = game.talon.discard.first() else {
                continue;
            };
            assert_eq!(game.check_invariants(), Ok(()));
            game.hands[3].insert(card);
            assert!(game.check_invariants().is_err());
            checked += 1;
        }
    }
}
