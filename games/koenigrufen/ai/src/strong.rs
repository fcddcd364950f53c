//! The strong player: auction words by looking ahead ([`crate::lookahead`];
//! [`Strong::with_threshold_bidding`] keeps the medium player's, and
//! [`Strong::with_reach`] looks ahead for the King call, talon and discard
//! too), the medium player's King call, talon, discard and announcements,
//! and in trick play
//! determinized sampling with exact search.
//!
//! For each card decision it deals the cards it has not located many times,
//! consistently with its [`Knowledge`] ([`super::sample`]). For each sample
//! and each distinct legal card it asks the [`Solver`] where the deal ends
//! as far as the settlement cares:
//!
//! - positive games (tarock and colour modes): whether party D reaches 107
//!   thirds (its tricks, its discards, the cards it still wins), and — when
//!   announced, or silently once one side has taken every trick so far —
//!   whether a side takes every trick (Valat);
//! - negative games: whether each declarer (several in a "bei" game, each
//!   against the three others) ends with exactly his tricks;
//! - Trischaken (everyone for himself): how many thirds this seat takes when
//!   it plays to take few and the three others play to load it (the
//!   paranoid view of a game of four parties), by bisection.
//!
//! Before any of this, the legal cards are cut to those that are none of
//! the blunders of [`crate::blunder`] ([`safe_cards`]): those are sure to
//! be worse by the rules alone (an announced bird played before its trick,
//! the Pagat thrown into a trick the other party is sure to win, a King
//! schmiert to it), while the search, which prices only the settlement on
//! sampled deals, may rate them equal or better.
//!
//! Each outcome is priced with the engine's own [`settle`] (money, Kontra
//! included) for this seat (Trischaken: minus its thirds); the card with
//! the best sum over the samples is played. Cards equal on that measure
//! (often all of them once the game is decided) go to the medium player's
//! choice; an announced premium the search left open counts as made or
//! not, equally likely.
//!
//! Each candidate card gets a window of nodes, its share of the budget of
//! the first four samples: a sample whose game search needs more for some
//! card (a deal too close to call) is skipped for all cards alike, so the
//! cards are compared on the same deals and a few hard deals cannot eat the
//! budget of the decision. A decision with fewer than four finished samples
//! is not settled ([`Strong::last_fell_back`]): it plays the best card of
//! the samples it has, or the medium player's card without any.
//! The solver's transposition table lives as long as the player (its keys
//! hold the whole position, cards by rank), so later decisions of a deal
//! reuse what the earlier ones learnt.
//!
//! The work per decision is bounded by a node budget, so the choice depends
//! only on the position, the random number generator and the player's
//! earlier decisions (its table); an optional time cap is a safety net for
//! a service.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use tarock_koenigrufen::card::WIN_THIRDS;
use tarock_koenigrufen::rules::BirdReservation;
use tarock_koenigrufen::score::{Announced, Facts, NegativeFacts, PositiveFacts};
use tarock_koenigrufen::{
    Action, Bidder, Card, CardSet, Contract, Family, Item, Mode, Party, Phase, Premium, Rules,
    Seat, SeatView, settle,
};

use super::Player;
use super::blunder::safe_cards;
use super::infer::Inference;
use super::knowledge::{HIDDEN_D, HIDDEN_O, Knowledge, SLOTS};
use super::lookahead::{BidConfig, BidDecision, Reach, lookahead_action};
use super::medium::medium_action;
use super::play::medium_card;
use super::sample::deal_unseen;
use super::search::{Goal, Position, Solver, TRICKS, distinct, representative};
use tarock_koenigrufen::Koenigrufen;
use tarock_player::DecisionStats;

/// How much the strong player may think per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrongConfig {
    /// Most samples (determinized deals) per decision.
    pub samples: u32,
    /// Search nodes per decision; sampling stops once they are spent.
    pub node_budget: u64,
    /// Optional wall-clock cap per decision. Off by default, because with it
    /// the choice can depend on the machine's load.
    pub time_cap: Option<Duration>,
    /// Weigh the samples of the card play by what the auction, the
    /// announcements and the tricks say about the other hands
    /// ([`crate::infer`]): each sample is kept from
    /// [`crate::infer::CANDIDATES`] deals by weight. Off by default.
    pub inference: bool,
}

impl Default for StrongConfig {
    /// 40 samples within 2 500 000 nodes: on the decision bench's 313
    /// positions of the first six tricks that settles all but 5.4 % of the
    /// decisions with a CPU p99 of 199 ms, under the 250 ms target (1 000 000
    /// left 12.1 % to medium; 3 000 000 went over the target at 297 ms).
    fn default() -> StrongConfig {
        StrongConfig {
            samples: 40,
            node_budget: 2_500_000,
            time_cap: None,
            inference: false,
        }
    }
}

/// Samples a decision needs to count as settled by the search (fewer: the
/// best card of the finished samples is played, and the decision counts as
/// a fallback).
const MIN_SAMPLES: u32 = 4;

/// The share of the node budget spent on whole samples before the search
/// turns to windows per candidate (the budget of the search before windows).
const WHOLE_SHARE: (u64, u64) = (2, 5);

/// The least nodes a query may use before it is left open.
const MIN_QUERY_CAP: u64 = 5_000;

/// Completed tricks from which a silent Valat is searched for.
const VALAT_FROM_TRICK: u8 = 2;

/// The strong player.
pub struct Strong {
    config: StrongConfig,
    solver: Solver,
    last: (u32, u64),
    fell_back: bool,
    thin: bool,
    stats: DecisionStats,
    /// The decisions before trick play looked ahead ([`crate::lookahead`]);
    /// the others are medium's.
    reach: Reach,
    /// The lookahead's budget per decision.
    bid: BidConfig,
    last_bid: Option<BidDecision>,
}

impl std::fmt::Debug for Strong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strong")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Default for Strong {
    fn default() -> Strong {
        Strong::new()
    }
}

impl Strong {
    /// A strong player with the default budget.
    pub fn new() -> Strong {
        Strong::with_config(StrongConfig::default())
    }

    /// A strong player with its own budget.
    pub fn with_config(config: StrongConfig) -> Strong {
        Strong {
            config,
            solver: Solver::new(),
            last: (0, 0),
            fell_back: false,
            thin: false,
            stats: DecisionStats::default(),
            reach: Reach::Auction,
            bid: BidConfig::default(),
            last_bid: None,
        }
    }

    /// The same player bidding, calling, taking the talon and discarding
    /// with the medium player's hand evaluation (`strong-thresholds`), for
    /// the bidding arena.
    pub fn with_threshold_bidding(self) -> Strong {
        self.with_reach(Reach::Nothing)
    }

    /// The same player looking ahead only as far as `reach` (the default
    /// is [`Reach::Auction`]: looking ahead for the King call, talon and
    /// discard too was measured no better, docs/COMPUTERS.md).
    pub fn with_reach(mut self, reach: Reach) -> Strong {
        self.reach = reach;
        self
    }

    /// The same player with its own budget per auction decision.
    pub fn with_bid_config(mut self, bid: BidConfig) -> Strong {
        self.bid = bid;
        self
    }

    /// How far before trick play this player looks ahead.
    pub const fn reach(&self) -> Reach {
        self.reach
    }

    /// What the last decision by lookahead found (`None` before one, and
    /// always for `strong-thresholds`).
    pub const fn last_bid(&self) -> Option<BidDecision> {
        self.last_bid
    }

    /// Samples and search nodes of the last card decision.
    pub const fn last_decision(&self) -> (u32, u64) {
        self.last
    }

    /// Queries of the last card decision, and how many the search left open
    /// (they hit their share of the budget).
    pub const fn last_queries(&self) -> (u32, u32) {
        self.solver.queries()
    }

    /// Whether the last card decision fell back to the medium player's card
    /// because the search gave no card (a view it does not search, or no
    /// sample within the budget). A decision with one distinct card is not
    /// a fallback.
    pub const fn last_fell_back(&self) -> bool {
        self.fell_back
    }

    /// Whether the last card decision was thin: the search's best card on
    /// fewer than its minimum of samples.
    pub const fn last_thin(&self) -> bool {
        self.thin
    }

    /// The budget in force.
    pub const fn config(&self) -> StrongConfig {
        self.config
    }

    /// The card to play, with the number of samples it was based on (0: the
    /// medium player's card; fewer than `MIN_SAMPLES` (4): a thin decision).
    pub fn choose_card(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> (Card, u32) {
        // Only the cards the blunder list allows compete (`safe_cards`);
        // the medium player's card among them stands in.
        let allowed = safe_cards(view);
        let fallback = medium_among(view, allowed);
        self.last = (0, 0);
        self.fell_back = false;
        self.thin = false;
        match self.search_card(view, allowed, rng, fallback) {
            Searched::Forced => (fallback, 0),
            Searched::Card(card, samples) => (card, samples),
            // The one place a decision is not settled by the search: it
            // plays the best card of the samples it finished (the medium
            // player's card among equals: a thin decision), or without any
            // sample the medium player's card (a fallback).
            Searched::Unsettled(Some(best)) => {
                self.thin = true;
                self.stats.thin += 1;
                (best, self.last.0)
            }
            Searched::Unsettled(None) => {
                self.fell_back = true;
                self.stats.fallbacks += 1;
                (fallback, 0)
            }
        }
    }

    /// The search's card among `legal` (the legal cards the blunder list
    /// allows), if it settled the decision.
    fn search_card(
        &mut self,
        view: &SeatView,
        legal: CardSet,
        rng: &mut dyn RngCore,
        fallback: Card,
    ) -> Searched {
        if legal.len() == 1 {
            return Searched::Forced;
        }
        self.stats.decisions += 1;
        let Some(ctx) = Context::new(view) else {
            return Searched::Unsettled(None);
        };
        let k = Knowledge::from_view(view);
        let inference = self.config.inference.then(|| Inference::of(view));
        let alive = k
            .pool
            .union(view.hand)
            .union(view.public.trick.map_or(CardSet::EMPTY, |t| t.card_set()));
        let candidates = distinct(legal, alive, ctx.special());
        if candidates.len() == 1 {
            return Searched::Forced;
        }
        let start = Instant::now();
        let budget = self.config.node_budget;
        self.solver.reset(budget + budget / 2);
        // First whole samples, as many as the first WHOLE_SHARE of the
        // budget solves (a sample may run to half as much again). When that
        // leaves fewer than MIN_SAMPLES, each candidate's queries get a
        // window, their share of the budget of MIN_SAMPLES samples, and a
        // sample whose game search needs more (a deal too close to call) is
        // skipped for every card alike, so all cards are judged on the same
        // deals and a few hard deals cannot eat the budget of the decision.
        let whole_budget = budget * WHOLE_SHARE.0 / WHOLE_SHARE.1;
        let whole_limit = whole_budget + whole_budget / 2;
        let window = (budget / u64::from(MIN_SAMPLES * candidates.len())).max(MIN_QUERY_CAP);
        let mut windowed = false;
        let mut totals = [(0i64, 0u32); 54];
        let mut samples = 0;
        let mut prices = PriceCache::default();
        while samples < self.config.samples {
            let spent = self.solver.nodes();
            if !windowed && spent >= whole_budget {
                if samples >= MIN_SAMPLES {
                    break;
                }
                windowed = true;
            }
            if spent >= budget
                || self
                    .config
                    .time_cap
                    .is_some_and(|cap| start.elapsed() > cap)
            {
                break;
            }
            let cap = if windowed {
                window
            } else {
                whole_limit.saturating_sub(spent)
            };
            self.solver.set_query_cap(cap);
            let slots = match &inference {
                Some(inf) => inf.sample(&k, view.hand, rng),
                None => deal_unseen(&k, view.hand, rng),
            };
            let Some(values) = self.evaluate(&ctx, &k, &slots, candidates, &mut prices) else {
                break;
            };
            let Some(values) = values else {
                if !windowed {
                    if samples >= MIN_SAMPLES {
                        break;
                    }
                    windowed = true;
                }
                continue;
            };
            for (card, v) in candidates.iter().zip(values) {
                let t = &mut totals[usize::from(card.index())];
                *t = (t.0 + v, t.1 + 1);
            }
            samples += 1;
        }
        self.last = (samples, self.solver.nodes());
        if samples == 0 {
            return Searched::Unsettled(None);
        }
        // A card's mean over the samples (each solved every card).
        let value = |card: Card| {
            let (sum, n) =
                totals[usize::from(representative(card, legal, alive, ctx.special()).index())];
            (n > 0).then(|| sum as f64 / f64::from(n))
        };
        let Some(best) = candidates
            .iter()
            .filter_map(value)
            .max_by(|a, b| a.total_cmp(b))
        else {
            return Searched::Unsettled(None);
        };
        let card = if value(fallback) == Some(best) {
            fallback
        } else {
            candidates
                .iter()
                .find(|c| value(*c) == Some(best))
                .expect("a best card")
        };
        if samples < MIN_SAMPLES {
            return Searched::Unsettled(Some(card));
        }
        Searched::Card(card, samples)
    }

    /// This seat's price for each candidate in one sample: `Some(None)`
    /// when the search of a candidate's game was left open at its window
    /// (the sample is skipped: too close to call within the budget), `None`
    /// when the decision's node limit cut the sample short.
    fn evaluate(
        &mut self,
        ctx: &Context,
        k: &Knowledge,
        slots: &[CardSet; SLOTS],
        candidates: CardSet,
        prices: &mut PriceCache,
    ) -> Option<Option<Vec<i64>>> {
        let hands = [slots[0], slots[1], slots[2], slots[3]];
        let side = ctx.side(&hands);
        self.solver.set_deal(
            ctx.mode,
            ctx.maerchenstich,
            (ctx.reserved, ctx.reservation),
            side,
        );
        let pos = Position {
            hands,
            trick: ctx.trick,
        };
        let mut out = Vec::with_capacity(candidates.len() as usize);
        for card in candidates {
            self.solver.open_window();
            let mut after = pos;
            let (done, _) = self.solver.play(&mut after, card);
            let price = match &ctx.game {
                Game::Negative(declarers) => {
                    // Each declarer (several with "bei") against his exact tricks.
                    let (mut made, mut unknown) = (0u8, 0u8);
                    for (i, (declarer, target)) in declarers.iter().enumerate() {
                        self.solver.set_deal(
                            ctx.mode,
                            ctx.maerchenstich,
                            (ctx.reserved, ctx.reservation),
                            1 << declarer.index(),
                        );
                        let took = done.is_some_and(|(w, _)| w == *declarer);
                        let taken = ctx.won[declarer.index()] + u8::from(took);
                        let r = self.solver.exact(&mut after, taken, *target);
                        if self.solver.aborted() {
                            unknown |= 1 << i;
                        } else if r {
                            made |= 1 << i;
                        }
                    }
                    (unknown == 0).then(|| {
                        SCALE * prices.get(0, (false, None, made), || ctx.price_negative(made))
                    })
                }
                Game::Trischaken => {
                    let took = done.filter(|(w, _)| *w == ctx.me).map(|(_, c)| c);
                    let mine = i64::from(ctx.my_thirds + took.map_or(0, CardSet::thirds));
                    let (lo, hi) = self.paranoid_thirds(ctx, &mut after);
                    (lo == hi).then(|| -SCALE * (mine + i64::from(lo)))
                }
                Game::Positive => {
                    let (game, valat) =
                        self.positive_outcome(ctx, k, slots, side, &mut after, done);
                    let (premiums, unknown) =
                        self.premium_outcomes(ctx, side, &mut after, card, done);
                    let in_talon = ctx.called.is_some_and(|c| slots[HIDDEN_O].contains(c));
                    // A game left open: the sample says nothing about this
                    // card; a premium left open: made or not, equally likely.
                    game.map(|game| {
                        mean_over(unknown, |u| {
                            let outcome = (game, valat, premiums | u);
                            prices.get(side, outcome, || {
                                ctx.price_positive(side, in_talon, outcome)
                            })
                        })
                    })
                }
            };
            if self.solver.exhausted() {
                return None;
            }
            let Some(price) = price else {
                return Some(None);
            };
            out.push(price);
        }
        Some(Some(out))
    }

    /// Which announced birds (and König Ultimo) still in play their owners
    /// bring home, and which the search left open, as bit masks over
    /// [`Context::premiums`].
    fn premium_outcomes(
        &mut self,
        ctx: &Context,
        side: u8,
        after: &mut Position,
        card: Card,
        done: Option<(Seat, CardSet)>,
    ) -> (u8, u8) {
        let (mut made, mut unknown) = (0, 0);
        for (i, live) in ctx.premiums.iter().enumerate() {
            if let Some((winner, cards)) = done.filter(|(_, cards)| cards.contains(live.card)) {
                // The candidate completed the trick with the premium's card in it.
                let mut trick = ctx.trick;
                trick.push(card);
                let number = ctx.tricks.len() as u8 + 1;
                let won = if live.card.is_tarock() {
                    trick.winning_card(ctx.mode, ctx.maerchenstich) == Some(live.card)
                } else {
                    let owners = live.owner == Party::Declarer;
                    (side & 1 << winner.index() != 0) == owners
                };
                if number == live.target && won && cards.contains(live.card) {
                    made |= 1 << i;
                }
                continue;
            }
            if !after.alive().contains(live.card) {
                continue;
            }
            let owners = if live.owner == Party::Declarer {
                side
            } else {
                !side & 0b1111
            };
            self.solver.set_deal(
                ctx.mode,
                ctx.maerchenstich,
                (ctx.reserved, ctx.reservation),
                owners,
            );
            let r = self.solver.premium(after, live.card, live.target);
            if self.solver.aborted() {
                unknown |= 1 << i;
            } else if r {
                made |= 1 << i;
            }
        }
        self.solver.set_deal(
            ctx.mode,
            ctx.maerchenstich,
            (ctx.reserved, ctx.reservation),
            side,
        );
        (made, unknown)
    }

    /// The thirds this seat still takes from `after` on when it plays to
    /// take few and the three others play to load it (Trischaken's paranoid
    /// view), by bisection over zero-window tests: the range it lies in
    /// (one value unless a query was left open).
    fn paranoid_thirds(&mut self, ctx: &Context, after: &mut Position) -> (u16, u16) {
        let me = 1u8 << ctx.me.index();
        self.solver.set_deal(
            ctx.mode,
            ctx.maerchenstich,
            (ctx.reserved, ctx.reservation),
            0b1111 & !me,
        );
        self.solver.set_gainers(me);
        // The answer lies in lo..=hi; at_least(lo) holds.
        let (mut lo, mut hi) = (0, i32::from(after.alive().thirds()));
        while lo < hi {
            let mid = (lo + hi + 1) / 2;
            let r = self.solver.at_least(after, mid, Goal::Thirds);
            if self.solver.aborted() {
                break;
            }
            if r {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        (lo as u16, hi as u16)
    }

    /// Whether party D makes its game (`None`: the search left it open), and
    /// who takes every trick, after a candidate card was played into `after`.
    fn positive_outcome(
        &mut self,
        ctx: &Context,
        k: &Knowledge,
        slots: &[CardSet; SLOTS],
        side: u8,
        after: &mut Position,
        done: Option<(Seat, CardSet)>,
    ) -> (Option<bool>, Option<Party>) {
        let on_side = |s: Seat| side & 1 << s.index() != 0;
        let mut thirds = k.known_d.thirds() + slots[HIDDEN_D].thirds();
        let mut d_tricks = 0u8;
        for (winner, cards) in ctx.tricks.iter().copied().chain(done) {
            if on_side(winner) {
                thirds += cards.thirds();
                d_tricks += 1;
            }
        }
        let completed = ctx.tricks.len() as u8 + u8::from(done.is_some());
        let need = i32::from(WIN_THIRDS) - i32::from(thirds);
        let game = self.solver.at_least(after, need, Goal::Thirds);
        let game = (!self.solver.aborted()).then_some(game);
        let all_d = d_tricks == completed;
        let all_o = d_tricks == 0;
        let look = ctx.valat_announced || (completed >= VALAT_FROM_TRICK && (all_d || all_o));
        // A Valat the search left open counts as none.
        let valat = if !look {
            None
        } else if all_d
            && self
                .solver
                .at_least(after, i32::from(TRICKS - completed), Goal::Tricks)
            && !self.solver.aborted()
        {
            Some(Party::Declarer)
        } else if all_o && !self.solver.at_least(after, 1, Goal::Tricks) && !self.solver.aborted() {
            Some(Party::Opponents)
        } else {
            None
        };
        (game, valat)
    }
}

/// The medium player's choice among `allowed` (a non-empty subset of the
/// legal cards): its own card when allowed, otherwise its choice with the
/// legal cards narrowed to `allowed`.
fn medium_among(view: &SeatView, allowed: CardSet) -> Card {
    let medium = medium_card(view);
    if allowed.contains(medium) {
        return medium;
    }
    let mut narrowed = view.clone();
    if let Some(legal) = narrowed.legal.as_mut() {
        legal.cards = allowed;
    }
    medium_card(&narrowed)
}

/// Prices are counted in 1/`SCALE` units, so the mean over the premiums a
/// search left open stays an integer.
pub const SCALE: i64 = 64;

/// The mean of `price` over every completion of the open bits `unknown`
/// (each premium made or not, equally likely), in 1/[`SCALE`] units.
fn mean_over(unknown: u8, mut price: impl FnMut(u8) -> i64) -> i64 {
    let n = 1i64 << unknown.count_ones();
    let mut sum = 0;
    let mut u = unknown;
    loop {
        sum += price(u);
        if u == 0 {
            break;
        }
        u = (u - 1) & unknown;
    }
    sum * SCALE / n
}

/// What a sample's search decides for the settlement: the game made, a
/// Valat, and the announced premiums made (a bit per [`Context::premiums`])
/// in positive games; the target made (negative games, in the first field).
type Outcome = (bool, Option<Party>, u8);

/// An announced bird or König Ultimo whose card is still in play.
struct LivePremium {
    premium: Premium,
    card: Card,
    target: u8,
    owner: Party,
}

/// Prices of outcomes already settled in this decision, per side mask.
#[derive(Default)]
struct PriceCache {
    seen: Vec<((u8, Outcome), i64)>,
}

impl PriceCache {
    fn get(&mut self, side: u8, outcome: Outcome, price: impl FnOnce() -> i64) -> i64 {
        if let Some((_, p)) = self.seen.iter().find(|(k, _)| *k == (side, outcome)) {
            return *p;
        }
        let p = price();
        self.seen.push(((side, outcome), p));
        p
    }
}

/// What the search made of a card decision.
enum Searched {
    /// One distinct card: nothing to search.
    Forced,
    /// The card with the best mean over this many samples.
    Card(Card, u32),
    /// Not settled within the budget: fewer samples than [`MIN_SAMPLES`]
    /// finished; the best card of those that did, if any.
    Unsettled(Option<Card>),
}

/// The kind of search a contract needs.
enum Game {
    /// Party D against 107 thirds and Valat.
    Positive,
    /// Each declarer (one, or several with "bei") against his exact number
    /// of tricks, the three others against him.
    Negative(Vec<(Seat, u8)>),
    /// Everyone for himself: this seat keeps its own thirds as low as it
    /// can against the three others (the paranoid view).
    Trischaken,
}

/// What stays the same across the samples of one decision.
struct Context {
    me: Seat,
    rules: Rules,
    contract: Contract,
    declarer: Seat,
    bidders: [Option<Bidder>; 4],
    called: Option<Card>,
    game: Game,
    mode: Mode,
    maerchenstich: bool,
    reserved: CardSet,
    reservation: BirdReservation,
    trick: tarock_koenigrufen::trick::Trick,
    tricks: Vec<(Seat, CardSet)>,
    won: [u8; 4],
    /// Thirds of the tricks this seat took so far (Trischaken).
    my_thirds: u16,
    game_level: u8,
    announced: [Option<Announced>; 9],
    valat_announced: bool,
    premiums: Vec<LivePremium>,
    pair_levels: [[u8; 4]; 4],
}

impl Context {
    /// The context of a decision, or `None` where the search does not apply
    /// (a view without a contract or trick).
    fn new(view: &SeatView) -> Option<Context> {
        let p = &view.public;
        let contract = p.contract?;
        let declarer = p.declarers.first()?.0;
        let game = if contract.family() == Family::Trischaken {
            Game::Trischaken
        } else if contract.is_negative() {
            Game::Negative(
                p.declarers
                    .iter()
                    .filter_map(|(seat, c)| Some((*seat, c.target_tricks()?)))
                    .collect(),
            )
        } else {
            Game::Positive
        };
        let mut announced = [None; 9];
        let mut game_level = 0;
        let mut reserved = CardSet::EMPTY;
        let mut premiums = Vec::new();
        let played = p
            .tricks
            .iter()
            .fold(CardSet::EMPTY, |a, t| a.union(t.trick.card_set()));
        for (item, state) in &p.items {
            match item {
                Item::Spiel => game_level = state.level,
                Item::Premium(pr) => {
                    announced[pr.index()] = Some(Announced {
                        owner: state.owner,
                        level: state.level,
                    });
                    let card = pr
                        .bird_card()
                        .or(if *pr == Premium::Ku { p.called } else { None });
                    if let (Some(card), Some(target)) = (card, pr.target_trick()) {
                        reserved.insert(card);
                        if !played.contains(card) && contract.mode() == Mode::Tarock {
                            premiums.push(LivePremium {
                                premium: *pr,
                                card,
                                target,
                                owner: state.owner,
                            });
                        }
                    }
                }
            }
        }
        if contract.mode() != Mode::Tarock {
            reserved = CardSet::EMPTY;
        }
        let mut bidders = [None; 4];
        for (slot, (seat, c)) in bidders.iter_mut().zip(&p.declarers) {
            *slot = Some(Bidder {
                seat: *seat,
                contract: *c,
            });
        }
        Some(Context {
            me: view.seat,
            rules: p.rules,
            contract,
            declarer,
            bidders,
            called: p.called,
            game,
            mode: contract.mode(),
            maerchenstich: p.rules.maerchenstich,
            reserved,
            reservation: p.rules.bird_reservation,
            trick: p.trick?,
            tricks: p
                .tricks
                .iter()
                .map(|t| (t.winner, t.trick.card_set()))
                .collect(),
            won: p.won,
            my_thirds: p
                .tricks
                .iter()
                .filter(|t| t.winner == view.seat)
                .map(|t| t.trick.card_set().thirds())
                .sum(),
            game_level,
            announced,
            valat_announced: announced[Premium::Valat.index()].is_some(),
            premiums,
            pair_levels: p.pair_levels,
        })
    }

    /// Cards the search never merges with their neighbours.
    fn special(&self) -> CardSet {
        if self.mode == Mode::Negative {
            self.reserved.with(Card::PAGAT)
        } else {
            self.reserved
        }
    }

    /// Party D in a sample, as a seat mask: the declarer and the holder of the called King.
    fn side(&self, hands: &[CardSet; 4]) -> u8 {
        let mut mask = 1 << self.declarer.index();
        if let Some(king) = self.called
            && let Some(partner) = Seat::ALL
                .into_iter()
                .find(|s| hands[s.index()].contains(king))
        {
            mask |= 1 << partner.index();
        }
        mask
    }

    /// This seat's money for a positive game's outcome.
    fn price_positive(&self, side: u8, king_in_talon: bool, (game, valat, made): Outcome) -> i64 {
        let parties = Seat::ALL.map(|s| {
            if side & 1 << s.index() != 0 {
                Party::Declarer
            } else {
                Party::Opponents
            }
        });
        let mut f = PositiveFacts::new(self.contract, parties);
        f.thirds = if game { WIN_THIRDS } else { WIN_THIRDS - 1 };
        f.tricks = match valat {
            Some(Party::Declarer) => TRICKS,
            Some(Party::Opponents) => 0,
            None => TRICKS / 2,
        };
        f.game_level = self.game_level;
        f.kontras_void = self.contract == Contract::Solorufer && king_in_talon;
        f.announced = self.announced;
        for (i, live) in self.premiums.iter().enumerate() {
            if made & 1 << i != 0 {
                f.achieved[live.premium.index()] = Some(live.owner);
            }
        }
        settle(&Facts::Positive(f), &self.rules).money[self.me.index()]
    }

    /// This seat's money for a negative game's outcome: bit `i` of `made`
    /// set when declarer `i` ends with exactly his tricks.
    fn price_negative(&self, made: u8) -> i64 {
        let Game::Negative(declarers) = &self.game else {
            return 0;
        };
        let mut tricks = [0u8; 4];
        for (i, (declarer, target)) in declarers.iter().enumerate() {
            tricks[declarer.index()] = if made & 1 << i != 0 {
                *target
            } else {
                target + 1
            };
        }
        let f = NegativeFacts {
            declarers: self.bidders,
            tricks,
            levels: self.pair_levels,
        };
        settle(&Facts::Negative(f), &self.rules).money[self.me.index()]
    }
}

/// How the oracle's search of one known deal went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    /// Solved exactly (or one distinct card: nothing to solve).
    Exact,
    /// The node limit cut the search.
    Cut,
    /// Strong has no evaluation for the contract (Trischaken, "bei").
    Unsearched,
}

/// The arena's oracle ([`crate::oracle`]) asks strong's own evaluation
/// about the one true deal instead of samples.
impl Strong {
    /// The card strong's evaluation picks when `slots` (every hand, the
    /// declarer's hidden discards and the other unseen cards out of play,
    /// as [`Knowledge`] lays them out) is the deal, searched by `solver`
    /// (the oracle's own, not strong's: its table learns the true deal)
    /// within `limit` nodes, `prefer` among equally good cards; `prefer`
    /// unless [`Known::Exact`].
    pub(crate) fn choose_known(
        &mut self,
        view: &SeatView,
        slots: &[CardSet; SLOTS],
        solver: &mut Solver,
        limit: u64,
        prefer: Card,
    ) -> (Card, Known) {
        std::mem::swap(&mut self.solver, solver);
        let chosen = self.choose_known_here(view, slots, limit, prefer);
        std::mem::swap(&mut self.solver, solver);
        chosen
    }

    /// [`Strong::choose_known`] with the solver in place.
    fn choose_known_here(
        &mut self,
        view: &SeatView,
        slots: &[CardSet; SLOTS],
        limit: u64,
        prefer: Card,
    ) -> (Card, Known) {
        let legal = view.legal.expect("the seat is to act").cards;
        let fallback = prefer;
        let Some(ctx) = Context::new(view) else {
            return (fallback, Known::Unsearched);
        };
        let k = Knowledge::from_view(view);
        let alive = k
            .pool
            .union(view.hand)
            .union(view.public.trick.map_or(CardSet::EMPTY, |t| t.card_set()));
        let candidates = distinct(legal, alive, ctx.special());
        if candidates.len() < 2 {
            return (fallback, Known::Exact);
        }
        self.solver.reset(limit);
        let mut prices = PriceCache::default();
        // No window is open here, so a search is never left open at one;
        // an open answer counts as cut like the node limit.
        let Some(Some(values)) = self.evaluate(&ctx, &k, slots, candidates, &mut prices) else {
            return (fallback, Known::Cut);
        };
        let mut totals = [0i64; 54];
        for (card, v) in candidates.iter().zip(values) {
            totals[usize::from(card.index())] = v;
        }
        let value = |card: Card| {
            totals[usize::from(representative(card, legal, alive, ctx.special()).index())]
        };
        let best = candidates.iter().map(value).max().expect("candidates");
        let card = if value(fallback) == best {
            fallback
        } else {
            candidates
                .iter()
                .find(|c| value(*c) == best)
                .expect("a best card")
        };
        (card, Known::Exact)
    }
}

/// The lookahead's pricing of a deal whose every card is known
/// ([`crate::lookahead`]).
impl Strong {
    /// `me`'s money (in 1/[`SCALE`] units) when `game` (in trick play,
    /// every card known) is played out best by both parties from here: the
    /// seat to play picks its best card for its party, each card priced by
    /// the same search and settlement as the card play. `None` when the
    /// search was cut at `limit` nodes, or when the contract is not searched
    /// this way (Trischaken, "bei" games: several declarers).
    pub(crate) fn known_value(
        &mut self,
        game: &tarock_koenigrufen::Game,
        me: Seat,
        limit: u64,
    ) -> Option<i64> {
        let mover = game.to_act()?;
        let view = game.view(mover);
        let mut ctx = Context::new(&view)?;
        match &ctx.game {
            Game::Positive => {}
            Game::Negative(declarers) if declarers.len() == 1 => {}
            _ => return None,
        }
        ctx.me = me;
        let k = Knowledge::from_view(&view);
        let mut slots = [CardSet::EMPTY; SLOTS];
        for s in Seat::ALL {
            slots[s.index()] = game.hand(s);
        }
        let held = slots[..4].iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
        let out = k.pool.without(held);
        slots[HIDDEN_D] = out.intersect(game.talon().discard);
        slots[HIDDEN_O] = out.without(slots[HIDDEN_D]);
        let legal = view.legal?.cards;
        let alive = k
            .pool
            .union(view.hand)
            .union(view.public.trick.map_or(CardSet::EMPTY, |t| t.card_set()));
        let candidates = distinct(legal, alive, ctx.special());
        self.solver.reset(limit);
        let mut prices = PriceCache::default();
        let Some(Some(values)) = self.evaluate(&ctx, &k, &slots, candidates, &mut prices) else {
            return None;
        };
        let same = game.party(mover) == game.party(me);
        let best = if same {
            values.iter().max()
        } else {
            values.iter().min()
        };
        best.copied()
    }

    /// Search nodes spent since the solver's last reset.
    pub(crate) const fn solver_nodes(&self) -> u64 {
        self.solver.nodes()
    }
}

impl Player<Koenigrufen> for Strong {
    fn name(&self) -> &str {
        match self.reach {
            Reach::Nothing => "strong-thresholds",
            Reach::Auction | Reach::Talon | Reach::Discard => "strong",
        }
    }

    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        match view.public.phase {
            Phase::Play => Action::Play(self.choose_card(view, rng).0),
            phase @ (Phase::Auction | Phase::KingCall | Phase::Talon | Phase::Discard) => {
                // One seed per decision before trick play, looked ahead or
                // not: players of another reach stay on the same random
                // numbers, so the bidding arena's sides part only where
                // their decisions do.
                let mut own = SmallRng::seed_from_u64(rng.next_u64());
                if !self.reach.covers(phase) {
                    return medium_action(view);
                }
                let bid = self.bid;
                let decision = lookahead_action(self, bid, view, &mut own);
                self.last_bid = Some(decision);
                decision.action
            }
            _ => medium_action(view),
        }
    }

    /// Card decisions with more than one distinct card, those that fell
    /// back to the medium player's card (no sample finished) and those
    /// settled on fewer samples than `MIN_SAMPLES` (4) (thin).
    fn decision_stats(&self) -> DecisionStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn strong_leads_the_queen_no_one_can_beat_in_a_farbendreier() {
        // S0's Farbendreier at trick 11: S0 has 80 thirds (five tricks and
        // the discards T7 T8 T14) and leads with sJ sQ. The only spade out
        // is sN (S2 showed no spade, and nobody else may hold one but S1 and
        // S3); tarocks do not trump. sQ takes trick 11 and sJ trick 12:
        // 80 + 50 = 130 thirds, game won. sJ loses trick 11 to sN, and the
        // Mond takes trick 12 (a tarock lead S0 cannot follow): 80, lost.
        let game = fixtures::farbendreier_end();
        let view = game.view(Seat::S0);
        assert_eq!(view.hand, "sJ sQ".parse().unwrap());
        for seed in 0..4 {
            let mut strong = Strong::new();
            let mut rng = SmallRng::seed_from_u64(seed);
            let (card, samples) = strong.choose_card(&view, &mut rng);
            assert_eq!(card, "sQ".parse().unwrap());
            assert!(samples >= MIN_SAMPLES);
        }
    }

    #[test]
    fn the_stand_in_is_mediums_choice_among_the_allowed_cards() {
        // FD1's first lead (S0 leads from a full hand): with any one legal
        // card barred, the stand-in is allowed, and it is medium's own
        // card unless that card is the one barred.
        let game = fixtures::fd1_in_play();
        let view = game.view(Seat::S0);
        let legal = view.legal.as_ref().expect("S0 leads").cards;
        assert!(legal.len() > 2);
        let medium = medium_card(&view);
        for barred in legal {
            let allowed = legal.without(CardSet::from_iter([barred]));
            let card = medium_among(&view, allowed);
            assert!(allowed.contains(card), "{barred}: {card}");
            if barred != medium {
                assert_eq!(card, medium, "{barred}");
            }
        }
    }
}
