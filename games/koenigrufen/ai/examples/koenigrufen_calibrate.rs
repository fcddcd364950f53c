//! How the medium player's bidding thresholds were tuned: for random hands
//! it forces the Vorhand into one contract (named as her first word, or as
//! her choice after three passes for Rufer and Trischaken), lets four
//! medium players play it out, and prints the declarer's mean money per
//! margin band of [`margin`] — where the mean turns positive is where the
//! need should lie.
//!
//! `cargo run --release -p tarock-koenigrufen-ai --example koenigrufen_calibrate -- cup2019 20000 dreier`

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::{Action, Contract, Deal, Game, Preset, Seat};
use tarock_koenigrufen_ai::auction::margin;
use tarock_koenigrufen_ai::eval::HandEval;
use tarock_koenigrufen_ai::{Medium, Player, drive};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset: Preset = args
        .get(1)
        .map_or("cup2019", |s| s)
        .parse()
        .expect("a preset");
    let deals: u64 = args.get(2).map_or(10_000, |s| s.parse().expect("a number"));
    let contracts: Vec<Contract> = match args.get(3) {
        Some(list) => list
            .split(',')
            .map(|c| c.parse().expect("a contract"))
            .collect(),
        None => Contract::ALL.to_vec(),
    };
    let rules = preset.rules();
    for contract in contracts.into_iter().filter(|c| rules.offers(*c)) {
        let mut bands: BTreeMap<i32, (u64, i64)> = BTreeMap::new();
        let mut tricks: BTreeMap<i32, [u64; 4]> = BTreeMap::new();
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..deals {
            let mut game = Game::new(rules, Deal::shuffled(&mut rng), Seat::S0);
            let hand = game.hand(Seat::S0);
            let m = margin(contract, hand, &HandEval::of(hand));
            let words: Vec<Action> = match contract {
                Contract::Rufer | Contract::Trischaken => vec![
                    Action::Vorhand,
                    Action::Weiter,
                    Action::Weiter,
                    Action::Weiter,
                    Action::Bid(contract),
                ],
                _ => vec![
                    Action::Bid(contract),
                    Action::Weiter,
                    Action::Weiter,
                    Action::Weiter,
                ],
            };
            let mut ok = true;
            for w in words {
                let seat = game.to_act().expect("the auction goes on");
                ok &= game.apply(seat, w).is_ok();
            }
            if !ok {
                continue;
            }
            let mut players: [Box<dyn Player<tarock_koenigrufen::Koenigrufen>>; 4] =
                std::array::from_fn(|_| {
                    Box::new(Medium::new()) as Box<dyn Player<tarock_koenigrufen::Koenigrufen>>
                });
            let s = drive::play_out(&mut game, &mut players, &mut rng).expect("legal play");
            let band = if m.is_finite() {
                (m * 4.0).floor() as i32
            } else {
                -99
            };
            let e = bands.entry(band.clamp(-12, 12)).or_default();
            e.0 += 1;
            e.1 += s.money[0];
            if let Some(target) = contract.target_tricks() {
                let won = game.play().map_or(0, |p| p.won()[0]);
                let t = tricks.entry(band.clamp(-12, 12)).or_insert([0u64; 4]);
                t[usize::from(won.min(3))] += 1;
                let _ = target;
            }
        }
        println!("{contract} ({})", preset.name());
        for (band, (n, money)) in bands {
            if n >= 20 {
                let t = tricks
                    .get(&band)
                    .map(|t| format!(" tricks 0/1/2/3+: {t:?}"))
                    .unwrap_or_default();
                println!(
                    "  margin {:>+6.2}: {n:>6} deals, declarer {:+.2}{t}",
                    f64::from(band) / 4.0,
                    money as f64 / n as f64
                );
            }
        }
    }
}
