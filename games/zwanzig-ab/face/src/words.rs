//! 20 ab's words for its cards: suits and ranks in either language, a card
//! as shown and as typed, and the order the texts and pictures list cards
//! in. The face's texts and the 20 ab pictures build on them.

use tarock_zwanzig_ab::{Card, CardSet, Suit};

use crate::text::{Lang, lookup};

/// The symbol of a suit.
pub(crate) const fn suit_symbol(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "♠",
        Suit::Clubs => "♣",
        Suit::Hearts => "♥",
        Suit::Diamonds => "♦",
    }
}

/// A suit's name in `lang` (`Herz`, `hearts`).
pub(crate) fn suit_name(suit: Suit, lang: Lang) -> String {
    let id = format!("ab-suit-{}", suit.letter());
    lookup(lang, &id, Vec::new()).unwrap_or_else(|| suit.letter().to_string())
}

/// A card as shown: suit symbol and rank in `lang` (`♥A`, `♠10`, `♣D`).
pub fn card_label(card: Card, lang: Lang) -> String {
    let id = card.to_string();
    let rank = &id[1..];
    let rank = lookup(lang, &format!("ab-rank-{rank}"), Vec::new()).unwrap_or_else(|| rank.into());
    format!("{}{rank}", suit_symbol(card.suit()))
}

/// The card of 20 ab that `text` spells ([`tarock_face::spelling`]): its id
/// (`hA`, `s10`, `cQ`) or its label in either language (`♥A`, `♣D`,
/// `♣Q`).
pub fn parse_card(text: &str) -> Option<Card> {
    tarock_face::spelling::find(text, Card::all(), |c| {
        vec![
            c.to_string(),
            card_label(c, Lang::De),
            card_label(c, Lang::En),
        ]
    })
}

/// Cards in the order the texts list them: trump first when known, then
/// by suit, best first within each suit.
pub(crate) fn shown_order(cards: CardSet, trump: Option<Suit>) -> Vec<Card> {
    let mut list: Vec<Card> = cards.iter().collect();
    list.sort_by_key(|c| (Some(c.suit()) != trump, c.suit() as u8, c.index()));
    list
}

/// Cards as shown, best first within each suit, trump first when known.
pub(crate) fn cards_text(cards: CardSet, trump: Option<Suit>, lang: Lang) -> String {
    shown_order(cards, trump)
        .into_iter()
        .map(|c| card_label(c, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_by_id_label_and_symbol_and_no_tarock() {
        let ab = |s: &str| parse_card(s).map(|c| c.to_string());
        for (typed, id) in [
            ("sA", "sA"),
            ("♠A", "sA"),
            ("SA", "sA"),
            ("♣D", "cQ"),
            ("cq", "cQ"),
            ("h7", "h7"),
            ("♥B", "hJ"),
        ] {
            assert_eq!(ab(typed).as_deref(), Some(id), "{typed}");
        }
        // Cards of the tarock deck that the French deck lacks.
        assert_eq!(ab("XXI"), None);
        assert_eq!(ab("hN"), None);
        assert_eq!(ab("h4"), None);
    }
}
