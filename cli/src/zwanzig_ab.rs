//! 20 ab in the `tarock` tool: replay lines for `zwanzig-ab-record/…`
//! records, `tarock simulate --game zwanzig-ab` (random
//! sessions through the checked rules API, the SPEC's invariants checked
//! after every deal) and `tarock arena --game zwanzig-ab` (duplicate
//! sessions between two computer player types).

use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use tarock_ai::zwanzig_ab::AbLevel;
use tarock_ai::zwanzig_ab::arena::{ArenaConfig, run};
use tarock_zwanzig_ab::record::{ReplayReport, Status};
use tarock_zwanzig_ab::sim::play_deal;
use tarock_zwanzig_ab::{Rules, Session, Step};

/// The game name on the command line.
pub const GAME: &str = "zwanzig-ab";

/// Whether `text` is a 20 ab record (its `format` names the game; another
/// version of the format is reported as an invalid 20 ab record).
pub fn is_record(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| {
            v.get("format")?
                .as_str()
                .map(|f| f.starts_with("zwanzig-ab-record/"))
        })
        .unwrap_or(false)
}

/// The replay line of a 20 ab record (SPEC §9.2), and whether it was invalid.
pub fn replay_line(text: &str) -> (String, bool) {
    let report = ReplayReport::from_json(text);
    (report.to_json(), report.status == Status::Invalid)
}

/// Reads `--rules` for 20 ab: a preset name or a JSON rules object.
pub fn parse_rules(text: &str) -> anyhow::Result<Rules> {
    let spec = if text.trim_start().starts_with('{') {
        serde_json::from_str(text).context("--rules is not valid JSON")?
    } else {
        serde_json::Value::String(text.to_owned())
    };
    Ok(Rules::from_spec(&spec)?)
}

/// What the simulation counted.
#[derive(Default)]
struct Tally {
    deals: u64,
    sessions: u64,
    unfinished: u64,
    deals_in_finished: u64,
    dropped: u64,
}

/// Plays `deals` random deals in sessions of `players`, each session until
/// it ends or `max_deals` deals were played.
pub fn simulate(
    deals: u64,
    players: u8,
    max_deals: u64,
    rules: &str,
    seed: u64,
) -> anyhow::Result<ExitCode> {
    let rules = parse_rules(rules)?;
    if !(3..=5).contains(&players) {
        bail!("--players must be 3, 4 or 5 for 20 ab");
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut session = Session::fresh(rules, players, 0)?;
    let mut in_session = 0u64;
    let mut t = Tally::default();
    let start = Instant::now();
    while t.deals < deals {
        if in_session == max_deals {
            t.unfinished += 1;
            session.restart(session.dealer().index() as u8)?;
            in_session = 0;
        }
        let step = play_deal(&mut session, &mut rng).context("the session is running")?;
        t.deals += 1;
        in_session += 1;
        check_deal(&session, t.deals, seed)?;
        t.dropped += u64::from(session.dropped().len());
        if let Step::SessionOver(_) = step {
            let outcome = session.outcome().context("a finished session")?;
            if outcome.settlement.balance.iter().sum::<i64>() != 0 {
                bail!(
                    "deal {} (seed {seed}): the settlement is not zero-sum",
                    t.deals
                );
            }
            t.sessions += 1;
            t.deals_in_finished += in_session;
            session.restart(session.dealer().index() as u8)?;
            in_session = 0;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    report(&t, &rules, players, max_deals, seed, seconds)?;
    Ok(ExitCode::SUCCESS)
}

/// Five tricks taken or credited, and five (times the multiplier) deducted:
/// one pass over the seats' tricks and the deal's deltas.
fn check_deal(session: &Session, deal: u64, seed: u64) -> anyhow::Result<()> {
    let trump = session.trump().context("trump was named")?;
    let m = session.rules().multiplier(trump);
    let deltas = session
        .deltas()
        .next_back()
        .context("the deal was scored")?;
    let mut tricks = 0u32;
    let mut deducted = 0i32;
    for (t, d) in session.tricks_won().iter().zip(deltas) {
        tricks += u32::from(*t);
        deducted += (*d).min(0);
    }
    if tricks != 5 || deducted != -5 * m {
        bail!("deal {deal} (seed {seed}) broke an invariant: tricks {tricks}, deltas {deltas:?}");
    }
    Ok(())
}

/// `n` as a percentage of `of` (0 when `of` is 0).
fn percent(n: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

fn per_second(n: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        (n as f64 / seconds).round()
    } else {
        0.0
    }
}

fn report(
    t: &Tally,
    rules: &Rules,
    players: u8,
    max_deals: u64,
    seed: u64,
    seconds: f64,
) -> std::io::Result<()> {
    let name = rules.preset().map_or("custom", |p| p.name());
    let deals_per_second = per_second(t.deals, seconds);
    let sessions_per_second = per_second(t.sessions, seconds);
    let mean = if t.sessions > 0 {
        t.deals_in_finished as f64 / t.sessions as f64
    } else {
        0.0
    };
    outln!(
        "Simulated {} random 20 ab deals ({players} players, {name} rules, seed {seed}) in {seconds:.3} s: {deals_per_second:.0} deals/s",
        t.deals
    )?;
    outln!(
        "Sessions finished: {} ({sessions_per_second:.0}/s, {mean:.1} deals each); abandoned after {max_deals} deals: {}",
        t.sessions,
        t.unfinished
    )?;
    outln!(
        "Drops per deal: {:.2}",
        t.dropped as f64 / t.deals.max(1) as f64
    )?;
    outln!(
        "Every deal: five tricks, five deducted (times the multiplier); every settlement zero-sum."
    )?;
    let summary = json!({
        "game": GAME,
        "players": players,
        "deals": t.deals,
        "seconds": seconds,
        "deals_per_second": deals_per_second,
        "sessions": t.sessions,
        "sessions_per_second": sessions_per_second,
        "mean_deals_per_session": mean,
        "unfinished": t.unfinished,
        "rules": name,
        "seed": seed,
    });
    outln!("{summary}")
}

/// A session still running after this many deals is a draw in the arena.
const ARENA_MAX_DEALS: u32 = 100;

/// Plays `sets` duplicate sets between the two types in `players`
/// (`strong,easy`) at a table of `seats` and prints the result.
pub fn arena(
    players: &str,
    sets: u64,
    seats: u8,
    rules: &str,
    seed: u64,
    threads: usize,
) -> anyhow::Result<ExitCode> {
    let names: Vec<&str> = players.split(',').map(str::trim).collect();
    let [a, b] = names.as_slice() else {
        bail!("--players takes two player types separated by a comma, e.g. strong,easy");
    };
    let levels = [a.parse::<AbLevel>()?, b.parse::<AbLevel>()?];
    if !(3..=5).contains(&seats) {
        bail!("--seats must be 3, 4 or 5 for 20 ab");
    }
    if sets == 0 {
        bail!("--deals (duplicate sets) must be at least 1");
    }
    let rules = parse_rules(rules)?;
    let config = ArenaConfig {
        levels,
        seats,
        sets,
        rules,
        seed,
        threads,
        max_deals: ARENA_MAX_DEALS,
    };
    let start = Instant::now();
    let r = run(&config)?;
    let seconds = start.elapsed().as_secs_f64();
    let (ka, kb) = if levels[0] == levels[1] {
        (format!("{a}/A"), format!("{b}/B"))
    } else {
        (a.to_string(), b.to_string())
    };
    let name = rules.preset().map_or("custom", |p| p.name());
    outln!(
        "Arena 20 ab {ka} vs {kb}: {} duplicate sets, {} sessions, {} deals, {seats} seats, {name} rules, seed {seed}, {seconds:.1} s",
        r.sets,
        r.sessions,
        r.deals
    )?;
    outln!(
        "  {ka:<8} mean {:+.3} units per seat and session",
        r.mean[0]
    )?;
    outln!(
        "  {kb:<8} mean {:+.3} units per seat and session",
        r.mean[1]
    )?;
    outln!(
        "  difference {:+.3} units per seat and session, 95 % CI [{:+.3}, {:+.3}]",
        r.diff,
        r.ci95[0],
        r.ci95[1]
    )?;
    outln!(
        "  sessions stopped after {ARENA_MAX_DEALS} deals (scored 0): {} of {} ({:.1} %)",
        r.unfinished,
        r.sessions,
        percent(r.unfinished, r.sessions)
    )?;
    let quantile = |q: f64| {
        r.length_quantile(q)
            .map_or_else(|| format!(">{ARENA_MAX_DEALS}"), |k| k.to_string())
    };
    outln!(
        "  session length in deals: p10 {}, median {}, p90 {}; ended within 10 / 20 / 50 deals: {:.1} / {:.1} / {:.1} %",
        quantile(0.1),
        quantile(0.5),
        quantile(0.9),
        percent(r.ended_within(10), r.sessions),
        percent(r.ended_within(20), r.sessions),
        percent(r.ended_within(50), r.sessions)
    )?;
    for (k, ms) in [(&ka, r.decision_ms[0]), (&kb, r.decision_ms[1])] {
        outln!(
            "  {k:<8} decision time p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            ms[0],
            ms[1],
            ms[2]
        )?;
    }
    let timing = |ms: [f64; 3]| json!({"p50": ms[0], "p99": ms[1], "max": ms[2]});
    let summary = json!({
        "game": GAME,
        "seats": seats,
        "sets": r.sets,
        "sessions": r.sessions,
        "deals": r.deals,
        "unfinished": r.unfinished,
        "session_length": {
            "p10": r.length_quantile(0.1),
            "p50": r.length_quantile(0.5),
            "p90": r.length_quantile(0.9),
            "ended_within_10": r.ended_within(10),
            "ended_within_20": r.ended_within(20),
            "ended_within_50": r.ended_within(50),
        },
        "mean": {ka.clone(): r.mean[0], kb.clone(): r.mean[1]},
        "diff": r.diff,
        "diff_ci95": r.ci95,
        "rules": name,
        "seed": seed,
        "seconds": seconds,
        "decision_ms": {ka: timing(r.decision_ms[0]), kb: timing(r.decision_ms[1])},
    });
    outln!("{summary}")?;
    Ok(ExitCode::SUCCESS)
}
