//! Writes a sample hand, trick and table to a directory (default: the
//! current one), to look at the scenes while working on the design.
//!
//! `cargo run -p tarock-cards --example preview [DIR]`

use std::path::PathBuf;

use tarock_cards::{
    Face, Hand, Lang, Play, Renderer, Seat, Suit, Table, Tarock, TarockRank, Trick,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(PathBuf::new, PathBuf::from);
    let t = |n| Face::Tarock(Tarock::new(n).expect("1..=22"));
    let s = Face::TarockSuit;
    let renderer = Renderer::new();
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
    let hand = Hand::new(cards, Lang::De).with_legal(cards[..6].iter().copied());
    let trick = Trick {
        plays: vec![
            Play::new("Anna", Some(s(Suit::Hearts, TarockRank::Queen))),
            Play::new("Bert", Some(t(4))),
            Play::new(
                "Cleo Maximiliane von Habsburg",
                Some(s(Suit::Hearts, TarockRank::Pip2)),
            ),
            Play::new("Dora", None),
        ],
        winner: None,
        lang: Lang::De,
    };
    let table = Table {
        seats: vec![
            Seat::new("Anna", Some(s(Suit::Hearts, TarockRank::Queen)), 3),
            Seat::new("Bert", Some(t(4)), 1),
            Seat::new("Cleo", Some(s(Suit::Hearts, TarockRank::Pip2)), 0),
            Seat::new("Dora", None, 2),
        ],
        leader: Some(0),
        to_move: Some(3),
        lang: Lang::De,
    };
    let mut strip = Vec::new();
    for face in [
        s(Suit::Hearts, TarockRank::King),
        s(Suit::Spades, TarockRank::Queen),
        s(Suit::Hearts, TarockRank::Knight),
        s(Suit::Clubs, TarockRank::Jack),
        s(Suit::Diamonds, TarockRank::Pip1),
        s(Suit::Clubs, TarockRank::Pip1),
        t(1),
        t(21),
        t(22),
        Face::Back,
    ] {
        strip.push(face);
    }
    let row = Hand::new(strip.iter().copied().take(5), Lang::De);
    std::fs::write(
        dir.join("row1.png"),
        &renderer
            .trick(&Trick {
                plays: strip[..5]
                    .iter()
                    .map(|f| Play::new("x", Some(*f)))
                    .collect(),
                winner: None,
                lang: Lang::De,
            })?
            .png[..],
    )?;
    std::fs::write(
        dir.join("row2.png"),
        &renderer
            .trick(&Trick {
                plays: strip[5..]
                    .iter()
                    .map(|f| Play::new("x", Some(*f)))
                    .collect(),
                winner: None,
                lang: Lang::De,
            })?
            .png[..],
    )?;
    let _ = row;
    for (name, picture) in [
        ("hand.png", renderer.hand(&hand)?),
        ("trick.png", renderer.trick(&trick)?),
        ("table.png", renderer.table(&table)?),
    ] {
        std::fs::write(dir.join(name), &picture.png[..])?;
        println!(
            "{name}: {} × {}, {} bytes — {}",
            picture.width,
            picture.height,
            picture.png.len(),
            picture.alt
        );
    }
    Ok(())
}
