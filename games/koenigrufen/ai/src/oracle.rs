//! The oracle: a perfect-information reference for the arena's recovery
//! ratio ([`tarock_player::recovery`]). It bids, calls, takes the talon,
//! discards and announces as the strong player does, and plays each card
//! by the strong player's own evaluation ([`Strong`]: the exact solver on
//! the contract's thresholds, Valat and the announced premiums, priced with
//! the engine's settlement, Kontras included) on the one true deal instead
//! of sampled ones: the real hands, the declarer's real discards and the
//! real rest of the talon. Among the cards equally good on the true deal
//! it plays the strong player's own choice, so it differs from strong only
//! where seeing every card proves strong's card worse. Where strong has no
//! evaluation (Trischaken, the "bei" games) it plays strong's card, and
//! counts the decision as not solved exactly.
//!
//! It is not a [`Player`](tarock_player::Player) and only the arena can
//! build one: [`Oracle::new`] takes the arena's [`Sight`], which no other
//! code can make.
//!
//! ```compile_fail
//! use tarock_koenigrufen_ai::oracle::Oracle;
//! // A table service has no seal to build an oracle from.
//! let oracle = Oracle::new(&tarock_player::arena::Sight { _sealed: () });
//! ```

use rand::RngCore;
use tarock_koenigrufen::{Action, CardSet, Koenigrufen, Phase, Seat};
use tarock_player::DecisionStats;
use tarock_player::arena::{self, OracleSetup, Sight};

use crate::knowledge::{HIDDEN_D, HIDDEN_O, Knowledge, SLOTS};
use crate::strong::Known;
use crate::{Player, Strong};

/// Search nodes per card decision. A whole Königrufen deal from its first
/// trick is beyond what the solver finishes in hours (two deals did not
/// finish in 15 minutes at two billion nodes per decision), so the first
/// tricks are cut at this limit and counted: the arena reports how many
/// decisions were not solved exactly, and the bound is valid only where
/// that count is 0.
pub const NODE_LIMIT: u64 = 5_000_000;

/// The arena's oracle for Königrufen.
pub struct Oracle {
    strong: Strong,
    stats: DecisionStats,
}

impl Oracle {
    /// An oracle, for the arena only (it alone holds a [`Sight`]).
    pub fn new(_sight: &Sight) -> Oracle {
        Oracle {
            strong: Strong::new(),
            stats: DecisionStats::default(),
        }
    }
}

impl arena::Oracle<Koenigrufen> for Oracle {
    fn choose(&mut self, round: &Koenigrufen, rng: &mut dyn RngCore) -> Action {
        let game = round.game().expect("a seat acts in a dealt round");
        let seat = game.to_act().expect("a seat is to act");
        let view = game.view(seat);
        if view.public.phase != Phase::Play {
            return self.strong.choose(&view, rng);
        }
        let legal = view.legal.expect("the seat is to act").cards;
        if legal.len() > 1 {
            self.stats.decisions += 1;
        }
        // The true deal, laid out in the slots of the seat's knowledge.
        let k = Knowledge::from_view(&view);
        let mut slots = [CardSet::EMPTY; SLOTS];
        for s in Seat::ALL {
            slots[s.index()] = game.hand(s);
        }
        let held = Seat::ALL
            .into_iter()
            .fold(CardSet::EMPTY, |a, s| a.union(game.hand(s)));
        let out = k.pool.without(held);
        slots[HIDDEN_D] = out.intersect(game.talon().discard);
        slots[HIDDEN_O] = out.without(slots[HIDDEN_D]);
        debug_assert_eq!(
            [slots[HIDDEN_D].len(), slots[HIDDEN_O].len()],
            [HIDDEN_D, HIDDEN_O].map(|i| u32::from(k.sizes[i])),
            "the true deal fills the slots as the seat counts them"
        );
        // Among the cards the true deal shows equally good, strong's own
        // (sampled) choice: the oracle corrects strong only where seeing
        // every card proves strong's card worse.
        let prefer = self.strong.choose_card(&view, rng).0;
        let (card, known) = self.strong.choose_known(&view, &slots, NODE_LIMIT, prefer);
        if legal.len() > 1 && known != Known::Exact {
            self.stats.fallbacks += 1;
        }
        Action::Play(card)
    }

    fn decision_stats(&self) -> DecisionStats {
        self.stats
    }
}

/// Königrufen's oracle setup for its arena.
pub const SETUP: OracleSetup<Koenigrufen> = OracleSetup {
    make: |sight| Box::new(Oracle::new(sight)),
    frozen_seed: FROZEN_SEED,
};

/// The seed of Königrufen's frozen oracle deal set (`tarock arena --game
/// koenigrufen --oracle --seed frozen`), the one the README's figures were
/// measured on.
pub const FROZEN_SEED: u64 = 20_261_128;

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use serde_json::Value;
    use tarock_game_core::Game;
    use tarock_koenigrufen::SeatView;
    use tarock_player::arena::{Duplicate, Ledger, Match, Outcome, Part, Streams};
    use tarock_player::{DynArena, Level};

    use super::*;
    use crate::COMPUTERS;
    use crate::ledger::{Note, Notes};
    use crate::medium::Medium;

    /// Deals that start at the seventh trick: medium players bid, take the
    /// talon and play the first six, so that a test in an unoptimized
    /// build stays short.
    struct Late;

    /// Completed tricks before the arena's players take over.
    const PLAYED: usize = 6;

    impl Ledger<Koenigrufen> for Late {
        type Note = Note;
        fn timed(&self, view: &SeatView) -> bool {
            Notes.timed(view)
        }
        fn deal(&self, round: &mut Koenigrufen, rng: &mut dyn RngCore) {
            Notes.deal(round, rng);
            let mut medium = Medium::new();
            let mut rng = SmallRng::seed_from_u64(rng.next_u64());
            while let Some(seat) = round.to_act() {
                let view = round.seat_view(seat).expect("the seat to act has a view");
                if view.public.tricks.len() >= PLAYED {
                    break;
                }
                let action = medium.choose(&view, &mut rng);
                round.apply(seat, action).expect("medium plays legally");
            }
        }
        fn note(&self, round: &Koenigrufen, is_a: &[bool]) -> Result<Note, String> {
            Notes.note(round, is_a)
        }
        fn parts(&self, round: &Koenigrufen) -> Option<Vec<Part>> {
            Notes.parts(round)
        }
    }

    fn quiet(_: &Outcome<'_, Koenigrufen, Note>, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    #[test]
    fn the_oracle_plays_legal_cards_and_no_worse_than_strong() {
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
            rules: "cup2019".into(),
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
        // Knowing every card, strong's evaluation does no worse on these deals.
        assert!(j["oracle_minus_strong"].as_f64().unwrap() >= 0.0, "{text}");
        assert!(j["strong_decisions"].as_u64().unwrap() > 0);
    }
}
