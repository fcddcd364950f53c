//! `tarock arena`: duplicate matches between two computer player types.
//!
//! Every deal is played twice: first with player A in seats 0 and 2 and B in
//! seats 1 and 3, then with the seats swapped, so that both types hold every
//! hand once and card luck cancels. A type's result for a deal is what its
//! two seats won together, averaged over the two plays; the difference A − B
//! gets a 95 % confidence interval from the spread of the per-deal
//! differences (normal approximation).

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::{Context, bail};
use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use serde_json::json;
use tarock_ai::{Level, Player, drive};
use tarock_zwanzigerrufen::rules::{GameKind, ValidRules};
use tarock_zwanzigerrufen::score::Scored;
use tarock_zwanzigerrufen::{Action, Deal, Game, Party, Seat, SeatView};

use crate::simulate::parse_rules;

/// Options of `tarock arena`.
#[derive(clap::Args)]
pub struct Args {
    /// The two player types, e.g. `medium,easy` (easy, medium, strong).
    #[arg(long)]
    pub(crate) players: String,
    /// Number of duplicate deals (each is played twice).
    #[arg(long, default_value_t = 1000)]
    pub(crate) deals: u64,
    /// Rules: a preset name (Zwanzigerrufen: standard, directnet, tarockwelt,
    /// wikipedia; Königrufen: cup2019, standard) or a JSON object.
    #[arg(long, default_value = "standard")]
    pub(crate) rules: String,
    /// Seed for the deals and the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Worker threads (the result does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub(crate) threads: usize,
    /// The game: zwanzigerrufen, zwanzig-ab (then `--deals` counts
    /// duplicate sets, each a whole session's decks) or koenigrufen.
    #[arg(long, default_value = tarock_games::DEFAULT_GAME)]
    pub(crate) game: String,
    /// Seats at a 20 ab table (3–5).
    #[arg(long, default_value_t = 4)]
    seats: u8,
}

/// What happened in one duplicate deal.
#[derive(Clone, Debug, Default)]
struct DealResult {
    /// A's two seats together, summed over both plays.
    a_units: i64,
    /// Per play: the game, whether the declarer was an A seat, and whether
    /// the declarer's side won the game.
    games: Vec<(GameKind, bool, bool)>,
    /// Decision times in microseconds, for A and for B.
    micros: [Vec<u32>; 2],
}

/// A player that measures how long each of its decisions takes.
struct Timed {
    inner: Box<dyn Player>,
    micros: Vec<u32>,
}

impl Player for Timed {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        let start = Instant::now();
        let action = self.inner.choose(view, rng);
        let micros = start.elapsed().as_micros();
        // Only real choices count: a card decision with more than one legal card.
        if view.legal.is_some_and(|l| l.cards.len() > 1) {
            self.micros.push(u32::try_from(micros).unwrap_or(u32::MAX));
        }
        action
    }
}

/// Mixes a seed with a deal number so that every deal has its own stream.
pub(crate) fn stream(seed: u64, deal: u64, play: u64) -> u64 {
    let mut x =
        seed ^ deal.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ play.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 31;
    x.wrapping_mul(0x94D0_49BB_1331_11EB)
}

fn play_deal(
    levels: [Level; 2],
    rules: &ValidRules,
    seed: u64,
    i: u64,
) -> anyhow::Result<DealResult> {
    let mut deal_rng = SmallRng::seed_from_u64(stream(seed, i, 0));
    let (deal, _) = Deal::shuffled_valid(&mut deal_rng, rules);
    let forehand = Seat::ALL[(i % 4) as usize];
    let mut result = DealResult::default();
    for swap in 0..2usize {
        // Play 0: A in seats 0 and 2; play 1: A in seats 1 and 3.
        let is_a = |seat: Seat| seat.index() % 2 == swap;
        let mut timed: [Timed; 4] = Seat::ALL.map(|s| Timed {
            inner: if is_a(s) { levels[0] } else { levels[1] }.player(),
            micros: Vec::new(),
        });
        let mut rng = SmallRng::seed_from_u64(stream(seed, i, 1));
        let mut game = Game::new(*rules, deal, forehand).context("a valid deal")?;
        play(&mut game, &mut timed, &mut rng).with_context(|| format!("deal {i}, play {swap}"))?;
        let settlement = game.settlement().context("the deal is finished")?;
        let contract = *game.contract().context("a game was played")?;
        for seat in Seat::ALL {
            if is_a(seat) {
                result.a_units += settlement.change(seat);
            }
            let t = &mut timed[seat.index()];
            result.micros[usize::from(!is_a(seat))].append(&mut t.micros);
        }
        let won = settlement
            .line(Scored::Game)
            .is_some_and(|l| l.winner == Party::Declarer);
        result
            .games
            .push((contract.kind, is_a(contract.declarer), won));
    }
    Ok(result)
}

/// Plays to the end with one timed player per seat, checking every action.
fn play(game: &mut Game, players: &mut [Timed; 4], rng: &mut SmallRng) -> anyhow::Result<()> {
    while let Some(seat) = game.to_act() {
        let player = &mut players[seat.index()];
        let Some((seat, action)) = drive::next_action(game, player, rng)? else {
            break;
        };
        game.apply(seat, action)?;
    }
    Ok(())
}

pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    match args.game.as_str() {
        "zwanzigerrufen" => {}
        "koenigrufen" => return crate::koenigrufen_arena::run(args),
        crate::zwanzig_ab::GAME => {
            let (a, n) = (args, args.seats);
            return crate::zwanzig_ab::arena(&a.players, a.deals, n, &a.rules, a.seed, a.threads);
        }
        other => bail!("unknown game {other:?} (zwanzigerrufen, zwanzig-ab or koenigrufen)"),
    }
    let rules = parse_rules(&args.rules)?;
    let names: Vec<&str> = args.players.split(',').map(str::trim).collect();
    let [a, b] = names.as_slice() else {
        bail!("--players takes two player types separated by a comma, e.g. medium,easy");
    };
    let levels = [a.parse::<Level>()?, b.parse::<Level>()?];
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    let start = Instant::now();
    let results = run_deals(levels, &rules, args)?;
    let seconds = start.elapsed().as_secs_f64();
    report(levels, &rules, args, &results, seconds)?;
    Ok(ExitCode::SUCCESS)
}

fn run_deals(
    levels: [Level; 2],
    rules: &ValidRules,
    args: &Args,
) -> anyhow::Result<Vec<DealResult>> {
    let next = AtomicU64::new(0);
    let slots: Mutex<Vec<Option<anyhow::Result<DealResult>>>> =
        Mutex::new((0..args.deals).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.deals {
                        break;
                    }
                    let r = play_deal(levels, rules, args.seed, i);
                    let failed = r.is_err();
                    slots.lock().expect("no worker panicked")[i as usize] = Some(r);
                    if failed {
                        next.store(args.deals, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let slots = slots.into_inner().expect("no worker panicked");
    slots
        .into_iter()
        .flatten()
        .collect::<anyhow::Result<Vec<_>>>()
}

/// Mean, and the half width of its 95 % confidence interval.
pub(crate) fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

pub(crate) fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

fn report(
    levels: [Level; 2],
    rules: &ValidRules,
    args: &Args,
    results: &[DealResult],
    seconds: f64,
) -> std::io::Result<()> {
    let (a, b) = (levels[0].name().to_owned(), levels[1].name().to_owned());
    let (key_a, key_b) = if a == b {
        (format!("{a}/A"), format!("{b}/B"))
    } else {
        (a, b)
    };
    let per_deal: Vec<f64> = results.iter().map(|r| r.a_units as f64 / 2.0).collect();
    let diffs: Vec<f64> = per_deal.iter().map(|x| 2.0 * x).collect();
    let (mean_a, _) = mean_ci(&per_deal);
    let (diff, half) = mean_ci(&diffs);
    let rules_name = rules.preset().map_or("custom", |p| p.name());
    outln!(
        "Arena {key_a} vs {key_b}: {} duplicate deals ({} games), {rules_name} rules, seed {}, {seconds:.1} s",
        results.len(),
        2 * results.len(),
        args.seed
    )?;
    outln!("  {key_a:<10} mean {mean_a:+.3} units per deal (its two seats)")?;
    outln!(
        "  {key_b:<10} mean {:+.3} units per deal (its two seats)",
        -mean_a
    )?;
    outln!(
        "  difference {diff:+.3} units per deal, 95 % CI [{:+.3}, {:+.3}]",
        diff - half,
        diff + half
    )?;
    let mut games: BTreeMap<&str, u64> = BTreeMap::new();
    let mut by_type: BTreeMap<(GameKind, bool), (u64, u64)> = BTreeMap::new();
    for (kind, by_a, won) in results.iter().flat_map(|r| r.games.iter()) {
        *games.entry(kind.word()).or_default() += 1;
        let e = by_type.entry((*kind, *by_a)).or_default();
        e.0 += 1;
        e.1 += u64::from(*won);
    }
    for ((kind, by_a), (n, won)) in &by_type {
        let who = if *by_a { &key_a } else { &key_b };
        outln!(
            "  {kind:<10} declared by {who:<10} {n:>6} times, won {:.0} %",
            100.0 * *won as f64 / *n as f64
        )?;
    }
    let mut timing = serde_json::Map::new();
    for (side, key) in [(0, &key_a), (1, &key_b)] {
        let mut t: Vec<u32> = results
            .iter()
            .flat_map(|r| r.micros[side].iter().copied())
            .collect();
        t.sort_unstable();
        let (p50, p99, max) = (
            percentile(&t, 0.5),
            percentile(&t, 0.99),
            percentile(&t, 1.0),
        );
        outln!("  {key:<10} card decision time p50 {p50:.3} ms, p99 {p99:.3} ms, max {max:.3} ms")?;
        timing.insert(key.clone(), json!({"p50": p50, "p99": p99, "max": max}));
    }
    let summary = json!({
        "deals": results.len(),
        "mean": {key_a.clone(): mean_a, key_b.clone(): -mean_a},
        "diff": diff,
        "diff_ci95": [diff - half, diff + half],
        "games": games,
        "rules": rules_name,
        "seed": args.seed,
        "seconds": seconds,
        "decision_ms": timing,
    });
    outln!("{summary}")
}
