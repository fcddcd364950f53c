//! What the boundary costs: plays random deals of one game either through
//! the game's own API or through the generic `Game` trait, with the same
//! random choices, so that the two runs play the very same deals. Measured
//! with callgrind as (instructions of N2 deals − of N1 deals) / (N2 − N1):
//!
//! ```text
//! cargo build --release -p tarock-games --example boundary_cost
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/boundary_cost zwanzigerrufen boundary 1000
//! ```
//!
//! Usage: `boundary_cost GAME native|boundary DEALS` with GAME one of
//! `zwanzigerrufen`, `koenigrufen`, `zwanzig-ab` (four seats, one deal of a
//! session at a time, a new session when one ends). Prints a checksum of
//! the actions chosen, equal for both ways.

use std::process::ExitCode;

use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};
use tarock_game_core::{Game, Seat};

/// Plays `deals` deals through the boundary; returns a checksum.
fn boundary<G: Game>(seats: u8, deals: u64, rng: &mut StdRng) -> u64 {
    let mut round = G::new_round(G::default_rules(), seats, Seat::new(0)).expect("setup");
    let mut legal = Vec::new();
    let mut sum = 0u64;
    for _ in 0..deals {
        if round.is_over() {
            round = round.next_round().expect("a next round");
        }
        round.deal(rng).expect("a deck is needed");
        while let Some(seat) = round.to_act() {
            round.legal_actions_into(&mut legal);
            let k = rng.random_range(0..legal.len());
            sum = sum.wrapping_mul(31).wrapping_add(k as u64);
            round.apply(seat, legal[k]).expect("legal");
        }
    }
    sum
}

/// Zwanzigerrufen through `tarock_zwanzigerrufen::Game`.
fn zwanzigerrufen_native(deals: u64, rng: &mut StdRng) -> u64 {
    use tarock_zwanzigerrufen::{Deal, Game, Preset, Seat};
    let rules = Preset::Standard.rules();
    let mut forehand = Seat::S0;
    let mut sum = 0u64;
    for _ in 0..deals {
        let (deal, _) = Deal::shuffled_valid(rng as &mut dyn RngCore, &rules);
        let mut game = Game::new(rules, deal, forehand).expect("a valid deal");
        while let Some(seat) = game.to_act() {
            let legal = game.legal_actions();
            let k = rng.random_range(0..legal.len());
            sum = sum.wrapping_mul(31).wrapping_add(k as u64);
            game.apply(seat, legal.nth(k).expect("k < len"))
                .expect("legal");
        }
        forehand = forehand.next();
    }
    sum
}

/// Königrufen through `tarock_koenigrufen::Game`, dealt as the boundary deals.
fn koenigrufen_native(deals: u64, rng: &mut StdRng) -> u64 {
    use tarock_koenigrufen::card::{Card, DECK_SIZE};
    use tarock_koenigrufen::{Deal, Game, Preset, Seat};
    let rules = Preset::Standard.rules();
    let mut forehand = Seat::S0;
    let mut sum = 0u64;
    let mut legal = Vec::new();
    for _ in 0..deals {
        let mut deck: [Card; DECK_SIZE] =
            std::array::from_fn(|i| Card::from_index(i as u8).expect("a card"));
        tarock_game_core::shuffle::shuffle(&mut deck, rng);
        let deal = Deal::from_deck(&deck).expect("a deal");
        let mut game = Game::new(rules, deal, forehand);
        while let Some(seat) = game.to_act() {
            legal.clear();
            legal.extend(game.legal_actions().iter());
            let k = rng.random_range(0..legal.len());
            sum = sum.wrapping_mul(31).wrapping_add(k as u64);
            game.apply(seat, legal[k]).expect("legal");
        }
        forehand = forehand.next();
    }
    sum
}

/// 20 ab through `tarock_zwanzig_ab::Session`.
fn zwanzig_ab_native(deals: u64, rng: &mut StdRng) -> u64 {
    use tarock_zwanzig_ab::sim::shuffled_deck;
    use tarock_zwanzig_ab::{Rules, Session};
    // The boundary's first seat 0 is the trump maker: the dealer is seat 3.
    let mut session = Session::fresh(Rules::STANDARD, 4, 3).expect("setup");
    let mut sum = 0u64;
    let mut legal = Vec::new();
    for _ in 0..deals {
        if session.outcome().is_some() {
            session = session.next_session().expect("a next session");
        }
        session
            .start_deal(shuffled_deck(rng))
            .expect("a deal is needed");
        while let Some(seat) = session.to_act() {
            legal.clear();
            legal.extend(session.legal_actions().iter());
            let k = rng.random_range(0..legal.len());
            sum = sum.wrapping_mul(31).wrapping_add(k as u64);
            session.apply(seat, legal[k]).expect("legal");
        }
    }
    sum
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(way), Some(Ok(deals))) = (
        args.first(),
        args.get(1),
        args.get(2).map(|n| n.parse::<u64>()),
    ) else {
        eprintln!("usage: boundary_cost GAME native|boundary DEALS");
        return ExitCode::from(2);
    };
    let mut rng = StdRng::seed_from_u64(7);
    let rng = &mut rng;
    let sum = match (game.as_str(), way.as_str()) {
        ("zwanzigerrufen", "native") => zwanzigerrufen_native(deals, rng),
        ("zwanzigerrufen", "boundary") => {
            boundary::<tarock_zwanzigerrufen::Zwanzigerrufen>(4, deals, rng)
        }
        ("koenigrufen", "native") => koenigrufen_native(deals, rng),
        ("koenigrufen", "boundary") => boundary::<tarock_koenigrufen::Koenigrufen>(4, deals, rng),
        ("zwanzig-ab", "native") => zwanzig_ab_native(deals, rng),
        ("zwanzig-ab", "boundary") => boundary::<tarock_zwanzig_ab::ZwanzigAb>(4, deals, rng),
        _ => {
            eprintln!("unknown game or way: {game} {way}");
            return ExitCode::from(2);
        }
    };
    println!("{sum}");
    ExitCode::SUCCESS
}
