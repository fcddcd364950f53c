//! A deal from the first bid to the settlement: the checked entry point
//! [`Game::apply`], the legal actions of the seat to act, and the facts for scoring.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::bidding::{Bid, Bidding, Contract};
use crate::card::{Card, CardSet};
use crate::deal::{Deal, DealError};
use crate::error::RuleError;
use crate::rules::{Item, ValidRules};
use crate::score::{Announced, Facts, PagatOutcome, Settlement, TRICKS, settle};
use crate::seat::{Party, Seat};
use crate::trick::{CompletedTrick, Trick, illegal_reason, legal_cards};

/// Something a seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// One announcement of a bidding turn; the turn goes on.
    Bid(Bid),
    /// Ends the bidding turn. A turn without bids is a pass ("Weiter").
    Weiter,
    /// Plays a card.
    Play(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(bid) => bid.fmt(f),
            Action::Weiter => f.write_str("weiter"),
            Action::Play(card) => card.fmt(f),
        }
    }
}

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The Lizitation is going on.
    Bidding,
    /// Tricks are being played.
    Play,
    /// All ten tricks are played; the deal can be settled.
    Finished,
}

/// What an accepted action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A bid was recorded; the same seat may go on or say Weiter.
    Bid,
    /// The turn passed to the next seat.
    TurnEnded,
    /// Three passes ended the bidding; the Vorhand leads the first trick.
    BiddingEnded,
    /// A card was played; the trick goes on.
    CardPlayed,
    /// A trick was completed and taken by this seat.
    TrickTaken(Seat),
    /// The tenth trick was taken by this seat; the deal is over.
    Finished(Seat),
}

/// The legal actions of the seat to act, without heap allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalActions {
    /// The seat to act.
    pub seat: Option<Seat>,
    /// Bit `i` set: [`Bid::ALL`]`[i]` is legal.
    bids: u16,
    /// Whether the seat may end its turn (say Weiter).
    pub weiter: bool,
    /// Cards the seat may play.
    pub cards: CardSet,
}

impl LegalActions {
    const NONE: LegalActions = LegalActions {
        seat: None,
        bids: 0,
        weiter: false,
        cards: CardSet::EMPTY,
    };

    /// The legal bids, in [`Bid::ALL`] order.
    pub fn bids(&self) -> impl Iterator<Item = Bid> + '_ {
        let mask = self.bids;
        Bid::ALL
            .into_iter()
            .enumerate()
            .filter(move |(i, _)| mask & 1 << i != 0)
            .map(|(_, bid)| bid)
    }

    /// Number of legal bids.
    pub const fn bid_count(&self) -> u32 {
        self.bids.count_ones()
    }

    /// All legal actions: bids, then Weiter, then cards.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        self.bids()
            .map(Action::Bid)
            .chain(self.weiter.then_some(Action::Weiter))
            .chain(self.cards.iter().map(Action::Play))
    }

    /// Number of legal actions.
    pub fn len(&self) -> usize {
        self.bid_count() as usize + usize::from(self.weiter) + self.cards.len() as usize
    }

    /// Whether there is none (only when the deal is over).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `action` is legal.
    pub fn contains(&self, action: Action) -> bool {
        match action {
            Action::Bid(bid) => self.bids().any(|b| b == bid),
            Action::Weiter => self.weiter,
            Action::Play(card) => self.cards.contains(card),
        }
    }

    /// The `n`-th legal action in [`LegalActions::iter`] order.
    pub fn nth(&self, n: usize) -> Option<Action> {
        self.iter().nth(n)
    }
}

/// The state of trick play, kept inline so that a deal needs no heap for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Play {
    contract: Contract,
    current: Trick,
    /// The completed tricks: the first `done`; the others stay [`Play::UNPLAYED`].
    tricks: [CompletedTrick; TRICKS as usize],
    done: u8,
    /// Card points and tricks taken by [declarer party, opponents].
    taken: ([u32; 2], [u8; 2]),
    /// The seat that announced Pagat Ultimo while it is in force (SPEC §4.3).
    pagat_bound: Option<Seat>,
    /// The cards the seat to act may play, worked out once after each card
    /// (empty when the deal is over).
    legal: CardSet,
}

impl Play {
    /// A trick slot not played yet.
    const UNPLAYED: CompletedTrick = CompletedTrick {
        trick: Trick::new(Seat::S0),
        winner: Seat::S0,
        winning_card: Card::PAGAT,
    };

    fn new(
        contract: Contract,
        leader: Seat,
        pagat_bound: Option<Seat>,
        hands: &[CardSet; 4],
    ) -> Play {
        let mut play = Play {
            contract,
            current: Trick::new(leader),
            tricks: [Play::UNPLAYED; TRICKS as usize],
            done: 0,
            taken: ([0, 0], [0, 0]),
            pagat_bound,
            legal: CardSet::EMPTY,
        };
        play.next_turn(hands);
        play
    }

    /// The seat to act now (`None` after the tenth trick), with
    /// [`Play::legal`] worked out for it.
    fn next_turn(&mut self, hands: &[CardSet; 4]) -> Option<Seat> {
        if self.is_over() {
            self.legal = CardSet::EMPTY;
            return None;
        }
        let seat = self.current.to_play();
        let bound = self.pagat_bound == Some(seat);
        self.legal = legal_cards(
            hands[seat.index()],
            &self.current,
            self.contract.kind,
            bound,
        );
        Some(seat)
    }

    /// The completed tricks in order.
    fn tricks(&self) -> &[CompletedTrick] {
        &self.tricks[..usize::from(self.done)]
    }

    /// Whether all ten tricks are played.
    const fn is_over(&self) -> bool {
        self.done == TRICKS
    }

    /// Records the complete current trick, won by `winner` with `winning_card`.
    fn take(&mut self, winner: Seat, winning_card: Card) {
        let side = usize::from(self.contract.party(winner) == Party::Opponents);
        self.taken.0[side] += self.current.points();
        self.taken.1[side] += 1;
        self.tricks[usize::from(self.done)] = CompletedTrick {
            trick: self.current,
            winner,
            winning_card,
        };
        self.done += 1;
        self.current = Trick::new(winner);
    }
}

/// One deal of Zwanzigerrufen. Built from a valid [`Deal`]; changed only
/// through [`Game::apply`] (or [`Game::play_card`]), which leaves it untouched
/// when it returns an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    rules: ValidRules,
    deal: Deal,
    forehand: Seat,
    hands: [CardSet; 4],
    bidding: Bidding,
    play: Option<Play>,
    /// The seat to act (`None` once the deal is over), kept up to date by
    /// every accepted action because every action asks for it.
    to_act: Option<Seat>,
    /// The bids and Weiters in order; the cards played are in `play`.
    bidding_log: Vec<(Seat, Action)>,
}

/// Room in a new game's bidding log: random play (and any real table) stays
/// well below it, so the log is one allocation per deal.
const BIDDING_LOG_CAPACITY: usize = 64;

/// Why a deal cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    /// The hands are not a partition of the deck into four hands of ten.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// This seat's hand forces a redeal under the rules.
    #[error("the hand of seat {0} forces a redeal")]
    Redeal(Seat),
}

impl Game {
    /// Starts the bidding on `deal` with `forehand` as the Vorhand. The rules
    /// were range-checked when they were made, so this costs no check of them.
    ///
    /// # Errors
    /// [`NewGameError::Redeal`] when some hand forces a redeal (the lowest such seat).
    pub fn new(rules: ValidRules, deal: Deal, forehand: Seat) -> Result<Game, NewGameError> {
        if let Some(seat) = deal.redeal_seat(&rules) {
            return Err(NewGameError::Redeal(seat));
        }
        Ok(Game {
            rules,
            deal,
            forehand,
            hands: deal.hands(),
            bidding: Bidding::new(forehand),
            play: None,
            to_act: Some(forehand),
            bidding_log: Vec::with_capacity(BIDDING_LOG_CAPACITY),
        })
    }

    /// The rules in force.
    pub const fn rules(&self) -> &ValidRules {
        &self.rules
    }

    /// The dealt hands.
    pub const fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The Vorhand, who opens the bidding and leads the first trick.
    pub const fn forehand(&self) -> Seat {
        self.forehand
    }

    /// The cards `seat` holds now.
    pub const fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// Every accepted action in order: the bids and Weiters, then the cards.
    pub fn log(&self) -> impl Iterator<Item = (Seat, Action)> + '_ {
        // The cards are not logged twice: the tricks hold them in order.
        let tricks = self.tricks().iter().map(|t| &t.trick);
        let cards = tricks
            .chain(self.current_trick())
            .flat_map(Trick::plays)
            .map(|(seat, card)| (seat, Action::Play(card)));
        self.bidding_log.iter().copied().chain(cards)
    }

    /// The bidding state (also after it ended).
    pub const fn bidding(&self) -> &Bidding {
        &self.bidding
    }

    /// The game in force: during the bidding the current one, after it the final one.
    pub fn contract(&self) -> Option<&Contract> {
        self.bidding.contract()
    }

    /// Where the deal stands.
    pub fn phase(&self) -> Phase {
        match &self.play {
            None => Phase::Bidding,
            Some(p) if p.is_over() => Phase::Finished,
            Some(_) => Phase::Play,
        }
    }

    /// The seat to act, or `None` when the deal is over.
    pub const fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    /// The trick being played (empty when a new one is to be led).
    pub fn current_trick(&self) -> Option<&Trick> {
        self.play.as_ref().map(|p| &p.current)
    }

    /// The completed tricks in order.
    pub fn tricks(&self) -> &[CompletedTrick] {
        self.play.as_ref().map_or(&[], Play::tricks)
    }

    /// The seat bound to keep the Pagat for the last trick, if any.
    pub fn pagat_bound(&self) -> Option<Seat> {
        self.play.as_ref().and_then(|p| p.pagat_bound)
    }

    /// The legal actions of the seat to act.
    pub fn legal_actions(&self) -> LegalActions {
        let Some(seat) = self.to_act() else {
            return LegalActions::NONE;
        };
        let mut legal = LegalActions {
            seat: Some(seat),
            ..LegalActions::NONE
        };
        match &self.play {
            None => {
                let hand = self.hand(seat);
                for (i, bid) in Bid::ALL.into_iter().enumerate() {
                    if self.bidding.check(seat, bid, hand, &self.rules).is_ok() {
                        legal.bids |= 1 << i;
                    }
                }
                legal.weiter = self.bidding.check_weiter(seat, hand, &self.rules).is_ok();
            }
            Some(play) => legal.cards = play.legal,
        }
        legal
    }

    /// Whether the seat to act may say Weiter (end its bidding turn) now.
    pub fn legal_actions_weiter(&self) -> bool {
        match (&self.play, self.to_act()) {
            (None, Some(seat)) => self
                .bidding
                .check_weiter(seat, self.hand(seat), &self.rules)
                .is_ok(),
            _ => false,
        }
    }

    /// The cards the seat to act may play (empty outside trick play).
    pub fn legal_cards(&self) -> CardSet {
        self.play.as_ref().map_or(CardSet::EMPTY, |p| p.legal)
    }

    /// Applies `action` by `seat`.
    ///
    /// # Errors
    /// A [`RuleError`] naming the rule the action breaks; the game is then unchanged.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Step, RuleError> {
        if let Action::Play(card) = action {
            return self.play_card(seat, card);
        }
        self.check_turn(seat)?;
        let step = match action {
            Action::Bid(bid) => self.bid(seat, bid)?,
            _ => self.weiter(seat)?,
        };
        self.bidding_log.push((seat, action));
        Ok(step)
    }

    /// Plays `card` for `seat`: [`Game::apply`] of [`Action::Play`], for
    /// callers that know the action is a card (trick play, 40 times a deal).
    ///
    /// # Errors
    /// A [`RuleError`] naming the rule the card breaks; the game is then unchanged.
    pub fn play_card(&mut self, seat: Seat, card: Card) -> Result<Step, RuleError> {
        self.check_turn(seat)?;
        self.put_card(seat, card)
    }

    /// Whether `seat` is the seat to act.
    fn check_turn(&self, seat: Seat) -> Result<(), RuleError> {
        match self.to_act() {
            Some(expected) if expected == seat => Ok(()),
            to_act => Err(turn_error(to_act, seat)),
        }
    }

    /// Applies a whole bidding turn (its bids, then Weiter) atomically: if any
    /// part is rejected, nothing of the turn is applied.
    ///
    /// # Errors
    /// The first [`RuleError`] of the turn, with its position in `bids`
    /// (`bids.len()` when the closing Weiter is rejected).
    pub fn apply_turn(&mut self, seat: Seat, bids: &[Bid]) -> Result<Step, (usize, RuleError)> {
        let mut next = self.clone();
        for (i, bid) in bids.iter().enumerate() {
            next.apply(seat, Action::Bid(*bid)).map_err(|e| (i, e))?;
        }
        let step = next
            .apply(seat, Action::Weiter)
            .map_err(|e| (bids.len(), e))?;
        *self = next;
        Ok(step)
    }

    fn bid(&mut self, seat: Seat, bid: Bid) -> Result<Step, RuleError> {
        if self.play.is_some() {
            return Err(RuleError::BiddingOver);
        }
        self.bidding
            .check(seat, bid, self.hand(seat), &self.rules)?;
        self.bidding
            .apply(seat, bid, &self.deal.hands(), &self.rules);
        Ok(Step::Bid)
    }

    fn weiter(&mut self, seat: Seat) -> Result<Step, RuleError> {
        if self.play.is_some() {
            return Err(RuleError::BiddingOver);
        }
        self.bidding
            .check_weiter(seat, self.hand(seat), &self.rules)?;
        self.bidding.end_turn(seat);
        if !self.bidding.is_over() {
            self.to_act = Some(self.bidding.turn());
            return Ok(Step::TurnEnded);
        }
        let contract = *self.bidding.contract().expect("a game was opened");
        let pagat = self.bidding.item(Item::Pagat).filter(|p| p.in_force());
        let pagat_bound = pagat.map(|p| p.announcer);
        self.play = Some(Play::new(contract, self.forehand, pagat_bound, &self.hands));
        self.to_act = Some(self.forehand);
        Ok(Step::BiddingEnded)
    }

    /// Puts `card` of `seat`, whose turn it is, on the trick if it is legal.
    fn put_card(&mut self, seat: Seat, card: Card) -> Result<Step, RuleError> {
        let Some(play) = &mut self.play else {
            return Err(RuleError::StillBidding);
        };
        if !play.legal.contains(card) {
            let bound = play.pagat_bound == Some(seat);
            return Err(illegal_reason(
                self.hands[seat.index()],
                card,
                &play.current,
                bound,
            ));
        }
        self.hands[seat.index()].remove(card);
        if play.contract.called == Some(card) {
            self.bidding.reveal(seat);
        }
        play.current.push(card);
        let step = if play.current.is_complete() {
            let (winner, winning_card) = play.current.winner(play.contract.kind, &self.rules);
            play.take(winner, winning_card);
            if play.is_over() {
                Step::Finished(winner)
            } else {
                Step::TrickTaken(winner)
            }
        } else {
            Step::CardPlayed
        };
        self.to_act = play.next_turn(&self.hands);
        Ok(step)
    }

    /// Card points and tricks taken so far by [declarer party, opponents]
    /// (zeros while bidding).
    pub fn score_so_far(&self) -> ([u32; 2], [u8; 2]) {
        self.play.as_ref().map_or(([0, 0], [0, 0]), |p| p.taken)
    }

    /// The facts of the finished deal, or `None` before the last trick.
    pub fn facts(&self) -> Option<Facts> {
        if self.phase() != Phase::Finished {
            return None;
        }
        let play = self.play.as_ref()?;
        let c = &play.contract;
        let parties = Seat::ALL.map(|s| c.party(s));
        let ([declarer_points, _], [declarer_tricks, _]) = self.score_so_far();
        let announced = |item| {
            self.bidding
                .item(item)
                .filter(|s| s.in_force())
                .map(|s| Announced {
                    owner: s.owner,
                    level: s.level,
                })
        };
        let holder_party = |set: CardSet| {
            Seat::ALL
                .into_iter()
                .find(|s| self.deal.hand(*s).contains_all(set))
                .map(|s| c.party(s))
        };
        let honneur = Seat::ALL
            .into_iter()
            .find(|s| self.deal.hand(*s).intersect(CardSet::FIVE_POINTERS).len() >= 4)
            .map(|s| c.party(s));
        Some(Facts {
            kind: c.kind,
            parties,
            declarer_points,
            declarer_tricks,
            game: announced(Item::Game)?,
            absolut: announced(Item::Absolut),
            pagat: announced(Item::Pagat),
            valat: announced(Item::Valat),
            pagat_fate: (
                c.party(self.deal.holder(Card::PAGAT)),
                pagat_outcome(play.tricks()),
            ),
            trull: holder_party(CardSet::TRULL),
            four_kings: holder_party(CardSet::KINGS),
            honneur,
            mond_caught: mond_caught(play.tricks()).map(|s| c.party(s)),
        })
    }

    /// The settlement of the finished deal at session factor 1.
    pub fn settlement(&self) -> Option<Settlement> {
        self.settlement_with_factor(1)
    }

    /// The settlement with a session factor (2 during a double round).
    pub fn settlement_with_factor(&self, factor: u32) -> Option<Settlement> {
        self.facts().map(|f| settle(&f, &self.rules, factor))
    }
}

/// Why `seat` may not act when `to_act` is the seat to act (kept out of the
/// way of the accepted actions).
#[cold]
fn turn_error(to_act: Option<Seat>, seat: Seat) -> RuleError {
    match to_act {
        None => RuleError::DealOver,
        Some(expected) => RuleError::NotYourTurn {
            expected,
            actual: seat,
        },
    }
}

/// What became of the Pagat, from the tricks.
fn pagat_outcome(tricks: &[CompletedTrick]) -> PagatOutcome {
    match tricks.last() {
        Some(last) if last.winning_card == Card::PAGAT => PagatOutcome::WonLastTrick,
        Some(last) if last.trick.card_set().contains(Card::PAGAT) => PagatOutcome::LostInLastTrick,
        _ => PagatOutcome::PlayedEarlier,
    }
}

/// The seat whose Mond was won by the Sküs (SPEC D-21), if that happened.
fn mond_caught(tricks: &[CompletedTrick]) -> Option<Seat> {
    tricks
        .iter()
        .find(|t| t.winning_card == Card::SKUS)
        .and_then(|t| t.trick.player_of(Card::MOND))
}
