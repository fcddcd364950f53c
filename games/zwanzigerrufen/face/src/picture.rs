//! Zwanzigerrufen's pictures, from the engine's views: a seat's hand (from
//! its own view) and the table (from the public view only, so no hidden
//! card can reach a picture in the chat).

use tarock_zwanzigerrufen::trick::Trick;
use tarock_zwanzigerrufen::{CardSet, Phase, PublicView, Seat, SeatView};

use tarock_face::picture::{Deck, Picture, Scene, SeatPicture, ShownTrick};

use crate::render::sorted;
use crate::text::Lang;

/// A seat's hand in the order its text lists it; `legal` lifted when the
/// seat is to play a card (the cards its buttons offer).
pub fn hand(view: &SeatView, legal: Option<CardSet>, lang: Lang) -> Picture {
    let ids = |set: CardSet| sorted(set).iter().map(ToString::to_string).collect();
    Picture {
        deck: Deck::Tarock,
        lang,
        scene: Scene::Hand {
            cards: ids(view.hand),
            legal: legal.map(ids),
        },
    }
}

/// The table once a deal is on: the four seats with their names (seat 0
/// first), the cards of the trick on the table or, between tricks, of the
/// trick just won, the tricks each seat has won, who led and whose turn
/// it is. `None` while the deal is still in the bidding (no card is out).
pub fn table(view: &PublicView, names: &[String; 4], lang: Lang) -> Option<Picture> {
    if view.phase == Phase::Bidding {
        return None;
    }
    // The trick on the table; when none is started, the last one taken
    // (the text shows it as "last trick").
    let shown: Option<Trick> = view
        .trick
        .filter(|t| !t.cards().is_empty())
        .or_else(|| view.tricks.last().map(|t| t.trick));
    Some(scene(view, shown.as_ref(), names, lang))
}

/// A record's position (`tarock render record`): the table in any phase
/// with the trick under way only (none between tricks), its leader, the
/// tricks won and whose turn it is.
pub fn position(view: &PublicView, names: &[String; 4], lang: Lang) -> Picture {
    scene(view, view.trick.as_ref(), names, lang)
}

/// The table with the cards of `shown` on it (led by its leader).
fn scene(view: &PublicView, shown: Option<&Trick>, names: &[String; 4], lang: Lang) -> Picture {
    let mut won = [0u8; 4];
    for t in &view.tricks {
        won[t.winner.index()] += 1;
    }
    let seats = Seat::ALL
        .iter()
        .map(|s| SeatPicture::new(names[s.index()].clone(), won[s.index()]))
        .collect();
    let shown =
        shown.map(|t| ShownTrick::new(t.leader().index(), t.plays().map(|(s, c)| (s.index(), c))));
    let to_move = view.to_act.map(Seat::index);
    Picture::table(Deck::Tarock, lang, seats, shown, to_move)
}

#[cfg(test)]
mod tests {
    use tarock_face::GameFace;

    /// `tarock render` draws each of Zwanzigerrufen's 40 cards as its own face of the
    /// tarock deck, and reads no card of another deck as one of them.
    #[test]
    fn every_card_is_one_face_of_the_games_deck() {
        let face = crate::ZwanzigerrufenFace;
        let cards = tarock_zwanzigerrufen::Card::all().map(|card| card.to_string());
        let expected = tarock_cards::Deck::Tarock40;
        let others = ["T2", "T3", "h4", "d2", "s7", "c9", "hK2", "xK"];
        let read = |text: &str| face.card_id(text);
        let checked =
            tarock_face::picture::check_cards(face.deck(), read, cards, expected, &others);
        assert_eq!(checked, Ok(()));
    }
}
