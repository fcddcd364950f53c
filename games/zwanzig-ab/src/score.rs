//! Scoring: first the facts, then the prices.
//!
//! A deal's [`DealFacts`] (maker, dropped seats, tricks, multiplier) give each
//! seat's delta ([`deal_deltas`], SPEC §6.1, D-18). The end of a session
//! gives [`SessionFacts`] (final scores, when each player went out) and the
//! rules turn them into a winner ([`winner`], §6.3) and a zero-sum
//! [`Settlement`] in units ([`settle`], §6.4), itemised per payer.

use serde::Serialize;

use crate::rules::{Rules, SettlementRule, WinnerRule};
use crate::seat::{MAX_PLAYERS, Seat, SeatSet};

/// Tricks in a deal.
pub const TRICKS: u8 = 5;

/// What happened in one deal, as far as scoring is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealFacts {
    /// Players at the table.
    pub players: u8,
    /// The trump maker.
    pub maker: Seat,
    /// Seats that dropped out.
    pub dropped: SeatSet,
    /// Tricks taken per seat (credited tricks under `takes_all` included).
    pub tricks: [u8; MAX_PLAYERS],
    /// 2 when hearts are trump under `hearts_double`, else 1.
    pub multiplier: i32,
}

/// Each seat's score change for a deal (D-18): dropped 0; `t ≥ 1` tricks
/// `−m·t`; no trick `+5m`, or `+10m` for the trump maker.
pub fn deal_deltas(f: &DealFacts) -> [i32; MAX_PLAYERS] {
    let mut deltas = [0; MAX_PLAYERS];
    let mut seat = Seat::S0;
    for (delta, tricks) in deltas.iter_mut().zip(f.tricks).take(usize::from(f.players)) {
        let t = i32::from(tricks);
        *delta = if f.dropped.contains(seat) {
            0
        } else if t > 0 {
            -f.multiplier * t
        } else if seat == f.maker {
            10 * f.multiplier
        } else {
            5 * f.multiplier
        };
        seat = seat.next(MAX_PLAYERS as u8);
    }
    deltas
}

/// The end of a session, as far as the winner and the settlement are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionFacts {
    /// Players at the table.
    pub players: u8,
    /// Scores after the last deal.
    pub scores: [i32; MAX_PLAYERS],
    /// Per seat, the trick (1–5) of the last deal after which its running
    /// score first reached 0 or below; 0 if it did not (§6.3 `out_at`).
    pub out_at: [u8; MAX_PLAYERS],
}

/// The winner of a finished session (D-20, D-21): the first player out, or
/// under `lowest` the lowest score, ties by who was out first. `None` only
/// if no score is at 0 or below (the session is not over).
pub fn winner(f: &SessionFacts, rules: &Rules) -> Option<Seat> {
    let out = |s: Seat| match f.out_at[s.index()] {
        0 => u8::MAX,
        t => t,
    };
    let seats = Seat::all(f.players);
    match rules.flags().winner_rule {
        WinnerRule::FirstOut => seats
            .filter(|s| f.out_at[s.index()] > 0)
            .min_by_key(|s| out(*s)),
        WinnerRule::Lowest => seats
            .filter(|s| f.scores[s.index()] <= 0)
            .min_by_key(|s| (f.scores[s.index()], out(*s))),
    }
}

/// One loser's payment to the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Payment {
    /// Who pays.
    pub from: Seat,
    /// Units paid (0 for a loser at 0 or below under `points`).
    pub units: i64,
    /// The payer's final score (what `points` charges, at least 0).
    pub score: i32,
}

/// The settlement of a session in units, zero-sum (D-22).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Settlement {
    /// The session's winner, who receives every payment.
    pub winner: Seat,
    /// Which rule priced it.
    #[serde(skip)]
    pub rule: SettlementRule,
    /// One line per loser, in seat order.
    pub payments: Vec<Payment>,
    /// Each seat's balance change in units, seat 0 first (sums to 0).
    pub balance: Vec<i64>,
}

impl Settlement {
    /// The balance change of `seat` in units.
    pub fn units(&self, seat: Seat) -> i64 {
        self.balance.get(seat.index()).copied().unwrap_or(0)
    }

    /// The balance changes in money: units × `stake` (e.g. cents per unit).
    pub fn money(&self, stake: i64) -> Vec<i64> {
        self.balance.iter().map(|u| u * stake).collect()
    }

    /// Units that change hands (what the winner receives).
    pub fn total(&self) -> i64 {
        self.units(self.winner)
    }
}

/// Prices a finished session: each loser pays the winner his remaining
/// score, at least 0 (`points`), or one unit (`flat`).
pub fn settle(f: &SessionFacts, winner: Seat, rules: &Rules) -> Settlement {
    let rule = rules.flags().settlement;
    let payments: Vec<Payment> = Seat::all(f.players)
        .filter(|s| *s != winner)
        .map(|from| {
            let score = f.scores[from.index()];
            let units = match rule {
                SettlementRule::Points => i64::from(score.max(0)),
                SettlementRule::Flat => 1,
            };
            Payment { from, units, score }
        })
        .collect();
    let mut balance = vec![0i64; usize::from(f.players)];
    for p in &payments {
        balance[p.from.index()] -= p.units;
        balance[winner.index()] += p.units;
    }
    Settlement {
        winner,
        rule,
        payments,
        balance,
    }
}

/// The running out-at tracking of §6.3 for one seat that just took its
/// `tricks`-th trick as trick number `trick_no`: `Some(trick_no)` when its
/// running score `before − m·tricks` reached 0 or below for the first time.
pub const fn went_out(before: i32, multiplier: i32, tricks: u8, already: u8, trick_no: u8) -> u8 {
    if already == 0 && before - multiplier * tricks as i32 <= 0 {
        trick_no
    } else {
        already
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Flags;

    #[test]
    fn went_out_records_only_the_first_time() {
        assert_eq!(went_out(2, 1, 1, 0, 1), 0);
        assert_eq!(went_out(2, 1, 2, 0, 3), 3);
        assert_eq!(went_out(2, 1, 3, 3, 4), 3);
        assert_eq!(went_out(3, 2, 2, 0, 2), 2);
    }

    #[test]
    fn lowest_breaks_equal_scores_by_out_at() {
        let rules = Rules::new(Flags {
            winner_rule: WinnerRule::Lowest,
            ..*Rules::STANDARD.flags()
        })
        .unwrap();
        let f = SessionFacts {
            players: 3,
            scores: [0, 0, 7, 0, 0],
            out_at: [4, 2, 0, 0, 0],
        };
        assert_eq!(winner(&f, &rules), Some(Seat::S1));
        assert_eq!(winner(&f, &Rules::STANDARD), Some(Seat::S1));
        let none = SessionFacts {
            players: 3,
            scores: [1, 2, 3, 0, 0],
            out_at: [0; 5],
        };
        assert_eq!(winner(&none, &Rules::STANDARD), None);
    }
}
