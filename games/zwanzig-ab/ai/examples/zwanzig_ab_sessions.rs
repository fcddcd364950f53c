//! How 20 ab sessions of computer players unfold, deal by deal, and quick
//! duplicate duels between player variants: the measurements behind
//! docs/RULES.md ("Sessions of five that do not end") and the players'
//! budgets in the README.
//!
//! ```sh
//! # Per deal: sessions still running, players in the deal, drops used,
//! # the sum and the lowest of the scores (all-easy table of five):
//! cargo run --release -p tarock-zwanzig-ab-ai --example zwanzig_ab_sessions -- easy 5 300
//! # A duplicate duel of two variants (4 seats, 300 sets, 1 thread):
//! cargo run --release -p tarock-zwanzig-ab-ai --example zwanzig_ab_sessions -- \
//!     duel strong sim:48,0.5,1.2,0,0,0.5 4 300 1
//! ```
//!
//! A player is a level (`easy`, `medium`, `strong`) or a variant:
//! - `drop:T,R,S`: easy, but drops only below `T` expected tricks and keeps
//!   `R` drops until its score is at `S` or below;
//! - `sim:SAMPLES,OPPONENTS,DROP_COST,TRUMP,EXCHANGE,MARGIN[,DECISIONS[,EXACT]]`:
//!   the strong player with these settings (`TRUMP`/`EXCHANGE` 1 = simulate,
//!   0 = easy rules; `DECISIONS` guessed deals for trump, exchange and drop
//!   and the fourth trick of a seat without a trick, 0 or absent =
//!   `SAMPLES`; `EXACT` last tricks of a simulated deal played out exactly,
//!   absent = the strong player's).

use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use tarock_player::Level;
use tarock_player::arena::{Config, Streams, Summary, run};
use tarock_zwanzig_ab::ZwanzigAb;
use tarock_zwanzig_ab::sim::shuffled_deck;
use tarock_zwanzig_ab::{Action, Phase, Rules, SeatView, Session, Step};
use tarock_zwanzig_ab_ai::arena::Notes;
use tarock_zwanzig_ab_ai::drive::play_deal;
use tarock_zwanzig_ab_ai::eval::expected_tricks;
use tarock_zwanzig_ab_ai::{Easy, Player, Strong, StrongConfig, easy};

/// Deals after which a session is stopped.
const MAX_DEALS: usize = 100;

/// Easy, with another drop rule.
struct DropRule {
    threshold: f64,
    reserve: u8,
    reserve_score: i32,
}

impl Player<ZwanzigAb> for DropRule {
    fn name(&self) -> &str {
        "drop"
    }

    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        let p = &view.public;
        if p.phase != Phase::Exchange {
            return Easy::new().choose(view, rng);
        }
        let legal = view.legal.expect("the seat is to act");
        let trump = p.trump.expect("trump is named");
        let opponents = u32::from(p.players) - 1 - p.dropped.len() as u32;
        let me = view.seat.index();
        let may =
            legal.drop && (p.drops_left[me] > self.reserve || p.scores[me] <= self.reserve_score);
        if may && expected_tricks(view.hand, trump, opponents) < self.threshold {
            return Action::Drop;
        }
        easy::exchange(
            view.hand,
            trump,
            false,
            u32::from(legal.swap_max),
            opponents,
        )
    }
}

fn number<T: std::str::FromStr>(text: &str) -> T {
    text.parse()
        .unwrap_or_else(|_| panic!("{text:?} is not a number"))
}

/// The player a spec names.
fn player(spec: &str) -> Box<dyn Player<ZwanzigAb>> {
    if let Some(rest) = spec.strip_prefix("drop:") {
        let v: Vec<&str> = rest.split(',').collect();
        assert_eq!(v.len(), 3, "drop:THRESHOLD,RESERVE,RESERVE_SCORE");
        return Box::new(DropRule {
            threshold: number(v[0]),
            reserve: number(v[1]),
            reserve_score: number(v[2]),
        });
    }
    if let Some(rest) = spec.strip_prefix("sim:") {
        let v: Vec<&str> = rest.split(',').collect();
        assert!(
            v.len() >= 6,
            "sim:SAMPLES,OPPONENTS,DROP_COST,TRUMP,EXCHANGE,MARGIN[,DECISIONS]"
        );
        let mut c = StrongConfig::STRONG;
        c.samples = number(v[0]);
        c.value.opponents = number(v[1]);
        c.drop_cost = number(v[2]);
        c.simulate.trump = v[3] == "1";
        c.simulate.exchange = v[4] == "1";
        c.margin = number(v[5]);
        c.decision_samples = v.get(6).map_or(0, |x| number(x));
        if let Some(x) = v.get(7) {
            c.exact_tricks = number(x);
        }
        return Box::new(Strong::with_config(c));
    }
    tarock_zwanzig_ab_ai::player(spec.parse::<Level>().unwrap_or_else(|e| panic!("{e}")))
}

/// Sums per deal number, for means.
#[derive(Clone, Copy, Default)]
struct Mean {
    sum: f64,
    n: u32,
}

impl Mean {
    fn add(&mut self, x: f64) {
        self.sum += x;
        self.n += 1;
    }

    fn get(self) -> f64 {
        self.sum / f64::from(self.n.max(1))
    }
}

fn unfold(spec: &str, seats: u8, sessions: usize) {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut lengths = Vec::new();
    let mut active = [Mean::default(); MAX_DEALS];
    let mut drops = [Mean::default(); MAX_DEALS];
    let mut sum = [Mean::default(); MAX_DEALS];
    let mut low = [Mean::default(); MAX_DEALS];
    for _ in 0..sessions {
        let mut players: Vec<Box<dyn Player<ZwanzigAb>>> =
            (0..seats).map(|_| player(spec)).collect();
        let mut s = Session::fresh(Rules::STANDARD, seats, 0).expect("3–5 seats");
        let mut length = MAX_DEALS + 1;
        for k in 0..MAX_DEALS {
            let deck = shuffled_deck(&mut rng);
            let step = play_deal(&mut s, deck, &mut players, &mut rng).expect("legal players");
            active[k].add(f64::from(seats) - f64::from(s.dropped().len()));
            drops[k].add(s.drops().iter().map(|d| f64::from(*d)).sum());
            sum[k].add(f64::from(s.scores().iter().sum::<i32>()));
            low[k].add(f64::from(*s.scores().iter().min().expect("seats")));
            if let Step::SessionOver(_) = step {
                length = k + 1;
                break;
            }
        }
        lengths.push(length);
    }
    lengths.sort_unstable();
    let unfinished = lengths.iter().filter(|l| **l > MAX_DEALS).count();
    println!(
        "{spec}, {seats} seats: {sessions} sessions, {unfinished} still running after {MAX_DEALS} deals, median length {}",
        lengths[lengths.len() / 2]
    );
    for k in [0, 1, 2, 3, 4, 5, 7, 9, 12, 15, 20, 30, 50, 99] {
        println!(
            "deal {:>3}: running {:>4}, in the deal {:.2}, drops used {:>4.1}, score sum {:>5.1}, lowest {:>4.1}",
            k + 1,
            active[k].n,
            active[k].get(),
            drops[k].get(),
            sum[k].get(),
            low[k].get()
        );
    }
}

fn duel(a: &str, b: &str, seats: u8, sets: u64, threads: usize) {
    let config = Config {
        rules: Rules::STANDARD,
        seats,
        sets,
        seed: 2026,
        threads,
        max_decks: MAX_DEALS as u32,
        streams: Streams::Session,
    };
    let specs = [a, b];
    let results = run(&config, &Notes, &|t| player(specs[t])).expect("legal players");
    let r = Summary::of(&results, config.max_decks);
    println!(
        "{a} vs {b}, {seats} seats, {sets} sets: {:+.2} [{:+.2}, {:+.2}], {} of {} sessions stopped, median length {:?}",
        r.diff,
        r.ci95[0],
        r.ci95[1],
        r.unfinished,
        r.plays,
        r.length_quantile(0.5)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [d, a, b, seats, sets, rest @ ..] if d == "duel" => {
            let threads = rest.first().map_or(1, |t| number(t));
            duel(a, b, number(seats), number(sets), threads);
        }
        [spec, seats, sessions] => unfold(spec, number(seats), number(sessions)),
        _ => eprintln!(
            "usage: zwanzig_ab_sessions PLAYER SEATS SESSIONS | duel A B SEATS SETS [THREADS]"
        ),
    }
}
