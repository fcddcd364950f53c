//! A trick's picture holds exactly the cards played, in playing order,
//! and nothing where a card is still to come.

mod common;

use common::{decode_picture, face_image, mismatch};
use tarock_cards::{
    Deck, Face, Lang, Play, Rect, RenderError, Renderer, Suit, Tarock, TarockRank, Trick,
};

fn t(n: u8) -> Face {
    Face::Tarock(Tarock::new(n).unwrap())
}

fn trick(cards: &[Option<Face>]) -> Trick {
    let names = ["Anna", "Bert", "Cleo", "Dora", "Emil"];
    Trick {
        plays: cards
            .iter()
            .zip(names)
            .map(|(c, n)| Play::new(n, *c))
            .collect(),
        winner: None,
        lang: Lang::De,
    }
}

#[test]
fn a_trick_shows_exactly_the_played_cards_and_no_other_face_of_the_deck() {
    let renderer = Renderer::new();
    let heart_king = Face::TarockSuit(Suit::Hearts, TarockRank::King);
    let scene = trick(&[Some(heart_king), Some(t(21)), Some(t(1)), None]);
    let picture = renderer.trick(&scene).unwrap();
    let image = decode_picture(&picture);
    let layout = scene.layout().unwrap();
    assert_eq!((image.width, image.height), (layout.width, layout.height));
    assert_eq!(layout.cards.len(), 3);
    let played: Vec<Face> = layout.cards.iter().map(|p| p.face).collect();
    assert_eq!(
        played,
        [heart_king, t(21), t(1)],
        "playing order, leader first"
    );
    for pair in layout.cards.windows(2) {
        assert!(
            pair[0].rect.right() < pair[1].rect.x,
            "left to right, apart"
        );
    }
    // The fourth slot: where Dora's card will go, one step right of Cleo's.
    let step = layout.cards[1].rect.x - layout.cards[0].rect.x;
    let empty = Rect::card(layout.cards[2].rect.x + step, layout.cards[2].rect.y);
    assert!(empty.right() <= image.width as i32);
    for face in Deck::Tarock54.faces() {
        let face_px = face_image(&renderer, face, Lang::De);
        for placed in &layout.cards {
            let differ = mismatch(
                &image,
                &face_px,
                (placed.rect.x, placed.rect.y),
                placed.rect,
            );
            if face == placed.face {
                assert_eq!(differ, 0.0, "{face} is shown exactly");
            } else {
                assert!(differ > 0.003, "{face} appears where {} lies", placed.face);
            }
        }
        let differ = mismatch(&image, &face_px, (empty.x, empty.y), empty);
        assert!(differ > 0.5, "{face} appears in the empty slot");
    }
}

#[test]
fn the_winner_is_ringed_without_touching_the_cards() {
    let renderer = Renderer::new();
    let cards = [Some(t(5)), Some(t(9)), Some(t(2)), Some(t(3))];
    let mut scene = trick(&cards);
    let plain = decode_picture(&renderer.trick(&scene).unwrap());
    scene.winner = Some(1);
    let won = decode_picture(&renderer.trick(&scene).unwrap());
    let layout = scene.layout().unwrap();
    assert_ne!(plain.rgba, won.rgba, "the winner is marked");
    for placed in &layout.cards {
        let face = face_image(&renderer, placed.face, Lang::De);
        let origin = (placed.rect.x, placed.rect.y);
        assert_eq!(mismatch(&won, &face, origin, placed.rect), 0.0);
    }
    // The ring lies just outside the winner's card, not around the others.
    let ring_row = layout.cards[1].rect.y - 3;
    let beside = layout.cards[0].rect.y - 3;
    let mid = |p: &tarock_cards::Placed| p.rect.x + 100;
    assert_ne!(
        won.at(mid(&layout.cards[1]), ring_row),
        plain.at(mid(&layout.cards[1]), ring_row)
    );
    assert_eq!(
        won.at(mid(&layout.cards[0]), beside),
        plain.at(mid(&layout.cards[0]), beside)
    );
}

#[test]
fn names_are_drawn_under_the_cards() {
    let renderer = Renderer::new();
    let cards = [Some(t(5)), None, None];
    let mut scene = trick(&cards);
    let named = decode_picture(&renderer.trick(&scene).unwrap());
    scene.plays[1].name = "Wolfgang Amadeus".to_owned();
    let renamed = decode_picture(&renderer.trick(&scene).unwrap());
    let layout = scene.layout().unwrap();
    let card = layout.cards[0].rect;
    let mut changed_rows = Vec::new();
    for y in 0..named.height as i32 {
        let row_differs = (0..named.width as i32).any(|x| named.at(x, y) != renamed.at(x, y));
        if row_differs {
            changed_rows.push(y);
        }
    }
    assert!(!changed_rows.is_empty(), "a name change shows");
    assert!(
        changed_rows.iter().all(|&y| y >= card.bottom()),
        "names sit below the cards"
    );
}

#[test]
fn markup_in_names_is_text_not_svg() {
    let renderer = Renderer::new();
    let mut scene = trick(&[Some(t(5))]);
    scene.plays[0].name = "<svg onload=\"x\">&amp; \u{7}</svg>".to_owned();
    let picture = renderer.trick(&scene).expect("odd names still render");
    decode_picture(&picture);
    assert_eq!(picture.alt, "<svg onload=\"x\">&amp; \u{7}</svg> V");
}

#[test]
fn impossible_tricks_are_refused() {
    let renderer = Renderer::new();
    assert_eq!(
        renderer.trick(&trick(&[])),
        Err(RenderError::PlayerCount(0))
    );
    let six = Trick {
        plays: (0..6).map(|i| Play::new(format!("P{i}"), None)).collect(),
        winner: None,
        lang: Lang::De,
    };
    assert_eq!(renderer.trick(&six), Err(RenderError::PlayerCount(6)));
    assert_eq!(
        renderer.trick(&trick(&[Some(t(5)), None, Some(t(6))])),
        Err(RenderError::PlayOutOfOrder("Cleo".to_owned()))
    );
    assert_eq!(
        renderer.trick(&trick(&[Some(t(5)), Some(t(5))])),
        Err(RenderError::DuplicateCard(t(5)))
    );
    let mut unfinished = trick(&[Some(t(5)), None]);
    unfinished.winner = Some(1);
    assert_eq!(
        renderer.trick(&unfinished),
        Err(RenderError::NoSuchPlayer(1))
    );
}

#[test]
fn the_alt_text_names_each_player_and_card_in_playing_order() {
    let scene = trick(&[
        Some(Face::TarockSuit(Suit::Hearts, TarockRank::King)),
        Some(t(22)),
        None,
    ]);
    assert_eq!(scene.alt(), "Anna ♥K · Bert Sküs");
}
