//! Zwanzigerrufen in the family's duplicate arena ([`tarock_player::arena`]):
//! every deal is played twice, A in seats 0 and 2 and then in seats 1 and
//! 3, so that both types hold every hand once. A type's result for a deal
//! is what its two seats won together, averaged over the two plays; the
//! difference A − B gets a 95 % interval from the per-deal differences.
//! Beside the units it counts the games declared per type and how often
//! the declarer's side won.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde_json::json;
use tarock_player::arena::{
    Duplicate, Ledger, Outcome, Part, Streams, decision_times, keys, mean_ci, percentile,
};
use tarock_zwanzigerrufen::rules::GameKind;
use tarock_zwanzigerrufen::score::Scored;
use tarock_zwanzigerrufen::{Party, Seat, SeatView, Zwanzigerrufen};

use crate::COMPUTERS;

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
    });
    writeln!(out, "{summary}")
}
