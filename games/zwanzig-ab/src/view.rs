//! What the table and each seat may see (SPEC §10, D-24).
//!
//! Public: trump, who dropped, how many cards each exchanged, drops used and
//! left, who is barred from dropping and why, scores, every played card and
//! trick winner, the stock's size. Private to a seat: its own hand (only the
//! first packet until trump is named) and its own discards. Never shown to
//! anyone else: other hands, discards, dropped hands, the stock's cards.

use crate::card::{CardSet, Suit};
use crate::exchange::DropBar;
use crate::legal::LegalActions;
use crate::rules::Rules;
use crate::seat::Seat;
use crate::session::{Decision, Outcome, Phase, Session};
use crate::trick::{CompletedTrick, Trick};

/// What everyone at the table may know. Deal fields describe the deal under
/// way, or the last completed one while the next is not dealt yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicView {
    /// The rules in force.
    pub rules: Rules,
    /// Players at the table.
    pub players: u8,
    /// Deals dealt so far in this session (the current one included).
    pub deals: usize,
    /// Dealer of the current (or last) deal.
    pub dealer: Seat,
    /// Trump maker of the current (or last) deal.
    pub maker: Seat,
    /// Dealer of the next deal when none is under way.
    pub next_dealer: Seat,
    /// Where the session stands.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// Trump, once named.
    pub trump: Option<Suit>,
    /// Scores after the completed deals.
    pub scores: Vec<i32>,
    /// Drops used this session.
    pub drops_used: Vec<u8>,
    /// Drops left this session.
    pub drops_left: Vec<u8>,
    /// Per completed deal, every seat's delta.
    pub deltas: Vec<Vec<i32>>,
    /// Cards each seat holds in the deal (0 for a dropped seat).
    pub hand_sizes: Vec<u8>,
    /// Each seat's exchange/drop decision so far (the number of cards
    /// exchanged is public, the cards are not).
    pub decisions: Vec<Option<Decision>>,
    /// Seats that dropped out, ascending.
    pub dropped: Vec<Seat>,
    /// Cards left in the stock.
    pub stock_left: u32,
    /// Who may not drop now, and why (maker, limit, score, two must play, trump).
    pub drop_bars: Vec<Option<DropBar>>,
    /// The trick being played.
    pub trick: Option<Trick>,
    /// The completed tricks of the deal.
    pub tricks: Vec<CompletedTrick>,
    /// Tricks per seat in the deal.
    pub tricks_won: Vec<u8>,
    /// The winner and settlement once the session is over.
    pub outcome: Option<Outcome>,
}

/// Everything one seat may know: the public view plus its own cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// Its cards: the first packet before trump is named, then the hand.
    pub hand: CardSet,
    /// Its own discards in this deal.
    pub discards: CardSet,
    /// Its legal actions when it is to act.
    pub legal: Option<LegalActions>,
    /// What everyone knows.
    pub public: PublicView,
}

impl Session {
    /// The view of the table: no card that is not face up.
    pub fn public_view(&self) -> PublicView {
        let n = usize::from(self.n);
        let deal = self.deal();
        let seats: Vec<Seat> = Seat::all(self.n).collect();
        let dropped = self.dropped();
        let hand_sizes = seats
            .iter()
            .map(|s| {
                if dropped.contains(*s) {
                    0
                } else {
                    self.hand(*s).len() as u8
                }
            })
            .collect();
        PublicView {
            rules: self.rules,
            players: self.n,
            deals: self.decks.len(),
            dealer: deal.map_or(self.dealer(), |d| d.dealer),
            maker: deal.map_or(self.maker(), |d| d.maker),
            next_dealer: self.dealer(),
            phase: self.phase(),
            to_act: self.to_act(),
            trump: self.trump(),
            scores: self.scores().to_vec(),
            drops_used: self.drops().to_vec(),
            drops_left: self
                .drops()
                .iter()
                .map(|u| self.rules.drop_limit().saturating_sub(*u))
                .collect(),
            deltas: self.deltas().map(<[i32]>::to_vec).collect(),
            hand_sizes,
            decisions: if deal.is_some() {
                self.decisions().to_vec()
            } else {
                vec![None; n]
            },
            dropped: dropped.iter().collect(),
            stock_left: self.stock_left(),
            drop_bars: seats
                .iter()
                .map(|s| {
                    if self.deal_under_way() {
                        self.drop_bar(*s)
                    } else {
                        None
                    }
                })
                .collect(),
            trick: self.current_trick().copied(),
            tricks: self.tricks().collect(),
            tricks_won: if deal.is_some() {
                self.tricks_won().to_vec()
            } else {
                vec![0; n]
            },
            outcome: self.outcome().cloned(),
        }
    }

    /// The view of `seat`: the public view plus its own hand and discards.
    pub fn view(&self, seat: Seat) -> SeatView {
        let legal = (self.to_act() == Some(seat)).then(|| self.legal_actions());
        SeatView {
            seat,
            hand: self.hand(seat),
            discards: self
                .deal()
                .map_or(CardSet::EMPTY, |d| d.discards[seat.index()]),
            legal,
            public: self.public_view(),
        }
    }
}
