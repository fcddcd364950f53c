//! Zwanzigerrufen's pictures, from the engine's views: a seat's hand (from
//! its own view) and the table (from the public view only, so no hidden
//! card can reach a picture in the chat).

use tarock_zwanzigerrufen::trick::Trick;
use tarock_zwanzigerrufen::{CardSet, Phase, PublicView, Seat, SeatView};

use tarock_face::picture::{Deck, Picture, Scene, SeatPicture};

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
    let mut played: [Option<String>; 4] = Default::default();
    if let Some(trick) = shown {
        for (seat, card) in trick.plays() {
            played[seat.index()] = Some(card.to_string());
        }
    }
    let seats = Seat::ALL
        .iter()
        .map(|s| SeatPicture {
            name: names[s.index()].clone(),
            played: played[s.index()].take(),
            tricks: won[s.index()],
            out: false,
        })
        .collect();
    Picture {
        deck: Deck::Tarock,
        lang,
        scene: Scene::Table {
            seats,
            leader: shown.map(|t| t.leader().index()),
            to_move: view.to_act.map(Seat::index),
        },
    }
}

#[cfg(test)]
mod tests {
    use tarock_cards::Face;
    use tarock_face::GameFace;

    use crate::ZwanzigerrufenFace;

    /// Every card of the game, read by its id, is a different face of the
    /// picture deck, and the faces are exactly the cards crate's deck of
    /// the game (`tarock render` draws cards so); cards of other decks are
    /// no cards of the game.
    #[test]
    fn every_card_is_one_face_of_the_games_deck() {
        let deck = ZwanzigerrufenFace.deck().expect("the game draws cards");
        let mut faces: Vec<Face> = tarock_zwanzigerrufen::Card::all()
            .map(|card| {
                let id = ZwanzigerrufenFace
                    .card_id(&card.to_string())
                    .expect("a card of the game");
                assert_eq!(id, card.to_string());
                tarock_face::picture::face(deck, &id).expect("a face of the deck")
            })
            .collect();
        faces.sort();
        let mut expected = tarock_cards::Deck::Zwanzigerrufen.faces();
        expected.sort();
        assert_eq!(faces, expected);
        for other in ["T2", "T3", "h4", "d2", "s7", "c9", "hK2", "xK"] {
            assert_eq!(ZwanzigerrufenFace.card_id(other), None, "{other}");
        }
    }
}
