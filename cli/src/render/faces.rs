//! The games' cards as the card pictures' faces (the table of
//! `docs/CARDS.md`), and reading cards in each game's own notation.

use clap::ValueEnum;
use tarock_cards::{Face, FrenchRank, Suit, Tarock, TarockRank};

/// The game whose card notation and deck a picture uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Game {
    /// Zwanzigerrufen: 40 cards, `T1 T4 … T22`, `sK sQ sN sJ s10`, `hA`.
    Zwanzigerrufen,
    /// Königrufen: 54 cards, `T1 … T22`, black `7 8 9 10`, red `4 3 2 A`.
    Koenigrufen,
    /// 20 ab: the French 32-card deck, `A 10 K Q J 9 8 7`.
    ZwanzigAb,
}

impl Game {
    /// The game with this registry id.
    pub fn of_id(id: &str) -> Option<Game> {
        [Game::Zwanzigerrufen, Game::Koenigrufen, Game::ZwanzigAb]
            .into_iter()
            .find(|g| g.to_possible_value().is_some_and(|v| v.get_name() == id))
    }
}

/// The face of a suit: both games order their suits alike, the pictures
/// only need the suit itself.
fn suit(letter: char) -> Suit {
    match letter {
        's' => Suit::Spades,
        'c' => Suit::Clubs,
        'h' => Suit::Hearts,
        _ => Suit::Diamonds,
    }
}

/// A tarock numbered `n` (1 … 22).
fn tarock(n: u8) -> Face {
    Face::Tarock(Tarock::new(n).expect("the games number tarocks 1 to 22"))
}

/// The face of a Zwanzigerrufen card.
pub fn zwanzigerrufen(card: tarock_zwanzigerrufen::Card) -> Face {
    use tarock_zwanzigerrufen::Rank;
    if let Some(n) = card.tarock_number() {
        return tarock(n);
    }
    let s = card.suit().expect("a card that is no tarock has a suit");
    let rank = match card.rank().expect("a suit card has a rank") {
        Rank::King => TarockRank::King,
        Rank::Queen => TarockRank::Queen,
        Rank::Knight => TarockRank::Knight,
        Rank::Jack => TarockRank::Jack,
        // The Glatze is the highest pip: red A, black 10.
        Rank::Glatze => TarockRank::Pip1,
    };
    Face::TarockSuit(suit(s.letter()), rank)
}

/// The face of a Königrufen card.
pub fn koenigrufen(card: tarock_koenigrufen::Card) -> Face {
    if let Some(n) = card.tarock_number() {
        return tarock(n);
    }
    let s = card.suit().expect("a card that is no tarock has a suit");
    // Ranks count from the lowest pip (0) up to the King (7).
    let rank = match card.rank().expect("a suit card has a rank") {
        0 => TarockRank::Pip4,
        1 => TarockRank::Pip3,
        2 => TarockRank::Pip2,
        3 => TarockRank::Pip1,
        4 => TarockRank::Jack,
        5 => TarockRank::Knight,
        6 => TarockRank::Queen,
        _ => TarockRank::King,
    };
    Face::TarockSuit(suit(s.letter()), rank)
}

/// The face of a 20 ab card.
pub fn zwanzig_ab(card: tarock_zwanzig_ab::Card) -> Face {
    // Positions in the suit run A 10 K Q J 9 8 7, as `FrenchRank::ALL`.
    Face::French(
        suit(card.suit().letter()),
        FrenchRank::ALL[usize::from(card.pos())],
    )
}

/// Reads one card in `game`'s notation.
///
/// # Errors
/// The game's own message for a card it does not know.
pub fn parse(game: Game, text: &str) -> Result<Face, String> {
    let known = |e: String| {
        let deck = match game {
            Game::Zwanzigerrufen => "Zwanzigerrufen",
            Game::Koenigrufen => "Königrufen",
            Game::ZwanzigAb => "20 ab",
        };
        format!("{e} (not a card of {deck})")
    };
    match game {
        Game::Zwanzigerrufen => text
            .parse()
            .map(zwanzigerrufen)
            .map_err(|e: tarock_zwanzigerrufen::card::ParseCardError| known(e.to_string())),
        Game::Koenigrufen => text
            .parse()
            .map(koenigrufen)
            .map_err(|e: tarock_koenigrufen::card::ParseCardError| known(e.to_string())),
        Game::ZwanzigAb => text
            .parse()
            .map(zwanzig_ab)
            .map_err(|e: tarock_zwanzig_ab::card::ParseCardError| known(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card of every deck maps to a different face, and the faces
    /// are exactly the cards crate's deck of that game.
    #[test]
    fn each_deck_maps_onto_its_faces_one_to_one() {
        let mut z: Vec<Face> = tarock_zwanzigerrufen::Card::all()
            .map(zwanzigerrufen)
            .collect();
        let mut k: Vec<Face> = tarock_koenigrufen::Card::all().map(koenigrufen).collect();
        let mut a: Vec<Face> = tarock_zwanzig_ab::Card::all().map(zwanzig_ab).collect();
        for (faces, deck) in [
            (&mut z, tarock_cards::Deck::Zwanzigerrufen),
            (&mut k, tarock_cards::Deck::Koenigrufen),
            (&mut a, tarock_cards::Deck::ZwanzigAb),
        ] {
            faces.sort();
            let mut expected = deck.faces();
            expected.sort();
            assert_eq!(*faces, expected, "{deck:?}");
        }
    }

    /// The pips of the table in CARDS.md: red A 2 3 4 and black 10 9 8 7
    /// count from the highest; the Glatze is the first pip.
    #[test]
    fn pips_count_from_the_highest() {
        let k = |t| parse(Game::Koenigrufen, t).unwrap();
        assert_eq!(k("hA"), Face::TarockSuit(Suit::Hearts, TarockRank::Pip1));
        assert_eq!(k("h4"), Face::TarockSuit(Suit::Hearts, TarockRank::Pip4));
        assert_eq!(k("s10"), Face::TarockSuit(Suit::Spades, TarockRank::Pip1));
        assert_eq!(k("c7"), Face::TarockSuit(Suit::Clubs, TarockRank::Pip4));
        assert_eq!(
            k("dN"),
            Face::TarockSuit(Suit::Diamonds, TarockRank::Knight)
        );
        let z = |t| parse(Game::Zwanzigerrufen, t).unwrap();
        assert_eq!(z("dA"), Face::TarockSuit(Suit::Diamonds, TarockRank::Pip1));
        assert_eq!(z("c10"), Face::TarockSuit(Suit::Clubs, TarockRank::Pip1));
        assert_eq!(z("T22"), Face::Tarock(Tarock::SKUS));
        let a = |t| parse(Game::ZwanzigAb, t).unwrap();
        assert_eq!(a("s10"), Face::French(Suit::Spades, FrenchRank::Ten));
        assert_eq!(a("hQ"), Face::French(Suit::Hearts, FrenchRank::Queen));
        assert!(parse(Game::Zwanzigerrufen, "T2").is_err());
        assert!(parse(Game::ZwanzigAb, "T21").is_err());
    }
}
