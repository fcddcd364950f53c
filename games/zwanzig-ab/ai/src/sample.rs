//! Guessing the hidden cards: a [`World`] consistent with everything one
//! seat saw — its own cards and discards, the cards played, how many cards
//! each player holds, the stock's size, and the suits a player showed he
//! lacks by not following (and, under `must_trump`, by not trumping).

use rand::{Rng, RngCore};
use tarock_zwanzig_ab::card::{Card, CardSet};
use tarock_zwanzig_ab::seat::MAX_PLAYERS;
use tarock_zwanzig_ab::trick::Trick;
use tarock_zwanzig_ab::{Action, Decision, Phase, Seat, SeatSet, SeatView};

use super::eval::{default_trump, exchange_candidates};
use super::world::{MAX_STOCK, Stage, World};

/// Tries to place the cards under the void constraints before giving up
/// on them.
const TRIES: u32 = 20;

/// Suits each seat is known to lack, from the tricks so far.
pub fn voids(view: &SeatView) -> [CardSet; MAX_PLAYERS] {
    let mut lacks = [CardSet::EMPTY; MAX_PLAYERS];
    let Some(trump) = view.public.trump else {
        return lacks;
    };
    let must_trump = view.public.rules.flags().must_trump;
    let tricks = view.public.tricks.iter().map(|t| &t.trick);
    for trick in tricks.chain(view.public.trick.iter()) {
        let Some(led) = trick.led() else { continue };
        for (seat, card) in trick.plays().skip(1) {
            if card.suit() != led.suit() {
                let l = &mut lacks[seat.index()];
                *l = l.union(led.suit().cards());
                if must_trump && card.suit() != trump {
                    *l = l.union(trump.cards());
                }
            }
        }
    }
    lacks
}

/// Cards the seat has seen: its hand, its discards and every played card.
fn seen(view: &SeatView) -> CardSet {
    let played = view
        .public
        .tricks
        .iter()
        .map(|t| t.trick.card_set())
        .chain(view.public.trick.map(|t| t.card_set()))
        .fold(CardSet::EMPTY, CardSet::union);
    view.hand.union(view.discards).union(played)
}

/// Deals `pool` to the seats in `need` (cards per seat), keeping each card
/// out of the seats whose `lacks` contain it when possible.
fn deal_constrained(
    rng: &mut (impl RngCore + ?Sized),
    pool: &[Card],
    need: &[(Seat, usize)],
    lacks: &[CardSet; MAX_PLAYERS],
) -> ([CardSet; MAX_PLAYERS], Vec<Card>) {
    let mut cards = pool.to_vec();
    for attempt in 0..=TRIES {
        shuffle(rng, &mut cards);
        let strict = attempt < TRIES;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut taken = vec![false; cards.len()];
        let mut ok = true;
        // The most constrained seats choose first.
        let mut order = need.to_vec();
        order.sort_by_key(|(s, _)| std::cmp::Reverse(lacks[s.index()].len()));
        for (seat, count) in order {
            let mut got = 0;
            for (i, card) in cards.iter().enumerate() {
                if got == count {
                    break;
                }
                if !taken[i] && (!strict || !lacks[seat.index()].contains(*card)) {
                    taken[i] = true;
                    hands[seat.index()].insert(*card);
                    got += 1;
                }
            }
            ok &= got == count;
        }
        if ok {
            let rest = cards
                .iter()
                .zip(&taken)
                .filter(|(_, t)| !**t)
                .map(|(c, _)| *c)
                .collect();
            return (hands, rest);
        }
    }
    unreachable!("without constraints every seat gets its cards")
}

fn shuffle<T>(rng: &mut (impl RngCore + ?Sized), items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// A world consistent with `view`, the hidden cards dealt at random.
pub fn sample(view: &SeatView, rng: &mut (impl RngCore + ?Sized)) -> World {
    let p = &view.public;
    let n = p.players;
    let me = view.seat;
    let unseen: Vec<Card> = CardSet::DECK.without(seen(view)).iter().collect();
    let mut scores = [0; MAX_PLAYERS];
    scores[..usize::from(n)].copy_from_slice(&p.scores);
    let mut drops = [0; MAX_PLAYERS];
    drops[..usize::from(n)].copy_from_slice(&p.drops_used);
    let mut dropped = SeatSet::EMPTY;
    for s in &p.dropped {
        dropped.insert(*s);
    }
    let mut world = World {
        rules: p.rules,
        n,
        maker: p.maker,
        trump: p.trump,
        stage: Stage::Over,
        hands: [CardSet::EMPTY; MAX_PLAYERS],
        second: [CardSet::EMPTY; MAX_PLAYERS],
        dropped,
        stock: [None; MAX_STOCK],
        stock_pos: 0,
        trick: p.trick.unwrap_or(Trick::new(p.maker)),
        to_play: me,
        played: p.tricks.len() as u8,
        won: [0; MAX_PLAYERS],
        out_at: [0; MAX_PLAYERS],
        scores,
        drops,
    };
    world.won[..usize::from(n)].copy_from_slice(&p.tricks_won);
    let pos = |seat: Seat| (seat.index() + usize::from(n) - p.maker.index()) as u8 % n;
    match p.phase {
        Phase::Trump => {
            // Everyone's packets but the maker's first are unknown.
            let others: Vec<(Seat, usize)> =
                Seat::all(n).filter(|s| *s != me).map(|s| (s, 3)).collect();
            let (firsts, rest) = deal_constrained(rng, &unseen, &others, &[CardSet::EMPTY; 5]);
            world.hands = firsts;
            world.hands[me.index()] = view.hand;
            let seconds: Vec<(Seat, usize)> = Seat::all(n).map(|s| (s, 2)).collect();
            let (seconds, stock) = deal_constrained(rng, &rest, &seconds, &[CardSet::EMPTY; 5]);
            world.second = seconds;
            fill_stock(&mut world, &stock, 32 - 5 * usize::from(n));
            world.stage = Stage::Trump;
        }
        Phase::Exchange if !p.rules.drop_round() => {
            world.stage = Stage::Exchange(0);
            exchange_world(view, rng, &unseen, &mut world);
        }
        Phase::Exchange | Phase::DropRound => {
            let others: Vec<(Seat, usize)> = Seat::all(n)
                .filter(|s| *s != me && !dropped.contains(*s))
                .map(|s| (s, 5))
                .collect();
            let (hands, rest) = deal_constrained(rng, &unseen, &others, &[CardSet::EMPTY; 5]);
            world.hands = hands;
            world.hands[me.index()] = view.hand;
            fill_stock(&mut world, &rest, p.stock_left as usize);
            let at = pos(p.to_act.expect("the seat is to act"));
            world.stage = if p.phase == Phase::Exchange {
                Stage::Exchange(at)
            } else {
                Stage::DropRound(at)
            };
        }
        _ => {
            let lacks = voids(view);
            let others: Vec<(Seat, usize)> = Seat::all(n)
                .filter(|s| *s != me && !dropped.contains(*s))
                .map(|s| (s, usize::from(p.hand_sizes[s.index()])))
                .collect();
            let (hands, _) = deal_constrained(rng, &unseen, &others, &lacks);
            world.hands = hands;
            world.hands[me.index()] = view.hand;
            world.stage = Stage::Play;
        }
    }
    world
}

/// Tries to draw a hand that explains a seat's observed decision.
const DECISION_TRIES: u32 = 200;

/// The exchange round (default timing), conditioned on the decisions made
/// before this seat: each earlier seat's original hand is drawn again until
/// the easy player's rules, given that hand, make the decision the seat made
/// (stay, exchange of as many cards, drop) — a player who stayed holds a
/// strong hand, one who dropped a weak one; the trump maker named trump on
/// his first three cards by the easy rule. Swaps draw from the stock in
/// turn order, as at the table. After [`DECISION_TRIES`] the last hand is
/// taken and the observed decision applied to it.
fn exchange_world(
    view: &SeatView,
    rng: &mut (impl RngCore + ?Sized),
    unseen: &[Card],
    world: &mut World,
) {
    let p = &view.public;
    let n = usize::from(p.players);
    let me = view.seat;
    let mut pool: Vec<Card> = unseen.to_vec();
    shuffle(rng, &mut pool);
    // Drops and dropped seats are rebuilt by replaying the decisions.
    for s in &p.dropped {
        world.drops[s.index()] -= 1;
    }
    world.dropped = SeatSet::EMPTY;
    world.hands = [CardSet::EMPTY; MAX_PLAYERS];
    world.hands[me.index()] = view.hand;
    let stock_size = 32 - 5 * n;
    let mut pos = 0u8;
    while world.seat_at(pos) != me {
        let seat = world.seat_at(pos);
        let observed = p.decisions[seat.index()];
        let mut chosen = None;
        for attempt in 0..DECISION_TRIES {
            // Five random cards of the pool, leaving room for the stock.
            let hand: CardSet = pool.iter().take(5).copied().collect();
            world.hands[seat.index()] = hand;
            if pos == 0 {
                // The stock follows the maker's cards (its size matters to
                // the decision).
                world.stock = [None; MAX_STOCK];
                fill_stock(world, &pool[5..], stock_size);
                world.stock_pos = 0;
            }
            let modeled = world.easy_action();
            // The maker named trump on his first three cards.
            let named = pos != 0
                || Some(default_trump(pool.iter().take(3).copied().collect())) == world.trump;
            let fits = named && explains(observed, modeled);
            if fits || attempt + 1 == DECISION_TRIES {
                chosen = Some(if fits {
                    modeled
                } else {
                    forced(observed, hand, world)
                });
                break;
            }
            // Put the five back at random places and try other cards.
            shuffle(rng, &mut pool);
        }
        pool.drain(..5);
        let action = chosen.expect("a decision");
        if pos == 0 {
            // Those stock cards are now taken.
            pool.drain(..stock_size.min(pool.len()));
        }
        world.apply(action);
        pos += 1;
    }
    if pos == 0 {
        // This seat is the trump maker: the stock is still whole.
        let stock: Vec<Card> = pool.drain(..stock_size.min(pool.len())).collect();
        fill_stock(world, &stock, stock_size);
        world.stock_pos = 0;
    }
    // The seats after this one hold any of the remaining cards.
    for k in (pos + 1)..(n as u8) {
        let seat = world.seat_at(k);
        world.hands[seat.index()] = pool.drain(..5.min(pool.len())).collect();
    }
    world.stage = Stage::Exchange(pos);
}

/// Whether the easy rules' `modeled` action is the `observed` decision.
fn explains(observed: Option<Decision>, modeled: Action) -> bool {
    match (observed, modeled) {
        (Some(Decision::Stayed), Action::Stay) | (Some(Decision::Dropped(_)), Action::Drop) => true,
        (Some(Decision::Swapped(k)), Action::Swap(c)) => c.len() == u32::from(k),
        _ => false,
    }
}

/// The observed decision applied to a hand the easy rules would not have
/// made it with.
fn forced(observed: Option<Decision>, hand: CardSet, world: &World) -> Action {
    let trump = world.trump.expect("trump is named");
    match observed {
        Some(Decision::Swapped(k)) => {
            let mut discard = exchange_candidates(hand, trump, u32::from(k));
            for card in hand.iter() {
                if discard.len() < u32::from(k) && !discard.contains(card) {
                    discard.insert(card);
                }
            }
            Action::Swap(discard)
        }
        Some(Decision::Dropped(_)) => Action::Drop,
        _ => Action::Stay,
    }
}

/// The first `count` of `cards` become the stock, top first.
fn fill_stock(world: &mut World, cards: &[Card], count: usize) {
    for (slot, card) in world.stock.iter_mut().zip(cards.iter().take(count)) {
        *slot = Some(*card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tarock_zwanzig_ab::card::Suit;
    use tarock_zwanzig_ab::{Rules, Session};

    /// FG1's first deal up to S1's card in trick 3 (S0 led s8).
    fn fg1_in_trick_three() -> Session {
        let mut s = Session::fresh(Rules::STANDARD, 4, 3).unwrap();
        let deck = "hA h10 c7 h7 hQ c8 h8 sA c9 sQ sJ cK s8 d9 sK d10 dA h9 cQ d8 \
                    d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ";
        s.start_deal(deck.parse().unwrap()).unwrap();
        for a in [
            "0 trump h",
            "0 swap c7 d9",
            "1 swap c8",
            "2 stay",
            "3 drop",
            "0 hA",
            "1 h7",
            "2 h8",
            "0 h10",
            "1 hQ",
            "2 h9",
            "0 s8",
        ] {
            let (seat, words) = a.split_once(' ').unwrap();
            s.apply(
                Seat::new(seat.parse().unwrap()).unwrap(),
                words.parse().unwrap(),
            )
            .unwrap();
        }
        s
    }

    #[test]
    fn samples_agree_with_what_the_seat_saw() {
        let s = fg1_in_trick_three();
        let view = s.view(Seat::S1);
        let mut rng = SmallRng::seed_from_u64(9);
        for _ in 0..50 {
            let w = sample(&view, &mut rng);
            assert_eq!(w.hands[1], view.hand);
            // S0 has played three cards (hA, h10, s8), S2 two: 2 and 3 left,
            // none of them seen by S1.
            assert_eq!(w.hands[0].len(), 2);
            assert_eq!(w.hands[2].len(), 3);
            assert!(w.hands[0].intersect(view.hand).is_empty());
            assert!(!w.hands[0].contains("hA".parse().unwrap()));
            assert_eq!(w.stage, Stage::Play);
            assert_eq!(w.to_act(), Some(Seat::S1));
            assert_eq!(w.trick.len(), 1);
        }
    }

    #[test]
    fn guesses_explain_the_earlier_exchange_decisions() {
        // FG2 (five players, spades trump): S0 swapped three, S1 three, S2
        // dropped; S3 is to decide.
        let mut s = Session::fresh(Rules::STANDARD, 5, 4).unwrap();
        let deck = "s9 s8 h10 dA cA h9 sK sQ s10 d8 c7 s7 d9 c8 h8 cQ cJ hJ c10 sJ \
                    dK d10 hA dQ hQ d7 c9 hK h7 dJ cK sA";
        s.start_deal(deck.parse().unwrap()).unwrap();
        for a in [
            "0 trump s",
            "0 swap h10 cQ cJ",
            "1 swap h9 hJ c10",
            "2 drop",
        ] {
            let (seat, words) = a.split_once(' ').unwrap();
            s.apply(
                Seat::new(seat.parse().unwrap()).unwrap(),
                words.parse().unwrap(),
            )
            .unwrap();
        }
        let view = s.view(Seat::S3);
        let mut rng = SmallRng::seed_from_u64(11);
        for _ in 0..30 {
            let w = sample(&view, &mut rng);
            // The maker named spades on his first three cards and never
            // discards a trump: he holds a spade.
            assert!(!w.hands[0].of_suit(Suit::Spades).is_empty());
            // S2 dropped: by the easy rules its hand was weak.
            assert!(super::super::easy::wants_to_drop(
                w.hands[2],
                Suit::Spades,
                4
            ));
            assert!(w.dropped.contains(Seat::S2));
            // One card is left in the stock, none of them seen by S3.
            assert_eq!(w.stock[w.stock_pos..].iter().flatten().count(), 1);
            assert!(w.hands[2].intersect(view.hand).is_empty());
            assert_eq!(w.stage, Stage::Exchange(3));
        }
    }

    #[test]
    fn a_player_who_did_not_follow_is_void_in_the_sample() {
        // FG1 deal 2, trick 4: S1 (void in clubs, clubs trump) played sK to c10.
        let mut t = Trick::new(Seat::S0);
        t.push(Seat::S0, "c10".parse().unwrap(), Suit::Clubs);
        t.push(Seat::S1, "sK".parse().unwrap(), Suit::Clubs);
        let s = fg1_in_trick_three();
        let mut view = s.view(Seat::S2);
        view.public.trump = Some(Suit::Clubs);
        view.public.trick = Some(t);
        let lacks = voids(&view);
        assert!(lacks[1].contains_all(Suit::Clubs.cards()));
        assert!(lacks[0].is_empty());
    }
}
