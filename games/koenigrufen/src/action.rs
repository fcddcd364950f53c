//! Everything a seat can do, with two stable text forms: the record words of
//! SPEC §11 ([`fmt::Display`] / [`FromStr`]) and a compact ASCII code of at
//! most 8 bytes for buttons ([`Action::code`] / [`Action::from_code`]).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::auction::Word;
use crate::card::{Card, Suit};
use crate::contract::{Contract, Item, Premium};
use crate::deal::Half;
use crate::seat::Seat;
use crate::talon::CardList;

/// One action of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Auction: the Vorhand reserves.
    Vorhand,
    /// Auction: pass. Announcements: end the turn (alone: "gut" / "ich liege").
    Weiter,
    /// Auction: the Vorhand holds the current bid.
    Halte,
    /// Auction: pass the Vorhand on with four kings (`cup2019`).
    VorhandWeiter,
    /// Auction: a bid, or the Vorhand's choice after three passes.
    Bid(Contract),
    /// Auction: join a closed Piccolo/Zwiccolo ("bei").
    Bei(Contract),
    /// King call: the King of this suit.
    Call(Suit),
    /// King call: "der vierte König" with three kings in the hand.
    CallFourth,
    /// Talon: take one half.
    Take(Half),
    /// Talon: take all six (called King in the talon, `cup2019`).
    TakeAll,
    /// Talon: concede with the called King in the talon; a `standard`
    /// Besserrufer names his bird.
    Schleifen(Option<Premium>),
    /// Lay cards aside: the declarer's discard (Mussolini: own three, then
    /// the row), or one card of a Mussolini opponent after drawing.
    Discard(CardList),
    /// Mussolini opponent: draw the `n`-th remaining card of the row (1-based).
    Draw(u8),
    /// Announce a premium.
    Announce(Premium),
    /// Raise an item by one Kontra level; in negative games against a seat
    /// (`None`: the only one possible).
    Kontra(Item, Option<Seat>),
    /// Play a card.
    Play(Card),
}

impl Action {
    /// The auction word of this action, if it is one.
    pub(crate) const fn word(self) -> Option<Word> {
        Some(match self {
            Action::Vorhand => Word::Vorhand,
            Action::Weiter => Word::Weiter,
            Action::Halte => Word::Halte,
            Action::VorhandWeiter => Word::VorhandWeiter,
            Action::Bid(c) => Word::Bid(c),
            Action::Bei(c) => Word::Bei(c),
            _ => return None,
        })
    }

    /// A compact ASCII code (at most 8 bytes) for button payloads.
    pub fn code(&self) -> String {
        let letter = |i: usize| char::from(b'a' + i as u8);
        let digit = |i: usize| char::from(b'0' + i as u8);
        match *self {
            Action::Vorhand => "V".into(),
            Action::Weiter => "W".into(),
            Action::Halte => "H".into(),
            Action::VorhandWeiter => "X".into(),
            Action::Bid(c) => format!("b{}", letter(c.index())),
            Action::Bei(c) => format!("j{}", letter(c.index())),
            Action::Call(s) => format!("r{}", digit(s as usize)),
            Action::CallFourth => "r4".into(),
            Action::Take(h) => format!("t{}", h.number()),
            Action::TakeAll => "ta".into(),
            Action::Schleifen(None) => "s".into(),
            Action::Schleifen(Some(p)) => format!("s{}", digit(p.index())),
            Action::Discard(list) => std::iter::once('d')
                .chain(list.iter().map(Card::code))
                .collect(),
            Action::Draw(n) => format!("z{}", digit(usize::from(n) % 10)),
            Action::Announce(p) => format!("a{}", digit(p.index())),
            Action::Kontra(item, None) => format!("k{}", digit(item.index())),
            Action::Kontra(item, Some(s)) => format!("k{}{s}", digit(item.index())),
            Action::Play(c) => format!("p{}", c.code()),
        }
    }

    /// The action of a [`Action::code`].
    pub fn from_code(code: &str) -> Option<Action> {
        let b = code.as_bytes();
        let (&head, rest) = b.split_first()?;
        let one = |bytes: &[u8]| -> Option<usize> {
            match bytes {
                [d] if d.is_ascii_digit() => Some(usize::from(d - b'0')),
                _ => None,
            }
        };
        let contract = |bytes: &[u8]| match bytes {
            [l] if l.is_ascii_lowercase() => Contract::ALL.get(usize::from(l - b'a')).copied(),
            _ => None,
        };
        Some(match (head, rest) {
            (b'V', []) => Action::Vorhand,
            (b'W', []) => Action::Weiter,
            (b'H', []) => Action::Halte,
            (b'X', []) => Action::VorhandWeiter,
            (b'b', r) => Action::Bid(contract(r)?),
            (b'j', r) => Action::Bei(contract(r)?),
            (b'r', b"4") => Action::CallFourth,
            (b'r', r) => Action::Call(*Suit::ALL.get(one(r)?)?),
            (b't', b"a") => Action::TakeAll,
            (b't', b"1") => Action::Take(Half::First),
            (b't', b"2") => Action::Take(Half::Second),
            (b's', []) => Action::Schleifen(None),
            (b's', r) => Action::Schleifen(Some(*Premium::ALL.get(one(r)?)?)),
            (b'd', r) if !r.is_empty() => {
                let cards: Option<Vec<Card>> = r.iter().map(|c| Card::from_code(*c)).collect();
                Action::Discard(CardList::new(&cards?)?)
            }
            (b'z', r) => Action::Draw(one(r)? as u8),
            (b'a', r) => Action::Announce(*Premium::ALL.get(one(r)?)?),
            (b'k', [i]) => Action::Kontra(Item::from_index(one(&[*i])?)?, None),
            (b'k', [i, s]) => Action::Kontra(
                Item::from_index(one(&[*i])?)?,
                Some(Seat::new(one(&[*s])? as u8)?),
            ),
            (b'p', [c]) => Action::Play(Card::from_code(*c)?),
            _ => return None,
        })
    }
}

impl fmt::Display for Action {
    /// The record word(s) of SPEC §11.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Vorhand => f.write_str("vorhand"),
            Action::Weiter => f.write_str("weiter"),
            Action::Halte => f.write_str("halte"),
            Action::VorhandWeiter => f.write_str("vorhand-weiter"),
            Action::Bid(c) => f.write_str(c.word()),
            Action::Bei(c) => write!(f, "{c}-bei"),
            Action::Call(s) => write!(f, "rufe {}", s.king()),
            Action::CallFourth => f.write_str("rufe vierter"),
            Action::Take(h) => write!(f, "nimm {}", h.number()),
            Action::TakeAll => f.write_str("nimm alle"),
            Action::Schleifen(None) => f.write_str("schleifen"),
            Action::Schleifen(Some(p)) => write!(f, "schleifen {p}"),
            Action::Discard(list) => {
                f.write_str("ablage")?;
                list.iter().try_for_each(|c| write!(f, " {c}"))
            }
            Action::Draw(n) => write!(f, "zieh {n}"),
            Action::Announce(p) => f.write_str(p.word()),
            Action::Kontra(item, None) => write!(f, "kontra-{item}"),
            Action::Kontra(item, Some(s)) => write!(f, "kontra-{item}@{s}"),
            Action::Play(c) => write!(f, "{c}"),
        }
    }
}

/// Text that is not an action of SPEC §11.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an action: {0}")]
pub struct ParseActionError(pub String);

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads one action from its record words (without the seat).
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        parse_words(&words).ok_or_else(|| ParseActionError(s.to_owned()))
    }
}

/// One action from its words; `None` when they are not one action.
pub(crate) fn parse_words(words: &[&str]) -> Option<Action> {
    Some(match words {
        ["vorhand"] => Action::Vorhand,
        ["weiter"] => Action::Weiter,
        ["halte"] => Action::Halte,
        ["vorhand-weiter"] => Action::VorhandWeiter,
        ["rufe", "vierter"] => Action::CallFourth,
        ["rufe", king] => {
            let card: Card = king.parse().ok()?;
            let suit = card.suit().filter(|s| s.king() == card)?;
            Action::Call(suit)
        }
        ["nimm", "1"] => Action::Take(Half::First),
        ["nimm", "2"] => Action::Take(Half::Second),
        ["nimm", "alle"] => Action::TakeAll,
        ["schleifen"] => Action::Schleifen(None),
        ["schleifen", bird] => {
            let p: Premium = bird.parse().ok()?;
            p.bird_card()?;
            Action::Schleifen(Some(p))
        }
        ["ablage", cards @ ..] if !cards.is_empty() => {
            let cards: Option<Vec<Card>> = cards.iter().map(|c| c.parse().ok()).collect();
            Action::Discard(CardList::new(&cards?)?)
        }
        // Any digit parses; the engine says which positions are left (§6.6).
        ["zieh", n] => Action::Draw(n.parse().ok().filter(|n| *n <= 9)?),
        [one] => parse_one(one)?,
        _ => return None,
    })
}

/// A single word: a contract, "bei", a premium, a Kontra or a card.
fn parse_one(w: &str) -> Option<Action> {
    if let Ok(c) = w.parse::<Contract>() {
        return Some(Action::Bid(c));
    }
    if let Some(c) = w.strip_suffix("-bei") {
        return Some(Action::Bei(c.parse().ok()?));
    }
    if let Ok(p) = w.parse::<Premium>() {
        return Some(Action::Announce(p));
    }
    if let Some(rest) = w.strip_prefix("kontra-") {
        let (item, seat) = match rest.split_once('@') {
            Some((item, seat)) => (item, Some(seat.parse::<u8>().ok().and_then(Seat::new)?)),
            None => (rest, None),
        };
        return Some(Action::Kontra(item.parse().ok()?, seat));
    }
    w.parse().ok().map(Action::Play)
}

/// Serialized as its record words.
impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<Action> {
        let mut v = vec![
            Action::Vorhand,
            Action::Weiter,
            Action::Halte,
            Action::VorhandWeiter,
            Action::CallFourth,
            Action::Take(Half::First),
            Action::Take(Half::Second),
            Action::TakeAll,
            Action::Schleifen(None),
            Action::Schleifen(Some(Premium::Uhu)),
            Action::Draw(3),
            Action::Kontra(Item::Spiel, Some(Seat::S2)),
            Action::Bei(Contract::Zwiccolo),
        ];
        v.extend(Contract::ALL.map(Action::Bid));
        v.extend(Suit::ALL.map(Action::Call));
        v.extend(Premium::ALL.map(Action::Announce));
        v.extend((0..Item::COUNT).map(|i| Action::Kontra(Item::from_index(i).unwrap(), None)));
        v.extend(Card::all().map(Action::Play));
        let six: Vec<Card> = Card::all().skip(40).take(6).collect();
        v.push(Action::Discard(CardList::new(&six).unwrap()));
        v.push(Action::Discard(CardList::new(&six[..1]).unwrap()));
        v
    }

    #[test]
    fn words_and_codes_round_trip() {
        for a in samples() {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
            let code = a.code();
            assert!(code.len() <= 8 && code.is_ascii(), "{code}");
            assert_eq!(Action::from_code(&code), Some(a), "{code}");
        }
    }

    #[test]
    fn record_words_are_spec_11s() {
        let a: Action = "ablage c8 c10 d2".parse().unwrap();
        assert_eq!(a.to_string(), "ablage c8 c10 d2");
        assert_eq!("rufe cK".parse(), Ok(Action::Call(Suit::Clubs)));
        assert!("rufe cQ".parse::<Action>().is_err());
        assert_eq!("zieh 4".parse(), Ok(Action::Draw(4)));
        assert!("zieh 10".parse::<Action>().is_err());
        assert!("schleifen trull".parse::<Action>().is_err());
        assert_eq!("quapil".parse(), Ok(Action::Announce(Premium::Wildsau)));
        assert_eq!(
            "kontra-spiel@2".parse(),
            Ok(Action::Kontra(Item::Spiel, Some(Seat::S2)))
        );
        assert!("kontra-spiel@7".parse::<Action>().is_err());
    }
}
