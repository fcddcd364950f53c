//! The player boundary on a toy game: the drive catches an illegal answer,
//! the arena's seatings are fair and its result depends on the seed only,
//! the computers of a game are data, and a boxed player answers only for
//! the seat to act.

use std::io::Write;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use tarock_game_core::{
    Game, NoDeckNeeded, RecordRefused, Refusal, RngCore, RuleError, Seat, Settlement, SetupError,
};
use tarock_player::arena::{
    ArenaFailure, Config, Duplicate, Ledger, Match, Oracle, OracleSetup, Outcome, Streams, Summary,
    patterns, run,
};
use tarock_player::drive::{next_action, play_out};
use tarock_player::{Computers, DecisionStats, DynArena, DynComputers, Level, Player};

/// Seats take turns adding 1 or 2 to a counter; the deal draws a target
/// (5–9); who reaches it wins a unit from every other seat.
#[derive(Clone, Debug, PartialEq)]
struct Race {
    seats: u8,
    turn: u8,
    total: u8,
    target: Option<u8>,
}

#[derive(Debug, PartialEq, thiserror::Error)]
#[error("only 1 or 2, and not past the target")]
struct Step;
impl RuleError for Step {
    fn code(&self) -> &'static str {
        "step"
    }
}

impl Race {
    fn won(&self) -> bool {
        self.target == Some(self.total)
    }
}

impl Game for Race {
    const ID: &'static str = "race";
    const RECORD_FORMAT: &'static str = "race/1";
    const MIN_SEATS: u8 = 2;
    const MAX_SEATS: u8 = 5;
    type Rules = ();
    type Action = u8;
    type Error = Step;
    type PublicView = u8;
    /// The seat's view: the counter and how far the target is (public).
    type SeatView = (u8, u8);
    fn default_rules() {}
    fn presets() -> &'static [&'static str] {
        &["standard"]
    }
    fn rules_from_spec(spec: &Value) -> Result<(), SetupError> {
        (spec == "standard")
            .then_some(())
            .ok_or_else(|| SetupError::Rules(spec.to_string()))
    }
    fn rules_spec(_: &()) -> Value {
        "standard".into()
    }
    fn new_round(_: (), seats: u8, first: Seat) -> Result<Race, SetupError> {
        tarock_game_core::check_seats::<Race>(seats, first)?;
        Ok(Race {
            seats,
            turn: first.number(),
            total: 0,
            target: None,
        })
    }
    fn rules(&self) {}
    fn seats(&self) -> u8 {
        self.seats
    }
    fn needs_deck(&self) -> bool {
        self.target.is_none()
    }
    fn deal(&mut self, rng: &mut dyn RngCore) -> Result<(), NoDeckNeeded> {
        if self.target.is_some() {
            return Err(NoDeckNeeded);
        }
        self.target = Some(rng.random_range(5..=9));
        Ok(())
    }
    fn to_act(&self) -> Option<Seat> {
        (self.target.is_some() && !self.won()).then_some(Seat::new(self.turn))
    }
    fn legal_actions_into(&self, out: &mut Vec<u8>) {
        out.clear();
        if let (Some(target), Some(_)) = (self.target, self.to_act()) {
            out.extend((1..=2).filter(|n| self.total + n <= target));
        }
    }
    fn apply(&mut self, seat: Seat, n: u8) -> Result<(), Refusal<Step>> {
        tarock_game_core::boundary::check_seat(seat, self.seats)?;
        let target = self.target.ok_or(Refusal::AwaitingDeck)?;
        if self.to_act() != Some(seat) || !(1..=2).contains(&n) || self.total + n > target {
            return Err(Refusal::Rule(Step));
        }
        self.total += n;
        if !self.won() {
            self.turn = (self.turn + 1) % self.seats;
        }
        Ok(())
    }
    fn public_view(&self) -> Option<u8> {
        Some(self.total)
    }
    fn seat_view(&self, seat: Seat) -> Option<(u8, u8)> {
        let target = self.target?;
        seat.is_at(self.seats)
            .then_some((self.total, target - self.total))
    }
    fn is_over(&self) -> bool {
        self.won()
    }
    fn settlement(&self) -> Option<Settlement> {
        let mut units = vec![-1; usize::from(self.seats)];
        units[usize::from(self.turn)] = i64::from(self.seats) - 1;
        self.won().then(|| Settlement::new(units).unwrap())
    }
    fn next_round(&self) -> Option<Race> {
        None
    }
    fn to_record(&self) -> Option<String> {
        None
    }
    fn from_record(_: &str) -> Result<Race, RecordRefused> {
        Err(RecordRefused::Invalid("no records".into()))
    }
    fn action_token(n: &u8) -> String {
        n.to_string()
    }
    fn parse_action_token(token: &str) -> Option<u8> {
        token.parse().ok()
    }
}

/// Takes the target when it can reach it, else a random step (easy), or
/// leaves the next seat no win when it can (medium).
struct Racer(Level);

impl Player<Race> for Racer {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn choose(&mut self, &(_, left): &(u8, u8), rng: &mut dyn RngCore) -> u8 {
        match (self.0, left) {
            (_, 1 | 2) => left,
            // Leave 3: the next seat cannot reach it.
            (Level::Medium, 4 | 5) => left - 3,
            _ => rng.random_range(1..=2),
        }
    }
}

/// Always asks for 3.
struct Cheater;

impl Player<Race> for Cheater {
    fn name(&self) -> &str {
        "cheater"
    }
    fn choose(&mut self, _: &(u8, u8), _: &mut dyn RngCore) -> u8 {
        3
    }
}

static COMPUTERS: Computers<Race> = Computers::new(&[Level::Easy, Level::Medium], |level| {
    Box::new(Racer(level))
});

struct Notes;

impl Ledger<Race> for Notes {
    type Note = u8;
    fn note(&self, round: &Race, _: &[bool]) -> Result<u8, String> {
        round.target.ok_or_else(|| "dealt".into())
    }
}

fn report(o: &Outcome<'_, Race, u8>, out: &mut dyn Write) -> std::io::Result<()> {
    let s = Summary::of(o.results, o.config.max_decks);
    writeln!(out, "{} {} {}", s.sets, s.plays, s.diff)
}

static ARENA: Duplicate<Race, Notes> = Duplicate {
    computers: &COMPUTERS,
    ledger: Notes,
    streams: Streams::Deal,
    seats: None,
    max_decks: 1,
    report,
    oracle: None,
};

fn config(seats: u8, sets: u64, threads: usize) -> Config<Race> {
    Config {
        rules: (),
        seats,
        sets,
        seed: 7,
        threads,
        max_decks: 1,
        streams: Streams::Deal,
    }
}

#[test]
fn every_type_sits_in_every_seat_equally_often() {
    for seats in 2..=5u8 {
        let ps = patterns(seats);
        for seat in 0..usize::from(seats) {
            let a = ps.iter().filter(|p| p[seat] == 0).count();
            let b = ps.iter().filter(|p| p[seat] == 1).count();
            assert_eq!(a, b, "{seats} seats, seat {seat}");
        }
    }
    assert_eq!(patterns(4), [vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
    assert_eq!(patterns(3).len(), 6);
    assert_eq!(patterns(5).len(), 10);
}

#[test]
fn the_drive_reports_an_illegal_answer_and_plays_legal_ones_out() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut round = Race::new_round((), 3, Seat::new(1)).unwrap();
    round.deal(&mut rng).unwrap();
    let before = round.clone();
    let err = next_action(&round, &mut Cheater, &mut rng).unwrap_err();
    assert_eq!(
        (err.player.as_str(), err.seat, err.action),
        ("cheater", Seat::new(1), 3)
    );
    assert_eq!(err.error.code(), "step");
    assert!(err.to_string().contains("cheater at seat"), "{err}");
    assert_eq!(round, before);
    let mut players = [Racer(Level::Easy), Racer(Level::Medium), Racer(Level::Easy)];
    let settlement = play_out(&mut round, &mut players, &mut rng).unwrap();
    assert!(round.is_over());
    assert_eq!(settlement.units().iter().sum::<i64>(), 0);
    assert_eq!(settlement.units().iter().filter(|u| **u == 2).count(), 1);
}

#[test]
fn a_type_against_itself_is_even_and_threads_change_nothing() {
    let same = |_| COMPUTERS.player(Level::Easy).unwrap();
    let results = run(&config(3, 5, 1), &Notes, &same).unwrap();
    let s = Summary::of(&results, 1);
    assert_eq!((s.sets, s.plays, s.decks, s.unfinished), (5, 30, 30, 0));
    assert_eq!((s.diff, s.mean), (0.0, [0.0, 0.0]));
    // Every play of a set has the same deal: the same target.
    for r in &results {
        assert!(r.plays.iter().all(|p| p.note == r.plays[0].note));
    }
    let mixed = |t: usize| COMPUTERS.player([Level::Medium, Level::Easy][t]).unwrap();
    let one = Summary::of(&run(&config(4, 20, 1), &Notes, &mixed).unwrap(), 1);
    let two = Summary::of(&run(&config(4, 20, 2), &Notes, &mixed).unwrap(), 1);
    assert_eq!(
        one,
        Summary {
            decision_ms: one.decision_ms,
            ..two
        }
    );
    assert!(one.ci95[0] <= one.diff && one.diff <= one.ci95[1]);
}

#[test]
fn a_game_lists_its_computers_as_data() {
    assert_eq!(COMPUTERS.levels(), &[Level::Easy, Level::Medium]);
    assert!(COMPUTERS.player(Level::Strong).is_none());
    let dynamic: &dyn DynComputers = &COMPUTERS;
    assert_eq!(dynamic.game(), "race");
    assert!(dynamic.player(Level::Strong).is_none());
    assert_eq!(dynamic.player(Level::Medium).unwrap().name(), "medium");
}

#[test]
fn a_boxed_player_answers_for_the_seat_to_act_only() {
    let mut rng = StdRng::seed_from_u64(4);
    let mut round = Race::new_round((), 2, Seat::new(0)).unwrap();
    round.deal(&mut rng).unwrap();
    let mut player = tarock_player::boxed::<Race>(Box::new(Racer(Level::Easy)));
    assert_eq!(player.game(), "race");
    assert!(player.answer(&round, Seat::new(1), &mut rng).is_none());
    let token = player.answer(&round, Seat::new(0), &mut rng).unwrap();
    assert!(["1", "2"].contains(&token.as_str()));
    // A cheater's answer is replaced by the first legal action's token.
    let mut cheater = tarock_player::boxed::<Race>(Box::new(Cheater));
    assert_eq!(cheater.answer(&round, Seat::new(0), &mut rng).unwrap(), "3");
    assert_eq!(
        cheater
            .choose_token(&round, Seat::new(0), &mut rng)
            .unwrap(),
        "1"
    );
}

#[test]
fn a_duplicate_arena_refuses_what_the_game_does_not_offer() {
    let asked = |levels, sets, seats| Match {
        levels,
        sets,
        rules: "standard".into(),
        seed: 1,
        threads: 1,
        seats,
        oracle: false,
    };
    let mut out = Vec::new();
    ARENA
        .run(&asked([Level::Medium, Level::Easy], 3, 3), &mut out)
        .unwrap();
    assert!(String::from_utf8(out).unwrap().starts_with("3 18 "));
    let refused = |m: Match| ARENA.run(&m, &mut Vec::new()).unwrap_err();
    assert!(matches!(
        refused(asked([Level::Strong, Level::Easy], 3, 3)),
        ArenaFailure::Level {
            level: Level::Strong,
            ..
        }
    ));
    assert!(matches!(
        refused(asked([Level::Easy; 2], 0, 3)),
        ArenaFailure::NoSets
    ));
    assert!(matches!(
        refused(asked([Level::Easy; 2], 3, 6)),
        ArenaFailure::Setup(SetupError::Seats { .. })
    ));
    let bad_rules = Match {
        rules: "skat".into(),
        ..asked([Level::Easy; 2], 3, 3)
    };
    assert!(matches!(
        refused(bad_rules),
        ArenaFailure::Setup(SetupError::Rules(_))
    ));
}

/// The winning rule at a table of two: leave the other seat a multiple of
/// 3 (whatever it adds, the rest is then 1 or 2 more than a multiple of 3,
/// and this seat restores one, down to 0); with a multiple of 3 left, any
/// step.
fn perfect(left: u8, rng: &mut dyn RngCore) -> u8 {
    match left % 3 {
        0 => rng.random_range(1..=2),
        step => step,
    }
}

/// The winning rule as a player, counting the decisions where it has no
/// winning step as fallbacks and those one step before as thin.
struct Perfect(DecisionStats);

impl Player<Race> for Perfect {
    fn name(&self) -> &str {
        "strong"
    }
    fn choose(&mut self, &(_, left): &(u8, u8), rng: &mut dyn RngCore) -> u8 {
        self.0.decisions += 1;
        self.0.fallbacks += u64::from(left % 3 == 0);
        self.0.thin += u64::from(left % 3 == 1);
        perfect(left, rng)
    }
    fn decision_stats(&self) -> DecisionStats {
        self.0
    }
}

/// The winning rule read from the round: an oracle.
struct Seer(u64);

impl Oracle<Race> for Seer {
    fn choose(&mut self, round: &Race, rng: &mut dyn RngCore) -> u8 {
        self.0 += 1;
        perfect(round.target.unwrap() - round.total, rng)
    }
    fn decision_stats(&self) -> DecisionStats {
        DecisionStats {
            decisions: self.0,
            fallbacks: 0,
            thin: 0,
        }
    }
}

static PERFECT: Computers<Race> = Computers::new(&Level::ALL, |level| match level {
    Level::Strong => Box::new(Perfect(DecisionStats::default())),
    _ => Box::new(Racer(level)),
});

/// Strong plays medium's rule: it recovers nothing.
static NO_BETTER: Computers<Race> = Computers::new(&Level::ALL, |level| match level {
    Level::Strong => Box::new(Racer(Level::Medium)),
    _ => Box::new(Racer(level)),
});

fn oracle_arena(computers: &'static Computers<Race>) -> Duplicate<Race, Notes> {
    Duplicate {
        computers,
        ledger: Notes,
        streams: Streams::Deal,
        seats: None,
        max_decks: 1,
        report,
        oracle: Some(OracleSetup {
            make: |_| Box::new(Seer(0)),
            frozen_seed: 33,
        }),
    }
}

/// The JSON line an `--oracle` run prints last.
fn recovery(computers: &'static Computers<Race>, sets: u64) -> Value {
    let asked = Match {
        levels: [Level::Strong, Level::Medium],
        sets,
        rules: "standard".into(),
        seed: 5,
        threads: 2,
        seats: 2,
        oracle: true,
    };
    let mut out = Vec::new();
    oracle_arena(computers).run(&asked, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn a_strong_player_as_good_as_the_oracle_recovers_all_of_the_gap() {
    let j = recovery(&PERFECT, 60);
    let num = |k: &str| j[k].as_f64().unwrap_or_else(|| panic!("{k} in {j}"));
    // The perfect rule wins whenever the start allows it: medium loses
    // units to it.
    assert!(num("G") > 0.0, "{j}");
    // Strong and the oracle make the same choices from the same random
    // numbers: every deal's D is its G.
    assert_eq!(num("D"), num("G"));
    assert_eq!(num("oracle_minus_strong"), 0.0);
    assert_eq!(j["oracle_above_strong"], false);
    assert!((num("R") - 1.0).abs() < 1e-12, "{j}");
    for bound in j["R_ci95"].as_array().unwrap() {
        assert!((bound.as_f64().unwrap() - 1.0).abs() < 1e-9, "{j}");
    }
    // The fall-back rate is strong's own count, summed over every seat.
    let (decisions, fallbacks) = (num("strong_decisions"), num("strong_fallbacks"));
    assert!(
        decisions > 0.0 && fallbacks > 0.0 && fallbacks < decisions,
        "{j}"
    );
    assert_eq!(num("fallback_rate"), fallbacks / decisions);
    // Thin decisions are counted apart from the fallbacks.
    let thin = num("strong_thin");
    assert!(thin > 0.0 && thin + fallbacks < decisions, "{j}");
    assert_eq!(num("thin_rate"), thin / decisions);
    assert!(num("oracle_decisions") > 0.0);
    assert_eq!(num("oracle_inexact"), 0.0);
    assert_eq!(j["deals"], 60);
}

#[test]
fn a_strong_player_no_better_than_medium_recovers_nothing() {
    let j = recovery(&NO_BETTER, 60);
    let num = |k: &str| j[k].as_f64().unwrap();
    assert!(num("G") > 0.0, "{j}");
    assert_eq!(num("D"), 0.0);
    assert_eq!(num("R"), 0.0);
    assert_eq!(j["R_ci95"], serde_json::json!([0.0, 0.0]));
    assert!(num("oracle_minus_strong") > 0.0);
    // Racer counts nothing.
    assert_eq!((num("fallback_rate"), num("thin_rate")), (0.0, 0.0));
}

#[test]
fn an_arena_without_an_oracle_refuses_an_oracle_run() {
    let asked = Match {
        levels: [Level::Medium, Level::Easy],
        sets: 2,
        rules: "standard".into(),
        seed: 1,
        threads: 1,
        seats: 3,
        oracle: true,
    };
    assert!(matches!(
        ARENA.run(&asked, &mut Vec::new()).unwrap_err(),
        ArenaFailure::NoOracle("race")
    ));
    assert_eq!(ARENA.frozen_seed(), None);
    assert_eq!(oracle_arena(&PERFECT).frozen_seed(), Some(33));
}

/// Race's blunders: not reaching the target when one step reaches it
/// (`win_missed`), and a step of 2 (`two`, no blunder: a second predicate
/// whose count the test knows).
struct Blunders;

impl Ledger<Race> for Blunders {
    type Note = ();
    fn note(&self, _: &Race, _: &[bool]) -> Result<(), String> {
        Ok(())
    }
    fn blunder_names(&self) -> &'static [&'static str] {
        &["win_missed", "two"]
    }
    fn blunders(&self, round: &Race, _: Seat, &(_, left): &(u8, u8), n: &u8) -> u64 {
        // The view agrees with the round (the arena passes the seat's view).
        assert_eq!(left, round.target.unwrap() - round.total);
        u64::from(left <= 2 && *n != left) | u64::from(*n == 2) << 1
    }
}

/// Always steps 1: misses the win whenever 2 are left.
struct Dawdler;

impl Player<Race> for Dawdler {
    fn name(&self) -> &str {
        "strong"
    }
    fn choose(&mut self, _: &(u8, u8), _: &mut dyn RngCore) -> u8 {
        1
    }
}

static DAWDLING: Computers<Race> = Computers::new(&Level::ALL, |level| match level {
    Level::Strong => Box::new(Dawdler),
    _ => Box::new(Racer(level)),
});

fn blunder_report(o: &Outcome<'_, Race, ()>, out: &mut dyn Write) -> std::io::Result<()> {
    o.write_blunders(out)?;
    writeln!(
        out,
        "{}",
        serde_json::json!({"blunders": o.blunders_json()})
    )
}

static BLUNDER_ARENA: Duplicate<Race, Blunders> = Duplicate {
    computers: &DAWDLING,
    ledger: Blunders,
    streams: Streams::Deal,
    seats: None,
    max_decks: 1,
    report: blunder_report,
    oracle: None,
};

#[test]
fn the_arena_counts_every_decision_and_each_blunder_per_type() {
    let asked = Match {
        levels: [Level::Strong, Level::Medium],
        sets: 40,
        rules: "standard".into(),
        seed: 3,
        threads: 2,
        seats: 2,
        oracle: false,
    };
    let mut out = Vec::new();
    BLUNDER_ARENA.run(&asked, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let j: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let (strong, medium) = (&j["blunders"]["strong"], &j["blunders"]["medium"]);
    let num = |v: &Value| v.as_u64().unwrap_or_else(|| panic!("{v} in {j}"));
    // The dawdler always steps 1: it never steps 2, and with 2 left (which
    // happens in some of 40 deals) it misses the win.
    assert!(num(&strong["win_missed"]) > 0, "{j}");
    assert_eq!(num(&strong["two"]), 0);
    // Medium takes every reachable win.
    assert_eq!(num(&medium["win_missed"]), 0, "{j}");
    // Every step counts as a decision: the steps of a deal add up to its
    // target (5–9) with steps of 1 and 2, so the decisions of both types
    // over a deal lie between target / 2 and target, per seating.
    let decisions = num(&strong["decisions"]) + num(&medium["decisions"]);
    let plays = 40 * patterns(2).len() as u64;
    assert!(
        (plays * 5 / 2..=plays * 9).contains(&decisions),
        "{decisions}"
    );
    // A rate is per 1 000 of the type's decisions.
    let rate = strong["per_1000"]["win_missed"].as_f64().unwrap();
    let expected = 1000.0 * num(&strong["win_missed"]) as f64 / num(&strong["decisions"]) as f64;
    assert!((rate - expected).abs() < 1e-9, "{j}");
    assert!(
        text.lines().next().unwrap().contains("win_missed"),
        "{text}"
    );
}

/// A ledger whose inference ranks every true deal at 0.75.
struct Ranks;

impl Ledger<Race> for Ranks {
    type Note = u8;
    fn note(&self, round: &Race, _: &[bool]) -> Result<u8, String> {
        Notes.note(round, &[])
    }
    fn true_deal_rank(&self, _: &Race, _: Seat, _: &(u8, u8)) -> Option<f64> {
        Some(0.75)
    }
}

#[test]
fn the_true_deal_rank_is_averaged_per_type_and_reported_only_where_a_game_infers() {
    let asked = Match {
        levels: [Level::Medium, Level::Easy],
        sets: 6,
        rules: Value::Null,
        seed: 7,
        threads: 1,
        seats: 3,
        oracle: false,
    };
    let mixed = |t: usize| COMPUTERS.player([Level::Medium, Level::Easy][t]).unwrap();
    let config = config(3, 6, 1);
    for (ranked, results) in [
        (true, run(&config, &Ranks, &mixed).unwrap()),
        (false, run(&config, &Notes, &mixed).unwrap()),
    ] {
        let outcome = Outcome {
            asked: &asked,
            config: &config,
            results: &results,
            seconds: 0.0,
            blunder_names: &[],
        };
        let json = outcome.blunders_json();
        for (key, tally) in ["medium", "easy"].into_iter().zip(outcome.blunders()) {
            assert!(tally.decisions > 0);
            if ranked {
                // Every decision was ranked, each at 0.75.
                assert_eq!(tally.ranked, tally.decisions, "{key}");
                assert_eq!(json[key]["true_deal_rank"], 0.75, "{key}");
                assert_eq!(json[key]["ranked"], tally.decisions, "{key}");
            } else {
                assert_eq!((tally.ranked, tally.mean_rank()), (0, None), "{key}");
                assert!(json[key].get("true_deal_rank").is_none(), "{key}");
            }
        }
        let mut text = Vec::new();
        outcome.write_blunders(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert_eq!(text.contains("true deal ranked 0.750"), ranked, "{text}");
    }
}
