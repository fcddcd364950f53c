//! Where the table service's random numbers come from: the shuffle of every
//! deal and the computer players' choices, kept apart.
//!
//! In production ([`crate::TableService::new`]) every deal is shuffled from
//! its own [`DealSeed`]: 256 bits fresh from the operating system's random
//! number generator, stored with the deal in the transaction that deals it
//! (so before any hand can be sent). Every computer decision draws its own
//! fresh seed as well, so nothing an outsider can see or guess (the clock,
//! the table, the deal number, another deal) tells a hand or a choice.
//!
//! With a fixed seed ([`crate::TableService::with_fixed_seed`], for tests
//! and tools such as `tarock play --seed`) both are derived from that number
//! and where they are used, and a run can be repeated exactly.

use std::fmt;

use rand::rngs::{OsRng, StdRng};
use rand::{SeedableRng, TryRngCore};
use tarock_storage::TableId;

/// The operating system gave no random numbers: nothing is dealt and no
/// computer chooses until it does again.
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random number generator failed: {0}")]
pub struct EntropyError(String);

/// The secret seed of one deal: 256 bits that determine its shuffle.
///
/// It is as secret as the hands it deals while the deal is played, so it
/// has no `Display`, no serialization, and its `Debug` shows nothing of
/// it. The service makes one per deal and only from OS entropy (or, in a
/// service built with a fixed seed, from that seed); no number or time
/// converts into one:
///
/// ```compile_fail,E0277
/// let seed: tarock_table::shuffle::DealSeed = 1_795_176_000_000_u64.into();
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct DealSeed([u8; 32]);

impl DealSeed {
    /// 256 fresh bits from the operating system, for one deal.
    pub(crate) fn fresh() -> Result<DealSeed, EntropyError> {
        let mut bytes = [0; 32];
        OsRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| EntropyError(e.to_string()))?;
        Ok(DealSeed(bytes))
    }

    /// The seed a service with the fixed seed `seed` uses for deal `number`
    /// of `table`: exactly the 32 bytes `StdRng::seed_from_u64` expanded
    /// the same numbers into before deals had seeds of their own, so fixed
    /// seeds deal what they always dealt.
    fn fixed(seed: u64, table: TableId, number: u32) -> DealSeed {
        DealSeed(Expanded::seed_from_u64(mix(seed, &[table.0 as u64, u64::from(number), 1])).0)
    }

    /// A seed read back from the store or revealed after a deal, to check
    /// that it deals the stored cards.
    pub const fn from_bytes(bytes: [u8; 32]) -> DealSeed {
        DealSeed(bytes)
    }

    /// The 32 bytes, for storing with the deal.
    pub(crate) const fn bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl fmt::Debug for DealSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DealSeed(<secret>)")
    }
}

/// What `SeedableRng::seed_from_u64` makes of a number, and nothing else.
struct Expanded([u8; 32]);

impl SeedableRng for Expanded {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> Expanded {
        Expanded(seed)
    }
}

/// Which kind of randomness a service runs on. Says nothing about the
/// numbers themselves, so it may be logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RandomnessMode {
    /// Fresh OS entropy for every deal and every computer decision: what
    /// production runs.
    Entropy,
    /// Everything derived from one fixed seed: reproducible, and therefore
    /// predictable; for tests and tools only.
    FixedSeed,
}

impl fmt::Display for RandomnessMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RandomnessMode::Entropy => {
                "every deal shuffled from 256 bits of fresh OS entropy, computer players drawing their own"
            }
            RandomnessMode::FixedSeed => {
                "a fixed seed: deals and computer players are reproducible and predictable (tests and tools only)"
            }
        })
    }
}

/// The source of a service's random numbers.
#[derive(Clone, Copy)]
pub(crate) enum Randomness {
    /// Fresh OS entropy for each deal and each computer decision.
    Entropy,
    /// Derived from this seed and where the numbers are used.
    Fixed(u64),
}

impl Randomness {
    /// The kind, for a log line.
    pub(crate) const fn mode(self) -> RandomnessMode {
        match self {
            Randomness::Entropy => RandomnessMode::Entropy,
            Randomness::Fixed(_) => RandomnessMode::FixedSeed,
        }
    }

    /// The seed of deal `number` at `table`.
    pub(crate) fn deal_seed(self, table: TableId, number: u32) -> Result<DealSeed, EntropyError> {
        match self {
            Randomness::Entropy => DealSeed::fresh(),
            Randomness::Fixed(seed) => Ok(DealSeed::fixed(seed, table, number)),
        }
    }

    /// The salt of the commitment to deal `number` at `table` (see
    /// [`crate::fair`]): fresh from the OS, or derived from the fixed seed;
    /// never from the deal's seed.
    pub(crate) fn deal_salt(self, table: TableId, number: u32) -> Result<[u8; 32], EntropyError> {
        match self {
            Randomness::Entropy => DealSeed::fresh().map(|s| s.0),
            Randomness::Fixed(seed) => {
                Ok(Expanded::seed_from_u64(mix(seed, &[table.0 as u64, u64::from(number), 3])).0)
            }
        }
    }

    /// The seed of a cup's draw: round `round` (counted over the season)
    /// of cup `cup`; fresh from the OS, or derived from the fixed seed.
    pub(crate) fn draw_seed(self, cup: i64, round: usize) -> Result<u64, EntropyError> {
        match self {
            Randomness::Entropy => {
                let bytes = DealSeed::fresh()?.0;
                Ok(u64::from_le_bytes(
                    bytes[..8].try_into().expect("eight of 32 bytes"),
                ))
            }
            Randomness::Fixed(seed) => Ok(mix(seed, &[cup as u64, round as u64, 5])),
        }
    }

    /// The random numbers of a link code made at `now_ms` for `table`:
    /// fresh from the OS, or derived from the fixed seed (tests).
    pub(crate) fn link_rng(self, table: TableId, now_ms: i64) -> Result<StdRng, EntropyError> {
        match self {
            Randomness::Entropy => {
                StdRng::try_from_rng(&mut OsRng).map_err(|e| EntropyError(e.to_string()))
            }
            Randomness::Fixed(seed) => Ok(StdRng::seed_from_u64(mix(
                seed,
                &[table.0 as u64, now_ms as u64, 4],
            ))),
        }
    }

    /// The random numbers of one computer decision: step `seq` of deal
    /// `deal` at `table`. Never the deal's seed or anything derived from it.
    pub(crate) fn computer_rng(
        self,
        table: TableId,
        deal: u32,
        seq: u32,
    ) -> Result<StdRng, EntropyError> {
        match self {
            Randomness::Entropy => {
                StdRng::try_from_rng(&mut OsRng).map_err(|e| EntropyError(e.to_string()))
            }
            Randomness::Fixed(seed) => Ok(StdRng::seed_from_u64(mix(
                seed,
                &[table.0 as u64, u64::from(deal), u64::from(seq), 2],
            ))),
        }
    }
}

/// A seed mixed from a fixed seed and where in a table's history it is
/// used, so that a fixed-seed shuffle or computer choice depends only on
/// that (the same after a restart).
fn mix(seed: u64, parts: &[u64]) -> u64 {
    let mut h = seed ^ 0x9E37_79B9_7F4A_7C15;
    for &p in parts {
        h ^= p
            .wrapping_add(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(h << 6)
            .wrapping_add(h >> 2);
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 31;
    }
    h
}

#[cfg(test)]
mod tests {
    use rand::RngCore;
    use rand_chacha::ChaCha12Rng;

    use super::*;
    use tarock_zwanzigerrufen::Deal;

    /// The Zwanzigerrufen deal a seed shuffles: ChaCha12 keyed with its 32
    /// bytes drives the engine's shuffle, as every game's round is dealt.
    fn deal(seed: &DealSeed) -> Deal {
        Deal::shuffled(&mut tarock_game_core::fair::shuffle_rng(seed.bytes()))
    }

    #[test]
    fn seeds_differ_by_every_part() {
        let base = mix(1, &[2, 3, 4]);
        assert_ne!(base, mix(2, &[2, 3, 4]));
        assert_ne!(base, mix(1, &[3, 3, 4]));
        assert_ne!(base, mix(1, &[2, 3, 5]));
        assert_eq!(base, mix(1, &[2, 3, 4]));
    }

    /// A fixed seed deals exactly what `StdRng::seed_from_u64` dealt before
    /// deals had seeds, so the reproducible deals of tests and of `tarock
    /// play --seed` did not change.
    #[test]
    fn a_fixed_seed_deals_what_it_dealt_before_deals_had_seeds() {
        for (seed, table, number) in [(2024, 1, 1), (5, 1, 2), (u64::MAX, 77, 300)] {
            let old = Deal::shuffled(&mut StdRng::seed_from_u64(mix(seed, &[table, number, 1])));
            let new = deal(&DealSeed::fixed(seed, TableId(table as i64), number as u32));
            assert_eq!(new, old, "seed {seed}, table {table}, deal {number}");
        }
    }

    #[test]
    fn fresh_seeds_are_new_every_time() {
        let seeds: Vec<DealSeed> = (0..16).map(|_| DealSeed::fresh().unwrap()).collect();
        for (i, a) in seeds.iter().enumerate() {
            assert_ne!(a.bytes(), &[0; 32]);
            for b in &seeds[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // Sixteen deals from sixteen seeds: no two alike.
        let deals: Vec<Deal> = seeds.iter().map(deal).collect();
        for (i, a) in deals.iter().enumerate() {
            assert!(deals[i + 1..].iter().all(|b| a != b));
        }
    }

    #[test]
    fn a_seed_deals_the_same_hands_every_time_and_is_never_printed() {
        let seed = DealSeed::from_bytes([0xAB; 32]);
        assert_eq!(deal(&seed), deal(&DealSeed::from_bytes([0xAB; 32])));
        assert_ne!(deal(&seed), deal(&DealSeed::from_bytes([0xAC; 32])));
        let shown = format!("{seed:?} {:?}", Some(&seed));
        assert!(!shown.to_lowercase().contains("ab"), "{shown}");
        assert!(!shown.contains("171"), "{shown}");
    }

    #[test]
    fn computers_draw_apart_from_the_shuffle() {
        let table = TableId(1);
        // With entropy, two decisions at the same step get different numbers.
        let mut a = Randomness::Entropy.computer_rng(table, 1, 0).unwrap();
        let mut b = Randomness::Entropy.computer_rng(table, 1, 0).unwrap();
        assert_ne!(a.next_u64(), b.next_u64());
        // With a fixed seed, a decision repeats, and its numbers are not the
        // shuffle's.
        let fixed = Randomness::Fixed(9);
        let mut c = fixed.computer_rng(table, 1, 0).unwrap();
        let mut d = fixed.computer_rng(table, 1, 0).unwrap();
        let first = c.next_u64();
        assert_eq!(first, d.next_u64());
        let mut shuffle = ChaCha12Rng::from_seed(*fixed.deal_seed(table, 1).unwrap().bytes());
        assert_ne!(first, shuffle.next_u64());
    }

    #[test]
    fn the_mode_names_no_number() {
        assert_eq!(Randomness::Entropy.mode(), RandomnessMode::Entropy);
        assert_eq!(Randomness::Fixed(4242).mode(), RandomnessMode::FixedSeed);
        let line = RandomnessMode::FixedSeed.to_string();
        assert!(!line.contains("4242"));
        assert!(RandomnessMode::Entropy.to_string().contains("OS entropy"));
    }
}
