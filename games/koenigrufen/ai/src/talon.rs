//! Between auction and announcements: the King to call, the talon half to
//! take (or conceding), the cards to lay aside, and Mussolini's draw.
//!
//! The medium player calls the King of a short suit (it can lead that suit
//! to its partner's King, and the King is less likely to be trumped), takes
//! the half whose best discard leaves the strongest hand (counting the
//! points laid aside for its party and those of the other half against it),
//! and lays aside the legal cards that leave the strongest hand: voids for
//! trumping, Kings and birds kept, Queens and Knights banked. It concedes
//! (schleifen) only with a hand too weak to stop a Valat. The easy player
//! calls the first King it may, takes the first half and lays aside its
//! cheapest cards.

use tarock_koenigrufen::talon::DiscardRule;
use tarock_koenigrufen::talon::Taken;
use tarock_koenigrufen::{
    Action, Card, CardList, CardSet, Contract, LegalActions, Mode, SeatView, Suit,
};

use super::eval::HandEval;
use super::read::cheapest;

/// Hand strength below which a declarer alone concedes rather than risk a Valat.
const SCHLEIFEN_BELOW: f32 = 4.0;
/// Strength per card value point laid aside (it counts for the declarer's party).
const BANKED: f32 = 0.12;

/// The medium player's King: a short suit, a held Queen as a bonus.
pub fn call_king(view: &SeatView, legal: &LegalActions) -> Action {
    if legal.words().contains(&Action::CallFourth) {
        return Action::CallFourth;
    }
    let hand = view.hand;
    let score = |suit: Suit| {
        let cards = hand.intersect(suit.cards());
        let length = match cards.len() {
            1 => 4,
            2 => 3,
            0 => 2,
            3 => 1,
            _ => 0,
        };
        let queen = cards.contains(Card::suited(suit, 6));
        (length, queen, suit as u8)
    };
    legal
        .words()
        .iter()
        .filter_map(|a| match a {
            Action::Call(s) => Some(*s),
            _ => None,
        })
        .max_by_key(|s| score(*s))
        .map_or(legal.words()[0], Action::Call)
}

/// The medium player's talon choice.
pub fn take_talon(view: &SeatView, legal: &LegalActions) -> Action {
    let contract = view.public.contract.expect("the auction is over");
    let words = legal.words();
    let takes = words
        .iter()
        .filter(|a| matches!(a, Action::Take(_) | Action::TakeAll));
    let best = takes
        .map(|a| (option_value(view, contract, *a), *a))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let concede = words
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Schleifen(_)))
        .min_by_key(schleifen_price);
    match (best, concede) {
        (Some((value, _)), Some(c)) if value < SCHLEIFEN_BELOW => c,
        (Some((_, take)), _) => take,
        (None, Some(c)) => c,
        (None, None) => words[0],
    }
}

/// A Besserrufer concedes naming his cheapest bird.
fn schleifen_price(a: &Action) -> u32 {
    match a {
        Action::Schleifen(Some(p)) => p.index() as u32,
        _ => 0,
    }
}

/// The strength after taking the talon cards of `take` and laying aside the
/// best discard, plus banked points, minus the points left to the opponents.
fn option_value(view: &SeatView, contract: Contract, take: Action) -> f32 {
    let halves = view.talon.map(Option::unwrap_or_default);
    let (cards, left) = match take {
        Action::Take(h) => (halves[h as usize], halves[h.other() as usize]),
        _ => (halves[0].union(halves[1]), CardSet::EMPTY),
    };
    let need = if matches!(take, Action::TakeAll) {
        6
    } else {
        3
    };
    let birds = view.public.rules.birds();
    let rule = DiscardRule::new(contract, view.hand.union(cards), need, birds, view.hand);
    let (_, value) = best_discard(&rule, contract);
    value - BANKED * f32::from(value_points(left))
}

/// Card values of a set.
fn value_points(cards: CardSet) -> u16 {
    cards.iter().map(|c| u16::from(c.value())).sum()
}

/// The value of keeping `hand` and laying aside `discard`.
fn discard_value(hand: CardSet, discard: CardSet, mode: Mode) -> f32 {
    let kept = hand.without(discard);
    let e = HandEval::of(kept);
    let strength = if mode == Mode::Colour {
        e.colour
    } else {
        e.strength
    };
    strength + BANKED * f32::from(value_points(discard))
}

/// The legal discard that leaves the strongest hand, and its value.
pub fn best_discard(rule: &DiscardRule, contract: Contract) -> (CardSet, f32) {
    let mode = contract.mode();
    rule.all()
        .map(|d| (d, discard_value(rule.hand, d, mode)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a legal discard always exists")
}

/// The `n` legal discards that leave the strongest hands, strongest first
/// (the first is [`best_discard`]'s): the lookahead's candidates.
pub fn top_discards(rule: &DiscardRule, contract: Contract, n: usize) -> Vec<CardSet> {
    let mode = contract.mode();
    let mut all: Vec<(CardSet, f32)> = rule
        .all()
        .map(|d| (d, discard_value(rule.hand, d, mode)))
        .collect();
    // Stable: equal values keep the rule's order, as `best_discard`'s
    // `max_by` keeps the last of equals, so compare in reverse.
    all.reverse();
    all.sort_by(|a, b| b.1.total_cmp(&a.1));
    all.into_iter().take(n).map(|(d, _)| d).collect()
}

/// The medium player's discard (Mussolini: the three worth most for itself
/// first, the cheapest three as the opponents' row).
pub fn medium_discard(view: &SeatView, legal: &LegalActions) -> Action {
    let rule = legal.discard.expect("the discard phase has a rule");
    let contract = view.public.contract.expect("the auction is over");
    let (set, _) = best_discard(&rule, contract);
    let mut cards: Vec<Card> = set.iter().collect();
    if legal.mussolini {
        cards.sort_by_key(|c| std::cmp::Reverse((c.value(), c.index())));
    }
    Action::Discard(CardList::new(&cards).expect("at most six"))
}

/// The easy player's discard: the cheapest cards the rule allows.
pub fn easy_discard(legal: &LegalActions) -> Action {
    let rule = legal.discard.expect("the discard phase has a rule");
    let mut chosen = CardSet::EMPTY;
    while chosen.len() < u32::from(rule.need) {
        let Some(card) = cheapest(rule.options(chosen)) else {
            break;
        };
        chosen.insert(card);
    }
    let set = if rule.check(chosen).is_ok() {
        chosen
    } else {
        rule.all().next().expect("a legal discard always exists")
    };
    Action::Discard(CardList::of_set(set))
}

/// A Mussolini opponent: draws the first card of the row; lays aside the
/// card worth most that does not win tricks (it counts for its party).
pub fn mussolini_pick(legal: &LegalActions, easy: bool) -> Action {
    if let Some(draw) = legal.words().first() {
        return *draw;
    }
    let hand = legal.lay_aside;
    let card = if easy {
        cheapest(hand)
    } else {
        let plain = hand.intersect(CardSet::SUIT_CARDS).without(CardSet::KINGS);
        plain
            .iter()
            .max_by_key(|c| (c.value(), std::cmp::Reverse(c.index())))
            .or_else(|| super::read::lowest_plain_tarock(hand))
            .or_else(|| cheapest(hand))
    };
    Action::Discard(CardList::new(&[card.expect("a card in hand")]).expect("one card"))
}

/// The birds the declarer held before the talon (for a Besserrufer's duty).
pub fn original_birds(view: &SeatView) -> CardSet {
    dealt_hand(view).intersect(view.public.rules.birds())
}

/// The talon cards the declarer took, as far as `view` shows them.
pub fn taken_from_talon(view: &SeatView) -> CardSet {
    let p = &view.public;
    match p.talon_taken {
        Some(Taken::Half(h)) => p.talon[h as usize].unwrap_or_default(),
        Some(Taken::All) => view
            .talon
            .iter()
            .flatten()
            .fold(CardSet::EMPTY, |a, h| a.union(*h)),
        None => CardSet::EMPTY,
    }
}

/// The cards `view`'s seat was dealt, before trick play: its hand and
/// discard without what it took from the talon.
pub fn dealt_hand(view: &SeatView) -> CardSet {
    view.hand
        .union(view.own_discard)
        .without(taken_from_talon(view))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use tarock_koenigrufen::Seat;

    #[test]
    fn fd1_declarer_calls_a_short_suit_and_discards_to_a_void() {
        let mut game = fixtures::vorhand_chooses(fixtures::fd1(), "rufer");
        let view = game.view(Seat::S0);
        // S0 holds hK hQ, c10 c8, s9 and no diamond: the short suits are
        // spades (one card) and diamonds (none); a singleton comes first.
        assert_eq!(
            call_king(&view, &view.legal.unwrap()),
            Action::Call(Suit::Spades)
        );
        fixtures::apply(&mut game, &["0 rufe cK"]);
        let view = game.view(Seat::S0);
        let take = take_talon(&view, &view.legal.unwrap());
        assert!(matches!(take, Action::Take(_)));
        game.apply(Seat::S0, take).unwrap();
        let view = game.view(Seat::S0);
        let legal = view.legal.unwrap();
        let Action::Discard(list) = medium_discard(&view, &legal) else {
            panic!()
        };
        let (set, _) = list.to_set();
        assert!(legal.contains(Action::Discard(list)));
        // Kings, Trull and tarocks stay; a suit is emptied.
        assert!(!set.meets(CardSet::TAROCKS) && !set.meets(CardSet::KINGS));
        let kept = view.hand.without(set);
        let void = Suit::ALL.iter().filter(|s| !kept.meets(s.cards())).count();
        assert!(void >= 1, "{kept}");
    }

    #[test]
    fn the_top_discards_start_with_mediums_and_fall() {
        // FD1 after "rufe cK" and "nimm 2": S0 lays three of fifteen aside.
        let mut game = fixtures::rufer(fixtures::fd1(), "cK");
        fixtures::apply(&mut game, &["0 nimm 2"]);
        let view = game.view(Seat::S0);
        let rule = view.legal.unwrap().discard.unwrap();
        let contract = view.public.contract.unwrap();
        let top = top_discards(&rule, contract, 4);
        assert_eq!(top.len(), 4);
        assert_eq!(top[0], best_discard(&rule, contract).0);
        let value = |d: CardSet| discard_value(rule.hand, d, contract.mode());
        for pair in top.windows(2) {
            assert_ne!(pair[0], pair[1]);
            assert!(value(pair[0]) >= value(pair[1]), "{pair:?}");
        }
        // No legal discard outside the four is stronger than the fourth.
        let fourth = value(top[3]);
        assert!(
            rule.all()
                .filter(|d| !top.contains(d))
                .all(|d| value(d) <= fourth)
        );
    }
}
