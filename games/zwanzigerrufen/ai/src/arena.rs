//! Zwanzigerrufen in the family's duplicate arena ([`tarock_player::arena`]):
//! every deal is played twice, A in seats 0 and 2 and then in seats 1 and
//! 3, so that both types hold every hand once. A type's result for a deal
//! is what its two seats won together, averaged over the two plays; the
//! difference A − B gets a 95 % interval from the per-deal differences.
//! Beside the units it counts the games declared per type and how often
//! the declarer's side won, and the blunders of [`crate::blunder`] per
//! type ([`BLUNDERS`]).
//!
//! The family arena's `TAROCK_BLUNDER_LOG` ([`tarock_player::arena::BLUNDER_LOG`])
//! lists each counted blunder with the game's record up to the decision,
//! which replays the position exactly (this is how the blunder fixtures of
//! `tests/blunders.rs` were found).

use std::collections::BTreeMap;
use std::io::{self, Write};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;
use tarock_player::arena::{
    Duplicate, Ledger, Outcome, Part, Streams, decision_times, keys, mean_ci, percentile,
};
use tarock_zwanzigerrufen::card::CardSet;
use tarock_zwanzigerrufen::rules::GameKind;
use tarock_zwanzigerrufen::score::Scored;
use tarock_zwanzigerrufen::{Action, Party, Seat, SeatView, Zwanzigerrufen};

use crate::COMPUTERS;
use crate::blunder;
use crate::infer::Inference;
use crate::knowledge::Knowledge;
use crate::sample::deal_unseen;

/// The blunders the arena counts, in the order of their bits. All but the
/// last are the predicates of [`crate::blunder`], decided on the true deal
/// (the true hands and the true parties, the Rufer's partner the holder of
/// the called card): the card-play ones hold only when the other party
/// could enforce the loss inside the trick whatever the seat's party did,
/// so each count is a confirmed blunder. `valat_unsolved` is no blunder:
/// it counts the decisions where the Valat search ran out of
/// [`VALAT_NODES`] (those are not counted as `valat_thrown`).
pub const BLUNDERS: [&str; 9] = [
    "pagat_lost",
    "mond_into_skus",
    "mond_not_caught",
    "big_trick_left",
    "schmiert_to_the_other_party",
    "valat_thrown",
    "monster_passes",
    "trash_bids",
    "valat_unsolved",
];

/// Samples the true deal's weight is ranked among ([`Notes`]'
/// `true_deal_rank`).
pub const RANK_SAMPLES: usize = 32;

/// The solver's node budget for deciding a thrown-away Valat in the arena.
pub const VALAT_NODES: u64 = 200_000;

/// The blunder bits ([`BLUNDERS`]) of `action` by the seat of `view` in
/// `game`, on its true hands.
pub fn blunders(game: &tarock_zwanzigerrufen::Game, view: &SeatView, action: Action) -> u64 {
    let mut bits = 0;
    let mut set = |i: usize, yes: bool| bits |= u64::from(yes) << i;
    match action {
        Action::Play(card) if view.trick.is_some() && view.contract.is_some() => {
            let hands: [CardSet; 4] = Seat::ALL.map(|s| game.hand(s));
            set(0, blunder::pagat_lost(view, &hands, card));
            set(1, blunder::mond_into_skus(view, &hands, card));
            set(2, blunder::mond_not_caught(view, &hands, card));
            set(3, blunder::big_trick_left(view, &hands, card));
            set(4, blunder::schmiert_to_the_other_party(view, &hands, card));
            match blunder::valat_thrown(view, &hands, card, VALAT_NODES) {
                Some(thrown) => set(5, thrown),
                None => set(8, true),
            }
        }
        _ => {
            set(6, blunder::monster_passes(view, action));
            set(7, blunder::trash_bids(view, action));
        }
    }
    bits
}

/// What Zwanzigerrufen notes per play: the game, whether an A seat
/// declared it, and whether the declarer's side won it.
pub struct Notes;

/// One play's game: its kind, declared by an A seat, won by the declarer.
pub type Note = (GameKind, bool, bool);

impl Ledger<Zwanzigerrufen> for Notes {
    type Note = Note;

    /// Only real choices count: a card decision with more than one legal card.
    fn timed(&self, view: &SeatView) -> bool {
        view.legal.is_some_and(|l| l.cards.len() > 1)
    }

    fn note(&self, round: &Zwanzigerrufen, is_a: &[bool]) -> Result<Note, String> {
        let game = round.game().ok_or("the deal was dealt")?;
        let settlement = game.settlement().ok_or("the deal is finished")?;
        let contract = game.contract().ok_or("a game was played")?;
        let won = settlement
            .line(Scored::Game)
            .is_some_and(|l| l.winner == Party::Declarer);
        Ok((contract.kind, is_a[contract.declarer.index()], won))
    }

    /// The game's word, and each seat's party (the Rufer's partner is the
    /// holder of the called card).
    fn parts(&self, round: &Zwanzigerrufen) -> Option<Vec<Part>> {
        let contract = round.game()?.contract()?;
        let parts = Seat::ALL.map(|seat| Part {
            contract: contract.kind.word(),
            declarer_side: contract.party(seat) == Party::Declarer,
        });
        Some(parts.to_vec())
    }

    /// For timed card decisions: the weight ([`Inference::weight`]) of the
    /// true hands ranked among [`RANK_SAMPLES`] samples of the seat's
    /// [`deal_unseen`], drawn with random numbers seeded by the position
    /// (never the players').
    fn true_deal_rank(
        &self,
        round: &Zwanzigerrufen,
        _seat: tarock_game_core::Seat,
        view: &SeatView,
    ) -> Option<f64> {
        if !self.timed(view) || view.contract.is_none() {
            return None;
        }
        let game = round.game()?;
        let k = Knowledge::from_view(view);
        if k.unseen.is_empty() {
            return None;
        }
        let inference = Inference::of(view);
        let truth: [CardSet; 4] = Seat::ALL.map(|s| game.hand(s));
        let seed = k.unseen.bits().wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ view.hand.bits().rotate_left(17)
            ^ u64::from(view.seat.index() as u8);
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
        &BLUNDERS
    }

    fn blunders(
        &self,
        round: &Zwanzigerrufen,
        _seat: tarock_game_core::Seat,
        view: &SeatView,
        action: &Action,
    ) -> u64 {
        let Some(game) = round.game() else {
            return 0;
        };
        blunders(game, view, *action)
    }
}

/// Zwanzigerrufen's arena: four seats, one deal per round.
pub static ARENA: Duplicate<Zwanzigerrufen, Notes> = Duplicate {
    computers: &COMPUTERS,
    ledger: Notes,
    streams: Streams::Deal,
    seats: Some(4),
    max_decks: 1,
    report,
    oracle: Some(crate::oracle::SETUP),
};

pub(crate) fn report(o: &Outcome<'_, Zwanzigerrufen, Note>, out: &mut dyn Write) -> io::Result<()> {
    let [key_a, key_b] = keys(o.asked.levels);
    let results = o.results;
    let a_units = |r: &tarock_player::arena::SetResult<Note>| -> i64 {
        r.plays.iter().map(|p| p.units_of(0)).sum()
    };
    let per_deal: Vec<f64> = results.iter().map(|r| a_units(r) as f64 / 2.0).collect();
    let diffs: Vec<f64> = per_deal.iter().map(|x| 2.0 * x).collect();
    let (mean_a, _) = mean_ci(&per_deal);
    let (diff, half) = mean_ci(&diffs);
    let rules_name = o.config.rules.preset().map_or("custom", |p| p.name());
    let seconds = o.seconds;
    writeln!(
        out,
        "Arena {key_a} vs {key_b}: {} duplicate deals ({} games), {rules_name} rules, seed {}, {seconds:.1} s",
        results.len(),
        2 * results.len(),
        o.asked.seed
    )?;
    writeln!(
        out,
        "  {key_a:<10} mean {mean_a:+.3} units per deal (its two seats)"
    )?;
    writeln!(
        out,
        "  {key_b:<10} mean {:+.3} units per deal (its two seats)",
        -mean_a
    )?;
    writeln!(
        out,
        "  difference {diff:+.3} units per deal, 95 % CI [{:+.3}, {:+.3}]",
        diff - half,
        diff + half
    )?;
    let mut games: BTreeMap<&str, u64> = BTreeMap::new();
    let mut by_type: BTreeMap<(GameKind, bool), (u64, u64)> = BTreeMap::new();
    for (kind, by_a, won) in results.iter().flat_map(|r| r.plays.iter().map(|p| &p.note)) {
        *games.entry(kind.word()).or_default() += 1;
        let e = by_type.entry((*kind, *by_a)).or_default();
        e.0 += 1;
        e.1 += u64::from(*won);
    }
    for ((kind, by_a), (n, won)) in &by_type {
        let who = if *by_a { &key_a } else { &key_b };
        writeln!(
            out,
            "  {kind:<10} declared by {who:<10} {n:>6} times, won {:.0} %",
            100.0 * *won as f64 / *n as f64
        )?;
    }
    let mut timing = serde_json::Map::new();
    for (side, key) in [(0, &key_a), (1, &key_b)] {
        let t = decision_times(results, side);
        let (p50, p99, max) = (
            percentile(&t, 0.5),
            percentile(&t, 0.99),
            percentile(&t, 1.0),
        );
        writeln!(
            out,
            "  {key:<10} card decision time p50 {p50:.3} ms, p99 {p99:.3} ms, max {max:.3} ms"
        )?;
        timing.insert(key.clone(), json!({"p50": p50, "p99": p99, "max": max}));
    }
    o.write_blunders(out)?;
    let summary = json!({
        "deals": results.len(),
        "mean": {key_a.clone(): mean_a, key_b.clone(): -mean_a},
        "diff": diff,
        "diff_ci95": [diff - half, diff + half],
        "games": games,
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

    use tarock_game_core::RngCore;
    use tarock_player::arena::{Config, Tally, run};
    use tarock_player::{Level, Player};
    use tarock_zwanzigerrufen::Preset;

    use super::*;

    /// Decisions of a player, those in trick play, and the blunders
    /// decided on the view alone (a monster passing, a trash hand bidding).
    #[derive(Default)]
    struct Seen {
        tally: Tally,
        cards: u64,
    }

    /// A player that counts its decisions, as a check on the arena's counting.
    struct Counting {
        inner: Box<dyn Player<Zwanzigerrufen>>,
        seen: Arc<Mutex<Seen>>,
    }

    impl Player<Zwanzigerrufen> for Counting {
        fn name(&self) -> &str {
            self.inner.name()
        }
        fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
            let action = self.inner.choose(view, rng);
            let bits = u64::from(blunder::monster_passes(view, action)) << 6
                | u64::from(blunder::trash_bids(view, action)) << 7;
            let mut seen = self.seen.lock().unwrap();
            seen.tally.add(bits, BLUNDERS.len());
            seen.cards += u64::from(matches!(action, Action::Play(_)));
            action
        }
    }

    #[test]
    fn the_arena_counts_the_blunders_each_player_makes() {
        let seen: [Arc<Mutex<Seen>>; 2] = [Arc::default(), Arc::default()];
        let levels = [Level::Easy, Level::Medium];
        let make = |t: usize| -> Box<dyn Player<Zwanzigerrufen>> {
            Box::new(Counting {
                inner: crate::player(levels[t]),
                seen: Arc::clone(&seen[t]),
            })
        };
        let config = Config {
            rules: Preset::Standard.rules(),
            seats: 4,
            sets: 40,
            seed: 5,
            threads: 2,
            max_decks: 1,
            streams: Streams::Deal,
        };
        let results = run(&config, &Notes, &make).unwrap();
        let mut card_blunders = 0;
        for t in 0..2 {
            let mut arena = Tally::default();
            for r in &results {
                arena.merge(&r.blunders[t]);
            }
            let seen = seen[t].lock().unwrap();
            assert_eq!(arena.decisions, seen.tally.decisions, "{:?}", levels[t]);
            // The bidding blunders are decided on the view: the same counts.
            for i in [6, 7] {
                assert_eq!(arena.count(i), seen.tally.count(i), "{}", BLUNDERS[i]);
            }
            // The card blunders (and unsolved Valat searches) are one per
            // card decision at most.
            let per_card: u64 = (0..6).chain([8]).map(|i| arena.count(i)).sum();
            assert!(per_card <= seen.cards);
            card_blunders += per_card;
        }
        // 80 games of the easy player leave a fat trick or a Pagat now and then.
        assert!(card_blunders > 0);
    }

    #[test]
    fn the_inference_ranks_the_true_deal_above_chance_among_medium_players() {
        // Medium players bid by the very thresholds the inference assumes,
        // so their passes and bids point to the true hands.
        let config = Config {
            rules: Preset::Standard.rules(),
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
