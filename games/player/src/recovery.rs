//! The recovery ratio: how much of the way from the medium player to the
//! oracle the strong player goes, on one duplicate deal set.
//!
//! An `--oracle` run plays the deal set twice: strong against medium (the
//! per-deal differences `d`), and the oracle against medium (`g`), the
//! same decks and the same seatings. Then G = mean `g`, D = mean `d`, and
//! R = D / G. D and G come from the same deals and are correlated, so R's
//! 95 % interval is a bootstrap over deals (resample the deals, recompute
//! D / G, take the 2.5 % and 97.5 % quantiles), not a ratio of two
//! intervals. The figures are split by contract and by the seat's side
//! where the game names them ([`crate::arena::Ledger::parts`]): a type's
//! units in a part over all its seats, so that the parts of D (and of G)
//! add up to D (and G).
//!
//! Units are per seat and play (the arena's [`Summary`](crate::arena::Summary)
//! convention), whatever the game's headline uses; R does not depend on it.

use std::collections::BTreeMap;
use std::io::{self, Write};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

use crate::DecisionStats;
use crate::arena::{Match, Part, SetResult, decision_times, mean_ci, percentile};

/// Resamples of the bootstrap.
pub const RESAMPLES: usize = 2_000;

/// The two runs of one deal set: strong against medium, the oracle against
/// medium (type A is strong, resp. the oracle; type B medium).
pub struct Pair<'a, N> {
    /// Strong (A) against medium (B).
    pub strong: &'a [SetResult<N>],
    /// The oracle (A) against medium (B), on the same sets.
    pub oracle: &'a [SetResult<N>],
}

/// A ratio of two means over the same deals, with its bootstrap interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// Mean of the numerators (D).
    pub num: f64,
    /// Mean of the denominators (G).
    pub den: f64,
    /// `num / den`.
    pub ratio: f64,
    /// The 2.5 % and 97.5 % quantiles of the resampled ratios.
    pub ci95: [f64; 2],
}

/// The ratio of the means of `num` and `den` (one entry per deal each, the
/// same deals), with a 95 % percentile-bootstrap interval from
/// [`RESAMPLES`] resamples of the deals drawn from `seed`.
///
/// # Panics
/// When `num` and `den` differ in length.
pub fn ratio(num: &[f64], den: &[f64], seed: u64) -> Ratio {
    assert_eq!(
        num.len(),
        den.len(),
        "one numerator and one denominator per deal"
    );
    let n = num.len();
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / n.max(1) as f64;
    let (d, g) = (mean(num), mean(den));
    if n == 0 {
        return Ratio {
            num: 0.0,
            den: 0.0,
            ratio: f64::NAN,
            ci95: [f64::NAN; 2],
        };
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut ratios: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let (mut sd, mut sg) = (0.0, 0.0);
            for _ in 0..n {
                let i = rng.random_range(0..n);
                sd += num[i];
                sg += den[i];
            }
            sd / sg
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let at = |q: f64| ratios[((RESAMPLES - 1) as f64 * q).round() as usize];
    Ratio {
        num: d,
        den: g,
        ratio: d / g,
        ci95: [at(0.025), at(0.975)],
    }
}

/// Per set: type A's mean units per seat minus type B's.
fn diffs<N>(results: &[SetResult<N>]) -> Vec<f64> {
    results
        .iter()
        .map(|r| r.per_seat(0) - r.per_seat(1))
        .collect()
}

/// Per set and part: A's units in the part per A seat of the set minus B's
/// per B seat (the parts of a set add up to its difference).
fn part_diffs<N>(results: &[SetResult<N>]) -> Vec<BTreeMap<Part, f64>> {
    results
        .iter()
        .map(|r| {
            let seats = |t: usize| -> f64 {
                r.plays
                    .iter()
                    .map(|p| p.pattern.iter().filter(|x| **x == t).count())
                    .sum::<usize>()
                    .max(1) as f64
            };
            let per = [seats(0), seats(1)];
            let mut out: BTreeMap<Part, f64> = BTreeMap::new();
            for play in &r.plays {
                let Some(parts) = &play.parts else { continue };
                for ((t, units), part) in play.pattern.iter().zip(&play.units).zip(parts) {
                    let sign = if *t == 0 { 1.0 } else { -1.0 };
                    *out.entry(*part).or_default() += sign * *units as f64 / per[*t];
                }
            }
            out
        })
        .collect()
}

/// The decisions type A counted over all sets.
fn stats_of<N>(results: &[SetResult<N>]) -> DecisionStats {
    results
        .iter()
        .fold(DecisionStats::default(), |a, r| a.plus(r.stats[0]))
}

/// The seed of the bootstrap's resamples for a run with `seed`.
fn bootstrap_seed(seed: u64) -> u64 {
    seed ^ 0x5EED_B007_5743_0000
}

/// Writes the recovery figures of `pair` (asked as `asked`, the oracle run
/// took `seconds`): a few lines, then, last, one JSON line with the keys
/// `R`, `R_ci95`, `G`, `D`, `oracle_minus_strong`, `fallback_rate` and more.
///
/// # Errors
/// The write's error.
pub fn report<N>(
    pair: &Pair<'_, N>,
    asked: &Match,
    seconds: f64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let d = diffs(pair.strong);
    let g = diffs(pair.oracle);
    let seed = bootstrap_seed(asked.seed);
    let r = ratio(&d, &g, seed);
    let (d_mean, d_half) = mean_ci(&d);
    let (g_mean, g_half) = mean_ci(&g);
    let gap: Vec<f64> = g.iter().zip(&d).map(|(g, d)| g - d).collect();
    let (gap_mean, gap_half) = mean_ci(&gap);
    let above = gap_mean - gap_half > 0.0;
    let strong = stats_of(pair.strong);
    let oracle = stats_of(pair.oracle);
    writeln!(
        out,
        "Oracle (strong's own evaluation on the true deal) vs medium: the same {} deals, seed {}, {seconds:.1} s",
        g.len(),
        asked.seed
    )?;
    writeln!(
        out,
        "  G = oracle - medium {g_mean:+.3} units per seat and play, 95 % CI [{:+.3}, {:+.3}]",
        g_mean - g_half,
        g_mean + g_half
    )?;
    writeln!(
        out,
        "  D = strong - medium {d_mean:+.3}, 95 % CI [{:+.3}, {:+.3}]",
        d_mean - d_half,
        d_mean + d_half
    )?;
    writeln!(
        out,
        "  oracle - strong     {gap_mean:+.3}, 95 % CI [{:+.3}, {:+.3}]: {}",
        gap_mean - gap_half,
        gap_mean + gap_half,
        if above {
            "above zero"
        } else {
            "NOT above zero"
        }
    )?;
    writeln!(
        out,
        "  R = D/G {:.3}, 95 % bootstrap CI [{:.3}, {:.3}] ({RESAMPLES} resamples of the deals)",
        r.ratio, r.ci95[0], r.ci95[1]
    )?;
    let ds = part_diffs(pair.strong);
    let gs = part_diffs(pair.oracle);
    let mut keys: Vec<Part> = ds
        .iter()
        .chain(&gs)
        .flat_map(|m| m.keys().copied())
        .collect();
    keys.sort();
    keys.dedup();
    let mut by_part = Vec::new();
    for part in keys {
        let column = |sets: &[BTreeMap<Part, f64>]| -> Vec<f64> {
            sets.iter()
                .map(|m| m.get(&part).copied().unwrap_or(0.0))
                .collect()
        };
        let share = ratio(&column(&ds), &column(&gs), seed);
        let side = if part.declarer_side {
            "declarer side"
        } else {
            "opponents"
        };
        writeln!(
            out,
            "    {:<14} {side:<13} G {:+.3}  D {:+.3}  R {:.2} [{:.2}, {:.2}]",
            part.contract, share.den, share.num, share.ratio, share.ci95[0], share.ci95[1]
        )?;
        by_part.push(json!({
            "contract": part.contract,
            "side": if part.declarer_side { "declarer" } else { "opponents" },
            "G": share.den,
            "D": share.num,
            "R": finite(share.ratio),
            "R_ci95": [finite(share.ci95[0]), finite(share.ci95[1])],
        }));
    }
    writeln!(
        out,
        "  strong fell back to medium in {} of {} card decisions ({:.1} %); settled on fewer samples than its minimum in {} ({:.1} %)",
        strong.fallbacks,
        strong.decisions,
        100.0 * strong.rate(),
        strong.thin,
        100.0 * strong.thin_rate()
    )?;
    writeln!(
        out,
        "  oracle decisions not solved exactly: {} of {} ({})",
        oracle.fallbacks,
        oracle.decisions,
        if oracle.fallbacks == 0 {
            "a valid bound"
        } else {
            "NOT a valid bound"
        }
    )?;
    let times = decision_times(pair.oracle, 0);
    let [p50, p99, max] = [0.5, 0.99, 1.0].map(|q| percentile(&times, q));
    writeln!(
        out,
        "  oracle decision time p50 {p50:.3} ms, p99 {p99:.3} ms, max {max:.3} ms"
    )?;
    let summary = json!({
        "R": finite(r.ratio),
        "R_ci95": [finite(r.ci95[0]), finite(r.ci95[1])],
        "G": g_mean,
        "G_ci95": [g_mean - g_half, g_mean + g_half],
        "D": d_mean,
        "D_ci95": [d_mean - d_half, d_mean + d_half],
        "oracle_minus_strong": gap_mean,
        "oracle_minus_strong_ci95": [gap_mean - gap_half, gap_mean + gap_half],
        "oracle_above_strong": above,
        "fallback_rate": strong.rate(),
        "strong_decisions": strong.decisions,
        "strong_fallbacks": strong.fallbacks,
        "thin_rate": strong.thin_rate(),
        "strong_thin": strong.thin,
        "oracle_decisions": oracle.decisions,
        "oracle_inexact": oracle.fallbacks,
        "oracle_valid_bound": oracle.fallbacks == 0,
        "oracle_decision_ms": {"p50": p50, "p99": p99, "max": max},
        "by_part": by_part,
        "units": "per seat and play",
        "resamples": RESAMPLES,
        "deals": g.len(),
        "seed": asked.seed,
        "seconds": seconds,
    });
    writeln!(out, "{summary}")
}

/// JSON has no NaN or infinity: those become null.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_share_of_every_deal_gives_that_ratio_and_a_point_interval() {
        let g = [2.0, -1.0, 4.0, 0.5, 3.0];
        let d: Vec<f64> = g.iter().map(|x| 0.25 * x).collect();
        let r = ratio(&d, &g, 1);
        assert!((r.ratio - 0.25).abs() < 1e-12);
        assert!((r.den - 1.7).abs() < 1e-12 && (r.num - 0.425).abs() < 1e-12);
        // Every resample keeps D = G / 4 (as long as its G is not 0).
        assert!((r.ci95[0] - 0.25).abs() < 1e-9 && (r.ci95[1] - 0.25).abs() < 1e-9);
    }

    #[test]
    fn noisy_deals_give_intervals_that_cover_the_true_ratio_and_narrow() {
        // g: 1 ± 2 per deal, d = 0.6 g ± 1: R = 0.6. A 95 % interval must
        // cover it in about 95 % of independent deal sets.
        let sample = |n: usize, seed: u64| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let g: Vec<f64> = (0..n).map(|_| 1.0 + rng.random_range(-2.0..2.0)).collect();
            let d: Vec<f64> = g
                .iter()
                .map(|x| 0.6 * x + rng.random_range(-1.0..1.0))
                .collect();
            (d, g)
        };
        let width = |r: Ratio| r.ci95[1] - r.ci95[0];
        let runs = 40;
        let (mut covered, mut small_width, mut large_width) = (0, 0.0, 0.0);
        for seed in 0..runs {
            let (d, g) = sample(200, seed);
            let small = ratio(&d, &g, seed + 100);
            assert!(small.ci95[0] <= small.ratio && small.ratio <= small.ci95[1]);
            covered += u32::from(small.ci95[0] < 0.6 && 0.6 < small.ci95[1]);
            small_width += width(small);
            if seed < 4 {
                let (d, g) = sample(3_200, seed);
                large_width += width(ratio(&d, &g, seed + 100)) * 10.0;
            }
        }
        // 38 expected; fewer than 33 would happen by chance less than once
        // in a thousand runs.
        assert!(covered >= 33, "{covered} of {runs}");
        // Sixteen times the deals: about a quarter of the width.
        assert!(
            large_width < 0.4 * small_width,
            "{small_width} {large_width}"
        );
    }
}
