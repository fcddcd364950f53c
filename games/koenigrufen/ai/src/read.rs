//! Reading the trick in progress as the seat to play sees it: who wins it so
//! far, whether a card would win it now, and whether a seat still to play
//! could take it away. Shared by the easy and medium players.

use tarock_koenigrufen::trick::Trick;
use tarock_koenigrufen::{Card, CardSet, Mode, Seat, SeatView};

use super::knowledge::Knowledge;

/// The trick in progress and the mode it is played in.
#[derive(Clone, Copy, Debug)]
pub struct TrickRead {
    /// The trick so far.
    pub trick: Trick,
    /// The contract's trick-play mode.
    pub mode: Mode,
    maerchenstich: bool,
}

impl TrickRead {
    /// Reads the current trick of `view` (trick play only).
    pub fn new(view: &SeatView) -> TrickRead {
        let p = &view.public;
        TrickRead {
            trick: p.trick.expect("trick play has a current trick"),
            mode: p.contract.map_or(Mode::Tarock, |c| c.mode()),
            maerchenstich: p.rules.maerchenstich,
        }
    }

    /// Whether nobody has played to the trick yet.
    pub fn is_lead(&self) -> bool {
        self.trick.is_empty()
    }

    /// Whether the seat to play is the last of the trick.
    pub fn is_last(&self) -> bool {
        self.trick.len() == 3
    }

    /// Card values in the trick so far.
    pub fn value(&self) -> u32 {
        self.trick.cards().map(|c| u32::from(c.value())).sum()
    }

    /// The seat and card winning the trick so far.
    pub fn winner(&self) -> Option<(Seat, Card)> {
        self.trick.winner(self.mode, self.maerchenstich)
    }

    /// Whether `card`, played now, would be winning the trick.
    pub fn wins_now(&self, card: Card) -> bool {
        let mut t = self.trick;
        t.push(card);
        t.winning_card(self.mode, self.maerchenstich) == Some(card)
    }

    /// The seats still to play after the seat to act.
    pub fn later_seats(&self) -> impl Iterator<Item = Seat> + use<> {
        let n = self.trick.len() as u8;
        let leader = self.trick.leader();
        (n + 1..4).map(move |i| leader.plus(i))
    }

    /// Whether `seat`, playing after `card`, may hold a card that takes the
    /// trick from it: a seat not known to lack the led class is assumed to
    /// follow it; one known to lack it may play anything it may hold.
    pub fn beatable_by(&self, card: Card, seat: Seat, k: &Knowledge) -> bool {
        let mut t = self.trick;
        t.push(card);
        let led = t.led().expect("a card was played");
        let possible = k.possible(seat);
        let follows = possible.meets(led.class());
        let options = if follows {
            possible.intersect(led.class())
        } else {
            possible
        };
        options.iter().any(|c| {
            let mut after = t;
            after.push(c);
            after.winning_card(self.mode, self.maerchenstich) == Some(c)
        })
    }

    /// Whether a later seat outside `friends` may take the trick from `card`.
    pub fn likely_beaten(&self, card: Card, k: &Knowledge, friends: &[Seat]) -> bool {
        self.later_seats()
            .filter(|s| !friends.contains(s))
            .any(|s| self.beatable_by(card, s, k))
    }

    /// Whether the card now winning may still be beaten by a later seat
    /// outside `friends` (the seat to act not counted).
    pub fn winner_beatable(&self, k: &Knowledge, friends: &[Seat]) -> bool {
        let Some((_, card)) = self.winner() else {
            return true;
        };
        self.later_seats()
            .filter(|s| !friends.contains(s))
            .any(|seat| {
                let possible = k.possible(seat);
                let led = self.trick.led().expect("a card was played");
                let options = if possible.meets(led.class()) {
                    possible.intersect(led.class())
                } else {
                    possible
                };
                options.iter().any(|c| {
                    let mut after = self.trick;
                    after.push(c);
                    after.winning_card(self.mode, self.maerchenstich) != Some(card)
                })
            })
    }
}

/// The card to part with first: lowest value, then lowest rank, Trull and
/// Kings last.
pub fn cheapest(cards: CardSet) -> Option<Card> {
    cards.iter().min_by_key(|c| {
        let keep = CardSet::TRULL.union(CardSet::KINGS).contains(*c);
        (keep, c.value(), c.is_tarock(), c.index())
    })
}

/// The lowest tarock that is neither a Trull card nor a bird of the table's
/// five, else the lowest non-Trull tarock.
pub fn lowest_plain_tarock(cards: CardSet) -> Option<Card> {
    let tarocks = cards.intersect(CardSet::TAROCKS).without(CardSet::TRULL);
    tarocks
        .without(CardSet::BIRDS)
        .first()
        .or_else(|| tarocks.first())
}
