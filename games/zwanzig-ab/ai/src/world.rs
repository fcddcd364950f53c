//! A light copy of one 20 ab deal with every card known (one guess of the
//! hidden cards), played to its end by the easy player's rules, and valued
//! for one seat. The strong player simulates its candidates in such worlds.
//!
//! It follows the rules crate exactly where it matters (legal cards, trick
//! winners, drop restrictions, scoring, winner and settlement) by calling
//! its functions; it skips what a simulation does not need (records, views,
//! error reasons).

use tarock_zwanzig_ab::card::{Card, CardSet, Suit};
use tarock_zwanzig_ab::score::{DealFacts, SessionFacts, deal_deltas, settle, went_out, winner};
use tarock_zwanzig_ab::seat::MAX_PLAYERS;
use tarock_zwanzig_ab::trick::{Trick, legal_cards};
use tarock_zwanzig_ab::{Action, Rules, Seat, SeatSet};

use super::easy;
use super::eval::default_trump;

/// Most cards a stock can hold (three players: 32 − 15).
pub const MAX_STOCK: usize = 17;

/// How a simulated deal is valued for one seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Valuation {
    /// How much the opponents' average score change counts, against one's
    /// own, when the session goes on after the deal.
    pub opponents: f64,
    /// Factor on the settlement when the deal ends the session.
    pub settlement: f64,
}

impl Valuation {
    /// The strong player's valuation.
    pub const STANDARD: Valuation = Valuation {
        opponents: 0.5,
        settlement: 1.0,
    };
}

/// Where a simulated deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The trump maker names trump (the second packets are waiting).
    Trump,
    /// Exchange round; the value is the turn position (0 = the maker).
    Exchange(u8),
    /// `after_exchange` drop round; turn position (1 … n − 1).
    DropRound(u8),
    /// Trick play.
    Play,
    /// The deal is over.
    Over,
}

/// One deal with every card known.
#[derive(Clone, Debug)]
pub struct World {
    /// The rules.
    pub rules: Rules,
    /// Players at the table.
    pub n: u8,
    /// The trump maker.
    pub maker: Seat,
    /// Trump once named.
    pub trump: Option<Suit>,
    /// Where the deal stands.
    pub stage: Stage,
    /// Every seat's cards.
    pub hands: [CardSet; MAX_PLAYERS],
    /// Second packets, while trump is not named.
    pub second: [CardSet; MAX_PLAYERS],
    /// Seats out of the deal.
    pub dropped: SeatSet,
    /// The stock, top first, from `stock_pos`.
    pub stock: [Option<Card>; MAX_STOCK],
    /// Next stock card.
    pub stock_pos: usize,
    /// The trick being played.
    pub trick: Trick,
    /// The seat to play.
    pub to_play: Seat,
    /// Completed tricks.
    pub played: u8,
    /// Tricks per seat.
    pub won: [u8; MAX_PLAYERS],
    /// When each seat went out (§6.3), 0 if not.
    pub out_at: [u8; MAX_PLAYERS],
    /// Scores before the deal.
    pub scores: [i32; MAX_PLAYERS],
    /// Drops used (this deal's included).
    pub drops: [u8; MAX_PLAYERS],
}

impl World {
    /// The seat at turn position `pos` (0 = the maker).
    pub fn seat_at(&self, pos: u8) -> Seat {
        self.maker.plus(pos % self.n, self.n)
    }

    /// The seat to act, if the deal is not over.
    pub fn to_act(&self) -> Option<Seat> {
        match self.stage {
            Stage::Trump => Some(self.maker),
            Stage::Exchange(pos) | Stage::DropRound(pos) => Some(self.seat_at(pos)),
            Stage::Play => Some(self.to_play),
            Stage::Over => None,
        }
    }

    fn stock_left(&self) -> u32 {
        self.stock[self.stock_pos..].iter().flatten().count() as u32
    }

    /// Whether `seat` may drop now (§4.3, D-10 … D-14).
    pub fn may_drop(&self, seat: Seat) -> bool {
        let i = seat.index();
        let active = u32::from(self.n) - self.dropped.len();
        seat != self.maker
            && self.drops[i] < self.rules.drop_limit()
            && self.scores[i] > self.rules.drop_min_score()
            && (self.rules.takes_all() || active > 2)
            && (self.rules.flags().no_drop_trump.is_none()
                || self.rules.flags().no_drop_trump != self.trump)
    }

    /// Applies `action` of the seat to act (which must be legal).
    pub fn apply(&mut self, action: Action) {
        let seat = self.to_act().expect("someone acts");
        match action {
            Action::Trump(suit) => {
                self.trump = Some(suit);
                for i in 0..MAX_PLAYERS {
                    self.hands[i] = self.hands[i].union(self.second[i]);
                }
                self.stage = Stage::Exchange(0);
            }
            Action::Stay | Action::Play => self.next_turn(),
            Action::Swap(cards) => {
                let hand = &mut self.hands[seat.index()];
                *hand = hand.without(cards);
                for _ in 0..cards.len() {
                    if let Some(card) = self.stock.get(self.stock_pos).copied().flatten() {
                        hand.insert(card);
                    }
                    self.stock_pos += 1;
                }
                self.next_turn();
            }
            Action::Drop => {
                self.dropped.insert(seat);
                self.drops[seat.index()] += 1;
                self.next_turn();
            }
            Action::Card(card) => self.play(seat, card),
        }
    }

    fn next_turn(&mut self) {
        match self.stage {
            Stage::Exchange(pos) if pos + 1 < self.n => self.stage = Stage::Exchange(pos + 1),
            Stage::Exchange(_) if self.rules.drop_round() => self.stage = Stage::DropRound(1),
            Stage::DropRound(pos) if pos + 1 < self.n => self.stage = Stage::DropRound(pos + 1),
            _ => self.start_play(),
        }
    }

    fn start_play(&mut self) {
        if self.dropped.len() + 1 == u32::from(self.n) {
            // takes_all: the maker is credited all five tricks.
            let m = self.multiplier();
            let i = self.maker.index();
            for t in 1..=5 {
                self.won[i] = t;
                self.out_at[i] = went_out(self.scores[i], m, t, self.out_at[i], t);
            }
            self.stage = Stage::Over;
            return;
        }
        self.stage = Stage::Play;
        self.to_play = self.maker;
        self.trick = Trick::new(self.maker);
    }

    fn multiplier(&self) -> i32 {
        self.rules.multiplier(self.trump.expect("trump is named"))
    }

    /// The legal cards of the seat to play.
    pub fn legal_cards(&self) -> CardSet {
        let trump = self.trump.expect("trump is named");
        legal_cards(
            self.hands[self.to_play.index()],
            &self.trick,
            trump,
            &self.rules,
        )
    }

    fn play(&mut self, seat: Seat, card: Card) {
        let trump = self.trump.expect("trump is named");
        self.hands[seat.index()].remove(card);
        self.trick.push(seat, card, trump);
        let active = u32::from(self.n) - self.dropped.len();
        if (self.trick.len() as u32) < active {
            let mut next = seat.next(self.n);
            while self.dropped.contains(next) {
                next = next.next(self.n);
            }
            self.to_play = next;
            return;
        }
        let w = self.trick.winner();
        let i = w.index();
        self.won[i] += 1;
        self.played += 1;
        let m = self.multiplier();
        self.out_at[i] = went_out(self.scores[i], m, self.won[i], self.out_at[i], self.played);
        if self.played == 5 {
            self.stage = Stage::Over;
        } else {
            self.trick = Trick::new(w);
            self.to_play = w;
        }
    }

    /// The easy player's action for the seat to act.
    pub fn easy_action(&self) -> Action {
        let seat = self.to_act().expect("someone acts");
        let opponents = u32::from(self.n) - 1 - self.dropped.len();
        let hand = self.hands[seat.index()];
        match self.stage {
            Stage::Trump => Action::Trump(default_trump(hand)),
            Stage::Exchange(_) => {
                let trump = self.trump.expect("trump is named");
                let may_drop = !self.rules.drop_round() && self.may_drop(seat);
                let swap_max = self.stock_left().min(3);
                easy::exchange(hand, trump, may_drop, swap_max, opponents)
            }
            Stage::DropRound(_) => {
                let trump = self.trump.expect("trump is named");
                if self.may_drop(seat) && easy::wants_to_drop(hand, trump, opponents) {
                    Action::Drop
                } else {
                    Action::Play
                }
            }
            Stage::Play => {
                let trump = self.trump.expect("trump is named");
                Action::Card(easy::card(self.legal_cards(), &self.trick, trump))
            }
            Stage::Over => unreachable!("nobody acts after the deal"),
        }
    }

    /// Plays the deal to its end with the easy player's rules for everyone.
    pub fn roll_out(&mut self) {
        while self.stage != Stage::Over {
            let action = self.easy_action();
            self.apply(action);
        }
    }

    /// Plays by the easy rules until the deal is over or, in trick play,
    /// only `tricks_left` tricks remain (at the start of a trick).
    pub fn roll_out_until(&mut self, tricks_left: u8) {
        while self.stage != Stage::Over
            && !(self.stage == Stage::Play && 5 - self.played <= tricks_left)
        {
            let action = self.easy_action();
            self.apply(action);
        }
    }

    /// Plays the deal to its end like [`World::roll_out`], but the last
    /// `exact_tricks` tricks are played out exactly on the known cards:
    /// every player plays the card that is best for himself by `how`,
    /// assuming the same of the others (max^n search). With 2 tricks left
    /// and four players that is at most 16 lines; the easy rules play
    /// the tricks before.
    pub fn roll_out_exact(&mut self, exact_tricks: u8, how: &Valuation) {
        while self.stage != Stage::Over {
            if self.stage == Stage::Play && 5 - self.played <= exact_tricks {
                let (card, _) = self.best_line(how);
                self.apply(Action::Card(card));
            } else {
                let action = self.easy_action();
                self.apply(action);
            }
        }
    }

    /// The max^n choice of the seat to play and the values of the line for
    /// every seat (in trick play).
    fn best_line(&self, how: &Valuation) -> (Card, [f64; MAX_PLAYERS]) {
        let me = self.to_play.index();
        let mut best: Option<(Card, [f64; MAX_PLAYERS])> = None;
        for card in self.legal_cards() {
            let mut w = self.clone();
            w.apply(Action::Card(card));
            let values = if w.stage == Stage::Over {
                let mut v = [0.0; MAX_PLAYERS];
                for seat in Seat::all(self.n) {
                    v[seat.index()] = w.value(seat, how);
                }
                v
            } else {
                w.best_line(how).1
            };
            if best.as_ref().is_none_or(|(_, b)| values[me] > b[me]) {
                best = Some((card, values));
            }
        }
        best.expect("the seat to play holds a card")
    }

    /// The value of the finished deal for `me`: the settlement in units if
    /// a score reached 0 (the session ends), otherwise the score change
    /// against the opponents' (lower scores are better).
    pub fn value(&self, me: Seat, how: &Valuation) -> f64 {
        let facts = DealFacts {
            players: self.n,
            maker: self.maker,
            dropped: self.dropped,
            tricks: self.won,
            multiplier: self.multiplier(),
        };
        let deltas = deal_deltas(&facts);
        let n = usize::from(self.n);
        let mut after = self.scores;
        for (s, d) in after.iter_mut().zip(deltas) {
            *s += d;
        }
        if after[..n].iter().any(|s| *s <= 0) {
            let facts = SessionFacts {
                players: self.n,
                scores: after,
                out_at: self.out_at,
            };
            let w = winner(&facts, &self.rules).unwrap_or_else(|| {
                Seat::all(self.n)
                    .min_by_key(|s| after[s.index()])
                    .expect("seats")
            });
            return how.settlement * settle(&facts, w, &self.rules).units(me) as f64;
        }
        let mine = f64::from(deltas[me.index()]);
        let others: i32 = (0..n).filter(|i| *i != me.index()).map(|i| deltas[i]).sum();
        -mine + how.opponents * f64::from(others) / (n - 1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FG1's first deal after the exchange, every card known.
    fn fg1_play() -> World {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[0] = set("hA h10 s8 d7 dK");
        hands[1] = set("h7 hQ sK d10 cA");
        hands[2] = set("h8 sA c9 dA h9");
        hands[3] = set("sQ sJ cK cQ d8");
        let mut dropped = SeatSet::EMPTY;
        dropped.insert(Seat::S3);
        World {
            rules: Rules::STANDARD,
            n: 4,
            maker: Seat::S0,
            trump: Some(Suit::Hearts),
            stage: Stage::Play,
            hands,
            second: [CardSet::EMPTY; MAX_PLAYERS],
            dropped,
            stock: [None; MAX_STOCK],
            stock_pos: 0,
            trick: Trick::new(Seat::S0),
            to_play: Seat::S0,
            played: 0,
            won: [0; MAX_PLAYERS],
            out_at: [0; MAX_PLAYERS],
            scores: [6, 7, 3, 12, 0],
            drops: [0, 4, 0, 3, 0],
        }
    }

    /// FG1's cards of deal 1 (SPEC §8.6).
    const FG1_CARDS: [&str; 15] = [
        "hA", "h7", "h8", "h10", "hQ", "h9", "s8", "sK", "sA", "dA", "d7", "d10", "c9", "dK", "cA",
    ];

    fn play_fg1(w: &mut World) {
        for id in FG1_CARDS {
            assert!(w.legal_cards().contains(id.parse().unwrap()), "{id}");
            w.apply(Action::Card(id.parse().unwrap()));
        }
    }

    #[test]
    fn fg1s_card_play_scores_as_in_the_spec() {
        // S0 2 tricks, S1 1, S2 2, S3 dropped: deltas [−2, −1, −2, 0].
        let mut w = fg1_play();
        play_fg1(&mut w);
        assert_eq!(w.stage, Stage::Over);
        assert_eq!(w.won[..4], [2, 1, 2, 0]);
        // No score reaches 0: S1's value is −(−1) + ½·(−2 − 2 + 0)/3.
        assert!((w.value(Seat::S1, &Valuation::STANDARD) - (1.0 - 2.0 / 3.0)).abs() < 1e-9);
    }

    #[test]
    fn a_deal_that_ends_the_session_is_valued_by_the_settlement() {
        // The same cards with S2 at 1 point: S2 takes trick 3 and is out.
        // Scores after: [4, 6, −1, 12]; S0 pays 4, S1 6, S3 12 → S2 +22.
        let mut w = fg1_play();
        w.scores = [6, 7, 1, 12, 0];
        play_fg1(&mut w);
        assert_eq!(w.out_at[2], 3);
        assert!((w.value(Seat::S2, &Valuation::STANDARD) - 22.0).abs() < 1e-9);
        assert!((w.value(Seat::S0, &Valuation::STANDARD) + 4.0).abs() < 1e-9);
        assert!((w.value(Seat::S3, &Valuation::STANDARD) + 12.0).abs() < 1e-9);
    }

    #[test]
    fn the_exact_last_tricks_keep_the_card_that_takes_the_fifth() {
        // Hearts trump, S3 out. Trick 4: S2 led sK, S0 followed s7; S1,
        // without a trick, has no spade and no trump and holds cQ and dA.
        // S2 will lead his last card cJ in trick 5 and S0 holds d7: only a
        // kept cQ takes a trick (−1 instead of +5, SPEC §6.1). The easy
        // rules throw the lower card, cQ; the exact play throws dA.
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let mut w = fg1_play();
        w.hands = [CardSet::EMPTY; MAX_PLAYERS];
        w.hands[0] = set("d7");
        w.hands[1] = set("cQ dA");
        w.hands[2] = set("cJ");
        w.played = 3;
        w.won = [2, 0, 1, 0, 0];
        w.scores = [15, 15, 15, 15, 0];
        w.trick = Trick::new(Seat::S2);
        w.trick.push(Seat::S2, "sK".parse().unwrap(), Suit::Hearts);
        w.trick.push(Seat::S0, "s7".parse().unwrap(), Suit::Hearts);
        w.to_play = Seat::S1;
        let mut easy = w.clone();
        easy.roll_out();
        assert_eq!(easy.won[1], 0);
        w.roll_out_exact(2, &Valuation::STANDARD);
        assert_eq!(w.stage, Stage::Over);
        assert_eq!(w.won[..3], [2, 1, 2]);
    }

    #[test]
    fn a_roll_out_ends_the_deal_with_five_tricks() {
        let mut w = fg1_play();
        w.roll_out();
        assert_eq!(w.stage, Stage::Over);
        assert_eq!(w.won.iter().map(|t| u32::from(*t)).sum::<u32>(), 5);
    }
}
