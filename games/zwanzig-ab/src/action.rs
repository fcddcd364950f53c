//! What a seat can do, with its text forms: the record words of SPEC §9.1
//! (`trump h`, `stay`, `swap c7 d9`, `drop`, `play`, `hA`) and a compact
//! ASCII code for buttons (`trump.h`, `swap.c7.d9`, at most 16 bytes).

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, CardSet, ParseCardSetError, Suit};

/// Longest [`Action::code`] (`swap.h10.s10.c10`).
pub const MAX_CODE_LEN: usize = 16;

/// One action of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The trump maker names trump (§3).
    Trump(Suit),
    /// Keeps the five cards and plays (§4.1); in the exchange round of
    /// `after_exchange`, exchanges nothing.
    Stay,
    /// Discards these 1–3 cards and takes as many from the top of the stock.
    Swap(CardSet),
    /// Drops out of this deal (§4.3).
    Drop,
    /// In the drop round of `after_exchange`: plays this deal.
    Play,
    /// Plays a card to the trick (§5).
    Card(Card),
}

impl Action {
    /// The record word that starts the action (a card is its own id).
    pub const fn word(&self) -> &'static str {
        match self {
            Action::Trump(_) => "trump",
            Action::Stay => "stay",
            Action::Swap(_) => "swap",
            Action::Drop => "drop",
            Action::Play => "play",
            Action::Card(_) => "card",
        }
    }

    /// A small number per kind of action (trump 0, stay 1, swap 2, drop 3,
    /// play 4, card 5), for tables indexed by kind.
    pub const fn kind(&self) -> u8 {
        match self {
            Action::Trump(_) => 0,
            Action::Stay => 1,
            Action::Swap(_) => 2,
            Action::Drop => 3,
            Action::Play => 4,
            Action::Card(_) => 5,
        }
    }

    /// The compact ASCII code for buttons: the record words joined by `.`.
    pub fn code(&self) -> String {
        self.to_string().replace(' ', ".")
    }

    /// Reads a code written by [`Action::code`].
    ///
    /// # Errors
    /// [`ParseActionError`] when `code` is not an action's code.
    pub fn from_code(code: &str) -> Result<Action, ParseActionError> {
        if code.len() > MAX_CODE_LEN || code.contains(' ') {
            return Err(ParseActionError::Syntax(code.to_owned()));
        }
        code.replace('.', " ").parse()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Trump(suit) => write!(f, "trump {suit}"),
            Action::Swap(cards) => write!(f, "swap {cards}"),
            Action::Card(card) => write!(f, "{card}"),
            other => f.write_str(other.word()),
        }
    }
}

/// Text that is not an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Unknown word, or the wrong number of words after it.
    #[error("not an action: {0:?}")]
    Syntax(String),
    /// A card id in a `swap` is unknown or listed twice.
    #[error(transparent)]
    Cards(#[from] ParseCardSetError),
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads the record words of an action (without the seat).
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let syntax = || ParseActionError::Syntax(s.to_owned());
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["trump", suit] => suit.parse().map(Action::Trump).map_err(|_| syntax()),
            ["stay"] => Ok(Action::Stay),
            ["drop"] => Ok(Action::Drop),
            ["play"] => Ok(Action::Play),
            ["swap", cards @ ..] if !cards.is_empty() => Ok(Action::Swap(cards.join(" ").parse()?)),
            [card] => card.parse().map(Action::Card).map_err(|_| syntax()),
            _ => Err(syntax()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_code_round_trip() {
        for text in [
            "trump h",
            "stay",
            "swap c7 d9",
            "swap s10 c10 h10",
            "drop",
            "play",
            "h10",
            "sA",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            assert!(a.code().len() <= MAX_CODE_LEN);
            assert_eq!(Action::from_code(&a.code()), Ok(a));
        }
        assert_eq!(
            "swap d9 c7".parse::<Action>().unwrap().to_string(),
            "swap c7 d9"
        );
        assert_eq!(
            Action::Swap("s10 c10 h10".parse().unwrap()).code(),
            "swap.s10.c10.h10"
        );
    }

    #[test]
    fn malformed_text_is_rejected() {
        for bad in [
            "",
            "trump",
            "trump x",
            "trump h c",
            "stay now",
            "swap",
            "swap c7 c7",
            "swap zz",
            "hA hK",
            "weiter",
            "drop drop",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?}");
        }
        assert!(Action::from_code("trump h").is_err());
    }
}
