//! The easy player: legal and cheap. The Vorhand reserves and, after three
//! passes, plays the Rufer (with all four Kings, the first contract she may
//! name); everyone else passes. It calls the first King it may, takes the
//! first talon half (never concedes), lays aside its cheapest cards,
//! announces only what the rules demand, and plays by [`easy_card`].

use rand::RngCore;
use tarock_koenigrufen::{Action, Contract, Phase, SeatView};

use super::Player;
use super::play::easy_card;
use super::talon::{easy_discard, mussolini_pick};
use tarock_koenigrufen::Koenigrufen;

/// The easy player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Easy;

impl Easy {
    /// A new easy player.
    pub const fn new() -> Easy {
        Easy
    }
}

impl Player<Koenigrufen> for Easy {
    fn name(&self) -> &str {
        "easy"
    }

    fn choose(&mut self, view: &SeatView, _rng: &mut dyn RngCore) -> Action {
        let legal = view.legal.expect("the seat is to act");
        let words = legal.words();
        let first_word = || *words.first().expect("the seat to act has a word");
        match view.public.phase {
            Phase::Auction => {
                let prefer = [
                    Action::Weiter,
                    Action::Vorhand,
                    Action::Bid(Contract::Rufer),
                ];
                prefer
                    .into_iter()
                    .find(|a| words.contains(a))
                    .unwrap_or_else(first_word)
            }
            Phase::Talon => words
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Take(_) | Action::TakeAll))
                .unwrap_or_else(first_word),
            Phase::Discard => easy_discard(&legal),
            Phase::Mussolini => mussolini_pick(&legal, true),
            Phase::Announcements if words.contains(&Action::Weiter) => Action::Weiter,
            Phase::KingCall | Phase::Announcements => first_word(),
            Phase::Play => Action::Play(easy_card(view)),
            Phase::Finished => unreachable!("a finished deal has nobody to act"),
        }
    }
}
