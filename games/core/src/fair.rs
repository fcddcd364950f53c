//! Provably fair deals, for every game of the family.
//!
//! Before anybody sees a card, the table publishes a **commitment**: the
//! SHA-256 of a short text (the [preimage](preimage)) that names the game
//! and holds the deal's secret 256-bit seed, a secret 256-bit salt and the
//! dealt cards. After the deal the table **reveals** seed and salt. Anyone
//! can then
//!
//! 1. recompute the shuffle from the seed ([`shuffle_rng`] keyed with it
//!    drives the game's own shuffle) and compare it with the hands that
//!    were played, and
//! 2. hash the preimage again (`sha256sum` in a shell will do) and compare
//!    it with the commitment published before the deal.
//!
//! The table cannot change the deal after publishing the commitment
//! without the hash failing, and nobody learns a card from the commitment:
//! the seed and the salt are 512 secret bits.
//!
//! The preimage is ASCII, one item per line, each line ended by a line feed
//! (`\n`, byte 0x0a), nothing else:
//!
//! ```text
//! tarock-fair-deal/1
//! game <game id>
//! seed <64 lowercase hexadecimal digits>
//! salt <64 lowercase hexadecimal digits>
//! <pile 1>
//! <pile 2>
//! …
//! ```
//!
//! A *pile* is one part of the dealt deck as its game writes it in its
//! records: each seat's hand in seat order, then whatever else the game
//! deals (Königrufen's talon, say). A game writes its cards in one fixed
//! order (sorted, not as they lay in the deck), so the same deal always
//! gives the same text.
//!
//! This module knows no game: it hashes and compares texts. Each game
//! supplies its game id, its shuffle (from [`shuffle_rng`]) and its piles.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;
use sha2::{Digest, Sha256};

/// The first line of every preimage: names this scheme and its version.
pub const SCHEME: &str = "tarock-fair-deal/1";

/// 32 bytes (a seed, a salt or a commitment) that did not read from text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not 64 hexadecimal digits")]
pub struct HexError(pub String);

/// 32 bytes as 64 lowercase hexadecimal digits.
pub fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The 32 bytes written as 64 hexadecimal digits (either case; spaces
/// around are ignored).
///
/// # Errors
/// [`HexError`] when the text is anything else.
pub fn parse_hex(text: &str) -> Result<[u8; 32], HexError> {
    let trimmed = text.trim();
    let digits = trimmed.as_bytes();
    let bad = || HexError(trimmed.chars().take(80).collect());
    if digits.len() != 64 || !digits.iter().all(u8::is_ascii_hexdigit) {
        return Err(bad());
    }
    let mut bytes = [0; 32];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        let pair = std::str::from_utf8(pair).map_err(|_| bad())?;
        *byte = u8::from_str_radix(pair, 16).map_err(|_| bad())?;
    }
    Ok(bytes)
}

/// The published SHA-256 of a deal's preimage.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

impl fmt::Display for Commitment {
    /// 64 lowercase hexadecimal digits, as `sha256sum` prints a hash.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({self})")
    }
}

impl FromStr for Commitment {
    type Err = HexError;

    fn from_str(text: &str) -> Result<Commitment, HexError> {
        parse_hex(text).map(Commitment)
    }
}

/// What the table reveals after a deal: the seed that shuffled it and the
/// salt of its commitment. Secret until then, so its `Debug` shows neither.
#[derive(Clone, PartialEq, Eq)]
pub struct Reveal {
    /// The 256-bit seed the shuffle was keyed with.
    pub seed: [u8; 32],
    /// 256 further secret bits, hashed with the seed and the cards.
    pub salt: [u8; 32],
}

impl fmt::Debug for Reveal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Reveal(<secret until the deal ends>)")
    }
}

/// The random number generator a deal with this seed is shuffled with:
/// ChaCha12 (rand_chacha 0.9) keyed with the 32 bytes. The game shuffles
/// with it exactly as it would with any other generator.
pub fn shuffle_rng(seed: &[u8; 32]) -> ChaCha12Rng {
    ChaCha12Rng::from_seed(*seed)
}

/// The text whose SHA-256 is the commitment (see the module's page).
///
/// `game` and the piles are written as they are; they never hold a line
/// feed (game ids and card ids are short ASCII words).
pub fn preimage(game: &str, reveal: &Reveal, piles: &[String]) -> String {
    debug_assert!(!game.contains('\n') && piles.iter().all(|p| !p.contains('\n')));
    let mut text = format!(
        "{SCHEME}\ngame {game}\nseed {}\nsalt {}\n",
        hex(&reveal.seed),
        hex(&reveal.salt)
    );
    for pile in piles {
        text.push_str(pile);
        text.push('\n');
    }
    text
}

/// The commitment to a deal of `game` shuffled from `reveal.seed`, with
/// `piles` dealt.
pub fn commit(game: &str, reveal: &Reveal, piles: &[String]) -> Commitment {
    Commitment(Sha256::digest(preimage(game, reveal, piles).as_bytes()).into())
}

/// Why a deal is not what its commitment and reveal say.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// The seed does not shuffle the deal that was played: one pile of the
    /// played deal differs from the pile the seed deals.
    #[error("pile {pile} was {played:?}, but the seed deals {shuffled:?}")]
    Deal {
        /// Which pile, from 1 (seat 1's hand first).
        pile: usize,
        /// The pile as played ("" when the deal had fewer piles).
        played: String,
        /// The pile the seed deals ("" when it deals fewer piles).
        shuffled: String,
    },
    /// Seed, salt and cards do not hash to the published commitment.
    #[error("seed, salt and cards hash to {computed}, not to the published commitment {published}")]
    Commitment {
        /// What was published before the deal.
        published: Commitment,
        /// What the revealed values hash to.
        computed: Commitment,
    },
}

/// Checks a deal of `game` after its reveal: the piles the seed deals
/// (`shuffled`, recomputed by the game from [`shuffle_rng`]) must be the
/// piles that were played (`played`, as stored or exported, in the game's
/// fixed order), and seed, salt and piles must hash to `published`.
///
/// # Errors
/// [`Mismatch::Deal`] naming the first pile that differs;
/// [`Mismatch::Commitment`] when the hash is not the published one.
pub fn verify(
    game: &str,
    published: Commitment,
    reveal: &Reveal,
    played: &[String],
    shuffled: &[String],
) -> Result<(), Mismatch> {
    let empty = String::new();
    for i in 0..played.len().max(shuffled.len()) {
        let (p, s) = (
            played.get(i).unwrap_or(&empty),
            shuffled.get(i).unwrap_or(&empty),
        );
        if p != s {
            return Err(Mismatch::Deal {
                pile: i + 1,
                played: p.clone(),
                shuffled: s.clone(),
            });
        }
    }
    let computed = commit(game, reveal, shuffled);
    if computed != published {
        return Err(Mismatch::Commitment {
            published,
            computed,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rand::RngCore;

    use super::*;

    fn reveal() -> Reveal {
        Reveal {
            seed: [0x11; 32],
            salt: [0x22; 32],
        }
    }

    fn piles() -> Vec<String> {
        vec!["a b".into(), "c d".into()]
    }

    /// The preimage is exactly the documented lines.
    #[test]
    fn the_preimage_is_the_documented_text() {
        let text = preimage("toy", &reveal(), &piles());
        let expected = format!(
            "tarock-fair-deal/1\ngame toy\nseed {}\nsalt {}\na b\nc d\n",
            "11".repeat(32),
            "22".repeat(32)
        );
        assert_eq!(text, expected);
    }

    /// SHA-256 of a known text (FIPS 180-2, appendix B.1: "abc"), so the
    /// hash used is SHA-256 and printed as `sha256sum` prints it.
    #[test]
    fn the_hash_is_sha256() {
        let digest: [u8; 32] = Sha256::digest(b"abc").into();
        assert_eq!(
            hex(&digest),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn hex_reads_back_and_refuses_anything_else() {
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (i as u8) * 8 + 1;
        }
        let text = hex(&bytes);
        assert_eq!(text.len(), 64);
        assert!(text.starts_with("0109"));
        assert_eq!(parse_hex(&text), Ok(bytes));
        assert_eq!(parse_hex(&format!(" {} ", text.to_uppercase())), Ok(bytes));
        for bad in [
            "",
            "00",
            &text[..63],
            &format!("{}g", &text[..63]),
            &format!("{text}0"),
        ] {
            assert!(parse_hex(bad).is_err(), "{bad:?}");
        }
        let c: Commitment = text.parse().unwrap();
        assert_eq!(c.to_string(), text);
    }

    #[test]
    fn an_honest_deal_verifies() {
        let published = commit("toy", &reveal(), &piles());
        assert_eq!(
            verify("toy", published, &reveal(), &piles(), &piles()),
            Ok(())
        );
    }

    #[test]
    fn a_tampered_seed_salt_pile_or_game_fails() {
        let published = commit("toy", &reveal(), &piles());
        let mut seed = reveal();
        seed.seed[31] ^= 1;
        let mut salt = reveal();
        salt.salt[0] ^= 0x80;
        for changed in [seed, salt] {
            assert!(matches!(
                verify("toy", published, &changed, &piles(), &piles()),
                Err(Mismatch::Commitment { .. })
            ));
        }
        assert!(matches!(
            verify("other", published, &reveal(), &piles(), &piles()),
            Err(Mismatch::Commitment { .. })
        ));
        // The table dealt other cards than the seed shuffles.
        let swapped = vec!["a c".to_owned(), "b d".to_owned()];
        assert_eq!(
            verify("toy", published, &reveal(), &swapped, &piles()),
            Err(Mismatch::Deal {
                pile: 1,
                played: "a c".into(),
                shuffled: "a b".into()
            })
        );
        // A pile too many or too few.
        let mut more = piles();
        more.push("e".into());
        assert!(matches!(
            verify("toy", published, &reveal(), &more, &piles()),
            Err(Mismatch::Deal { pile: 3, .. })
        ));
        // Seed and cards consistent, but not what was published.
        assert!(matches!(
            verify("toy", published, &reveal(), &swapped, &swapped),
            Err(Mismatch::Commitment { .. })
        ));
    }

    #[test]
    fn the_shuffle_rng_follows_the_seed_alone() {
        let mut a = shuffle_rng(&[7; 32]);
        let mut b = shuffle_rng(&[7; 32]);
        let mut c = shuffle_rng(&[8; 32]);
        let first = a.next_u64();
        assert_eq!(first, b.next_u64());
        assert_ne!(first, c.next_u64());
    }

    #[test]
    fn a_reveal_is_never_printed() {
        let shown = format!("{:?}", reveal());
        assert!(!shown.contains("11") && !shown.contains("17"), "{shown}");
    }
}
