//! Königrufen in the family's duplicate arena ([`tarock_player::arena`]):
//! as for Zwanzigerrufen every deal is played twice with the types' seats
//! swapped. Money (with Kontra, the round's units) is the main figure, the
//! score (Schrift) is reported beside it; the contracts the computers bid
//! are counted per type, with how often the declarer won. The blunders of
//! [`crate::blunder`] are counted per type ([`blunders`]).

use std::collections::BTreeMap;
use std::io::{self, Write};

use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use serde_json::json;
use tarock_koenigrufen::{
    Action, Card, CardSet, Contract, Deal, Game, Koenigrufen, Party, Phase, Seat, SeatView,
};
use tarock_player::arena::{
    Duplicate, Ledger, Outcome, Part, Streams, decision_times, keys, mean_ci, percentile,
};

use super::COMPUTERS;
use crate::blunder::{Blunder, blunder};
use crate::infer::Inference;
use crate::knowledge::{HIDDEN_D, HIDDEN_O, Knowledge, SLOTS};
use crate::sample::deal_unseen;

/// The names of the blunders the arena counts, in [`Blunder::ALL`]'s order.
pub const BLUNDER_NAMES: [&str; Blunder::ALL.len()] = {
    let mut names = [""; Blunder::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = Blunder::ALL[i].name();
        i += 1;
    }
    names
};

/// The blunder `action` makes at `view` in `game`, as a bit over
/// [`BLUNDER_NAMES`]. The predicates of [`crate::blunder`] use only the
/// view, and all but one are sure from it (every card still out is
/// considered, a party counts only where the view shows it), so they hold
/// on the true deal too. The exception is [`Blunder::MondIntoSkus`]: the
/// view says the Sküs *may* lie with the other party; the arena counts it
/// only when the true deal confirms it (a seat of the other party holds
/// the Sküs).
pub fn blunders(game: &Game, view: &SeatView, action: Action) -> u64 {
    let Some(found) = blunder(view, action) else {
        return 0;
    };
    if found == Blunder::MondIntoSkus {
        let mine = game.party(view.seat);
        let confirmed = Seat::ALL.into_iter().any(|s| {
            game.hand(s).contains(Card::SKUS)
                && mine.is_some_and(|m| game.party(s) == Some(m.other()))
        });
        if !confirmed {
            return 0;
        }
    }
    let i = Blunder::ALL
        .iter()
        .position(|b| *b == found)
        .expect("every blunder is listed");
    1 << i
}

/// Samples the true deal's weight is ranked among ([`Notes`]'
/// `true_deal_rank`).
pub const RANK_SAMPLES: usize = 32;

/// The true deal in the slots of `k`: the hands, the declarer's discards
/// that `k` has not located ([`HIDDEN_D`]) and the other unseen cards out
/// of play ([`HIDDEN_O`]).
pub fn true_slots(game: &Game, k: &Knowledge) -> [CardSet; SLOTS] {
    let mut slots = [CardSet::EMPTY; SLOTS];
    for s in Seat::ALL {
        slots[s.index()] = game.hand(s);
    }
    slots[HIDDEN_D] = game.talon().discard.intersect(k.pool);
    slots[HIDDEN_O] = k
        .pool
        .without(slots.iter().fold(CardSet::EMPTY, |a, b| a.union(*b)));
    slots
}

/// What Königrufen notes per play.
pub struct Notes;

/// One play of a deal: A's score, and the contract.
#[derive(Clone, Copy, Debug)]
pub struct Note {
    /// Score (Schrift) of A's seats.
    pub a_score: i64,
    /// The contract played (the first namer's with "bei").
    pub contract: Contract,
    /// The declarer conceded (schleifen).
    pub conceded: bool,
    /// The declarer was an A seat.
    pub by_a: bool,
    /// The declarer gained money (Trischaken: the Fahrer paid nothing).
    pub won: bool,
}

impl Ledger<Koenigrufen> for Notes {
    type Note = Note;

    /// Only real choices count: a card decision with more than one legal card.
    fn timed(&self, view: &SeatView) -> bool {
        view.public.phase == Phase::Play && view.legal.is_some_and(|l| l.cards.len() > 1)
    }

    /// The deal sets of the published figures: the engine's own shuffle
    /// (the table deals with the family's, so its deals can be verified).
    fn deal(&self, round: &mut Koenigrufen, rng: &mut dyn RngCore) {
        let forehand = round.forehand();
        let rules = tarock_game_core::Game::rules(round);
        *round = Koenigrufen::from(Game::new(rules, Deal::shuffled(rng), forehand));
    }

    fn note(&self, round: &Koenigrufen, is_a: &[bool]) -> Result<Note, String> {
        let game = round.game().ok_or("the deal was dealt")?;
        let s = game.settlement().ok_or("the deal is finished")?;
        game.check_invariants()?;
        let declared = *game.declared().ok_or("a finished deal has a contract")?;
        let d = declared.declarer.index();
        let won = if declared.contract == Contract::Trischaken {
            s.money[d] >= 0
        } else {
            s.money[d] > 0
        };
        Ok(Note {
            a_score: Seat::ALL
                .into_iter()
                .filter(|seat| is_a[seat.index()])
                .map(|seat| s.score[seat.index()])
                .sum(),
            contract: declared.contract,
            conceded: game.talon().schleifen.is_some(),
            by_a: is_a[d],
            won,
        })
    }

    /// The contract's record word, and each seat's true party (Trischaken
    /// has none: every seat counts as an opponent).
    fn parts(&self, round: &Koenigrufen) -> Option<Vec<Part>> {
        let game = round.game()?;
        let contract = game.declared()?.contract.word();
        let parts = Seat::ALL.map(|seat| Part {
            contract,
            declarer_side: game.party(seat) == Some(Party::Declarer),
        });
        Some(parts.to_vec())
    }

    /// For timed card decisions: the weight ([`Inference::weight`]) of the
    /// true deal ranked among [`RANK_SAMPLES`] samples of the seat's
    /// [`deal_unseen`], drawn with random numbers seeded by the position
    /// (never the players').
    fn true_deal_rank(
        &self,
        round: &Koenigrufen,
        _seat: tarock_game_core::Seat,
        view: &SeatView,
    ) -> Option<f64> {
        if !self.timed(view) || view.public.contract.is_none() {
            return None;
        }
        let game = round.game()?;
        let k = Knowledge::from_view(view);
        if k.pool.is_empty() {
            return None;
        }
        let inference = Inference::of(view);
        let truth = true_slots(game, &k);
        let seed = k.pool.bits().wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ view.hand.bits().rotate_left(17)
            ^ view.seat.index() as u64;
        let rng = &mut SmallRng::seed_from_u64(seed);
        let weights: Vec<f64> = (0..RANK_SAMPLES)
            .map(|_| inference.weight(&deal_unseen(&k, view.hand, rng)))
            .collect();
        Some(tarock_player::infer::rank(
            inference.weight(&truth),
            &weights,
        ))
    }

    fn blunder_names(&self) -> &'static [&'static str] {
        &BLUNDER_NAMES
    }

    fn blunders(
        &self,
        round: &Koenigrufen,
        _seat: tarock_game_core::Seat,
        view: &SeatView,
        action: &Action,
    ) -> u64 {
        round.game().map_or(0, |game| blunders(game, view, *action))
    }
}

/// Königrufen's arena: four seats, one deal per round.
pub static ARENA: Duplicate<Koenigrufen, Notes> = Duplicate {
    computers: &COMPUTERS,
    ledger: Notes,
    streams: Streams::Deal,
    seats: Some(4),
    max_decks: 1,
    report,
    oracle: Some(super::oracle::SETUP),
};

/// Per contract and declaring type: (times, won).
type Mix = BTreeMap<(Contract, bool), (u64, u64)>;

/// The arena's report (shared with the bidding arena).
pub fn report(o: &Outcome<'_, Koenigrufen, Note>, out: &mut dyn Write) -> io::Result<()> {
    let [key_a, key_b] = keys(o.asked.levels);
    let results = o.results;
    // A's two seats per deal averaged over both plays; the difference A − B
    // is then twice that (the game is zero-sum).
    let money: Vec<f64> = results
        .iter()
        .map(|r| r.plays.iter().map(|p| p.units_of(0)).sum::<i64>() as f64 / 2.0)
        .collect();
    let score: Vec<f64> = results
        .iter()
        .map(|r| r.plays.iter().map(|p| p.note.a_score).sum::<i64>() as f64 / 2.0)
        .collect();
    let diff_money: Vec<f64> = money.iter().map(|x| 2.0 * x).collect();
    let diff_score: Vec<f64> = score.iter().map(|x| 2.0 * x).collect();
    let (mean_a, _) = mean_ci(&money);
    let (diff, half) = mean_ci(&diff_money);
    let (diff_s, half_s) = mean_ci(&diff_score);
    let rules_name = o.config.rules.preset().map_or("custom", |p| p.name());
    let seconds = o.seconds;
    writeln!(
        out,
        "Königrufen arena {key_a} vs {key_b}: {} duplicate deals ({} games), {rules_name} rules, seed {}, {seconds:.1} s",
        results.len(),
        2 * results.len(),
        o.asked.seed
    )?;
    writeln!(
        out,
        "  {key_a:<10} mean {mean_a:+.3} units of money per deal (its two seats)"
    )?;
    writeln!(
        out,
        "  {key_b:<10} mean {:+.3} units of money per deal (its two seats)",
        -mean_a
    )?;
    writeln!(
        out,
        "  difference {diff:+.3} units of money per deal, 95 % CI [{:+.3}, {:+.3}]",
        diff - half,
        diff + half
    )?;
    writeln!(
        out,
        "  difference {diff_s:+.3} units of score per deal, 95 % CI [{:+.3}, {:+.3}]",
        diff_s - half_s,
        diff_s + half_s
    )?;
    let mut mix: Mix = BTreeMap::new();
    let mut games: BTreeMap<&str, u64> = BTreeMap::new();
    let mut conceded = 0;
    for p in results.iter().flat_map(|r| r.plays.iter().map(|p| &p.note)) {
        *games.entry(p.contract.word()).or_default() += 1;
        let e = mix.entry((p.contract, p.by_a)).or_default();
        e.0 += 1;
        e.1 += u64::from(p.won);
        conceded += u64::from(p.conceded);
    }
    let plays = 2 * results.len() as u64;
    for ((contract, by_a), (n, won)) in &mix {
        let who = if *by_a { &key_a } else { &key_b };
        writeln!(
            out,
            "  {:<16} declared by {who:<10} {n:>6} times ({:>5.1} % of games), won {:>3.0} %",
            contract.word(),
            100.0 * *n as f64 / plays as f64,
            100.0 * *won as f64 / *n as f64
        )?;
    }
    writeln!(out, "  conceded (schleifen): {conceded}")?;
    let mut timing = serde_json::Map::new();
    for (side, key) in [(0, &key_a), (1, &key_b)] {
        let t = decision_times(results, side);
        let p = |q| percentile(&t, q);
        writeln!(
            out,
            "  {key:<10} card decision time p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} decisions)",
            p(0.5),
            p(0.9),
            p(0.99),
            p(1.0),
            t.len()
        )?;
        timing.insert(
            key.clone(),
            json!({"p50": p(0.5), "p90": p(0.9), "p99": p(0.99), "max": p(1.0)}),
        );
    }
    o.write_blunders(out)?;
    let declared: BTreeMap<String, serde_json::Value> = [(true, &key_a), (false, &key_b)]
        .into_iter()
        .map(|(side, key)| {
            let per: BTreeMap<&str, u64> = mix
                .iter()
                .filter(|((_, by_a), _)| *by_a == side)
                .map(|((c, _), (n, _))| (c.word(), *n))
                .collect();
            (key.clone(), json!(per))
        })
        .collect();
    let summary = json!({
        "game": "koenigrufen",
        "deals": results.len(),
        "mean": {key_a.clone(): mean_a, key_b.clone(): -mean_a},
        "diff": diff,
        "diff_ci95": [diff - half, diff + half],
        "score_diff": diff_s,
        "score_diff_ci95": [diff_s - half_s, diff_s + half_s],
        "games": games,
        "declared": declared,
        "schleifen": conceded,
        "rules": rules_name,
        "seed": o.asked.seed,
        "seconds": seconds,
        "decision_ms": timing,
        "blunders": o.blunders_json(),
    });
    writeln!(out, "{summary}")
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use tarock_koenigrufen::Preset;
    use tarock_player::arena::{Config, Tally, run};
    use tarock_player::{Level, Player};

    use super::*;

    /// A player that counts its own decisions and the blunders of
    /// [`blunder`] on its view, as a check on the arena's counting.
    struct Counting {
        inner: Box<dyn Player<Koenigrufen>>,
        seen: Arc<Mutex<Tally>>,
    }

    impl Player<Koenigrufen> for Counting {
        fn name(&self) -> &str {
            self.inner.name()
        }
        fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
            let action = self.inner.choose(view, rng);
            let bits = blunder(view, action).map_or(0, |b| {
                1 << Blunder::ALL.iter().position(|x| *x == b).unwrap()
            });
            self.seen.lock().unwrap().add(bits, BLUNDER_NAMES.len());
            action
        }
    }

    #[test]
    fn the_arena_counts_the_blunders_each_player_makes() {
        let seen = [Arc::default(), Arc::default()];
        let levels = [Level::Easy, Level::Medium];
        let make = |t: usize| -> Box<dyn Player<Koenigrufen>> {
            Box::new(Counting {
                inner: crate::player(levels[t]),
                seen: Arc::clone(&seen[t]),
            })
        };
        let config = Config {
            rules: Preset::Cup2019.rules(),
            seats: 4,
            sets: 60,
            seed: 5,
            threads: 2,
            max_decks: 1,
            streams: Streams::Deal,
        };
        let results = run(&config, &Notes, &make).unwrap();
        let mondfang = Blunder::ALL
            .iter()
            .position(|b| *b == Blunder::MondIntoSkus)
            .unwrap();
        let mut any = 0;
        for t in 0..2 {
            let mut arena = Tally::default();
            for r in &results {
                arena.merge(&r.blunders[t]);
            }
            let seen = seen[t].lock().unwrap();
            assert_eq!(arena.decisions, seen.decisions, "{:?}", levels[t]);
            for (i, name) in BLUNDER_NAMES.iter().enumerate() {
                // The arena confirms a Mond led into the Sküs on the true
                // deal; every other blunder is sure from the view.
                if i == mondfang {
                    assert!(arena.count(i) <= seen.count(i), "{name}");
                } else {
                    assert_eq!(arena.count(i), seen.count(i), "{name}");
                }
                any += arena.count(i);
            }
        }
        // Easy blunders now and then: the counting counted something.
        assert!(any > 0);
    }

    #[test]
    fn the_inference_ranks_the_true_deal_above_chance_among_medium_players() {
        // Medium players bid and give Kontra by the very needs and
        // thresholds the inference assumes, so their words point to the
        // true hands.
        let config = Config {
            rules: Preset::Cup2019.rules(),
            seats: 4,
            sets: 20,
            seed: 7,
            threads: 2,
            max_decks: 1,
            streams: Streams::Deal,
        };
        let make = |_: usize| crate::player(Level::Medium);
        let results = run(&config, &Notes, &make).unwrap();
        let mut all = Tally::default();
        for r in &results {
            all.merge(&r.blunders[0]);
            all.merge(&r.blunders[1]);
        }
        // Only timed card decisions are ranked: fewer than all decisions,
        // and at least one per play of the 40.
        assert!(all.ranked >= 40 && all.ranked < all.decisions, "{all:?}");
        let mean = all.mean_rank().unwrap();
        // Chance is 0.5; the margin keeps a seeded run of 40 plays clear of it.
        assert!(mean > 0.53, "{mean}");
    }
}
