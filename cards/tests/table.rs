//! The table's picture: every seat's card where it belongs, and no card
//! that has not been played anywhere in it, over many simulated positions.

mod common;

use common::{Image, Lcg, decode_picture, face_image, mismatch};
use tarock_cards::{Deck, Face, Lang, Rect, RenderError, Renderer, Seat, Table, Tarock};

fn t(n: u8) -> Face {
    Face::Tarock(Tarock::new(n).unwrap())
}

fn names(n: usize) -> Vec<String> {
    ["Anna", "Bert", "Cleo", "Dora", "Emil"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Where each seat's card goes: the layout of the same table with every seat played.
fn slots(seats: usize) -> Vec<Rect> {
    let full = Table {
        seats: names(seats)
            .into_iter()
            .zip(1..)
            .map(|(n, i)| Seat::new(n, Some(t(i)), 0))
            .collect(),
        leader: None,
        to_move: None,
        lang: Lang::De,
    };
    full.layout()
        .unwrap()
        .cards
        .iter()
        .map(|p| p.rect)
        .collect()
}

#[test]
fn seats_never_overlap_and_fit_in_the_picture() {
    for seats in 3..=5 {
        let rects = slots(seats);
        assert_eq!(rects.len(), seats);
        let table = Table {
            seats: names(seats)
                .into_iter()
                .map(|n| Seat::new(n, None, 0))
                .collect(),
            leader: None,
            to_move: None,
            lang: Lang::De,
        };
        let picture = Renderer::new().table(&table).unwrap();
        let image = decode_picture(&picture);
        for (i, a) in rects.iter().enumerate() {
            assert!(a.x >= 0 && a.y >= 0, "{seats} seats: {a:?}");
            assert!(a.right() <= image.width as i32 && a.bottom() <= image.height as i32);
            for b in &rects[i + 1..] {
                assert!(!a.overlaps(b), "{seats} seats: {a:?} and {b:?}");
            }
        }
        // Seat 0 sits at the bottom, seat 1 to its right (play passes to the right).
        assert!(rects.iter().all(|r| r.y <= rects[0].y));
        assert!(rects[1].x > rects[0].x);
    }
}

/// Checks one rendered table against the deck: each played card shows
/// exactly in its seat's slot, and no other face of the deck shows in any slot.
fn check_position(image: &Image, slots: &[Rect], table: &Table, deck: &[(Face, Image)]) {
    for (slot, seat) in slots.iter().zip(&table.seats) {
        for (face, pixels) in deck {
            let differ = mismatch(image, pixels, (slot.x, slot.y), *slot);
            if seat.played == Some(*face) {
                assert_eq!(differ, 0.0, "{face} of {} shows exactly", seat.name);
            } else {
                assert!(
                    differ > 0.003,
                    "{face} shows in the slot of {} who played {:?}",
                    seat.name,
                    seat.played
                );
            }
        }
    }
}

#[test]
fn no_unplayed_card_ever_appears_on_the_public_table() {
    let renderer = Renderer::new();
    let deck: Vec<(Face, Image)> = Deck::Tarock54
        .faces()
        .into_iter()
        .map(|f| (f, face_image(&renderer, f, Lang::De)))
        .collect();
    let mut rng = Lcg(0x7a60c);
    for position in 0..24 {
        let seats = 3 + position % 3;
        let mut cards: Vec<Face> = deck.iter().map(|(f, _)| *f).collect();
        rng.shuffle(&mut cards);
        let leader = rng.below(seats);
        let played = rng.below(seats + 1);
        let mut table = Table {
            seats: names(seats)
                .into_iter()
                .map(|n| Seat::new(n, None, rng.below(6) as u8))
                .collect(),
            leader: Some(leader),
            to_move: (played < seats).then_some((leader + played) % seats),
            lang: Lang::De,
        };
        for (k, card) in cards.iter().take(played).enumerate() {
            table.seats[(leader + k) % seats].played = Some(*card);
        }
        let image = decode_picture(&renderer.table(&table).unwrap());
        check_position(&image, &slots(seats), &table, &deck);
    }
}

#[test]
fn markers_and_counts_change_the_plates_not_the_cards() {
    let renderer = Renderer::new();
    let mut table = Table {
        seats: names(4)
            .into_iter()
            .zip(1..)
            .map(|(n, i)| Seat::new(n, Some(t(i)), 0))
            .collect(),
        leader: Some(0),
        to_move: None,
        lang: Lang::De,
    };
    let before = decode_picture(&renderer.table(&table).unwrap());
    table.seats[2].tricks = 7;
    table.to_move = Some(3);
    table.leader = Some(1);
    let after = decode_picture(&renderer.table(&table).unwrap());
    assert_ne!(before.rgba, after.rgba);
    for slot in slots(4) {
        for y in slot.y..slot.bottom() {
            for x in slot.x..slot.right() {
                assert_eq!(
                    before.at(x, y),
                    after.at(x, y),
                    "a card changed at ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn impossible_tables_are_refused() {
    let renderer = Renderer::new();
    let table = |n: usize| Table {
        seats: (0..n)
            .map(|i| Seat::new(format!("P{i}"), None, 0))
            .collect(),
        leader: None,
        to_move: None,
        lang: Lang::De,
    };
    assert_eq!(renderer.table(&table(2)), Err(RenderError::PlayerCount(2)));
    assert_eq!(renderer.table(&table(6)), Err(RenderError::PlayerCount(6)));
    let mut bad = table(4);
    bad.to_move = Some(4);
    assert_eq!(renderer.table(&bad), Err(RenderError::NoSuchPlayer(4)));
    let mut twice = table(4);
    twice.seats[0].played = Some(t(3));
    twice.seats[2].played = Some(t(3));
    assert_eq!(
        renderer.table(&twice),
        Err(RenderError::DuplicateCard(t(3)))
    );
}

#[test]
fn the_alt_text_lists_seats_cards_and_tricks() {
    let table = Table {
        seats: vec![
            Seat::new("Anna", Some(t(21)), 3),
            Seat::new("Bert", None, 0),
            Seat::new("Cleo", Some(t(22)), 1),
        ],
        leader: Some(2),
        to_move: Some(1),
        lang: Lang::De,
    };
    assert_eq!(table.alt(), "Anna XXI (3) · Bert (0) · Cleo Sküs (1)");
}
