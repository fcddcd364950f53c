//! What one seat can deduce from its view: the cards already played, the
//! suits (and tarocks) each other seat has shown it lacks, and the cards some
//! seat must hold because of what it announced.

use tarock_zwanzigerrufen::bidding::Bid;
use tarock_zwanzigerrufen::card::{Card, CardSet, Suit};
use tarock_zwanzigerrufen::rules::{GameKind, Premium};
use tarock_zwanzigerrufen::{Action, Party, Seat, SeatView};

/// The deductions of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The seat that deduced this.
    pub me: Seat,
    /// Cards played so far (completed tricks and the current trick).
    pub played: CardSet,
    /// Cards this seat has not seen: neither in its hand nor played.
    pub unseen: CardSet,
    /// Per seat, cards it cannot hold (shown voids; the Rufer's called card
    /// for the caller).
    pub excluded: [CardSet; 4],
    /// Per seat, unseen cards it must hold (the caller's higher callable
    /// tarocks, the Pagat of a seat that announced Pagat Ultimo).
    pub holds: [CardSet; 4],
    /// Per seat, how many cards it still holds.
    pub hand_sizes: [u8; 4],
}

impl Knowledge {
    /// Everything `view.seat` can deduce from its view.
    pub fn from_view(view: &SeatView) -> Knowledge {
        let me = view.seat;
        let mut played = CardSet::EMPTY;
        let mut excluded = [CardSet::EMPTY; 4];
        let kind = view.contract.map(|c| c.kind);
        let tricks = view.tricks.iter().map(|t| t.trick);
        for trick in tricks.chain(view.trick) {
            played = played.union(trick.card_set());
            note_voids(&trick, kind, &mut excluded);
        }
        let unseen = CardSet::DECK.without(view.hand).without(played);
        let mut holds = [CardSet::EMPTY; 4];
        if let Some(c) = view.contract.filter(|c| c.kind == GameKind::Rufer)
            && let Some(called) = c.called
        {
            excluded[c.declarer.index()].insert(called);
            // The caller calls the highest of XX…XVI she lacks, so she
            // was dealt every callable tarock above the called one.
            let higher: CardSet = CardSet::CALLABLE
                .into_iter()
                .take_while(|card| *card != called)
                .collect();
            holds[c.declarer.index()] = higher;
        }
        for a in &view.announcements {
            if a.action == Action::Bid(Bid::Premium(Premium::Pagat)) {
                holds[a.seat.index()].insert(Card::PAGAT);
            }
        }
        for (seat, hold) in holds.iter_mut().enumerate() {
            *hold = hold.intersect(unseen);
            if seat == me.index() {
                *hold = CardSet::EMPTY;
            }
        }
        Knowledge {
            me,
            played,
            unseen,
            excluded,
            holds,
            hand_sizes: view.hand_sizes,
        }
    }

    /// The unseen cards `seat` may hold as far as this seat knows.
    pub fn possible(&self, seat: Seat) -> CardSet {
        if seat == self.me {
            return CardSet::EMPTY;
        }
        self.unseen.without(self.excluded[seat.index()])
    }

    /// Whether `seat` may still hold `card`.
    pub fn may_hold(&self, seat: Seat, card: Card) -> bool {
        self.possible(seat).contains(card)
    }
}

/// Records the voids a trick shows: not following the led suit means none of
/// it is left; not playing a tarock when one was due means no tarock either.
fn note_voids(
    trick: &tarock_zwanzigerrufen::trick::Trick,
    kind: Option<GameKind>,
    out: &mut [CardSet; 4],
) {
    let Some(led) = trick.led() else { return };
    let led_class = match led.suit() {
        Some(suit) => suit.cards(),
        None => CardSet::TAROCKS,
    };
    // In a Farbensolo the leader must lead a suit card while she has one.
    if kind == Some(GameKind::Farbensolo) && led.is_tarock() {
        let leader = trick.leader().index();
        out[leader] = out[leader].union(CardSet::SUIT_CARDS);
    }
    for (seat, card) in trick.plays().skip(1) {
        let mask = &mut out[seat.index()];
        if !led_class.contains(card) {
            *mask = mask.union(led_class);
            if !card.is_tarock() {
                *mask = mask.union(CardSet::TAROCKS);
            }
        }
    }
}

/// The cards of the same class as `card`: its suit, or the tarocks.
pub fn class_of(card: Card) -> CardSet {
    card.suit().map_or(CardSet::TAROCKS, Suit::cards)
}

/// The party of `seat` as `view.seat` knows it.
pub fn known_party(view: &SeatView, seat: Seat) -> Option<Party> {
    view.parties[seat.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::fd1_after_bidding as game;

    #[test]
    fn the_caller_holds_the_higher_callable_tarocks_and_not_the_called_one() {
        let game = game();
        let k = Knowledge::from_view(&game.view(Seat::S1));
        let t20: Card = "T20".parse().unwrap();
        let t19: Card = "T19".parse().unwrap();
        assert_eq!(k.holds[0], CardSet::single(t20));
        assert!(!k.may_hold(Seat::S0, t19));
        assert!(k.may_hold(Seat::S2, t19));
        assert_eq!(k.unseen.len(), 30);
    }

    #[test]
    fn not_following_shows_a_void() {
        let mut game = game();
        // Seat 0 leads the heart jack; seat 1 has no heart and must trump.
        for (seat, card) in [(0, "hJ"), (1, "T5"), (2, "hN"), (3, "hA")] {
            let seat = Seat::new(seat).unwrap();
            game.apply(seat, Action::Play(card.parse().unwrap()))
                .unwrap();
        }
        let k = Knowledge::from_view(&game.view(Seat::S2));
        let hq: Card = "hQ".parse().unwrap();
        assert!(!k.may_hold(Seat::S1, hq));
        assert!(k.may_hold(Seat::S0, hq));
        assert_eq!(k.played.len(), 4);
    }
}
