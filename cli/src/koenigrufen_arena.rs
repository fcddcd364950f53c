//! `tarock arena --game koenigrufen`: duplicate matches between two
//! Königrufen computer player types.
//!
//! As for Zwanzigerrufen ([`crate::arena`]): every deal is played twice,
//! first with player A in seats 0 and 2 and B in seats 1 and 3, then with
//! the seats swapped, so that both types hold every hand once. A type's
//! result for a deal is what its two seats won together, averaged over the
//! two plays; the difference A − B gets a 95 % interval from the per-deal
//! differences. Money (with Kontra) is the main figure, the score (Schrift)
//! is reported beside it. The contracts the computers bid are counted per
//! type, with how often the declarer won.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::{Context, bail};
use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};
use serde_json::json;
use tarock_ai::Level;
use tarock_ai::koenigrufen::{Player, drive, player};
use tarock_koenigrufen::{Action, Contract, Deal, Game, Phase, Rules, Seat, SeatView};

use crate::arena::{Args, mean_ci, percentile, stream};

/// One play of a deal: what A's seats won, and the contract.
#[derive(Clone, Copy, Debug)]
struct PlayResult {
    /// Money (with Kontra) of A's two seats.
    a_money: i64,
    /// Score (Schrift) of A's two seats.
    a_score: i64,
    /// The contract played (the first namer's with "bei").
    contract: Contract,
    /// The declarer conceded (schleifen).
    conceded: bool,
    /// The declarer was an A seat.
    by_a: bool,
    /// The declarer gained money (Trischaken: the Fahrer paid nothing).
    won: bool,
}

/// What happened in one duplicate deal.
#[derive(Clone, Debug, Default)]
struct DealResult {
    plays: Vec<PlayResult>,
    /// Card decision times in microseconds, for A and for B.
    micros: [Vec<u32>; 2],
}

/// A player that measures how long each of its card decisions takes.
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
        if view.public.phase == Phase::Play && view.legal.is_some_and(|l| l.cards.len() > 1) {
            self.micros.push(u32::try_from(micros).unwrap_or(u32::MAX));
        }
        action
    }
}

fn play_deal(levels: [Level; 2], rules: &Rules, seed: u64, i: u64) -> anyhow::Result<DealResult> {
    let mut deal_rng = SmallRng::seed_from_u64(stream(seed, i, 0));
    let deal = Deal::shuffled(&mut deal_rng);
    let forehand = Seat::ALL[(i % 4) as usize];
    let mut result = DealResult::default();
    for swap in 0..2usize {
        // Play 0: A in seats 0 and 2; play 1: A in seats 1 and 3.
        let is_a = |seat: Seat| seat.index() % 2 == swap;
        let mut timed: [Timed; 4] = Seat::ALL.map(|s| Timed {
            inner: player(if is_a(s) { levels[0] } else { levels[1] }),
            micros: Vec::new(),
        });
        let mut rng = SmallRng::seed_from_u64(stream(seed, i, 1));
        let mut game = Game::new(*rules, deal, forehand);
        play(&mut game, &mut timed, &mut rng).with_context(|| format!("deal {i}, play {swap}"))?;
        let s = game.settlement().context("the deal is finished")?;
        game.check_invariants()
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("deal {i}, play {swap}"))?;
        let declared = *game.declared().context("a finished deal has a contract")?;
        let d = declared.declarer.index();
        let a_seats = || Seat::ALL.into_iter().filter(|s| is_a(*s)).map(Seat::index);
        let won = if declared.contract == Contract::Trischaken {
            s.money[d] >= 0
        } else {
            s.money[d] > 0
        };
        result.plays.push(PlayResult {
            a_money: a_seats().map(|x| s.money[x]).sum(),
            a_score: a_seats().map(|x| s.score[x]).sum(),
            contract: declared.contract,
            conceded: game.talon().schleifen.is_some(),
            by_a: is_a(declared.declarer),
            won,
        });
        for seat in Seat::ALL {
            let t = &mut timed[seat.index()];
            result.micros[usize::from(!is_a(seat))].append(&mut t.micros);
        }
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

/// Runs the match of `args` for Königrufen.
///
/// # Errors
/// Bad arguments, or a player's illegal action (which would be a bug).
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let rules = crate::koenigrufen::parse_rules(&args.rules)?;
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

fn run_deals(levels: [Level; 2], rules: &Rules, args: &Args) -> anyhow::Result<Vec<DealResult>> {
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

/// Per contract and declaring type: (times, won).
type Mix = BTreeMap<(Contract, bool), (u64, u64)>;

fn report(
    levels: [Level; 2],
    rules: &Rules,
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
    // A's two seats per deal averaged over both plays; the difference A − B
    // is then twice that (the game is zero-sum).
    let per_deal = |f: fn(&PlayResult) -> i64| -> Vec<f64> {
        results
            .iter()
            .map(|r| r.plays.iter().map(f).sum::<i64>() as f64 / 2.0)
            .collect()
    };
    let money = per_deal(|p| p.a_money);
    let score = per_deal(|p| p.a_score);
    let diff_money: Vec<f64> = money.iter().map(|x| 2.0 * x).collect();
    let diff_score: Vec<f64> = score.iter().map(|x| 2.0 * x).collect();
    let (mean_a, _) = mean_ci(&money);
    let (diff, half) = mean_ci(&diff_money);
    let (diff_s, half_s) = mean_ci(&diff_score);
    let rules_name = rules.preset().map_or("custom", |p| p.name());
    outln!(
        "Königrufen arena {key_a} vs {key_b}: {} duplicate deals ({} games), {rules_name} rules, seed {}, {seconds:.1} s",
        results.len(),
        2 * results.len(),
        args.seed
    )?;
    outln!("  {key_a:<10} mean {mean_a:+.3} units of money per deal (its two seats)")?;
    outln!(
        "  {key_b:<10} mean {:+.3} units of money per deal (its two seats)",
        -mean_a
    )?;
    outln!(
        "  difference {diff:+.3} units of money per deal, 95 % CI [{:+.3}, {:+.3}]",
        diff - half,
        diff + half
    )?;
    outln!(
        "  difference {diff_s:+.3} units of score per deal, 95 % CI [{:+.3}, {:+.3}]",
        diff_s - half_s,
        diff_s + half_s
    )?;
    let mut mix: Mix = BTreeMap::new();
    let mut games: BTreeMap<&str, u64> = BTreeMap::new();
    let mut conceded = 0;
    for p in results.iter().flat_map(|r| r.plays.iter()) {
        *games.entry(p.contract.word()).or_default() += 1;
        let e = mix.entry((p.contract, p.by_a)).or_default();
        e.0 += 1;
        e.1 += u64::from(p.won);
        conceded += u64::from(p.conceded);
    }
    let plays = 2 * results.len() as u64;
    for ((contract, by_a), (n, won)) in &mix {
        let who = if *by_a { &key_a } else { &key_b };
        outln!(
            "  {:<16} declared by {who:<10} {n:>6} times ({:>5.1} % of games), won {:>3.0} %",
            contract.word(),
            100.0 * *n as f64 / plays as f64,
            100.0 * *won as f64 / *n as f64
        )?;
    }
    outln!("  conceded (schleifen): {conceded}")?;
    let mut timing = serde_json::Map::new();
    for (side, key) in [(0, &key_a), (1, &key_b)] {
        let mut t: Vec<u32> = results
            .iter()
            .flat_map(|r| r.micros[side].iter().copied())
            .collect();
        t.sort_unstable();
        let p = |q| percentile(&t, q);
        outln!(
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
        "seed": args.seed,
        "seconds": seconds,
        "decision_ms": timing,
    });
    outln!("{summary}")
}
