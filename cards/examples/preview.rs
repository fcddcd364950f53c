//! Writes sample pictures (hands, a trick, tables) to a directory (default:
//! the current one), to look at the scenes while working on the design.
//!
//! `cargo run -p tarock-cards --example preview [DIR]`

use std::path::PathBuf;

use tarock_cards::{
    Face, FrenchRank, Hand, Lang, Picture, Play, Renderer, Seat, Suit, Table, Tarock, TarockRank,
    Trick,
};

fn t(n: u8) -> Face {
    Face::Tarock(Tarock::new(n).expect("1..=22"))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(PathBuf::new, PathBuf::from);
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
    let hand = Hand::new(cards, Lang::De);
    let to_play = hand.clone().with_legal(cards[..6].iter().copied());
    let trick = Trick {
        plays: vec![
            Play::new("Anna", Some(s(Suit::Hearts, TarockRank::Queen))),
            Play::new("Bert", Some(t(4))),
            Play::new(
                "Cleo Maximiliane von Habsburg",
                Some(s(Suit::Hearts, TarockRank::Pip2)),
            ),
            Play::new("Dora", Some(s(Suit::Hearts, TarockRank::King))),
        ],
        winner: Some(1),
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
    let f = Face::French;
    let mut five = Table {
        seats: vec![
            Seat::new("Anna", Some(f(Suit::Clubs, FrenchRank::Nine)), 1),
            Seat::new("Bert", None, 0),
            Seat::new("Cleo", None, 0),
            Seat::new("Dora", Some(f(Suit::Clubs, FrenchRank::Ace)), 2),
            Seat::new("Emil", Some(f(Suit::Hearts, FrenchRank::Seven)), 0),
        ],
        leader: Some(3),
        to_move: Some(0),
        lang: Lang::En,
    };
    five.seats[2].out = true;
    let three = Table {
        seats: vec![
            Seat::new("Anna", None, 0),
            Seat::new("Bert", Some(f(Suit::Spades, FrenchRank::Ten)), 1),
            Seat::new("Cleo", None, 2),
        ],
        leader: Some(1),
        to_move: Some(2),
        lang: Lang::De,
    };
    let pictures: [(&str, Picture); 6] = [
        ("hand.png", renderer.hand(&to_play)?),
        ("hand-waiting.png", renderer.hand(&hand)?),
        ("trick.png", renderer.trick(&trick)?),
        ("table.png", renderer.table(&table)?),
        ("table-5.png", renderer.table(&five)?),
        ("table-3.png", renderer.table(&three)?),
    ];
    for (name, picture) in pictures {
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
