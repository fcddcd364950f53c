//! Card play by rules of thumb. In positive games (tarock and colour
//! modes) the medium player plays for its party:
//!
//! - it keeps announced birds and the King of an announced König Ultimo for
//!   their trick, and an unannounced Pagat for the end;
//! - leading, the declarer of a king game looks for his partner with a low
//!   card of the called suit, the partner shows himself with the called
//!   King, the declarer's side draws tarocks with a tarock nobody can beat,
//!   a King is led in the first round of a suit nobody is known to lack,
//!   otherwise a low card of a short suit (to trump it later);
//! - following, the Sküs catches an opposing Mond, a partner sure to win
//!   gets points (a threatened Mond first), a trick worth it is won with the
//!   cheapest card sure to win it, and otherwise the cheapest card goes.
//!
//! Negative games and Trischaken are played by [`super::duck`].

use tarock_koenigrufen::{Card, CardSet, Family, Item, Mode, Party, Seat, SeatView};

use super::duck;
use super::knowledge::Knowledge;
use super::read::{TrickRead, cheapest, lowest_plain_tarock};

/// Value in a trick (with the winning card) that makes it worth winning.
const WORTH_WINNING: u32 = 4;

/// The medium player's card.
pub fn medium_card(view: &SeatView) -> Card {
    let legal = view.legal.expect("the seat is to act").cards;
    if legal.len() == 1 {
        return legal.first().expect("one card");
    }
    let legal = keep_reserved(view, legal);
    if legal.len() == 1 {
        return legal.first().expect("one card");
    }
    let k = Knowledge::from_view(view);
    let read = TrickRead::new(view);
    let contract = view.public.contract.expect("trick play has a contract");
    match contract.family() {
        Family::Negative => duck::negative(view, &k, &read, legal),
        Family::Trischaken => duck::trischaken(view, &k, &read, legal),
        _ if read.is_lead() => lead(view, &k, legal),
        _ => follow(view, &k, &read, legal),
    }
}

/// The easy player's card: in positive games a trick worth taking is won
/// with the cheapest winning card, otherwise (and always in negative games)
/// the cheapest card is played; the Pagat is kept while there is another card.
pub fn easy_card(view: &SeatView) -> Card {
    let legal = view.legal.expect("the seat is to act").cards;
    let keep = if legal.len() > 1 {
        legal.without(CardSet::single(Card::PAGAT))
    } else {
        legal
    };
    let read = TrickRead::new(view);
    let positive = view.public.contract.is_some_and(|c| c.is_positive());
    if positive && read.is_lead() {
        if let Some(king) = keep.intersect(CardSet::KINGS).first() {
            return king;
        }
    } else if positive && read.value() >= 3 {
        let win = keep
            .iter()
            .filter(|c| read.wins_now(*c))
            .min_by_key(|c| win_cost(*c));
        if let Some(card) = win {
            return card;
        }
    }
    cheapest(keep).expect("legal is not empty")
}

/// The seats known to be of this seat's party, itself not included.
pub fn friends(view: &SeatView) -> Vec<Seat> {
    let Some(mine) = view.my_party() else {
        return Vec::new();
    };
    Seat::ALL
        .into_iter()
        .filter(|s| *s != view.seat && view.parties[s.index()] == Some(mine))
        .collect()
}

/// This seat's reserved cards (announced birds, the King of an announced
/// König Ultimo) that are not due yet, kept while another card is legal.
fn keep_reserved(view: &SeatView, legal: CardSet) -> CardSet {
    let trick = view.public.tricks.len() as u8 + 1;
    let mut early = CardSet::EMPTY;
    for (item, _) in &view.public.items {
        let Item::Premium(p) = item else { continue };
        let card = match p.bird_card() {
            Some(c) => Some(c),
            None if *p == tarock_koenigrufen::Premium::Ku => view.public.called,
            None => None,
        };
        if let (Some(card), Some(target)) = (card, p.target_trick())
            && target > trick
        {
            early.insert(card);
        }
    }
    let rest = legal.without(early);
    if rest.is_empty() { legal } else { rest }
}

/// What winning with `card` costs: suit cards before tarocks, low before high.
pub fn win_cost(card: Card) -> (bool, u8) {
    (card.is_tarock(), card.index())
}

fn lead(view: &SeatView, k: &Knowledge, legal: CardSet) -> Card {
    let p = &view.public;
    let contract = p.contract.expect("a contract");
    let friends = friends(view);
    let declarer_side = view.my_party() == Some(Party::Declarer);
    let early = p.tricks.len() < 4;
    if let Some(called) = p.called.filter(|c| !k.played.contains(*c)) {
        let suit = called.class();
        let i_declare = p.declarers.first().is_some_and(|d| d.0 == view.seat);
        // The declarer looks for his partner; the partner shows himself.
        if early
            && i_declare
            && friends.is_empty()
            && let Some(low) = legal.intersect(suit).first()
        {
            return low;
        }
        if early && legal.contains(called) && !known_void(view, k, suit, &friends) {
            return called;
        }
    }
    let mine = view.hand.intersect(CardSet::TAROCKS);
    let out = k.pool.intersect(CardSet::TAROCKS);
    if contract.mode() == Mode::Tarock {
        let top = legal
            .intersect(CardSet::TAROCKS)
            .last()
            .filter(|t| out.above(*t).is_empty());
        let draw = declarer_side || mine.len() > out.len();
        if let Some(t) = top.filter(|_| draw && !out.is_empty()) {
            return t;
        }
    }
    if let Some(card) = sure_suit_lead(view, k, legal, &friends) {
        return card;
    }
    low_lead(view, legal)
}

/// Whether a seat outside `friends` is known to lack `class`.
fn known_void(view: &SeatView, k: &Knowledge, class: CardSet, friends: &[Seat]) -> bool {
    Seat::ALL
        .into_iter()
        .filter(|s| *s != view.seat && !friends.contains(s))
        .any(|s| k.excluded[s.index()].contains_all(class))
}

/// A suit card no one can beat: the highest card left of its suit, in a
/// colour game always (tarocks do not trump), in a tarock game while nobody
/// outside the party is known to lack the suit, in its first two rounds.
fn sure_suit_lead(
    view: &SeatView,
    k: &Knowledge,
    legal: CardSet,
    friends: &[Seat],
) -> Option<Card> {
    let colour = view
        .public
        .contract
        .is_some_and(|c| c.mode() == Mode::Colour);
    legal
        .intersect(CardSet::SUIT_CARDS)
        .iter()
        .filter(|c| {
            let class = c.class();
            let top = k.pool.intersect(class).above(*c).is_empty();
            let rounds = k.played.intersect(class).len() / 4;
            top && (colour || (rounds <= 1 && !known_void(view, k, class, friends)))
        })
        .max_by_key(|c| c.value())
}

/// A low card of the shortest suit (to trump it later), else the lowest
/// plain tarock, else the cheapest card.
fn low_lead(view: &SeatView, legal: CardSet) -> Card {
    let suits = legal.intersect(CardSet::SUIT_CARDS).without(CardSet::KINGS);
    let short = suits
        .iter()
        .filter(|c| c.value() < 4)
        .min_by_key(|c| (view.hand.intersect(c.class()).len(), c.value(), c.index()));
    short
        .or_else(|| lowest_plain_tarock(legal))
        .or_else(|| cheapest(legal))
        .expect("legal is not empty")
}

fn follow(view: &SeatView, k: &Knowledge, read: &TrickRead, legal: CardSet) -> Card {
    let friends = friends(view);
    let (winner, _) = read.winner().expect("the trick has a card");
    let enemy = |s: Seat| {
        let mine = view.my_party();
        mine.is_some() && view.parties[s.index()] == mine.map(Party::other)
    };
    // The Sküs catches an opposing Mond.
    let mond = read.trick.cards().position(|c| c == Card::MOND);
    if let Some(i) = mond
        && legal.contains(Card::SKUS)
        && enemy(read.trick.leader().plus(i as u8))
    {
        return Card::SKUS;
    }
    if friends.contains(&winner) && !read.winner_beatable(k, &friends) {
        return schmieren(k, legal);
    }
    let sure = legal
        .iter()
        .filter(|c| read.wins_now(*c) && !read.likely_beaten(*c, k, &friends))
        .min_by_key(|c| win_cost(*c));
    if let Some(card) = sure
        && (read.is_last() || read.value() + u32::from(card.value()) >= WORTH_WINNING)
    {
        return card;
    }
    discard(legal)
}

/// Gives a partner who is sure to win as much as can be spared: a Mond the
/// Sküs still threatens, else the most valuable card that is not a King,
/// else the lowest plain tarock.
fn schmieren(k: &Knowledge, legal: CardSet) -> Card {
    if legal.contains(Card::MOND) && k.pool.contains(Card::SKUS) {
        return Card::MOND;
    }
    let plain = legal.intersect(CardSet::SUIT_CARDS).without(CardSet::KINGS);
    if let Some(card) = plain
        .iter()
        .max_by_key(|c| (c.value(), std::cmp::Reverse(c.index())))
    {
        return card;
    }
    lowest_plain_tarock(legal)
        .or_else(|| cheapest(legal))
        .expect("legal is not empty")
}

/// The card that gives the opponents the least.
fn discard(legal: CardSet) -> Card {
    if legal.intersect(CardSet::TAROCKS) == legal {
        return lowest_plain_tarock(legal)
            .or_else(|| cheapest(legal))
            .expect("legal is not empty");
    }
    cheapest(legal.intersect(CardSet::SUIT_CARDS))
        .or_else(|| cheapest(legal))
        .expect("legal is not empty")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures;

    #[test]
    fn medium_keeps_an_announced_pagat_even_where_the_rules_let_it_go_early() {
        // Soft reservation: S3 announced the Pagat and may play it early
        // (the premium would be lost). Trick 1 is a tarock lead; S3 keeps it.
        let game = fixtures::fd1_soft_pagat();
        let view = game.view(Seat::S3);
        let legal = view.legal.unwrap().cards;
        assert!(legal.contains(Card::PAGAT));
        let card = medium_card(&view);
        assert_ne!(card, Card::PAGAT);
        assert!(card.is_tarock());
    }

    #[test]
    fn medium_leads_a_top_card_in_a_colour_game_whoever_lacks_the_suit() {
        let game = fixtures::farbendreier_end();
        assert_eq!(medium_card(&game.view(Seat::S0)), "sQ".parse().unwrap());
    }
}
