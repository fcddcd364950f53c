//! Renders the same hand many times with the picture cache off: a target
//! for profilers (`valgrind --tool=callgrind`).

use tarock_cards::{Deck, Hand, Lang, Renderer};

fn main() -> Result<(), tarock_cards::RenderError> {
    let renderer = Renderer::with_cache(0);
    let cards: Vec<_> = Deck::Koenigrufen
        .faces()
        .into_iter()
        .step_by(4)
        .take(12)
        .collect();
    let hand = Hand::new(cards.clone(), Lang::De).with_legal(cards[..4].iter().copied());
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let mut bytes = 0;
    for _ in 0..rounds {
        bytes += renderer.hand(&hand)?.png.len();
    }
    println!("{bytes} bytes in {rounds} rounds");
    Ok(())
}
