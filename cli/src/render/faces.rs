//! Cards in a game's own notation as the card pictures' faces (the table
//! of `docs/CARDS.md`), through the game's face from the registry: the
//! face reads the card ([`tarock_face::GameFace::card_id`]) and names its
//! deck ([`tarock_face::GameFace::deck`]); the picture boundary maps the
//! card id to its face. Nothing here names a game.

use clap::builder::{PossibleValue, PossibleValuesParser};
use tarock_cards::Face;
use tarock_face::{GameFace, Lang};

/// The values `--game` accepts: every game's id from the registry, each
/// with its name as help.
pub fn game_ids() -> PossibleValuesParser {
    PossibleValuesParser::new(
        tarock_games::faces()
            .iter()
            .map(|face| PossibleValue::new(face.id()).help(face.name(Lang::En))),
    )
}

/// The face of the game with this registry id.
///
/// # Errors
/// A message for an id no game of the registry has.
pub fn game(id: &str) -> Result<&'static dyn GameFace, String> {
    tarock_games::face(id).ok_or_else(|| format!("{id:?} is no game of the registry"))
}

/// Reads one card in the notation of `game`.
///
/// # Errors
/// A message naming the card and the game, for a card the game does not
/// know (a card of another deck included) or a game that draws no cards.
pub fn parse(game: &dyn GameFace, text: &str) -> Result<Face, String> {
    let unknown = || format!("{text:?} is not a card of {}", game.name(Lang::En));
    let deck = game.deck().ok_or_else(unknown)?;
    let id = game.card_id(text).ok_or_else(unknown)?;
    tarock_face::picture::face(deck, &id).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_cards::{FrenchRank, Suit, Tarock, TarockRank};

    /// The pips of the table in CARDS.md: red A 2 3 4 and black 10 9 8 7
    /// count from the highest; the Glatze is the first pip; each game
    /// refuses the cards of the other decks.
    #[test]
    fn pips_count_from_the_highest() {
        let face = |id| game(id).unwrap();
        let k = |t| parse(face("koenigrufen"), t).unwrap();
        assert_eq!(k("hA"), Face::TarockSuit(Suit::Hearts, TarockRank::Pip1));
        assert_eq!(k("h4"), Face::TarockSuit(Suit::Hearts, TarockRank::Pip4));
        assert_eq!(k("s10"), Face::TarockSuit(Suit::Spades, TarockRank::Pip1));
        assert_eq!(k("c7"), Face::TarockSuit(Suit::Clubs, TarockRank::Pip4));
        assert_eq!(
            k("dN"),
            Face::TarockSuit(Suit::Diamonds, TarockRank::Knight)
        );
        let z = |t| parse(face("zwanzigerrufen"), t).unwrap();
        assert_eq!(z("dA"), Face::TarockSuit(Suit::Diamonds, TarockRank::Pip1));
        assert_eq!(z("c10"), Face::TarockSuit(Suit::Clubs, TarockRank::Pip1));
        assert_eq!(z("T22"), Face::Tarock(Tarock::SKUS));
        let a = |t| parse(face("zwanzig-ab"), t).unwrap();
        assert_eq!(a("s10"), Face::French(Suit::Spades, FrenchRank::Ten));
        assert_eq!(a("hQ"), Face::French(Suit::Hearts, FrenchRank::Queen));
        let refused = parse(face("zwanzigerrufen"), "T2").unwrap_err();
        assert_eq!(refused, "\"T2\" is not a card of Zwanzigerrufen");
        assert!(parse(face("zwanzig-ab"), "T21").is_err());
        assert!(game("schafkopf").is_err());
    }
}
