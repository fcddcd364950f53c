//! Blunders: the plays a tarock player laughs at (issue 33, point 6), as
//! pure predicates over one decision, so that tests can pin them on exact
//! positions and the arena can count them.
//!
//! Each card-play predicate takes the seat's view before it acts, the true
//! hands of all four seats at that moment (the arena and the fixtures know
//! them; a player never does) and the card played. "Avoidably" always means
//! that another legal card existed; the consequences inside the trick in
//! progress are decided exactly on the true hands by letting the rest of the
//! trick be played in every legal way ([`forced`]), so a predicate is only
//! true when the other party can enforce the loss whatever the seat's own
//! party does.
//!
//! What counts as a monster or a trash hand is fixed here from the rules,
//! not from a player's thresholds: a monster holds at least eight tarocks
//! with the Sküs, the Mond and two more of XVII – XX (a Solo it wins against
//! any distribution of the other 30 cards in practice); a trash hand holds
//! at most three tarocks, none of the Trull, and no King.

use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::rules::{GameKind, Item, Rules};
use tarock_zwanzigerrufen::trick::{legal_cards_after, winning_index};
use tarock_zwanzigerrufen::{Action, Bid, Party, Seat, SeatView};

use crate::search::{Goal, Position, Solver};

/// The party of every seat on the true deal: the declarer, the partner
/// (known publicly, or the holder of the called card), the others opponents.
pub fn true_parties(view: &SeatView, hands: &[CardSet; 4]) -> [Party; 4] {
    let contract = view.contract.expect("trick play has a game");
    let partner = contract.partner.or_else(|| {
        let called = contract.called?;
        Seat::ALL
            .into_iter()
            .find(|s| hands[s.index()].contains(called))
    });
    Seat::ALL.map(|s| {
        if view.parties[s.index()] == Some(Party::Declarer)
            || s == contract.declarer
            || Some(s) == partner
        {
            Party::Declarer
        } else {
            Party::Opponents
        }
    })
}

/// The seat bound to keep the Pagat (an announced Pagat Ultimo in force).
fn pagat_bound(view: &SeatView) -> Option<Seat> {
    view.item(Item::Pagat)
        .filter(|p| p.in_force())
        .map(|p| p.announcer)
}

/// The trick in progress with `card` added, as a fixed array.
struct Trick {
    cards: [Card; 4],
    len: usize,
    leader: Seat,
}

fn trick_after(view: &SeatView, card: Card) -> Trick {
    let trick = view.trick.expect("trick play");
    let mut cards = [Card::PAGAT; 4];
    let played = trick.cards();
    cards[..played.len()].copy_from_slice(played);
    cards[played.len()] = card;
    Trick {
        cards,
        len: played.len() + 1,
        leader: trick.leader(),
    }
}

/// Whether `side` can make the finished trick satisfy `goal` whatever the
/// other party does: the seats still to play after `trick` choose among
/// their legal cards from `hands`, `side` looking for the goal, the others
/// against it. `goal` gets the four cards and the winner's index.
pub fn forced(
    view: &SeatView,
    hands: &[CardSet; 4],
    parties: &[Party; 4],
    card: Card,
    side: Party,
    goal: &dyn Fn(&[Card; 4], usize) -> bool,
) -> bool {
    let t = trick_after(view, card);
    let kind = view.contract.expect("trick play has a game").kind;
    let mut hands = *hands;
    hands[view.seat.index()].remove(card);
    let rules = &view.rules;
    let bound = pagat_bound(view);
    let mut cards = t.cards;
    fn go(
        cards: &mut [Card; 4],
        len: usize,
        leader: Seat,
        hands: &[CardSet; 4],
        ctx: (&Rules, GameKind, Option<Seat>, &[Party; 4], Party),
        goal: &dyn Fn(&[Card; 4], usize) -> bool,
    ) -> bool {
        let (rules, kind, bound, parties, side) = ctx;
        if len == 4 {
            return goal(cards, winning_index(cards, kind, rules));
        }
        let seat = leader.plus(len as u8);
        let hand = hands[seat.index()];
        let legal = legal_cards_after(hand, Some(cards[0]), kind, bound == Some(seat));
        let ours = parties[seat.index()] == side;
        let mut any = false;
        let mut all = true;
        for c in legal {
            cards[len] = c;
            let r = go(cards, len + 1, leader, hands, ctx, goal);
            any |= r;
            all &= r;
        }
        if legal.is_empty() {
            // A seat without cards cannot be in a trick; treat as settled.
            return goal(cards, winning_index(&cards[..len], kind, rules));
        }
        if ours { any } else { all }
    }
    go(
        &mut cards,
        t.len,
        t.leader,
        &hands,
        (rules, kind, bound, parties, side),
        goal,
    )
}

fn other_legal(view: &SeatView, card: Card) -> bool {
    view.legal
        .is_some_and(|l| !l.cards.without(CardSet::single(card)).is_empty())
}

/// The Pagat lost avoidably: played while another card was legal into a
/// trick the other party can take whatever the seat's party does.
pub fn pagat_lost(view: &SeatView, hands: &[CardSet; 4], card: Card) -> bool {
    if card != Card::PAGAT || !other_legal(view, card) {
        return false;
    }
    let parties = true_parties(view, hands);
    let other = parties[view.seat.index()].other();
    let leader = view.trick.expect("trick play").leader();
    forced(view, hands, &parties, card, other, &|_, w| {
        parties[leader.plus(w as u8).index()] == other
    })
}

/// The Mond led or played avoidably into a trick where the other party's
/// Sküs can take it (Mondfang) whatever the seat's party does.
pub fn mond_into_skus(view: &SeatView, hands: &[CardSet; 4], card: Card) -> bool {
    if card != Card::MOND || !other_legal(view, card) {
        return false;
    }
    let parties = true_parties(view, hands);
    let other = parties[view.seat.index()].other();
    let leader = view.trick.expect("trick play").leader();
    forced(view, hands, &parties, card, other, &|cards, w| {
        cards[w] == Card::SKUS && parties[leader.plus(w as u8).index()] == other
    })
}

/// The other party's Mond in the trick not caught although the seat held a
/// legal Sküs that would take it whatever comes after.
pub fn mond_not_caught(view: &SeatView, hands: &[CardSet; 4], card: Card) -> bool {
    let Some(trick) = view.trick else {
        return false;
    };
    let legal = view.legal.map_or(CardSet::EMPTY, |l| l.cards);
    if card == Card::SKUS || !legal.contains(Card::SKUS) {
        return false;
    }
    let parties = true_parties(view, hands);
    let mine = parties[view.seat.index()];
    let Some(mond_seat) = trick.player_of(Card::MOND) else {
        return false;
    };
    if parties[mond_seat.index()] == mine {
        return false;
    }
    let leader = trick.leader();
    forced(view, hands, &parties, Card::SKUS, mine, &|cards, w| {
        cards[w] == Card::SKUS && parties[leader.plus(w as u8).index()] == mine
    })
}

/// Points of the cards in the trick in progress.
fn trick_points(view: &SeatView) -> u32 {
    view.trick.map_or(0, |t| t.points())
}

/// Whether the seat plays last to the trick in progress.
fn last_to_play(view: &SeatView) -> bool {
    view.trick.is_some_and(|t| t.cards().len() == 3)
}

/// Whether `card`, played last, wins the trick.
fn wins_last(view: &SeatView, card: Card) -> bool {
    let t = trick_after(view, card);
    let kind = view.contract.expect("trick play has a game").kind;
    winning_index(&t.cards, kind, &view.rules) == 3
}

/// A trick of 8 or more card points (the three cards in it) left to the
/// other party by the seat playing last while it held a legal winner.
pub fn big_trick_left(view: &SeatView, hands: &[CardSet; 4], card: Card) -> bool {
    if !last_to_play(view) || trick_points(view) < 8 || wins_last(view, card) {
        return false;
    }
    let parties = true_parties(view, hands);
    let trick = view.trick.expect("trick play");
    let kind = view.contract.expect("trick play has a game").kind;
    let w = winning_index(trick.cards(), kind, &view.rules);
    let winner = trick.leader().plus(w as u8);
    let legal = view.legal.map_or(CardSet::EMPTY, |l| l.cards);
    parties[winner.index()] != parties[view.seat.index()]
        && legal.iter().any(|c| wins_last(view, c))
}

/// A King or a Queen given (schmiert) to the other party by the seat playing
/// last while a legal card worth at most one point was at hand.
pub fn schmiert_to_the_other_party(view: &SeatView, hands: &[CardSet; 4], card: Card) -> bool {
    let king_or_queen = matches!(card.points(), 4 | 5) && !card.is_tarock();
    if !last_to_play(view) || !king_or_queen || wins_last(view, card) {
        return false;
    }
    let parties = true_parties(view, hands);
    let trick = view.trick.expect("trick play");
    let kind = view.contract.expect("trick play has a game").kind;
    let t = trick_after(view, card);
    let w = winning_index(&t.cards, kind, &view.rules);
    let winner = trick.leader().plus(w as u8);
    let legal = view.legal.map_or(CardSet::EMPTY, |l| l.cards);
    parties[winner.index()] != parties[view.seat.index()] && legal.iter().any(|c| c.points() <= 1)
}

/// Whether `card` fulfils one of the predicates decided inside the trick in
/// progress ([`pagat_lost`], [`mond_into_skus`], [`mond_not_caught`],
/// [`big_trick_left`], [`schmiert_to_the_other_party`]) on `hands`: the
/// true deal in the arena, a sampled one in the strong player's search.
pub fn in_trick(view: &SeatView, hands: &[CardSet; 4], card: Card) -> bool {
    pagat_lost(view, hands, card)
        || mond_into_skus(view, hands, card)
        || mond_not_caught(view, hands, card)
        || big_trick_left(view, hands, card)
        || schmiert_to_the_other_party(view, hands, card)
}

/// A Valat thrown away: the seat's party took every trick so far, a Valat
/// counts (announced or silent), the party could still force every
/// remaining trick before `card` and cannot after it. Searched exactly with
/// the solver on the true hands; `None` when the search needed more than
/// `limit` nodes.
pub fn valat_thrown(view: &SeatView, hands: &[CardSet; 4], card: Card, limit: u64) -> Option<bool> {
    let valat_counts = view.rules.valat_silent > 0 || view.item(Item::Valat).is_some();
    if !valat_counts {
        return Some(false);
    }
    let parties = true_parties(view, hands);
    let mine = parties[view.seat.index()];
    if view
        .tricks
        .iter()
        .any(|t| parties[t.winner.index()] != mine)
    {
        return Some(false);
    }
    let kind = view.contract.expect("trick play has a game").kind;
    let side = Seat::ALL
        .into_iter()
        .filter(|s| parties[s.index()] == mine)
        .fold(0u8, |m, s| m | 1 << s.index());
    let mut solver = Solver::new();
    solver.reset(limit);
    solver.set_deal(view.rules, kind, side, pagat_bound(view));
    let mut pos = Position::of_trick(view, *hands);
    let left = i32::from(tarock_zwanzigerrufen::score::TRICKS) - view.tricks.len() as i32;
    let thrown = valat_throwers(&mut solver, &mut pos, left, CardSet::from_iter([card]))?;
    Some(thrown.is_some_and(|t| t.contains(card)))
}

/// Which of `cards` throw away a Valat: with the solver set to the side
/// that wants every trick, `Some(None)` when the side cannot force the
/// `left` tricks from `pos` anyway, `Some(Some(thrown))` with the cards
/// after which it no longer can, `None` when the solver's node limit cut
/// the search short. Shared by the arena's predicate ([`valat_thrown`])
/// and strong's Valat pass, which asks it of sampled hands.
pub(crate) fn valat_throwers(
    solver: &mut Solver,
    pos: &mut Position,
    left: i32,
    cards: CardSet,
) -> Option<Option<CardSet>> {
    let before = solver.at_least(pos, left, Goal::Tricks);
    if solver.aborted() {
        return None;
    }
    if !before {
        return Some(None);
    }
    let mut thrown = CardSet::EMPTY;
    for card in cards {
        let mut after = *pos;
        let (gained, _, _) = solver.play(&mut after, card, Goal::Tricks);
        if !solver.at_least(&mut after, left - gained, Goal::Tricks) {
            thrown.insert(card);
        }
    }
    (!solver.aborted()).then_some(Some(thrown))
}

/// A monster hand: at least eight tarocks with the Sküs, the Mond and two
/// more of XVII – XX.
pub fn is_monster(hand: CardSet) -> bool {
    let tarocks = hand.intersect(CardSet::TAROCKS);
    let high = tarocks
        .iter()
        .filter(|c| (17..=20).contains(&c.tarock_number().unwrap_or(0)))
        .count();
    tarocks.len() >= 8 && tarocks.contains(Card::SKUS) && tarocks.contains(Card::MOND) && high >= 2
}

/// A trash hand: at most three tarocks, none of the Trull, and no King.
pub fn is_trash(hand: CardSet) -> bool {
    let tarocks = hand.intersect(CardSet::TAROCKS);
    tarocks.len() <= 3
        && tarocks.intersect(CardSet::TRULL).is_empty()
        && hand.intersect(CardSet::KINGS).is_empty()
}

/// A monster hand passing: Weiter without a bid this turn while a Solo was
/// legal.
pub fn monster_passes(view: &SeatView, action: Action) -> bool {
    let solo_legal = view
        .legal
        .is_some_and(|l| l.contains(Action::Bid(Bid::Game(GameKind::Solo))));
    action == Action::Weiter && view.bids_this_turn == 0 && solo_legal && is_monster(view.hand)
}

/// A trash hand bidding voluntarily: any bid while Weiter was legal (the
/// Vorhand's forced opening and the Trull holder's Kontra duty are not
/// voluntary).
pub fn trash_bids(view: &SeatView, action: Action) -> bool {
    let voluntary = view.legal.is_some_and(|l| l.weiter);
    matches!(action, Action::Bid(_)) && voluntary && is_trash(view.hand)
}
