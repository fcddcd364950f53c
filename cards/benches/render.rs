//! Render times of the three scenes, with the face cache warm and the
//! picture cache off (so every iteration paints and encodes a PNG), and of
//! a cache hit.
//!
//! `cargo bench -p tarock-cards --bench render`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tarock_cards::{
    Face, Hand, Lang, Play, Renderer, Seat, Suit, Table, Tarock, TarockRank, Trick,
};

fn t(n: u8) -> Face {
    Face::Tarock(Tarock::new(n).expect("1..=22"))
}

/// A Königrufen hand of 12 with four legal cards.
fn hand() -> Hand {
    let s = Face::TarockSuit;
    let cards = [
        t(22),
        t(21),
        t(18),
        t(13),
        t(7),
        t(1),
        s(Suit::Hearts, TarockRank::King),
        s(Suit::Hearts, TarockRank::Pip3),
        s(Suit::Diamonds, TarockRank::Queen),
        s(Suit::Spades, TarockRank::Knight),
        s(Suit::Spades, TarockRank::Pip1),
        s(Suit::Clubs, TarockRank::Jack),
    ];
    Hand::new(cards, Lang::De).with_legal(cards[6..8].iter().copied())
}

fn trick() -> Trick {
    Trick {
        plays: vec![
            Play::new("Anna", Some(t(5))),
            Play::new("Bert", Some(t(19))),
            Play::new("Cleo", Some(t(2))),
            Play::new("Dora", None),
        ],
        winner: None,
        lang: Lang::De,
    }
}

fn table() -> Table {
    Table {
        seats: vec![
            Seat::new("Anna", Some(t(5)), 3),
            Seat::new("Bert", Some(t(19)), 1),
            Seat::new("Cleo", Some(t(2)), 0),
            Seat::new("Dora", None, 2),
        ],
        leader: Some(0),
        to_move: Some(3),
        lang: Lang::De,
    }
}

fn scenes(c: &mut Criterion) {
    let renderer = Renderer::with_cache(0);
    let (hand, trick, table) = (hand(), trick(), table());
    // Paint every face once so the benchmark measures composition.
    renderer.hand(&hand).expect("renders");
    renderer.table(&table).expect("renders");
    c.bench_function("hand of 12", |b| {
        b.iter(|| renderer.hand(black_box(&hand)).expect("renders"))
    });
    c.bench_function("trick of 4", |b| {
        b.iter(|| renderer.trick(black_box(&trick)).expect("renders"))
    });
    c.bench_function("table of 4", |b| {
        b.iter(|| renderer.table(black_box(&table)).expect("renders"))
    });
    let cached = Renderer::new();
    cached.hand(&hand).expect("renders");
    c.bench_function("hand of 12, cache hit", |b| {
        b.iter(|| cached.hand(black_box(&hand)).expect("renders"))
    });
    c.bench_function("one face, first paint", |b| {
        b.iter(|| {
            Renderer::with_cache(0)
                .card(black_box(t(18)), Lang::De)
                .expect("renders")
        })
    });
}

criterion_group!(benches, scenes);
criterion_main!(benches);
