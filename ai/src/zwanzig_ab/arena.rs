//! A duplicate arena for 20 ab: two player types, A and B, at a table of 3–5.
//!
//! A *set* is one sequence of shuffled decks, long enough for a whole
//! session (deck k of the set is always the same), and a first dealer. Each
//! set is played once for every seating in [`patterns`]: the rotations of an
//! alternating pattern (A B A B …) and of its complement, so that over a set
//! each type sits in every seat equally often and meets the same cards from
//! every seat. Each play is a whole session, scored by its settlement in
//! units (a session still running after `max_deals` deals scores 0 for
//! everyone). A type's result for a set is the mean of its seats' units over
//! all plays of the set; the difference A − B per set gives the mean and a
//! 95 % interval (normal approximation over the sets).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use tarock_zwanzig_ab::sim::shuffled_deck;
use tarock_zwanzig_ab::{Action, Rules, SeatView, Session, Step};

use super::drive::{IllegalChoice, play_deal};
use super::{AbLevel, AbPlayer};

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct ArenaConfig {
    /// Types A and B.
    pub levels: [AbLevel; 2],
    /// Seats at the table (3–5).
    pub seats: u8,
    /// Duplicate sets to play.
    pub sets: u64,
    /// The rules.
    pub rules: Rules,
    /// Seed for the decks and the players' random numbers.
    pub seed: u64,
    /// Worker threads (the result does not depend on it).
    pub threads: usize,
    /// A session still running after this many deals is a draw.
    pub max_deals: u32,
}

/// The outcome of an arena run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    /// Sets played.
    pub sets: u64,
    /// Sessions played (sets × seatings).
    pub sessions: u64,
    /// Deals played in all sessions.
    pub deals: u64,
    /// Sessions stopped at `max_deals` (scored 0).
    pub unfinished: u64,
    /// Finished sessions by their length: entry `k` counts the sessions
    /// that ended in their deal `k + 1` (`max_deals` entries).
    pub lengths: Vec<u64>,
    /// Mean units per seat and session, for A and B.
    pub mean: [f64; 2],
    /// Mean of the per-set differences A − B.
    pub diff: f64,
    /// Its 95 % interval.
    pub ci95: [f64; 2],
    /// Decision times in milliseconds (p50, p99, max) for A and B.
    pub decision_ms: [[f64; 3]; 2],
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

/// Mixes a seed with a set and a stream number.
fn stream(seed: u64, set: u64, k: u64) -> u64 {
    let mut x =
        seed ^ set.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ k.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 31;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 29)
}

/// A player that measures its decisions.
struct Timed {
    inner: Box<dyn AbPlayer>,
    micros: Vec<u32>,
}

impl AbPlayer for Timed {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        let start = Instant::now();
        let action = self.inner.choose(view, rng);
        self.micros
            .push(u32::try_from(start.elapsed().as_micros()).unwrap_or(u32::MAX));
        action
    }
}

/// What one set gave.
#[derive(Default)]
struct SetResult {
    sessions: u64,
    units: [i64; 2],
    seat_plays: [u32; 2],
    deals: u64,
    unfinished: u64,
    lengths: Vec<u64>,
    micros: [Vec<u32>; 2],
}

fn play_set<F>(config: &ArenaConfig, make: &F, set: u64) -> Result<SetResult, IllegalChoice>
where
    F: Fn(usize) -> Box<dyn AbPlayer> + Sync,
{
    let mut result = SetResult {
        lengths: vec![0; config.max_deals as usize],
        ..SetResult::default()
    };
    let n = config.seats;
    for (p, pattern) in patterns(n).iter().enumerate() {
        let mut players: Vec<Timed> = pattern
            .iter()
            .map(|t| Timed {
                inner: make(*t),
                micros: Vec::new(),
            })
            .collect();
        let mut rng = SmallRng::seed_from_u64(stream(config.seed, set, 1_000 + p as u64));
        let dealer = (set % u64::from(n)) as u8;
        let mut session = Session::fresh(config.rules, n, dealer).expect("3–5 seats");
        let mut finished = false;
        for k in 0..u64::from(config.max_deals) {
            let deck = shuffled_deck(&mut SmallRng::seed_from_u64(stream(config.seed, set, k)));
            let step = play_deal(&mut session, deck, &mut players, &mut rng)?;
            result.deals += 1;
            if let Step::SessionOver(_) = step {
                finished = true;
                result.lengths[k as usize] += 1;
                break;
            }
        }
        result.unfinished += u64::from(!finished);
        result.sessions += 1;
        let outcome = session.outcome();
        for (seat, (t, player)) in pattern.iter().zip(&mut players).enumerate() {
            result.units[*t] += outcome.map_or(0, |o| o.settlement.balance[seat]);
            result.seat_plays[*t] += 1;
            result.micros[*t].append(&mut player.micros);
        }
    }
    Ok(result)
}

/// Plays the arena with the players of `config.levels`.
///
/// # Errors
/// [`IllegalChoice`] when a player chooses an illegal action (a bug).
pub fn run(config: &ArenaConfig) -> Result<ArenaResult, IllegalChoice> {
    run_with(config, &|t| config.levels[t].player())
}

/// Plays the arena with players made by `make(0)` (type A) and `make(1)`
/// (type B), e.g. players with other settings than the levels'.
///
/// # Errors
/// [`IllegalChoice`] when a player chooses an illegal action (a bug).
pub fn run_with<F>(config: &ArenaConfig, make: &F) -> Result<ArenaResult, IllegalChoice>
where
    F: Fn(usize) -> Box<dyn AbPlayer> + Sync,
{
    let next = AtomicU64::new(0);
    let slots: Mutex<Vec<Option<Result<SetResult, IllegalChoice>>>> =
        Mutex::new((0..config.sets).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.sets {
                        break;
                    }
                    let r = play_set(config, make, i);
                    let failed = r.is_err();
                    slots.lock().expect("no worker panicked")[i as usize] = Some(r);
                    if failed {
                        next.store(config.sets, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let results = slots
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .flatten()
        .collect::<Result<Vec<_>, _>>()?;
    Ok(summarize(&results))
}

fn summarize(results: &[SetResult]) -> ArenaResult {
    let per_seat = |r: &SetResult, t: usize| r.units[t] as f64 / f64::from(r.seat_plays[t].max(1));
    let diffs: Vec<f64> = results
        .iter()
        .map(|r| per_seat(r, 0) - per_seat(r, 1))
        .collect();
    let (diff, half) = mean_ci(&diffs);
    let mean = [0, 1].map(|t| {
        let units: i64 = results.iter().map(|r| r.units[t]).sum();
        let plays: u32 = results.iter().map(|r| r.seat_plays[t]).sum();
        units as f64 / f64::from(plays.max(1))
    });
    let decision_ms = [0, 1].map(|t| {
        let mut all: Vec<u32> = results
            .iter()
            .flat_map(|r| r.micros[t].iter().copied())
            .collect();
        all.sort_unstable();
        [0.5, 0.99, 1.0].map(|q| percentile(&all, q))
    });
    ArenaResult {
        sets: results.len() as u64,
        sessions: results.iter().map(|r| r.sessions).sum(),
        deals: results.iter().map(|r| r.deals).sum(),
        unfinished: results.iter().map(|r| r.unfinished).sum(),
        lengths: results.iter().fold(Vec::new(), |mut all, r| {
            all.resize(all.len().max(r.lengths.len()), 0);
            for (a, k) in all.iter_mut().zip(&r.lengths) {
                *a += k;
            }
            all
        }),
        mean,
        diff,
        ci95: [diff - half, diff + half],
        decision_ms,
    }
}

impl ArenaResult {
    /// The length (in deals) that at least `q` (0–1) of all sessions reach
    /// no later than; `None` when that share includes unfinished sessions.
    pub fn length_quantile(&self, q: f64) -> Option<u32> {
        let want = (q * self.sessions as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (k, count) in self.lengths.iter().enumerate() {
            seen += count;
            if seen >= want {
                return Some(k as u32 + 1);
            }
        }
        None
    }

    /// Sessions that ended within `deals` deals.
    pub fn ended_within(&self, deals: u32) -> u64 {
        self.lengths.iter().take(deals as usize).sum()
    }
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

fn percentile(sorted: &[u32], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_sits_in_every_seat_equally_often() {
        for seats in 3..=5u8 {
            let ps = patterns(seats);
            for seat in 0..usize::from(seats) {
                let a = ps.iter().filter(|p| p[seat] == 0).count();
                let b = ps.iter().filter(|p| p[seat] == 1).count();
                assert_eq!(a, b, "{seats} seats, seat {seat}");
            }
        }
        // Four seats: A B A B and B A B A; three: six seatings.
        assert_eq!(patterns(4), [vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
        assert_eq!(patterns(3).len(), 6);
        assert_eq!(patterns(5).len(), 10);
    }

    #[test]
    fn session_length_quantiles_count_unfinished_sessions_as_longest() {
        // Ten sessions: ended in deals 1, 2, 2, 5 and 5; five unfinished.
        let r = ArenaResult {
            sets: 1,
            sessions: 10,
            deals: 15 + 5 * 6,
            unfinished: 5,
            lengths: vec![1, 2, 0, 0, 2, 0],
            mean: [0.0; 2],
            diff: 0.0,
            ci95: [0.0; 2],
            decision_ms: [[0.0; 3]; 2],
        };
        assert_eq!(r.length_quantile(0.1), Some(1));
        assert_eq!(r.length_quantile(0.3), Some(2));
        assert_eq!(r.length_quantile(0.5), Some(5));
        assert_eq!(r.length_quantile(0.6), None);
        assert_eq!(r.ended_within(2), 3);
        assert_eq!(r.ended_within(100), 5);
    }

    #[test]
    fn a_type_against_itself_is_even_on_every_set() {
        // Easy against easy: the same player in every seat of every seating,
        // so each set's difference is exactly zero.
        let config = ArenaConfig {
            levels: [AbLevel::Easy, AbLevel::Easy],
            seats: 4,
            sets: 3,
            rules: Rules::STANDARD,
            seed: 1,
            threads: 1,
            max_deals: 60,
        };
        let r = run(&config).unwrap();
        assert_eq!(r.sets, 3);
        // Every session either ended in some deal or was stopped.
        assert_eq!(r.lengths.len(), 60);
        assert_eq!(r.lengths.iter().sum::<u64>() + r.unfinished, r.sessions);
        let played: u64 = r
            .lengths
            .iter()
            .enumerate()
            .map(|(k, c)| (k as u64 + 1) * c)
            .sum();
        assert_eq!(played + 60 * r.unfinished, r.deals);
        assert_eq!(r.diff, 0.0);
        assert_eq!(r.mean, [0.0, 0.0]);
        assert!(r.deals >= 6);
    }

    #[test]
    fn the_result_does_not_depend_on_threads() {
        let config = ArenaConfig {
            levels: [AbLevel::Medium, AbLevel::Easy],
            seats: 3,
            sets: 2,
            rules: Rules::STANDARD,
            seed: 7,
            threads: 1,
            max_deals: 40,
        };
        let one = run(&config).unwrap();
        let two = run(&ArenaConfig {
            threads: 2,
            ..config
        })
        .unwrap();
        assert_eq!(one.diff, two.diff);
        assert_eq!(one.deals, two.deals);
    }
}
