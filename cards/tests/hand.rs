//! A hand's picture: size, where each card lands, that each strip shows its
//! own face and no other, and the highlighting of legal cards.

mod common;

use common::{correlation, decode_picture, face_image, mean_luminance, mismatch};
use tarock_cards::{
    Face, Hand, Lang, Rect, RenderError, Renderer, Shade, Suit, Tarock, TarockRank,
};

fn t(n: u8) -> Face {
    Face::Tarock(Tarock::new(n).unwrap())
}

/// A Königrufen hand of 12, as a player holds it: tarocks high to low, then suits.
fn twelve() -> Vec<Face> {
    vec![
        t(22),
        t(21),
        t(18),
        t(13),
        t(7),
        t(1),
        Face::TarockSuit(Suit::Hearts, TarockRank::King),
        Face::TarockSuit(Suit::Hearts, TarockRank::Pip3),
        Face::TarockSuit(Suit::Diamonds, TarockRank::Queen),
        Face::TarockSuit(Suit::Spades, TarockRank::Knight),
        Face::TarockSuit(Suit::Spades, TarockRank::Pip1),
        Face::TarockSuit(Suit::Clubs, TarockRank::Jack),
    ]
}

#[test]
fn the_picture_has_the_layouts_size_and_holds_every_card_left_to_right() {
    let hand = Hand::new(twelve(), Lang::De);
    let layout = hand.layout().unwrap();
    let picture = Renderer::new().hand(&hand).unwrap();
    let image = decode_picture(&picture);
    assert_eq!((image.width, image.height), (layout.width, layout.height));
    // A phone-friendly landscape strip: no wider than Telegram keeps.
    assert!(layout.width <= 1280 && layout.width > layout.height * 2);
    assert_eq!(layout.cards.len(), 12);
    let picture_rect = Rect {
        x: 0,
        y: 0,
        width: layout.width,
        height: layout.height,
    };
    for (placed, face) in layout.cards.iter().zip(twelve()) {
        assert_eq!(placed.face, face, "cards keep the given order");
        assert_eq!((placed.rect.width, placed.rect.height), (200, 300));
        assert!(placed.rect.x >= 0 && placed.rect.right() <= picture_rect.right());
        assert!(placed.rect.y >= 0 && placed.rect.bottom() <= picture_rect.bottom());
    }
    for pair in layout.cards.windows(2) {
        assert!(
            pair[0].visible.right() <= pair[1].rect.x,
            "strips must not overlap"
        );
        assert!(!pair[0].visible.overlaps(&pair[1].visible));
    }
}

#[test]
fn each_strip_shows_its_own_face_and_differs_from_the_others() {
    let renderer = Renderer::new();
    let hand = Hand::new(twelve(), Lang::De);
    let layout = hand.layout().unwrap();
    let image = decode_picture(&renderer.hand(&hand).unwrap());
    let faces: Vec<_> = twelve()
        .into_iter()
        .map(|f| face_image(&renderer, f, Lang::De))
        .collect();
    for (i, placed) in layout.cards.iter().enumerate() {
        let origin = (placed.rect.x, placed.rect.y);
        let own = mismatch(&image, &faces[i], origin, placed.visible);
        assert_eq!(
            own, 0.0,
            "card {i} ({}) shows its face exactly",
            placed.face
        );
        for (j, other) in faces.iter().enumerate().filter(|(j, _)| *j != i) {
            let differ = mismatch(&image, other, origin, placed.visible);
            assert!(
                differ > 0.005,
                "strip of {} looks like {} ({differ})",
                placed.face,
                twelve()[j]
            );
        }
    }
}

#[test]
fn legal_cards_are_lifted_and_plain_the_others_lower_and_dimmed() {
    let renderer = Renderer::new();
    let cards = twelve();
    let legal = vec![cards[6], cards[7]];
    let hand = Hand::new(cards.clone(), Lang::De).with_legal(legal.clone());
    let layout = hand.layout().unwrap();
    let image = decode_picture(&renderer.hand(&hand).unwrap());
    let lifted = layout.cards.iter().map(|p| p.rect.y).min().unwrap();
    for placed in &layout.cards {
        let face = face_image(&renderer, placed.face, Lang::De);
        let origin = (placed.rect.x, placed.rect.y);
        if legal.contains(&placed.face) {
            assert_eq!(placed.shade, Shade::Plain);
            assert_eq!(placed.rect.y, lifted);
            assert_eq!(mismatch(&image, &face, origin, placed.visible), 0.0);
        } else {
            assert_eq!(placed.shade, Shade::Dimmed);
            assert!(placed.rect.y > lifted);
            let scene = mean_luminance(&image, placed.visible);
            let bare = {
                // The same strip of the plain face, for comparison.
                let whole = Rect::card(0, 0);
                let strip = Rect {
                    width: placed.visible.width,
                    ..whole
                };
                mean_luminance(&face, strip)
            };
            assert!(scene < bare * 0.8, "{} is not darker", placed.face);
            // Still recognisably its own face: it correlates with its own
            // face better than with any other card of the hand.
            let own = correlation(&image, &face, origin, placed.visible);
            for other in cards.iter().filter(|f| **f != placed.face) {
                let o = face_image(&renderer, *other, Lang::De);
                let theirs = correlation(&image, &o, origin, placed.visible);
                assert!(own > theirs, "{} looks like {other}", placed.face);
            }
        }
    }
}

#[test]
fn long_numerals_get_wider_strips_and_big_hands_stay_within_the_width_limit() {
    let hand = Hand::new([t(18), t(17), t(2), t(1)], Lang::De);
    let layout = hand.layout().unwrap();
    let strips: Vec<u32> = layout.cards.iter().map(|p| p.visible.width).collect();
    assert!(
        strips[0] > strips[2],
        "XVIII needs more room than II: {strips:?}"
    );
    // Königrufen's Dreier: 12 cards and the whole talon of 6.
    let mut deck = tarock_cards::Deck::Tarock54.faces();
    deck.truncate(18);
    let layout = Hand::new(deck, Lang::De).layout().unwrap();
    assert!(layout.width <= 1280, "{}", layout.width);
    assert!(layout.cards.windows(2).all(|w| w[0].rect.x < w[1].rect.x));
}

#[test]
fn court_letters_follow_the_language_of_the_hand() {
    let renderer = Renderer::new();
    let queen = Face::TarockSuit(Suit::Hearts, TarockRank::Queen);
    let de = decode_picture(&renderer.hand(&Hand::new([queen], Lang::De)).unwrap());
    let en = decode_picture(&renderer.hand(&Hand::new([queen], Lang::En)).unwrap());
    assert_ne!(de.rgba, en.rgba, "D and Q are different letters");
    let placed = Hand::new([queen], Lang::En).layout().unwrap().cards[0];
    let en_face = face_image(&renderer, queen, Lang::En);
    let origin = (placed.rect.x, placed.rect.y);
    assert_eq!(mismatch(&en, &en_face, origin, placed.visible), 0.0);
}

#[test]
fn bad_hands_are_refused_with_the_reason() {
    let renderer = Renderer::new();
    let doubled = Hand::new([t(5), t(5)], Lang::De);
    assert_eq!(
        renderer.hand(&doubled),
        Err(RenderError::DuplicateCard(t(5)))
    );
    let stray = Hand::new([t(5)], Lang::De).with_legal([t(6)]);
    assert_eq!(
        renderer.hand(&stray),
        Err(RenderError::LegalNotInHand(t(6)))
    );
    let huge = Hand::new((1..=19).map(t), Lang::De);
    assert_eq!(
        renderer.hand(&huge),
        Err(RenderError::TooManyCards { count: 19, max: 18 })
    );
    assert_eq!(
        renderer.cached_pictures(),
        0,
        "nothing is cached for refusals"
    );
}

#[test]
fn an_empty_hand_is_a_picture_without_cards() {
    let picture = Renderer::new().hand(&Hand::new([], Lang::De)).unwrap();
    let image = decode_picture(&picture);
    assert!(image.width >= 200 && image.height >= 300);
    assert_eq!(picture.alt, "");
}

#[test]
fn the_alt_text_lists_the_cards_as_printed() {
    let hand = Hand::new(twelve(), Lang::En);
    assert_eq!(hand.alt(), "Sküs XXI XVIII XIII VII I ♥K ♥3 ♦Q ♠N ♠10 ♣J");
}
