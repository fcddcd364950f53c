//! The oracle: a perfect-information reference for the arena's recovery
//! ratio ([`tarock_player::recovery`]). It bids (and announces) as the
//! strong player does, and plays each card by the strong player's own
//! evaluation ([`Strong`]: the exact solver against the thresholds that
//! change the settlement, priced by the engine's settlement) on the one
//! true deal instead of sampled ones, so it knows where every card is.
//! Among the cards that are equally good on the true deal (often all of
//! them once the deal is decided for perfect players) it plays the strong
//! player's own choice: it differs from strong only where seeing every
//! card proves strong's card worse.
//!
//! It is not a [`Player`] and only the arena can
//! build one: [`oracle`] takes the arena's [`Sight`], which no other code
//! can make, and [`TrueDeal`] (the game-specific part, counted by
//! [`Seeing`]) has no public constructor.
//!
//! ```compile_fail
//! use tarock_zwanzigerrufen_ai::oracle::oracle;
//! // A table service has no seal to build an oracle from.
//! let oracle = oracle(&tarock_player::arena::Sight { _sealed: () });
//! ```

use rand::RngCore;
use tarock_player::arena::{OracleSetup, Seeing, Seen, Seer, Sight};
use tarock_zwanzigerrufen::card::CardSet;
use tarock_zwanzigerrufen::{Action, Phase, Seat, Zwanzigerrufen};

use crate::{Player, Strong};

/// Search nodes per card decision: far more than a deal needs, so that
/// every decision is solved exactly (the count of cut ones is reported).
pub const NODE_LIMIT: u64 = 2_000_000_000;

/// The game-specific part of Zwanzigerrufen's oracle: the strong player's
/// evaluation on the true deal.
pub struct TrueDeal {
    strong: Strong,
}

/// An oracle, for the arena only (it alone holds a [`Sight`]).
pub fn oracle(sight: &Sight) -> Seeing<TrueDeal> {
    Seeing::new(
        sight,
        TrueDeal {
            strong: Strong::new(),
        },
    )
}

impl Seer<Zwanzigerrufen> for TrueDeal {
    fn see(&mut self, round: &Zwanzigerrufen, rng: &mut dyn RngCore) -> Seen<Action> {
        let game = round.game().expect("a seat acts in a dealt round");
        let seat = game.to_act().expect("a seat is to act");
        let view = game.view(seat);
        if view.phase == Phase::Bidding {
            return Seen::Uncounted(self.strong.choose(&view, rng));
        }
        let legal = view.legal.expect("the seat is to act").cards;
        let hands: [CardSet; 4] = Seat::ALL.map(|s| game.hand(s));
        // Among the cards the true deal shows equally good, strong's own
        // (sampled) choice: the oracle corrects strong only where seeing
        // every card proves strong's card worse.
        let prefer = self.strong.choose_card(&view, rng).0;
        let (card, exact) = self.strong.choose_known(&view, hands, NODE_LIMIT, prefer);
        let action = Action::Play(card);
        if legal.len() > 1 {
            Seen::Counted { action, exact }
        } else {
            Seen::Uncounted(action)
        }
    }
}

/// Zwanzigerrufen's oracle setup for its arena: the frozen deal set is
/// seed [`FROZEN_SEED`].
pub const SETUP: OracleSetup<Zwanzigerrufen> = OracleSetup {
    make: |sight| Box::new(oracle(sight)),
    frozen_seed: FROZEN_SEED,
};

/// The seed of Zwanzigerrufen's frozen oracle deal set (`tarock arena
/// --oracle --seed frozen`), the one the README's figures were measured on.
pub const FROZEN_SEED: u64 = 20_261_128;

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use serde_json::Value;
    use tarock_game_core::Game;
    use tarock_player::DynArena;
    use tarock_player::arena::{Duplicate, Ledger, Match, Outcome, Part, Streams};
    use tarock_zwanzigerrufen::SeatView;

    use super::*;
    use crate::arena::{Note, Notes};
    use crate::{COMPUTERS, Level, Medium};

    /// Deals that start at the seventh trick: medium players bid and play
    /// the first six, so that a test in an unoptimized build stays short.
    struct Late;

    /// Completed tricks before the arena's players take over.
    const PLAYED: usize = 6;

    impl Ledger<Zwanzigerrufen> for Late {
        type Note = Note;
        fn timed(&self, view: &SeatView) -> bool {
            Notes.timed(view)
        }
        fn deal(&self, round: &mut Zwanzigerrufen, rng: &mut dyn RngCore) {
            round.deal(rng).expect("a new round needs a deck");
            let mut medium = Medium::new();
            let mut rng = SmallRng::seed_from_u64(rng.next_u64());
            while let Some(seat) = round.to_act() {
                let view = round.seat_view(seat).expect("the seat to act has a view");
                if view.tricks.len() >= PLAYED {
                    break;
                }
                let action = medium.choose(&view, &mut rng);
                round.apply(seat, action).expect("medium plays legally");
            }
        }
        fn note(&self, round: &Zwanzigerrufen, is_a: &[bool]) -> Result<Note, String> {
            Notes.note(round, is_a)
        }
        fn parts(&self, round: &Zwanzigerrufen) -> Option<Vec<Part>> {
            Notes.parts(round)
        }
    }

    fn quiet(_: &Outcome<'_, Zwanzigerrufen, Note>, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    #[test]
    fn the_oracle_plays_legal_cards_exactly_and_no_worse_than_strong() {
        let arena = Duplicate {
            computers: &COMPUTERS,
            ledger: Late,
            streams: Streams::Deal,
            seats: Some(4),
            max_decks: 1,
            report: quiet,
            oracle: Some(SETUP),
        };
        let asked = Match {
            levels: [Level::Strong, Level::Medium],
            sets: 20,
            rules: "standard".into(),
            seed: FROZEN_SEED,
            threads: 2,
            seats: 4,
            oracle: true,
        };
        let mut out = Vec::new();
        // The arena checks every action against the rules and stops at the
        // first illegal one: a finished run means every oracle card was legal.
        arena.run(&asked, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let j: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert!(j["oracle_decisions"].as_u64().unwrap() > 0, "{j}");
        assert_eq!(j["oracle_inexact"], 0, "{j}");
        // Knowing every card, strong's evaluation does no worse on these deals.
        assert!(j["oracle_minus_strong"].as_f64().unwrap() >= 0.0, "{text}");
        assert!(j["strong_decisions"].as_u64().unwrap() > 0);
    }
}
