//! The face each game shows at a table: what the table service needs from a
//! game beyond the rules boundary ([`tarock_game_core::DynGame`]).
//!
//! The boundary says what a round *is* (whose turn, which tokens are legal,
//! apply, settle, record); it holds no text, because texts are the table
//! service's business (catalogues in two languages). A [`GameFace`] turns a
//! round of its game into what people read and press:
//!
//! - the **public text** of the table message ([`GameFace::public_text`]),
//!   which must never show a card the game keeps secret;
//! - one seat's **private text and choices** ([`GameFace::seat_text`]):
//!   labelled buttons, each either an action token the table applies, or a
//!   *draft* the table only carries back (see below);
//! - **chat lines** an action is worth announcing (a deal scored in 20 ab),
//!   [`GameFace::events`];
//! - the **settlement** of a finished round as lines and items
//!   ([`GameFace::settlement_text`]); the table adds money and balances;
//! - the **pictures** of a seat's hand and of the table
//!   ([`GameFace::hand_picture`], [`GameFace::table_picture`]), which show
//!   no more than the texts beside them;
//! - the **rules** as a short label and as the lobby's full list of flags
//!   ([`GameFace::rules_label`], [`GameFace::rules_text`]);
//! - the **refusal** text of a rule-error code ([`GameFace::refusal_text`]);
//! - a **computer player's** choice by level, and the **stand-in's** choice
//!   when a seat's time runs out ([`GameFace::computer_token`],
//!   [`GameFace::stand_in_token`]).
//!
//! Each game's face downcasts the boxed round to its own type
//! (`round.downcast_ref::<ZwanzigAb>()`) and works with its own views; a
//! round of another game is a bug in the caller, answered with a neutral
//! text, never a panic.
//!
//! ## Drafts: choices made in several presses
//!
//! Some actions pick several cards at once (20 ab's `swap` of 1–3 cards,
//! Königrufen's discard of 3 or 6 cards). Listing every combination as a
//! button would be hundreds of buttons, so a face may offer a choice in
//! steps: a [`ChoiceKind::Draft`] button carries a *draft token* (the game's
//! own short notation of a half-made choice, e.g. the cards picked so far)
//! and applies nothing. The table puts that token into the button's payload
//! (with the step, so it goes stale like any button) and, when it is
//! pressed, shows the seat's private text again with
//! [`GameFace::seat_text`]`(…, Some(draft))`, whose buttons then toggle
//! further cards ([`ChoiceKind::Draft`] again), clear the draft, or confirm
//! it ([`ChoiceKind::Act`] with the finished action's token). The table
//! keeps no draft state: the draft lives in the payload alone, so a restart
//! loses nothing. A draft token follows the shape of an action token
//! ([`tarock_game_core::token::is_well_formed`]); the face checks it (a
//! stale or forged draft shows the seat's text as if there were none).
//!
//! ## Texts
//!
//! Each game's texts live in its own catalogue files
//! `table/locales/{de,en}/<game id>.ftl`; all files of a language share one
//! bundle, so every message id of a game starts with the game's prefix
//! (20 ab: `ab-`, Königrufen: `kr-`). Refusals are looked up by the game's
//! [`tarock_game_core::RuleError::code`] (`ab-refusal-D-12`,
//! `kr-refusal-must-follow-suit`), the refusals every game shares by their
//! shared code (`refusal-token`, `refusal-seat`, `refusal-deck`).
//!
//! Zwanzigerrufen keeps its own path through the table service (its turn of
//! several announcements is one action, and its buttons and texts must stay
//! byte for byte as they are); the faces here serve every other game.

use crate::text::Lang;

pub mod boundary;
pub mod koenigrufen;
pub mod zwanzig_ab;

pub use boundary::{
    BadRules, Choice, ChoiceKind, GameFace, NoTricks, SeatChoice, SeatText, SettlementText,
    TableContext,
};

/// The help text of a table of the game `id` (the terminal's list of what
/// may be typed): the game's own words, Zwanzigerrufen's for a game
/// without a face.
pub fn help_text(id: &str, lang: Lang) -> String {
    match face(id) {
        Some(face) => face.help_text(lang),
        None => crate::text::tr!(lang, "terminal-help"),
    }
}

static ZWANZIG_AB: zwanzig_ab::ZwanzigAbFace = zwanzig_ab::ZwanzigAbFace;
static KOENIGRUFEN: koenigrufen::KoenigrufenFace = koenigrufen::KoenigrufenFace;

/// Every face, by game id. Zwanzigerrufen has none: it keeps its own path.
static FACES: [&dyn GameFace; 2] = [&ZWANZIG_AB, &KOENIGRUFEN];

/// The face of the game with this id, if it has one.
pub fn face(id: &str) -> Option<&'static dyn GameFace> {
    FACES.iter().copied().find(|f| f.id() == id)
}

/// A contract's name in `lang` from the word the statistics recorded for
/// it ([`GameFace::sides`], Zwanzigerrufen's record words): Zwanzigerrufen's
/// catalogue (`game-rufer`), else the first face that knows the word, else
/// the word itself.
pub fn contract_name(word: &str, lang: Lang) -> String {
    crate::text::lookup(lang, &format!("game-{word}"), Vec::new())
        .or_else(|| FACES.iter().find_map(|f| f.contract_name(word, lang)))
        .unwrap_or_else(|| word.to_owned())
}

/// The name of the game with this id in `lang` ("Zwanzigerrufen",
/// "Königrufen", "20 ab"), for front ends that list the games.
pub fn name_of(id: &str, lang: Lang) -> String {
    match face(id) {
        Some(face) => face.name(lang),
        None => crate::text::tr!(lang, "game-zwanzigerrufen"),
    }
}

/// Every game of the registry by name in `lang`, as one list: "Zwanzigerrufen,
/// Königrufen und 20 ab" (the registry's order, the first game first).
pub fn names_list(lang: Lang) -> String {
    let names: Vec<String> = tarock_games::GAMES
        .iter()
        .map(|g| name_of(g.id(), lang))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    crate::settlement::name_list(&names, lang)
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

/// Whether `text` spells a card of any game of the family (for a front
/// end that must tell a typed card from chat before it knows the game,
/// and for the answer "no such card in this game").
pub fn is_card(text: &str) -> bool {
    crate::render::parse_card(text).is_some()
        || koenigrufen::words::parse_card(text).is_some()
        || zwanzig_ab::parse_card(text).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_ids_labels_and_symbols() {
        use crate::render;
        use koenigrufen::words;
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
