//! Exact search of one fully known deal (all four hands dealt by
//! [`crate::sample`]): can the declarer's side still take at least `need`
//! card points (or tricks)?
//!
//! The question is a zero-window alpha-beta search: the declarer's side
//! needs one move that works, the opponents one that refutes. Asking it at
//! the thresholds that change the settlement (45 and 56 points for the
//! declarer, 33 for the opponents' Absolut, all tricks for a Valat) is much
//! cheaper than computing the exact score. A transposition table keyed by
//! the four hands and the leader at each trick boundary keeps the bounds
//! learnt on the points still to come, so later questions (and other
//! candidate moves) reuse earlier work. Equal tarocks — two one-point tarocks
//! of one hand with no unplayed card between them — are searched once.
//! Where one trick decides (the declarer's side needs every trick, or just
//! one), the side that wants that trick tries, of its cards that cannot
//! take the trick in progress, only the lowest of each class (the Valat
//! of a Solo with nine top tarocks, asked on 16 samples of the first lead,
//! took 6.6 million nodes without this and 89 000 with it).
//!
//! The search counts nodes and gives up beyond a limit, so callers can keep
//! a budget without a clock.

use tarock_zwanzigerrufen::SeatView;
use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::rules::{GameKind, Rules};
use tarock_zwanzigerrufen::seat::Seat;
use tarock_zwanzigerrufen::trick::{legal_cards_after, winning_index};

/// What the declarer's side collects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Card points.
    Points,
    /// Tricks (for Valat).
    Tricks,
}

/// A position in trick play with every hand known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The cards each seat holds.
    pub hands: [CardSet; 4],
    /// The cards of the trick in progress, in playing order (first `len`).
    pub trick: [Card; 4],
    /// How many cards the trick in progress holds (0–3).
    pub len: u8,
    /// The seat that led (or leads) the trick in progress.
    pub leader: Seat,
}

impl Position {
    /// The position of `view`'s trick in progress with every hand as in
    /// `hands` (a card already in the trick is taken out of its hand, so
    /// hands dealt with or without them both do).
    pub fn of_trick(view: &SeatView, hands: [CardSet; 4]) -> Position {
        let trick = view.trick.expect("trick play");
        let mut pos = Position {
            hands,
            trick: [Card::PAGAT; 4],
            len: 0,
            leader: trick.leader(),
        };
        for (i, c) in trick.cards().iter().enumerate() {
            pos.hands[trick.leader().plus(i as u8).index()].remove(*c);
            pos.trick[i] = *c;
        }
        pos.len = trick.cards().len() as u8;
        pos
    }

    /// The seat to play.
    pub const fn to_play(&self) -> Seat {
        self.leader.plus(self.len)
    }

    /// The cards of the trick in progress.
    pub fn trick_cards(&self) -> &[Card] {
        &self.trick[..usize::from(self.len)]
    }

    fn alive(&self) -> CardSet {
        let hands = self.hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
        self.trick_cards()
            .iter()
            .fold(hands, |a, c| a.union(CardSet::single(*c)))
    }
}

/// Card points of a set by popcounts (the deck's point classes).
fn points_of(set: CardSet) -> i32 {
    const FIVE: u64 = CardSet::FIVE_POINTERS.bits();
    const ONE: u64 = CardSet::TAROCKS.bits() & !CardSet::TRULL.bits();
    const QUEENS: u64 = 0b01000 << 20 | 0b01000 << 25 | 0b01000 << 30 | 0b01000 << 35;
    const KNIGHTS: u64 = QUEENS >> 1;
    const JACKS: u64 = QUEENS >> 2;
    let b = set.bits();
    let count = |m: u64| (b & m).count_ones() as i32;
    5 * count(FIVE) + 4 * count(QUEENS) + 3 * count(KNIGHTS) + 2 * count(JACKS) + count(ONE)
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    low: u8,
    high: u8,
    generation: u16,
    /// The lead that last settled this position (a card index), tried
    /// first when it comes up again; `NO_MOVE` if none.
    best: u8,
}

/// [`Entry::best`] when no lead is known.
const NO_MOVE: u8 = u8::MAX;

/// log2 of the number of transposition table entries (16 bytes each).
const TABLE_BITS: u32 = 18;

/// The solver: the rules of the deal, who plays for the declarer, and the table.
pub struct Solver {
    rules: Rules,
    kind: GameKind,
    declarers: u8,
    pagat_bound: Option<Seat>,
    goal: Goal,
    table: Vec<Entry>,
    generation: u16,
    nodes: u64,
    limit: u64,
    aborted: bool,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("kind", &self.kind)
            .field("declarers", &self.declarers)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with an empty table (allocated by the first [`Solver::reset`]).
    pub fn new() -> Solver {
        Solver {
            rules: Rules::default(),
            kind: GameKind::Rufer,
            declarers: 0,
            pagat_bound: None,
            goal: Goal::Points,
            // Allocated by the first search, so that idle players stay small.
            table: Vec::new(),
            generation: 0,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
        }
    }

    /// Starts a new decision: forgets the table (by generation) and the node count.
    pub fn reset(&mut self, limit: u64) {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); 1 << TABLE_BITS];
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(Entry::default());
            self.generation = 1;
        }
        self.nodes = 0;
        self.limit = limit;
        self.aborted = false;
    }

    /// Sets the deal being searched: the rules, the game, the declarer's
    /// side as a seat mask (bit `1 << seat`) and the seat bound to keep the Pagat.
    pub fn set_deal(&mut self, rules: Rules, kind: GameKind, declarers: u8, pagat: Option<Seat>) {
        self.rules = rules;
        self.kind = kind;
        self.declarers = declarers;
        self.pagat_bound = pagat;
    }

    /// Nodes searched since the last [`Solver::reset`].
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the node limit was hit (answers since then are meaningless).
    pub const fn aborted(&self) -> bool {
        self.aborted
    }

    fn is_declarer(&self, seat: Seat) -> bool {
        self.declarers & 1 << seat.index() != 0
    }

    /// The legal cards of the seat to play.
    pub fn legal(&self, pos: &Position) -> CardSet {
        let seat = pos.to_play();
        let led = (pos.len > 0).then(|| pos.trick[0]);
        let bound = self.pagat_bound == Some(seat);
        legal_cards_after(pos.hands[seat.index()], led, self.kind, bound)
    }

    /// The legal cards without repeats of equal tarocks.
    pub fn distinct_moves(&self, pos: &Position) -> CardSet {
        let legal = self.legal(pos);
        let plain = legal.intersect(CardSet::TAROCKS).without(CardSet::TRULL);
        if plain.len() < 2 {
            return legal;
        }
        let alive = pos.alive().bits();
        let mut out = legal;
        for card in plain {
            // The next lower unplayed card; if it is an equal tarock of this
            // hand, `card` plays exactly like it.
            let below = alive & ((1u64 << card.index()) - 1);
            if below != 0 {
                let prev = Card::from_index(63 - below.leading_zeros() as u8).expect("a card");
                if plain.contains(prev) {
                    out.remove(card);
                }
            }
        }
        out
    }

    /// Plays `card` for the seat to play; returns what the declarer's side
    /// gained if it completed a trick (in units of `goal`), and the saved
    /// trick for [`Solver::undo`].
    pub fn play(&self, pos: &mut Position, card: Card, goal: Goal) -> (i32, [Card; 4], Seat) {
        let seat = pos.to_play();
        pos.hands[seat.index()].remove(card);
        pos.trick[usize::from(pos.len)] = card;
        pos.len += 1;
        let saved = (pos.trick, pos.leader);
        if pos.len < 4 {
            return (0, saved.0, saved.1);
        }
        let w = winning_index(&pos.trick, self.kind, &self.rules);
        let winner = pos.leader.plus(w as u8);
        let value = match goal {
            Goal::Points => pos.trick.iter().map(|c| i32::from(c.points())).sum(),
            Goal::Tricks => 1,
        };
        pos.leader = winner;
        pos.len = 0;
        let gained = if self.is_declarer(winner) { value } else { 0 };
        (gained, saved.0, saved.1)
    }

    /// Takes back the last card played by [`Solver::play`].
    pub fn undo(&self, pos: &mut Position, card: Card, saved: ([Card; 4], Seat)) {
        if pos.len == 0 {
            pos.len = 4;
        }
        pos.trick = saved.0;
        pos.leader = saved.1;
        pos.len -= 1;
        let seat = pos.to_play();
        pos.hands[seat.index()].insert(card);
    }

    /// What is left to collect: points in hands and trick, or tricks.
    fn remaining(pos: &Position, goal: Goal) -> i32 {
        match goal {
            Goal::Points => points_of(pos.alive()),
            Goal::Tricks => {
                let cards: u32 =
                    pos.hands.iter().map(|h| h.len()).sum::<u32>() + u32::from(pos.len);
                cards.div_ceil(4) as i32
            }
        }
    }

    /// Whether the declarer's side can collect at least `need` more (card
    /// points or tricks, the current trick included) against best defence.
    pub fn at_least(&mut self, pos: &mut Position, need: i32, goal: Goal) -> bool {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); 1 << TABLE_BITS];
        }
        self.goal = goal;
        self.search(pos, need)
    }

    fn key(&self, pos: &Position) -> u64 {
        let mut h = (self.declarers as u64) << 2 | pos.leader.index() as u64;
        h |= (matches!(self.goal, Goal::Tricks) as u64) << 6;
        for (i, hand) in pos.hands.iter().enumerate() {
            h ^= hand.bits().wrapping_mul(
                [
                    0x9E37_79B9_7F4A_7C15,
                    0xC2B2_AE3D_27D4_EB4F,
                    0x1656_67B1_9E37_79F9,
                    0x85EB_CA77_C2B2_AE63,
                ][i],
            );
            h = h.rotate_left(23);
        }
        h ^= h >> 29;
        h.wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1
    }

    fn probe(&self, key: u64) -> Option<(i32, i32, u8)> {
        let e = self.table[(key >> (64 - TABLE_BITS)) as usize];
        (e.key == key && e.generation == self.generation)
            .then(|| (i32::from(e.low), i32::from(e.high), e.best))
    }

    fn store(&mut self, key: u64, need: i32, result: bool, best: Option<Card>) {
        let slot = &mut self.table[(key >> (64 - TABLE_BITS)) as usize];
        if slot.key != key || slot.generation != self.generation {
            *slot = Entry {
                key,
                low: 0,
                high: u8::MAX,
                generation: self.generation,
                best: NO_MOVE,
            };
        }
        if let Some(card) = best {
            slot.best = card.index();
        }
        let need = need.clamp(0, 255) as u8;
        if result {
            slot.low = slot.low.max(need);
        } else {
            slot.high = slot.high.min(need.saturating_sub(1));
        }
    }

    fn search(&mut self, pos: &mut Position, need: i32) -> bool {
        if need <= 0 {
            return true;
        }
        let remaining = Solver::remaining(pos, self.goal);
        if need > remaining {
            return false;
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return false;
        }
        let key = (pos.len == 0).then(|| self.key(pos));
        let mut hint = NO_MOVE;
        if let Some((low, high, best)) = key.and_then(|k| self.probe(k)) {
            if low >= need {
                return true;
            }
            if high < need {
                return false;
            }
            hint = best;
        }
        let maximizing = self.is_declarer(pos.to_play());
        let mut result = !maximizing;
        let mut cut = None;
        let mut moves = [Card::PAGAT; 10];
        // Where one trick decides (the declarer's side needs every trick
        // or just one), the side that wants that one trick has nothing to
        // keep back: see [`Solver::dominated`].
        let one_trick_decides = self.goal == Goal::Tricks
            && if maximizing {
                need == 1
            } else {
                need == remaining
            };
        let n = self.ordered_moves(pos, one_trick_decides, &mut moves);
        // The lead that settled this position before goes first.
        if let Some(i) = moves[..n].iter().position(|c| c.index() == hint) {
            moves[..=i].rotate_right(1);
        }
        for &card in &moves[..n] {
            let (gained, trick, leader) = self.play(pos, card, self.goal);
            let r = self.search(pos, need - gained);
            self.undo(pos, card, (trick, leader));
            if r == maximizing {
                result = r;
                cut = Some(card);
                break;
            }
        }
        if self.aborted {
            return false;
        }
        if let Some(k) = key {
            self.store(k, need, result, cut);
        }
        result
    }

    /// The moves that a side which wins as soon as it takes one trick
    /// need not try: of the cards that do not beat the trick so far, all
    /// but the lowest of each class (suit, or tarocks). Playing the lowest
    /// keeps a hand that can do everything the other would: the same cards
    /// are legal later (legality depends only on the classes held and the
    /// Pagat), and each card beats what the lower one beats, so the same
    /// play takes the same tricks or one more, which wins. The Trull cards
    /// are left out (the Pagat of the Märchenstich beats the Sküs and the
    /// Mond, so holding the Mond is not always better than a lower tarock).
    fn dominated(&self, pos: &Position, moves: CardSet) -> CardSet {
        let cards = pos.trick_cards();
        if cards.is_empty() {
            return CardSet::EMPTY;
        }
        let mut trial = [Card::PAGAT; 4];
        trial[..cards.len()].copy_from_slice(cards);
        let losing: CardSet = moves
            .without(CardSet::TRULL)
            .iter()
            .filter(|c| {
                trial[cards.len()] = *c;
                winning_index(&trial[..=cards.len()], self.kind, &self.rules) != cards.len()
            })
            .collect();
        losing
            .iter()
            .filter(|c| losing.intersect(c.class()).first() != Some(*c))
            .collect()
    }

    /// The distinct moves, likely best first: winners of the trick (the
    /// strongest first, or the cheapest for the last seat), then cards for a
    /// winning partner (most points first), then cheap discards.
    fn ordered_moves(&self, pos: &Position, prune: bool, out: &mut [Card; 10]) -> usize {
        let mut moves = self.distinct_moves(pos);
        if prune {
            moves = moves.without(self.dominated(pos, moves));
        }
        let seat = pos.to_play();
        let mine = self.is_declarer(seat);
        let cards = pos.trick_cards();
        let current = (!cards.is_empty()).then(|| {
            let w = winning_index(cards, self.kind, &self.rules);
            self.is_declarer(pos.leader.plus(w as u8)) == mine
        });
        let mut scored: [(i32, Card); 10] = [(0, Card::PAGAT); 10];
        let mut n = 0;
        for card in moves {
            let score = match current {
                None => i32::from(card.index()) + 10 * i32::from(card.points()),
                Some(friend_wins) => {
                    let mut trial = [Card::PAGAT; 4];
                    trial[..cards.len()].copy_from_slice(cards);
                    trial[cards.len()] = card;
                    let wins = winning_index(&trial[..=cards.len()], self.kind, &self.rules)
                        == cards.len();
                    if wins && !friend_wins {
                        let last = cards.len() == 3;
                        1000 + if last {
                            -i32::from(card.index())
                        } else {
                            i32::from(card.index())
                        }
                    } else if friend_wins {
                        500 + 10 * i32::from(card.points()) - i32::from(card.index())
                    } else {
                        -10 * i32::from(card.points()) - i32::from(card.index())
                    }
                }
            };
            scored[n] = (score, card);
            n += 1;
        }
        scored[..n].sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
        for (slot, (_, card)) in out.iter_mut().zip(&scored[..n]) {
            *slot = *card;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays out every line of a small ending to find the exact best score.
    fn brute(solver: &Solver, pos: &mut Position) -> i32 {
        if pos.hands.iter().all(|h| h.is_empty()) {
            return 0;
        }
        let maximizing = solver.is_declarer(pos.to_play());
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for card in solver.legal(pos) {
            let (gained, trick, leader) = solver.play(pos, card, Goal::Points);
            let v = gained + brute(solver, pos);
            solver.undo(pos, card, (trick, leader));
            best = if maximizing { best.max(v) } else { best.min(v) };
        }
        best
    }

    #[test]
    fn points_by_popcount_match_the_card_table() {
        for set in [
            CardSet::DECK,
            CardSet::TAROCKS,
            CardSet::SUIT_CARDS,
            CardSet::KINGS,
        ] {
            assert_eq!(points_of(set), set.points() as i32);
        }
        let some: CardSet = "T1 T5 sQ hN dJ cK hA".parse().unwrap();
        assert_eq!(points_of(some), some.points() as i32);
    }

    /// The most tricks the declarer's side can take against best defence.
    fn brute_tricks(solver: &Solver, pos: &mut Position) -> i32 {
        if pos.hands.iter().all(|h| h.is_empty()) {
            return 0;
        }
        let maximizing = solver.is_declarer(pos.to_play());
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for card in solver.legal(pos) {
            let (gained, trick, leader) = solver.play(pos, card, Goal::Tricks);
            let v = gained + brute_tricks(solver, pos);
            solver.undo(pos, card, (trick, leader));
            best = if maximizing { best.max(v) } else { best.min(v) };
        }
        best
    }

    #[test]
    fn trick_answers_agree_with_brute_force_on_endings() {
        // The pruning of `dominated` (one trick decides: all tricks or
        // none) must not change an answer: every need from none to more
        // than are left, on endings of four cards a hand with the trick
        // in progress at each length, for a lone declarer and a pair.
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        use rand::seq::SliceRandom;
        let mut rng = SmallRng::seed_from_u64(9);
        for round in 0..60 {
            let mut deck: Vec<Card> = Card::all().collect();
            deck.shuffle(&mut rng);
            let per = 4;
            let hands =
                [0, 1, 2, 3].map(|s| deck[s * per..(s + 1) * per].iter().copied().collect());
            let kind = [GameKind::Rufer, GameKind::Solo, GameKind::Farbensolo][round % 3];
            let declarers = [0b0101, 0b0001, 0b0110][round % 3 / 2 + round % 2];
            let mut solver = Solver::new();
            solver.reset(u64::MAX);
            solver.set_deal(Rules::default(), kind, declarers, None);
            let mut pos = Position {
                hands,
                trick: [Card::PAGAT; 4],
                len: 0,
                leader: Seat::ALL[round % 4],
            };
            // Start inside the first trick: `round % 4` cards already played.
            for _ in 0..round % 4 {
                let card = solver.legal(&pos).first().unwrap();
                solver.play(&mut pos, card, Goal::Tricks);
            }
            let exact = brute_tricks(&solver, &mut pos);
            for need in 0..=per as i32 + 1 {
                assert_eq!(
                    solver.at_least(&mut pos, need, Goal::Tricks),
                    exact >= need,
                    "round {round}, need {need}, exact {exact}"
                );
            }
            assert!(!solver.aborted());
        }
    }

    #[test]
    fn zero_window_answers_agree_with_brute_force_on_endings() {
        use rand::SeedableRng;
        use rand::rngs::SmallRng;
        use rand::seq::SliceRandom;
        let mut rng = SmallRng::seed_from_u64(4);
        for round in 0..12 {
            let mut deck: Vec<Card> = Card::all().collect();
            deck.shuffle(&mut rng);
            let per = 3;
            let hands =
                [0, 1, 2, 3].map(|s| deck[s * per..(s + 1) * per].iter().copied().collect());
            let kind = [GameKind::Rufer, GameKind::Solo, GameKind::Farbensolo][round % 3];
            let mut solver = Solver::new();
            solver.reset(u64::MAX);
            solver.set_deal(Rules::default(), kind, 0b0101, None);
            let mut pos = Position {
                hands,
                trick: [Card::PAGAT; 4],
                len: 0,
                leader: Seat::ALL[round % 4],
            };
            let exact = brute(&solver, &mut pos);
            for need in 0..=40 {
                assert_eq!(
                    solver.at_least(&mut pos, need, Goal::Points),
                    exact >= need,
                    "round {round}, need {need}, exact {exact}"
                );
            }
            assert!(!solver.aborted());
        }
    }
}
