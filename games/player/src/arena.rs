//! The duplicate arena, once for every game: two player types, A and B,
//! measured against each other on the same cards.
//!
//! A *set* is one sequence of decks drawn from the seed (deck k of set i is
//! always the same) and a first seat. Each set is played once for every
//! seating in [`patterns`]: the rotations of an alternating pattern
//! (A B A B …) and of its complement, so that over a set each type sits in
//! every seat equally often and holds the same cards from every seat. Each
//! play is a whole round (a tarock deal, a 20 ab session), scored by its
//! settlement in units; a round still running after
//! [`Config::max_decks`] decks scores 0 for everyone. A type's result for a
//! set is the mean of its seats' units over all plays of the set; the
//! difference A − B per set gives the mean and a 95 % interval (normal
//! approximation over the sets), see [`Summary`].
//!
//! What a game counts beside the units (its contracts, who declared, a
//! score beside the money) it keeps in a [`Ledger`]'s note per play.
//!
//! Blunders (issue 33, point 6): at every decision the arena asks the
//! game's [`Ledger::blunders`] which of its predicates the chosen action
//! fulfils, given the whole round before it (every hidden card, which the
//! arena alone knows), and counts them per type ([`Tally`]); a game's
//! report prints them with [`Outcome::write_blunders`] and puts
//! [`Outcome::blunders_json`] in its JSON line. With the environment
//! variable [`BLUNDER_LOG`] set, each counted blunder is also written to
//! standard error as one JSON line ([`blunder_line`]): the player, the
//! seat, the action, the predicates and the round's record before the
//! action, from which a test can rebuild the position.
//!
//! An `--oracle` run ([`Match::oracle`]) plays the deal set twice: strong
//! against medium, then the game's [`Oracle`] (built only here, from a
//! [`Sight`]) against medium, the same decks and seatings; the
//! [`recovery`](crate::recovery::report) figures compare the two.

use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::Value;
use tarock_game_core::{Game, RngCore, Seat, SetupError};

use crate::recovery::{self, Pair};
use crate::{Computers, DecisionStats, Level, Player};

/// How a set's random numbers come from the seed. Each game keeps the
/// scheme its published figures were measured with, so that their seeds
/// still give the same deal sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Streams {
    /// One deal per round (tarock): set i's first seat is `i mod seats`,
    /// deck k comes from stream (i, k), every seating's players from
    /// stream (i, 1).
    Deal,
    /// Many deals per round (a 20 ab session): set i's dealer is
    /// `i mod seats` (the first seat the one after him), seating p's players
    /// draw from stream (i, 1000 + p), and the streams are mixed once more.
    Session,
}

impl Streams {
    /// The seed of stream `k` of set `set`.
    pub fn mix(self, seed: u64, set: u64, k: u64) -> u64 {
        let mut x =
            seed ^ set.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ k.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 31;
        x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
        match self {
            Streams::Deal => x,
            Streams::Session => x ^ (x >> 29),
        }
    }

    /// The first seat to act in set `set` at a table of `seats`.
    pub fn first(self, set: u64, seats: u8) -> Seat {
        let n = u64::from(seats);
        let first = match self {
            Streams::Deal => set % n,
            Streams::Session => (set % n + 1) % n,
        };
        Seat::new(u8::try_from(first).expect("below the seat count"))
    }

    /// The seed of the players' random numbers in seating `seating` of set `set`.
    pub fn players(self, seed: u64, set: u64, seating: usize) -> u64 {
        match self {
            Streams::Deal => self.mix(seed, set, 1),
            Streams::Session => self.mix(seed, set, 1_000 + seating as u64),
        }
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Config<G: Game> {
    /// The rules.
    pub rules: G::Rules,
    /// Seats at the table.
    pub seats: u8,
    /// Duplicate sets to play.
    pub sets: u64,
    /// Seed for the decks and the players' random numbers.
    pub seed: u64,
    /// Worker threads (the result does not depend on it).
    pub threads: usize,
    /// A round still waiting for a deck after this many is scored 0.
    pub max_decks: u32,
    /// How the seed becomes decks and players' random numbers.
    pub streams: Streams,
}

/// What a game counts in the arena beside the units: a note per play, and
/// which decisions are timed.
pub trait Ledger<G: Game>: Sync {
    /// What the game remembers of one play.
    type Note: Send;

    /// Whether the time of a decision at `view` counts (real choices only,
    /// e.g. a card with more than one legal).
    fn timed(&self, _view: &G::SeatView) -> bool {
        true
    }

    /// Deals the next deck into `round` from `rng`: the game's own deal
    /// unless the game keeps the deal sets of its published figures.
    fn deal(&self, round: &mut G, rng: &mut dyn RngCore) {
        round.deal(rng).expect("the round needs a deck");
    }

    /// The note of a play that ended (or was stopped): `is_a[seat]` tells
    /// which seats played type A.
    ///
    /// # Errors
    /// A message when the round is not as the game promises (a bug).
    fn note(&self, round: &G, is_a: &[bool]) -> Result<Self::Note, String>;

    /// Each seat's part in the play that ended (its contract and side),
    /// for splitting the oracle's figures; `None` where a round has no one
    /// contract (a 20 ab session).
    fn parts(&self, _round: &G) -> Option<Vec<Part>> {
        None
    }

    /// The names of the game's blunder predicates, bit `i` of
    /// [`Ledger::blunders`] standing for name `i` (at most 64); none by
    /// default.
    fn blunder_names(&self) -> &'static [&'static str] {
        &[]
    }

    /// The blunders `action` makes when `seat` chooses it at `view` in
    /// `round` (the round before the action: the true deal, every hidden
    /// card included), as bits over [`Ledger::blunder_names`]. A predicate
    /// that needs hidden cards is decided on the true deal here: what the
    /// arena counts is confirmed, not suspected.
    fn blunders(&self, _round: &G, _seat: Seat, _view: &G::SeatView, _action: &G::Action) -> u64 {
        0
    }

    /// How likely the game's inference about hidden hands judges the true
    /// deal when `seat` is to act at `view` in `round`: the share (0 … 1)
    /// of the seat's own samples that its inference weighs below the true
    /// deal, ties counted half (0.5: the inference tells the truth from a
    /// guess no better than chance; above: it favours the truth). `None`
    /// where the game does not infer or the decision has nothing hidden to
    /// judge. The game seeds its own random numbers, so the players' do
    /// not change.
    fn true_deal_rank(&self, _round: &G, _seat: Seat, _view: &G::SeatView) -> Option<f64> {
        None
    }
}

/// A type's decisions and how many of them fulfilled each of the game's
/// blunder predicates ([`Ledger::blunders`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Decisions taken (every action chosen, forced or not).
    pub decisions: u64,
    /// Per predicate (in [`Ledger::blunder_names`]' order): decisions that
    /// fulfilled it.
    pub counts: Vec<u64>,
    /// Decisions whose true deal the game's inference ranked
    /// ([`Ledger::true_deal_rank`]).
    pub ranked: u64,
    /// The sum of those ranks, in thousandths.
    pub rank_milli: u64,
}

impl Tally {
    /// Counts one decision with the blunder bits `bits`.
    pub fn add(&mut self, bits: u64, predicates: usize) {
        self.decisions += 1;
        if self.counts.len() < predicates {
            self.counts.resize(predicates, 0);
        }
        for (i, count) in self.counts.iter_mut().enumerate() {
            *count += (bits >> i) & 1;
        }
    }

    /// Counts one rank of the true deal (0 … 1).
    pub fn rank(&mut self, rank: f64) {
        self.ranked += 1;
        self.rank_milli += (rank.clamp(0.0, 1.0) * 1000.0).round() as u64;
    }

    /// The mean rank of the true deal, where any was ranked.
    pub fn mean_rank(&self) -> Option<f64> {
        (self.ranked > 0).then(|| self.rank_milli as f64 / 1000.0 / self.ranked as f64)
    }

    /// Adds `other`'s decisions and counts to this one.
    pub fn merge(&mut self, other: &Tally) {
        self.decisions += other.decisions;
        self.ranked += other.ranked;
        self.rank_milli += other.rank_milli;
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (count, more) in self.counts.iter_mut().zip(&other.counts) {
            *count += more;
        }
    }

    /// Predicate `i`'s count (0 where nothing was counted).
    pub fn count(&self, i: usize) -> u64 {
        self.counts.get(i).copied().unwrap_or(0)
    }

    /// Predicate `i`'s rate per 1 000 decisions (0 without decisions).
    pub fn per_mille(&self, i: usize) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            1000.0 * self.count(i) as f64 / self.decisions as f64
        }
    }
}

/// A seat's part in one play: the contract played and whether the seat was
/// on the declarer's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Part {
    /// The contract's word, as the game's report names it.
    pub contract: &'static str,
    /// The seat played on the declarer's side (the declarer or his partner).
    pub declarer_side: bool,
}

/// One play of a set: a seating, its units and the game's note.
#[derive(Clone, Debug)]
pub struct Play<N> {
    /// Per seat: 0 = type A, 1 = type B.
    pub pattern: Vec<usize>,
    /// Per seat: the units of the settlement (0 for everyone when stopped).
    pub units: Vec<i64>,
    /// Decks dealt.
    pub decks: u32,
    /// Whether the round ended (rather than being stopped).
    pub finished: bool,
    /// What the game noted.
    pub note: N,
    /// Each seat's part, where the game tells ([`Ledger::parts`]).
    pub parts: Option<Vec<Part>>,
}

impl<N> Play<N> {
    /// The units type `t`'s seats won together in this play.
    pub fn units_of(&self, t: usize) -> i64 {
        self.pattern
            .iter()
            .zip(&self.units)
            .filter(|(p, _)| **p == t)
            .map(|(_, u)| u)
            .sum()
    }
}

/// Everything one set gave.
#[derive(Clone, Debug)]
pub struct SetResult<N> {
    /// The plays, one per seating of [`patterns`].
    pub plays: Vec<Play<N>>,
    /// Timed decisions in microseconds, for A and for B.
    pub micros: [Vec<u32>; 2],
    /// What the players of A and of B counted of their decisions
    /// ([`Player::decision_stats`], [`Oracle::decision_stats`]).
    pub stats: [DecisionStats; 2],
    /// The blunders of A and of B ([`Ledger::blunders`]).
    pub blunders: [Tally; 2],
}

impl<N> SetResult<N> {
    /// Type `t`'s mean units per seat over the set's plays.
    pub fn per_seat(&self, t: usize) -> f64 {
        let units: i64 = self.plays.iter().map(|p| p.units_of(t)).sum();
        let seats: usize = self
            .plays
            .iter()
            .map(|p| p.pattern.iter().filter(|x| **x == t).count())
            .sum();
        units as f64 / seats.max(1) as f64
    }
}

/// A play went wrong: a player chose an illegal action, or the game's
/// ledger found the round broken (both bugs).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("deal {set}, play {play}: {message}")]
pub struct ArenaError {
    /// The set.
    pub set: u64,
    /// The seating within the set.
    pub play: usize,
    /// What went wrong.
    pub message: String,
}

/// The seatings of a set: for each, which type (0 = A, 1 = B) sits in each
/// seat. Rotations of A B A B … and of B A B A …, without repeats.
pub fn patterns(seats: u8) -> Vec<Vec<usize>> {
    let n = usize::from(seats);
    let mut out: Vec<Vec<usize>> = Vec::new();
    for first in 0..2 {
        let base: Vec<usize> = (0..n).map(|i| (i + first) % 2).collect();
        for r in 0..n {
            let p: Vec<usize> = (0..n).map(|i| base[(i + r) % n]).collect();
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// The arena's seal: the one thing an [`Oracle`] is built from. Only this
/// module makes one (its field is private and it is neither `Clone` nor
/// `Default`), and it lends it only for the call that builds the oracle of
/// an `--oracle` run, so no table, bot or [`Player`] can hold an oracle.
///
/// ```compile_fail
/// // Outside the arena a seal cannot be made.
/// let sight = tarock_player::arena::Sight { _sealed: () };
/// ```
pub struct Sight {
    _sealed: (),
}

impl Sight {
    /// The seal, for this module only.
    const fn new() -> Sight {
        Sight { _sealed: () }
    }
}

/// A perfect-information reference player: it chooses from the whole
/// round, every hand, talon and stock included. It is not a [`Player`]
/// (a player sees only its seat's view); the arena alone builds one, from
/// a [`Sight`], and measures how far the computers are from it.
pub trait Oracle<G: Game>: Send {
    /// The name the report uses.
    fn name(&self) -> &str {
        "oracle"
    }

    /// The action of the seat to act in `round`, chosen by looking at
    /// everything.
    fn choose(&mut self, round: &G, rng: &mut dyn RngCore) -> G::Action;

    /// Its decisions so far, and (as `fallbacks`) how many of them it did
    /// not solve exactly: a valid bound needs none.
    fn decision_stats(&self) -> DecisionStats;
}

/// How an arena builds its game's oracle: the function (given the seal) and
/// the game's frozen published deal set.
pub struct OracleSetup<G: Game> {
    /// Builds one oracle (one per seat and play).
    pub make: fn(&Sight) -> Box<dyn Oracle<G>>,
    /// The seed of the game's frozen deal set (`--seed frozen`).
    pub frozen_seed: u64,
}

/// What an oracle's game-specific part ([`Seer`]) made of one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen<A> {
    /// A decision the oracle does not count (bidding, talon, announcements,
    /// a card with no alternative): taken as the strong player takes it.
    Uncounted(A),
    /// A counted decision (a card with more than one legal), and whether the
    /// search of the true deal solved it exactly.
    Counted {
        /// The action taken.
        action: A,
        /// Solved exactly: a valid bound needs every counted decision so.
        exact: bool,
    },
}

/// The game-specific part of an oracle: how the strong player's evaluation
/// decides with the whole round in sight. It is not an [`Oracle`] by
/// itself: [`Seeing`] makes it one, and only a [`Sight`] builds that.
pub trait Seer<G: Game>: Send {
    /// The action of the seat to act in `round`, and whether it counts as a
    /// decision solved exactly.
    fn see(&mut self, round: &G, rng: &mut dyn RngCore) -> Seen<G::Action>;
}

/// A game's oracle: its [`Seer`], and the count of its decisions and of
/// those not solved exactly (shared by every game, so that each counts the
/// same way).
pub struct Seeing<S> {
    seer: S,
    stats: DecisionStats,
}

impl<S> Seeing<S> {
    /// An oracle from its game-specific part, for the arena only (it alone
    /// holds a [`Sight`]).
    pub fn new(_sight: &Sight, seer: S) -> Seeing<S> {
        Seeing {
            seer,
            stats: DecisionStats::default(),
        }
    }
}

impl<G: Game, S: Seer<G>> Oracle<G> for Seeing<S> {
    fn choose(&mut self, round: &G, rng: &mut dyn RngCore) -> G::Action {
        match self.seer.see(round, rng) {
            Seen::Uncounted(action) => action,
            Seen::Counted { action, exact } => {
                self.stats.decisions += 1;
                self.stats.fallbacks += u64::from(!exact);
                action
            }
        }
    }

    fn decision_stats(&self) -> DecisionStats {
        self.stats
    }
}

/// One seat's contender in a play: a player or the oracle, with the
/// decisions its game's ledger times.
struct Contender<'a, G: Game, L> {
    entrant: Entrant<G>,
    ledger: &'a L,
    micros: Vec<u32>,
    blunders: Tally,
}

/// Who sits in a seat: a player (sees its seat's view) or an oracle (sees
/// the round).
enum Entrant<G: Game> {
    Player(Box<dyn Player<G>>),
    Oracle(Box<dyn Oracle<G>>),
}

impl<G: Game, L: Ledger<G>> Contender<'_, G, L> {
    fn name(&self) -> &str {
        match &self.entrant {
            Entrant::Player(p) => p.name(),
            Entrant::Oracle(o) => o.name(),
        }
    }

    fn stats(&self) -> DecisionStats {
        match &self.entrant {
            Entrant::Player(p) => p.decision_stats(),
            Entrant::Oracle(o) => o.decision_stats(),
        }
    }

    /// The action for `seat`, which is to act in `round`, timed when the
    /// ledger times decisions at the seat's view, its blunders counted.
    fn choose(
        &mut self,
        round: &G,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Result<G::Action, String> {
        let view = round.seat_view(seat).ok_or("the seat to act has no view")?;
        if let Some(rank) = self.ledger.true_deal_rank(round, seat, &view) {
            self.blunders.rank(rank);
        }
        let start = Instant::now();
        let action = match &mut self.entrant {
            Entrant::Player(p) => p.choose(&view, rng),
            Entrant::Oracle(o) => o.choose(round, rng),
        };
        let micros = start.elapsed().as_micros();
        if self.ledger.timed(&view) {
            self.micros.push(u32::try_from(micros).unwrap_or(u32::MAX));
        }
        let bits = self.ledger.blunders(round, seat, &view, &action);
        if bits != 0 && std::env::var_os(BLUNDER_LOG).is_some() {
            let names = self.ledger.blunder_names();
            eprintln!(
                "{}",
                blunder_line(round, self.name(), seat, &action, bits, names)
            );
        }
        let predicates = self.ledger.blunder_names().len();
        self.blunders.add(bits, predicates);
        Ok(action)
    }
}

/// The environment variable that makes the arena list each blunder it
/// counts on standard error ([`blunder_line`]).
pub const BLUNDER_LOG: &str = "TAROCK_BLUNDER_LOG";

/// One counted blunder as a JSON line: the player's name, the seat, the
/// action's token, the names of the predicates in `bits`, and the round's
/// record before the action (`null` where the game writes none mid-turn).
pub fn blunder_line<G: Game>(
    round: &G,
    player: &str,
    seat: Seat,
    action: &G::Action,
    bits: u64,
    names: &[&str],
) -> String {
    let blunders: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(i, _)| bits >> i & 1 != 0)
        .map(|(_, name)| *name)
        .collect();
    serde_json::json!({
        "player": player,
        "seat": seat.index(),
        "action": G::action_token(action),
        "blunders": blunders,
        "record": round.to_record(),
    })
    .to_string()
}

/// Plays until the round is over or waits for a deck, checking every
/// action against the rules (a refused action leaves the round as it was).
fn play_to_deck<G: Game, L: Ledger<G>>(
    round: &mut G,
    seats: &mut [Contender<'_, G, L>],
    rng: &mut dyn RngCore,
) -> Result<(), String> {
    while let Some(seat) = round.to_act() {
        let contender = &mut seats[seat.index()];
        let action = contender.choose(round, seat, rng)?;
        if let Err(error) = round.apply(seat, action) {
            return Err(format!(
                "player {} at seat {seat} chose {}, which is illegal: {error}",
                contender.name(),
                G::action_token(&action)
            ));
        }
    }
    Ok(())
}

/// A player of type 0 (A) or 1 (B).
pub type Make<'a, G> = dyn Fn(usize) -> Box<dyn Player<G>> + Sync + 'a;

/// A contender of type 0 (A) or 1 (B).
type MakeEntrant<'a, G> = dyn Fn(usize) -> Entrant<G> + Sync + 'a;

fn play_set<G: Game, L: Ledger<G>>(
    config: &Config<G>,
    ledger: &L,
    make: &MakeEntrant<'_, G>,
    set: u64,
) -> Result<SetResult<L::Note>, ArenaError> {
    let mut result = SetResult {
        plays: Vec::new(),
        micros: [Vec::new(), Vec::new()],
        stats: [DecisionStats::default(); 2],
        blunders: [Tally::default(), Tally::default()],
    };
    let streams = config.streams;
    for (p, pattern) in patterns(config.seats).into_iter().enumerate() {
        let fail = |message: String| ArenaError {
            set,
            play: p,
            message,
        };
        let mut seats: Vec<Contender<'_, G, L>> = pattern
            .iter()
            .map(|t| Contender {
                entrant: make(*t),
                ledger,
                micros: Vec::new(),
                blunders: Tally::default(),
            })
            .collect();
        let mut rng = SmallRng::seed_from_u64(streams.players(config.seed, set, p));
        let first = streams.first(set, config.seats);
        let mut round = G::new_round(config.rules.clone(), config.seats, first)
            .map_err(|e| fail(e.to_string()))?;
        let mut decks = 0;
        while !round.is_over() {
            if round.needs_deck() {
                if decks == config.max_decks {
                    break;
                }
                let seed = streams.mix(config.seed, set, u64::from(decks));
                ledger.deal(&mut round, &mut SmallRng::seed_from_u64(seed));
                decks += 1;
            }
            play_to_deck(&mut round, &mut seats, &mut rng).map_err(fail)?;
            if !round.is_over() && !round.needs_deck() && round.to_act().is_none() {
                return Err(fail("nobody is to act in a round that is not over".into()));
            }
        }
        let is_a: Vec<bool> = pattern.iter().map(|t| *t == 0).collect();
        let note = ledger.note(&round, &is_a).map_err(fail)?;
        let parts = ledger.parts(&round);
        let units = round
            .settlement()
            .map_or_else(|| vec![0; pattern.len()], |s| s.units().to_vec());
        for (t, contender) in pattern.iter().zip(&mut seats) {
            result.micros[*t].append(&mut contender.micros);
            result.stats[*t] = result.stats[*t].plus(contender.stats());
            result.blunders[*t].merge(&contender.blunders);
        }
        result.plays.push(Play {
            pattern,
            units,
            decks,
            finished: round.is_over(),
            note,
            parts,
        });
    }
    Ok(result)
}

/// Plays `config.sets` duplicate sets with players made by `make(0)` (type
/// A) and `make(1)` (type B), on as many threads as the config says; the
/// results, in set order, do not depend on the threads.
///
/// # Errors
/// [`ArenaError`] for the first set that went wrong.
pub fn run<G: Game, L: Ledger<G>>(
    config: &Config<G>,
    ledger: &L,
    make: &Make<'_, G>,
) -> Result<Vec<SetResult<L::Note>>, ArenaError> {
    run_entrants(config, ledger, &|t| Entrant::Player(make(t)))
}

/// [`run`] with any contenders: players or the arena's oracle.
fn run_entrants<G: Game, L: Ledger<G>>(
    config: &Config<G>,
    ledger: &L,
    make: &MakeEntrant<'_, G>,
) -> Result<Vec<SetResult<L::Note>>, ArenaError> {
    let next = AtomicU64::new(0);
    type Slot<N> = Option<Result<SetResult<N>, ArenaError>>;
    let slots: Mutex<Vec<Slot<L::Note>>> = Mutex::new((0..config.sets).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.sets {
                        break;
                    }
                    let r = play_set(config, ledger, make, i);
                    let failed = r.is_err();
                    slots.lock().expect("no worker panicked")[i as usize] = Some(r);
                    if failed {
                        next.store(config.sets, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    slots
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .flatten()
        .collect()
}

/// The units of an arena run per seat: the figures every game reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Sets played.
    pub sets: u64,
    /// Plays (sets × seatings).
    pub plays: u64,
    /// Decks dealt in all plays.
    pub decks: u64,
    /// Plays stopped at the deck limit (scored 0).
    pub unfinished: u64,
    /// Finished plays by their length: entry `k` counts the plays that
    /// ended with their deck `k + 1`.
    pub lengths: Vec<u64>,
    /// Mean units per seat and play, for A and B.
    pub mean: [f64; 2],
    /// Mean of the per-set differences A − B (per seat).
    pub diff: f64,
    /// Its 95 % interval.
    pub ci95: [f64; 2],
    /// Timed decisions in milliseconds (p50, p99, max) for A and B.
    pub decision_ms: [[f64; 3]; 2],
}

impl Summary {
    /// The summary of `results`, with `lengths` counted up to `max_decks`.
    pub fn of<N>(results: &[SetResult<N>], max_decks: u32) -> Summary {
        let plays = || results.iter().flat_map(|r| r.plays.iter());
        let diffs: Vec<f64> = results
            .iter()
            .map(|r| r.per_seat(0) - r.per_seat(1))
            .collect();
        let (diff, half) = mean_ci(&diffs);
        let mean = [0, 1].map(|t| {
            let units: i64 = plays().map(|p| p.units_of(t)).sum();
            let seats: usize = plays()
                .map(|p| p.pattern.iter().filter(|x| **x == t).count())
                .sum();
            units as f64 / seats.max(1) as f64
        });
        let mut lengths = vec![0; max_decks as usize];
        for p in plays().filter(|p| p.finished && p.decks >= 1) {
            if let Some(slot) = lengths.get_mut(p.decks as usize - 1) {
                *slot += 1;
            }
        }
        Summary {
            sets: results.len() as u64,
            plays: plays().count() as u64,
            decks: plays().map(|p| u64::from(p.decks)).sum(),
            unfinished: plays().filter(|p| !p.finished).count() as u64,
            lengths,
            mean,
            diff,
            ci95: [diff - half, diff + half],
            decision_ms: [0, 1].map(|t| {
                let times = decision_times(results, t);
                [0.5, 0.99, 1.0].map(|q| percentile(&times, q))
            }),
        }
    }

    /// The length (in decks) that at least `q` (0–1) of all plays reach no
    /// later than; `None` when that share includes unfinished plays.
    pub fn length_quantile(&self, q: f64) -> Option<u32> {
        let want = (q * self.plays as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (k, count) in self.lengths.iter().enumerate() {
            seen += count;
            if seen >= want {
                return Some(k as u32 + 1);
            }
        }
        None
    }

    /// Plays that ended within `decks` decks.
    pub fn ended_within(&self, decks: u32) -> u64 {
        self.lengths.iter().take(decks as usize).sum()
    }
}

/// Type `t`'s timed decisions over all sets, sorted, in microseconds.
pub fn decision_times<N>(results: &[SetResult<N>], t: usize) -> Vec<u32> {
    let mut all: Vec<u32> = results
        .iter()
        .flat_map(|r| r.micros[t].iter().copied())
        .collect();
    all.sort_unstable();
    all
}

/// Mean and the half width of its 95 % interval (normal approximation).
pub fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, f64::INFINITY);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The `q` quantile (0–1) of sorted microseconds, in milliseconds.
pub fn percentile(sorted: &[u32], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

/// A match as `tarock arena` asks for it, for any game.
#[derive(Clone, Debug)]
pub struct Match {
    /// Types A and B.
    pub levels: [Level; 2],
    /// Duplicate sets (tarock: deals; 20 ab: sessions' decks).
    pub sets: u64,
    /// The rules in record form: a preset name or an object.
    pub rules: Value,
    /// Seed for the deal set and the players.
    pub seed: u64,
    /// Worker threads (the result does not depend on it).
    pub threads: usize,
    /// Seats, for a game whose arena lets the table size vary.
    pub seats: u8,
    /// Measure the recovery ratio: strong and the oracle each against
    /// medium on the same deals (`levels` are then strong and medium).
    pub oracle: bool,
}

/// Why an arena did not run or report.
#[derive(Debug, thiserror::Error)]
pub enum ArenaFailure {
    /// Rules or seats the game refuses.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// `--oracle` for a game whose arena has no oracle.
    #[error("{0} has no oracle")]
    NoOracle(&'static str),
    /// A level the game does not offer.
    #[error("{game} has no {level} computer player")]
    Level {
        /// The game's id.
        game: &'static str,
        /// The level asked for.
        level: Level,
    },
    /// No sets to play.
    #[error("--deals must be at least 1")]
    NoSets,
    /// A play went wrong (a bug).
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// The report could not be written (its source is the write's error,
    /// so that a caller can tell a reader that went away).
    #[error("the report could not be written")]
    Io(#[from] io::Error),
}

/// The keys types A and B are reported under: their level names, with
/// `/A` and `/B` when both are the same level.
pub fn keys(levels: [Level; 2]) -> [String; 2] {
    let [a, b] = levels.map(Level::name);
    if a == b {
        [format!("{a}/A"), format!("{b}/B")]
    } else {
        [a.to_owned(), b.to_owned()]
    }
}

/// A finished run, for a game's report.
pub struct Outcome<'a, G: Game, N> {
    /// The match asked for.
    pub asked: &'a Match,
    /// The config it was played with.
    pub config: &'a Config<G>,
    /// The sets, in order.
    pub results: &'a [SetResult<N>],
    /// Wall-clock seconds of the run (reported, never asserted).
    pub seconds: f64,
    /// The names of the game's blunder predicates ([`Ledger::blunder_names`]).
    pub blunder_names: &'static [&'static str],
}

impl<G: Game, N> Outcome<'_, G, N> {
    /// The blunders of A and of B over all sets.
    pub fn blunders(&self) -> [Tally; 2] {
        let mut tallies = [Tally::default(), Tally::default()];
        for r in self.results {
            for (tally, more) in tallies.iter_mut().zip(&r.blunders) {
                tally.merge(more);
            }
        }
        tallies
    }

    /// The blunders for the JSON line: per type key, its decisions and
    /// each predicate's count, and under `per_1000` each rate per 1 000
    /// decisions.
    pub fn blunders_json(&self) -> Value {
        let mut all = serde_json::Map::new();
        for (key, tally) in keys(self.asked.levels).into_iter().zip(self.blunders()) {
            let mut entry = serde_json::Map::new();
            let mut rates = serde_json::Map::new();
            entry.insert("decisions".into(), tally.decisions.into());
            for (i, name) in self.blunder_names.iter().enumerate() {
                entry.insert((*name).into(), tally.count(i).into());
                rates.insert((*name).into(), tally.per_mille(i).into());
            }
            entry.insert("per_1000".into(), rates.into());
            if let Some(rank) = tally.mean_rank() {
                entry.insert("true_deal_rank".into(), rank.into());
                entry.insert("ranked".into(), tally.ranked.into());
            }
            all.insert(key, entry.into());
        }
        all.into()
    }

    /// Prints the blunders, one line per type: its decisions, and each
    /// predicate's count and rate per 1 000 decisions.
    ///
    /// # Errors
    /// A failed write.
    pub fn write_blunders(&self, out: &mut dyn Write) -> io::Result<()> {
        for (key, tally) in keys(self.asked.levels).iter().zip(self.blunders()) {
            if let Some(rank) = tally.mean_rank() {
                writeln!(
                    out,
                    "  {key:<10} true deal ranked {rank:.3} among its samples by inference ({} decisions; 0.5: no better than chance)",
                    tally.ranked
                )?;
            }
            if self.blunder_names.is_empty() {
                continue;
            }
            let each: Vec<String> = self
                .blunder_names
                .iter()
                .enumerate()
                .map(|(i, name)| format!("{name} {} ({:.2} ‰)", tally.count(i), tally.per_mille(i)))
                .collect();
            writeln!(
                out,
                "  {key:<10} blunders in {} decisions: {}",
                tally.decisions,
                each.join(", ")
            )?;
        }
        Ok(())
    }
}

/// Prints an arena's outcome, its JSON summary last.
pub type Report<G, L> =
    fn(&Outcome<'_, G, <L as Ledger<G>>::Note>, &mut dyn Write) -> io::Result<()>;

/// One game's duplicate arena as data: its computers, ledger, streams, seat
/// rule and report. A game's AI module holds one as a `static`, the
/// registry lists them as [`DynArena`]s.
pub struct Duplicate<G: Game, L: Ledger<G>> {
    /// The game's computer players.
    pub computers: &'static Computers<G>,
    /// What the game counts per play.
    pub ledger: L,
    /// How the seed becomes decks and players' random numbers.
    pub streams: Streams,
    /// The table size, when the game's arena has one (else [`Match::seats`]).
    pub seats: Option<u8>,
    /// A round still waiting for a deck after this many is scored 0.
    pub max_decks: u32,
    /// Prints the outcome, its JSON summary last.
    pub report: Report<G, L>,
    /// The game's oracle, for `--oracle` runs.
    pub oracle: Option<OracleSetup<G>>,
}

/// A game's [`Duplicate`] arena, object-safe.
pub trait DynArena: Sync {
    /// The game's id.
    fn game(&self) -> &'static str;
    /// Plays `asked` and writes the report to `out`.
    ///
    /// # Errors
    /// [`ArenaFailure`]: refused rules, seats or levels, a failed play, or
    /// a failed write.
    fn run(&self, asked: &Match, out: &mut dyn Write) -> Result<(), ArenaFailure>;
    /// The seed of the game's frozen oracle deal set, when it has an oracle.
    fn frozen_seed(&self) -> Option<u64>;
}

impl<G: Game, L: Ledger<G>> DynArena for Duplicate<G, L> {
    fn game(&self) -> &'static str {
        G::ID
    }

    fn run(&self, asked: &Match, out: &mut dyn Write) -> Result<(), ArenaFailure> {
        let rules = G::rules_from_spec(&asked.rules)?;
        for level in asked.levels {
            if !self.computers.levels().contains(&level) {
                return Err(ArenaFailure::Level { game: G::ID, level });
            }
        }
        if asked.sets == 0 {
            return Err(ArenaFailure::NoSets);
        }
        let seats = self.seats.unwrap_or(asked.seats);
        tarock_game_core::check_seats::<G>(seats, Seat::new(0))?;
        let config = Config {
            rules,
            seats,
            sets: asked.sets,
            seed: asked.seed,
            threads: asked.threads,
            max_decks: self.max_decks,
            streams: self.streams,
        };
        let start = Instant::now();
        let make = |t: usize| {
            self.computers
                .player(asked.levels[t])
                .expect("levels checked above")
        };
        let setup = match (&self.oracle, asked.oracle) {
            (_, false) => None,
            (Some(setup), true) => Some(setup),
            (None, true) => return Err(ArenaFailure::NoOracle(G::ID)),
        };
        let results = run(&config, &self.ledger, &make)?;
        let outcome = Outcome {
            asked,
            config: &config,
            results: &results,
            seconds: start.elapsed().as_secs_f64(),
            blunder_names: self.ledger.blunder_names(),
        };
        (self.report)(&outcome, out)?;
        let Some(setup) = setup else {
            return Ok(());
        };
        // The same deal set once more, the oracle in the seats of type A.
        let start = Instant::now();
        let sight = Sight::new();
        let make = |t: usize| match t {
            0 => Entrant::Oracle((setup.make)(&sight)),
            _ => Entrant::Player(make(1)),
        };
        let oracle = run_entrants(&config, &self.ledger, &make)?;
        let pair = Pair {
            strong: &results,
            oracle: &oracle,
        };
        recovery::report(&pair, asked, start.elapsed().as_secs_f64(), out)?;
        Ok(())
    }

    fn frozen_seed(&self) -> Option<u64> {
        self.oracle.as_ref().map(|o| o.frozen_seed)
    }
}
