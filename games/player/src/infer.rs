//! Inference about hidden hands, the part every game shares: a game weighs
//! each sampled deal by how well it explains what the seat saw (bids,
//! calls, announcements, cards played), keeps the likelier samples
//! ([`pick`]) and lets the arena judge its weights on the true deal
//! ([`rank`], reported through [`crate::arena::Ledger::true_deal_rank`]).
//!
//! Weights are relative likelihoods: any non-negative numbers, larger for
//! likelier deals; only their ratios matter.

use tarock_game_core::RngCore;

/// A soft fact's weight for a hand `x` logistic units past what the fact
/// expects (negative: short of it): one half at the threshold, rising
/// towards 1 past it, and never below `floor`, so that a player with other
/// thresholds never makes the true deal impossible.
pub fn floored_logistic(x: f64, floor: f64) -> f64 {
    floor + (1.0 - floor) / (1.0 + (-x).exp())
}

/// The share of `samples` weighing less than `truth`, ties counted half:
/// 0.5 when the weights cannot tell the truth from a guess (or there are
/// no samples), towards 1 when they favour it.
pub fn rank(truth: f64, samples: &[f64]) -> f64 {
    if samples.is_empty() {
        return 0.5;
    }
    let score: f64 = samples
        .iter()
        .map(|w| {
            if *w < truth {
                1.0
            } else if *w == truth {
                0.5
            } else {
                0.0
            }
        })
        .sum();
    score / samples.len() as f64
}

/// An index drawn with probability proportional to its weight (sampling
/// importance resampling); uniform when every weight is zero. `None` only
/// for no weights.
pub fn pick(weights: &[f64], rng: &mut dyn RngCore) -> Option<usize> {
    if weights.is_empty() {
        return None;
    }
    let total: f64 = weights.iter().map(|w| w.max(0.0)).sum();
    if total <= 0.0 || !total.is_finite() {
        return Some(uniform(rng, weights.len()));
    }
    let mut x = unit(rng) * total;
    for (i, w) in weights.iter().enumerate() {
        x -= w.max(0.0);
        if x < 0.0 {
            return Some(i);
        }
    }
    // Rounding left a sliver past the last weight: the last positive one.
    weights.iter().rposition(|w| *w > 0.0)
}

/// A number in [0, 1) from 53 random bits.
fn unit(rng: &mut dyn RngCore) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn uniform(rng: &mut dyn RngCore, n: usize) -> usize {
    ((unit(rng) * n as f64) as usize).min(n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn the_rank_counts_lighter_samples_and_half_the_ties() {
        assert_eq!(rank(1.0, &[]), 0.5);
        assert_eq!(rank(1.0, &[1.0, 1.0, 1.0, 1.0]), 0.5);
        assert_eq!(rank(2.0, &[1.0, 1.0, 3.0, 2.0]), (1.0 + 1.0 + 0.5) / 4.0);
        assert_eq!(rank(0.0, &[0.5, 0.1]), 0.0);
    }

    #[test]
    fn picks_follow_the_weights() {
        let mut rng = SmallRng::seed_from_u64(3);
        let weights = [0.0, 1.0, 3.0, 0.0];
        let mut seen = [0u32; 4];
        for _ in 0..4000 {
            seen[pick(&weights, &mut rng).unwrap()] += 1;
        }
        assert_eq!((seen[0], seen[3]), (0, 0));
        // 3 : 1 within a wide margin (the expected 3 000 ± 4 sd is 2 890 – 3 110).
        assert!((2890..=3110).contains(&seen[2]), "{seen:?}");
        assert_eq!(pick(&[], &mut rng), None);
        let mut zero = [0u32; 3];
        for _ in 0..300 {
            zero[pick(&[0.0; 3], &mut rng).unwrap()] += 1;
        }
        assert!(
            zero.iter().all(|n| *n > 50),
            "uniform without weight: {zero:?}"
        );
    }

    #[test]
    fn a_floored_logistic_is_a_half_at_the_threshold_and_never_below_the_floor() {
        // 0.05 + 0.95 / 2 at the threshold.
        assert!((floored_logistic(0.0, 0.05) - 0.525).abs() < 1e-12);
        // Far short of it the floor, far past it 1.
        assert!((floored_logistic(-50.0, 0.05) - 0.05).abs() < 1e-12);
        assert!((floored_logistic(50.0, 0.05) - 1.0).abs() < 1e-12);
        // Rising.
        assert!(floored_logistic(1.0, 0.05) > floored_logistic(0.5, 0.05));
    }
}
