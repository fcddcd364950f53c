//! The faces of the games at the table, by game id. The face boundary
//! itself ([`GameFace`] and its data) is the crate `tarock-face`
//! (`games/face`), whose types are re-exported here for the front ends; the
//! registry lists the faces ([`tarock_games::faces`]), and this module
//! answers what the table asks of every game (names, help, which text is
//! a card).

use crate::text::Lang;

pub use tarock_face::{
    BadRules, Choice, ChoiceKind, GameFace, Layout, NoTricks, SeatChoice, SeatText, SettlementText,
    TableContext, Title, TypedRefusal,
};

/// The help text of a table of the game `id` (the terminal's list of what
/// may be typed): the game's own words, the table's general help for a
/// game this build does not know.
pub fn help_text(id: &str, lang: Lang) -> String {
    match face(id) {
        Some(face) => face.help_text(lang),
        None => crate::text::tr!(lang, "terminal-help"),
    }
}

/// Every face of the registry: every table walks one path through them.
fn faces() -> impl Iterator<Item = &'static dyn GameFace> {
    tarock_games::faces().iter().copied()
}

/// The game a chat cup plays and the rules preset it plays by: the first
/// face of the registry that names a cup preset.
pub fn cup_game() -> Option<(&'static dyn GameFace, &'static str)> {
    faces().find_map(|f| f.cup_rules().map(|rules| (f, rules)))
}

/// The face of the game with this id, if it has one.
pub fn face(id: &str) -> Option<&'static dyn GameFace> {
    faces().find(|f| f.id() == id)
}

/// A contract's name in `lang` from the word the statistics recorded for
/// it ([`GameFace::sides`]): the first face that knows the word, else the
/// word itself.
pub fn contract_name(word: &str, lang: Lang) -> String {
    faces()
        .find_map(|f| f.contract_name(word, lang))
        .unwrap_or_else(|| word.to_owned())
}

/// The name of the game with this id in `lang` ("Zwanzigerrufen",
/// "Königrufen", "20 ab"), for front ends that list the games; the id
/// itself for a game this build does not know.
pub fn name_of(id: &str, lang: Lang) -> String {
    face(id).map_or_else(|| id.to_owned(), |face| face.name(lang))
}

/// Every game of the registry by name in `lang`, as one list: "Zwanzigerrufen,
/// Königrufen und 20 ab" (the registry's order, the first game first).
pub fn names_list(lang: Lang) -> String {
    let names: Vec<String> = tarock_games::GAMES
        .iter()
        .map(|g| name_of(g.id(), lang))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    tarock_face::numbers::name_list(&names, lang)
}

/// The seats each game of the registry is played with, in `lang`:
/// "Zwanzigerrufen 4, Königrufen 4 oder 5, 20 ab 3 bis 5".
pub fn seats_list(lang: Lang) -> String {
    tarock_games::GAMES
        .iter()
        .map(|g| {
            let (min, max) = g.seat_range();
            let seats = match max - min {
                0 => min.to_string(),
                1 => crate::text::tr!(lang, "seats-either", min = min, max = max),
                _ => crate::text::tr!(lang, "seats-range", min = min, max = max),
            };
            format!("{} {seats}", name_of(g.id(), lang))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether `words` read as a move of some game of the family in words (a
/// Zwanzigerrufen bidding turn): for a front end that must tell a typed
/// move from chat before it knows the table.
pub fn is_move_words(words: &[String]) -> bool {
    faces().any(|f| f.reads_words(words))
}

/// Whether `text` spells a card of any game of the family (for a front
/// end that must tell a typed card from chat before it knows the game,
/// and for the answer "no such card in this game").
pub fn is_card(text: &str) -> bool {
    faces().any(|f| f.card_token(text).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zwanzigerrufen_reads_cards_and_is_card_knows_every_game() {
        let zr = |s: &str| face("zwanzigerrufen").and_then(|f| f.card_token(s));
        {
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
                assert_eq!(zr(typed), Some(format!("p{id}")), "{typed}");
            }
        }
        // Cards one game has and another lacks: each is a card of some
        // game (Königrufen's ♥4, 20 ab's sA).
        assert_eq!(zr("♥4"), None);
        for card in ["sA", "♥4", "XXII", "hN"] {
            assert!(is_card(card), "{card}");
        }
        for chat in ["hallo", "weiter", "", "h", "♥", "kontra", "i x", "h k"] {
            assert!(!is_card(chat), "{chat}");
        }
    }

    #[test]
    fn each_games_help_lists_its_own_words() {
        for lang in Lang::ALL {
            let zr = help_text("zwanzigerrufen", lang);
            let kr = help_text("koenigrufen", lang);
            let ab = help_text("zwanzig-ab", lang);
            assert!(zr.contains("Kontra") && zr.contains("Sküs"), "{zr}");
            // Königrufen: tarocks and the talon, no Zwanzigerrufen phrases.
            assert!(kr.contains("Sküs") && kr.contains("♥K"), "{kr}");
            assert!(
                !kr.contains("Kontra auf") && !kr.contains("Kontra on"),
                "{kr}"
            );
            // 20 ab: French cards only, a session, no tarock word.
            for word in ["Rufer", "Kontra", "Sküs", "XXI"] {
                assert!(!ab.contains(word), "{word}: {ab}");
            }
            assert!(ab.contains("♥A") && ab.contains("hA"), "{ab}");
        }
        assert!(help_text("zwanzig-ab", Lang::De).contains("unsere = deine Stiche"));
        assert!(help_text("zwanzig-ab", Lang::En).contains("ours = your tricks"));
    }
}
