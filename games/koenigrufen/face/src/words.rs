//! Königrufen's vocabulary as players read it: cards (`XXI`, `Sküs`, `♥K`,
//! `♠10`, German court letters K D R B, English K Q N J), contracts,
//! premiums, Kontra levels, parties, and what each action is called on a
//! button and in the table's last-move line.

use tarock_koenigrufen::{
    Action, Card, CardSet, Contract, Game, Half, Item, Party, Phase, Premium, Rules, Seat, Suit,
};

use crate::text::tr;
use crate::text::{Lang, lookup};
use tarock_face::TableContext;

/// Roman numerals of the tarocks I … XXI (index = tarock number).
const ROMAN: [&str; 22] = [
    "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
    "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
];

/// The symbol of a suit.
const fn suit_symbol(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "♠",
        Suit::Clubs => "♣",
        Suit::Hearts => "♥",
        Suit::Diamonds => "♦",
    }
}

/// A card as shown: `XXI`, `Sküs`, `♥K`, `♠10`, `♦A`; courts in `lang`.
pub fn card_label(card: Card, lang: Lang) -> String {
    match (card.tarock_number(), card.suit()) {
        (Some(22), _) => tr!(lang, "kr-skus"),
        (Some(n), _) => ROMAN[usize::from(n)].to_owned(),
        (None, Some(suit)) => {
            let id = card.to_string();
            let rank = &id[1..];
            let rank = lookup(lang, &format!("kr-rank-{rank}"), Vec::new())
                .unwrap_or_else(|| rank.to_owned());
            format!("{}{rank}", suit_symbol(suit))
        }
        (None, None) => card.to_string(),
    }
}

/// The card of Königrufen that `text` spells ([`tarock_face::spelling`]):
/// its id (`hK`, `c10`, `T21`), its label in either language (`♥K`, `♥D`,
/// `XXI`, `Sküs`), `XXII` for the Sküs.
pub fn parse_card(text: &str) -> Option<Card> {
    tarock_face::spelling::find(text, Card::all(), |c| {
        let mut out = vec![
            c.to_string(),
            card_label(c, Lang::De),
            card_label(c, Lang::En),
        ];
        if let Some(n) = c.tarock_number() {
            out.extend(tarock_face::spelling::tarock_spellings(n));
        }
        out
    })
}

/// The order cards are shown in: tarocks highest first, then the suits
/// ♠ ♣ ♥ ♦, each from the King down.
pub fn display_key(card: Card) -> (bool, Option<Suit>, std::cmp::Reverse<u8>) {
    (
        !card.is_tarock(),
        card.suit(),
        std::cmp::Reverse(card.index()),
    )
}

/// Cards in display order.
pub fn sorted(cards: CardSet) -> Vec<Card> {
    let mut list: Vec<Card> = cards.iter().collect();
    list.sort_by_key(|c| display_key(*c));
    list
}

/// Cards as shown, in display order, separated by spaces.
pub fn cards_text(cards: CardSet, lang: Lang) -> String {
    sorted(cards)
        .into_iter()
        .map(|c| card_label(c, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A contract's name (`Rufer`, `Piccolo ouvert`, `Solodreier`).
pub fn contract_name(contract: Contract, lang: Lang) -> String {
    tr!(lang, &format!("kr-contract-{}", contract.word()))
}

/// A premium's name; the Wildsau is the Quapil at tables without the
/// Geier (the OÖ rules of `standard` use that name).
pub fn premium_name(premium: Premium, rules: &Rules, lang: Lang) -> String {
    if premium == Premium::Wildsau && rules.premium(Premium::Geier) == 0 {
        return tr!(lang, "kr-premium-quapil");
    }
    tr!(lang, &format!("kr-premium-{}", premium.word()))
}

/// An item's name: the game or a premium.
pub fn item_name(item: Item, rules: &Rules, lang: Lang) -> String {
    match item {
        Item::Spiel => tr!(lang, "kr-item-spiel"),
        Item::Premium(p) => premium_name(p, rules, lang),
    }
}

/// The name of Kontra level `level` (1 Kontra, 2 Rekontra, 3 Subkontra,
/// higher levels by their factor).
pub fn kontra_name(level: u8, lang: Lang) -> String {
    match level {
        1..=3 => tr!(lang, &format!("kr-kontra-{level}")),
        _ => tr!(lang, "kr-kontra-n", factor = 1i64 << level.min(62)),
    }
}

/// A party as the lines name it (`Spieler`, `Gegner`).
pub fn side(party: Party, lang: Lang) -> String {
    match party {
        Party::Declarer => tr!(lang, "kr-side-declarers"),
        Party::Opponents => tr!(lang, "kr-side-opponents"),
    }
}

/// A seat's name at the table.
pub fn name(table: &TableContext, seat: Seat) -> String {
    table.name(context_seat(seat))
}

/// The seat of a table context for a deal's seat: the deal's seats index
/// the names (see the face's `deal_context`).
fn context_seat(seat: Seat) -> tarock_game_core::Seat {
    tarock_game_core::Seat::new(seat as u8)
}

/// A signed number (`+5`, `−2`, `0`).
pub fn signed(n: i64) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", n.unsigned_abs()),
        _ => "0".to_owned(),
    }
}

/// Card points of `thirds` as points and Blatt (`35 Punkte 2 Blatt`).
pub fn points(thirds: u16, lang: Lang) -> String {
    tr!(
        lang,
        "kr-points",
        points = u32::from(thirds / 3),
        blatt = u32::from(thirds % 3)
    )
}

/// The label of a legal action's button for the seat to act in `game`.
pub fn button_label(game: &Game, action: Action, lang: Lang, table: &TableContext) -> String {
    let rules = game.rules();
    match action {
        Action::Vorhand => tr!(lang, "kr-button-vorhand"),
        Action::Weiter => tr!(lang, &format!("kr-button-{}", weiter_word(game))),
        Action::Halte => match game.auction().group().first() {
            Some(b) => tr!(
                lang,
                "kr-button-halte",
                game = contract_name(b.contract, lang)
            ),
            None => tr!(lang, "kr-button-weiter"),
        },
        Action::VorhandWeiter => tr!(lang, "kr-button-vorhand-weiter"),
        Action::Bid(c) => contract_name(c, lang),
        Action::Bei(c) => tr!(lang, "kr-button-bei", game = contract_name(c, lang)),
        Action::Call(suit) => tr!(lang, "kr-button-call", king = card_label(suit.king(), lang)),
        Action::CallFourth => {
            let king = fourth_king(game.hand(game.to_act().unwrap_or(Seat::S0)));
            tr!(
                lang,
                "kr-button-fourth",
                king = king.map(|k| card_label(k, lang)).unwrap_or_default()
            )
        }
        Action::Take(half) => tr!(
            lang,
            "kr-button-half",
            half = half.number(),
            cards = cards_text(game.deal().half(half), lang)
        ),
        Action::TakeAll => tr!(lang, "kr-button-take-all"),
        Action::Schleifen(None) => tr!(lang, "kr-button-schleifen"),
        Action::Schleifen(Some(p)) => tr!(
            lang,
            "kr-button-schleifen-bird",
            bird = premium_name(p, rules, lang)
        ),
        Action::Discard(list) => match (list.len(), list.get(0)) {
            (1, Some(card)) => card_label(card, lang),
            (n, _) => tr!(lang, "kr-button-discard", count = n),
        },
        Action::Draw(n) => tr!(lang, "kr-button-draw", n = n),
        Action::Announce(p) => premium_name(p, rules, lang),
        Action::Kontra(item, against) => {
            let level = kontra_level(game, item, against) + 1;
            match against {
                Some(o) => tr!(
                    lang,
                    "kr-button-kontra-against",
                    kontra = kontra_name(level, lang),
                    name = name(table, o)
                ),
                None => tr!(
                    lang,
                    "kr-button-kontra",
                    kontra = kontra_name(level, lang),
                    item = item_name(item, rules, lang)
                ),
            }
        }
        Action::Play(card) => card_label(card, lang),
    }
}

/// What "weiter" means in `game` now (before it is said), as the suffix of
/// its text ids: a pass in the auction (`weiter`); in the round of
/// announcements and Kontras the declarer's "ich liege" that ends his
/// opening turn (`liege`), an empty turn's "gut" (`gut`), or the end of a
/// turn in which the seat said something (`fertig`).
fn weiter_word(game: &Game) -> &'static str {
    match game
        .round()
        .filter(|_| game.phase() == Phase::Announcements)
    {
        None => "weiter",
        Some(round) if round.is_opening() => "liege",
        Some(round) if round.words_this_turn() == 0 => "gut",
        Some(_) => "fertig",
    }
}

/// The King "der vierte König" names for a hand with three Kings.
pub fn fourth_king(hand: CardSet) -> Option<Card> {
    let kings = hand.intersect(CardSet::KINGS);
    (kings.len() == 3)
        .then(|| CardSet::KINGS.without(kings).first())
        .flatten()
}

/// The Kontra level an item (or, in negative games, the pair of the seat
/// to act and `against`) stands at now.
pub fn kontra_level(game: &Game, item: Item, against: Option<Seat>) -> u8 {
    let Some(round) = game.round() else {
        return 0;
    };
    match (against, game.to_act()) {
        (Some(o), Some(me)) => {
            let declarer = game.declared().is_some_and(|d| d.seats().contains(me));
            let (d, o) = if declarer { (me, o) } else { (o, me) };
            round.pair(d, o).level
        }
        _ => round.item(item).map_or(0, |s| s.level),
    }
}

/// The table's last-move line for `action` by `seat` in `game` (before the
/// action): never a card the action keeps secret (a discard shows only its
/// face-up cards, a Mussolini opponent's card none).
pub fn action_text(
    game: &Game,
    seat: Seat,
    action: Action,
    table: &TableContext,
    lang: Lang,
) -> String {
    let who = name(table, seat);
    let rules = game.rules();
    match action {
        Action::Vorhand => tr!(lang, "kr-did-vorhand", name = who),
        Action::Weiter => tr!(lang, &format!("kr-did-{}", weiter_word(game)), name = who),
        Action::Halte => tr!(lang, "kr-did-halte", name = who),
        Action::VorhandWeiter => tr!(lang, "kr-did-vorhand-weiter", name = who),
        Action::Bid(c) => tr!(
            lang,
            "kr-did-bid",
            name = who,
            game = contract_name(c, lang)
        ),
        Action::Bei(c) => tr!(
            lang,
            "kr-did-bei",
            name = who,
            game = contract_name(c, lang)
        ),
        Action::Call(suit) => tr!(
            lang,
            "kr-did-call",
            name = who,
            king = card_label(suit.king(), lang)
        ),
        Action::CallFourth => tr!(
            lang,
            "kr-did-call-fourth",
            name = who,
            king = fourth_king(game.hand(seat))
                .map(|k| card_label(k, lang))
                .unwrap_or_default()
        ),
        Action::Take(half) => tr!(lang, "kr-did-take", name = who, half = half_number(half)),
        Action::TakeAll => tr!(lang, "kr-did-take-all", name = who),
        Action::Schleifen(_) => tr!(lang, "kr-did-schleifen", name = who),
        Action::Discard(list) => discard_text(game, list, &who, lang),
        Action::Draw(n) => tr!(lang, "kr-did-draw", name = who, n = n),
        Action::Announce(p) => tr!(
            lang,
            "kr-did-announce",
            name = who,
            premium = premium_name(p, rules, lang)
        ),
        Action::Kontra(item, against) => {
            let kontra = kontra_name(kontra_level(game, item, against) + 1, lang);
            match against {
                Some(o) => tr!(
                    lang,
                    "kr-did-kontra-against",
                    name = who,
                    kontra = kontra,
                    other = name(table, o)
                ),
                None => tr!(
                    lang,
                    "kr-did-kontra",
                    name = who,
                    kontra = kontra,
                    item = item_name(item, rules, lang)
                ),
            }
        }
        Action::Play(card) => tr!(
            lang,
            "kr-did-play",
            name = who,
            card = card_label(card, lang)
        ),
    }
}

/// A talon half's number (1 or 2).
fn half_number(half: Half) -> u8 {
    half.number()
}

/// A discard as the table tells it: how many cards, and the face-up ones.
fn discard_text(game: &Game, list: tarock_koenigrufen::CardList, who: &str, lang: Lang) -> String {
    let (set, _) = list.to_set();
    let face_up = game
        .discard_rule()
        .map_or(CardSet::EMPTY, |r| r.face_up(set));
    if game.discard_rule().is_none() {
        // A Mussolini opponent lays one card aside, face down.
        return tr!(lang, "kr-did-lay-aside", name = who);
    }
    if face_up.is_empty() {
        tr!(lang, "kr-did-discard", name = who, count = list.len())
    } else {
        tr!(
            lang,
            "kr-did-discard-face-up",
            name = who,
            count = list.len(),
            cards = cards_text(face_up, lang)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_by_id_label_symbol_and_roman_numeral() {
        let kr = |s: &str| parse_card(s).map(|c| c.to_string());
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
            ("♥4", "h4"),
        ] {
            assert_eq!(kr(typed).as_deref(), Some(id), "{typed}");
        }
        // 20 ab's ace is no card of the tarock deck.
        assert_eq!(kr("sA"), None);
        for chat in ["hallo", "weiter", "", "h", "♥", "kontra", "i x", "h k"] {
            assert_eq!(kr(chat), None, "{chat}");
        }
    }
}
