//! The easy player: legal and not absurd. It opens the Rufer the Vorhand
//! must open and otherwise passes; in play it takes a trick worth taking with
//! its cheapest winning card and otherwise gives its cheapest card.

use rand::RngCore;
use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::rules::GameKind;
use tarock_zwanzigerrufen::{Action, Bid, LegalActions, Phase, SeatView};

use crate::Player;
use crate::play::{TrickRead, cheapest};
use tarock_zwanzigerrufen::Zwanzigerrufen;

/// Points in a trick that make the easy player try to win it.
const WORTH_TAKING: u32 = 3;

/// The easy player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Easy;

impl Easy {
    /// A new easy player.
    pub const fn new() -> Easy {
        Easy
    }
}

impl Player<Zwanzigerrufen> for Easy {
    fn name(&self) -> &str {
        "easy"
    }

    fn choose(&mut self, view: &SeatView, _rng: &mut dyn RngCore) -> Action {
        let legal = view.legal.expect("the seat is to act");
        match view.phase {
            Phase::Bidding => easy_bid(view, &legal),
            _ => Action::Play(easy_card(view, legal.cards)),
        }
    }
}

/// Opens with a Rufer when it must open, passes otherwise; a bid only when
/// the rules leave no other choice (a forced opening without a card to call,
/// a Trull holder's duty to kontra).
fn easy_bid(view: &SeatView, legal: &LegalActions) -> Action {
    let opening = [GameKind::Rufer, GameKind::Solo, GameKind::Farbensolo];
    let opens = opening
        .into_iter()
        .find(|k| legal.contains(Action::Bid(Bid::Game(*k))));
    if let Some(kind) = opens
        && view.contract.is_none()
    {
        return Action::Bid(Bid::Game(kind));
    }
    if legal.weiter {
        return Action::Weiter;
    }
    legal.iter().next().expect("the seat to act has an action")
}

fn easy_card(view: &SeatView, legal: CardSet) -> Card {
    let keep = if view.hand.len() > 1 && legal.len() > 1 {
        legal.without(CardSet::single(Card::PAGAT))
    } else {
        legal
    };
    let read = TrickRead::new(view);
    if read.cards().is_empty() {
        let kings = keep.intersect(CardSet::KINGS);
        return kings
            .first()
            .or_else(|| cheapest(keep))
            .expect("legal is not empty");
    }
    if read.points() >= WORTH_TAKING
        && let Some(card) = keep.iter().find(|c| read.wins_now(*c))
    {
        return card;
    }
    cheapest(keep).expect("legal is not empty")
}
