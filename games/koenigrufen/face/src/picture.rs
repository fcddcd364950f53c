//! Königrufen's pictures, from the deal's views: a seat's hand (from its
//! own view, in the order its text lists the cards) and the table once the
//! cards are played (from the public view only: played cards and tricks
//! won; a talon card, a discard or another seat's hand never appears).

use tarock_koenigrufen::trick::Trick;
use tarock_koenigrufen::{Game, Phase, Seat};

use super::words::sorted;
use crate::text::Lang;
use tarock_face::TableContext;
use tarock_face::picture::{Deck, Picture, Scene, SeatPicture, ShownTrick};

/// `seat`'s cards as its private text lists them, the cards it may play
/// lifted when it is to play one. `None` once the hand is empty.
pub fn hand(game: &Game, seat: Seat, lang: Lang) -> Option<Picture> {
    let view = game.view(seat);
    if view.hand.is_empty() {
        return None;
    }
    let ids = |cards| sorted(cards).iter().map(ToString::to_string).collect();
    let legal = view
        .legal
        .filter(|l| l.seat == Some(seat) && view.public.phase == Phase::Play)
        .map(|l| ids(l.cards));
    Some(Picture {
        deck: Deck::Tarock,
        lang,
        scene: Scene::Hand {
            cards: ids(view.hand),
            legal,
        },
    })
}

/// The table during trick play and after it: the four seats with their
/// names (seat 0 first), the cards of the trick on the table or, between
/// tricks, of the trick just taken (the text's last trick), the tricks
/// each seat has won, who led and whose turn it is. `None` before the
/// first card can be played (auction, talon, discard, announcements: no
/// card is on the table).
pub fn table(game: &Game, table: &TableContext, lang: Lang) -> Option<Picture> {
    let view = game.public_view();
    if !matches!(view.phase, Phase::Play | Phase::Finished) {
        return None;
    }
    let shown: Option<Trick> = view
        .trick
        .filter(|t| !t.is_empty())
        .or_else(|| view.tricks.last().map(|t| t.trick));
    Some(scene(game, shown.as_ref(), table, lang))
}

/// A record's position (`tarock render record`): the table in any phase
/// with the trick under way only (none between tricks), its leader, the
/// tricks won and whose turn it is.
pub fn position(game: &Game, table: &TableContext, lang: Lang) -> Picture {
    scene(game, game.public_view().trick.as_ref(), table, lang)
}

/// The table with the cards of `shown` on it (led by its leader).
fn scene(game: &Game, shown: Option<&Trick>, table: &TableContext, lang: Lang) -> Picture {
    let view = game.public_view();
    let seats = Seat::ALL
        .iter()
        .map(|s| {
            let name = table.name(tarock_game_core::Seat::new(*s as u8));
            SeatPicture::new(name, view.won[s.index()])
        })
        .collect();
    let shown = shown.map(|t| {
        let plays = Seat::ALL
            .iter()
            .filter_map(|s| Some((s.index(), t.card_of(*s)?)));
        ShownTrick::new(t.leader().index(), plays)
    });
    let to_move = view.to_act.map(Seat::index);
    Picture::table(Deck::Tarock, lang, seats, shown, to_move)
}

#[cfg(test)]
mod tests {
    use tarock_face::GameFace;

    /// `tarock render` draws each of Königrufen's 54 cards as its own face of the
    /// tarock deck, and reads no card of another deck as one of them.
    #[test]
    fn every_card_is_one_face_of_the_games_deck() {
        let face = crate::KoenigrufenFace;
        let cards = tarock_koenigrufen::Card::all().map(|card| card.to_string());
        let expected = tarock_cards::Deck::Tarock54;
        let others = ["T0", "T23", "h10", "s2", "sA", "hK2", "xK"];
        let read = |text: &str| face.card_id(text);
        let checked =
            tarock_face::picture::check_cards(face.deck(), read, cards, expected, &others);
        assert_eq!(checked, Ok(()));
    }
}
