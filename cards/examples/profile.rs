//! Renders one scene many times with the picture cache off: a target for
//! instruction counts, which do not depend on the machine's load.
//!
//! `valgrind --tool=callgrind target/release/examples/profile hand 30`
//! (scenes: hand, trick, table; subtract a run of 10 to drop the one-off
//! painting of the faces).

use tarock_cards::{Deck, Face, Hand, Lang, Play, Renderer, Seat, Table, Trick};

fn main() -> Result<(), tarock_cards::RenderError> {
    let mut args = std::env::args().skip(1);
    let scene = args.next().unwrap_or_else(|| "hand".to_owned());
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let renderer = Renderer::with_cache(0);
    let cards: Vec<Face> = Deck::Tarock54
        .faces()
        .into_iter()
        .step_by(4)
        .take(12)
        .collect();
    let names = ["Anna", "Bert", "Cleo", "Dora"];
    let render = || match scene.as_str() {
        "trick" => renderer.trick(&Trick {
            plays: names
                .iter()
                .zip(&cards)
                .enumerate()
                .map(|(i, (n, c))| Play::new(*n, (i < 3).then_some(*c)))
                .collect(),
            winner: None,
            lang: Lang::De,
        }),
        "table" => renderer.table(&Table {
            seats: names
                .iter()
                .zip(&cards)
                .enumerate()
                .map(|(i, (n, c))| Seat::new(*n, (i < 3).then_some(*c), i as u8))
                .collect(),
            leader: Some(0),
            to_move: Some(3),
            lang: Lang::De,
        }),
        _ => renderer
            .hand(&Hand::new(cards.clone(), Lang::De).with_legal(cards[..4].iter().copied())),
    };
    let mut bytes = 0;
    for _ in 0..rounds {
        bytes += render()?.png.len();
    }
    println!(
        "{scene}: {} bytes each, {rounds} rounds",
        bytes / rounds.max(1)
    );
    Ok(())
}
