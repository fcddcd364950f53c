//! Cards as people type them, read the same way in every game: the card's
//! id (`hK`, `s10`, `T21`), its label in either language (`♥K`, `♥D`,
//! `♥Q`, `XXI`, `Sküs`), and the Sküs as `XXII` or `T22`; in any case,
//! with suit symbols or letters (`♥K` is `hK`), with or without the
//! emoji form of a symbol (`♥️K`), `Skus` for `Sküs`.
//!
//! Each game lists its cards and their spellings ([`find`]); the parser
//! that compares them is this one, shared by all games. Whether a text
//! is a card of any game is the table's question
//! (`tarock_table::games::is_card`).

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
    fn the_skus_is_xxii_and_t22() {
        assert_eq!(tarock_spellings(22), ["T22", "XXII", "Sküs"]);
        assert_eq!(tarock_spellings(1), ["T1", "I"]);
    }
}
