//! The strong player: bidding by looking ahead ([`crate::lookahead`]), and
//! in trick play determinized sampling with exact search.
//! [`Strong::with_threshold_bidding`] makes the same player bid with the
//! medium player's hand evaluation instead (`strong-thresholds`), for the
//! bidding arena ([`crate::bidding_arena`]).
//!
//! For each decision it deals the unseen cards consistently with its
//! [`Knowledge`] ([`crate::sample`]), and for each distinct legal card asks
//! the [`Solver`] on which side of the thresholds that change the settlement
//! the deal ends (45 / 56 points for the declarer, 33 for the opponents'
//! Absolut, all or no tricks for a Valat; a silent Absolut or Valat only from
//! the third trick on, where it starts to be decided; the Valat pass
//! below looks for a silent Valat from the first trick). A Mond played into a
//! trick an opposing Sküs will take, or caught by the Sküs, counts as
//! Mondfang. Each outcome is priced with the engine's own [`settle`]; the
//! card with the best mean balance for its seat over the samples is played. Cards that are equal on that measure (often
//! all of them once a game is decided) are broken by the medium player's
//! choice, which also looks after the Mond and the Pagat.
//!
//! Before the value comes the blunder list ([`crate::blunder`]): in each
//! sample every candidate is checked against the predicates decided inside
//! the trick in progress (the Pagat or the Mond lost, the opposing Mond not
//! caught, a fat trick left, a King or Queen schmiert to the other party),
//! and only the candidates that are a blunder in the fewest samples compete
//! on value (`safest` says why). A card that throws away a Valat this
//! seat's party could force counts there too, in the samples of a separate
//! Valat pass with its own small budget (`valat_pass`). Cards that are
//! equal on that measure are broken by the medium player's choice among
//! them. With fewer than four samples finished within the
//! budget the search overrides the medium player's card only by a card that
//! was at least as good in every sample; with none (the fallback, counted by
//! [`Strong::fell_back`]) the medium player's card is played.
//!
//! The work per decision is bounded by a node budget, so the choice depends
//! only on the position and the random number generator; an optional time
//! cap is a safety net for a service.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::rules::{GameKind, Item, Premium};
use tarock_zwanzigerrufen::score::{
    ABSOLUT_THRESHOLD, Announced, Facts, GAME_THRESHOLD, PagatOutcome, TRICKS,
};
use tarock_zwanzigerrufen::{Action, Party, Phase, Seat, SeatView, settle};

use crate::Player;
use crate::blunder;
use crate::infer::Inference;
use crate::knowledge::{Knowledge, known_party};
use crate::lookahead::{BidDecision, lookahead_bid};
use crate::medium::medium_bid;
use crate::play::medium_card;
use crate::sample::deal_unseen;
use crate::search::{Goal, Position, Solver};
use tarock_player::DecisionStats;
use tarock_zwanzigerrufen::Zwanzigerrufen;

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
    /// Weigh the samples of the card play by what the bidding says about
    /// the other hands ([`crate::infer`]): each sample is kept from
    /// [`crate::infer::CANDIDATES`] deals by weight.
    pub inference: bool,
}

impl Default for StrongConfig {
    /// 48 samples within 1 600 000 nodes: with 400 000 a third of the
    /// decisions of the first six tricks (two thirds in the first three)
    /// finished fewer than four samples; with 1 600 000 about one in 25
    /// finishes none, at a p99 of about 250 ms of one core's time on the
    /// loaded development machine (docs/COMPUTERS.md).
    fn default() -> StrongConfig {
        StrongConfig {
            samples: 48,
            node_budget: 1_600_000,
            time_cap: None,
            inference: false,
        }
    }
}

/// The strong player.
pub struct Strong {
    config: StrongConfig,
    solver: Solver,
    last: (u32, u64),
    fell_back: bool,
    stats: DecisionStats,
    /// Bid by looking ahead (`true`) or by medium's hand evaluation.
    lookahead: bool,
    /// Search nodes per bidding decision.
    bid_budget: u64,
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
            stats: DecisionStats::default(),
            lookahead: true,
            bid_budget: config.node_budget,
            last_bid: None,
        }
    }

    /// The same player bidding with the medium player's hand evaluation
    /// (named `strong-thresholds`): the other side of the bidding arena.
    pub fn with_threshold_bidding(mut self) -> Strong {
        self.lookahead = false;
        self
    }

    /// The same player with `nodes` search nodes per bidding decision
    /// (by default the card play's budget).
    pub fn with_bid_budget(mut self, nodes: u64) -> Strong {
        self.bid_budget = nodes;
        self
    }

    /// What the last bidding decision by lookahead found (`None` before
    /// one, and always for `strong-thresholds`).
    pub const fn last_bid(&self) -> Option<BidDecision> {
        self.last_bid
    }

    /// The bidding action for `view`: by lookahead within the card play's
    /// budget, or medium's with threshold bidding.
    pub fn choose_bid(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        if !self.lookahead {
            return medium_bid(view);
        }
        let d = lookahead_bid(
            &mut self.solver,
            self.config.samples,
            self.bid_budget,
            view,
            rng,
        );
        self.last_bid = Some(d);
        d.action
    }

    /// Samples and search nodes of the last card decision.
    pub const fn last_decision(&self) -> (u32, u64) {
        self.last
    }

    /// Whether the last card decision fell back to the medium player's
    /// card because the search finished no sample within the budget (a
    /// decision with one sensible card is no fallback); the Valat pass
    /// may still have ruled that card out.
    pub const fn fell_back(&self) -> bool {
        self.fell_back
    }

    /// The budget in force.
    pub const fn config(&self) -> StrongConfig {
        self.config
    }

    /// The card to play, with the samples it was based on.
    pub fn choose_card(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> (Card, u32) {
        let legal = view.legal.expect("the seat is to act").cards;
        let fallback = medium_card(view);
        self.last = (0, 0);
        self.fell_back = false;
        if legal.len() == 1 {
            return (fallback, 0);
        }
        self.stats.decisions += 1;
        let k = Knowledge::from_view(view);
        let inference = self.config.inference.then(|| Inference::of(view));
        let ctx = Context::new(view);
        let candidates = root_moves(view, legal);
        if candidates.len() == 1 {
            return (fallback, 0);
        }
        let start = Instant::now();
        let budget = self.config.node_budget;
        self.solver.reset(budget + budget / 2);
        let mine = representative(fallback, candidates, view);
        let mut totals = [0i64; 40];
        // Per candidate, the samples in which it is a blunder of the trick
        // in progress ([`blunder::in_trick`] on the sampled hands).
        let mut risk = [0u32; 40];
        // Candidates worse than the medium card in some finished sample.
        let mut worse = CardSet::EMPTY;
        let mut samples = 0;
        while samples < self.config.samples && self.solver.nodes() < budget {
            if self
                .config
                .time_cap
                .is_some_and(|cap| start.elapsed() > cap)
            {
                break;
            }
            let hands = match &inference {
                Some(inf) => inf.sample(&k, view.hand, rng),
                None => deal_unseen(&k, view.hand, rng),
            };
            let Some(values) = self.evaluate(&ctx, view, hands, candidates) else {
                break;
            };
            let medium_value = candidates
                .iter()
                .zip(&values)
                .find_map(|(c, v)| (c == mine).then_some(*v));
            for (card, v) in candidates.iter().zip(values) {
                totals[card.index() as usize] += v;
                if medium_value.is_some_and(|m| v < m) {
                    worse.insert(card);
                }
                if blunder::in_trick(view, &hands, card) {
                    risk[card.index() as usize] += 1;
                }
            }
            samples += 1;
        }
        self.last = (samples, self.solver.nodes());
        // The Valat pass: cards that throw away a Valat this seat's party
        // could force count as blunders like those of the trick.
        self.valat_pass(&ctx, view, &k, candidates, &mut risk);
        if samples == 0 {
            // The one place where a decision falls back: no sample finished
            // within the budget, so the medium player's card is played,
            // unless it threw away a Valat in some sample of the pass where
            // another card did not (then medium's card among the safest).
            self.fell_back = true;
            self.stats.fallbacks += 1;
            let risk_of =
                |card: Card| risk[representative(card, candidates, view).index() as usize];
            let fewest = candidates.iter().map(risk_of).min().expect("a candidate");
            if risk_of(fallback) == fewest {
                return (fallback, 0);
            }
            return (among(view, legal, candidates, &|c| risk_of(c) == fewest), 0);
        }
        // With a handful of samples the search only overrides the medium
        // card by a card that was at least as good in every one of them.
        let allowed = if samples < MIN_SAMPLES {
            self.stats.thin += 1;
            candidates.without(worse)
        } else {
            candidates
        };
        let value = |card: Card| totals[representative(card, candidates, view).index() as usize];
        let risk_of = |card: Card| risk[representative(card, candidates, view).index() as usize];
        let choice = safest(allowed, &value, &risk_of);
        if choice.contains(representative(fallback, candidates, view)) {
            return (fallback, samples);
        }
        // Among equally good cards, the one the medium player would choose
        // from them (it knows about winning cheaply, schmieren and keeping
        // the Pagat and the Mond back).
        let chosen = among(view, legal, candidates, &|c| choice.contains(c));
        (chosen, samples)
    }

    /// The Valat pass: on up to [`VALAT_SAMPLES`] fresh samples (drawn with
    /// random numbers seeded by the position), within
    /// [`VALAT_NODES`] nodes of its own, adds to `risk` for each candidate
    /// the samples in which it throws away a Valat that this seat's party
    /// could force before it ([`blunder::valat_thrown`] on the sampled
    /// hands). It runs while a Valat counts and, in the sample, this seat's
    /// party has taken every trick so far; the counts are added only when
    /// the Valat could be forced in at least one in [`VALAT_SHARE`] of the
    /// finished samples.
    ///
    /// The main search prices a silent Valat only from the third trick on,
    /// and in the first tricks it often finishes only one or two samples,
    /// so there a card that gives away a Valat in hand was left to the
    /// medium player's rules of thumb. The pass asks the Valat alone: where
    /// the other party can take a trick the solver mostly finds it at
    /// once, and with [`Solver`]'s pruning of the side that wins by one
    /// trick a Valat in hand is proved cheaply in a one-sided deal (16
    /// samples of a Solo with nine top tarocks: 89 000 nodes). Where the
    /// Valat depends on a Rufer partner's hand a proof costs 0.1 – 1 million
    /// nodes, so the pass runs out of its budget and adds nothing; the two
    /// Valats thrown in the arena (docs/COMPUTERS.md) are of that kind and
    /// could be forced in only 1 – 3 of 40 – 64 deals that fit the seat's
    /// view, where other cards threw them as often.
    fn valat_pass(
        &mut self,
        ctx: &Context,
        view: &SeatView,
        k: &Knowledge,
        candidates: CardSet,
        risk: &mut [u32; 40],
    ) {
        if !ctx.valat_matters || !could_take_all(view) {
            return;
        }
        // Its own random numbers, seeded by the position, so that the pass
        // leaves the main search's (and every later decision's) as they were.
        let seed = k.unseen.bits().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ view.hand.bits();
        let rng = &mut SmallRng::seed_from_u64(seed);
        let left = i32::from(TRICKS) - view.tricks.len() as i32;
        self.solver.reset(VALAT_NODES);
        let mut counts = [0u32; 40];
        let (mut finished, mut forceable) = (0u32, 0u32);
        for _ in 0..VALAT_SAMPLES {
            let hands = deal_unseen(k, view.hand, rng);
            let declarers = ctx.declarers(&hands);
            let side = if declarers & 1 << ctx.me.index() != 0 {
                declarers
            } else {
                !declarers & 0b1111
            };
            if view
                .tricks
                .iter()
                .any(|t| side & 1 << t.winner.index() == 0)
            {
                finished += 1;
                continue;
            }
            self.solver
                .set_deal(view.rules, ctx.kind, side, ctx.pagat_bound);
            let mut pos = Position::of_trick(view, hands);
            let Some(answer) =
                blunder::valat_throwers(&mut self.solver, &mut pos, left, candidates)
            else {
                break;
            };
            finished += 1;
            let Some(thrown) = answer else {
                continue;
            };
            forceable += 1;
            for card in thrown {
                counts[card.index() as usize] += 1;
            }
        }
        // A Valat forceable in a few samples only is a long shot, which the
        // blunder list (before any value) must not put above the game.
        if forceable * VALAT_SHARE >= finished.max(1) {
            for (r, c) in risk.iter_mut().zip(counts) {
                *r += c;
            }
        }
    }

    /// My balance for each candidate in one sample, or `None` when the
    /// node limit cut the sample short.
    fn evaluate(
        &mut self,
        ctx: &Context,
        view: &SeatView,
        hands: [CardSet; 4],
        candidates: CardSet,
    ) -> Option<Vec<i64>> {
        let declarers = ctx.declarers(&hands);
        self.solver
            .set_deal(view.rules, ctx.kind, declarers, ctx.pagat_bound);
        let (points, tricks) = ctx.taken(view, declarers);
        let mut pos = Position::of_trick(view, hands);
        let mut out = Vec::with_capacity(candidates.len() as usize);
        for card in candidates {
            let mut outcome = self.outcome(ctx, &mut pos, card, points, tricks);
            if self.solver.aborted() {
                return None;
            }
            outcome.mond_caught = mondfang(&pos, card, declarers);
            out.push(ctx.price(view, declarers, outcome));
        }
        Some(out)
    }

    /// Where the deal ends after `card`, as far as the settlement cares.
    fn outcome(
        &mut self,
        ctx: &Context,
        pos: &mut Position,
        card: Card,
        points: i32,
        tricks: i32,
    ) -> Outcome {
        let done = view_tricks_done(pos);
        let mut after = *pos;
        let s = &mut self.solver;
        let (gained_pts, _, _) = s.play(&mut after, card, Goal::Points);
        let mut after_t = *pos;
        let (gained_tricks, _, _) = s.play(&mut after_t, card, Goal::Tricks);
        let left = i32::from(TRICKS) - done;
        let mut valat = None;
        // A silent Valat is rarely decided by the first cards; its search is
        // left for later tricks, an announced one is always searched.
        if ctx.valat_announced || (ctx.valat_matters && done >= VALAT_FROM_TRICK) {
            if tricks == done && s.at_least(&mut after_t, left - gained_tricks, Goal::Tricks) {
                valat = Some(Party::Declarer);
            } else if tricks == 0 && !s.at_least(&mut after_t, 1 - gained_tricks, Goal::Tricks) {
                valat = Some(Party::Opponents);
            }
        }
        if valat.is_some() && ctx.valat_replaces_all {
            return Outcome {
                points: 44,
                valat,
                mond_caught: None,
            };
        }
        let have = points + gained_pts;
        let game = s.at_least(&mut after, ctx.game_threshold - have, Goal::Points);
        // Like a silent Valat, a silent Absolut waits for the third trick.
        let absolut = ctx.absolut_announced || (ctx.absolut_matters && done >= VALAT_FROM_TRICK);
        let points = if !absolut {
            if game { 50 } else { 40 }
        } else if game {
            if s.at_least(&mut after, ABSOLUT_THRESHOLD as i32 - have, Goal::Points) {
                70
            } else {
                50
            }
        } else if s.at_least(
            &mut after,
            88 - ABSOLUT_THRESHOLD as i32 + 1 - have,
            Goal::Points,
        ) {
            40
        } else {
            20
        };
        Outcome {
            points,
            valat,
            mond_caught: None,
        }
    }
}

/// The cards to choose among: of the `allowed` cards those that are a
/// blunder of the trick in progress ([`blunder::in_trick`]) in the fewest
/// samples, and of them the best by the samples' totals. Where the best
/// cards are a blunder in no sample this is the best cards, as before.
///
/// The blunder list comes before the search's value because the search
/// cannot see what these plays cost: it prices only the thresholds of the
/// settlement, which the points of a lost Pagat or of a fat trick left
/// behind rarely cross in a sample; the silent Pagat Ultimo that keeping
/// the Pagat makes possible is not priced at all; and a sample's partner is
/// a guess. A card that gives them away comes out on top by the samples'
/// optimism (seen in the arena: the Pagat thrown onto the Sküs to keep a
/// middle tarock, or led while the partner might take it), and a tarock
/// player avoids it whenever he can, as the medium player's rules of thumb
/// do.
fn safest(allowed: CardSet, value: &dyn Fn(Card) -> i64, risk_of: &dyn Fn(Card) -> u32) -> CardSet {
    let fewest = allowed.iter().map(risk_of).min().expect("an allowed card");
    let safe: CardSet = allowed.iter().filter(|c| risk_of(*c) == fewest).collect();
    let best = safe.iter().map(value).max().expect("a safe card");
    safe.iter().filter(|c| value(*c) == best).collect()
}

/// The medium player's choice among the legal cards whose representative
/// ([`representative`] among `candidates`) passes `keep`.
fn among(
    view: &SeatView,
    legal: CardSet,
    candidates: CardSet,
    keep: &dyn Fn(Card) -> bool,
) -> Card {
    let cards: CardSet = legal
        .iter()
        .filter(|c| keep(representative(*c, candidates, view)))
        .collect();
    let mut narrowed = view.clone();
    if let Some(l) = narrowed.legal.as_mut() {
        l.cards = cards;
    }
    medium_card(&narrowed)
}

/// Whether this seat's party may have taken every trick so far: no trick
/// went to a seat known to play for the other party.
fn could_take_all(view: &SeatView) -> bool {
    let Some(mine) = view.my_party() else {
        return true;
    };
    view.tricks
        .iter()
        .all(|t| known_party(view, t.winner).is_none_or(|p| p == mine))
}

/// The party whose Mond the Sküs takes in the trick in progress if `card` is
/// played now: the Mond played into a trick where an opponent still to play
/// holds the Sküs, or the Sküs played onto a Mond already in the trick.
fn mondfang(pos: &Position, card: Card, declarers: u8) -> Option<Party> {
    let party = |seat: Seat| {
        if declarers & 1 << seat.index() != 0 {
            Party::Declarer
        } else {
            Party::Opponents
        }
    };
    let me = pos.to_play();
    match card {
        Card::MOND => {
            let later = (pos.len + 1..4).map(|i| pos.leader.plus(i));
            later
                .filter(|s| party(*s) != party(me))
                .any(|s| pos.hands[s.index()].contains(Card::SKUS))
                .then(|| party(me))
        }
        Card::SKUS => {
            let i = pos.trick_cards().iter().position(|c| *c == Card::MOND)?;
            Some(party(pos.leader.plus(i as u8)))
        }
        _ => None,
    }
}

/// Tricks completed so far in a position: ten minus what the hands can still make.
fn view_tricks_done(pos: &Position) -> i32 {
    let cards: u32 = pos.hands.iter().map(|h| h.len()).sum::<u32>() + u32::from(pos.len);
    i32::from(TRICKS) - cards.div_ceil(4) as i32
}

/// Completed tricks from which a silent Valat or Absolut is searched for.
const VALAT_FROM_TRICK: i32 = 2;

/// Most samples of the Valat pass ([`Strong::valat_pass`]).
const VALAT_SAMPLES: u32 = 16;

/// Search nodes of the Valat pass, beside the decision's budget.
const VALAT_NODES: u64 = 200_000;

/// The Valat pass counts only when the Valat could be forced in at least
/// one in this many of its finished samples: a Valat that fits 2 of 40
/// deals (one seen in the arena) should not decide a card against its
/// value.
const VALAT_SHARE: u32 = 4;

/// Samples below which the search overrides the medium player's card only
/// by a card at least as good in every sample.
const MIN_SAMPLES: u32 = 4;

/// The settlement-relevant end of a deal.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    /// A representative card point total of the declarer's side.
    points: u32,
    /// A Valat, if one side took every trick.
    valat: Option<Party>,
    /// The party whose Mond the Sküs caught.
    mond_caught: Option<Party>,
}

/// What stays the same across the samples of one decision.
struct Context {
    me: Seat,
    kind: GameKind,
    declarer: Seat,
    /// The partner when this seat knows it.
    partner: Option<Seat>,
    called: Option<Card>,
    pagat_bound: Option<Seat>,
    game_threshold: i32,
    absolut_matters: bool,
    absolut_announced: bool,
    valat_matters: bool,
    valat_announced: bool,
    valat_replaces_all: bool,
}

impl Context {
    fn new(view: &SeatView) -> Context {
        let contract = view.contract.expect("trick play has a game");
        let rules = &view.rules;
        let kind = contract.kind;
        let game_level = view.item(Item::Game).map_or(0, |g| g.level);
        let with_44 = rules.kontra_game_won_with_44 && game_level > 0;
        let in_force = |item| view.item(item).is_some_and(|s| s.in_force());
        let pagat_bound = view
            .item(Item::Pagat)
            .filter(|p| p.in_force())
            .map(|p| p.announcer)
            .filter(|s| view.hand_sizes[s.index()] > 0 && (*s != view.seat || view.pagat_bound));
        Context {
            me: view.seat,
            kind,
            declarer: contract.declarer,
            partner: contract.partner,
            called: contract.called,
            pagat_bound,
            game_threshold: GAME_THRESHOLD as i32 - i32::from(with_44),
            absolut_announced: in_force(Item::Absolut),
            absolut_matters: rules.premium_allowed(Premium::Absolut, kind)
                && (rules.absolut_silent > 0 || in_force(Item::Absolut)),
            valat_matters: rules.valat_silent > 0 || in_force(Item::Valat),
            valat_announced: in_force(Item::Valat),
            valat_replaces_all: rules.valat_replaces_all,
        }
    }

    /// The declarer's side in a sample, as a seat mask.
    fn declarers(&self, hands: &[CardSet; 4]) -> u8 {
        let mut mask = 1 << self.declarer.index();
        let partner = self.partner.or_else(|| {
            let called = self.called?;
            Seat::ALL
                .into_iter()
                .find(|s| hands[s.index()].contains(called))
        });
        if let Some(p) = partner {
            mask |= 1 << p.index();
        }
        mask
    }

    /// Card points and tricks the declarer's side took in completed tricks.
    fn taken(&self, view: &SeatView, declarers: u8) -> (i32, i32) {
        view.tricks
            .iter()
            .filter(|t| declarers & 1 << t.winner.index() != 0)
            .fold((0, 0), |(p, n), t| (p + t.trick.points() as i32, n + 1))
    }

    /// This seat's balance for `outcome` under the rules, from the engine's settlement.
    fn price(&self, view: &SeatView, declarers: u8, outcome: Outcome) -> i64 {
        let parties = Seat::ALL.map(|s| {
            if declarers & 1 << s.index() != 0 {
                Party::Declarer
            } else {
                Party::Opponents
            }
        });
        let announced = |item| {
            view.item(item).filter(|s| s.in_force()).map(|s| Announced {
                owner: s.owner,
                level: s.level,
            })
        };
        let declarer_tricks = match outcome.valat {
            Some(Party::Declarer) => TRICKS,
            Some(Party::Opponents) => 0,
            None => TRICKS / 2,
        };
        let facts = Facts {
            kind: self.kind,
            parties,
            declarer_points: outcome.points,
            declarer_tricks,
            game: announced(Item::Game).unwrap_or(Announced {
                owner: Party::Declarer,
                level: 0,
            }),
            absolut: announced(Item::Absolut),
            pagat: announced(Item::Pagat),
            valat: announced(Item::Valat),
            pagat_fate: (Party::Declarer, PagatOutcome::PlayedEarlier),
            trull: None,
            four_kings: None,
            honneur: None,
            mond_caught: outcome.mond_caught,
        };
        settle(&facts, &view.rules, 1).change(self.me)
    }
}

/// The legal cards at the root without repeats of equal tarocks (the same in
/// every sample, since only this seat's hand and the played cards matter).
fn root_moves(view: &SeatView, legal: CardSet) -> CardSet {
    legal
        .iter()
        .filter(|c| representative(*c, legal, view) == *c)
        .collect()
}

/// The lowest card of `legal` that plays exactly like `card`: one-point
/// tarocks of this hand with no unplayed card between them.
fn representative(card: Card, legal: CardSet, view: &SeatView) -> Card {
    let plain = legal.intersect(CardSet::TAROCKS).without(CardSet::TRULL);
    if !plain.contains(card) {
        return card;
    }
    let k = Knowledge::from_view(view);
    let trick = view.trick.map_or(CardSet::EMPTY, |t| t.card_set());
    let alive = k.unseen.union(view.hand).union(trick).bits();
    let mut rep = card;
    loop {
        let below = alive & ((1u64 << rep.index()) - 1);
        if below == 0 {
            return rep;
        }
        let prev = Card::from_index(63 - below.leading_zeros() as u8).expect("a card");
        if !plain.contains(prev) {
            return rep;
        }
        rep = prev;
    }
}

/// The arena's oracle ([`crate::oracle`]) asks strong's own evaluation
/// about the one true deal instead of samples.
impl Strong {
    /// The card strong's evaluation picks when `hands` (every seat's cards
    /// now) is the deal, searched within `limit` nodes, `prefer` among
    /// equally good cards; `false` when the limit cut the search (`prefer`
    /// is returned then).
    pub(crate) fn choose_known(
        &mut self,
        view: &SeatView,
        hands: [CardSet; 4],
        limit: u64,
        prefer: Card,
    ) -> (Card, bool) {
        let legal = view.legal.expect("the seat is to act").cards;
        let fallback = prefer;
        let candidates = root_moves(view, legal);
        if candidates.len() < 2 {
            return (fallback, true);
        }
        let ctx = Context::new(view);
        self.solver.reset(limit);
        let Some(values) = self.evaluate(&ctx, view, hands, candidates) else {
            return (fallback, false);
        };
        let mut totals = [0i64; 40];
        for (card, v) in candidates.iter().zip(values) {
            totals[card.index() as usize] = v;
        }
        let value = |card: Card| totals[representative(card, candidates, view).index() as usize];
        let best = candidates.iter().map(value).max().expect("candidates");
        let card = if value(fallback) == best {
            fallback
        } else {
            candidates
                .iter()
                .find(|c| value(*c) == best)
                .expect("a best card")
        };
        (card, true)
    }
}

impl Player<Zwanzigerrufen> for Strong {
    fn name(&self) -> &str {
        if self.lookahead {
            "strong"
        } else {
            "strong-thresholds"
        }
    }

    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        match view.phase {
            Phase::Bidding => self.choose_bid(view, rng),
            _ => Action::Play(self.choose_card(view, rng).0),
        }
    }

    /// Card decisions with more than one legal card, those that fell back
    /// to the medium player's card (no sample finished) and those settled
    /// on fewer than `MIN_SAMPLES` (4) samples (thin).
    fn decision_stats(&self) -> DecisionStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::fd1_after_bidding;

    #[test]
    fn touching_tarocks_of_one_hand_are_searched_once() {
        let view = fd1_after_bidding().view(Seat::S0);
        let legal = view.legal.unwrap().cards;
        let card = |id: &str| id.parse::<Card>().unwrap();
        assert_eq!(representative(card("T13"), legal, &view), card("T11"));
        assert_eq!(representative(card("T12"), legal, &view), card("T11"));
        assert_eq!(representative(card("T20"), legal, &view), card("T20"));
        let moves = root_moves(&view, legal);
        assert_eq!(moves.len(), legal.len() - 2);
        assert!(moves.contains(card("T11")) && !moves.contains(card("T13")));
    }

    #[test]
    fn a_mond_led_into_an_opposing_skus_is_caught() {
        let hands = [
            "T21 cK".parse().unwrap(),
            "T22 cQ".parse().unwrap(),
            "T4 cN".parse().unwrap(),
            "T5 cJ".parse().unwrap(),
        ];
        let pos = Position {
            hands,
            trick: [Card::PAGAT; 4],
            len: 0,
            leader: Seat::S0,
        };
        // Seat 0 with seat 2 against seats 1 and 3: seat 1 holds the Sküs.
        assert_eq!(mondfang(&pos, Card::MOND, 0b0101), Some(Party::Declarer));
        assert_eq!(mondfang(&pos, "cK".parse().unwrap(), 0b0101), None);
        // With seat 1 as partner the Mond is safe.
        assert_eq!(mondfang(&pos, Card::MOND, 0b0011), None);
    }

    /// S0's Solo with the nine tarocks XXII … XIV and the club King (the
    /// Valat fixture of `tests/blunders.rs`). Leading tarocks until the
    /// opponents have none, S0 takes every trick unless one of them holds
    /// ten tarocks, and a tarock led first keeps that line open; the King
    /// led first is trumped wherever an opponent without clubs holds a
    /// tarock, which some of 16 samples deal (of the 30 unseen cards the
    /// opponents hold all 13 other tarocks and only 7 clubs).
    #[test]
    fn the_valat_pass_counts_the_king_led_before_the_tarocks_and_no_tarock() {
        use tarock_zwanzigerrufen::{Bid, Deal, Game, Preset};
        let hands = [
            "T22 T21 T20 T19 T18 T17 T16 T15 T14 cK",
            "T13 T12 T11 T10 sK sQ sN sJ s10 hK",
            "T9 T8 T7 T6 cQ cN cJ c10 hQ hN",
            "T5 T4 T1 hJ hA dK dQ dN dJ dA",
        ]
        .map(|h| h.parse().unwrap());
        let rules = Preset::Standard.rules();
        let mut game = Game::new(rules, Deal::new(hands).unwrap(), Seat::S0).unwrap();
        game.apply_turn(Seat::S0, &[Bid::Game(GameKind::Solo)])
            .unwrap();
        for seat in [Seat::S1, Seat::S2, Seat::S3] {
            game.apply_turn(seat, &[]).unwrap();
        }
        let view = game.view(Seat::S0);
        let candidates = root_moves(&view, view.legal.unwrap().cards);
        let mut strong = Strong::new();
        let mut risk = [0u32; 40];
        let k = Knowledge::from_view(&view);
        strong.valat_pass(&Context::new(&view), &view, &k, candidates, &mut risk);
        let card = |id: &str| id.parse::<Card>().unwrap().index() as usize;
        assert!(risk[card("cK")] > 0, "{risk:?}");
        for t in ["T22", "T21", "T14"] {
            assert_eq!(risk[card(t)], 0, "{t}");
        }
    }

    #[test]
    fn the_strong_player_plays_a_legal_card_and_reports_its_samples() {
        use rand::SeedableRng;
        let mut game = fd1_after_bidding();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        let mut medium = crate::Medium::new();
        // Medium players play the first five tricks and on to a real choice.
        while game.tricks().len() < 5 || game.legal_cards().len() < 2 {
            let seat = game.to_act().unwrap();
            let action = medium.choose(&game.view(seat), &mut rng);
            game.apply(seat, action).unwrap();
        }
        let view = game.view(game.to_act().unwrap());
        let mut strong = Strong::with_config(StrongConfig {
            samples: 6,
            node_budget: 200_000,
            time_cap: None,
            ..StrongConfig::default()
        });
        let (card, samples) = strong.choose_card(&view, &mut rng);
        assert!(view.legal.unwrap().cards.contains(card));
        assert!((MIN_SAMPLES..=6).contains(&samples), "{samples}");
        assert_eq!(strong.last_decision().0, samples);
    }
}
