//! Provably fair deals at every table, on the game-neutral scheme of
//! [`tarock_game_core::fair`].
//!
//! When the service deals, it draws a salt besides the shuffle seed, hashes
//! both with the piles the round was dealt ([`tarock_game_core::Game::dealt_piles`]:
//! the game decides what they are) into a commitment, and stores commitment
//! and salt with the deal in the transaction that deals it (migration
//! 0007). The table message shows the commitment from the first view of the
//! deal on, so it is queued (durably, in the same transaction) before any
//! card; the settlement reveals seed and salt. [`verify_setup`] and
//! [`verify_round`] are what `tarock verify` runs: they deal the round again
//! from the seed and check the piles and the commitment. Nothing here knows
//! a game: the registry deals, the game names its piles.

use tarock_game_core::fair::{self, Commitment, Mismatch, Reveal};
use tarock_game_core::{DynGame, DynKind, Seat};
use tarock_storage::{DealRow, StorageError, Tx};

use crate::text::Lang;
use crate::text::tr;

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
/// `round` is `None` for a game whose settlement names no setup (see
/// [`reveals_setup`]); `unit` names what `number` counts
/// ([`crate::games::GameFace::round_unit`]: a deal, a session).
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

/// What a round is dealt from besides its seed: with these and the seed,
/// the registry deals the round again and the game names the piles its
/// commitment covers.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundSetup {
    /// The game's id, as the registry knows it.
    pub game: String,
    /// The rules in record form (a preset's name or a JSON object).
    pub rules: serde_json::Value,
    /// The number of seats.
    pub seats: u8,
    /// The round's first seat (the seat the game names first).
    pub first: Seat,
}

impl RoundSetup {
    /// The setup `tarock verify` assumes for a game whose settlement names
    /// none (its face's `reveal_setup` is off: its piles follow from the
    /// seed alone): its default preset, its fewest seats, seat 1 first.
    pub fn assumed(kind: &dyn DynKind) -> RoundSetup {
        RoundSetup {
            game: kind.id().to_owned(),
            rules: serde_json::Value::String(
                kind.presets()
                    .first()
                    .copied()
                    .unwrap_or("standard")
                    .to_owned(),
            ),
            seats: kind.seat_range().0,
            first: Seat::new(0),
        }
    }
}

/// Whether the settlement of a round of `game` names its setup (rules,
/// seats, first seat) for `tarock verify`; a game without one is dealt
/// from the seed alone ([`RoundSetup::assumed`]).
pub fn reveals_setup(game: &str) -> bool {
    tarock_games::face(game).is_none_or(|face| face.layout().reveal_setup)
}

/// The complete `tarock verify` command that checks a revealed deal from
/// what the table published alone, ready to paste into a shell:
/// `tarock verify --commitment C --seed S --salt T` for a game dealt from
/// the seed alone ([`RoundSetup::assumed`]);
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

/// The record as dealt of a round of `kind` that `seed` deals, with these
/// rules, seats and first seat; `None` for rules or seats the game
/// refuses. `tarock db proof` prints it, and [`verify_round`] reads it.
pub fn dealt_record(
    kind: &dyn DynKind,
    rules: &serde_json::Value,
    seats: u8,
    first: Seat,
    seed: &[u8; 32],
) -> Option<String> {
    dealt_round(kind, rules, seats, first, seed)?.to_record()
}

/// The round `seed` deals with these rules, seats and first seat.
fn dealt_round(
    kind: &dyn DynKind,
    rules: &serde_json::Value,
    seats: u8,
    first: Seat,
    seed: &[u8; 32],
) -> Option<Box<dyn DynGame>> {
    let seeded = tarock_games::SeededRound::new(kind, rules, seats, first, seed).ok()?;
    Some(seeded.round().clone_box())
}

/// Why a round does not verify.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundVerifyError {
    /// The dealt record does not read as a record of a game of the family.
    #[error("not a dealt record of a game of the family: {0}")]
    Record(String),
    /// No round of the game is dealt with these rules, seats and first seat.
    #[error("{0}")]
    Setup(String),
    /// The seed does not deal the cards of the record, from any first seat.
    #[error("the seed does not deal these cards")]
    NotDealtBySeed,
    /// Piles, seed, salt and commitment do not agree.
    #[error(transparent)]
    Mismatch(#[from] Mismatch),
}

/// Checks the piles as played (the hands a player copied, say) against
/// the piles the seed dealt: a played pile may list its cards in any
/// order. What differs is reported as the game-neutral [`Mismatch`], and
/// then seed, salt and the dealt piles must hash to `published`.
fn check_piles(
    game: &str,
    published: Commitment,
    reveal: &Reveal,
    played: Option<&[String]>,
    dealt: &[String],
) -> Result<(), Mismatch> {
    let sorted = |pile: &str| {
        let mut cards: Vec<&str> = pile.split_whitespace().collect();
        cards.sort_unstable();
        cards.join(" ")
    };
    let played: Vec<String> = match played {
        Some(piles) => piles
            .iter()
            .enumerate()
            .map(|(i, pile)| match dealt.get(i) {
                Some(d) if sorted(d) == sorted(pile) => d.clone(),
                _ => pile.trim().to_owned(),
            })
            .collect(),
        None => dealt.to_vec(),
    };
    fair::verify(game, published, reveal, &played, dealt)
}

/// Checks a round from the record as dealt that `tarock db proof` prints:
/// the seed, dealing a new round with the record's rules and seats (from
/// whichever first seat the record names), must give exactly the `dealt`
/// record; the piles as `played`, when given, must be the ones it deals;
/// and seed, salt and the round's dealt piles must hash to `published`.
/// Returns the dealt piles.
///
/// # Errors
/// [`RoundVerifyError`] naming what does not agree.
pub fn verify_round(
    published: Commitment,
    reveal: &Reveal,
    dealt: &str,
    played: Option<&[String]>,
) -> Result<Vec<String>, RoundVerifyError> {
    let round =
        tarock_games::from_record(dealt).map_err(|e| RoundVerifyError::Record(e.to_string()))?;
    let kind = tarock_games::by_id(round.id())
        .ok_or_else(|| RoundVerifyError::Record(format!("no game {:?}", round.id())))?;
    let rules = round.rules_spec();
    let seats = round.seats();
    let shuffled = Seat::all(seats)
        .filter_map(|first| dealt_round(kind, &rules, seats, first, &reveal.seed))
        .find(|r| r.to_record().is_some_and(|record| record == dealt.trim()))
        .ok_or(RoundVerifyError::NotDealtBySeed)?;
    let piles = shuffled.dealt_piles();
    check_piles(kind.id(), published, reveal, played, &piles)?;
    Ok(piles)
}

/// The registry's game with this id.
///
/// # Errors
/// [`RoundVerifyError::Setup`] naming the games there are.
pub fn game_kind(game: &str) -> Result<&'static dyn DynKind, RoundVerifyError> {
    tarock_games::by_id(game).ok_or_else(|| {
        let ids: Vec<&str> = tarock_games::GAMES.iter().map(|g| g.id()).collect();
        RoundVerifyError::Setup(format!(
            "there is no game {game:?} (one of {})",
            ids.join(", ")
        ))
    })
}

/// Checks a round from its published values alone: deals the round
/// `setup` describes from the revealed seed, checks the piles as `played`
/// (when given) against the piles it deals, and that seed, salt and those
/// piles hash to `published`. Returns the dealt piles.
///
/// # Errors
/// [`RoundVerifyError::Setup`] for a game, rules, seats or first seat no
/// round is dealt with; [`RoundVerifyError::Mismatch`] when a pile or the
/// hash is not the published one.
pub fn verify_setup(
    published: Commitment,
    reveal: &Reveal,
    setup: &RoundSetup,
    played: Option<&[String]>,
) -> Result<Vec<String>, RoundVerifyError> {
    let kind = game_kind(&setup.game)?;
    let (low, high) = kind.seat_range();
    if !(low..=high).contains(&setup.seats) || setup.first.index() >= usize::from(setup.seats) {
        return Err(RoundVerifyError::Setup(format!(
            "{} is played by {low} to {high} seats, the first seat one of them",
            kind.id()
        )));
    }
    let round = dealt_round(kind, &setup.rules, setup.seats, setup.first, &reveal.seed)
        .ok_or_else(|| {
            RoundVerifyError::Setup(format!(
                "{} has no rules {} (a preset's name or rules as JSON)",
                kind.id(),
                setup.rules
            ))
        })?;
    let piles = round.dealt_piles();
    check_piles(kind.id(), published, reveal, played, &piles)?;
    Ok(piles)
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
        assert_eq!(
            verify_setup(published, &reveal(), &setup, None),
            Ok(vec![dealt])
        );
        let mut other = reveal();
        other.seed[0] ^= 1;
        assert!(matches!(
            verify_setup(published, &other, &setup, None),
            Err(RoundVerifyError::Mismatch(Mismatch::Commitment { .. }))
        ));
    }

    /// Every game's round, dealt from a seed with the setup its verify
    /// command names (or the assumed one), and committed as the table
    /// commits it.
    fn committed_rounds() -> Vec<(RoundSetup, Commitment, Vec<String>)> {
        tarock_games::GAMES
            .iter()
            .map(|kind| {
                let mut setup = RoundSetup::assumed(*kind);
                setup.first = Seat::new(setup.seats - 1);
                let round = dealt_round(
                    *kind,
                    &setup.rules,
                    setup.seats,
                    setup.first,
                    &reveal().seed,
                )
                .unwrap();
                let piles = round.dealt_piles();
                let published = fair::commit(kind.id(), &reveal(), &piles);
                (setup, published, piles)
            })
            .collect()
    }

    #[test]
    fn every_games_round_verifies_against_its_own_commitment() {
        for (setup, published, piles) in committed_rounds() {
            assert!(!piles.is_empty(), "{}", setup.game);
            let played = Some(piles.as_slice());
            assert_eq!(
                verify_setup(published, &reveal(), &setup, played).as_ref(),
                Ok(&piles),
                "{}",
                setup.game
            );
            assert_eq!(
                verify_setup(published, &reveal(), &setup, None),
                Ok(piles.clone())
            );
            let record = dealt_record(
                tarock_games::by_id(&setup.game).unwrap(),
                &setup.rules,
                setup.seats,
                setup.first,
                &reveal().seed,
            )
            .unwrap();
            assert_eq!(
                verify_round(published, &reveal(), &record, played),
                Ok(piles.clone())
            );
        }
    }

    #[test]
    fn the_order_of_cards_in_a_played_pile_does_not_matter() {
        for (setup, published, piles) in committed_rounds() {
            let reversed: Vec<String> = piles
                .iter()
                .map(|h| h.split(' ').rev().collect::<Vec<_>>().join(" "))
                .collect();
            assert!(
                verify_setup(published, &reveal(), &setup, Some(&reversed)).is_ok(),
                "{}",
                setup.game
            );
        }
    }

    #[test]
    fn swapped_cards_a_tampered_seed_or_salt_fail() {
        for (setup, published, piles) in committed_rounds() {
            // The first pile's first card replaced by a word that is none.
            let mut played = piles.clone();
            let first = played[0].split(' ').next().unwrap().to_owned();
            played[0] = played[0].replacen(&first, "nonsense", 1);
            assert!(matches!(
                verify_setup(published, &reveal(), &setup, Some(&played)),
                Err(RoundVerifyError::Mismatch(Mismatch::Deal { pile: 1, .. }))
            ));
            let mut seed = reveal();
            seed.seed[0] ^= 1;
            assert!(matches!(
                verify_setup(published, &seed, &setup, None),
                Err(RoundVerifyError::Mismatch(Mismatch::Commitment { .. }))
            ));
            assert!(matches!(
                verify_setup(published, &seed, &setup, Some(&piles)),
                Err(RoundVerifyError::Mismatch(Mismatch::Deal { .. }))
            ));
            let mut salt = reveal();
            salt.salt[5] ^= 4;
            assert!(matches!(
                verify_setup(published, &salt, &setup, Some(&piles)),
                Err(RoundVerifyError::Mismatch(Mismatch::Commitment { .. }))
            ));
        }
    }

    #[test]
    fn a_setup_no_round_is_dealt_with_cannot_be_checked() {
        let (setup, published, _) = committed_rounds().remove(0);
        let unknown = RoundSetup {
            game: "schafkopf".into(),
            ..setup.clone()
        };
        let too_many = RoundSetup {
            seats: 9,
            ..setup.clone()
        };
        let bad_rules = RoundSetup {
            rules: serde_json::json!("nonsense"),
            ..setup
        };
        for bad in [unknown, too_many, bad_rules] {
            assert!(
                matches!(
                    verify_setup(published, &reveal(), &bad, None),
                    Err(RoundVerifyError::Setup(_))
                ),
                "{bad:?}"
            );
        }
    }
}
