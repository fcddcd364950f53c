//! A round dealt from one secret seed: what a table stores of a round of
//! any game is its rules, seats, first seat, seed and the tokens of its
//! actions; this type turns those back into the round, and is what the
//! table service applies new actions to.
//!
//! Every deck the round asks for (one for a tarock deal, one per deal of a
//! 20 ab session) is shuffled by the same ChaCha12 stream keyed with the
//! seed ([`tarock_game_core::fair::shuffle_rng`]), drawn in order. Replaying
//! the same tokens therefore deals the same cards at the same moments, and
//! nothing but the seed has to be kept secret.
//!
//! Each deck is dealt once ([`DynGame::deal_once`]): a deal the rules throw
//! in (a Zwanzigerrufen hand that forces a redeal) stays as it is, and the
//! table deals the next one as a round of its own, from a seed of its own.

use rand_chacha::ChaCha12Rng;
use serde_json::Value;
use tarock_game_core::{
    DynGame, DynKind, RecordRefused, Refusal, Rejected, Seat, SetupError, StoredDeal, fair,
};

/// A round of some game together with the random stream its decks come from.
#[derive(Clone, Debug)]
pub struct SeededRound {
    round: Box<dyn DynGame>,
    /// `None` for a round stored with its hands and no seed: it asks for
    /// no further deck (an older Zwanzigerrufen deal).
    rng: Option<ChaCha12Rng>,
}

impl SeededRound {
    /// A new round of `kind`, dealt from `seed` (the first deck is dealt at once).
    ///
    /// # Errors
    /// [`SetupError`] for bad rules, seats or first seat.
    pub fn new(
        kind: &dyn DynKind,
        rules: &Value,
        seats: u8,
        first: Seat,
        seed: &[u8; 32],
    ) -> Result<SeededRound, SetupError> {
        SeededRound::carrying(kind, rules, seats, first, None, seed)
    }

    /// [`SeededRound::new`] for a round started with `carry`, what the
    /// round before it carried on ([`DynGame::carry`]; `None`: nothing).
    ///
    /// # Errors
    /// [`SetupError`] for bad rules, seats, first seat or carry.
    pub fn carrying(
        kind: &dyn DynKind,
        rules: &Value,
        seats: u8,
        first: Seat,
        carry: Option<&str>,
        seed: &[u8; 32],
    ) -> Result<SeededRound, SetupError> {
        let mut round = kind.new_round(rules, seats, first)?;
        if let Some(carry) = carry {
            round.set_carry(carry)?;
        }
        Ok(SeededRound::dealt(round, seed))
    }

    /// `round`, not dealt yet (a round's [`DynGame::next_round`]), dealt
    /// from `seed`.
    pub fn dealt(round: Box<dyn DynGame>, seed: &[u8; 32]) -> SeededRound {
        let mut seeded = SeededRound {
            round,
            rng: Some(fair::shuffle_rng(seed)),
        };
        seeded.deal_when_needed();
        seeded
    }

    /// A round an older table path stored with its hands and record actions
    /// ([`DynKind::read_stored`]); its later decks, if it asks for any, come
    /// from `seed`.
    ///
    /// # Errors
    /// The game's [`RecordRefused`].
    pub fn stored(
        kind: &dyn DynKind,
        stored: &StoredDeal<'_>,
        seed: Option<&[u8; 32]>,
    ) -> Result<SeededRound, RecordRefused> {
        Ok(SeededRound {
            round: kind.read_stored(stored)?,
            rng: seed.map(fair::shuffle_rng),
        })
    }

    /// Applies the action of `token` by `seat`, then deals the next deck if
    /// the round asks for one (20 ab between two deals).
    ///
    /// # Errors
    /// The round's [`Refusal`]; the round is then unchanged.
    pub fn apply(&mut self, seat: Seat, token: &str) -> Result<(), Refusal<Rejected>> {
        self.round.apply_token(seat, token)?;
        self.deal_when_needed();
        Ok(())
    }

    /// The round as it stands.
    pub fn round(&self) -> &dyn DynGame {
        self.round.as_ref()
    }

    fn deal_when_needed(&mut self) {
        let Some(rng) = self.rng.as_mut() else {
            return;
        };
        while self.round.needs_deck() {
            if self.round.deal_once(rng).is_err() || self.round.thrown_in().is_some() {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::by_id;

    /// Plays the first legal action until the round is over, recording tokens.
    fn play_out(round: &mut SeededRound) -> Vec<(Seat, String)> {
        let mut log = Vec::new();
        while let Some(seat) = round.round().to_act() {
            let token = round.round().legal_tokens().remove(0);
            round.apply(seat, &token).unwrap();
            log.push((seat, token));
        }
        log
    }

    #[test]
    fn the_same_seed_and_tokens_rebuild_the_same_session_of_several_deals() {
        let kind = by_id("zwanzig-ab").unwrap();
        let seed = [7u8; 32];
        let mut played =
            SeededRound::new(kind, &"standard".into(), 3, Seat::new(0), &seed).unwrap();
        let log = play_out(&mut played);
        assert!(played.round().is_over());
        // A session to 0 takes more than one deal, so the stream dealt again.
        let record = played.round().to_record().unwrap();
        let deals: Value = serde_json::from_str(&record).unwrap();
        assert!(
            deals["deals"].as_array().is_some_and(|d| d.len() > 1),
            "{record}"
        );

        let mut again = SeededRound::new(kind, &"standard".into(), 3, Seat::new(0), &seed).unwrap();
        for (seat, token) in &log {
            again.apply(*seat, token).unwrap();
        }
        assert!(again.round().same_as(played.round()));
    }

    #[test]
    fn another_seed_deals_other_cards_and_a_refusal_changes_nothing() {
        let kind = by_id("koenigrufen").unwrap();
        let a = SeededRound::new(kind, &"standard".into(), 4, Seat::new(1), &[1; 32]).unwrap();
        let b = SeededRound::new(kind, &"standard".into(), 4, Seat::new(1), &[2; 32]).unwrap();
        assert!(!a.round().same_as(b.round()));
        let mut c = a.clone();
        let wrong = Seat::new(3);
        assert_ne!(c.round().to_act(), Some(wrong));
        let token = c.round().legal_tokens().remove(0);
        assert!(c.apply(wrong, &token).is_err());
        assert!(c.round().same_as(a.round()));
    }
}
