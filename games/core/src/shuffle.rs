//! Shuffling with a random number generator the caller passes in, for games
//! whose own crate keeps its shuffle behind a feature (Königrufen's `sim`).

use rand::RngCore;
use rand::seq::SliceRandom;

/// Shuffles `items` uniformly (Fisher–Yates) with `rng`.
pub fn shuffle<T>(items: &mut [T], rng: &mut dyn RngCore) {
    items.shuffle(rng);
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    #[test]
    fn a_shuffle_is_a_permutation_and_depends_on_the_seed() {
        let mut a: Vec<u8> = (0..32).collect();
        let mut b = a.clone();
        shuffle(&mut a, &mut StdRng::seed_from_u64(1));
        shuffle(&mut b, &mut StdRng::seed_from_u64(2));
        assert_ne!(a, b);
        a.sort_unstable();
        assert_eq!(a, (0..32).collect::<Vec<u8>>());
    }
}
