//! Provably fair deals at a Zwanzigerrufen table, on the game-neutral
//! scheme of [`tarock_game_core::fair`].
//!
//! When the service deals, it draws a salt besides the shuffle seed, hashes
//! both with the four dealt hands into a commitment, and stores commitment
//! and salt with the deal in the transaction that deals it (migration
//! 0007). The table message shows the commitment from the first view of the
//! deal on, so it is queued (durably, in the same transaction) before any
//! hand; the settlement reveals seed and salt. [`verify`] is what `tarock
//! verify` runs: it recomputes the shuffle from the seed and checks the
//! hands and the commitment.
//!
//! The piles of a Zwanzigerrufen deal are the four hands, seat 1 first,
//! each as its card ids in deck order separated by single spaces: exactly
//! the `hands` of its game record (RECORD.md), as the table stores them.

use tarock_game_core::fair::{self, Commitment, Mismatch, Reveal};
use tarock_game_core::{DynGame, Game as _};
use tarock_storage::{DealRow, StorageError, Tx};
use tarock_zwanzigerrufen::{CardSet, Deal, Seat, Zwanzigerrufen};

use crate::shuffle::DealSeed;
use crate::text::Lang;
use crate::text::tr;

/// The game id the commitments of Zwanzigerrufen deals name.
pub const GAME: &str = Zwanzigerrufen::ID;

/// The piles a Zwanzigerrufen deal is committed to: the four hands.
pub fn piles(deal: &Deal) -> Vec<String> {
    Seat::ALL
        .iter()
        .map(|s| deal.hand(*s).to_string())
        .collect()
}

/// The commitment to `deal`, shuffled from `reveal.seed`.
pub fn commitment(reveal: &Reveal, deal: &Deal) -> Commitment {
    fair::commit(GAME, reveal, &piles(deal))
}

/// Why a Zwanzigerrufen deal does not verify.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// A played hand is not a list of card ids.
    #[error("hand {seat} is not a list of card ids: {detail}")]
    Hand {
        /// The seat, from 1.
        seat: usize,
        /// What is wrong with it.
        detail: String,
    },
    /// Hands, seed, salt and commitment do not agree.
    #[error(transparent)]
    Mismatch(#[from] Mismatch),
}

/// Checks a finished deal: the seed must shuffle the `played` hands (any
/// card order within a hand; `None` checks only what the seed deals) and
/// seed, salt and hands must hash to `published`. Returns the deal the
/// seed shuffles.
///
/// # Errors
/// [`VerifyError::Hand`] for a hand that does not read;
/// [`VerifyError::Mismatch`] when the deal is not the committed one.
pub fn verify(
    published: Commitment,
    reveal: &Reveal,
    played: Option<&[String]>,
) -> Result<Deal, VerifyError> {
    let deal = DealSeed::from_bytes(reveal.seed).deal();
    let shuffled = piles(&deal);
    let played = match played {
        Some(hands) => hands
            .iter()
            .enumerate()
            .map(|(i, hand)| {
                hand.parse::<CardSet>()
                    .map(|set| set.to_string())
                    .map_err(|e| VerifyError::Hand {
                        seat: i + 1,
                        detail: e.to_string(),
                    })
            })
            .collect::<Result<Vec<_>, _>>()?,
        None => shuffled.clone(),
    };
    fair::verify(GAME, published, reveal, &played, &shuffled)?;
    Ok(deal)
}

/// The table message's line with the commitment of `deal`, if it has one.
pub(crate) fn commitment_line(deal: &DealRow, lang: Lang) -> Option<String> {
    let commitment = Commitment(deal.commitment?);
    Some(tr!(
        lang,
        "fair-commitment",
        commitment = commitment.to_string()
    ))
}

/// What the settlement of `deal` reveals: its commitment with seed and
/// salt, read in the settling transaction; `None` for a deal dealt
/// without a commitment.
pub(crate) async fn reveal_of(
    tx: &mut Tx,
    deal: &DealRow,
) -> Result<Option<(Commitment, Reveal)>, StorageError> {
    let (Some(commitment), Some(secrets)) = (deal.commitment, tx.deal_secrets(deal.id).await?)
    else {
        return Ok(None);
    };
    Ok(Some((
        Commitment(commitment),
        Reveal {
            seed: secrets.seed,
            salt: secrets.salt,
        },
    )))
}

/// The settlement's lines revealing seed and salt of deal `number`, with
/// the `tarock verify` command that checks it (see [`verify_command`]);
/// `round` is `None` for a Zwanzigerrufen deal; `unit` names what `number`
/// counts ([`crate::games::GameFace::round_unit`]: a deal or a 20 ab session).
pub(crate) fn reveal_lines(
    number: u32,
    unit: &str,
    revealed: &(Commitment, Reveal),
    round: Option<&RoundSetup>,
    lang: Lang,
) -> String {
    let (commitment, reveal) = revealed;
    tr!(
        lang,
        "fair-reveal",
        deal = number,
        unit = unit,
        commitment = commitment.to_string(),
        seed = fair::hex(&reveal.seed),
        salt = fair::hex(&reveal.salt),
        command = verify_command(revealed, round)
    )
}

/// What a round of a game with a face (20 ab, Königrufen) is dealt from
/// besides its seed: with these and the seed, [`dealt_record`] gives the
/// record its commitment covers.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundSetup {
    /// The game's id (`koenigrufen`, `zwanzig-ab`).
    pub game: String,
    /// The rules in record form (a preset's name or a JSON object).
    pub rules: serde_json::Value,
    /// The number of seats.
    pub seats: u8,
    /// The round's first seat (Königrufen's forehand, 20 ab's first trump maker).
    pub first: tarock_game_core::Seat,
}

/// The complete `tarock verify` command that checks a revealed deal from
/// what the table published alone, ready to paste into a shell:
/// `tarock verify --commitment C --seed S --salt T` for Zwanzigerrufen;
/// for a round of another game `--game G --rules R --seats N --first F`
/// come first (`F` counted from 1, `R` a preset's name or the rules as
/// JSON in single quotes).
pub fn verify_command(revealed: &(Commitment, Reveal), round: Option<&RoundSetup>) -> String {
    let (commitment, reveal) = revealed;
    let mut command = "tarock verify".to_owned();
    if let Some(setup) = round {
        let rules = match &setup.rules {
            serde_json::Value::String(name)
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
            {
                name.clone()
            }
            other => format!("'{}'", other.to_string().replace('\'', "'\\''")),
        };
        command.push_str(&format!(
            " --game {} --rules {rules} --seats {} --first {}",
            setup.game,
            setup.seats,
            setup.first.index() + 1
        ));
    }
    command.push_str(&format!(
        " --commitment {commitment} --seed {} --salt {}",
        fair::hex(&reveal.seed),
        fair::hex(&reveal.salt)
    ));
    command
}

/// The piles a round of a game with a face (20 ab, Königrufen) is
/// committed to: its record as dealt, before any action, one line of JSON
/// in the game's own format (the seats' cards and whatever else the game
/// deals, with the rules, seats and first seat). Later decks of a 20 ab
/// session come from the same seed's stream, so the seed commits to them.
pub fn round_piles(dealt: &dyn DynGame) -> Vec<String> {
    dealt.to_record().into_iter().collect()
}

/// The record as dealt of a round of `kind` that `seed` deals, with these
/// rules, seats and first seat: what its commitment covers (see
/// [`round_piles`]); `None` for rules or seats the game refuses.
pub fn dealt_record(
    kind: &dyn tarock_game_core::DynKind,
    rules: &serde_json::Value,
    seats: u8,
    first: tarock_game_core::Seat,
    seed: &[u8; 32],
) -> Option<String> {
    tarock_games::SeededRound::new(kind, rules, seats, first, seed)
        .ok()?
        .round()
        .to_record()
}

/// Why a round of a game with a face does not verify.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundVerifyError {
    /// The dealt record does not read as a record of a game with a face.
    #[error("not a dealt record of a game of the family: {0}")]
    Record(String),
    /// No round of the game is dealt with these rules, seats and first seat.
    #[error("{0}")]
    Setup(String),
    /// The seed does not deal the cards of the record, from any first seat.
    #[error("the seed does not deal these cards")]
    NotDealtBySeed,
    /// Record, seed, salt and commitment do not agree.
    #[error(transparent)]
    Mismatch(#[from] Mismatch),
}

/// Checks a round of 20 ab or Königrufen: the seed, dealing a new round
/// with the record's rules and seats (from whichever first seat the record
/// names), must give exactly the `dealt` record, and seed, salt and record
/// must hash to `published`.
///
/// # Errors
/// [`RoundVerifyError`] naming what does not agree.
pub fn verify_round(
    published: Commitment,
    reveal: &Reveal,
    dealt: &str,
) -> Result<(), RoundVerifyError> {
    let round =
        tarock_games::from_record(dealt).map_err(|e| RoundVerifyError::Record(e.to_string()))?;
    let kind = tarock_games::by_id(round.id())
        .filter(|k| k.id() != GAME)
        .ok_or_else(|| RoundVerifyError::Record(format!("{} deals store hands", round.id())))?;
    let rules = round.rules_spec();
    let seats = round.seats();
    let shuffled: Vec<String> = tarock_game_core::Seat::all(seats)
        .filter_map(|first| dealt_record(kind, &rules, seats, first, &reveal.seed))
        .find(|record| record == dealt.trim())
        .into_iter()
        .collect();
    if shuffled.is_empty() {
        return Err(RoundVerifyError::NotDealtBySeed);
    }
    fair::verify(kind.id(), published, reveal, &shuffled, &shuffled)?;
    Ok(())
}

/// Checks a round of 20 ab or Königrufen from its published values alone:
/// deals the round `setup` describes from the revealed seed and checks
/// that seed, salt and that record as dealt hash to `published`. Returns
/// the record.
///
/// # Errors
/// [`RoundVerifyError::Setup`] for a game, rules, seats or first seat no
/// round is dealt with; [`RoundVerifyError::Mismatch`] when the hash is not
/// the published one.
pub fn verify_setup(
    published: Commitment,
    reveal: &Reveal,
    setup: &RoundSetup,
) -> Result<String, RoundVerifyError> {
    let kind = tarock_games::by_id(&setup.game)
        .filter(|k| k.id() != GAME)
        .ok_or_else(|| {
            RoundVerifyError::Setup(format!(
                "{:?} is not a game whose rounds are dealt from a seed (koenigrufen, zwanzig-ab)",
                setup.game
            ))
        })?;
    let (low, high) = kind.seat_range();
    if !(low..=high).contains(&setup.seats) || setup.first.index() >= usize::from(setup.seats) {
        return Err(RoundVerifyError::Setup(format!(
            "{} is played by {low} to {high} seats, the first seat one of them",
            kind.id()
        )));
    }
    let record = dealt_record(kind, &setup.rules, setup.seats, setup.first, &reveal.seed)
        .ok_or_else(|| {
            RoundVerifyError::Setup(format!(
                "{} has no rules {} (a preset's name or rules as JSON)",
                kind.id(),
                setup.rules
            ))
        })?;
    let piles = [record];
    fair::verify(kind.id(), published, reveal, &piles, &piles)?;
    let [record] = piles;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reveal() -> Reveal {
        Reveal {
            seed: [3; 32],
            salt: [4; 32],
        }
    }

    /// Rules off a preset go into the hint as JSON in single quotes, and
    /// the round they describe verifies; another seed does not.
    #[test]
    fn a_round_with_its_own_rules_verifies_from_its_hint() {
        let setup = RoundSetup {
            game: "koenigrufen".into(),
            rules: serde_json::json!({"preset": "standard", "bei": false}),
            seats: 4,
            first: tarock_game_core::Seat::new(2),
        };
        let kind = tarock_games::by_id("koenigrufen").unwrap();
        let dealt = dealt_record(kind, &setup.rules, 4, setup.first, &reveal().seed).unwrap();
        let published = fair::commit("koenigrufen", &reveal(), std::slice::from_ref(&dealt));
        let command = verify_command(&(published, reveal()), Some(&setup));
        let expected = format!(
            "tarock verify --game koenigrufen --rules '{{\"bei\":false,\"preset\":\"standard\"}}' \
             --seats 4 --first 3 --commitment {published} --seed {} --salt {}",
            "03".repeat(32),
            "04".repeat(32)
        );
        assert_eq!(command, expected);
        assert_eq!(verify_setup(published, &reveal(), &setup), Ok(dealt));
        let mut other = reveal();
        other.seed[0] ^= 1;
        assert!(matches!(
            verify_setup(published, &other, &setup),
            Err(RoundVerifyError::Mismatch(Mismatch::Commitment { .. }))
        ));
    }

    #[test]
    fn a_deal_verifies_against_its_own_commitment() {
        let deal = DealSeed::from_bytes(reveal().seed).deal();
        let published = commitment(&reveal(), &deal);
        let hands = piles(&deal);
        assert_eq!(hands.len(), 4);
        assert!(hands.iter().all(|h| h.split(' ').count() == 10));
        assert_eq!(verify(published, &reveal(), Some(&hands)), Ok(deal));
        assert_eq!(verify(published, &reveal(), None), Ok(deal));
    }

    #[test]
    fn the_order_of_cards_in_a_played_hand_does_not_matter() {
        let deal = DealSeed::from_bytes(reveal().seed).deal();
        let published = commitment(&reveal(), &deal);
        let reversed: Vec<String> = piles(&deal)
            .iter()
            .map(|h| h.split(' ').rev().collect::<Vec<_>>().join(" "))
            .collect();
        assert!(verify(published, &reveal(), Some(&reversed)).is_ok());
    }

    #[test]
    fn swapped_cards_a_tampered_seed_or_salt_fail() {
        let deal = DealSeed::from_bytes(reveal().seed).deal();
        let published = commitment(&reveal(), &deal);
        // Two cards change hands between seat 1 and seat 2.
        let mut hands = piles(&deal);
        let (a, b) = (
            hands[0].split(' ').next().unwrap().to_owned(),
            hands[1].split(' ').next().unwrap().to_owned(),
        );
        hands[0] = hands[0].replacen(&a, &b, 1);
        hands[1] = hands[1].replacen(&b, &a, 1);
        assert!(matches!(
            verify(published, &reveal(), Some(&hands)),
            Err(VerifyError::Mismatch(Mismatch::Deal { pile: 1, .. }))
        ));
        let mut seed = reveal();
        seed.seed[0] ^= 1;
        assert!(matches!(
            verify(published, &seed, None),
            Err(VerifyError::Mismatch(Mismatch::Commitment { .. }))
        ));
        let mut salt = reveal();
        salt.salt[5] ^= 4;
        assert!(matches!(
            verify(published, &salt, Some(&piles(&deal))),
            Err(VerifyError::Mismatch(Mismatch::Commitment { .. }))
        ));
        let bad = vec!["T21 nonsense".to_owned()];
        assert!(matches!(
            verify(published, &reveal(), Some(&bad)),
            Err(VerifyError::Hand { seat: 1, .. })
        ));
    }
}
