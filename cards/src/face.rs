//! The crate's own card-face model: what is printed on a card, independent
//! of any game's rules. The games' card types map onto [`Face`].

use std::fmt;

/// One of the four French suits shared by both decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Herz (♥), red.
    Hearts,
    /// Karo (♦), red.
    Diamonds,
    /// Pik (♠), black.
    Spades,
    /// Kreuz / Treff (♣), black.
    Clubs,
}

impl Suit {
    /// All suits in the order the contact sheet and the decks list them.
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Spades, Suit::Clubs];

    /// Whether the suit is printed in red (hearts, diamonds).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The suit's symbol as used in text (`♥ ♦ ♠ ♣`).
    pub const fn symbol(self) -> char {
        match self {
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Spades => '♠',
            Suit::Clubs => '♣',
        }
    }
}

/// A tarock (trump): the numbers I–XXI and the unnumbered Sküs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tarock(u8);

impl Tarock {
    /// The Pagat, tarock I (a Trull card).
    pub const PAGAT: Tarock = Tarock(1);
    /// The Mond, tarock XXI (a Trull card).
    pub const MOND: Tarock = Tarock(21);
    /// The Sküs, the highest tarock, printed without a number (a Trull card).
    pub const SKUS: Tarock = Tarock(22);

    /// The tarock with this rank: 1–21 are numbered, 22 is the Sküs.
    pub const fn new(rank: u8) -> Option<Tarock> {
        if rank >= 1 && rank <= 22 {
            Some(Tarock(rank))
        } else {
            None
        }
    }

    /// The rank, 1 (Pagat) to 22 (Sküs).
    pub const fn rank(self) -> u8 {
        self.0
    }

    /// Whether this is one of the three Trull cards (Pagat, Mond, Sküs).
    pub const fn is_trull(self) -> bool {
        matches!(self.0, 1 | 21 | 22)
    }

    /// The printed index: a Roman numeral, or `None` for the Sküs.
    pub fn numeral(self) -> Option<&'static str> {
        ROMAN
            .get(self.0 as usize)
            .copied()
            .filter(|s| !s.is_empty())
    }
}

/// Roman numerals by tarock rank; index 0 and 22 (the Sküs) print none.
const ROMAN: [&str; 23] = [
    "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
    "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "",
];

/// Rank of a suit card in the tarock deck. The four pips count from the
/// highest: in red suits `Pip1..Pip4` are A (the "1"), 2, 3, 4; in black
/// suits they are 10, 9, 8, 7. `Pip1` is Zwanzigerrufen's Glatze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TarockRank {
    /// König.
    King,
    /// Dame.
    Queen,
    /// Reiter / Cavall.
    Knight,
    /// Bube.
    Jack,
    /// Highest pip: red A, black 10 (the Glatze).
    Pip1,
    /// Red 2, black 9.
    Pip2,
    /// Red 3, black 8.
    Pip3,
    /// Red 4, black 7 (the lowest card of a suit).
    Pip4,
}

impl TarockRank {
    /// All ranks, highest first.
    pub const ALL: [TarockRank; 8] = [
        TarockRank::King,
        TarockRank::Queen,
        TarockRank::Knight,
        TarockRank::Jack,
        TarockRank::Pip1,
        TarockRank::Pip2,
        TarockRank::Pip3,
        TarockRank::Pip4,
    ];

    /// The number of pips printed for this rank in `suit`, or `None` for a court card.
    pub const fn pips(self, suit: Suit) -> Option<u8> {
        let nth = match self {
            TarockRank::King | TarockRank::Queen | TarockRank::Knight | TarockRank::Jack => {
                return None;
            }
            TarockRank::Pip1 => 0,
            TarockRank::Pip2 => 1,
            TarockRank::Pip3 => 2,
            TarockRank::Pip4 => 3,
        };
        Some(if suit.is_red() { 1 + nth } else { 10 - nth })
    }
}

/// Rank of a card of the French 32-card deck ("20 ab"), highest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FrenchRank {
    /// Ass.
    Ace,
    /// Zehner.
    Ten,
    /// König.
    King,
    /// Dame.
    Queen,
    /// Bube.
    Jack,
    /// Neuner.
    Nine,
    /// Achter.
    Eight,
    /// Siebener.
    Seven,
}

impl FrenchRank {
    /// All ranks, highest first.
    pub const ALL: [FrenchRank; 8] = [
        FrenchRank::Ace,
        FrenchRank::Ten,
        FrenchRank::King,
        FrenchRank::Queen,
        FrenchRank::Jack,
        FrenchRank::Nine,
        FrenchRank::Eight,
        FrenchRank::Seven,
    ];

    /// The number of pips printed for this rank, or `None` for a court card.
    pub const fn pips(self) -> Option<u8> {
        match self {
            FrenchRank::Ace => Some(1),
            FrenchRank::Ten => Some(10),
            FrenchRank::Nine => Some(9),
            FrenchRank::Eight => Some(8),
            FrenchRank::Seven => Some(7),
            FrenchRank::King | FrenchRank::Queen | FrenchRank::Jack => None,
        }
    }
}

/// A court figure, shared by both decks; it picks the centre emblem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Court {
    /// König: a crown.
    King,
    /// Dame: a tiara.
    Queen,
    /// Reiter: a horseshoe.
    Knight,
    /// Bube: a feather.
    Jack,
}

/// Everything printed on one card: one face of the tarock deck, of the
/// French deck, or the common back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// A tarock of the tarock deck.
    Tarock(Tarock),
    /// A suit card of the tarock deck.
    TarockSuit(Suit, TarockRank),
    /// A card of the French 32-card deck.
    French(Suit, FrenchRank),
    /// The back of any card (for piles of won tricks).
    Back,
}

impl Face {
    /// The suit, for suit cards of either deck.
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Face::TarockSuit(s, _) | Face::French(s, _) => Some(s),
            Face::Tarock(_) | Face::Back => None,
        }
    }

    /// The court figure, for court cards of either deck.
    pub const fn court(self) -> Option<Court> {
        match self {
            Face::TarockSuit(_, TarockRank::King) | Face::French(_, FrenchRank::King) => {
                Some(Court::King)
            }
            Face::TarockSuit(_, TarockRank::Queen) | Face::French(_, FrenchRank::Queen) => {
                Some(Court::Queen)
            }
            Face::TarockSuit(_, TarockRank::Knight) => Some(Court::Knight),
            Face::TarockSuit(_, TarockRank::Jack) | Face::French(_, FrenchRank::Jack) => {
                Some(Court::Jack)
            }
            _ => None,
        }
    }

    /// The number of pips, for pip cards of either deck.
    pub const fn pips(self) -> Option<u8> {
        match self {
            Face::TarockSuit(s, r) => r.pips(s),
            Face::French(_, r) => r.pips(),
            Face::Tarock(_) | Face::Back => None,
        }
    }

    /// The corner index as printed: `XXI`, `K`, `10`, `A`; the Sküs and the
    /// back print none (the Sküs carries a star instead).
    pub fn index(self, lang: Lang) -> Option<String> {
        if let Some(court) = self.court() {
            return Some(court_letter(court, lang).to_owned());
        }
        match self {
            Face::Tarock(t) => t.numeral().map(str::to_owned),
            Face::TarockSuit(_, _) | Face::French(_, _) => match self.pips() {
                Some(1) => Some("A".to_owned()),
                Some(n) => Some(n.to_string()),
                None => None,
            },
            Face::Back => None,
        }
    }

    /// The card as players read it in text: `XXI`, `Sküs`, `♥K`, `♠10`.
    /// It matches the corner index, so a caption names what the picture shows.
    pub fn label(self, lang: Lang) -> String {
        match (self, self.suit(), self.index(lang)) {
            (Face::Tarock(Tarock::SKUS), _, _) => "Sküs".to_owned(),
            (_, Some(suit), Some(index)) => format!("{}{index}", suit.symbol()),
            (_, None, Some(index)) => index,
            _ => "▒".to_owned(),
        }
    }
}

/// Letters of the court cards by language.
const fn court_letter(court: Court, lang: Lang) -> &'static str {
    match (court, lang) {
        (Court::King, _) => "K",
        (Court::Queen, Lang::De) => "D",
        (Court::Queen, Lang::En) => "Q",
        (Court::Knight, Lang::De) => "R",
        (Court::Knight, Lang::En) => "N",
        (Court::Jack, Lang::De) => "B",
        (Court::Jack, Lang::En) => "J",
    }
}

impl fmt::Display for Face {
    /// The German label, the project's reference notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label(Lang::De))
    }
}

/// The language of the court letters printed in the corners: German
/// K D R B, English K Q N J (tarocks and pips are the same in both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// König, Dame, Reiter, Bube.
    #[default]
    De,
    /// King, Queen, kNight, Jack.
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::De, Lang::En];
}

/// The decks whose faces this crate draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// The full tarock deck: 22 tarocks and 32 suit cards (Königrufen).
    Tarock54,
    /// The short tarock deck of 40: tarocks I, IV–XXI, Sküs; per suit K D R B
    /// and the Glatze (Zwanzigerrufen).
    Tarock40,
    /// The French deck of 32: per suit A 10 K Q J 9 8 7 ("20 ab").
    French32,
}

impl Deck {
    /// All decks, in contact-sheet order.
    pub const ALL: [Deck; 3] = [Deck::Tarock54, Deck::Tarock40, Deck::French32];

    /// Every face of the deck: tarocks from I up, then per suit from the highest rank.
    pub fn faces(self) -> Vec<Face> {
        match self {
            Deck::Tarock54 => tarock_deck(|_| true, |_| true),
            Deck::Tarock40 => {
                tarock_deck(|t| !matches!(t.rank(), 2 | 3), |r| r <= TarockRank::Pip1)
            }
            Deck::French32 => Suit::ALL
                .iter()
                .flat_map(|&s| FrenchRank::ALL.iter().map(move |&r| Face::French(s, r)))
                .collect(),
        }
    }
}

/// The tarock deck's faces, filtered by tarock and by suit rank.
fn tarock_deck(tarock: impl Fn(Tarock) -> bool, rank: impl Fn(TarockRank) -> bool) -> Vec<Face> {
    let tarocks = (1..=22)
        .filter_map(Tarock::new)
        .filter(|&t| tarock(t))
        .map(Face::Tarock);
    let suits = Suit::ALL.iter().flat_map(|&s| {
        TarockRank::ALL
            .iter()
            .filter(|&&r| rank(r))
            .map(move |&r| Face::TarockSuit(s, r))
    });
    tarocks.chain(suits).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn decks_have_the_sizes_of_the_specs() {
        assert_eq!(Deck::Tarock54.faces().len(), 54);
        assert_eq!(Deck::Tarock40.faces().len(), 40);
        assert_eq!(Deck::French32.faces().len(), 32);
        for deck in Deck::ALL {
            let faces = deck.faces();
            let distinct: HashSet<_> = faces.iter().collect();
            assert_eq!(distinct.len(), faces.len(), "{deck:?} repeats a face");
        }
    }

    #[test]
    fn zwanzigerrufen_is_a_subset_of_koenigrufen_without_ii_and_iii() {
        let full: HashSet<_> = Deck::Tarock54.faces().into_iter().collect();
        let twenty = Deck::Tarock40.faces();
        assert!(twenty.iter().all(|f| full.contains(f)));
        let tarocks = twenty
            .iter()
            .filter(|f| matches!(f, Face::Tarock(_)))
            .count();
        assert_eq!(tarocks, 20);
        assert!(!twenty.contains(&Face::Tarock(Tarock::new(2).unwrap())));
        assert!(!twenty.contains(&Face::Tarock(Tarock::new(3).unwrap())));
    }

    #[test]
    fn pips_count_down_from_the_highest_per_colour() {
        // SPEC §1.1: red suits A 2 3 4, black suits 10 9 8 7.
        let red: Vec<_> = TarockRank::ALL[4..]
            .iter()
            .map(|r| Face::TarockSuit(Suit::Hearts, *r).label(Lang::De))
            .collect();
        let black: Vec<_> = TarockRank::ALL[4..]
            .iter()
            .map(|r| Face::TarockSuit(Suit::Clubs, *r).label(Lang::De))
            .collect();
        assert_eq!(red, ["♥A", "♥2", "♥3", "♥4"]);
        assert_eq!(black, ["♣10", "♣9", "♣8", "♣7"]);
    }

    #[test]
    fn labels_match_the_table_notation_in_both_languages() {
        let knight = Face::TarockSuit(Suit::Spades, TarockRank::Knight);
        assert_eq!(knight.label(Lang::De), "♠R");
        assert_eq!(knight.label(Lang::En), "♠N");
        assert_eq!(
            Face::French(Suit::Hearts, FrenchRank::Jack).label(Lang::De),
            "♥B"
        );
        assert_eq!(
            Face::French(Suit::Hearts, FrenchRank::Jack).label(Lang::En),
            "♥J"
        );
        assert_eq!(Face::Tarock(Tarock::MOND).label(Lang::En), "XXI");
        assert_eq!(Face::Tarock(Tarock::SKUS).label(Lang::De), "Sküs");
        assert_eq!(
            Face::Tarock(Tarock::new(18).unwrap()).label(Lang::De),
            "XVIII"
        );
    }

    #[test]
    fn tarock_ranks_outside_one_to_twenty_two_do_not_exist() {
        assert_eq!(Tarock::new(0), None);
        assert_eq!(Tarock::new(23), None);
        assert_eq!(Tarock::new(22), Some(Tarock::SKUS));
    }
}
