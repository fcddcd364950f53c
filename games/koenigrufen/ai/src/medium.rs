//! The medium player: hand evaluation for the auction ([`super::auction`]),
//! the King, talon and discards ([`super::talon`]), announcements and
//! Kontras ([`super::announce`]) and card play by rules of thumb
//! ([`super::play`], [`super::duck`]). Deterministic: it uses no random
//! numbers.

use rand::RngCore;
use tarock_koenigrufen::{Action, Phase, SeatView};

use super::Player;
use super::announce::medium_announce;
use super::auction::medium_word;
use super::play::medium_card;
use super::talon::{call_king, medium_discard, mussolini_pick, take_talon};
use tarock_koenigrufen::Koenigrufen;

/// The medium player.
#[derive(Clone, Copy, Debug, Default)]
pub struct Medium;

impl Medium {
    /// A new medium player.
    pub const fn new() -> Medium {
        Medium
    }
}

/// The medium player's action in every phase but trick play (shared with
/// the strong player).
pub fn medium_action(view: &SeatView) -> Action {
    let legal = view.legal.expect("the seat is to act");
    match view.public.phase {
        Phase::Auction => medium_word(view, &legal),
        Phase::KingCall => call_king(view, &legal),
        Phase::Talon => take_talon(view, &legal),
        Phase::Discard => medium_discard(view, &legal),
        Phase::Mussolini => mussolini_pick(&legal, false),
        Phase::Announcements => medium_announce(view, &legal),
        Phase::Play => Action::Play(medium_card(view)),
        Phase::Finished => unreachable!("a finished deal has nobody to act"),
    }
}

impl Player<Koenigrufen> for Medium {
    fn name(&self) -> &str {
        "medium"
    }

    fn choose(&mut self, view: &SeatView, _rng: &mut dyn RngCore) -> Action {
        medium_action(view)
    }
}
