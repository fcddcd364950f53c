//! The legal actions of the seat to act, as data and without heap
//! allocation: a short list of words (auction, king call, talon, Mussolini
//! draw, announcements), the playable cards, the cards a Mussolini opponent
//! may lay aside, and the declarer's [`DiscardRule`].

use crate::action::Action;
use crate::auction::Word;
use crate::card::{Card, CardSet, Suit};
use crate::contract::{Contract, Item, Premium};
use crate::deal::Half;
use crate::game::{Game, Phase};
use crate::seat::Seat;
use crate::talon::{CardList, DiscardRule};

/// Room for the longest word list (the auction: 27 words).
pub(crate) const CAPACITY: usize = 32;

/// The legal actions of the seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalActions {
    /// The seat to act (`None` when the deal is over).
    pub seat: Option<Seat>,
    words: [Action; CAPACITY],
    len: u8,
    /// Cards the seat may play.
    pub cards: CardSet,
    /// Cards a Mussolini opponent may lay aside after drawing (any card of the hand).
    pub lay_aside: CardSet,
    /// The declarer's discard: which cards, how many, which go face up.
    pub discard: Option<DiscardRule>,
    /// The discard is Mussolini's: the first three count for the declarer,
    /// the last three form the row in the order given.
    pub mussolini: bool,
}

impl LegalActions {
    const NONE: LegalActions = LegalActions {
        seat: None,
        words: [Action::Weiter; CAPACITY],
        len: 0,
        cards: CardSet::EMPTY,
        lay_aside: CardSet::EMPTY,
        discard: None,
        mussolini: false,
    };

    fn push(&mut self, action: Action) {
        self.words[usize::from(self.len)] = action;
        self.len += 1;
    }

    /// The legal word actions (everything except cards and discards).
    pub fn words(&self) -> &[Action] {
        &self.words[..usize::from(self.len)]
    }

    /// Every legal action: words, cards, lay-asides, then every legal discard
    /// (for a Mussolini one split per set: own three, then the row, in deck order).
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let single = |c: Card| Action::Discard(CardList::new(&[c]).expect("one card"));
        self.words()
            .iter()
            .copied()
            .chain(self.cards.iter().map(Action::Play))
            .chain(self.lay_aside.iter().map(single))
            .chain(
                self.discard
                    .iter()
                    .flat_map(|r| r.all())
                    .map(|s| Action::Discard(CardList::of_set(s))),
            )
    }

    /// Whether there is nothing to do (only when the deal is over).
    pub fn is_empty(&self) -> bool {
        self.len == 0
            && self.cards.is_empty()
            && self.lay_aside.is_empty()
            && self.discard.is_none()
    }

    /// Whether `action` is legal.
    pub fn contains(&self, action: Action) -> bool {
        match action {
            Action::Play(c) => self.cards.contains(c),
            Action::Discard(list) if !self.lay_aside.is_empty() => {
                list.len() == 1 && list.get(0).is_some_and(|c| self.lay_aside.contains(c))
            }
            Action::Discard(list) => self.discard.is_some_and(|r| {
                let (set, repeated) = list.to_set();
                !repeated && r.check(set).is_ok()
            }),
            other => self.words().contains(&other),
        }
    }
}

impl Game {
    /// The legal actions of the seat to act.
    pub fn legal_actions(&self) -> LegalActions {
        let Some(seat) = self.to_act() else {
            return LegalActions::NONE;
        };
        let mut legal = LegalActions {
            seat: Some(seat),
            ..LegalActions::NONE
        };
        match self.phase() {
            Phase::Auction => self.auction_words(seat, &mut legal),
            Phase::KingCall => self.call_words(seat, &mut legal),
            Phase::Talon => self.talon_words(seat, &mut legal),
            Phase::Discard => {
                legal.discard = self.discard_rule();
                legal.mussolini = self
                    .declared()
                    .is_some_and(|d| d.contract == Contract::Mussolini);
            }
            Phase::Mussolini => match self.talon().drawn {
                Some(_) => legal.lay_aside = self.hand(seat),
                None => {
                    (1..=self.talon().row_left.left()).for_each(|n| legal.push(Action::Draw(n)))
                }
            },
            Phase::Announcements => self.announcement_words(seat, &mut legal),
            Phase::Play => legal.cards = self.legal_cards(),
            Phase::Finished => {}
        }
        legal
    }

    fn auction_words(&self, seat: Seat, legal: &mut LegalActions) {
        let hand = self.hand(seat);
        let rules = self.rules();
        let fixed = [
            Action::Vorhand,
            Action::Weiter,
            Action::Halte,
            Action::VorhandWeiter,
        ];
        let bids = Contract::ALL
            .into_iter()
            .filter(|c| rules.offers(*c))
            .map(Action::Bid);
        let bei = [Contract::Piccolo, Contract::Zwiccolo].map(Action::Bei);
        for action in fixed.into_iter().chain(bids).chain(bei) {
            let word: Word = action.word().expect("auction words");
            if self.auction().check(word, hand, rules).is_ok() {
                legal.push(action);
            }
        }
    }

    fn call_words(&self, seat: Seat, legal: &mut LegalActions) {
        let kings = self.hand(seat).intersect(CardSet::KINGS);
        for suit in Suit::ALL.into_iter().filter(|s| !kings.contains(s.king())) {
            legal.push(Action::Call(suit));
        }
        if kings.len() == 3 {
            legal.push(Action::CallFourth);
        }
    }

    fn talon_words(&self, seat: Seat, legal: &mut LegalActions) {
        let in_talon = self.king_in_talon();
        if in_talon && self.rules().king_in_talon_takes_all {
            legal.push(Action::TakeAll);
        } else {
            legal.push(Action::Take(Half::First));
            legal.push(Action::Take(Half::Second));
        }
        if !in_talon {
            return;
        }
        if self
            .declared()
            .is_some_and(|d| d.contract == Contract::Besserrufer)
        {
            let held = self.hand(seat).intersect(self.rules().birds());
            for card in held {
                legal.push(Action::Schleifen(Premium::of_bird(card)));
            }
        } else {
            legal.push(Action::Schleifen(None));
        }
    }

    fn announcement_words(&self, seat: Seat, legal: &mut LegalActions) {
        let Some(round) = self.round() else { return };
        let ctx = self.context();
        for p in Premium::ALL {
            if round.check_announce(p, &ctx).is_ok() {
                legal.push(Action::Announce(p));
            }
        }
        let negative = self.declared().is_some_and(|d| d.contract.is_negative());
        if negative {
            for other in Seat::ALL.into_iter().filter(|o| *o != seat) {
                if round.check_kontra(Item::Spiel, Some(other), &ctx).is_ok() {
                    legal.push(Action::Kontra(Item::Spiel, Some(other)));
                }
            }
        } else {
            for item in (0..Item::COUNT).filter_map(Item::from_index) {
                if round.check_kontra(item, None, &ctx).is_ok() {
                    legal.push(Action::Kontra(item, None));
                }
            }
        }
        if round.check_weiter(&ctx).is_ok() {
            legal.push(Action::Weiter);
        }
    }
}
