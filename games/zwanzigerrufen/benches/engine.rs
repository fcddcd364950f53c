//! Speed of the rules engine: complete random deals through the checked API,
//! `legal_cards` for one seat, and `apply` of one card.
//!
//! Run with `cargo bench -p tarock-zwanzigerrufen`. Targets (issue 2): at least
//! 500 000 complete random deals per second on one core; `legal_cards` in a
//! few nanoseconds without allocation. The load-independent figure is
//! `scripts/instructions-per-deal` (issue 14: at most 12 000 instructions per
//! deal through `tarock simulate`); `tests/allocations.rs` guards the heap use.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_zwanzigerrufen::sim::{play_out, random_action, random_game};
use tarock_zwanzigerrufen::{Action, Game, Phase, Preset, Seat};

/// A game in the middle of trick play (after `cards` random cards).
fn midgame(seed: u64, cards: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut game, _) = random_game(&mut rng, &Preset::Standard.rules(), Seat::S0);
    while game.phase() == Phase::Bidding {
        let (seat, action) = random_action(&game, &mut rng).unwrap();
        game.apply(seat, action).unwrap();
    }
    for _ in 0..cards {
        let (seat, action) = random_action(&game, &mut rng).unwrap();
        game.apply(seat, action).unwrap();
    }
    game
}

fn full_deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal");
    group.throughput(Throughput::Elements(1));
    for preset in [Preset::Standard, Preset::Tarockwelt] {
        let rules = preset.rules();
        let mut rng = SmallRng::seed_from_u64(7);
        let mut i = 0u8;
        group.bench_function(format!("random_deal/{preset}"), |b| {
            b.iter(|| {
                i = i.wrapping_add(1);
                let (mut game, _) = random_game(&mut rng, &rules, Seat::ALL[usize::from(i % 4)]);
                black_box(play_out(&mut game, &mut rng).total)
            })
        });
    }
    group.finish();
}

fn legal_cards(c: &mut Criterion) {
    // Following a suit led in the third trick: the common case.
    let game = midgame(3, 9);
    c.bench_function("legal_cards", |b| {
        b.iter(|| black_box(black_box(&game).legal_cards()))
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
            criterion::BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, full_deals, legal_cards, apply_card);
criterion_main!(benches);
