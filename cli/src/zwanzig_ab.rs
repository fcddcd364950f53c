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
