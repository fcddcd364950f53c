//! Trump naming (§3, D-05), the exchange (§4.1–4.2, D-07, D-08) and dropping
//! out (§4.3, D-09 … D-14), as methods of [`Session`]. Each checks before it
//! changes anything, so a rejected action leaves the session as it was.

use crate::card::{CardSet, Suit};
use crate::error::{Expected, RuleError};
use crate::score::TRICKS;
use crate::seat::Seat;
use crate::session::{Decision, Session, Stage, Step};

/// Why a seat may not drop now (§4.3), in the order the SPEC checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DropBar {
    /// D-10: the trump maker always plays.
    Maker,
    /// D-11: all drops of the session are used.
    Limit,
    /// D-12: the score (before the deal) is at `drop_min_score` or below.
    Score,
    /// D-13: enough players dropped already; at least two must play.
    TwoMustPlay,
    /// D-14: nobody drops when this suit is trump.
    Trump(Suit),
}

impl Session {
    /// Why `seat` may not drop in the current deal now, or `None` if it may
    /// (whether or not it is its turn). Before trump is named D-14 is not
    /// judged.
    pub fn drop_bar(&self, seat: Seat) -> Option<DropBar> {
        let d = self.deal()?;
        let i = seat.index();
        if seat == d.maker {
            Some(DropBar::Maker)
        } else if self.drops[i] >= self.rules.drop_limit() {
            Some(DropBar::Limit)
        } else if self.scores[i] <= self.rules.drop_min_score() {
            Some(DropBar::Score)
        } else if !self.rules.takes_all() && d.active <= 2 {
            Some(DropBar::TwoMustPlay)
        } else {
            match (self.rules.flags().no_drop_trump, d.trump) {
                (Some(barred), Some(trump)) if barred == trump => Some(DropBar::Trump(trump)),
                _ => None,
            }
        }
    }

    fn drop_error(&self, seat: Seat, bar: DropBar) -> RuleError {
        match bar {
            DropBar::Maker => RuleError::MakerMustPlay,
            DropBar::Limit => RuleError::DropLimit {
                limit: self.rules.drop_limit(),
            },
            DropBar::Score => RuleError::ScoreTooLow {
                score: self.scores[seat.index()],
                min: self.rules.drop_min_score(),
            },
            DropBar::TwoMustPlay => RuleError::TwoMustPlay {
                dropped: self.dropped().len(),
            },
            DropBar::Trump(suit) => RuleError::NoDropWithTrump(suit),
        }
    }

    /// `trump X` by the trump maker: trump is public, the second packets
    /// are dealt.
    pub(crate) fn name_trump(&mut self, suit: Suit) -> Step {
        let n = self.n;
        let d = self.deal_mut();
        d.trump = Some(suit);
        for i in 0..n {
            let seat = d.maker.plus(i, n);
            let second = d.deck.second_packet(usize::from(i), usize::from(n));
            d.hands[seat.index()] = d.hands[seat.index()].union(second);
        }
        d.stage = Stage::Exchange;
        d.turns = 0;
        Step::TrumpNamed
    }

    /// `stay`: keeps the five cards (exchange round).
    pub(crate) fn stay(&mut self, seat: Seat) -> Step {
        self.deal_mut().decisions[seat.index()] = Some(Decision::Stayed);
        self.next_turn()
    }

    /// `swap`: discards 1–3 cards and draws as many from the top of the stock.
    pub(crate) fn swap(&mut self, seat: Seat, cards: CardSet) -> Result<Step, RuleError> {
        let expected = if self.rules.drop_round() {
            Expected::StaySwap
        } else {
            Expected::StaySwapDrop
        };
        let d = self.deal_mut();
        let k = cards.len();
        if k > 3 {
            return Err(RuleError::SwapTooMany(k));
        }
        if let Some(card) = cards.without(d.hands[seat.index()]).first() {
            return Err(RuleError::SwapCard(card));
        }
        let left = 32 - u32::from(d.stock_next);
        if k > left {
            return Err(RuleError::SwapBeyondStock { wanted: k, left });
        }
        if k == 0 {
            return Err(RuleError::ExpectedExchange(expected));
        }
        let hand = &mut d.hands[seat.index()];
        *hand = hand.without(cards);
        for _ in 0..k {
            hand.insert(d.deck.card(usize::from(d.stock_next)));
            d.stock_next += 1;
        }
        d.discards[seat.index()] = cards;
        d.decisions[seat.index()] = Some(Decision::Swapped(k as u8));
        Ok(self.next_turn())
    }

    /// `drop`: leaves the deal if §4.3 allows it; counts against the limit.
    pub(crate) fn drop_out(&mut self, seat: Seat) -> Result<Step, RuleError> {
        if let Some(bar) = self.drop_bar(seat) {
            return Err(self.drop_error(seat, bar));
        }
        self.drops[seat.index()] += 1;
        let d = self.deal_mut();
        d.dropped.insert(seat);
        d.active -= 1;
        let swapped = match d.decisions[seat.index()] {
            Some(Decision::Swapped(k)) => k,
            _ => 0,
        };
        d.decisions[seat.index()] = Some(Decision::Dropped(swapped));
        Ok(self.next_turn())
    }

    /// `play` in the drop round: stays in the deal.
    pub(crate) fn play_on(&mut self, seat: Seat) -> Step {
        self.deal_mut().stays_in.insert(seat);
        self.next_turn()
    }

    /// Moves the turn on; after the last turn of the exchange round comes
    /// the drop round (`after_exchange`) or the play.
    fn next_turn(&mut self) -> Step {
        let n = self.n;
        let drop_round = self.rules.drop_round();
        let d = &mut self.deal;
        d.turns += 1;
        if d.turns < n {
            self.acting = Some(d.maker.plus(d.turns, n));
            return Step::Decided;
        }
        if d.stage == Stage::Exchange && drop_round {
            d.stage = Stage::DropRound;
            d.turns = 1;
            self.acting = Some(d.maker.next(n));
            return Step::Decided;
        }
        if d.active == 1 {
            return self.credit_maker();
        }
        d.stage = Stage::Play;
        d.legal = d.hands[d.maker.index()];
        self.acting = Some(d.maker);
        Step::PlayStarts
    }

    /// `takes_all`: every non-maker dropped, so the trump maker is credited
    /// all five tricks, counted as tricks 1–5 for `out_at` (D-13, §6.3).
    fn credit_maker(&mut self) -> Step {
        let m = self.rules.multiplier(self.trump().expect("trump is named"));
        let d = &mut self.deal;
        let maker = d.maker.index();
        let before = self.scores[maker];
        for t in 1..=TRICKS {
            d.won[maker] = t;
            d.out_at[maker] = crate::score::went_out(before, m, t, d.out_at[maker], t);
        }
        d.credited = true;
        self.end_deal()
    }
}
