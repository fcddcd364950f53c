//! What one seat may know (SPEC §3.7, DESIGN invariant 4): its own hand, the
//! public announcements with their party labels, the parties as far as they
//! are known to it, and the tricks played. Code acting for a seat — a front
//! end's private message, a computer player — receives only this.

use crate::bidding::{Bid, Bidding, Contract, ItemState};
use crate::card::{Card, CardSet};
use crate::game::{Action, Game, LegalActions, Phase};
use crate::rules::{GameKind, Item, Rules};
use crate::score::Settlement;
use crate::seat::{Party, Seat};
use crate::trick::{CompletedTrick, Trick};

/// The game as far as it is public, without the hidden partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PublicContract {
    /// The game kind.
    pub kind: GameKind,
    /// The caller or soloist.
    pub declarer: Seat,
    /// The called card (Rufer only).
    pub called: Option<Card>,
    /// The partner, only if this seat knows who it is.
    pub partner: Option<Seat>,
}

/// One entry of the bidding history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// Who acted.
    pub seat: Seat,
    /// A bid, or Weiter.
    pub action: Action,
    /// The actor's party in the game current at that moment (every Zusatz is
    /// labelled "dazu"/"dagegen", SPEC D-15); `None` for Weiter.
    pub party: Option<Party>,
}

/// Everything `seat` may know about the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The rules in force.
    pub rules: Rules,
    /// The Vorhand.
    pub forehand: Seat,
    /// Where the deal stands.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// This seat's cards.
    pub hand: CardSet,
    /// How many cards each seat still holds.
    pub hand_sizes: [u8; 4],
    /// The game in force, as this seat knows it.
    pub contract: Option<PublicContract>,
    /// The party of each seat as this seat knows it (its own party always).
    pub parties: [Option<Party>; 4],
    /// The announced items of the current game (game, Absolut, Pagat, Valat).
    pub items: [Option<ItemState>; 4],
    /// The bidding history.
    pub announcements: Vec<Announcement>,
    /// Bids made in the current turn so far.
    pub bids_this_turn: u8,
    /// The trick being played.
    pub trick: Option<Trick>,
    /// The completed tricks.
    pub tricks: Vec<CompletedTrick>,
    /// Whether this seat must keep the Pagat for the last trick.
    pub pagat_bound: bool,
    /// This seat's legal actions when it is to act.
    pub legal: Option<LegalActions>,
    /// The settlement once the deal is finished.
    pub settlement: Option<Settlement>,
}

impl SeatView {
    /// This seat's own party, once a game is announced.
    pub fn my_party(&self) -> Option<Party> {
        self.parties[self.seat.index()]
    }

    /// The state of `item`.
    pub fn item(&self, item: Item) -> Option<&ItemState> {
        self.items[item.index()].as_ref()
    }
}

/// What everyone at the table may know: no hand at all, and the called
/// partner only once the engine says the parties are public. Channel
/// messages are rendered from this view only (DESIGN invariant 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicView {
    /// The rules in force.
    pub rules: Rules,
    /// The Vorhand.
    pub forehand: Seat,
    /// Where the deal stands.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// How many cards each seat still holds.
    pub hand_sizes: [u8; 4],
    /// The game in force; `partner` only once it is public.
    pub contract: Option<PublicContract>,
    /// The publicly known party of each seat.
    pub parties: [Option<Party>; 4],
    /// The announced items of the current game.
    pub items: [Option<ItemState>; 4],
    /// The bidding history, each Zusatz labelled with its party.
    pub announcements: Vec<Announcement>,
    /// The trick being played.
    pub trick: Option<Trick>,
    /// The completed tricks.
    pub tricks: Vec<CompletedTrick>,
    /// The settlement once the deal is finished.
    pub settlement: Option<Settlement>,
}

impl Game {
    /// The view of the table: only what every seat may know.
    pub fn public_view(&self) -> PublicView {
        let bidding = self.bidding();
        let contract = self.contract().map(|c| PublicContract {
            kind: c.kind,
            declarer: c.declarer,
            called: c.called,
            partner: c.partner.filter(|p| bidding.public_party(*p).is_some()),
        });
        PublicView {
            rules: self.rules().get(),
            forehand: self.forehand(),
            phase: self.phase(),
            to_act: self.to_act(),
            hand_sizes: Seat::ALL.map(|s| self.hand(s).len() as u8),
            contract,
            parties: Seat::ALL.map(|s| bidding.public_party(s)),
            items: Item::ALL.map(|i| bidding.item(i).copied()),
            announcements: self.announcements(),
            trick: self.current_trick().copied(),
            tricks: self.tricks().to_vec(),
            settlement: self.settlement(),
        }
    }

    /// The view of `seat`: only what that seat may know.
    pub fn view(&self, seat: Seat) -> SeatView {
        let bidding = self.bidding();
        let contract = self.contract();
        let knows_partner = contract.is_some_and(|c| {
            c.partner == Some(seat) || c.partner.is_some_and(|p| bidding.public_party(p).is_some())
        });
        let parties = Seat::ALL.map(|s| {
            let c = contract?;
            (s == seat || knows_partner)
                .then(|| c.party(s))
                .or(bidding.public_party(s))
        });
        let public = contract.map(|c| PublicContract {
            kind: c.kind,
            declarer: c.declarer,
            called: c.called,
            partner: if knows_partner { c.partner } else { None },
        });
        let to_act = self.to_act();
        SeatView {
            seat,
            rules: self.rules().get(),
            forehand: self.forehand(),
            phase: self.phase(),
            to_act,
            hand: self.hand(seat),
            hand_sizes: Seat::ALL.map(|s| self.hand(s).len() as u8),
            contract: public,
            parties,
            items: Item::ALL.map(|i| bidding.item(i).copied()),
            announcements: self.announcements(),
            bids_this_turn: bidding.bids_this_turn(),
            trick: self.current_trick().copied(),
            tricks: self.tricks().to_vec(),
            pagat_bound: self.pagat_bound() == Some(seat),
            legal: (to_act == Some(seat)).then(|| self.legal_actions()),
            settlement: self.settlement(),
        }
    }

    /// The bidding history with the party labels of the moment.
    fn announcements(&self) -> Vec<Announcement> {
        let mut contract: Option<Contract> = None;
        let mut out = Vec::new();
        for (seat, action) in self.log() {
            let party = match action {
                Action::Play(_) => break,
                Action::Weiter => None,
                Action::Bid(Bid::Game(kind) | Bid::GameWithValat(kind)) => {
                    let called = (kind == GameKind::Rufer)
                        .then(|| Bidding::called_card(self.deal().hand(seat)))
                        .flatten();
                    let partner = called.map(|c| self.deal().holder(c));
                    contract = Some(Contract {
                        kind,
                        declarer: seat,
                        called,
                        partner,
                        with_valat: false,
                    });
                    Some(Party::Declarer)
                }
                Action::Bid(_) => contract.map(|c| c.party(seat)),
            };
            out.push(Announcement {
                seat,
                action,
                party,
            });
        }
        out
    }
}
