//! Speed of the 20 ab rules: complete random deals through the checked API
//! (shuffle, trump, exchange and drops, five tricks, scoring), for 3, 4 and
//! 5 players, and `legal_cards` for the seat to act.
//!
//! Run with `cargo bench -p tarock-zwanzig-ab`. Goal (issue 15): a random
//! deal in at most 3 000 instructions (measured with callgrind, see the
//! crate README).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_zwanzig_ab::sim::{play_deal, random_action, shuffled_deck};
use tarock_zwanzig_ab::{Phase, Rules, Session};

fn random_deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal");
    group.throughput(Throughput::Elements(1));
    for players in 3..=5u8 {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut session = Session::fresh(Rules::STANDARD, players, 0).unwrap();
        let mut in_session = 0;
        group.bench_function(format!("random_deal/{players}"), |b| {
            b.iter(|| {
                if session.outcome().is_some() || in_session == 64 {
                    session = Session::fresh(Rules::STANDARD, players, 0).unwrap();
                    in_session = 0;
                }
                in_session += 1;
                black_box(play_deal(&mut session, &mut rng))
            })
        });
    }
    group.finish();
}

fn legal_cards(c: &mut Criterion) {
    // Following in the second trick of a four-player deal.
    let mut rng = SmallRng::seed_from_u64(3);
    let mut s = Session::fresh(Rules::STANDARD, 4, 0).unwrap();
    s.start_deal(shuffled_deck(&mut rng)).unwrap();
    while s.phase() != Phase::Play
        || s.tricks().count() < 1
        || s.current_trick().unwrap().is_empty()
    {
        let (seat, action) = random_action(&s, &mut rng).unwrap();
        s.apply(seat, action).unwrap();
    }
    c.bench_function("legal_cards", |b| {
        b.iter(|| black_box(black_box(&s).legal_cards()))
    });
}

criterion_group!(benches, random_deals, legal_cards);
criterion_main!(benches);
