//! The contracts and premiums of Königrufen as a vocabulary (SPEC §2, §7.1):
//! their record words and the properties that do not depend on a preset
//! (family, trick-play mode, talon handling). Ranks and values are data in
//! [`Rules`](crate::Rules).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::card::Card;

/// A contract word of the auction (SPEC §2.2, §2.3). The union of both
/// presets' lists; [`Rules`](crate::Rules) says which are offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Contract {
    /// Everyone for himself, the most points lose (SPEC §10.2).
    Trischaken,
    /// Rufer: the declarer calls a king; its holder is the hidden partner.
    Rufer,
    /// Exactly one trick, alone against three.
    Piccolo,
    /// Exactly two tricks, alone against three (`cup2019`).
    Zwiccolo,
    /// Rufer without talon; premiums count double.
    Solorufer,
    /// Rufer with the Pagat announced (`cup2019`).
    Pagatrufer,
    /// Bettler: no trick.
    Bettler,
    /// "Falscher Sechser": all six talon cards, three laid aside for the
    /// opponents, who draw them blind (`cup2019`, SPEC §6.6).
    Mussolini,
    /// Dreier with all six talon cards face down; only the Vorhand's first word.
    Sechserdreier,
    /// Rufer with the Uhu announced (`cup2019`).
    Uhurufer,
    /// Colour game with one talon half: tarocks do not trump.
    Farbendreier,
    /// Alone against three with one talon half.
    Dreier,
    /// Piccolo with the hands shown after the first trick.
    PiccoloOuvert,
    /// Zwiccolo with the hands shown after the first trick.
    ZwiccoloOuvert,
    /// Rufer with the Kakadu announced (`cup2019`).
    Kakadurufer,
    /// Bettler with the hands shown after the first trick.
    BettlerOuvert,
    /// Rufer with the Wildsau announced (`cup2019`).
    Wildsaurufer,
    /// Colour game without talon.
    Farbensolo,
    /// Rufer with the Geier announced (`cup2019`).
    Geierrufer,
    /// Alone against three without talon; premiums count double.
    Solodreier,
    /// Besserrufer (`standard`): a Rufer whose declarer must announce a bird he held.
    Besserrufer,
}

/// How tricks are played (SPEC §8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Tarock trumps; no obligation to win.
    Tarock,
    /// Tarock trumps, Stichzwang, Pagat only as the last tarock.
    Negative,
    /// Tarock is a fifth suit that never trumps.
    Colour,
}

/// The contract families of SPEC §2.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// Rufer, bird-Rufers, Besserrufer, Solorufer: a king is called.
    KingCall,
    /// Dreier, Sechserdreier, Mussolini, Solodreier: one against three.
    Dreier,
    /// Farbendreier, Farbensolo.
    Colour,
    /// Piccolo, Zwiccolo, Bettler and their ouvert forms.
    Negative,
    /// Trischaken.
    Trischaken,
}

/// What happens to the talon (SPEC §6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TalonUse {
    /// Both halves are shown; the declarer takes one and discards three.
    Exposed,
    /// The declarer takes all six face down and discards six.
    AllSix,
    /// Mussolini: all six, three laid aside for himself, three drawn by the opponents.
    Mussolini,
    /// Untouched; counts for the opponents (solo games).
    ForOpponents,
    /// Untouched; counts for nobody (negative games).
    Unused,
    /// Untouched; goes to the winner of the last trick (Trischaken).
    LastTrick,
}

impl Contract {
    /// All contract words, in `cup2019` table order, then the Besserrufer.
    pub const ALL: [Contract; 21] = [
        Contract::Trischaken,
        Contract::Rufer,
        Contract::Piccolo,
        Contract::Zwiccolo,
        Contract::Solorufer,
        Contract::Pagatrufer,
        Contract::Bettler,
        Contract::Mussolini,
        Contract::Sechserdreier,
        Contract::Uhurufer,
        Contract::Farbendreier,
        Contract::Dreier,
        Contract::PiccoloOuvert,
        Contract::ZwiccoloOuvert,
        Contract::Kakadurufer,
        Contract::BettlerOuvert,
        Contract::Wildsaurufer,
        Contract::Farbensolo,
        Contract::Geierrufer,
        Contract::Solodreier,
        Contract::Besserrufer,
    ];

    /// Index into per-contract tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The record word (SPEC §2.2, §2.3).
    pub const fn word(self) -> &'static str {
        match self {
            Contract::Trischaken => "trischaken",
            Contract::Rufer => "rufer",
            Contract::Piccolo => "piccolo",
            Contract::Zwiccolo => "zwiccolo",
            Contract::Solorufer => "solorufer",
            Contract::Pagatrufer => "pagatrufer",
            Contract::Bettler => "bettler",
            Contract::Mussolini => "mussolini",
            Contract::Sechserdreier => "sechserdreier",
            Contract::Uhurufer => "uhurufer",
            Contract::Farbendreier => "farbendreier",
            Contract::Dreier => "dreier",
            Contract::PiccoloOuvert => "piccolo-ouvert",
            Contract::ZwiccoloOuvert => "zwiccolo-ouvert",
            Contract::Kakadurufer => "kakadurufer",
            Contract::BettlerOuvert => "bettler-ouvert",
            Contract::Wildsaurufer => "wildsaurufer",
            Contract::Farbensolo => "farbensolo",
            Contract::Geierrufer => "geierrufer",
            Contract::Solodreier => "solodreier",
            Contract::Besserrufer => "besserrufer",
        }
    }

    /// The contract's family.
    pub const fn family(self) -> Family {
        use Contract::*;
        match self {
            Rufer | Solorufer | Pagatrufer | Uhurufer | Kakadurufer | Wildsaurufer | Geierrufer
            | Besserrufer => Family::KingCall,
            Dreier | Sechserdreier | Mussolini | Solodreier => Family::Dreier,
            Farbendreier | Farbensolo => Family::Colour,
            Piccolo | Zwiccolo | Bettler | PiccoloOuvert | ZwiccoloOuvert | BettlerOuvert => {
                Family::Negative
            }
            Trischaken => Family::Trischaken,
        }
    }

    /// The trick-play mode (SPEC §8.1).
    pub const fn mode(self) -> Mode {
        match self.family() {
            Family::KingCall | Family::Dreier => Mode::Tarock,
            Family::Colour => Mode::Colour,
            Family::Negative | Family::Trischaken => Mode::Negative,
        }
    }

    /// Whether a king is called (SPEC §5).
    pub const fn calls_king(self) -> bool {
        matches!(self.family(), Family::KingCall)
    }

    /// Positive games: all but negative games and Trischaken.
    pub const fn is_positive(self) -> bool {
        !matches!(self.family(), Family::Negative | Family::Trischaken)
    }

    /// Negative games (not Trischaken).
    pub const fn is_negative(self) -> bool {
        matches!(self.family(), Family::Negative)
    }

    /// Solo games: premiums count double (SPEC §2.1).
    pub const fn is_solo(self) -> bool {
        matches!(
            self,
            Contract::Solorufer | Contract::Solodreier | Contract::Farbensolo
        )
    }

    /// Ouvert games: the hands are shown after the first trick (SPEC §8.5).
    pub const fn is_ouvert(self) -> bool {
        matches!(
            self,
            Contract::PiccoloOuvert | Contract::ZwiccoloOuvert | Contract::BettlerOuvert
        )
    }

    /// The tricks a negative game's declarer must take exactly.
    pub const fn target_tricks(self) -> Option<u8> {
        match self {
            Contract::Piccolo | Contract::PiccoloOuvert => Some(1),
            Contract::Zwiccolo | Contract::ZwiccoloOuvert => Some(2),
            Contract::Bettler | Contract::BettlerOuvert => Some(0),
            _ => None,
        }
    }

    /// The bird a bird-Rufer announces with its bid (SPEC §2.2).
    pub const fn bird(self) -> Option<Premium> {
        match self {
            Contract::Pagatrufer => Some(Premium::Pagat),
            Contract::Uhurufer => Some(Premium::Uhu),
            Contract::Kakadurufer => Some(Premium::Kakadu),
            Contract::Wildsaurufer => Some(Premium::Wildsau),
            Contract::Geierrufer => Some(Premium::Geier),
            _ => None,
        }
    }

    /// Whether the game item is worth the Rufer's value, the bird being a
    /// separate premium (bird-Rufers and the Besserrufer, SPEC D-05).
    pub const fn scored_as_rufer(self) -> bool {
        self.bird().is_some() || matches!(self, Contract::Besserrufer)
    }

    /// What happens to the talon (SPEC §6.1).
    pub const fn talon_use(self) -> TalonUse {
        use Contract::*;
        match self {
            Rufer | Pagatrufer | Uhurufer | Kakadurufer | Wildsaurufer | Geierrufer
            | Besserrufer | Dreier | Farbendreier => TalonUse::Exposed,
            Sechserdreier => TalonUse::AllSix,
            Mussolini => TalonUse::Mussolini,
            Solorufer | Solodreier | Farbensolo => TalonUse::ForOpponents,
            Trischaken => TalonUse::LastTrick,
            _ => TalonUse::Unused,
        }
    }

    /// A closed Piccolo or Zwiccolo, which others may join with "bei" (SPEC §4.6).
    pub const fn allows_bei(self) -> bool {
        matches!(self, Contract::Piccolo | Contract::Zwiccolo)
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.word())
    }
}

impl From<Contract> for &'static str {
    fn from(c: Contract) -> &'static str {
        c.word()
    }
}

impl TryFrom<String> for Contract {
    type Error = String;
    fn try_from(s: String) -> Result<Contract, String> {
        s.parse()
    }
}

impl FromStr for Contract {
    type Err = String;
    fn from_str(s: &str) -> Result<Contract, String> {
        Contract::ALL
            .into_iter()
            .find(|c| c.word() == s)
            .ok_or_else(|| format!("unknown contract {s:?}"))
    }
}

/// An announceable premium (SPEC §7.1); the order is the index in per-item tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Premium {
    /// Trull: `T1 T21 T22` in the party's pile.
    Trull,
    /// Alle Könige: the four Kings in the party's pile.
    Koenige,
    /// König Ultimo: the called King wins trick 12 for party D.
    Ku,
    /// Pagat (`T1`) wins trick 12.
    Pagat,
    /// Uhu (`T2`) wins trick 11.
    Uhu,
    /// Kakadu (`T3`) wins trick 10.
    Kakadu,
    /// Wildsau / Quapil (`T4`) wins trick 9.
    Wildsau,
    /// Geier (`T5`) wins trick 8 (`cup2019`).
    Geier,
    /// Valat: all twelve tricks.
    Valat,
}

impl Premium {
    /// All premiums in table order.
    pub const ALL: [Premium; 9] = [
        Premium::Trull,
        Premium::Koenige,
        Premium::Ku,
        Premium::Pagat,
        Premium::Uhu,
        Premium::Kakadu,
        Premium::Wildsau,
        Premium::Geier,
        Premium::Valat,
    ];

    /// The five birds, lowest first.
    pub const BIRDS: [Premium; 5] = [
        Premium::Pagat,
        Premium::Uhu,
        Premium::Kakadu,
        Premium::Wildsau,
        Premium::Geier,
    ];

    /// Index into per-premium tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The record word.
    pub const fn word(self) -> &'static str {
        match self {
            Premium::Trull => "trull",
            Premium::Koenige => "koenige",
            Premium::Ku => "ku",
            Premium::Pagat => "pagat",
            Premium::Uhu => "uhu",
            Premium::Kakadu => "kakadu",
            Premium::Wildsau => "wildsau",
            Premium::Geier => "geier",
            Premium::Valat => "valat",
        }
    }

    /// The bird card, for the five bird premiums.
    pub const fn bird_card(self) -> Option<Card> {
        match self {
            Premium::Pagat => Some(Card::PAGAT),
            Premium::Uhu => Some(Card::UHU),
            Premium::Kakadu => Some(Card::KAKADU),
            Premium::Wildsau => Some(Card::WILDSAU),
            Premium::Geier => Some(Card::GEIER),
            _ => None,
        }
    }

    /// The bird premium of card `card`, if it is one of `T1 … T5`.
    pub const fn of_bird(card: Card) -> Option<Premium> {
        match card.index() {
            0 => Some(Premium::Pagat),
            1 => Some(Premium::Uhu),
            2 => Some(Premium::Kakadu),
            3 => Some(Premium::Wildsau),
            4 => Some(Premium::Geier),
            _ => None,
        }
    }

    /// The trick (1-based) a bird or König Ultimo must win (SPEC §8.4, §9.2).
    pub const fn target_trick(self) -> Option<u8> {
        match self {
            Premium::Pagat | Premium::Ku => Some(12),
            Premium::Uhu => Some(11),
            Premium::Kakadu => Some(10),
            Premium::Wildsau => Some(9),
            Premium::Geier => Some(8),
            _ => None,
        }
    }
}

impl fmt::Display for Premium {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.word())
    }
}

impl FromStr for Premium {
    type Err = String;
    fn from_str(s: &str) -> Result<Premium, String> {
        if s == "quapil" {
            // The `standard` (OÖ) name of the Wildsau.
            return Ok(Premium::Wildsau);
        }
        Premium::ALL
            .into_iter()
            .find(|p| p.word() == s)
            .ok_or_else(|| format!("unknown premium {s:?}"))
    }
}

/// Something Kontra can raise: the game or an announced premium (SPEC §7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    /// The game (`spiel`).
    Spiel,
    /// An announced premium.
    Premium(Premium),
}

impl Item {
    /// Index into per-item tables: 0 the game, then the premiums.
    pub const fn index(self) -> usize {
        match self {
            Item::Spiel => 0,
            Item::Premium(p) => 1 + p.index(),
        }
    }

    /// Number of items.
    pub const COUNT: usize = 10;

    /// The item with index `i`.
    pub const fn from_index(i: usize) -> Option<Item> {
        match i {
            0 => Some(Item::Spiel),
            1..=9 => Some(Item::Premium(Premium::ALL[i - 1])),
            _ => None,
        }
    }

    /// The word after `kontra-` (`spiel`, `trull`, …).
    pub const fn word(self) -> &'static str {
        match self {
            Item::Spiel => "spiel",
            Item::Premium(p) => p.word(),
        }
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.word())
    }
}

impl FromStr for Item {
    type Err = String;
    fn from_str(s: &str) -> Result<Item, String> {
        if s == "spiel" {
            return Ok(Item::Spiel);
        }
        s.parse().map(Item::Premium)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for c in Contract::ALL {
            assert_eq!(c.word().parse::<Contract>(), Ok(c));
        }
        for p in Premium::ALL {
            assert_eq!(p.word().parse::<Premium>(), Ok(p));
        }
        for i in 0..Item::COUNT {
            let item = Item::from_index(i).unwrap();
            assert_eq!(item.index(), i);
            assert_eq!(item.word().parse::<Item>(), Ok(item));
        }
    }

    #[test]
    fn families_follow_spec_2_1() {
        assert_eq!(Contract::Solorufer.talon_use(), TalonUse::ForOpponents);
        assert!(Contract::Solorufer.calls_king() && Contract::Solorufer.is_solo());
        assert_eq!(Contract::Farbendreier.mode(), Mode::Colour);
        assert_eq!(Contract::Trischaken.mode(), Mode::Negative);
        assert!(!Contract::Trischaken.is_positive() && !Contract::Trischaken.is_negative());
        assert_eq!(Contract::Uhurufer.bird(), Some(Premium::Uhu));
        assert_eq!(Premium::Geier.bird_card(), Some(Card::GEIER));
        assert_eq!(Premium::Geier.target_trick(), Some(8));
    }
}
