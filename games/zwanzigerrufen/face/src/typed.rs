//! Bidding turns as people type them: the record words (`rufer pagat`,
//! `kontra-spiel`), the words on the buttons in either language (`Kontra
//! auf Spiel`, `Rekontra on the Pagat`, `Solo mit Valat`, `Rufer + Pagat`),
//! and the short forms players say (`kontra` is a Kontra on the game).

use tarock_zwanzigerrufen::record::turn_bids;
use tarock_zwanzigerrufen::{Bid, Rules};

/// The longest typed turn read, in bytes; longer input is refused unread.
pub const MAX_TYPED: usize = 200;

/// The longest unknown word quoted back in a refusal, in characters.
const MAX_QUOTED: usize = 20;

/// Why a typed turn cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadTurn {
    /// Nothing was typed.
    #[error("an empty turn")]
    Empty,
    /// More than [`MAX_TYPED`] bytes.
    #[error("a turn longer than {MAX_TYPED} bytes")]
    TooLong,
    /// A word that is no announcement (quoted shortened).
    #[error("unknown word {0:?}")]
    UnknownWord(String),
    /// "weiter" before other announcements.
    #[error("weiter before other announcements")]
    WeiterFirst,
}

/// The item word of a record Kontra word (`spiel` for `kontra-spiel`).
fn item_word(word: &str) -> Option<&'static str> {
    Some(match word {
        "spiel" | "game" => "spiel",
        "absolut" => "absolut",
        "pagat" => "pagat",
        "valat" => "valat",
        _ => return None,
    })
}

/// Whether `word` names a Kontra level (any level: each raises by one step).
fn is_kontra_name(word: &str) -> bool {
    matches!(
        word,
        "kontra" | "rekontra" | "retour" | "subkontra" | "supre" | "resupre"
    )
}

/// Articles inside a Kontra phrase ("Kontra on the game", "auf den Pagat").
fn is_article(word: &str) -> bool {
    matches!(word, "the" | "das" | "den")
}

/// Party labels after an announcement ("Pagat dagegen"): the engine labels
/// every announcement itself, so they say nothing more.
fn is_party_label(word: &str) -> bool {
    matches!(word, "dazu" | "dagegen" | "with" | "against")
}

/// The record words of a typed turn: splits on spaces and the `+` of
/// composed labels, drops the marks of buttons (`…`, `✓`), reads Kontra
/// phrases and `mit Valat`. A trailing `weiter` ends the turn as any turn
/// ends; `weiter` alone is the empty turn. Anything else that names no
/// announcement (an article or a party label alone, chat) is refused, so
/// that no chat message can pass for a Weiter.
fn record_words(text: &str) -> Result<Vec<String>, BadTurn> {
    let lower = text.to_lowercase();
    let tokens: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || "+,;()".contains(c))
        .filter(|t| !t.is_empty() && !matches!(*t, "…" | "..." | "✓"))
        .collect();
    let mut words = Vec::new();
    let mut weiter = false;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        i += 1;
        match token {
            "weiter" => {
                if i < tokens.len() {
                    return Err(BadTurn::WeiterFirst);
                }
                weiter = true;
            }
            "rufer" | "farbensolo" | "solo" | "absolut" | "pagat" | "valat" => {
                words.push(token.to_owned());
                // "Solo mit Valat": the combined bid where the rules have it.
                if matches!(tokens.get(i), Some(&"mit" | &"with"))
                    && tokens.get(i + 1) == Some(&"valat")
                    && matches!(token, "rufer" | "farbensolo" | "solo")
                {
                    words.push("valat".to_owned());
                    i += 2;
                }
            }
            t if t.starts_with("kontra-") && item_word(&t[7..]).is_some() => {
                words.push(format!("kontra-{}", item_word(&t[7..]).unwrap_or("spiel")));
            }
            t if is_kontra_name(t) => {
                // "Kontra", "Kontra auf Spiel", "Kontra Pagat", "Rekontra on the Pagat".
                let preposition = matches!(tokens.get(i), Some(&"auf" | &"on" | &"aufs"));
                let mut j = i + usize::from(preposition);
                while tokens.get(j).is_some_and(|t| is_article(t)) {
                    j += 1;
                }
                let item = match tokens.get(j).and_then(|t| item_word(t)) {
                    Some(named) => {
                        i = j + 1;
                        named
                    }
                    None if preposition => return Err(unknown(tokens.get(j).unwrap_or(&t))),
                    None => "spiel",
                };
                words.push(format!("kontra-{item}"));
            }
            t if is_party_label(t) && !words.is_empty() => {}
            other => return Err(unknown(other)),
        }
    }
    if words.is_empty() && !weiter {
        return Err(tokens.first().map_or(BadTurn::Empty, |t| unknown(t)));
    }
    Ok(words)
}

fn unknown(word: &str) -> BadTurn {
    BadTurn::UnknownWord(word.chars().take(MAX_QUOTED).collect())
}

/// Parses a typed bidding turn under `rules`; `weiter` alone is the empty
/// turn (a pass).
///
/// # Errors
/// [`BadTurn`] when a word is no announcement, `weiter` comes first, or the
/// text is empty or too long.
pub fn parse_turn_words(words: &[String], rules: &Rules) -> Result<Vec<Bid>, BadTurn> {
    let text = words.join(" ");
    if text.len() > MAX_TYPED {
        return Err(BadTurn::TooLong);
    }
    if text.trim().is_empty() {
        return Err(BadTurn::Empty);
    }
    let words = record_words(&text)?;
    turn_bids(&words, rules).map_err(|_| unknown(&text))
}

/// Whether `words` read as a bidding turn of some table (under the default
/// rules; the table's own rules decide the rest when it is applied): what
/// a front end asks to tell a typed turn from chat without naming a game.
pub fn is_turn_words(words: &[String]) -> bool {
    parse_turn_words(words, &Rules::default()).is_ok()
}

#[cfg(test)]
mod tests {
    use tarock_zwanzigerrufen::{GameKind, Item, Premium, Preset};

    use super::*;

    fn parse(text: &str, rules: &Rules) -> Result<Vec<Bid>, BadTurn> {
        let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
        parse_turn_words(&words, rules)
    }

    #[test]
    fn record_words_button_labels_and_short_forms_are_read() {
        let standard = Preset::Standard.rules();
        let kontra_game = Ok(vec![Bid::Kontra(Item::Game)]);
        for text in [
            Item::Game.kontra_word(),
            "kontra",
            "Kontra",
            "Kontra auf Spiel",
            "kontra on the game",
            "Rekontra auf Spiel",
            "Retour on the game",
            "Subkontra",
        ] {
            assert_eq!(parse(text, &standard), kontra_game, "{text}");
        }
        for text in ["Rekontra on the Pagat", "kontra pagat", "Kontra auf Pagat"] {
            assert_eq!(
                parse(text, &standard),
                Ok(vec![Bid::Kontra(Item::Pagat)]),
                "{text}"
            );
        }
        assert_eq!(
            parse("Rufer + Pagat + Absolut weiter", &standard),
            Ok(vec![
                Bid::Game(GameKind::Rufer),
                Bid::Premium(Premium::Pagat),
                Bid::Premium(Premium::Absolut)
            ])
        );
        assert_eq!(parse("Weiter", &standard), Ok(vec![]));
        assert_eq!(
            parse("Rufer ✓", &standard),
            Ok(vec![Bid::Game(GameKind::Rufer)])
        );
        assert_eq!(
            parse("absolut dagegen", &standard),
            Ok(vec![Bid::Premium(Premium::Absolut)])
        );
        // A game with Valat is one bid where the rules rank it (tarockwelt),
        // a game and a premium elsewhere.
        let tarockwelt = Preset::Tarockwelt.rules();
        assert_eq!(
            parse("Solo mit Valat", &tarockwelt),
            Ok(vec![Bid::GameWithValat(GameKind::Solo)])
        );
        assert_eq!(
            parse("solo with valat", &standard),
            Ok(vec![
                Bid::Game(GameKind::Solo),
                Bid::Premium(Premium::Valat)
            ])
        );
    }

    #[test]
    fn what_is_not_an_announcement_is_refused_without_echoing_much() {
        let rules = Preset::Standard.rules();
        assert_eq!(
            parse("rufer bitte", &rules),
            Err(BadTurn::UnknownWord("bitte".into()))
        );
        assert_eq!(parse("1", &rules), Err(BadTurn::UnknownWord("1".into())));
        assert_eq!(
            parse("kontra auf tisch", &rules),
            Err(BadTurn::UnknownWord("tisch".into()))
        );
        assert_eq!(parse("weiter rufer", &rules), Err(BadTurn::WeiterFirst));
        assert_eq!(parse("", &rules), Err(BadTurn::Empty));
        let long = "x".repeat(500);
        assert_eq!(parse(&long, &rules), Err(BadTurn::TooLong));
        let word = "y".repeat(60);
        assert_eq!(
            parse(&word, &rules),
            Err(BadTurn::UnknownWord("y".repeat(20)))
        );
        // Chat is not a turn, and nothing but "weiter" is a Weiter: a party
        // label or an article alone, or "…", names no announcement.
        for chat in [
            "hallo zusammen, wer spielt mit?",
            "pass",
            "dagegen",
            "das",
            "the",
        ] {
            assert!(
                matches!(parse(chat, &rules), Err(BadTurn::UnknownWord(_))),
                "{chat}"
            );
        }
        assert_eq!(parse("… ✓", &rules), Err(BadTurn::Empty));
    }
}
