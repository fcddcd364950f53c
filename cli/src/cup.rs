//! `tarock cup`: a club's cup on one machine (seed 002's Tarockcup days).
//!
//! The cup lives in a JSON file (`--file`, default `cup.json`): its
//! players, every round drawn and every table's scores. A club draws each
//! round's tables (`draw`), plays them at real tables and enters each
//! table's round total (`score`), or lets computer players play them
//! (`play`), and prints the standings of the day and the season
//! (`standings`). The rules of ranking live in the game-neutral `tarock-cup`
//! crate; the game comes from the registry (the game whose face keeps a cup
//! score, `tarock_games::cup_game`), and `play` plays it through the game
//! boundary with the registry's computer players.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Subcommand;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::Value;
use tarock_cup::{Cup, CupFormat, PlayerNo, Round, TableDraw};
use tarock_game_core::{DynKind, Seat};
use tarock_games::GameFace;
use tarock_player::Level;

/// `tarock cup`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The cup's file (JSON), made by `tarock cup new`.
    #[arg(long, global = true, default_value = "cup.json")]
    file: PathBuf,
    #[command(subcommand)]
    command: CupCommand,
}

#[derive(Subcommand)]
enum CupCommand {
    /// Start a cup with its players (the cup's game: Königrufen).
    New {
        /// The cup's name.
        name: String,
        /// The players, comma-separated (more can be added later).
        #[arg(long)]
        players: String,
        /// The rules preset (`cup2019`, `standard`) or a JSON object.
        #[arg(long, default_value = "cup2019")]
        rules: String,
        /// Cup days in the season.
        #[arg(long, default_value_t = 8)]
        days: usize,
        /// Rounds a day.
        #[arg(long, default_value_t = 3)]
        rounds: usize,
        /// Days that count for the season (the best ones).
        #[arg(long, default_value_t = 6)]
        best: usize,
        /// Replace an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Add a player, e.g. a newcomer on a later day.
    Add {
        /// The player's name.
        name: String,
    },
    /// Draw the next round's tables at random.
    Draw {
        /// Players not here, comma-separated (their day is over; on a new
        /// day they are drawn again).
        #[arg(long, default_value = "")]
        absent: String,
        /// The draw's seed (default: from the operating system).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Enter a table's total score (Schrift) of the current round, one per
    /// seat in the order `draw` printed.
    Score {
        /// The table number.
        table: usize,
        /// The scores, comma-separated (they add up to 0).
        #[arg(allow_hyphen_values = true)]
        scores: String,
    },
    /// Let computer players play the current round's tables that have no
    /// scores yet: every deal of the round, through the rules engine.
    Play {
        /// The computers' strength: easy, medium or strong.
        #[arg(long, default_value = "medium")]
        level: String,
        /// The seed of the deals and of the computers' play.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Print the day's and the season's standings.
    Standings {
        /// The day (default: the latest).
        #[arg(long)]
        day: Option<usize>,
    },
}

/// Runs `tarock cup`.
///
/// # Errors
/// A file that cannot be read or written, bad arguments, or what the cup
/// refuses (a round still open, scores that do not add up, …).
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if let CupCommand::New {
        name,
        players,
        rules,
        days,
        rounds,
        best,
        force,
    } = &args.command
    {
        if args.file.exists() && !force {
            bail!(
                "{} exists already; pass --force to replace it",
                args.file.display()
            );
        }
        let (face, _) = cup_game()?;
        rules_of(face, rules)?;
        let names = names(players);
        let format = CupFormat {
            days: *days,
            rounds_per_day: *rounds,
            best_days: *best,
        };
        if format.days == 0 || format.rounds_per_day == 0 || format.best_days == 0 {
            bail!("--days, --rounds and --best must be at least 1");
        }
        let cup = Cup::new(name, face.id(), rules, format, &names)?;
        save(&args.file, &cup)?;
        outln!(
            "Cup {:?}: {} players, {} days of {} rounds, the best {} days count. Next: tarock cup draw",
            cup.name,
            cup.players.len(),
            format.days,
            format.rounds_per_day,
            format.best_days
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut cup = load(&args.file)?;
    match &args.command {
        CupCommand::New { .. } => unreachable!("handled above"),
        CupCommand::Add { name } => {
            let no = cup.add_player(name)?;
            save(&args.file, &cup)?;
            outln!("{} joins the cup (player {}).", cup.name_of(no), no.0 + 1)?;
        }
        CupCommand::Draw { absent, seed } => {
            let present = present(&cup, &names(absent))?;
            let seed = match seed {
                Some(s) => *s,
                None => crate::simulate::fresh_seed()?,
            };
            let round = cup.draw_next(&present, seed)?.clone();
            save(&args.file, &cup)?;
            print_round(&cup, &round)?;
        }
        CupCommand::Score { table, scores } => {
            let scores = scores
                .split(',')
                .map(|s| s.trim().trim_start_matches('+').parse::<i64>())
                .collect::<Result<Vec<i64>, _>>()
                .with_context(|| format!("scores are whole numbers, comma-separated: {scores}"))?;
            cup.record(*table, &scores)?;
            save(&args.file, &cup)?;
            report_recorded(&cup)?;
        }
        CupCommand::Play { level, seed } => {
            let level: Level = level.parse()?;
            let game = game_of(&cup)?;
            let rules = rules_of(game.0, &cup.rules)?;
            let seed = match seed {
                Some(s) => *s,
                None => crate::simulate::fresh_seed()?,
            };
            let round = cup
                .current()
                .context("no round drawn yet: tarock cup draw")?
                .clone();
            for (i, table) in round.tables.iter().enumerate() {
                if table.scores.is_some() {
                    continue;
                }
                let scores = play_table(game, &rules, level, table, seed ^ stream(&round, i))?;
                cup.record(i + 1, &scores)?;
                save(&args.file, &cup)?;
                outln!(
                    "Table {}: {} deals played: {}",
                    i + 1,
                    table.deals,
                    seat_list(&cup, &table.seats, Some(&scores))
                )?;
            }
            report_recorded(&cup)?;
        }
        CupCommand::Standings { day } => {
            let day = day
                .or_else(|| cup.current().map(|r| r.id.day))
                .context("no round drawn yet: tarock cup draw")?;
            print_standings(&cup, day)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn names(list: &str) -> Vec<&str> {
    list.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect()
}

/// The players of the next round: a day's field (everyone on its first
/// round, the first round's players after that) minus `absent`.
fn present(cup: &Cup, absent: &[&str]) -> anyhow::Result<Vec<PlayerNo>> {
    let field = cup.next_field().context("the season is over")?;
    for name in absent {
        if !cup.players.iter().any(|p| p.eq_ignore_ascii_case(name)) {
            bail!("the cup has no player {name:?}");
        }
    }
    Ok(field
        .into_iter()
        .filter(|p| {
            !absent
                .iter()
                .any(|a| a.eq_ignore_ascii_case(cup.name_of(*p)))
        })
        .collect())
}

fn load(path: &Path) -> anyhow::Result<Cup> {
    let text = std::fs::read_to_string(path).with_context(|| {
        format!(
            "cannot read {} (start a cup with: tarock cup new NAME --players A,B,C,D)",
            path.display()
        )
    })?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a cup file", path.display()))
}

/// Writes the cup beside the file and renames it over, so that a crash
/// never leaves half a file.
fn save(path: &Path, cup: &Cup) -> anyhow::Result<()> {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, serde_json::to_string_pretty(cup)? + "\n")
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// A number mixing the round and table into the play seed.
fn stream(round: &Round, table: usize) -> u64 {
    let day = u64::try_from(round.id.day).unwrap_or(0);
    let r = u64::try_from(round.id.round).unwrap_or(0);
    let t = u64::try_from(table).unwrap_or(0);
    (day << 40 | r << 20 | t).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The game cups are played in: the registry's game whose face keeps a
/// cup score apart from the money (Königrufen's Schrift).
fn cup_game() -> anyhow::Result<(&'static dyn GameFace, &'static dyn DynKind)> {
    let face = tarock_games::faces()
        .iter()
        .copied()
        .find(|f| f.has_cup_score())
        .context("no game of the registry keeps a cup score")?;
    let kind = tarock_games::by_id(face.id()).context("a face's game is in the registry")?;
    Ok((face, kind))
}

/// The face and the rules of the game `cup` is played in.
fn game_of(cup: &Cup) -> anyhow::Result<(&'static dyn GameFace, &'static dyn DynKind)> {
    let face = tarock_games::face(&cup.game)
        .with_context(|| format!("the cup's game {:?} is no game with a face", cup.game))?;
    let kind = tarock_games::by_id(face.id()).context("a face's game is in the registry")?;
    Ok((face, kind))
}

/// `rules` (a preset name or JSON) read by `face`'s game.
fn rules_of(face: &dyn GameFace, rules: &str) -> anyhow::Result<Value> {
    let value = face.parse_rules(rules)?;
    let kind = tarock_games::by_id(face.id()).context("a face's game is in the registry")?;
    let (min, _) = kind.seat_range();
    kind.new_round(&value, min, Seat::new(0))?;
    Ok(value)
}

/// Plays a table's round with computers and returns each seat's total
/// score (the cup's score of each deal, `GameFace::cup_score`, else its
/// units). Deal `k`'s dealer is seat `n − 1 + k` (mod `n`), the seat after
/// the dealer acts first; at five seats the dealer sits the deal out and
/// scores nothing for it (the game's rule at a table of five).
fn play_table(
    (face, kind): (&'static dyn GameFace, &'static dyn DynKind),
    rules: &Value,
    level: Level,
    table: &TableDraw,
    seed: u64,
) -> anyhow::Result<Vec<i64>> {
    let n = table.seats.len();
    let seats = u8::try_from(n)?;
    let mut totals = vec![0i64; n];
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut players = (0..n)
        .map(|_| tarock_games::computer(face.id(), level))
        .collect::<Option<Vec<_>>>()
        .with_context(|| format!("{} has no {level} computer player", face.id()))?;
    for k in 0..table.deals as usize {
        let first = Seat::new(u8::try_from(k % n)?);
        let mut round = kind.new_round(rules, seats, first)?;
        while !round.is_over() {
            if round.needs_deck() {
                round.deal(&mut rng)?;
                continue;
            }
            let seat = round
                .to_act()
                .context("a round not over has a seat to act")?;
            let token = players[seat.index()]
                .answer(round.as_ref(), seat, &mut rng)
                .context("the computer player has no answer")?;
            round
                .apply_token(seat, &token)
                .map_err(|e| anyhow::anyhow!("a computer's {token} was refused: {e}"))?;
        }
        let score = match face.cup_score(round.as_ref()) {
            Some(score) => score,
            None => round
                .settlement()
                .context("a finished round settles")?
                .units()
                .to_vec(),
        };
        for (total, s) in totals.iter_mut().zip(score) {
            *total += s;
        }
    }
    Ok(totals)
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn seat_list(cup: &Cup, seats: &[PlayerNo], scores: Option<&[i64]>) -> String {
    seats
        .iter()
        .enumerate()
        .map(|(i, p)| match scores {
            Some(s) => format!("{} {}", cup.name_of(*p), signed(s[i])),
            None => cup.name_of(*p).to_owned(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn print_round(cup: &Cup, round: &Round) -> anyhow::Result<()> {
    outln!(
        "Day {}, round {} of {}: {} tables (draw seed {})",
        round.id.day,
        round.id.round,
        cup.format.rounds_per_day,
        round.tables.len(),
        round.seed
    )?;
    for (i, t) in round.tables.iter().enumerate() {
        let sits_out = if t.seats.len() == 5 {
            ", the dealer sits each deal out"
        } else {
            ""
        };
        outln!(
            "  Table {} ({} deals{sits_out}): {}",
            i + 1,
            t.deals,
            seat_list(cup, &t.seats, None)
        )?;
    }
    Ok(())
}

/// After a result: what is still open, or the day's standings once the
/// round completes it.
fn report_recorded(cup: &Cup) -> anyhow::Result<()> {
    let Some(round) = cup.current() else {
        return Ok(());
    };
    let open: Vec<String> = round
        .tables
        .iter()
        .enumerate()
        .filter(|(_, t)| t.scores.is_none())
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    if !open.is_empty() {
        outln!("Waiting for table(s) {}.", open.join(", "))?;
        return Ok(());
    }
    outln!("Day {}, round {} complete.", round.id.day, round.id.round)?;
    print_standings(cup, round.id.day)
}

fn print_standings(cup: &Cup, day: usize) -> anyhow::Result<()> {
    let rounds_in = cup
        .rounds
        .iter()
        .filter(|r| r.id.day == day && r.complete())
        .count();
    let state = if cup.day_complete(day) {
        "final".to_owned()
    } else {
        format!("after {rounds_in} of {} rounds", cup.format.rounds_per_day)
    };
    outln!("{}: day {day} ({state})", cup.name)?;
    outln!("  Place  Player                 Score  Cup points")?;
    for p in cup.day_ranking(day) {
        outln!(
            "  {:>5}  {:<20} {:>7}  {:>10}",
            p.place,
            cup.name_of(p.player),
            signed(p.total),
            p.cup_points
        )?;
    }
    let complete = cup.complete_days();
    outln!(
        "Season: the best {} of {} days count ({} day(s) complete)",
        cup.format.best_days,
        cup.format.days,
        complete.len()
    )?;
    outln!("  Place  Player                 Cup points  Schrift  Days")?;
    for s in cup.season_ranking() {
        outln!(
            "  {:>5}  {:<20} {:>10}  {:>7}  {:>4}",
            s.place,
            cup.name_of(s.player),
            s.cup_points,
            signed(s.schrift),
            s.days_played
        )?;
    }
    Ok(())
}
