//! Blunders of 20 ab (issue 33, point 6) as pure predicates over one
//! decision, so that tests can pin them on exact positions and the arena
//! can count them.
//!
//! - **No trick when one was there to take**: a player without a trick in
//!   the deal, at the fourth trick (two cards left, so this card decides
//!   which one plays the last trick), who could make sure of a trick in the
//!   fourth or fifth trick whatever the others play, plays a card after
//!   which the others can leave him without any — and take his +5 (+10 for
//!   the trump maker) instead of −1 (SPEC §6.1). Decided exactly on the
//!   true hands, the other players choosing against him.
//! - **Trump without a card of it**: the maker names a suit of which his
//!   first packet holds no card while it holds two cards of another suit,
//!   one of them its Ace (SPEC §3: he sees only the first packet).

use tarock_zwanzig_ab::card::{Card, CardSet, Suit};
use tarock_zwanzig_ab::seat::MAX_PLAYERS;
use tarock_zwanzig_ab::trick::Trick;
use tarock_zwanzig_ab::{Action, Phase, Seat, SeatSet, SeatView};

use crate::world::{MAX_STOCK, Stage, World};

/// The trick play of `view` with every seat's true cards (`hands`, by seat
/// index; the seat's own hand is taken from the view).
fn world_with_hands(view: &SeatView, hands: &[CardSet]) -> World {
    let p = &view.public;
    let n = usize::from(p.players);
    let mut scores = [0; MAX_PLAYERS];
    scores[..n].copy_from_slice(&p.scores);
    let mut drops = [0; MAX_PLAYERS];
    drops[..n].copy_from_slice(&p.drops_used);
    let mut dropped = SeatSet::EMPTY;
    for s in &p.dropped {
        dropped.insert(*s);
    }
    let mut all = [CardSet::EMPTY; MAX_PLAYERS];
    all[..n].copy_from_slice(&hands[..n]);
    all[view.seat.index()] = view.hand;
    let mut won = [0; MAX_PLAYERS];
    won[..n].copy_from_slice(&p.tricks_won);
    World {
        rules: p.rules,
        n: p.players,
        maker: p.maker,
        trump: p.trump,
        stage: Stage::Play,
        hands: all,
        second: [CardSet::EMPTY; MAX_PLAYERS],
        dropped,
        stock: [None; MAX_STOCK],
        stock_pos: 0,
        trick: p.trick.unwrap_or(Trick::new(p.maker)),
        to_play: view.seat,
        played: p.tricks.len() as u8,
        won,
        out_at: [0; MAX_PLAYERS],
        scores,
        drops,
    }
}

/// Whether `me` takes a trick in the rest of the deal whatever the others
/// play, choosing its own cards well.
fn sure_of_a_trick(world: &World, me: Seat) -> bool {
    if world.won[me.index()] > 0 {
        return true;
    }
    if world.stage == Stage::Over {
        return false;
    }
    let mine = world.to_play == me;
    let mut any = false;
    let mut all = true;
    for card in world.legal_cards() {
        let mut w = world.clone();
        w.apply(Action::Card(card));
        let r = sure_of_a_trick(&w, me);
        any |= r;
        all &= r;
    }
    if mine { any } else { all }
}

/// Whether `me` takes a trick whatever anyone plays, itself included.
fn sure_whatever(world: &World, me: Seat) -> bool {
    if world.won[me.index()] > 0 {
        return true;
    }
    if world.stage == Stage::Over {
        return false;
    }
    world.legal_cards().iter().all(|card| {
        let mut w = world.clone();
        w.apply(Action::Card(card));
        sure_whatever(&w, me)
    })
}

/// `me`, without a trick and holding two cards or fewer, is sure of a
/// trick if it chooses its cards well but not whatever it plays: one card
/// keeps the trick sure, the other throws it away, and the seat must know
/// which ([`no_trick_avoidable`] is that wrong choice).
pub fn must_guess(world: &World, me: Seat) -> bool {
    world.stage == Stage::Play
        && world.won[me.index()] == 0
        && world.hands[me.index()].len() <= 2
        && !world.dropped.contains(me)
        && sure_of_a_trick(world, me)
        && !sure_whatever(world, me)
}

/// A player with no trick yet, playing to the fourth trick, throws away a
/// trick he could have made sure of (see the module docs). `hands` are the
/// true hands by seat index.
pub fn no_trick_avoidable(view: &SeatView, hands: &[CardSet], card: Card) -> bool {
    let p = &view.public;
    if p.phase != Phase::Play || p.tricks_won[view.seat.index()] > 0 || view.hand.len() != 2 {
        return false;
    }
    let world = world_with_hands(view, hands);
    let after = |c: Card| {
        let mut w = world.clone();
        w.apply(Action::Card(c));
        sure_of_a_trick(&w, view.seat)
    };
    let legal = view.legal.map_or(CardSet::EMPTY, |l| l.cards);
    !after(card) && legal.iter().any(after)
}

/// The Ace of `suit`.
fn ace(suit: Suit) -> Card {
    Card::new(suit, 0).expect("position 0 is the Ace")
}

/// The maker names a suit his first packet has no card of while holding
/// two cards of another suit with its Ace.
pub fn trump_without_a_card(view: &SeatView, action: Action) -> bool {
    let Action::Trump(suit) = action else {
        return false;
    };
    let holds = |s: Suit| view.hand.intersect(s.cards());
    view.public.phase == Phase::Trump
        && holds(suit).is_empty()
        && Suit::ALL
            .into_iter()
            .any(|s| holds(s).len() >= 2 && holds(s).contains(ace(s)))
}
