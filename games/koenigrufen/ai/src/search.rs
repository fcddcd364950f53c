//! Exact search of Königrufen card play with every hand known (one sample of
//! the strong player): alpha-beta as zero-window tests with a transposition
//! table, legal moves from the engine's own [`legal_cards`] (so the search
//! obeys exactly the rules of the game: following, Tarockzwang, Stichzwang
//! and the Pagat rule in negative mode, colour leads, the reservation of
//! announced birds).
//!
//! Two questions are answered:
//!
//! - [`Solver::at_least`]: can the seats of the side (a seat mask) collect
//!   at least `need` more thirds ([`Goal::Thirds`]) or tricks
//!   ([`Goal::Tricks`]) against best defence? The thresholds that change a
//!   positive game's settlement are asked one at a time (107 thirds, all or
//!   no tricks for a Valat).
//! - [`Solver::exact`]: can a negative game's declarer end with exactly his
//!   target of tricks, his three opponents playing against him?
//!
//! Equal cards are searched once: two cards of one hand and class with no
//! card left between them and the same value play alike (announced birds
//! and, in negative mode, the Pagat excepted). The work is bounded by a
//! node limit per decision and optionally per query; a query that hits
//! either is left unanswered and [`Solver::aborted`] says so.

use tarock_koenigrufen::rules::BirdReservation;
use tarock_koenigrufen::trick::{Reservation, Trick, legal_cards};
use tarock_koenigrufen::{Card, CardSet, Mode, Seat};

/// Tricks in a deal.
pub const TRICKS: u8 = 12;

/// What [`Solver::at_least`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Card values in thirds (SPEC §1.4).
    Thirds,
    /// Tricks (for Valat).
    Tricks,
}

/// A position in trick play with every hand known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The cards each seat holds.
    pub hands: [CardSet; 4],
    /// The trick in progress (empty: its leader is to lead).
    pub trick: Trick,
}

impl Position {
    /// The seat to play.
    pub fn to_play(&self) -> Seat {
        self.trick.to_play()
    }

    /// The cards in hands and in the trick in progress.
    pub fn alive(&self) -> CardSet {
        self.hands
            .iter()
            .fold(self.trick.card_set(), |a, h| a.union(*h))
    }

    /// Tricks still to be completed, the one in progress included.
    pub fn tricks_left(&self) -> u8 {
        (self.alive().len() / 4) as u8
    }

    /// The number (1 … 12) of the trick in progress.
    pub fn trick_number(&self) -> u8 {
        TRICKS + 1 - self.tricks_left()
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    low: u8,
    high: u8,
    generation: u16,
    /// The lead that decided the last search of this position, as card
    /// index + 1 (0: none).
    best: u8,
    /// Tricks left in the position (the replacement keeps deeper ones).
    depth: u8,
}

/// log2 of the number of transposition table entries (16 bytes each) of
/// [`Solver::new`].
const TABLE_BITS: u32 = 20;

/// The most moves a seat can have.
const MAX_MOVES: usize = 18;

/// The solver: the deal's rules of play, the side searched for, and the table.
pub struct Solver {
    mode: Mode,
    maerchenstich: bool,
    reserved: CardSet,
    reservation: BirdReservation,
    side: u8,
    /// The seats whose tricks count (normally the side; Trischaken's
    /// paranoid search counts one seat's tricks, the others maximizing).
    gainers: u8,
    /// A hash of the rules of play (mode, Märchenstich, reservation), mixed
    /// into every key so the table stays valid across deals and decisions.
    rules_key: u64,
    tag: u64,
    target: u8,
    premium_card: Card,
    table: Vec<Entry>,
    /// log2 of the table's entries.
    table_bits: u32,
    generation: u16,
    nodes: u64,
    limit: u64,
    /// Nodes of one window of queries ([`Solver::at_least`],
    /// [`Solver::exact`], [`Solver::premium`]).
    query_cap: u64,
    query_limit: u64,
    aborted: bool,
    queries: u32,
    capped: u32,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("mode", &self.mode)
            .field("side", &self.side)
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
    /// A solver with an empty table (allocated by the first search).
    pub fn new() -> Solver {
        Solver::with_table_bits(TABLE_BITS)
    }

    /// A solver whose table will hold `2^bits` entries (16 bytes each): the
    /// arena's oracle, which solves whole deals without a node limit, keeps
    /// far more positions than a player within its budget needs.
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            mode: Mode::Tarock,
            maerchenstich: false,
            reserved: CardSet::EMPTY,
            reservation: BirdReservation::Hard,
            side: 0,
            gainers: 0,
            rules_key: 0,
            tag: 0,
            target: 0,
            premium_card: Card::PAGAT,
            table: Vec::new(),
            table_bits: bits.clamp(1, 32),
            generation: 0,
            nodes: 0,
            limit: u64::MAX,
            query_cap: u64::MAX,
            query_limit: u64::MAX,
            aborted: false,
            queries: 0,
            capped: 0,
        }
    }

    /// Starts a new decision: resets the node count and sets its limit. The
    /// table is kept: its keys hold the hands, the side and the rules of
    /// play, so what it learnt in earlier decisions (of this deal or any
    /// other) stays true; [`Solver::clear`] forgets it.
    pub fn reset(&mut self, limit: u64) {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); 1 << self.table_bits];
            self.generation = 1;
        }
        self.nodes = 0;
        self.limit = limit;
        self.query_cap = u64::MAX;
        self.query_limit = limit;
        self.aborted = false;
        self.queries = 0;
        self.capped = 0;
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(Entry::default());
            self.generation = 1;
        }
    }

    /// Sets the deal being searched: the trick-play mode, Märchenstich, the
    /// reserved cards and how they bind, and the side as a seat mask
    /// (bit `1 << seat`).
    pub fn set_deal(
        &mut self,
        mode: Mode,
        maerchenstich: bool,
        reserved: (CardSet, BirdReservation),
        side: u8,
    ) {
        self.mode = mode;
        self.maerchenstich = maerchenstich;
        self.reserved = reserved.0;
        self.reservation = reserved.1;
        self.side = side;
        self.gainers = side;
        let kind = match self.reservation {
            BirdReservation::Hard => 1,
            BirdReservation::Soft => 2,
        };
        let mode = match mode {
            Mode::Tarock => 1,
            Mode::Colour => 2,
            Mode::Negative => 3,
        };
        self.rules_key =
            (self.reserved.bits() ^ kind << 56 ^ mode << 58 ^ u64::from(maerchenstich) << 60)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    /// Counts the tricks of `gainers` instead of the side's (after
    /// [`Solver::set_deal`]): with the side the other seats, [`Solver::at_least`]
    /// asks whether they can load `gainers` with at least so much.
    pub fn set_gainers(&mut self, gainers: u8) {
        self.gainers = gainers;
    }

    /// Nodes searched since the last [`Solver::reset`].
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the last query hit its cap or the decision's node limit (its
    /// answer is meaningless).
    pub const fn aborted(&self) -> bool {
        self.aborted
    }

    /// Whether the decision's node limit is spent.
    pub const fn exhausted(&self) -> bool {
        self.nodes >= self.limit
    }

    /// Sets the nodes of each window ([`Solver::open_window`]) until the
    /// next [`Solver::reset`].
    pub fn set_query_cap(&mut self, cap: u64) {
        self.query_cap = cap;
    }

    /// Opens a window of the capped number of nodes for the queries that
    /// follow (the strong player opens one per candidate card): a query that
    /// needs more than the window has left is left unanswered
    /// ([`Solver::aborted`]).
    pub fn open_window(&mut self) {
        self.query_limit = self.limit.min(self.nodes.saturating_add(self.query_cap));
    }

    /// Queries since the last [`Solver::reset`], and how many of them hit
    /// their cap or the limit.
    pub const fn queries(&self) -> (u32, u32) {
        (self.queries, self.capped)
    }

    /// Starts a query (within the open window, or the decision's limit).
    fn begin(&mut self) {
        self.aborted = false;
        self.queries += 1;
    }

    fn on_side(&self, seat: Seat) -> bool {
        self.side & 1 << seat.index() != 0
    }

    /// The legal cards of the seat to play.
    pub fn legal(&self, pos: &Position) -> CardSet {
        let hand = pos.hands[pos.to_play().index()];
        let r = Reservation {
            cards: self.reserved,
            trick: pos.trick_number(),
            kind: self.reservation,
        };
        legal_cards(hand, &pos.trick, self.mode, &r)
    }

    /// The legal cards without repeats of cards that play alike.
    pub fn distinct_moves(&self, pos: &Position) -> CardSet {
        distinct(self.legal(pos), pos.alive(), self.special())
    }

    /// Cards never merged with their neighbours: reserved ones, and the
    /// Pagat in negative mode.
    fn special(&self) -> CardSet {
        if self.mode == Mode::Negative {
            self.reserved.with(Card::PAGAT)
        } else {
            self.reserved
        }
    }

    /// Plays `card` for the seat to play; returns the trick's winner and
    /// cards when it completed one, and the trick before, for [`Solver::undo`].
    pub fn play(&self, pos: &mut Position, card: Card) -> (Option<(Seat, CardSet)>, Trick) {
        let saved = pos.trick;
        pos.hands[saved.to_play().index()].remove(card);
        pos.trick.push(card);
        if !pos.trick.is_complete() {
            return (None, saved);
        }
        let (winner, _) = pos
            .trick
            .winner(self.mode, self.maerchenstich)
            .expect("a complete trick has a winner");
        let cards = pos.trick.card_set();
        pos.trick = Trick::new(winner);
        (Some((winner, cards)), saved)
    }

    /// Takes back `card`, played by [`Solver::play`] from the trick `saved`.
    pub fn undo(&self, pos: &mut Position, card: Card, saved: Trick) {
        pos.trick = saved;
        pos.hands[saved.to_play().index()].insert(card);
    }

    /// What the side gains from a completed trick.
    fn gain(&self, done: Option<(Seat, CardSet)>, goal: Goal) -> i32 {
        match done {
            Some((w, cards)) if self.gainers & 1 << w.index() != 0 => match goal {
                Goal::Thirds => i32::from(cards.thirds()),
                Goal::Tricks => 1,
            },
            _ => 0,
        }
    }

    /// Whether the side can collect at least `need` more (thirds or tricks,
    /// the trick in progress included) against best defence.
    pub fn at_least(&mut self, pos: &mut Position, need: i32, goal: Goal) -> bool {
        self.tag = match goal {
            Goal::Thirds => 1,
            Goal::Tricks => 2,
        };
        self.begin();
        self.search(pos, need, goal)
    }

    fn search(&mut self, pos: &mut Position, need: i32, goal: Goal) -> bool {
        if need <= 0 {
            return true;
        }
        let left = match goal {
            Goal::Thirds => i32::from(pos.alive().thirds()),
            Goal::Tricks => i32::from(pos.tricks_left()),
        };
        if need > left {
            return false;
        }
        if !self.count_node() {
            return false;
        }
        let key = pos.trick.is_empty().then(|| self.key(pos, 0));
        let mut hint = None;
        if let Some((low, high, best)) = key.and_then(|k| self.probe(k)) {
            if low >= need {
                return true;
            }
            if high < need {
                return false;
            }
            hint = best;
        }
        let maximizing = self.on_side(pos.to_play());
        let mut result = !maximizing;
        let mut moves = [Card::PAGAT; MAX_MOVES];
        let n = self.ordered_moves(pos, &mut moves, hint);
        let mut decided = None;
        for &card in &moves[..n] {
            let (done, saved) = self.play(pos, card);
            let r = self.search(pos, need - self.gain(done, goal), goal);
            self.undo(pos, card, saved);
            if r == maximizing {
                result = r;
                decided = Some(card);
                break;
            }
        }
        if self.aborted {
            return false;
        }
        if let Some(k) = key {
            self.store(k, pos.tricks_left(), need, result, decided);
        }
        result
    }

    /// Whether the side's one seat (a negative game's declarer) can end with
    /// exactly `target` tricks, having `taken` so far; the other three play
    /// against it.
    pub fn exact(&mut self, pos: &mut Position, taken: u8, target: u8) -> bool {
        self.tag = 3;
        self.target = target;
        self.begin();
        self.exact_search(pos, taken)
    }

    fn exact_search(&mut self, pos: &mut Position, taken: u8) -> bool {
        if taken > self.target {
            return false;
        }
        let left = pos.tricks_left();
        if taken + left < self.target {
            return false;
        }
        if left == 0 {
            return taken == self.target;
        }
        if !self.count_node() {
            return false;
        }
        let extra = u64::from(taken) | u64::from(self.target) << 4;
        let key = pos.trick.is_empty().then(|| self.key(pos, extra));
        let mut hint = None;
        if let Some((low, high, best)) = key.and_then(|k| self.probe(k)) {
            if low >= 1 {
                return true;
            }
            if high < 1 {
                return false;
            }
            hint = best;
        }
        let maximizing = self.on_side(pos.to_play());
        let mut result = !maximizing;
        let mut moves = [Card::PAGAT; MAX_MOVES];
        let n = self.ordered_moves(pos, &mut moves, hint);
        let mut decided = None;
        for &card in &moves[..n] {
            let (done, saved) = self.play(pos, card);
            let r = self.exact_search(pos, taken + self.gain(done, Goal::Tricks) as u8);
            self.undo(pos, card, saved);
            if r == maximizing {
                result = r;
                decided = Some(card);
                break;
            }
        }
        if self.aborted {
            return false;
        }
        if let Some(k) = key {
            self.store(k, pos.tricks_left(), 1, result, decided);
        }
        result
    }

    /// Whether the side can make `card` take its trick `target` (a bird:
    /// win it itself; the King of König Ultimo: be played in it, the side
    /// winning it), the others playing against it. `card` is alive.
    pub fn premium(&mut self, pos: &mut Position, card: Card, target: u8) -> bool {
        self.tag = 4;
        self.target = target;
        self.premium_card = card;
        self.begin();
        self.premium_search(pos)
    }

    fn premium_search(&mut self, pos: &mut Position) -> bool {
        if !self.count_node() {
            return false;
        }
        let extra = u64::from(self.premium_card.index()) | u64::from(self.target) << 6;
        let key = pos.trick.is_empty().then(|| self.key(pos, extra));
        let mut hint = None;
        if let Some((low, high, best)) = key.and_then(|k| self.probe(k)) {
            if low >= 1 {
                return true;
            }
            if high < 1 {
                return false;
            }
            hint = best;
        }
        let number = pos.trick_number();
        let maximizing = self.on_side(pos.to_play());
        let mut result = !maximizing;
        let mut moves = [Card::PAGAT; MAX_MOVES];
        let n = self.ordered_moves(pos, &mut moves, hint);
        let mut decided = None;
        for &card in &moves[..n] {
            let before = pos.trick;
            let (done, saved) = self.play(pos, card);
            let r = match done {
                Some((winner, cards))
                    if cards.contains(self.premium_card) || number == self.target =>
                {
                    let mut t = before;
                    t.push(card);
                    let won = if self.premium_card.is_tarock() {
                        t.winning_card(self.mode, self.maerchenstich) == Some(self.premium_card)
                    } else {
                        self.on_side(winner)
                    };
                    number == self.target && cards.contains(self.premium_card) && won
                }
                _ => self.premium_search(pos),
            };
            self.undo(pos, card, saved);
            if r == maximizing {
                result = r;
                decided = Some(card);
                break;
            }
        }
        if self.aborted {
            return false;
        }
        if let Some(k) = key {
            self.store(k, pos.tricks_left(), 1, result, decided);
        }
        result
    }

    /// Counts a node; false once the query's window is spent.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.query_limit && !self.aborted {
            self.aborted = true;
            self.capped += 1;
        }
        !self.aborted
    }

    /// The table key of a position at a trick's start. Cards count by their
    /// rank among the cards still alive of their class, not by name (the
    /// abstraction of the double-dummy solvers of bridge): two positions
    /// whose alive cards have, class by class and rank by rank, the same
    /// holders and values play alike, whichever cards were played before.
    /// Special cards (reserved birds, the Pagat in negative mode, the
    /// premium searched for) keep their names.
    fn key(&self, pos: &Position, extra: u64) -> u64 {
        let mut h = u64::from(self.gainers) << 12
            | u64::from(self.side) << 8
            | (pos.trick.leader().index() as u64) << 4
            | self.tag;
        h |= extra << 16;
        h ^= self.rules_key;
        let mut special = self.special();
        if self.tag == 4 {
            special.insert(self.premium_card);
        }
        let [a, b, c, d] = pos.hands;
        for card in a.union(b).union(c).union(d) {
            let owner = if a.contains(card) {
                0
            } else if b.contains(card) {
                1
            } else if c.contains(card) {
                2
            } else {
                3
            };
            let class = if card.is_tarock() {
                0
            } else {
                1 + (card.index() - 22) / 8
            };
            let mut sig = u64::from(class) | owner << 3 | u64::from(card.value()) << 5;
            if special.contains(card) {
                sig |= u64::from(card.index() + 1) << 8;
            }
            h = (h ^ sig).wrapping_mul(0x0000_0100_0000_01B3);
            h ^= h >> 31;
        }
        h ^= h >> 29;
        h.wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1
    }

    /// The first of the two entries of `key`'s bucket: the first keeps the
    /// deeper position, the second the latest one.
    fn slot(&self, key: u64) -> usize {
        (key >> (64 - self.table_bits)) as usize & !1
    }

    /// The bounds stored for `key` and the lead that decided it last.
    fn probe(&self, key: u64) -> Option<(i32, i32, Option<Card>)> {
        let i = self.slot(key);
        self.table[i..i + 2]
            .iter()
            .find(|e| e.key == key && e.generation == self.generation)
            .map(|e| {
                let best = e.best.checked_sub(1).and_then(Card::from_index);
                (i32::from(e.low), i32::from(e.high), best)
            })
    }

    /// Stores what a search of `key` (with `depth` tricks left) found.
    fn store(&mut self, key: u64, depth: u8, need: i32, result: bool, best: Option<Card>) {
        let generation = self.generation;
        let i = self.slot(key);
        let found = (i..i + 2)
            .find(|j| self.table[*j].key == key && self.table[*j].generation == generation);
        let j = match found {
            Some(j) => j,
            None => {
                let fresh = Entry {
                    key,
                    low: 0,
                    high: u8::MAX,
                    generation,
                    best: 0,
                    depth,
                };
                let first = self.table[i];
                if first.generation != generation || depth >= first.depth {
                    self.table[i + 1] = first;
                    self.table[i] = fresh;
                    i
                } else {
                    self.table[i + 1] = fresh;
                    i + 1
                }
            }
        };
        let slot = &mut self.table[j];
        if let Some(card) = best {
            slot.best = card.index() + 1;
        }
        let need = need.clamp(0, 255) as u8;
        if result {
            slot.low = slot.low.max(need);
        } else {
            slot.high = slot.high.min(need.saturating_sub(1));
        }
    }

    /// The distinct moves, likely best first (`hint`, the table's move, first of all).
    fn ordered_moves(
        &self,
        pos: &Position,
        out: &mut [Card; MAX_MOVES],
        hint: Option<Card>,
    ) -> usize {
        let moves = self.distinct_moves(pos);
        let seat = pos.to_play();
        let mine = self.on_side(seat);
        let trick = pos.trick;
        let current = trick
            .winner(self.mode, self.maerchenstich)
            .map(|(w, _)| self.on_side(w) == mine);
        let negative = self.tag == 3;
        let last = trick.len() == 3;
        let mut scored = [(0i32, Card::PAGAT); MAX_MOVES];
        let mut n = 0;
        for card in moves {
            let index = i32::from(card.index());
            let value = i32::from(card.value());
            let wins = || {
                let mut t = trick;
                t.push(card);
                t.winning_card(self.mode, self.maerchenstich) == Some(card)
            };
            let score = match (negative, current) {
                // The declarer ducks with his highest card; his opponents lead low.
                (true, None) => {
                    if mine {
                        index
                    } else {
                        -index
                    }
                }
                (true, Some(_)) => {
                    if mine == wins() {
                        -index
                    } else {
                        1000 + index
                    }
                }
                (false, None) => index + 10 * value,
                (false, Some(friend_wins)) => {
                    let w = wins();
                    if w && !friend_wins {
                        1000 + if last { -index } else { index }
                    } else if friend_wins {
                        500 + 10 * value - index
                    } else {
                        -10 * value - index
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
        if let Some(i) = hint.and_then(|h| out[..n].iter().position(|c| *c == h)) {
            out[..=i].rotate_right(1);
        }
        n
    }
}

/// `legal` without cards that play exactly like a lower legal card: the next
/// lower card of the same class still `alive` is legal too and has the same
/// value, and neither is `special`.
pub fn distinct(legal: CardSet, alive: CardSet, special: CardSet) -> CardSet {
    let mut out = legal;
    for card in legal.without(special) {
        let below = alive.intersect(card.class()).bits() & ((1u64 << card.index()) - 1);
        if below == 0 {
            continue;
        }
        let prev = Card::from_index(63 - below.leading_zeros() as u8).expect("a card");
        if legal.contains(prev) && !special.contains(prev) && prev.value() == card.value() {
            out.remove(card);
        }
    }
    out
}

/// The lowest card of `legal` that plays exactly like `card` (the one
/// [`distinct`] keeps).
pub fn representative(card: Card, legal: CardSet, alive: CardSet, special: CardSet) -> Card {
    let mut rep = card;
    while !special.contains(rep) {
        let below = alive.intersect(rep.class()).bits() & ((1u64 << rep.index()) - 1);
        if below == 0 {
            break;
        }
        let prev = Card::from_index(63 - below.leading_zeros() as u8).expect("a card");
        if !legal.contains(prev) || special.contains(prev) || prev.value() != rep.value() {
            break;
        }
        rep = prev;
    }
    rep
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use rand::seq::SliceRandom;

    /// Plays out every line of a small ending: the side's best thirds.
    fn brute(solver: &Solver, pos: &mut Position) -> i32 {
        if pos.hands.iter().all(|h| h.is_empty()) {
            return 0;
        }
        let maximizing = solver.on_side(pos.to_play());
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for card in solver.legal(pos) {
            let (done, saved) = solver.play(pos, card);
            let v = solver.gain(done, Goal::Thirds) + brute(solver, pos);
            solver.undo(pos, card, saved);
            best = if maximizing { best.max(v) } else { best.min(v) };
        }
        best
    }

    /// Every line of a small negative ending: can the declarer make exactly `target`?
    fn brute_exact(solver: &Solver, pos: &mut Position, taken: u8, target: u8) -> bool {
        if pos.hands.iter().all(|h| h.is_empty()) {
            return taken == target;
        }
        let maximizing = solver.on_side(pos.to_play());
        let mut any = false;
        let mut all = true;
        for card in solver.legal(pos) {
            let (done, saved) = solver.play(pos, card);
            let t = taken + solver.gain(done, Goal::Tricks) as u8;
            let r = brute_exact(solver, pos, t, target);
            solver.undo(pos, card, saved);
            any |= r;
            all &= r;
        }
        if maximizing { any } else { all }
    }

    fn endings(seed: u64, per: usize) -> impl Iterator<Item = (usize, Position)> {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..12).map(move |round| {
            let mut deck: Vec<Card> = (0..54).filter_map(Card::from_index).collect();
            deck.shuffle(&mut rng);
            let hands =
                [0, 1, 2, 3].map(|s| deck[s * per..(s + 1) * per].iter().copied().collect());
            let trick = Trick::new(Seat::ALL[round % 4]);
            (round, Position { hands, trick })
        })
    }

    #[test]
    fn zero_window_answers_agree_with_brute_force_on_endings() {
        for (round, mut pos) in endings(4, 3) {
            let mode = [Mode::Tarock, Mode::Colour, Mode::Negative][round % 3];
            let mut solver = Solver::new();
            solver.reset(u64::MAX);
            solver.set_deal(mode, false, (CardSet::EMPTY, BirdReservation::Hard), 0b0101);
            let exact = brute(&solver, &mut pos);
            for need in 0..=60 {
                assert_eq!(
                    solver.at_least(&mut pos, need, Goal::Thirds),
                    exact >= need,
                    "round {round}, need {need}, exact {exact}"
                );
            }
            assert!(!solver.aborted());
        }
    }

    #[test]
    fn exact_trick_answers_agree_with_brute_force_on_negative_endings() {
        for (round, mut pos) in endings(5, 3) {
            let declarer = Seat::ALL[round % 4];
            let mut solver = Solver::new();
            solver.reset(u64::MAX);
            solver.set_deal(
                Mode::Negative,
                false,
                (CardSet::EMPTY, BirdReservation::Hard),
                1 << declarer.index(),
            );
            for target in 0..=2 {
                let expected = brute_exact(&solver, &mut pos, 0, target);
                assert_eq!(
                    solver.exact(&mut pos, 0, target),
                    expected,
                    "round {round}, target {target}"
                );
            }
        }
    }

    /// Every line of a small ending: can the side make `card` win the last trick?
    fn brute_last(solver: &Solver, pos: &mut Position, card: Card) -> bool {
        let maximizing = solver.on_side(pos.to_play());
        let last = pos.tricks_left() == 1;
        let mut any = false;
        let mut all = true;
        for c in solver.legal(pos) {
            let before = pos.trick;
            let (done, saved) = solver.play(pos, c);
            let r = match done {
                Some(_) if last => {
                    let mut t = before;
                    t.push(c);
                    t.winning_card(solver.mode, false) == Some(card)
                }
                Some((_, cards)) if cards.contains(card) => false,
                _ => brute_last(solver, pos, card),
            };
            solver.undo(pos, c, saved);
            any |= r;
            all &= r;
        }
        if maximizing { any } else { all }
    }

    #[test]
    fn bird_answers_agree_with_brute_force_on_endings() {
        let mut checked = 0;
        for (round, mut pos) in endings(6, 3) {
            let Some((seat, bird)) = Seat::ALL.into_iter().find_map(|s| {
                pos.hands[s.index()]
                    .intersect(CardSet::TAROCKS)
                    .first()
                    .map(|c| (s, c))
            }) else {
                continue;
            };
            let mut solver = Solver::new();
            solver.reset(u64::MAX);
            let side = 1 << seat.index() | 1 << seat.plus(2).index();
            solver.set_deal(
                Mode::Tarock,
                false,
                (CardSet::single(bird), BirdReservation::Hard),
                side,
            );
            let expected = brute_last(&solver, &mut pos, bird);
            assert_eq!(
                solver.premium(&mut pos, bird, 12),
                expected,
                "round {round}"
            );
            checked += 1;
        }
        assert!(checked >= 8);
    }

    #[test]
    fn equal_neighbours_are_searched_once() {
        let legal: CardSet = "T7 T8 T9 T12 s7 s8 sK".parse().unwrap();
        let alive = legal.union("T10 s9".parse().unwrap());
        // T7-T8-T9 are neighbours of equal value; s7-s8 too; T12 is above T10.
        assert_eq!(
            distinct(legal, alive, CardSet::EMPTY),
            "T7 T12 s7 sK".parse().unwrap()
        );
        // A reserved bird stays separate.
        let special: CardSet = "T8".parse().unwrap();
        assert_eq!(
            distinct(legal, alive, special),
            "T7 T8 T9 T12 s7 sK".parse().unwrap()
        );
    }
}
