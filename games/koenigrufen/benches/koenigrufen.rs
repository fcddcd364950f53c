//! Speed of the Königrufen rules: complete random deals through the checked
//! API (shuffle, steered auction, king call, talon, discards, announcements,
//! 48 cards, settlement), `legal_actions` in the auction, and `apply` of one card.
//!
//! Run with `cargo bench -p tarock-koenigrufen`. Instruction counts per deal
//! are measured with callgrind on `examples/koenigrufen_deals.rs` (see the crate README).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::sim::{play_out, random_action, random_game};
use tarock_koenigrufen::{Action, Game, Phase, Preset, Seat};

fn full_deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal");
    group.throughput(Throughput::Elements(1));
    for preset in Preset::ALL {
        let rules = preset.rules();
        let mut rng = SmallRng::seed_from_u64(7);
        let mut i = 0usize;
        group.bench_function(format!("random_deal/{preset}"), |b| {
            b.iter(|| {
                i = i.wrapping_add(1);
                let (mut game, plan) = random_game(&mut rng, &rules, Seat::ALL[i % 4]);
                black_box(play_out(&mut game, &plan, &mut rng).money)
            })
        });
    }
    group.finish();
}

/// A game in trick play, `cards` cards in.
fn midgame(seed: u64, cards: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    loop {
        let (mut game, plan) = random_game(&mut rng, &Preset::Cup2019.rules(), Seat::S0);
        while game.phase() != Phase::Play && !game.is_finished() {
            let (seat, action) = random_action(&game, &plan, &mut rng).unwrap();
            game.apply(seat, action).unwrap();
        }
        let mut n = 0;
        while n < cards && !game.is_finished() {
            let (seat, action) = random_action(&game, &plan, &mut rng).unwrap();
            game.apply(seat, action).unwrap();
            n += 1;
        }
        if n == cards && !game.is_finished() {
            return game;
        }
    }
}

fn auction_listing(c: &mut Criterion) {
    let mut rng = SmallRng::seed_from_u64(3);
    let (game, _) = random_game(&mut rng, &Preset::Cup2019.rules(), Seat::S0);
    c.bench_function("legal_actions/auction", |b| {
        b.iter(|| black_box(black_box(&game).legal_actions()))
    });
}

fn apply_card(c: &mut Criterion) {
    let game = midgame(5, 13);
    let seat = game.to_act().unwrap();
    let card = game.legal_cards().first().unwrap();
    c.bench_function("apply_card", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |g| black_box(g.apply(seat, Action::Play(card)).unwrap()),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, full_deals, auction_listing, apply_card);
criterion_main!(benches);
