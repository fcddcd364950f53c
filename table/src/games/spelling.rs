//! Cards as people type them, read the same way in every game: the card's
//! id (`hK`, `s10`, `T21`), its label in either language (`♥K`, `♥D`,
//! `♥Q`, `XXI`, `Sküs`), and the Sküs as `XXII` or `T22`; in any case,
//! with suit symbols or letters (`♥K` is `hK`), with or without the
//! emoji form of a symbol (`♥️K`), `Skus` for `Sküs`.
//!
//! Each game lists its cards and their spellings ([`find`]); the parser
//! that compares them is this one, shared by all games.

/// Roman numerals of the tarocks I–XXII.
const ROMAN: [&str; 23] = [
    "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
    "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII",
];

/// The longest text read as a card, in bytes.
const MAX_CARD_TEXT: usize = 24;

/// The form a spelling is compared in: lower case, suit symbols as their
/// letters, `ü` as `u`, without spaces around it and emoji variation
/// selectors. Spaces inside stay: `i x` is chat, not the XI.
pub fn key(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|c| *c != '\u{fe0f}')
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            '♠' | '♤' => 's',
            '♣' | '♧' => 'c',
            '♥' | '♡' => 'h',
            '♦' | '♢' => 'd',
            'ü' => 'u',
            other => other,
        })
        .collect()
}

/// The spellings every game has for its tarock number `n` (1–22): `T<n>`
/// and the Roman numeral (`XXII` for the Sküs), and `Sküs` for 22.
pub fn tarock_spellings(n: u8) -> Vec<String> {
    let mut out = vec![format!("T{n}")];
    if let Some(roman) = ROMAN.get(usize::from(n)).filter(|r| !r.is_empty()) {
        out.push((*roman).to_owned());
    }
    if n == 22 {
        out.push("Sküs".to_owned());
    }
    out
}

/// The card of `cards` that `text` spells, comparing [`key`]s with each
/// card's `spellings` (its id, its labels, …). `None` for a text that
/// spells none of them (or is longer than any card's name).
pub fn find<C: Copy>(
    text: &str,
    cards: impl IntoIterator<Item = C>,
    spellings: impl Fn(C) -> Vec<String>,
) -> Option<C> {
    if text.len() > MAX_CARD_TEXT {
        return None;
    }
    let wanted = key(text);
    if wanted.is_empty() {
        return None;
    }
    cards
        .into_iter()
        .find(|c| spellings(*c).iter().any(|s| key(s) == wanted))
}

/// Whether `text` spells a card of any game of the family (for a front
/// end that must tell a typed card from chat before it knows the game,
/// and for the answer "no such card in this game").
pub fn is_card(text: &str) -> bool {
    crate::render::parse_card(text).is_some()
        || super::koenigrufen::words::parse_card(text).is_some()
        || super::zwanzig_ab::parse_card(text).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_case_and_the_emoji_form_compare_equal() {
        for (a, b) in [
            ("♥K", "hK"),
            ("♥️K", "hk"),
            (" ♠10 ", "S10"),
            ("Sküs", "SKUS"),
            ("♦D", "dd"),
        ] {
            assert_eq!(key(a), key(b), "{a} {b}");
        }
        assert_ne!(key("♥K"), key("♦K"));
    }

    #[test]
    fn every_game_reads_ids_labels_and_symbols() {
        use crate::games::{koenigrufen::words, zwanzig_ab};
        use crate::render;
        let kr = |s: &str| words::parse_card(s).map(|c| c.to_string());
        let ab = |s: &str| zwanzig_ab::parse_card(s).map(|c| c.to_string());
        let zr = |s: &str| render::parse_card(s).map(|c| c.to_string());
        for read in [kr, zr] {
            for (typed, id) in [
                ("XXII", "T22"),
                ("Sküs", "T22"),
                ("skus", "T22"),
                ("t22", "T22"),
                ("XXI", "T21"),
                ("xxi", "T21"),
                ("I", "T1"),
                ("hK", "hK"),
                ("♥K", "hK"),
                ("♥️k", "hK"),
                ("♦D", "dQ"),
                ("♦Q", "dQ"),
                ("c10", "c10"),
                ("♣10", "c10"),
            ] {
                assert_eq!(read(typed).as_deref(), Some(id), "{typed}");
            }
        }
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
        // Cards one game has and another lacks.
        assert_eq!(kr("sA"), None);
        assert_eq!(kr("♥4").as_deref(), Some("h4"));
        assert_eq!(zr("♥4"), None);
        assert_eq!(ab("XXI"), None);
        assert_eq!(ab("hN"), None);
        for card in ["sA", "♥4", "XXII", "hN"] {
            assert!(is_card(card), "{card}");
        }
        for chat in ["hallo", "weiter", "", "h", "♥", "kontra", "i x", "h k"] {
            assert!(!is_card(chat), "{chat}");
        }
    }

    #[test]
    fn the_skus_is_xxii_and_t22() {
        assert_eq!(tarock_spellings(22), ["T22", "XXII", "Sküs"]);
        assert_eq!(tarock_spellings(1), ["T1", "I"]);
    }
}
