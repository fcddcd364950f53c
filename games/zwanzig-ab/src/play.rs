//! Trick play (§5, D-15 … D-17) and the end of a deal and of the session
//! (§6), as methods of [`Session`].

use crate::card::{Card, CardSet, Suit};
use crate::error::RuleError;
use crate::score::{DealFacts, SessionFacts, TRICKS, deal_deltas, settle, went_out, winner};
use crate::seat::Seat;
use crate::session::{Outcome, Session, Stage, Step};
use crate::trick::{Trick, illegal_reason, legal_cards};

impl Session {
    /// The cards the seat to act may play (empty outside trick play). They
    /// are computed once per turn, when the turn passes.
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        if self.acting.is_some() && self.deal.stage == Stage::Play {
            self.deal.legal
        } else {
            CardSet::EMPTY
        }
    }

    /// Plays `card` for `seat`, the seat to play.
    #[inline(always)]
    pub(crate) fn play_card(&mut self, seat: Seat, card: Card) -> Result<Step, RuleError> {
        let n = self.n;
        let d = &mut self.deal;
        let trump = d.trump.expect("trump is named before play");
        if !d.legal.contains(card) {
            let hand = d.hands[seat.index()];
            return Err(illegal_reason(hand, card, &d.trick, trump, &self.rules));
        }
        d.hands[seat.index()].remove(card);
        d.trick.push(seat, card, trump);
        if d.trick.len() < usize::from(d.active) {
            let mut next = seat.next(n);
            while d.dropped.contains(next) {
                next = next.next(n);
            }
            d.legal = legal_cards(d.hands[next.index()], &d.trick, trump, &self.rules);
            self.acting = Some(next);
            return Ok(Step::CardPlayed);
        }
        Ok(self.complete_trick(trump))
    }

    /// The trick is full: its winner takes it and leads the next one.
    fn complete_trick(&mut self, trump: Suit) -> Step {
        let m = self.rules.multiplier(trump);
        let d = &mut self.deal;
        let winner = d.trick.winner();
        let w = winner.index();
        d.won[w] += 1;
        d.tricks[usize::from(d.played)] = d.trick;
        d.played += 1;
        d.out_at[w] = went_out(self.scores[w], m, d.won[w], d.out_at[w], d.played);
        if d.played < TRICKS {
            d.trick = Trick::new(winner);
            d.legal = d.hands[w];
            self.acting = Some(winner);
            return Step::TrickTaken(winner);
        }
        self.end_deal()
    }

    /// Scores the deal (§6.1) and ends the session if a score is at 0 or
    /// below (§6.2); then the winner and the settlement (§6.3, §6.4).
    pub(crate) fn end_deal(&mut self) -> Step {
        let n = self.n;
        let d = &mut self.deal;
        d.stage = Stage::Over;
        self.acting = None;
        let facts = DealFacts {
            players: n,
            maker: d.maker,
            dropped: d.dropped,
            tricks: d.won,
            multiplier: self.rules.multiplier(d.trump.expect("trump is named")),
        };
        let out_at = d.out_at;
        let deltas = deal_deltas(&facts);
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score += delta;
        }
        self.deltas.push(deltas);
        if self.scores[..usize::from(n)].iter().all(|s| *s > 0) {
            return Step::DealOver;
        }
        let facts = SessionFacts {
            players: n,
            scores: self.scores,
            out_at,
        };
        // A score at 0 or below was above 0 before this deal, so its seat
        // went out during it; the fallback (lowest score) is never needed.
        let winner = winner(&facts, &self.rules).unwrap_or_else(|| {
            Seat::all(n)
                .min_by_key(|s| self.scores[s.index()])
                .expect("at least three seats")
        });
        self.outcome = Some(Outcome {
            winner,
            out_at,
            settlement: settle(&facts, winner, &self.rules),
        });
        Step::SessionOver(winner)
    }
}
