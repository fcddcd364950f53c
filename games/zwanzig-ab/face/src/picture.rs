//! 20 ab's pictures, from the session's views: a seat's hand (from its own
//! view, in the order its text lists the cards) and the table (from the
//! public view only: played cards, tricks won, who dropped out; never a
//! hand, a discard or a stock card).

use tarock_zwanzig_ab::trick::Trick;
use tarock_zwanzig_ab::{CardSet, Phase, Seat, Session, Suit};

use super::words::shown_order;
use tarock_face::TableContext;
use tarock_face::picture::{Deck, Picture, Scene, SeatPicture, ShownTrick};
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
    let seats = Seat::all(view.players)
        .map(|s| {
            let name = table.name(tarock_game_core::Seat::new(u8::from(s)));
            let tricks = view.tricks_won.get(s.index()).copied().unwrap_or(0);
            SeatPicture {
                out: view.dropped.contains(&s),
                ..SeatPicture::new(name, tricks)
            }
        })
        .collect();
    let shown =
        shown.map(|t| ShownTrick::new(t.leader().index(), t.plays().map(|(s, c)| (s.index(), c))));
    let to_move = view.to_act.map(Seat::index);
    Some(Picture::table(Deck::French, lang, seats, shown, to_move))
}

#[cfg(test)]
mod tests {
    use tarock_face::GameFace;

    /// `tarock render` draws each of the 32 cards of 20 ab as its own face
    /// of the French deck, and reads no card of another deck as one of
    /// them.
    #[test]
    fn every_card_is_one_face_of_the_games_deck() {
        let face = crate::ZwanzigAbFace;
        let cards = tarock_zwanzig_ab::Card::all().map(|card| card.to_string());
        let expected = tarock_cards::Deck::French32;
        let others = ["T21", "T1", "hN", "h2", "s6", "hK2"];
        let read = |text: &str| face.card_id(text);
        let checked =
            tarock_face::picture::check_cards(face.deck(), read, cards, expected, &others);
        assert_eq!(checked, Ok(()));
    }
}
