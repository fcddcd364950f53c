//! `tarock simulate --game zwanzig-ab`: random sessions through the
//! checked rules API, the SPEC's invariants checked after every deal, and a
//! report of the speed, the sessions and the drops with a JSON summary.

use std::io::Write;
use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use tarock_game_core::Game;
use tarock_player::simulate::{Simulation, SimulationFailure};
use tarock_zwanzig_ab::sim::play_deal;
use tarock_zwanzig_ab::{Rules, Session, Step, ZwanzigAb};

/// What the simulation counted.
#[derive(Default)]
struct Tally {
    deals: u64,
    sessions: u64,
    unfinished: u64,
    deals_in_finished: u64,
    dropped: u64,
}

/// Plays `asked.deals` random deals in sessions of `asked.seats` players,
/// each session until it ends or `asked.max_deals` deals were played, and
/// writes the report to `out`.
///
/// # Errors
/// [`SimulationFailure`]: rules or a seat count the game refuses, a broken
/// invariant (a bug), or the report not written.
pub fn run(asked: &Simulation, out: &mut dyn Write) -> Result<(), SimulationFailure> {
    let setup = |e: &dyn std::fmt::Display| SimulationFailure::Setup(e.to_string());
    let rules = Rules::from_spec(&asked.rules).map_err(|e| setup(&e))?;
    let (deals, players, max_deals, seed) = (asked.deals, asked.seats, asked.max_deals, asked.seed);
    if !(ZwanzigAb::MIN_SEATS..=ZwanzigAb::MAX_SEATS).contains(&players) {
        return Err(setup(&"--players must be 3, 4 or 5 for 20 ab"));
    }
    let broken = |text: String| SimulationFailure::Broken(text);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut session = Session::fresh(rules, players, 0).map_err(|e| setup(&e))?;
    let mut in_session = 0u64;
    let mut t = Tally::default();
    let start = Instant::now();
    while t.deals < deals {
        if in_session == max_deals {
            t.unfinished += 1;
            session
                .restart(session.dealer().index() as u8)
                .map_err(|e| setup(&e))?;
            in_session = 0;
        }
        let step = play_deal(&mut session, &mut rng).ok_or_else(|| {
            broken(format!(
                "deal {} (seed {seed}): the session is over",
                t.deals
            ))
        })?;
        t.deals += 1;
        in_session += 1;
        check_deal(&session, t.deals, seed)?;
        t.dropped += u64::from(session.dropped().len());
        if let Step::SessionOver(_) = step {
            let outcome = session
                .outcome()
                .ok_or_else(|| broken(format!("deal {} (seed {seed}): no outcome", t.deals)))?;
            if outcome.settlement.balance.iter().sum::<i64>() != 0 {
                return Err(broken(format!(
                    "deal {} (seed {seed}): the settlement is not zero-sum",
                    t.deals
                )));
            }
            t.sessions += 1;
            t.deals_in_finished += in_session;
            session
                .restart(session.dealer().index() as u8)
                .map_err(|e| setup(&e))?;
            in_session = 0;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    report(&t, &rules, players, max_deals, seed, seconds, out)?;
    Ok(())
}

/// Five tricks taken or credited, and five (times the multiplier) deducted:
/// one pass over the seats' tricks and the deal's deltas.
fn check_deal(session: &Session, deal: u64, seed: u64) -> Result<(), SimulationFailure> {
    let broken =
        |what: &str| SimulationFailure::Broken(format!("deal {deal} (seed {seed}): {what}"));
    let trump = session
        .trump()
        .ok_or_else(|| broken("no trump was named"))?;
    let m = session.rules().multiplier(trump);
    let deltas = session
        .deltas()
        .next_back()
        .ok_or_else(|| broken("the deal was not scored"))?;
    let mut tricks = 0u32;
    let mut deducted = 0i32;
    for (t, d) in session.tricks_won().iter().zip(deltas) {
        tricks += u32::from(*t);
        deducted += (*d).min(0);
    }
    if tricks != 5 || deducted != -5 * m {
        return Err(SimulationFailure::Broken(format!(
            "deal {deal} (seed {seed}) broke an invariant: tricks {tricks}, deltas {deltas:?}"
        )));
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
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let name = rules.preset().map_or("custom", |p| p.name());
    let deals_per_second = per_second(t.deals, seconds);
    let sessions_per_second = per_second(t.sessions, seconds);
    let mean = if t.sessions > 0 {
        t.deals_in_finished as f64 / t.sessions as f64
    } else {
        0.0
    };
    writeln!(
        out,
        "Simulated {} random 20 ab deals ({players} players, {name} rules, seed {seed}) in {seconds:.3} s: {deals_per_second:.0} deals/s",
        t.deals
    )?;
    writeln!(
        out,
        "Sessions finished: {} ({sessions_per_second:.0}/s, {mean:.1} deals each); abandoned after {max_deals} deals: {}",
        t.sessions, t.unfinished
    )?;
    writeln!(
        out,
        "Drops per deal: {:.2}",
        t.dropped as f64 / t.deals.max(1) as f64
    )?;
    writeln!(
        out,
        "Every deal: five tricks, five deducted (times the multiplier); every settlement zero-sum."
    )?;
    let summary = json!({
        "game": ZwanzigAb::ID,
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
    writeln!(out, "{summary}")
}
