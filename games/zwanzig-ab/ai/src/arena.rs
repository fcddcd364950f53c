//! 20 ab in the family's duplicate arena ([`tarock_player::arena`]): a
//! round is a whole session, so a set is a sequence of decks long enough
//! for a session, played once for every seating of
//! [`patterns`](tarock_player::arena::patterns) at a table of 3–5. A
//! session still running after [`MAX_DEALS`] deals scores 0 for everyone.
//! The figures are per seat and session ([`Summary`]); beside them the
//! report gives the sessions' lengths and the blunders of
//! [`crate::blunder`] per type ([`BLUNDERS`]).

use std::io::{self, Write};

use serde_json::json;
use tarock_player::arena::{Duplicate, Ledger, Outcome, Streams, Summary};
use tarock_zwanzig_ab::{Action, CardSet, Seat, SeatView, ZwanzigAb};

use super::COMPUTERS;
use crate::{blunder, infer};

/// The blunders the arena counts, in the order of their bits: both
/// predicates of [`crate::blunder`], `no_trick_avoidable` decided on the
/// true hands (the others choosing against the seat, so a count is a
/// confirmed blunder), `trump_without_a_card` on the maker's own packet.
pub const BLUNDERS: [&str; 2] = ["no_trick_avoidable", "trump_without_a_card"];

/// The blunder bits ([`BLUNDERS`]) of `action` at `view` in `session`, on
/// its true hands.
pub fn blunders(session: &tarock_zwanzig_ab::Session, view: &SeatView, action: Action) -> u64 {
    let no_trick = match action {
        Action::Card(card) => {
            let hands: Vec<CardSet> = (0..session.players())
                .filter_map(Seat::new)
                .map(|s| session.hand(s))
                .collect();
            blunder::no_trick_avoidable(view, &hands, card)
        }
        _ => false,
    };
    u64::from(no_trick) | u64::from(blunder::trump_without_a_card(view, action)) << 1
}

/// A session still running after this many deals is a draw in the arena.
pub const MAX_DEALS: u32 = 100;

/// 20 ab notes nothing beyond the units and the decks of each play; every
/// decision is timed, and in trick play the true deal is ranked by the
/// inference's weights.
pub struct Notes;

impl Ledger<ZwanzigAb> for Notes {
    type Note = ();

    fn note(&self, _round: &ZwanzigAb, _is_a: &[bool]) -> Result<(), String> {
        Ok(())
    }

    fn blunder_names(&self) -> &'static [&'static str] {
        &BLUNDERS
    }

    fn blunders(
        &self,
        round: &ZwanzigAb,
        _seat: tarock_game_core::Seat,
        view: &SeatView,
        action: &Action,
    ) -> u64 {
        blunders(round.session(), view, *action)
    }

    /// The true hands' rank among 32 guesses of the seat's view by the
    /// inference's weights ([`crate::infer::true_deal_rank`]), in trick
    /// play once another player has played a card.
    fn true_deal_rank(
        &self,
        round: &ZwanzigAb,
        _seat: tarock_game_core::Seat,
        view: &SeatView,
    ) -> Option<f64> {
        let hands = infer::hands_of(round.session());
        infer::true_deal_rank(view, &hands, &infer::Model::STANDARD)
    }
}

/// 20 ab's arena: 3–5 seats, sessions of up to [`MAX_DEALS`] deals.
pub static ARENA: Duplicate<ZwanzigAb, Notes> = Duplicate {
    computers: &COMPUTERS,
    ledger: Notes,
    streams: Streams::Session,
    seats: None,
    max_decks: MAX_DEALS,
    report,
    oracle: Some(super::oracle::SETUP),
};

fn report(o: &Outcome<'_, ZwanzigAb, ()>, out: &mut dyn Write) -> io::Result<()> {
    let r = Summary::of(o.results, o.config.max_decks);
    let [ka, kb] = tarock_player::arena::keys(o.asked.levels);
    let (seats, seed, seconds) = (o.config.seats, o.asked.seed, o.seconds);
    let name = o.config.rules.preset().map_or("custom", |p| p.name());
    writeln!(
        out,
        "Arena 20 ab {ka} vs {kb}: {} duplicate sets, {} sessions, {} deals, {seats} seats, {name} rules, seed {seed}, {seconds:.1} s",
        r.sets, r.plays, r.decks
    )?;
    writeln!(
        out,
        "  {ka:<8} mean {:+.3} units per seat and session",
        r.mean[0]
    )?;
    writeln!(
        out,
        "  {kb:<8} mean {:+.3} units per seat and session",
        r.mean[1]
    )?;
    writeln!(
        out,
        "  difference {:+.3} units per seat and session, 95 % CI [{:+.3}, {:+.3}]",
        r.diff, r.ci95[0], r.ci95[1]
    )?;
    writeln!(
        out,
        "  sessions stopped after {MAX_DEALS} deals (scored 0): {} of {} ({:.1} %)",
        r.unfinished,
        r.plays,
        percent(r.unfinished, r.plays)
    )?;
    let quantile = |q: f64| {
        r.length_quantile(q)
            .map_or_else(|| format!(">{MAX_DEALS}"), |k| k.to_string())
    };
    writeln!(
        out,
        "  session length in deals: p10 {}, median {}, p90 {}; ended within 10 / 20 / 50 deals: {:.1} / {:.1} / {:.1} %",
        quantile(0.1),
        quantile(0.5),
        quantile(0.9),
        percent(r.ended_within(10), r.plays),
        percent(r.ended_within(20), r.plays),
        percent(r.ended_within(50), r.plays)
    )?;
    for (k, ms) in [(&ka, r.decision_ms[0]), (&kb, r.decision_ms[1])] {
        writeln!(
            out,
            "  {k:<8} decision time p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            ms[0], ms[1], ms[2]
        )?;
    }
    o.write_blunders(out)?;
    let timing = |ms: [f64; 3]| json!({"p50": ms[0], "p99": ms[1], "max": ms[2]});
    let summary = json!({
        "game": "zwanzig-ab",
        "seats": seats,
        "sets": r.sets,
        "sessions": r.plays,
        "deals": r.decks,
        "unfinished": r.unfinished,
        "session_length": {
            "p10": r.length_quantile(0.1),
            "p50": r.length_quantile(0.5),
            "p90": r.length_quantile(0.9),
            "ended_within_10": r.ended_within(10),
            "ended_within_20": r.ended_within(20),
            "ended_within_50": r.ended_within(50),
        },
        "mean": {ka.clone(): r.mean[0], kb.clone(): r.mean[1]},
        "diff": r.diff,
        "diff_ci95": r.ci95,
        "rules": name,
        "seed": seed,
        "seconds": seconds,
        "decision_ms": {ka: timing(r.decision_ms[0]), kb: timing(r.decision_ms[1])},
        "blunders": o.blunders_json(),
    });
    writeln!(out, "{summary}")
}

/// `part` as a percentage of `whole`.
fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarock_player::Level;
    use tarock_player::arena::{Config, run};
    use tarock_zwanzig_ab::Rules;

    fn config(
        seats: u8,
        sets: u64,
        seed: u64,
        threads: usize,
        max_decks: u32,
    ) -> Config<ZwanzigAb> {
        Config {
            rules: Rules::STANDARD,
            seats,
            sets,
            seed,
            threads,
            max_decks,
            streams: Streams::Session,
        }
    }

    #[test]
    fn a_type_against_itself_is_even_on_every_set() {
        // Easy against easy: the same player in every seat of every seating,
        // so each set's difference is exactly zero.
        let make = |_| crate::player(Level::Easy);
        let results = run(&config(4, 3, 1, 1, 60), &Notes, &make).unwrap();
        let r = Summary::of(&results, 60);
        assert_eq!(r.sets, 3);
        // Every session either ended in some deal or was stopped.
        assert_eq!(r.lengths.len(), 60);
        assert_eq!(r.lengths.iter().sum::<u64>() + r.unfinished, r.plays);
        let played: u64 = r
            .lengths
            .iter()
            .enumerate()
            .map(|(k, c)| (k as u64 + 1) * c)
            .sum();
        assert_eq!(played + 60 * r.unfinished, r.decks);
        assert_eq!(r.diff, 0.0);
        assert_eq!(r.mean, [0.0, 0.0]);
        assert!(r.decks >= 6);
    }

    #[test]
    fn the_result_does_not_depend_on_threads() {
        let make = |t: usize| crate::player([Level::Medium, Level::Easy][t]);
        let one = Summary::of(&run(&config(3, 2, 7, 1, 40), &Notes, &make).unwrap(), 40);
        let two = Summary::of(&run(&config(3, 2, 7, 2, 40), &Notes, &make).unwrap(), 40);
        assert_eq!(one.diff, two.diff);
        assert_eq!(one.decks, two.decks);
    }

    #[test]
    fn session_length_quantiles_count_unfinished_sessions_as_longest() {
        // Ten sessions: ended in deals 1, 2, 2, 5 and 5; five unfinished.
        let r = Summary {
            sets: 1,
            plays: 10,
            decks: 15 + 5 * 6,
            unfinished: 5,
            lengths: vec![1, 2, 0, 0, 2, 0],
            mean: [0.0; 2],
            diff: 0.0,
            ci95: [0.0; 2],
            decision_ms: [[0.0; 3]; 2],
        };
        assert_eq!(r.length_quantile(0.1), Some(1));
        assert_eq!(r.length_quantile(0.3), Some(2));
        assert_eq!(r.length_quantile(0.5), Some(5));
        assert_eq!(r.length_quantile(0.6), None);
        assert_eq!(r.ended_within(2), 3);
        assert_eq!(r.ended_within(100), 5);
    }
}

#[cfg(test)]
mod blunder_tests {
    use std::sync::{Arc, Mutex};

    use tarock_game_core::RngCore;
    use tarock_player::arena::{Config, Tally, run};
    use tarock_player::{Level, Player};
    use tarock_zwanzig_ab::Rules;

    use super::*;

    /// A player that counts its decisions and its trump blunders (decided
    /// on the view alone), as a check on the arena's counting.
    struct Counting {
        inner: Box<dyn Player<ZwanzigAb>>,
        seen: Arc<Mutex<(Tally, u64)>>,
    }

    impl Player<ZwanzigAb> for Counting {
        fn name(&self) -> &str {
            self.inner.name()
        }
        fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
            let action = self.inner.choose(view, rng);
            let bits = u64::from(blunder::trump_without_a_card(view, action)) << 1;
            let mut seen = self.seen.lock().unwrap();
            seen.0.add(bits, BLUNDERS.len());
            seen.1 += u64::from(matches!(action, Action::Card(_)));
            action
        }
    }

    #[test]
    fn the_arena_counts_the_blunders_each_player_makes() {
        let seen: [Arc<Mutex<(Tally, u64)>>; 2] = [Arc::default(), Arc::default()];
        let levels = [Level::Easy, Level::Medium];
        let make = |t: usize| -> Box<dyn Player<ZwanzigAb>> {
            Box::new(Counting {
                inner: crate::player(levels[t]),
                seen: Arc::clone(&seen[t]),
            })
        };
        let config = Config {
            rules: Rules::STANDARD,
            seats: 4,
            sets: 2,
            seed: 5,
            threads: 2,
            max_decks: 30,
            streams: Streams::Session,
        };
        let results = run(&config, &Notes, &make).unwrap();
        for t in 0..2 {
            let mut arena = Tally::default();
            for r in &results {
                arena.merge(&r.blunders[t]);
            }
            let seen = seen[t].lock().unwrap();
            assert_eq!(arena.decisions, seen.0.decisions, "{:?}", levels[t]);
            assert!(arena.decisions > 0);
            assert_eq!(arena.count(1), seen.0.count(1));
            // A trick thrown away is a card decision.
            assert!(arena.count(0) <= seen.1);
        }
    }
}
