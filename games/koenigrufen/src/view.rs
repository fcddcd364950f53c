//! What one seat may know, and what everyone may know (SPEC §5, §6, §7.5,
//! §8.5): a seat sees its own hand, the exposed talon halves, its own
//! discards, the face-up discards, every announcement labelled with the
//! actor's party, the tricks, and the ouvert hands after the first trick.
//! Code acting for a seat (a private message, a computer player) gets only
//! its [`SeatView`]; channel messages are rendered from the [`PublicView`].

use serde::Serialize;

use crate::action::Action;
use crate::announce::ItemState;
use crate::card::{Card, CardSet};
use crate::contract::{Contract, Item, TalonUse};
use crate::deal::Half;
use crate::game::{Declared, Game, Phase};
use crate::legal::LegalActions;
use crate::play::CompletedTrick;
use crate::rules::Rules;
use crate::score::Settlement;
use crate::seat::{Party, Seat, Seats};
use crate::talon::Taken;
use crate::trick::Trick;

/// One accepted action as the viewer may see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Who acted.
    pub seat: Seat,
    /// The action, or `None` when it is hidden from the viewer (a discard,
    /// a Mussolini lay-aside).
    pub action: Option<Action>,
    /// For a hidden discard: the cards laid aside face up.
    pub face_up: CardSet,
    /// Announcements and Kontras: the actor's party (D-19).
    pub party: Option<Party>,
}

/// The parts of the deal everyone may know.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PublicView {
    /// The rules in force.
    #[serde(skip)]
    pub rules: Rules,
    /// The dealt Vorhand.
    pub forehand: Seat,
    /// The effective Vorhand (after `vorhand-weiter`).
    pub vorhand: Seat,
    /// Where the deal stands.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// Cards each seat holds.
    pub hand_sizes: [u8; 4],
    /// Hands shown to all: ouvert games after the first trick (§8.5).
    pub open_hands: [Option<CardSet>; 4],
    /// Every action as the public sees it.
    pub history: Vec<Entry>,
    /// The contract and declarer(s), once the auction is over.
    pub contract: Option<Contract>,
    /// The declarers with their contracts.
    pub declarers: Vec<(Seat, Contract)>,
    /// The called King.
    pub called: Option<Card>,
    /// Called as "der vierte König".
    pub called_fourth: bool,
    /// The parties as far as they are public.
    pub parties: [Option<Party>; 4],
    /// Talon halves as far as they are shown.
    pub talon: [Option<CardSet>; 2],
    /// How the declarer took the talon.
    pub talon_taken: Option<Taken>,
    /// Discards laid face up (§6.2).
    pub face_up: CardSet,
    /// Announced items (index [`Item::index`]) in positive games.
    pub items: Vec<(Item, ItemState)>,
    /// Negative games: Kontra level per (declarer, opponent).
    pub pair_levels: [[u8; 4]; 4],
    /// The trick being played.
    pub trick: Option<Trick>,
    /// The completed tricks.
    #[serde(skip)]
    pub tricks: Vec<CompletedTrick>,
    /// Tricks per seat.
    pub won: [u8; 4],
    /// The settlement once the deal is over.
    pub settlement: Option<Settlement>,
}

/// Everything `seat` may know.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatView {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The public part (with this seat's own hidden actions filled in).
    pub public: PublicView,
    /// This seat's cards.
    pub hand: CardSet,
    /// The parties as this seat knows them (its own always, once known).
    pub parties: [Option<Party>; 4],
    /// The talon halves this seat has seen.
    pub talon: [Option<CardSet>; 2],
    /// Cards this seat laid aside.
    pub own_discard: CardSet,
    /// Mussolini: the row as laid (the declarer only).
    pub row: Option<[Card; 3]>,
    /// Mussolini: the card this seat drew from the row.
    pub drawn: Option<Card>,
    /// This seat's legal actions when it is to act.
    #[serde(skip)]
    pub legal: Option<LegalActions>,
}

impl SeatView {
    /// This seat's own party, once known.
    pub fn my_party(&self) -> Option<Party> {
        self.parties[self.seat.index()]
    }
}

impl Game {
    /// What everyone at the table may know: no hidden card, no hidden partner.
    pub fn public_view(&self) -> PublicView {
        self.view_for(None)
    }

    /// What `seat` may know.
    pub fn view(&self, seat: Seat) -> SeatView {
        let public = self.view_for(Some(seat));
        let mut parties = public.parties;
        if let Some(d) = self.declared() {
            // Before the King is called only the declarer knows his party.
            let knows_self = self.phase() != Phase::KingCall || d.declarer == seat;
            if knows_self {
                parties[seat.index()] = self.party(seat);
            }
            // The partner knows the declarer and himself; a seat of party O
            // holding no King still does not know the partner.
            if self.party(seat) == Some(Party::Declarer)
                && self.called().and_then(|c| c.partner) == Some(seat)
            {
                for s in self.declarer_seats().iter() {
                    parties[s.index()] = Some(Party::Declarer);
                }
            }
        }
        let declarer = self.declared().map(|d| d.declarer);
        let finished = self.is_finished();
        let mut talon = public.talon;
        if declarer == Some(seat) && self.talon().taken == Some(Taken::All) {
            talon = Half::BOTH.map(|h| Some(self.deal().half(h)));
        }
        let own_discard = if declarer == Some(seat) || finished {
            self.talon().discard
        } else {
            CardSet::EMPTY
        };
        let mussolini_opp = (1..=3).any(|n| declarer.map(|d| d.plus(n)) == Some(seat));
        let to_act = self.to_act();
        SeatView {
            seat,
            hand: self.hand(seat),
            parties,
            talon,
            own_discard: own_discard.union(if mussolini_opp {
                self.laid_aside_by(seat)
            } else {
                CardSet::EMPTY
            }),
            row: self
                .talon()
                .row
                .filter(|_| declarer == Some(seat) || finished),
            drawn: self.talon().drawn.filter(|_| to_act == Some(seat)),
            legal: (to_act == Some(seat)).then(|| self.legal_actions()),
            public,
        }
    }

    /// The card a Mussolini opponent laid aside, from the log.
    fn laid_aside_by(&self, seat: Seat) -> CardSet {
        self.log()
            .iter()
            .filter(|(s, a)| *s == seat && matches!(a, Action::Discard(l) if l.len() == 1))
            .filter_map(|(_, a)| match a {
                Action::Discard(l) => l.get(0),
                _ => None,
            })
            .collect()
    }

    fn view_for(&self, viewer: Option<Seat>) -> PublicView {
        let declared = self.declared().copied();
        let finished = self.is_finished();
        let round = self.round();
        let play = self.play();
        PublicView {
            rules: *self.rules(),
            forehand: self.forehand(),
            vorhand: self.auction().vorhand(),
            phase: self.phase(),
            to_act: self.to_act(),
            hand_sizes: Seat::ALL.map(|s| self.hand(s).len() as u8),
            open_hands: self.open_hands(),
            history: self.history(viewer),
            contract: declared.map(|d| d.contract),
            declarers: declared.map_or(vec![], |d| {
                d.bidders.bidders().map(|b| (b.seat, b.contract)).collect()
            }),
            called: self.called().map(|c| c.card),
            called_fourth: self.called().is_some_and(|c| c.fourth),
            parties: self.public_parties(),
            talon: self.public_talon(declared, finished),
            talon_taken: self.talon().taken,
            face_up: if finished {
                self.talon().discard
            } else {
                self.talon().face_up
            },
            items: round.map_or(vec![], |r| {
                (0..Item::COUNT)
                    .filter_map(|i| Some((Item::from_index(i)?, r.items()[i]?)))
                    .filter(|_| declared.is_some_and(|d| d.contract.is_positive()))
                    .collect()
            }),
            pair_levels: round.map_or([[0; 4]; 4], |r| r.pair_levels()),
            trick: play.map(|p| *p.current()),
            tricks: play.map_or(vec![], |p| p.tricks().copied().collect()),
            won: play.map_or([0; 4], |p| p.won()),
            settlement: self.settlement(),
        }
    }

    /// Ouvert hands after the first trick (§8.5).
    fn open_hands(&self) -> [Option<CardSet>; 4] {
        let ouvert = self.declared().is_some_and(|d| d.contract.is_ouvert());
        let after_first = self.play().is_some_and(|p| p.count() >= 1);
        Seat::ALL.map(|s| (ouvert && after_first).then(|| self.hand(s)))
    }

    /// Talon halves shown to all: exposed talons after the king call, all at the end.
    fn public_talon(&self, declared: Option<Declared>, finished: bool) -> [Option<CardSet>; 2] {
        let exposed = declared.is_some_and(|d| d.contract.talon_use() == TalonUse::Exposed)
            && !matches!(self.phase(), Phase::Auction | Phase::KingCall);
        Half::BOTH.map(|h| (exposed || finished).then(|| self.deal().half(h)))
    }

    /// The parties as far as everyone knows them (§5, §7.5).
    pub fn public_parties(&self) -> [Option<Party>; 4] {
        let Some(d) = self.declared() else {
            return [None; 4];
        };
        let hidden_partner = d.contract.calls_king() && !self.is_finished();
        let talon_shows_king = self.king_in_talon() && d.contract.talon_use() == TalonUse::Exposed;
        let called = self.called().map(|c| c.card);
        let mut known = d.seats();
        if !hidden_partner || talon_shows_king {
            known = Seats::ALL;
        }
        for (seat, action) in self.log() {
            let reveals = match action {
                Action::Announce(_) | Action::Kontra(..) => true,
                Action::Play(c) => Some(*c) == called,
                _ => false,
            };
            if reveals {
                known = known.with(*seat);
            }
        }
        Seat::ALL.map(|s| known.contains(s).then(|| self.party(s)).flatten())
    }

    /// The log as `viewer` may see it.
    fn history(&self, viewer: Option<Seat>) -> Vec<Entry> {
        let finished = self.is_finished();
        let face_up = self.talon().face_up;
        self.log()
            .iter()
            .map(|&(seat, action)| {
                let own = viewer == Some(seat) || finished;
                let (shown, visible) = match action {
                    Action::Discard(list) if !own => {
                        let (set, _) = list.to_set();
                        (None, set.intersect(face_up))
                    }
                    _ => (Some(action), CardSet::EMPTY),
                };
                let party = match action {
                    Action::Announce(_) | Action::Kontra(..) => self.party(seat),
                    _ => None,
                };
                Entry {
                    seat,
                    action: shown,
                    face_up: visible,
                    party,
                }
            })
            .collect()
    }
}
