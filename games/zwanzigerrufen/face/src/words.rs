//! Zwanzigerrufen's words at a table: the names of its games, items and
//! Kontra levels, a bid as a button or the bidding history says it, and
//! the table header whose seat names and rules they are said with. Both
//! the table texts ([`crate::render`]) and the bidding story
//! ([`crate::auction`]) build on them; this module uses neither.

use tarock_zwanzigerrufen::{Bid, GameKind, Item, Seat};

use crate::text::{Lang, tr};

/// The name of a game kind (German game terms in both languages).
pub fn game_name(kind: GameKind, lang: Lang) -> String {
    match kind {
        GameKind::Rufer => tr!(lang, "game-rufer"),
        GameKind::Farbensolo => tr!(lang, "game-farbensolo"),
        GameKind::Solo => tr!(lang, "game-solo"),
    }
}

/// The name of an item that can be announced and kontra'd.
pub fn item_name(item: Item, lang: Lang) -> String {
    match item {
        Item::Game => tr!(lang, "item-game"),
        Item::Absolut => tr!(lang, "item-absolut"),
        Item::Pagat => tr!(lang, "item-pagat"),
        Item::Valat => tr!(lang, "item-valat"),
    }
}

/// How a table names the Kontra levels: with the words of its rules'
/// source (tarockwelt says Retour, the Wikipedia article Supre).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KontraWords {
    /// Kontra, Rekontra, Subkontra, Resupre (the house rules, directnet).
    #[default]
    Standard,
    /// tarockwelt: Kontra, Retour.
    Tarockwelt,
    /// The Wikipedia article: Kontra, Rekontra, Supre, Resupre.
    Wikipedia,
}

impl KontraWords {
    /// The words of a table's rules as stored (a preset name or a JSON
    /// object with a `preset`).
    pub fn of_rules(rules: &str) -> KontraWords {
        let preset = match serde_json::from_str::<serde_json::Value>(rules) {
            Ok(serde_json::Value::String(name)) => name,
            Ok(serde_json::Value::Object(map)) => map
                .get("preset")
                .and_then(serde_json::Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            _ => String::new(),
        };
        match preset.as_str() {
            "tarockwelt" => KontraWords::Tarockwelt,
            "wikipedia" => KontraWords::Wikipedia,
            _ => KontraWords::Standard,
        }
    }
}

/// The name of a Kontra level 1–4.
pub fn kontra_name(level: u8, lang: Lang, words: KontraWords) -> String {
    match (level, words) {
        (1, _) => tr!(lang, "kontra-1"),
        (2, KontraWords::Tarockwelt) => tr!(lang, "kontra-2-retour"),
        (2, _) => tr!(lang, "kontra-2"),
        (3, KontraWords::Wikipedia) => tr!(lang, "kontra-3-supre"),
        (3, _) => tr!(lang, "kontra-3"),
        _ => tr!(lang, "kontra-4"),
    }
}

/// The text of one bid, as on a button or in the bidding history.
/// `item_level` is the Kontra level the item has before this bid.
pub fn bid_label(bid: Bid, lang: Lang, item_level: u8, words: KontraWords) -> String {
    match bid {
        Bid::Game(kind) => game_name(kind, lang),
        Bid::GameWithValat(kind) => tr!(lang, "bid-game-with-valat", game = game_name(kind, lang)),
        Bid::Premium(p) => item_name(p.item(), lang),
        Bid::Kontra(item) => tr!(
            lang,
            "bid-kontra",
            kontra = kontra_name(item_level + 1, lang, words),
            item = item_name(item, lang),
            what = if item == Item::Game {
                "game"
            } else {
                "premium"
            }
        ),
    }
}

/// Everything the public table text needs besides the engine's view.
pub struct TableHeader {
    /// The table id.
    pub table: i64,
    /// The deal number, if a deal is on.
    pub deal: Option<u32>,
    /// The seat names, seat 0 first (`None`: free).
    pub names: [Option<String>; 4],
    /// The rules as a short name (preset, or "preset*" with overrides).
    pub rules: String,
    /// The stake per unit, in cents.
    pub stake_cents: i64,
    /// Paused or closed, if so.
    pub status_note: Option<String>,
    /// How the table's rules name the Kontra levels.
    pub words: KontraWords,
}

/// The name on `seat`, or "(frei)".
pub fn seat_name(header: &TableHeader, seat: Seat, lang: Lang) -> String {
    header.names[seat.index()]
        .clone()
        .unwrap_or_else(|| tr!(lang, "seat-free"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_preset_names_the_kontra_levels_with_its_sources_words() {
        let kontra = Bid::Kontra(Item::Game);
        let cases = [
            (
                "\"standard\"",
                1,
                "Rekontra auf Spiel",
                "Rekontra on the game",
            ),
            (
                "\"tarockwelt\"",
                1,
                "Retour auf Spiel",
                "Retour on the game",
            ),
            (
                r#"{"preset":"tarockwelt","solo_value":5}"#,
                1,
                "Retour auf Spiel",
                "Retour on the game",
            ),
            ("\"wikipedia\"", 2, "Supre auf Spiel", "Supre on the game"),
            (
                "\"directnet\"",
                2,
                "Subkontra auf Spiel",
                "Subkontra on the game",
            ),
            (
                "\"wikipedia\"",
                3,
                "Resupre auf Spiel",
                "Resupre on the game",
            ),
        ];
        for (rules, level, de, en) in cases {
            let words = KontraWords::of_rules(rules);
            assert_eq!(bid_label(kontra, Lang::De, level, words), de, "{rules}");
            assert_eq!(bid_label(kontra, Lang::En, level, words), en, "{rules}");
        }
        let words = KontraWords::Standard;
        assert_eq!(
            bid_label(Bid::Kontra(Item::Pagat), Lang::En, 0, words),
            "Kontra on the Pagat"
        );
        assert_eq!(
            bid_label(Bid::Kontra(Item::Pagat), Lang::De, 0, words),
            "Kontra auf Pagat"
        );
    }
}
