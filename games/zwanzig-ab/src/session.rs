//! A session (SPEC §4.4): deals one after another until a score reaches 0,
//! with the checked entry point [`Session::apply`].
//!
//! The phases of a deal live in their own modules ([`crate::exchange`] for
//! trump, the exchange and dropping; [`crate::play`] for tricks and the end
//! of the deal); this module holds the state, the dispatch, and the getters
//! a table service needs.

use crate::action::Action;
use crate::card::{CardSet, Suit};
use crate::deal::Deck;
use crate::error::{Expected, RuleError};
use crate::rules::Rules;
use crate::score::Settlement;
use crate::seat::{MAX_PLAYERS, MIN_PLAYERS, Seat, SeatSet};
use crate::trick::{CompletedTrick, Trick};

/// Where the session stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// No deal under way: the next deal's cards are to be dealt ([`Session::start_deal`]).
    AwaitingDeal,
    /// The trump maker names trump on his first packet (§3).
    Trump,
    /// One turn per player: `stay`, `swap` or `drop` (§4.1); under
    /// `after_exchange` only `stay` or `swap`.
    Exchange,
    /// `after_exchange` only: each non-maker says `play` or `drop`.
    DropRound,
    /// Trick play (§5).
    Play,
    /// A score reached 0 or below; the session is settled.
    SessionOver,
}

/// What an accepted action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Trump is named; the second packets are dealt; the exchange begins.
    TrumpNamed,
    /// A player made his exchange or drop decision; the next one is asked.
    Decided,
    /// The last decision is made; the trump maker leads the first trick.
    PlayStarts,
    /// A card was played; the trick goes on.
    CardPlayed,
    /// A trick was completed and taken by this seat.
    TrickTaken(Seat),
    /// The deal is over and scored; the next deal is to be dealt.
    DealOver,
    /// The deal is over and so is the session; this seat won it.
    SessionOver(Seat),
}

/// The stage of the current deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Stage {
    /// No deal dealt yet in this session.
    Idle,
    Trump,
    Exchange,
    DropRound,
    Play,
    Over,
}

impl Stage {
    /// Whether a deal is dealt and not over.
    const fn under_way(self) -> bool {
        !matches!(self, Stage::Idle | Stage::Over)
    }
}

/// The action kinds ([`Action::kind`]) each stage accepts, by stage, for
/// `with_exchange` (row 0) and `after_exchange` (row 1).
const ACCEPTED: [[u8; 6]; 2] = {
    const TRUMP: u8 = 1 << 0;
    const STAY: u8 = 1 << 1;
    const SWAP: u8 = 1 << 2;
    const DROP: u8 = 1 << 3;
    const PLAY: u8 = 1 << 4;
    const CARD: u8 = 1 << 5;
    [
        [0, TRUMP, STAY | SWAP | DROP, 0, CARD, 0],
        [0, TRUMP, STAY | SWAP, PLAY | DROP, CARD, 0],
    ]
};

/// What a player decided in the exchange (and drop) turns of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Kept the five cards.
    Stayed,
    /// Exchanged this many cards.
    Swapped(u8),
    /// Dropped out (after exchanging this many under `after_exchange`).
    Dropped(u8),
}

/// The state of one deal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DealState {
    pub(crate) dealer: Seat,
    pub(crate) maker: Seat,
    pub(crate) deck: Deck,
    pub(crate) stage: Stage,
    pub(crate) trump: Option<Suit>,
    /// Current hands: only the first packet before trump is named.
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    /// Each seat's discards (dead for the deal).
    pub(crate) discards: [CardSet; MAX_PLAYERS],
    /// Deck position of the stock's top card.
    pub(crate) stock_next: u8,
    /// Decisions made, per seat.
    pub(crate) decisions: [Option<Decision>; MAX_PLAYERS],
    /// Seats that said `play` in the drop round.
    pub(crate) stays_in: SeatSet,
    /// Turns taken in the current round (exchange or drop round).
    pub(crate) turns: u8,
    pub(crate) dropped: SeatSet,
    /// Players still in the deal.
    pub(crate) active: u8,
    /// The legal cards of the seat to play (trick play only).
    pub(crate) legal: CardSet,
    pub(crate) trick: Trick,
    /// Completed tricks (the first `played` ones; the others are empty
    /// tricks of seat 0, whatever the deal).
    pub(crate) tricks: [Trick; 5],
    pub(crate) played: u8,
    /// Tricks per seat (credited ones under `takes_all` included).
    pub(crate) won: [u8; MAX_PLAYERS],
    /// §6.3: the trick after which a seat's running score reached 0 (0 = not yet).
    pub(crate) out_at: [u8; MAX_PLAYERS],
    /// Whether the trump maker was credited all five tricks (`takes_all`).
    pub(crate) credited: bool,
}

impl DealState {
    /// A deal from `deck` dealt by `dealer`: the first packets are in the
    /// hands, trump is to be named.
    fn new(dealer: Seat, n: u8, deck: Deck, stage: Stage) -> DealState {
        let maker = dealer.next(n);
        let mut deal = DealState {
            dealer,
            maker,
            deck,
            stage,
            trump: None,
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            discards: [CardSet::EMPTY; MAX_PLAYERS],
            stock_next: 5 * n,
            decisions: [None; MAX_PLAYERS],
            stays_in: SeatSet::EMPTY,
            turns: 0,
            dropped: SeatSet::EMPTY,
            active: n,
            legal: CardSet::EMPTY,
            trick: Trick::new(maker),
            tricks: [Trick::new(Seat::S0); 5],
            played: 0,
            won: [0; MAX_PLAYERS],
            out_at: [0; MAX_PLAYERS],
            credited: false,
        };
        deal.deal_first_packets(n);
        deal
    }

    /// Turns this state into a fresh deal, in place (the same as
    /// [`DealState::new`], without moving the state).
    fn reset(&mut self, dealer: Seat, n: u8, deck: Deck, stage: Stage) {
        let maker = dealer.next(n);
        self.dealer = dealer;
        self.maker = maker;
        self.deck = deck;
        self.stage = stage;
        self.trump = None;
        self.discards = [CardSet::EMPTY; MAX_PLAYERS];
        self.stock_next = 5 * n;
        self.decisions = [None; MAX_PLAYERS];
        self.stays_in = SeatSet::EMPTY;
        self.turns = 0;
        self.dropped = SeatSet::EMPTY;
        self.active = n;
        self.legal = CardSet::EMPTY;
        self.trick = Trick::new(maker);
        self.tricks = [Trick::new(Seat::S0); 5];
        self.played = 0;
        self.won = [0; MAX_PLAYERS];
        self.out_at = [0; MAX_PLAYERS];
        self.credited = false;
        self.deal_first_packets(n);
    }

    /// Puts each player's first packet in his hand (§2.3).
    fn deal_first_packets(&mut self, n: u8) {
        self.hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut seat = self.maker;
        for i in 0..usize::from(n) {
            self.hands[seat.index()] = self.deck.first_packet(i);
            seat = seat.next(n);
        }
    }
}

/// The end of a session: its winner and settlement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner (§6.3).
    pub winner: Seat,
    /// When each player went out in the last deal (0 = not out).
    pub out_at: [u8; MAX_PLAYERS],
    /// The settlement in units.
    pub settlement: Settlement,
}

/// Scores and drops used at the start of a session (or of a record that
/// begins mid-session, SPEC §9.1 `start`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Start {
    /// Each seat's score, 1–99.
    pub scores: [i32; MAX_PLAYERS],
    /// Drops each seat has used, `0 … drop_limit`.
    pub drops: [u8; MAX_PLAYERS],
}

impl Start {
    /// A fresh session: everyone at `start_score`, no drops used.
    pub const fn fresh(rules: &Rules) -> Start {
        Start {
            scores: [rules.start_score(); MAX_PLAYERS],
            drops: [0; MAX_PLAYERS],
        }
    }
}

/// Why a session cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Not 3, 4 or 5 players (D-02).
    #[error("{0} players: 20 ab is played by 3, 4 or 5")]
    Players(u8),
    /// The dealer is not a seat at the table.
    #[error("dealer {0} is not a seat of the table")]
    Dealer(u8),
    /// A start score outside 1–99.
    #[error("start score {0} is not 1–99")]
    StartScore(i32),
    /// Drops used outside `0 … drop_limit`.
    #[error("{used} drops used is not 0–{limit}")]
    StartDrops {
        /// The value given.
        used: u8,
        /// The rules' drop limit.
        limit: u8,
    },
}

/// Why the next deal cannot be dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartDealError {
    /// The session is over.
    #[error("S-1: the session is over")]
    SessionOver,
    /// A deal is under way.
    #[error("a deal is under way")]
    DealUnderWay,
}

/// A session of 20 ab: built with [`Session::new`], dealt with
/// [`Session::start_deal`], changed only through [`Session::apply`], which
/// leaves it untouched when it returns an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub(crate) rules: Rules,
    pub(crate) n: u8,
    pub(crate) first_dealer: Seat,
    pub(crate) start: Start,
    pub(crate) scores: [i32; MAX_PLAYERS],
    pub(crate) drops: [u8; MAX_PLAYERS],
    pub(crate) deltas: Vec<[i32; MAX_PLAYERS]>,
    pub(crate) decks: Vec<Deck>,
    pub(crate) log: Vec<(Seat, Action)>,
    /// The current deal, or the last one (stage `Over`), or none yet (`Idle`).
    pub(crate) deal: DealState,
    pub(crate) outcome: Option<Outcome>,
    /// The seat to act, kept current by every transition.
    pub(crate) acting: Option<Seat>,
}

impl Session {
    /// A session of `players` (3–5) whose first deal is dealt by `dealer`,
    /// starting from `start` (scores 1–99, drops within the limit).
    ///
    /// # Errors
    /// [`SessionError`] naming the first value out of range.
    pub fn new(
        rules: Rules,
        players: u8,
        dealer: u8,
        start: Start,
    ) -> Result<Session, SessionError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&usize::from(players)) {
            return Err(SessionError::Players(players));
        }
        let first_dealer = Seat::new(dealer)
            .filter(|d| d.index() < usize::from(players))
            .ok_or(SessionError::Dealer(dealer))?;
        for seat in Seat::all(players) {
            let (score, used) = (start.scores[seat.index()], start.drops[seat.index()]);
            if !(1..=99).contains(&score) {
                return Err(SessionError::StartScore(score));
            }
            if used > rules.drop_limit() {
                return Err(SessionError::StartDrops {
                    used,
                    limit: rules.drop_limit(),
                });
            }
        }
        let mut start = start;
        for i in usize::from(players)..MAX_PLAYERS {
            start.scores[i] = 0;
            start.drops[i] = 0;
        }
        Ok(Session {
            rules,
            n: players,
            first_dealer,
            start,
            scores: start.scores,
            drops: start.drops,
            deltas: Vec::with_capacity(16),
            decks: Vec::with_capacity(16),
            log: Vec::with_capacity(256),
            deal: DealState::new(first_dealer, players, Deck::ORDERED, Stage::Idle),
            outcome: None,
            acting: None,
        })
    }

    /// A fresh session (everyone at `start_score`, no drops used).
    ///
    /// # Errors
    /// [`SessionError`] for a player count or dealer out of range.
    pub fn fresh(rules: Rules, players: u8, dealer: u8) -> Result<Session, SessionError> {
        Session::new(rules, players, dealer, Start::fresh(&rules))
    }

    /// The next session at the same table (§10): scores and drops reset, the
    /// dealer rotation continues. `None` while this session is not over.
    pub fn next_session(&self) -> Option<Session> {
        self.outcome.as_ref()?;
        let dealer = self.dealer().index() as u8;
        Session::fresh(self.rules, self.n, dealer).ok()
    }

    /// Starts a fresh session at this table in place: everyone at
    /// `start_score` with no drops used, the first deal dealt by `dealer`.
    /// The same as `*self = Session::fresh(rules, players, dealer)`, except
    /// that the action log, the decks and the deltas keep their buffers, so
    /// that session after session (a simulation, a long-running table) does
    /// not allocate again.
    ///
    /// # Errors
    /// [`SessionError::Dealer`] when `dealer` is not a seat of the table; the
    /// session is then unchanged.
    pub fn restart(&mut self, dealer: u8) -> Result<(), SessionError> {
        let first_dealer = Seat::new(dealer)
            .filter(|d| d.index() < usize::from(self.n))
            .ok_or(SessionError::Dealer(dealer))?;
        let mut start = Start::fresh(&self.rules);
        for i in usize::from(self.n)..MAX_PLAYERS {
            start.scores[i] = 0;
        }
        self.first_dealer = first_dealer;
        self.start = start;
        self.scores = start.scores;
        self.drops = start.drops;
        self.deltas.clear();
        self.decks.clear();
        self.log.clear();
        self.deal = DealState::new(first_dealer, self.n, Deck::ORDERED, Stage::Idle);
        self.outcome = None;
        self.acting = None;
        Ok(())
    }

    /// Deals the next deal from `deck` (top first, §2.3).
    ///
    /// # Errors
    /// [`StartDealError`] when the session is over or a deal is under way.
    pub fn start_deal(&mut self, deck: Deck) -> Result<(), StartDealError> {
        if self.outcome.is_some() {
            return Err(StartDealError::SessionOver);
        }
        if self.deal_under_way() {
            return Err(StartDealError::DealUnderWay);
        }
        let dealer = self.dealer();
        self.decks.push(deck);
        self.deal.reset(dealer, self.n, deck, Stage::Trump);
        let maker = self.deal.maker;
        self.acting = Some(maker);
        Ok(())
    }

    /// The rules in force.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Players at the table.
    pub const fn players(&self) -> u8 {
        self.n
    }

    /// The dealer of the session's first deal.
    pub const fn first_dealer(&self) -> Seat {
        self.first_dealer
    }

    /// Scores and drops at the start of the session.
    pub const fn start(&self) -> &Start {
        &self.start
    }

    /// Completed deals.
    pub fn deals_completed(&self) -> usize {
        self.deltas.len()
    }

    /// The dealer of the current deal, or of the next one when none is under way.
    pub fn dealer(&self) -> Seat {
        // Deal k (0-based) is dealt by first_dealer + k (D-06); the current
        // deal's index and the next deal's are both the completed count.
        let k = self.deltas.len() % usize::from(self.n);
        self.first_dealer.plus(k as u8, self.n)
    }

    /// The trump maker of the current (or next) deal: the seat after the dealer.
    pub fn maker(&self) -> Seat {
        self.dealer().next(self.n)
    }

    /// Scores after the completed deals, seat 0 first.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..usize::from(self.n)]
    }

    /// Drops used so far this session (including drops in the current deal).
    pub fn drops(&self) -> &[u8] {
        &self.drops[..usize::from(self.n)]
    }

    /// Each completed deal's deltas, seat 0 first.
    pub fn deltas(&self) -> impl DoubleEndedIterator<Item = &[i32]> + ExactSizeIterator {
        self.deltas.iter().map(|d| &d[..usize::from(self.n)])
    }

    /// The decks of every deal dealt so far, in order.
    pub fn decks(&self) -> &[Deck] {
        &self.decks
    }

    /// Every accepted action in order, across the deals.
    pub fn log(&self) -> &[(Seat, Action)] {
        &self.log
    }

    /// The winner and settlement once the session is over.
    pub const fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether a deal is dealt and not yet over.
    pub fn deal_under_way(&self) -> bool {
        self.deal.stage.under_way()
    }

    /// Whether the next deal must be dealt before anyone can act.
    pub fn needs_deal(&self) -> bool {
        self.outcome.is_none() && !self.deal_under_way()
    }

    /// Where the session stands.
    pub fn phase(&self) -> Phase {
        if self.outcome.is_some() {
            return Phase::SessionOver;
        }
        match self.deal.stage {
            Stage::Idle | Stage::Over => Phase::AwaitingDeal,
            Stage::Trump => Phase::Trump,
            Stage::Exchange => Phase::Exchange,
            Stage::DropRound => Phase::DropRound,
            Stage::Play => Phase::Play,
        }
    }

    /// The seat to act, or `None` between deals and after the session.
    #[inline]
    pub fn to_act(&self) -> Option<Seat> {
        self.acting
    }

    /// Trump of the current (or last) deal, once named.
    pub fn trump(&self) -> Option<Suit> {
        self.deal.trump
    }

    /// The cards `seat` holds now (its first packet before trump is named).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.deal.hands[seat.index()]
    }

    /// Seats that dropped out of the current (or last) deal.
    pub fn dropped(&self) -> SeatSet {
        self.deal.dropped
    }

    /// Cards left in the stock of the current deal.
    pub fn stock_left(&self) -> u32 {
        32 - u32::from(self.deal.stock_next)
    }

    /// The trick being played (empty at the start of a trick).
    pub fn current_trick(&self) -> Option<&Trick> {
        (self.deal.stage == Stage::Play).then_some(&self.deal.trick)
    }

    /// The completed tricks of the current (or last) deal, in order.
    pub fn tricks(&self) -> impl Iterator<Item = CompletedTrick> + '_ {
        self.deal.tricks[..usize::from(self.deal.played)]
            .iter()
            .map(|t| CompletedTrick {
                trick: *t,
                winner: t.winner(),
            })
    }

    /// Tricks per seat in the current (or last) deal, seat 0 first.
    pub fn tricks_won(&self) -> &[u8] {
        &self.deal.won[..usize::from(self.n)]
    }

    /// Decisions made in the current (or last) deal, seat 0 first.
    pub fn decisions(&self) -> &[Option<Decision>] {
        &self.deal.decisions[..usize::from(self.n)]
    }

    /// Checks everything about `action` by `seat` except its content: the
    /// session and deal are running, it is this seat's turn, and the action
    /// is of the kind the phase expects.
    ///
    /// # Errors
    /// The [`RuleError`] that [`Session::apply`] would give for it.
    #[inline]
    pub fn precheck(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.acting != Some(seat) {
            return Err(self.turn_error(seat));
        }
        // Cards in trick play first: the common case.
        let stage = self.deal.stage;
        let fits = match action {
            Action::Card(_) => stage == Stage::Play,
            _ => {
                let row = usize::from(self.rules.drop_round());
                ACCEPTED[row][stage as usize] & (1 << action.kind()) != 0
            }
        };
        if !fits {
            return Err(self.kind_error(action));
        }
        Ok(())
    }

    /// Why `seat` may not act now at all.
    #[cold]
    fn turn_error(&self, seat: Seat) -> RuleError {
        if self.outcome.is_some() {
            return RuleError::SessionOver;
        }
        if !self.deal_under_way() {
            return RuleError::NoDeal;
        }
        if seat.index() >= usize::from(self.n) {
            return RuleError::NoSuchSeat(seat);
        }
        RuleError::NotYourTurn {
            expected: self.acting.expect("a deal under way has a seat to act"),
            actual: seat,
        }
    }

    /// Which rule an action of the wrong kind for the stage breaks.
    #[cold]
    fn kind_error(&self, action: &Action) -> RuleError {
        let drop_round = self.rules.drop_round();
        match (self.deal.stage, action) {
            (Stage::Trump, _) => RuleError::TrumpFirst,
            (_, Action::Trump(_)) => RuleError::TrumpNamed,
            (Stage::Exchange, Action::Drop) => RuleError::DropInExchangeRound,
            (Stage::Exchange, _) if drop_round => RuleError::ExpectedExchange(Expected::StaySwap),
            (Stage::Exchange, _) => RuleError::ExpectedExchange(Expected::StaySwapDrop),
            (Stage::DropRound, _) => RuleError::ExpectedDropDecision,
            (Stage::Play, _) => RuleError::ExpectedCard,
            (Stage::Idle | Stage::Over, _) => RuleError::NoDeal,
        }
    }

    /// Applies `action` by `seat`.
    ///
    /// # Errors
    /// A [`RuleError`] naming the rule (SPEC §9.4) the action breaks; the
    /// session is then unchanged.
    // Always inlined: a caller that passes a known kind of action (the
    // simulator's card loop) then skips the dispatch; the phases' own
    // functions stay out of line except the card path.
    #[inline(always)]
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        self.precheck(seat, &action)?;
        let step = match action {
            Action::Trump(suit) => self.name_trump(suit),
            Action::Stay => self.stay(seat),
            Action::Swap(cards) => self.swap(seat, cards)?,
            Action::Drop => self.drop_out(seat)?,
            Action::Play => self.play_on(seat),
            Action::Card(card) => self.play_card(seat, card)?,
        };
        self.log.push((seat, action));
        Ok(step)
    }

    /// The current deal, which [`Session::precheck`] found under way.
    pub(crate) fn deal_mut(&mut self) -> &mut DealState {
        &mut self.deal
    }

    /// The current deal, if any (also the last completed one).
    pub(crate) fn deal(&self) -> Option<&DealState> {
        (self.deal.stage != Stage::Idle).then_some(&self.deal)
    }
}
