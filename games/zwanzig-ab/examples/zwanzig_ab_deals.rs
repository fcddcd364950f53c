//! Plays N random deals (four players, standard rules, seed 7) for
//! instruction counts under callgrind: the difference of two runs with N1
//! and N2 deals, divided by N2 − N1, is the cost of one deal without the
//! program's start-up. See the crate README ("Speed").
//!
//! `cargo run --release -p tarock-zwanzig-ab --example zwanzig_ab_deals -- 20000 [players]`

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_zwanzig_ab::sim::play_deal;
use tarock_zwanzig_ab::{Rules, Session};

/// A session is restarted after this many deals (random play may never end one).
const SESSION_DEALS: usize = 64;

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let players: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let mut rng = SmallRng::seed_from_u64(7);
    let mut session = Session::fresh(Rules::STANDARD, players, 0).expect("3–5 players");
    let mut checksum = 0i64;
    let mut in_session = 0;
    for _ in 0..deals {
        if session.outcome().is_some() || in_session == SESSION_DEALS {
            let dealer = session.dealer().index() as u8;
            session.restart(dealer).expect("a seat of the table");
            in_session = 0;
        }
        play_deal(&mut session, &mut rng).expect("the session is running");
        in_session += 1;
        checksum += i64::from(session.scores()[0]);
    }
    println!("{deals} deals, checksum {checksum}");
}
