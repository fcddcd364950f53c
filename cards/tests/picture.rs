//! Pictures in general: valid PNGs, the same bytes for the same scene, the
//! cache, single faces and the contact sheet.

mod common;

use std::sync::Arc;

use common::{decode_picture, face_image};
use tarock_cards::{
    Deck, Face, FrenchRank, Hand, Lang, Play, Renderer, Seat, Suit, Table, Tarock, Trick,
};

fn t(n: u8) -> Face {
    Face::Tarock(Tarock::new(n).unwrap())
}

fn scenes() -> (Hand, Trick, Table) {
    let hand = Hand::new(
        [t(22), t(3), Face::French(Suit::Clubs, FrenchRank::Ten)],
        Lang::De,
    )
    .with_legal([t(3)]);
    let trick = Trick {
        plays: vec![Play::new("Anna", Some(t(7))), Play::new("Bert", None)],
        winner: None,
        lang: Lang::En,
    };
    let table = Table {
        seats: vec![
            Seat::new("Anna", Some(t(7)), 2),
            Seat::new("Bert", None, 0),
            Seat::new("Cleo", None, 1),
            Seat::new("Dora", None, 0),
            Seat::new("Emil", None, 4),
        ],
        leader: Some(0),
        to_move: Some(1),
        lang: Lang::De,
    };
    (hand, trick, table)
}

#[test]
fn the_same_scene_gives_the_same_bytes_in_a_fresh_renderer() {
    let (hand, trick, table) = scenes();
    let a = Renderer::new();
    let b = Renderer::with_cache(0);
    assert_eq!(a.hand(&hand).unwrap().png, b.hand(&hand).unwrap().png);
    assert_eq!(a.trick(&trick).unwrap().png, b.trick(&trick).unwrap().png);
    assert_eq!(a.table(&table).unwrap().png, b.table(&table).unwrap().png);
    // And without a cache, twice in the same renderer (warm face cache).
    assert_eq!(b.hand(&hand).unwrap().png, b.hand(&hand).unwrap().png);
}

#[test]
fn a_cache_hit_returns_the_identical_picture() {
    let (hand, trick, table) = scenes();
    let renderer = Renderer::new();
    let first = renderer.hand(&hand).unwrap();
    let again = renderer.hand(&hand).unwrap();
    assert!(Arc::ptr_eq(&first.png, &again.png), "served from the cache");
    assert_eq!(first, again);
    renderer.trick(&trick).unwrap();
    renderer.table(&table).unwrap();
    assert_eq!(renderer.cached_pictures(), 3);
    // A different scene is a different entry, not a stale hit.
    let other = hand.clone().with_legal([t(22)]);
    let changed = renderer.hand(&other).unwrap();
    assert_ne!(changed.png, first.png);
    assert_eq!(renderer.cached_pictures(), 4);
}

#[test]
fn a_full_cache_forgets_the_oldest_picture() {
    let (hand, trick, table) = scenes();
    let renderer = Renderer::with_cache(2);
    let first = renderer.hand(&hand).unwrap();
    renderer.trick(&trick).unwrap();
    renderer.table(&table).unwrap();
    assert_eq!(renderer.cached_pictures(), 2);
    let again = renderer.hand(&hand).unwrap();
    assert!(!Arc::ptr_eq(&first.png, &again.png), "drawn anew");
    assert_eq!(first.png, again.png, "and identical");
}

#[test]
fn every_face_renders_as_a_card_sized_png_with_round_corners() {
    let renderer = Renderer::new();
    let mut seen = Vec::new();
    for deck in Deck::ALL {
        for face in deck.faces() {
            let image = face_image(&renderer, face, Lang::De);
            assert_eq!((image.width, image.height), (200, 300));
            assert_eq!(image.at(0, 0)[3], 0, "{face}: the corner is cut");
            assert_eq!(image.at(100, 150)[3], 255, "{face}: the middle is opaque");
            seen.push(image.rgba);
        }
    }
    let distinct: std::collections::HashSet<_> = seen.iter().collect();
    // Every face of a deck looks different; the French deck reuses the 22
    // designs of cards the tarock deck has too (courts, red A, black 10–7).
    assert_eq!(distinct.len(), 54 + 32 - 22);
}

#[test]
fn red_and_black_suits_differ_without_colour() {
    // Greyscale a red and a black mark of the same shape family and check
    // they still differ: red marks carry a white inlay, black ones are solid.
    let renderer = Renderer::new();
    let grey = |face| {
        face_image(&renderer, face, Lang::De)
            .rgba
            .chunks_exact(4)
            .map(|p| (u32::from(p[0]) * 30 + u32::from(p[1]) * 59 + u32::from(p[2]) * 11) / 100)
            .collect::<Vec<_>>()
    };
    let heart = grey(Face::French(Suit::Hearts, FrenchRank::Ace));
    let spade = grey(Face::French(Suit::Spades, FrenchRank::Ace));
    // The big mark of an Ace sits in the middle (100, 150); on the heart the
    // inlay's white line crosses the middle column, the spade is dark there.
    let column = |img: &[u32]| (110..190).map(|y| img[y * 200 + 100]).collect::<Vec<_>>();
    let light = |v: &[u32]| v.iter().filter(|&&l| l > 200).count();
    assert!(
        light(&column(&heart)) >= 2,
        "the heart has a light inlay line"
    );
    assert_eq!(light(&column(&spade)), 0, "the spade is solid");
}

#[test]
fn the_contact_sheet_shows_every_face_of_every_deck() {
    let renderer = Renderer::new();
    let sheet = renderer.contact_sheet().unwrap();
    let image = decode_picture(&sheet);
    assert!(image.width > 1000 && image.height > 1000);
    let labels: Vec<&str> = sheet.alt.split(' ').collect();
    // 54 tarock-deck faces, 32 French, the back and 10 English court letters.
    assert_eq!(labels.len(), 54 + 32 + 1 + 10);
    for deck in Deck::ALL {
        for face in deck.faces() {
            assert!(
                labels.contains(&face.label(Lang::De).as_str()),
                "{face} missing"
            );
        }
    }
}
