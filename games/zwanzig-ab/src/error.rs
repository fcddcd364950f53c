//! Why the engine rejected an action. Every error names the rule it enforces
//! by the code of SPEC §9.4 (the text starts with it); a rejected action
//! never changes the session.

use std::fmt;

use crate::card::{Card, Suit};
use crate::seat::Seat;

/// A well-formed action the rules do not allow now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// S-1: the session is over.
    #[error("S-1: the session is over")]
    SessionOver,
    /// S-2: no deal is in progress (the next deal's cards are not dealt yet).
    #[error("S-2: no deal in progress")]
    NoDeal,
    /// S-3: the seat does not exist at this table (API only; a record with
    /// such a seat is malformed).
    #[error("S-3: there is no seat {0} at this table")]
    NoSuchSeat(Seat),
    /// S-4: another seat is to act.
    #[error("S-4: it is seat {expected}'s turn, not seat {actual}'s")]
    NotYourTurn {
        /// The seat to act.
        expected: Seat,
        /// The seat that tried.
        actual: Seat,
    },
    /// T-1: the trump maker must name trump before anything else.
    #[error("T-1: trump must be named first")]
    TrumpFirst,
    /// T-2: trump is named once per deal.
    #[error("T-2: trump is already named")]
    TrumpNamed,
    /// the exchange turn expects `stay`, `swap` or `drop`.
    #[error("X-1: expected {0}")]
    ExpectedExchange(Expected),
    /// a swap of more than three cards.
    #[error("X-2: a swap exchanges at most three cards, not {0}")]
    SwapTooMany(u32),
    /// a swapped card is listed twice or not in the hand.
    #[error("X-3: {0} is listed twice or not in the hand")]
    SwapCard(Card),
    /// a swap of more cards than the stock holds.
    #[error("X-4: the stock holds {left} cards, not {wanted}")]
    SwapBeyondStock {
        /// Cards asked for.
        wanted: u32,
        /// Cards left in the stock.
        left: u32,
    },
    /// under `after_exchange`, drops come in the drop round.
    #[error("X-5: no drop during the exchange round; drops come after it")]
    DropInExchangeRound,
    /// the drop round expects `play` or `drop`.
    #[error("X-6: expected play or drop")]
    ExpectedDropDecision,
    /// D-10: the trump maker always plays.
    #[error("D-10: the trump maker may not drop")]
    MakerMustPlay,
    /// D-11: the seat has used all its drops of this session.
    #[error("D-11: all {limit} drops of the session are used")]
    DropLimit {
        /// The drop limit.
        limit: u8,
    },
    /// D-12: a seat at the minimum score or below may not drop.
    #[error("D-12: {score} points is not above {min}; no drop")]
    ScoreTooLow {
        /// The seat's score before the deal.
        score: i32,
        /// `drop_min_score`.
        min: i32,
    },
    /// D-13: at least two players play every deal.
    #[error("D-13: {dropped} players dropped already; at least two must play")]
    TwoMustPlay {
        /// Drops in this deal so far.
        dropped: u32,
    },
    /// D-14: no drops when this suit is trump.
    #[error("D-14: nobody may drop when {0} is trump")]
    NoDropWithTrump(Suit),
    /// P-1: trick play expects a card.
    #[error("P-1: expected a card")]
    ExpectedCard,
    /// P-2: the card is not in the hand.
    #[error("P-2: {0} is not in the hand")]
    NotInHand(Card),
    /// P-3: the hand holds the led suit.
    #[error("P-3: {card} does not follow {led}, and the hand holds that suit")]
    MustFollow {
        /// The card tried.
        card: Card,
        /// The card led.
        led: Card,
    },
    /// P-4: void in the led suit and holding trump.
    #[error("P-4: {card} is no trump; void in the led suit, the hand must trump ({trump})")]
    MustTrump {
        /// The card tried.
        card: Card,
        /// Trump.
        trump: Suit,
    },
    /// P-5: under `must_head`, a card that beats the trick must be played.
    #[error("P-5: {card} does not head the trick, and the hand can")]
    MustHead {
        /// The card tried.
        card: Card,
    },
}

/// What an exchange turn accepts, for [`RuleError::ExpectedExchange`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// `stay`, `swap` or `drop` (default timing).
    StaySwapDrop,
    /// `stay` or `swap` (the exchange round of `after_exchange`).
    StaySwap,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::StaySwapDrop => "stay, swap (1–3 cards) or drop",
            Expected::StaySwap => "stay or swap (1–3 cards)",
        })
    }
}

impl RuleError {
    /// The rule code of SPEC §9.4, e.g. `"D-12"`.
    pub fn code(&self) -> &'static str {
        use RuleError::*;
        match self {
            SessionOver => "S-1",
            NoDeal => "S-2",
            NoSuchSeat(_) => "S-3",
            NotYourTurn { .. } => "S-4",
            TrumpFirst => "T-1",
            TrumpNamed => "T-2",
            ExpectedExchange(_) => "X-1",
            SwapTooMany(_) => "X-2",
            SwapCard(_) => "X-3",
            SwapBeyondStock { .. } => "X-4",
            DropInExchangeRound => "X-5",
            ExpectedDropDecision => "X-6",
            MakerMustPlay => "D-10",
            DropLimit { .. } => "D-11",
            ScoreTooLow { .. } => "D-12",
            TwoMustPlay { .. } => "D-13",
            NoDropWithTrump(_) => "D-14",
            ExpectedCard => "P-1",
            NotInHand(_) => "P-2",
            MustFollow { .. } => "P-3",
            MustTrump { .. } => "P-4",
            MustHead { .. } => "P-5",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_starts_with_its_code() {
        let c: Card = "hA".parse().unwrap();
        let errors = [
            RuleError::SessionOver,
            RuleError::NoDeal,
            RuleError::NoSuchSeat(Seat::S4),
            RuleError::NotYourTurn {
                expected: Seat::S0,
                actual: Seat::S1,
            },
            RuleError::TrumpFirst,
            RuleError::TrumpNamed,
            RuleError::ExpectedExchange(Expected::StaySwap),
            RuleError::SwapTooMany(4),
            RuleError::SwapCard(c),
            RuleError::SwapBeyondStock { wanted: 2, left: 1 },
            RuleError::DropInExchangeRound,
            RuleError::ExpectedDropDecision,
            RuleError::MakerMustPlay,
            RuleError::DropLimit { limit: 4 },
            RuleError::ScoreTooLow { score: 5, min: 5 },
            RuleError::TwoMustPlay { dropped: 2 },
            RuleError::NoDropWithTrump(Suit::Clubs),
            RuleError::ExpectedCard,
            RuleError::NotInHand(c),
            RuleError::MustFollow { card: c, led: c },
            RuleError::MustTrump {
                card: c,
                trump: Suit::Spades,
            },
            RuleError::MustHead { card: c },
        ];
        for e in errors {
            assert!(e.to_string().starts_with(&format!("{}: ", e.code())), "{e}");
        }
    }
}
