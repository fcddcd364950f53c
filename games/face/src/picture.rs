//! Card pictures as a face describes them: what to draw (a hand, a trick,
//! the table), never the PNG itself. A description rides along with the
//! table service's private and table messages in its outbox; a front end
//! renders it with `tarock-cards` when it sends (the renderer caches by
//! content, so the same description is painted once).
//!
//! The description is game-neutral: cards are the games' own card ids,
//! which all three games share (`T1` … `T22` for tarocks; a suit letter
//! `h d s c` and `K Q N J`, red `A 2 3 4`, black `10 9 8 7` in the tarock
//! deck; `A 10 K Q J 9 8 7` in the French deck of 20 ab), with the deck
//! they come from. Each game fills it from its own views, in its face's
//! `picture` module, reached through [`crate::GameFace::hand_picture`] and
//! [`crate::GameFace::table_picture`]; what every game's table shows alike
//! (seats, the trick shown, whose turn) is put together once here
//! ([`Picture::table`]), and a game's cards are checked against its deck
//! once ([`check_cards`]). This module names no game.
//!
//! A picture never says more than the text of its message: the hand, the
//! trick and the tricks won are all in the text as well, so text-only mode
//! loses nothing.

use serde::{Deserialize, Serialize};
use tarock_cards::{Face, FrenchRank, Renderer, Suit, Tarock, TarockRank};

use crate::text::Lang;

/// The deck whose faces a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// The tarock deck: Zwanzigerrufen's 40 cards, Königrufen's 54.
    Tarock,
    /// The French 32-card deck of 20 ab.
    French,
}

/// One seat around the table picture.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatPicture {
    /// The name shown on the seat's plate.
    pub name: String,
    /// The seat's card in the trick shown, as a card id.
    #[serde(default)]
    pub played: Option<String>,
    /// Tricks the seat has won in this deal.
    #[serde(default)]
    pub tricks: u8,
    /// The seat sits this deal out (20 ab): drawn faint.
    #[serde(default)]
    pub out: bool,
}

impl SeatPicture {
    /// A seat in the deal with its name and the tricks it has won, no card
    /// played yet (the card comes with [`Picture::table`]'s trick).
    pub fn new(name: String, tricks: u8) -> SeatPicture {
        SeatPicture {
            name,
            played: None,
            tricks,
            out: false,
        }
    }
}

/// The trick a table picture shows, in no game's types: the seat that led
/// it and the card each seat played to it so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShownTrick {
    /// The index of the seat that led the trick.
    pub leader: usize,
    /// Each card played: the index of the seat that played it and its id.
    pub plays: Vec<(usize, String)>,
}

impl ShownTrick {
    /// The trick led by `leader` with `plays` (a seat's index and the card
    /// it played, in the game's own card type, whose text is its id).
    pub fn new<C: ToString>(
        leader: usize,
        plays: impl IntoIterator<Item = (usize, C)>,
    ) -> ShownTrick {
        ShownTrick {
            leader,
            plays: plays
                .into_iter()
                .map(|(seat, card)| (seat, card.to_string()))
                .collect(),
        }
    }
}

/// One player's part of a trick picture.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayPicture {
    /// The player's name.
    pub name: String,
    /// The card played (a card id), `None` while still to come.
    #[serde(default)]
    pub card: Option<String>,
}

/// What a picture shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Scene {
    /// A player's hand, left to right.
    Hand {
        /// The cards as card ids, in the order the text lists them.
        cards: Vec<String>,
        /// When the player is to play: the cards they may play (lifted);
        /// the rest are dimmed. `None` shows every card plainly.
        #[serde(default)]
        legal: Option<Vec<String>>,
    },
    /// The current trick in playing order, the leader first.
    Trick {
        /// Every player of the trick.
        plays: Vec<PlayPicture>,
        /// Index into `plays` of the winner, once the trick is complete.
        #[serde(default)]
        winner: Option<usize>,
    },
    /// The table from above: seats in playing order, seat 0 at the bottom.
    Table {
        /// The seats.
        seats: Vec<SeatPicture>,
        /// The seat that led the trick shown.
        #[serde(default)]
        leader: Option<usize>,
        /// The seat whose turn it is.
        #[serde(default)]
        to_move: Option<usize>,
    },
}

/// A picture to draw: the scene, the deck of its cards and the language of
/// the court letters (the reader's, as in the message's text).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Picture {
    /// The deck the card ids belong to.
    pub deck: Deck,
    /// The language of the court letters (German K D R B, English K Q N J).
    pub lang: Lang,
    /// What is shown.
    pub scene: Scene,
}

/// Why a description cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// A card id that is no card of the picture's deck.
    #[error("{0:?} is no card of the {1:?} deck")]
    UnknownCard(String, Deck),
    /// The renderer refused the scene (a card twice, too many seats, …).
    #[error("the picture cannot be drawn: {0}")]
    Render(#[from] tarock_cards::RenderError),
}

impl Picture {
    /// The table from above ([`Scene::Table`]) as every game shows it:
    /// `seats` in playing order, seat 0 first; the cards of `shown` before
    /// the seats that played them (a play by a seat beyond `seats` is
    /// passed over) and its leader marked; the seat `to_move` to act.
    pub fn table(
        deck: Deck,
        lang: Lang,
        mut seats: Vec<SeatPicture>,
        shown: Option<ShownTrick>,
        to_move: Option<usize>,
    ) -> Picture {
        let leader = shown.as_ref().map(|t| t.leader);
        for (seat, card) in shown.into_iter().flat_map(|t| t.plays) {
            if let Some(s) = seats.get_mut(seat) {
                s.played = Some(card);
            }
        }
        Picture {
            deck,
            lang,
            scene: Scene::Table {
                seats,
                leader,
                to_move,
            },
        }
    }

    /// Draws the picture with `renderer` (pure computation of a few
    /// milliseconds, cached by content; call it off the async runtime's
    /// worker threads where that matters).
    ///
    /// # Errors
    /// [`PictureError::UnknownCard`] for a card id outside the deck,
    /// [`PictureError::Render`] for a scene the renderer refuses.
    pub fn render(&self, renderer: &Renderer) -> Result<tarock_cards::Picture, PictureError> {
        let lang = cards_lang(self.lang);
        let face = |id: &str| face(self.deck, id);
        let faces = |ids: &[String]| ids.iter().map(|c| face(c)).collect::<Result<Vec<_>, _>>();
        match &self.scene {
            Scene::Hand { cards, legal } => {
                let mut hand = tarock_cards::Hand::new(faces(cards)?, lang);
                if let Some(legal) = legal {
                    hand = hand.with_legal(faces(legal)?);
                }
                Ok(renderer.hand(&hand)?)
            }
            Scene::Trick { plays, winner } => {
                let plays = plays
                    .iter()
                    .map(|p| {
                        let card = p.card.as_deref().map(face).transpose()?;
                        Ok(tarock_cards::Play::new(p.name.clone(), card))
                    })
                    .collect::<Result<Vec<_>, PictureError>>()?;
                Ok(renderer.trick(&tarock_cards::Trick {
                    plays,
                    winner: *winner,
                    lang,
                })?)
            }
            Scene::Table {
                seats,
                leader,
                to_move,
            } => {
                let seats = seats
                    .iter()
                    .map(|s| {
                        let played = s.played.as_deref().map(face).transpose()?;
                        let mut seat = tarock_cards::Seat::new(s.name.clone(), played, s.tricks);
                        seat.out = s.out;
                        Ok(seat)
                    })
                    .collect::<Result<Vec<_>, PictureError>>()?;
                Ok(renderer.table(&tarock_cards::Table {
                    seats,
                    leader: *leader,
                    to_move: *to_move,
                    lang,
                })?)
            }
        }
    }
}

/// The renderer's language for the table's.
fn cards_lang(lang: Lang) -> tarock_cards::Lang {
    match lang {
        Lang::De => tarock_cards::Lang::De,
        Lang::En => tarock_cards::Lang::En,
    }
}

/// The suit of a card id's first letter.
fn suit(letter: char) -> Option<Suit> {
    match letter {
        'h' => Some(Suit::Hearts),
        'd' => Some(Suit::Diamonds),
        's' => Some(Suit::Spades),
        'c' => Some(Suit::Clubs),
        _ => None,
    }
}

/// The face of a card id of `deck` (see the module documentation).
///
/// # Errors
/// [`PictureError::UnknownCard`] when the id names no card of the deck.
pub fn face(deck: Deck, id: &str) -> Result<Face, PictureError> {
    let unknown = || PictureError::UnknownCard(id.to_owned(), deck);
    let mut chars = id.chars();
    let first = chars.next().ok_or_else(unknown)?;
    let rest = chars.as_str();
    if deck == Deck::Tarock && first == 'T' {
        let n: u8 = rest.parse().map_err(|_| unknown())?;
        return Tarock::new(n).map(Face::Tarock).ok_or_else(unknown);
    }
    let suit = suit(first).ok_or_else(unknown)?;
    match deck {
        Deck::Tarock => {
            let rank = match (rest, suit.is_red()) {
                ("K", _) => TarockRank::King,
                ("Q", _) => TarockRank::Queen,
                ("N", _) => TarockRank::Knight,
                ("J", _) => TarockRank::Jack,
                // Pips count from the highest: red A 2 3 4, black 10 9 8 7.
                ("A", true) | ("10", false) => TarockRank::Pip1,
                ("2", true) | ("9", false) => TarockRank::Pip2,
                ("3", true) | ("8", false) => TarockRank::Pip3,
                ("4", true) | ("7", false) => TarockRank::Pip4,
                _ => return Err(unknown()),
            };
            Ok(Face::TarockSuit(suit, rank))
        }
        Deck::French => {
            let rank = match rest {
                "A" => FrenchRank::Ace,
                "10" => FrenchRank::Ten,
                "K" => FrenchRank::King,
                "Q" => FrenchRank::Queen,
                "J" => FrenchRank::Jack,
                "9" => FrenchRank::Nine,
                "8" => FrenchRank::Eight,
                "7" => FrenchRank::Seven,
                _ => return Err(unknown()),
            };
            Ok(Face::French(suit, rank))
        }
    }
}

/// How a game's cards disagree with the picture deck ([`check_cards`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardsMismatch {
    /// The game draws no cards ([`crate::GameFace::deck`] is `None`).
    #[error("the game draws no cards")]
    NoDeck,
    /// The game reads one of its cards as another id, or as none.
    #[error("the card {card:?} reads as {id:?}")]
    Misread {
        /// The card as the records write it.
        card: String,
        /// The id the game reads it as.
        id: Option<String>,
    },
    /// A card id that is no card of the game's picture deck.
    #[error("{0:?} is no card of the picture deck")]
    NoFace(String),
    /// The faces of the game's cards are not the cards crate's deck, each
    /// face once.
    #[error("the game's cards are not the faces of {0:?}, each once")]
    Faces(tarock_cards::Deck),
    /// The game reads a text that is none of its cards.
    #[error("{0:?} reads as a card of the game")]
    Stranger(String),
}

/// Checks what `tarock render` relies on to draw a game's cards
/// ([`crate::GameFace::deck`], [`crate::GameFace::card_id`], [`face`]):
/// the game, whose picture deck is `deck` and which reads a card's text
/// with `card_id`, reads each of `cards` (every card of the game, as its
/// records write them) as that same id; each id is a face of `deck`; the
/// faces are those of `expected` (the cards crate's deck of the game),
/// each once; and the game reads none of `strangers` (cards of other
/// decks, misspellings).
///
/// # Errors
/// The first [`CardsMismatch`] found.
pub fn check_cards(
    deck: Option<Deck>,
    card_id: impl Fn(&str) -> Option<String>,
    cards: impl IntoIterator<Item = String>,
    expected: tarock_cards::Deck,
    strangers: &[&str],
) -> Result<(), CardsMismatch> {
    let deck = deck.ok_or(CardsMismatch::NoDeck)?;
    let mut faces = Vec::new();
    for card in cards {
        let id = card_id(&card);
        if id.as_deref() != Some(card.as_str()) {
            return Err(CardsMismatch::Misread { card, id });
        }
        faces.push(face(deck, &card).map_err(|_| CardsMismatch::NoFace(card))?);
    }
    faces.sort();
    let mut wanted = expected.faces();
    wanted.sort();
    if faces != wanted {
        return Err(CardsMismatch::Faces(expected));
    }
    match strangers.iter().find(|text| card_id(text).is_some()) {
        Some(text) => Err(CardsMismatch::Stranger((*text).to_owned())),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_ids_of_each_deck_name_their_faces() {
        // Tarocks by number, the Sküs is 22.
        assert_eq!(
            face(Deck::Tarock, "T22").unwrap(),
            Face::Tarock(Tarock::SKUS)
        );
        assert_eq!(
            face(Deck::Tarock, "T1").unwrap(),
            Face::Tarock(Tarock::PAGAT)
        );
        // Pips count from the highest in either colour: red A, black 10.
        assert_eq!(
            face(Deck::Tarock, "hA").unwrap(),
            Face::TarockSuit(Suit::Hearts, TarockRank::Pip1)
        );
        assert_eq!(
            face(Deck::Tarock, "s10").unwrap(),
            Face::TarockSuit(Suit::Spades, TarockRank::Pip1)
        );
        assert_eq!(
            face(Deck::Tarock, "c7").unwrap(),
            Face::TarockSuit(Suit::Clubs, TarockRank::Pip4)
        );
        assert_eq!(
            face(Deck::Tarock, "d4").unwrap(),
            Face::TarockSuit(Suit::Diamonds, TarockRank::Pip4)
        );
        assert_eq!(
            face(Deck::French, "h10").unwrap(),
            Face::French(Suit::Hearts, FrenchRank::Ten)
        );
        // Every face of every deck is named by exactly one id.
        for (deck, faces) in [
            (Deck::Tarock, tarock_cards::Deck::Tarock54.faces()),
            (Deck::French, tarock_cards::Deck::French32.faces()),
        ] {
            let ids = all_ids(deck);
            let named: Vec<Face> = ids.iter().map(|id| face(deck, id).unwrap()).collect();
            let mut wanted = faces.clone();
            wanted.sort();
            let mut got = named.clone();
            got.sort();
            assert_eq!(got, wanted, "{deck:?}");
        }
    }

    /// The ids a deck knows, written out from the rules' card lists.
    fn all_ids(deck: Deck) -> Vec<String> {
        let mut ids = Vec::new();
        for s in ['h', 'd', 's', 'c'] {
            let ranks: &[&str] = match (deck, s) {
                (Deck::Tarock, 'h' | 'd') => &["K", "Q", "N", "J", "A", "2", "3", "4"],
                (Deck::Tarock, _) => &["K", "Q", "N", "J", "10", "9", "8", "7"],
                (Deck::French, _) => &["A", "10", "K", "Q", "J", "9", "8", "7"],
            };
            ids.extend(ranks.iter().map(|r| format!("{s}{r}")));
        }
        if deck == Deck::Tarock {
            ids.extend((1..=22).map(|n| format!("T{n}")));
        }
        ids
    }

    #[test]
    fn ids_outside_the_deck_are_refused() {
        for (deck, id) in [
            (Deck::Tarock, "T0"),
            (Deck::Tarock, "T23"),
            (Deck::Tarock, "h10"),
            (Deck::Tarock, "s2"),
            (Deck::French, "T21"),
            (Deck::French, "hN"),
            (Deck::French, "x7"),
            (Deck::French, ""),
        ] {
            assert!(
                matches!(face(deck, id), Err(PictureError::UnknownCard(..))),
                "{deck:?} {id}"
            );
        }
    }

    /// A game of the French deck that reads exactly the deck's ids.
    fn french_id(text: &str) -> Option<String> {
        face(Deck::French, text).ok().map(|_| text.to_owned())
    }

    #[test]
    fn a_games_cards_are_checked_against_its_deck() {
        let ids = || all_ids(Deck::French);
        let check = |deck, cards: Vec<String>, expected, strangers: &[&str]| {
            check_cards(deck, french_id, cards, expected, strangers)
        };
        let french = tarock_cards::Deck::French32;
        assert_eq!(
            check(Some(Deck::French), ids(), french, &["T21", "hN"]),
            Ok(())
        );
        assert_eq!(check(None, ids(), french, &[]), Err(CardsMismatch::NoDeck));
        // A face missing, a face twice, the faces of another deck.
        let mut short = ids();
        short.pop();
        let mut twice = ids();
        twice.push(twice[0].clone());
        for (cards, expected) in [
            (short, french),
            (twice, french),
            (ids(), tarock_cards::Deck::Tarock54),
        ] {
            assert_eq!(
                check(Some(Deck::French), cards, expected, &[]),
                Err(CardsMismatch::Faces(expected))
            );
        }
        // French ids drawn with the tarock deck: hA is a tarock card (the
        // first red pip), h10 is none.
        assert_eq!(
            check(Some(Deck::Tarock), ids(), french, &[]),
            Err(CardsMismatch::NoFace("h10".into()))
        );
        assert_eq!(
            check(Some(Deck::French), ids(), french, &["T21", "sK"]),
            Err(CardsMismatch::Stranger("sK".into()))
        );
        let misread = |text: &str| french_id(text).map(|id| id.replace("hA", "h10"));
        assert_eq!(
            check_cards(Some(Deck::French), misread, ids(), french, &[]),
            Err(CardsMismatch::Misread {
                card: "hA".into(),
                id: Some("h10".into())
            })
        );
    }

    #[test]
    fn the_table_shows_each_card_of_the_trick_before_the_seat_that_played_it() {
        let seats = || {
            ["Anna", "Bert", "Cora"]
                .iter()
                .zip([2, 0, 1])
                .map(|(name, tricks)| SeatPicture::new((*name).to_owned(), tricks))
                .collect::<Vec<_>>()
        };
        // Cora led, Anna followed; a play by a fourth seat is passed over.
        let shown = ShownTrick::new(2, [(2, "hA"), (0, "h10"), (3, "sA")]);
        let picture = Picture::table(Deck::French, Lang::De, seats(), Some(shown), Some(1));
        let Scene::Table {
            seats: drawn,
            leader,
            to_move,
        } = picture.scene
        else {
            panic!("not a table: {:?}", picture.scene);
        };
        let played: Vec<Option<&str>> = drawn.iter().map(|s| s.played.as_deref()).collect();
        assert_eq!(played, [Some("h10"), None, Some("hA")]);
        assert_eq!(
            drawn.iter().map(|s| s.tricks).collect::<Vec<_>>(),
            [2, 0, 1]
        );
        assert!(drawn.iter().all(|s| !s.out));
        assert_eq!((leader, to_move), (Some(2), Some(1)));
        // No trick: no card, no leader.
        let empty = Picture::table(Deck::French, Lang::De, seats(), None, None);
        assert_eq!(
            empty.scene,
            Scene::Table {
                seats: seats(),
                leader: None,
                to_move: None
            }
        );
    }

    #[test]
    fn a_hand_is_drawn_with_its_cards_as_alt_text() {
        let picture = Picture {
            deck: Deck::Tarock,
            lang: Lang::En,
            scene: Scene::Hand {
                cards: vec!["T22".into(), "T21".into(), "hQ".into()],
                legal: Some(vec!["hQ".into()]),
            },
        };
        let drawn = picture.render(&Renderer::new()).unwrap();
        assert!(drawn.png.starts_with(b"\x89PNG"));
        // English court letters, as the English text writes them.
        assert_eq!(drawn.alt, "Sküs XXI ♥Q");
        let wrong = Picture {
            scene: Scene::Hand {
                cards: vec!["T22".into()],
                legal: Some(vec!["T21".into()]),
            },
            ..picture
        };
        assert!(matches!(
            wrong.render(&Renderer::new()),
            Err(PictureError::Render(_))
        ));
    }

    #[test]
    fn descriptions_keep_their_shape_in_json() {
        let picture = Picture {
            deck: Deck::French,
            lang: Lang::De,
            scene: Scene::Table {
                seats: vec![SeatPicture {
                    name: "Anna".into(),
                    played: Some("hA".into()),
                    tricks: 2,
                    out: false,
                }],
                leader: Some(0),
                to_move: None,
            },
        };
        let json = serde_json::to_value(&picture).unwrap();
        assert_eq!(json["deck"], "french");
        assert_eq!(json["scene"]["kind"], "table");
        let back: Picture = serde_json::from_value(json).unwrap();
        assert_eq!(back, picture);
    }
}
