//! The medium player: hand evaluation in the bidding and rules of thumb in
//! trick play ([`crate::play`]).
//!
//! Bidding: the Vorhand opens a Rufer unless her hand is worth a Solo or a
//! Farbensolo; the others overbid only with such a hand. Kontra when the own
//! hand makes the announced game or premium unlikely to succeed, Rekontra
//! when the own side is clearly ahead; Pagat Ultimo with the Pagat among
//! many tarocks on the declarer's side, Absolut with an overwhelming hand.
//! The thresholds are [`HandEval`] strengths tuned with the arena.

use rand::RngCore;
use tarock_zwanzigerrufen::card::Card;
use tarock_zwanzigerrufen::rules::{GameKind, Item, Premium};
use tarock_zwanzigerrufen::{Action, Bid, LegalActions, Party, Phase, SeatView};

use crate::Player;
use crate::hand::HandEval;
use crate::play::medium_card;
use tarock_zwanzigerrufen::Zwanzigerrufen;

/// Strength for a Solo (about eight tarocks with Sküs and Mond).
pub const SOLO: f32 = 13.0;
/// Colour strength for a Farbensolo (long suits with Kings and Queens).
pub const FARBENSOLO: f32 = 17.0;
/// Strength of an opponent's hand for a Kontra on a Rufer.
pub const KONTRA_RUFER: f32 = 11.5;
/// Strength of an opponent's hand for a Kontra on a Solo.
pub const KONTRA_SOLO: f32 = 12.0;
/// Colour strength of an opponent's hand for a Kontra on a Farbensolo.
pub const KONTRA_FARBENSOLO: f32 = 13.0;
/// Strength for a Rekontra by the declarer's side.
pub const REKONTRA: f32 = 12.5;
/// Tarocks (with the Pagat) for Pagat Ultimo on the declarer's side.
pub const PAGAT_TAROCKS: u32 = 8;
/// Strength for Absolut by the declarer's side.
pub const ABSOLUT: f32 = 17.0;

/// The medium player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Medium;

impl Medium {
    /// A new medium player.
    pub const fn new() -> Medium {
        Medium
    }
}

impl Player<Zwanzigerrufen> for Medium {
    fn name(&self) -> &str {
        "medium"
    }

    fn choose(&mut self, view: &SeatView, _rng: &mut dyn RngCore) -> Action {
        match view.phase {
            Phase::Bidding => medium_bid(view),
            _ => Action::Play(medium_card(view)),
        }
    }
}

/// The medium player's next bidding action.
pub fn medium_bid(view: &SeatView) -> Action {
    let legal = view.legal.expect("the seat is to act");
    let eval = HandEval::of(view.hand);
    let wants = game_choice(view, &legal, &eval)
        .or_else(|| premium_choice(view, &legal, &eval))
        .or_else(|| kontra_choice(view, &legal, &eval));
    if let Some(bid) = wants {
        return Action::Bid(bid);
    }
    if legal.weiter {
        return Action::Weiter;
    }
    // Only a duty (the Trull holder's Kontra) or a forced opening is left.
    legal
        .bids()
        .find(|b| matches!(b, Bid::Kontra(Item::Game)))
        .or_else(|| legal.bids().next())
        .map_or(Action::Weiter, Action::Bid)
}

fn game_choice(view: &SeatView, legal: &LegalActions, eval: &HandEval) -> Option<Bid> {
    let can = |kind| legal.contains(Action::Bid(Bid::Game(kind)));
    if can(GameKind::Solo) && eval.strength >= SOLO {
        return Some(Bid::Game(GameKind::Solo));
    }
    if can(GameKind::Farbensolo) && eval.colour_strength >= FARBENSOLO {
        return Some(Bid::Game(GameKind::Farbensolo));
    }
    if view.contract.is_some() {
        return None;
    }
    // The Vorhand must open: a Rufer if she has a card to call.
    [GameKind::Rufer, GameKind::Solo, GameKind::Farbensolo]
        .into_iter()
        .find(|k| can(*k))
        .map(Bid::Game)
}

fn premium_choice(view: &SeatView, legal: &LegalActions, eval: &HandEval) -> Option<Bid> {
    let declarer_side = view.my_party() == Some(Party::Declarer);
    let kind = view.contract?.kind;
    let can = |p| legal.contains(Action::Bid(Bid::Premium(p)));
    let pagat = view.hand.contains(Card::PAGAT)
        && eval.tarocks >= PAGAT_TAROCKS
        && eval.high_tarocks >= 2
        && declarer_side;
    if can(Premium::Pagat) && pagat {
        return Some(Bid::Premium(Premium::Pagat));
    }
    let absolut = declarer_side
        && (eval.strength >= ABSOLUT || (kind == GameKind::Solo && eval.strength >= ABSOLUT - 1.0));
    (can(Premium::Absolut) && absolut).then_some(Bid::Premium(Premium::Absolut))
}

fn kontra_choice(view: &SeatView, legal: &LegalActions, eval: &HandEval) -> Option<Bid> {
    let kind = view.contract?.kind;
    Item::ALL
        .into_iter()
        .filter(|item| legal.contains(Action::Bid(Bid::Kontra(*item))))
        .find(|item| {
            let level = view.item(*item).map_or(0, |s| s.level) + 1;
            wants_kontra(view, *item, kind, level, eval)
        })
        .map(Bid::Kontra)
}

/// Whether to raise `item` to `level` (odd levels by the item's opponents,
/// even ones by its owners).
fn wants_kontra(view: &SeatView, item: Item, kind: GameKind, level: u8, e: &HandEval) -> bool {
    let extra = 1.5 * f32::from(level.saturating_sub(1) / 2);
    let holds_skus = view.hand.contains(Card::SKUS);
    match (item, level % 2 == 1) {
        (Item::Game, true) => match kind {
            GameKind::Rufer => e.strength >= KONTRA_RUFER + extra,
            GameKind::Solo => e.strength >= KONTRA_SOLO + extra,
            GameKind::Farbensolo => e.colour_strength >= KONTRA_FARBENSOLO + extra,
        },
        (Item::Game, false) => match kind {
            GameKind::Farbensolo => e.colour_strength >= FARBENSOLO + 2.0 + extra,
            _ => {
                e.strength
                    >= REKONTRA.max(if kind == GameKind::Solo {
                        SOLO + 2.0
                    } else {
                        0.0
                    }) + extra
            }
        },
        (Item::Pagat, true) => holds_skus && view.hand.contains(Card::MOND) || e.tarocks >= 7,
        (Item::Absolut, true) => e.strength >= 8.0 + extra,
        (Item::Valat, true) => holds_skus || e.high_tarocks >= 2,
        _ => false,
    }
}
