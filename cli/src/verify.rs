//! `tarock verify`: checks that a deal was dealt fairly, from what the
//! table published: the commitment shown before the deal, seed and salt
//! revealed in its settlement, and (when given) the hands as played. It
//! recomputes the shuffle from the seed, compares the hands, and hashes
//! seed, salt and hands again (games/core's `fair` module; the README's
//! "Fair deals" section does the hash with `sha256sum`).
//!
//! Input: the three values as flags (with `--hand` once per pile for the
//! cards as played; `--game`, `--rules`, `--seats` and `--first` exactly
//! as the settlement's hint prints them, or none of them for a game whose
//! hint names no setup), or proof lines as `tarock db proof` prints them
//! (files, or `-` for standard input). A deal still being played is
//! reported as pending and does not fail the check. Every game is checked
//! the same way: the registry deals the round again from the seed, and the
//! game names the piles its commitment covers.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Args as ClapArgs;
use serde::Deserialize;
use tarock_game_core::fair::{Commitment, Reveal, parse_hex, preimage};
use tarock_table::fair::{
    RoundSetup, RoundVerifyError, game_kind, reveals_setup, verify_round, verify_setup,
};

/// Exit status when some deal did not verify.
const EXIT_FAILED: u8 = 1;
/// Exit status when some input could not be read at all.
const EXIT_INVALID: u8 = 2;

/// What to check.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Proof files from `tarock db proof` (JSON Lines), or `-` for standard input.
    #[arg(conflicts_with_all = ["commitment", "seed", "salt"], required_unless_present = "commitment")]
    files: Vec<String>,
    /// The commitment the table message showed before the deal (64 hexadecimal digits).
    #[arg(long, requires_all = ["seed", "salt"])]
    commitment: Option<String>,
    /// The seed the settlement revealed (64 hexadecimal digits).
    #[arg(long, requires = "commitment")]
    seed: Option<String>,
    /// The salt the settlement revealed (64 hexadecimal digits).
    #[arg(long, requires = "commitment")]
    salt: Option<String>,
    /// A pile as played, the first first (a hand: its card ids as in a
    /// game record, in any order); give every pile to check them too.
    #[arg(long = "hand", requires = "commitment")]
    hands: Vec<String>,
    /// A round's record as dealt, before any action (the `dealt` of
    /// `tarock db proof`), one line of JSON.
    #[arg(long, requires = "commitment", conflicts_with = "game")]
    dealt: Option<String>,
    /// The game's id (without it: the default game). Its round is dealt
    /// again from the seed with `--rules`, `--seats` and `--first`, as the
    /// settlement's hint gives them.
    #[arg(long, requires = "commitment")]
    game: Option<String>,
    /// The round's rules: a preset's name or the rules as JSON.
    #[arg(long, requires = "game")]
    rules: Option<String>,
    /// The round's number of seats.
    #[arg(long, requires = "game")]
    seats: Option<u8>,
    /// The round's first seat, from 1.
    #[arg(long, requires = "game")]
    first: Option<u8>,
}

/// One line of `tarock db proof`.
#[derive(Debug, Deserialize)]
struct Proof {
    game: String,
    table: Option<i64>,
    number: Option<u32>,
    commitment: Option<String>,
    seed: Option<String>,
    salt: Option<String>,
    #[serde(default)]
    hands: Vec<String>,
    /// `active` while the deal is being played.
    #[serde(default)]
    status: Option<String>,
    /// The round's record as dealt (games whose settlement names a setup).
    #[serde(default)]
    dealt: Option<String>,
    /// The round given by its rules, seats and first seat (flags).
    #[serde(skip)]
    setup: Option<RoundSetup>,
}

/// How one deal came out.
enum Outcome {
    Verified,
    /// Still being played: nothing revealed yet, nothing to check.
    Pending,
    Failed,
    Invalid,
}

/// Runs `tarock verify`.
pub fn run(args: &Args) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut outcomes = Vec::new();
    if let Some(commitment) = &args.commitment {
        let setup = match setup(args) {
            Ok(setup) => setup,
            Err(why) => {
                writeln!(out, "the deal: cannot be checked: {why}")?;
                return Ok(ExitCode::from(EXIT_INVALID));
            }
        };
        let proof = Proof {
            game: match (&args.dealt, &setup) {
                (Some(dealt), _) => tarock_games::from_record(dealt)
                    .map_or_else(|_| "?".to_owned(), |r| r.id().to_owned()),
                (None, Some(setup)) => setup.game.clone(),
                (None, None) => tarock_games::DEFAULT_GAME.to_owned(),
            },
            dealt: args.dealt.clone(),
            setup,
            status: None,
            table: None,
            number: None,
            commitment: Some(commitment.clone()),
            seed: args.seed.clone(),
            salt: args.salt.clone(),
            hands: args.hands.clone(),
        };
        outcomes.push(check(&mut out, &proof)?);
    }
    for file in &args.files {
        let lines: Vec<String> = if file == "-" {
            io::stdin().lock().lines().collect::<io::Result<_>>()?
        } else {
            match std::fs::read_to_string(file) {
                Ok(text) => text.lines().map(str::to_owned).collect(),
                Err(e) => {
                    writeln!(out, "{file}: cannot be read: {e}")?;
                    outcomes.push(Outcome::Invalid);
                    continue;
                }
            }
        };
        for line in lines.iter().filter(|l| !l.trim().is_empty()) {
            match serde_json::from_str::<Proof>(line) {
                Ok(proof) => outcomes.push(check(&mut out, &proof)?),
                Err(e) => {
                    writeln!(out, "not a proof line from `tarock db proof` ({e}): {line}")?;
                    outcomes.push(Outcome::Invalid);
                }
            }
        }
    }
    out.flush()?;
    let pending = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Pending))
        .count();
    if pending > 0 && outcomes.len() > 1 {
        writeln!(
            out,
            "{pending} deal(s) still being played, not checked yet; {} finished deal(s) checked",
            outcomes.len() - pending
        )?;
    }
    let code = if outcomes.iter().any(|o| matches!(o, Outcome::Invalid)) {
        ExitCode::from(EXIT_INVALID)
    } else if outcomes.iter().any(|o| matches!(o, Outcome::Failed)) {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::SUCCESS
    };
    Ok(code)
}

/// Checks one deal and writes what came out.
fn check(out: &mut impl Write, proof: &Proof) -> Result<Outcome> {
    let name = match (proof.table, proof.number) {
        (Some(table), Some(number)) => format!("table {table}, deal {number}"),
        _ => "the deal".to_owned(),
    };
    // Seed and salt stay secret until the deal ends (`tarock db proof`
    // says `active` until then): nothing to check yet, and nothing wrong.
    if proof.status.as_deref() == Some("active")
        || (proof.commitment.is_some() && proof.seed.is_none() && proof.salt.is_none())
    {
        writeln!(
            out,
            "{name}: PENDING: still being played; its settlement reveals seed and salt"
        )?;
        return Ok(Outcome::Pending);
    }
    // A proof line without record or setup: a game dealt from the seed
    // alone is checked with the setup it assumes.
    let assumed = match (&proof.dealt, &proof.setup) {
        (None, None) if reveals_setup(&proof.game) => {
            writeln!(
                out,
                "{name}: NOT VERIFIED: a round of {} is checked against its dealt record (`dealt`), which is missing",
                proof.game
            )?;
            return Ok(Outcome::Failed);
        }
        (None, None) => match tarock_games::by_id(&proof.game) {
            Some(kind) => Some(RoundSetup::assumed(kind)),
            None => {
                writeln!(
                    out,
                    "{name}: cannot be checked: there is no game {:?}",
                    proof.game
                )?;
                return Ok(Outcome::Invalid);
            }
        },
        _ => None,
    };
    let (Some(commitment), Some(seed), Some(salt)) = (&proof.commitment, &proof.seed, &proof.salt)
    else {
        let why = if proof.commitment.is_none() {
            "it was dealt without a commitment"
        } else {
            "seed or salt is missing"
        };
        writeln!(out, "{name}: NOT VERIFIED: {why}")?;
        return Ok(Outcome::Failed);
    };
    let (published, reveal) = match (
        commitment.parse::<Commitment>(),
        parse_hex(seed),
        parse_hex(salt),
    ) {
        (Ok(c), Ok(seed), Ok(salt)) => (c, Reveal { seed, salt }),
        (c, seed, salt) => {
            let errors = [c.err(), seed.err(), salt.err()];
            let why: Vec<String> = errors.iter().flatten().map(ToString::to_string).collect();
            writeln!(out, "{name}: cannot be checked: {}", why.join("; "))?;
            return Ok(Outcome::Invalid);
        }
    };
    let played = (!proof.hands.is_empty()).then_some(proof.hands.as_slice());
    let checked = match (&proof.dealt, proof.setup.as_ref().or(assumed.as_ref())) {
        (Some(dealt), _) => verify_round(published, &reveal, dealt, played),
        (None, Some(setup)) => verify_setup(published, &reveal, setup, played),
        (None, None) => unreachable!("a proof without record or setup was answered above"),
    };
    match checked {
        Ok(piles) => {
            let checked = if played.is_some() {
                "the hands as played are the ones the seed deals".to_owned()
            } else {
                format!("the seed deals this {} round", proof.game)
            };
            writeln!(
                out,
                "{name}: VERIFIED: {checked}, and seed, salt and its piles hash to the commitment {published}"
            )?;
            for (i, pile) in piles.iter().enumerate() {
                writeln!(out, "  pile {}: {pile}", i + 1)?;
            }
            writeln!(out, "  SHA-256 of these lines is the commitment:")?;
            for line in preimage(&proof.game, &reveal, &piles).lines() {
                writeln!(out, "    {line}")?;
            }
            Ok(Outcome::Verified)
        }
        Err(RoundVerifyError::Setup(why)) => {
            writeln!(out, "{name}: cannot be checked: {why}")?;
            Ok(Outcome::Invalid)
        }
        Err(e) => {
            writeln!(out, "{name}: NOT VERIFIED: {e}")?;
            Ok(Outcome::Failed)
        }
    }
}

/// The round `--game`, `--rules`, `--seats` and `--first` describe:
/// without `--game` the default game's; a game whose settlement names no
/// setup takes none and is dealt with the one it assumes
/// ([`RoundSetup::assumed`]).
///
/// # Errors
/// What is missing or wrong, to print.
fn setup(args: &Args) -> Result<Option<RoundSetup>, String> {
    if args.dealt.is_some() {
        return Ok(None);
    }
    let game = args.game.as_deref().unwrap_or(tarock_games::DEFAULT_GAME);
    let kind = game_kind(game).map_err(|e| e.to_string())?;
    let (rules, seats, first) = match (&args.rules, args.seats, args.first) {
        (None, None, None) if !reveals_setup(kind.id()) => {
            return Ok(Some(RoundSetup::assumed(kind)));
        }
        _ if !reveals_setup(kind.id()) => {
            return Err(format!(
                "a {game} deal follows from the seed alone: no --rules, --seats or --first"
            ));
        }
        (Some(rules), Some(seats), Some(first)) => (rules, seats, first),
        _ => {
            return Err(format!(
                "a round of {game} needs --rules, --seats and --first, as the settlement's hint gives them"
            ));
        }
    };
    if first == 0 || first > seats {
        return Err(format!("--first is a seat from 1 to {seats}, not {first}"));
    }
    // A preset's name may stand bare; anything else is JSON.
    let rules = serde_json::from_str(rules)
        .unwrap_or_else(|_| serde_json::Value::String(rules.trim().to_owned()));
    Ok(Some(RoundSetup {
        game: kind.id().to_owned(),
        rules,
        seats,
        first: tarock_game_core::Seat::new(first - 1),
    }))
}
