//! The medium player's announcements and Kontras.
//!
//! Premiums only for its own party and only with the hand for them: a bird
//! with enough tarocks (long tarocks keep the bird until its trick), the
//! Trull with all three Trull cards and a long hand, Alle Könige with all
//! four Kings and many tarocks. A Besserrufer's declarer names the bird he
//! held that his hand supports best. Kontra on a game whose declarer's side
//! it can hurt (thresholds per family: one against three needs less than two
//! against two), Rekontra with an overwhelming hand, Kontra on an opposing
//! bird with long high tarocks and on an opposing Valat with the Sküs.
//! Negative games are not kontra'd (the hand says little about them).

use tarock_koenigrufen::{
    Action, Card, CardSet, Family, Item, LegalActions, Mode, Party, Premium, SeatView,
};

use super::auction::margin;
use super::eval::HandEval;
use super::talon::original_birds;

/// Strength of an opponent's hand for a Kontra on a king game (two against two).
pub const KONTRA_PAIR: f32 = 13.0;
/// Strength of an opponent's hand for a Kontra on a game played alone.
pub const KONTRA_ALONE: f32 = 11.5;
/// Colour strength of an opponent's hand for a Kontra on a colour game.
pub const KONTRA_COLOUR: f32 = 13.0;
/// What the declarer's side adds to the Kontra threshold for a Rekontra.
pub const REKONTRA_EXTRA: f32 = 6.0;

/// Tarocks (with the bird) for announcing a bird on the declarer's side:
/// Pagat, Uhu, Kakadu, Wildsau, Geier.
pub(crate) const BIRD_TAROCKS: [u32; 5] = [9, 10, 11, 11, 12];

/// The medium player's next announcement word.
pub fn medium_announce(view: &SeatView, legal: &LegalActions) -> Action {
    let words = legal.words();
    let e = HandEval::of(view.hand);
    if !words.contains(&Action::Weiter) {
        return duty_bird(view, words, &e);
    }
    premium_choice(view, words, &e)
        .or_else(|| kontra_choice(view, words, &e))
        .unwrap_or(Action::Weiter)
}

/// K10: the Besserrufer's bird — one he held before the talon, the one his
/// hand supports best.
fn duty_bird(view: &SeatView, words: &[Action], e: &HandEval) -> Action {
    let original = original_birds(view);
    let bird_contract = |p: Premium| match p {
        Premium::Pagat => tarock_koenigrufen::Contract::Pagatrufer,
        Premium::Uhu => tarock_koenigrufen::Contract::Uhurufer,
        Premium::Kakadu => tarock_koenigrufen::Contract::Kakadurufer,
        _ => tarock_koenigrufen::Contract::Wildsaurufer,
    };
    let score = |a: &&Action| match a {
        Action::Announce(p) => {
            let held = p.bird_card().is_some_and(|c| original.contains(c));
            let m = margin(bird_contract(*p), view.hand, e);
            (held, (m * 100.0) as i32, std::cmp::Reverse(p.index()))
        }
        _ => (false, i32::MIN, std::cmp::Reverse(usize::MAX)),
    };
    words
        .iter()
        .filter(|a| matches!(a, Action::Announce(p) if p.bird_card().is_some()))
        .max_by_key(score)
        .or_else(|| words.first())
        .copied()
        .expect("a turn that must go on has a word")
}

fn premium_choice(view: &SeatView, words: &[Action], e: &HandEval) -> Option<Action> {
    if view.my_party() != Some(Party::Declarer) {
        return None;
    }
    let hand = view.hand;
    let wants = |p: Premium| match p {
        Premium::Trull => hand.contains_all(CardSet::TRULL) && e.tarocks >= 8,
        Premium::Koenige => hand.contains_all(CardSet::KINGS) && e.tarocks >= 7,
        Premium::Valat => e.strength >= 26.0,
        p => p.bird_card().is_some_and(|card| {
            let i = usize::from(card.index());
            hand.contains(card) && e.tarocks >= BIRD_TAROCKS[i] && e.high >= 2
        }),
    };
    words
        .iter()
        .find(|a| matches!(a, Action::Announce(p) if wants(*p)))
        .copied()
}

fn kontra_choice(view: &SeatView, words: &[Action], e: &HandEval) -> Option<Action> {
    let contract = view.public.contract?;
    if !contract.is_positive() {
        return None;
    }
    let level = |item: Item| {
        view.public
            .items
            .iter()
            .find(|(i, _)| *i == item)
            .map_or(0, |(_, s)| s.level)
    };
    let threshold = if contract.mode() == Mode::Colour {
        KONTRA_COLOUR
    } else if contract.family() == Family::Dreier {
        KONTRA_ALONE
    } else {
        KONTRA_PAIR
    };
    let strength = if contract.mode() == Mode::Colour {
        e.colour
    } else {
        e.strength
    };
    let wants = |item: Item| match (item, level(item)) {
        (Item::Spiel, 0) => strength >= threshold,
        (Item::Spiel, 1) => strength >= threshold + REKONTRA_EXTRA,
        (Item::Premium(Premium::Valat), 0) => view.hand.contains(Card::SKUS),
        (Item::Premium(p), 0) if p.bird_card().is_some() => {
            e.tarocks >= 7
                && view
                    .hand
                    .meets(CardSet::TRULL.without(CardSet::single(Card::PAGAT)))
        }
        _ => false,
    };
    words
        .iter()
        .find(|a| matches!(a, Action::Kontra(item, _) if wants(*item)))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;
    use tarock_koenigrufen::Seat;

    #[test]
    fn fd1_declarer_says_ich_liege_and_a_weak_opponent_no_kontra() {
        let mut game = fixtures::fd1_at_announcements();
        let view = game.view(Seat::S0);
        // Seven tarocks without the Pagat: nothing to announce.
        assert_eq!(medium_announce(&view, &view.legal.unwrap()), Action::Weiter);
        fixtures::apply(&mut game, &["0 weiter"]);
        let view = game.view(Seat::S1);
        assert!(
            view.legal
                .unwrap()
                .words()
                .contains(&Action::Kontra(Item::Spiel, None))
        );
        assert_eq!(medium_announce(&view, &view.legal.unwrap()), Action::Weiter);
    }
}
