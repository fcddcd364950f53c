//! The oracle: a perfect-information reference for the arena's recovery
//! ratio ([`tarock_player::recovery`]). It bids, calls, takes the talon,
//! discards and announces as the strong player does, and plays each card
//! by the strong player's own evaluation ([`Strong`]: the exact solver on
//! the contract's thresholds, Valat and the announced premiums, priced with
//! the engine's settlement, Kontras included) on the one true deal instead
//! of sampled ones: the real hands, the declarer's real discards and the
//! real rest of the talon. Among the cards equally good on the true deal
//! it plays the strong player's own choice, so it differs from strong only
//! where seeing every card proves strong's card worse.
//!
//! The search has no budget worth the name ([`NODE_LIMIT`]): the deal is
//! known, so there is nothing to sample, and every decision is solved
//! exactly (the arena reports the decisions that were not; a valid bound
//! needs 0). One solver per thread, with a table of [`TABLE_BITS`], serves
//! every oracle seat of the thread: the seats of one play ask about the
//! same deal, so each decision reuses what the decisions before it, its
//! partner's included, learnt.
//!
//! It is not a [`Player`] and only the arena can
//! build one: [`oracle`] takes the arena's [`Sight`], which no other code
//! can make, and [`TrueDeal`] (the game-specific part, counted by
//! [`Seeing`]) has no public constructor.
//!
//! ```compile_fail
//! use tarock_koenigrufen_ai::oracle::oracle;
//! // A table service has no seal to build an oracle from.
//! let oracle = oracle(&tarock_player::arena::Sight { _sealed: () });
//! ```

use std::cell::RefCell;

use rand::RngCore;
use tarock_koenigrufen::{Action, CardSet, Koenigrufen, Phase, Seat};
use tarock_player::arena::{OracleSetup, Seeing, Seen, Seer, Sight};

use crate::knowledge::{HIDDEN_D, HIDDEN_O, Knowledge, SLOTS};
use crate::search::Solver;
use crate::strong::Known;
use crate::{Player, Strong};

/// Search nodes per card decision: no limit in practice (the hardest
/// first-trick decision of the frozen deal set took minutes, not hours); a
/// decision cut at it would be counted as not exact.
pub const NODE_LIMIT: u64 = 1_000_000_000_000;

/// log2 of the entries of the oracle's table (16 bytes each: 256 MiB per
/// arena thread).
pub const TABLE_BITS: u32 = 24;

thread_local! {
    /// The oracle's solver on this thread, shared by its oracle seats.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::with_table_bits(TABLE_BITS));
}

/// The game-specific part of Königrufen's oracle: the strong player's
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

impl Seer<Koenigrufen> for TrueDeal {
    fn see(&mut self, round: &Koenigrufen, rng: &mut dyn RngCore) -> Seen<Action> {
        let game = round.game().expect("a seat acts in a dealt round");
        let seat = game.to_act().expect("a seat is to act");
        let view = game.view(seat);
        if view.public.phase != Phase::Play {
            return Seen::Uncounted(self.strong.choose(&view, rng));
        }
        let legal = view.legal.expect("the seat is to act").cards;
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
        let (card, known) = SOLVER.with_borrow_mut(|solver| {
            self.strong
                .choose_known(&view, &slots, solver, NODE_LIMIT, prefer)
        });
        let action = Action::Play(card);
        if legal.len() > 1 {
            Seen::Counted {
                action,
                exact: known == Known::Exact,
            }
        } else {
            Seen::Uncounted(action)
        }
    }
}

/// Königrufen's oracle setup for its arena.
pub const SETUP: OracleSetup<Koenigrufen> = OracleSetup {
    make: |sight| Box::new(oracle(sight)),
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
        // A valid bound: every oracle decision solved exactly.
        assert_eq!(j["oracle_inexact"], 0, "{j}");
        // Knowing every card, strong's evaluation does no worse on these deals.
        assert!(j["oracle_minus_strong"].as_f64().unwrap() >= 0.0, "{text}");
        assert!(j["strong_decisions"].as_u64().unwrap() > 0);
    }

    /// Plays the first trick of `game` (at its first lead) with the oracle
    /// in every seat; the number of counted decisions, each asserted exact.
    fn first_trick_exactly(game: tarock_koenigrufen::Game, seed: u64) -> usize {
        let mut round = Koenigrufen::from(game);
        let mut oracle = TrueDeal {
            strong: Strong::new(),
        };
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut counted = 0;
        for _ in 0..4 {
            let seat = round.to_act().expect("the first trick is being played");
            let action = match oracle.see(&round, &mut rng) {
                Seen::Uncounted(action) => action,
                Seen::Counted { action, exact } => {
                    assert!(exact, "seed {seed}: {action:?} was not solved exactly");
                    counted += 1;
                    action
                }
            };
            round.apply(seat, action).expect("the oracle plays legally");
        }
        counted
    }

    #[test]
    fn the_oracle_solves_the_first_trick_of_fixed_deals_exactly() {
        // A valid bound needs every decision solved, the first trick's,
        // where the whole deal is still to play, included: FD1 of the
        // rules specification (a Rufer), and a Bettler.
        let mut counted = first_trick_exactly(crate::fixtures::fd1_in_play(), 1);
        counted += first_trick_exactly(crate::fixtures::bettler_in_play(), 2);
        assert!(counted >= 4, "{counted} decisions with a choice");
    }
}
