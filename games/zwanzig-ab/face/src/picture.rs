//! 20 ab's pictures, from the session's views: a seat's hand (from its own
//! view, in the order its text lists the cards) and the table (from the
//! public view only: played cards, tricks won, who dropped out; never a
//! hand, a discard or a stock card).

use tarock_zwanzig_ab::trick::Trick;
use tarock_zwanzig_ab::{CardSet, Phase, Seat, Session, Suit};

use super::words::shown_order;
use tarock_face::TableContext;
use tarock_face::picture::{Deck, Picture, Scene, SeatPicture};
use tarock_face::text::Lang;

/// Card ids in the order the texts list them (trump first when named).
fn ids(cards: CardSet, trump: Option<Suit>) -> Vec<String> {
    shown_order(cards, trump)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// `seat`'s cards as its private text lists them (the first packet alone
/// until trump is named), the cards it may play lifted when it is to play
/// one. `None` when the text shows no cards: between deals, after the
/// seat dropped out, or with an empty hand.
pub fn hand(session: &Session, seat: Seat, lang: Lang) -> Option<Picture> {
    if !session.deal_under_way() || seat.index() >= usize::from(session.players()) {
        return None;
    }
    let view = session.view(seat);
    if view.public.dropped.contains(&seat) || view.hand.is_empty() {
        return None;
    }
    let trump = view.public.trump;
    let legal = view
        .legal
        .filter(|l| l.seat == Some(seat) && view.public.phase == Phase::Play)
        .map(|l| ids(l.cards, trump));
    Some(Picture {
        deck: Deck::French,
        lang,
        scene: Scene::Hand {
            cards: ids(view.hand, trump),
            legal,
        },
    })
}

/// The table: every seat with its name, the card it played to the trick
/// on the table or, between tricks, to the trick just taken (the text
/// shows it as the last trick), its tricks in this deal, `out` when it
/// dropped out of the deal, who led and whose turn it is. `None` before
/// the first deal and while trump is being named (nothing is on the
/// table yet).
pub fn table(session: &Session, table: &TableContext, lang: Lang) -> Option<Picture> {
    let view = session.public_view();
    if view.deals == 0 || view.phase == Phase::Trump {
        return None;
    }
    let shown: Option<Trick> = view
        .trick
        .filter(|t| !t.is_empty())
        .or_else(|| view.tricks.last().map(|t| t.trick));
    let mut played: Vec<Option<String>> = vec![None; usize::from(view.players)];
    if let Some(trick) = &shown {
        for (seat, card) in trick.plays() {
            if let Some(slot) = played.get_mut(seat.index()) {
                *slot = Some(card.to_string());
            }
        }
    }
    let seats = Seat::all(view.players)
        .map(|s| {
            let i = s.index();
            SeatPicture {
                name: table.name(tarock_game_core::Seat::new(u8::from(s))),
                played: played[i].take(),
                tricks: view.tricks_won.get(i).copied().unwrap_or(0),
                out: view.dropped.contains(&s),
            }
        })
        .collect();
    Some(Picture {
        deck: Deck::French,
        lang,
        scene: Scene::Table {
            seats,
            leader: shown.map(|t| t.leader().index()),
            to_move: view.to_act.map(Seat::index),
        },
    })
}

#[cfg(test)]
mod tests {
    use tarock_cards::Face;
    use tarock_face::GameFace;

    use crate::ZwanzigAbFace;

    /// Every card of the game, read by its id, is a different face of the
    /// picture deck, and the faces are exactly the cards crate's deck of
    /// the game (`tarock render` draws cards so); cards of other decks are
    /// no cards of the game.
    #[test]
    fn every_card_is_one_face_of_the_games_deck() {
        let deck = ZwanzigAbFace.deck().expect("the game draws cards");
        let mut faces: Vec<Face> = tarock_zwanzig_ab::Card::all()
            .map(|card| {
                let id = ZwanzigAbFace
                    .card_id(&card.to_string())
                    .expect("a card of the game");
                assert_eq!(id, card.to_string());
                tarock_face::picture::face(deck, &id).expect("a face of the deck")
            })
            .collect();
        faces.sort();
        let mut expected = tarock_cards::Deck::ZwanzigAb.faces();
        expected.sort();
        assert_eq!(faces, expected);
        for other in ["T21", "T1", "hN", "h2", "s6", "hK2"] {
            assert_eq!(ZwanzigAbFace.card_id(other), None, "{other}");
        }
    }
}
