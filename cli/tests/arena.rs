//! Integration tests of `tarock arena`: the summary line of the form,
//! reproducibility from the seed, independence of the thread count, and
//! rejected arguments. Strong players are left to the AI crate's tests: the
//! binary is unoptimized here and a short run must stay short.

use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn arena(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("arena")
        .args(args)
        .output()
        .expect("the tarock binary runs")
}

/// The last line of standard output as JSON.
fn summary(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    serde_json::from_str(text.lines().last().expect("some output")).unwrap()
}

#[test]
fn the_last_line_is_the_summary_object() {
    let s = summary(&arena(&[
        "--players",
        "medium,easy",
        "--deals",
        "40",
        "--seed",
        "3",
    ]));
    assert_eq!(s["deals"], 40);
    let mean_a = s["mean"]["medium"].as_f64().unwrap();
    let mean_b = s["mean"]["easy"].as_f64().unwrap();
    assert!((mean_a + mean_b).abs() < 1e-9, "zero-sum: {s}");
    let diff = s["diff"].as_f64().unwrap();
    assert!((diff - (mean_a - mean_b)).abs() < 1e-9);
    let ci = s["diff_ci95"].as_array().unwrap();
    let (low, high) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(low <= diff && diff <= high, "{s}");
    // Every deal is played twice, and every play has a game.
    let games: u64 = s["games"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(games, 80);
}

#[test]
fn a_seed_reproduces_the_match_whatever_the_threads() {
    let one = summary(&arena(&[
        "--players",
        "easy,medium",
        "--deals",
        "30",
        "--seed",
        "5",
    ]));
    let two = summary(&arena(&[
        "--players",
        "easy,medium",
        "--deals",
        "30",
        "--seed",
        "5",
        "--threads",
        "2",
    ]));
    for key in ["deals", "mean", "diff", "diff_ci95", "games"] {
        assert_eq!(one[key], two[key], "{key}");
    }
}

#[test]
fn equal_players_get_distinct_keys_and_rules_are_taken() {
    let s = summary(&arena(&[
        "--players",
        "easy,easy",
        "--deals",
        "10",
        "--rules",
        "tarockwelt",
    ]));
    assert!(s["mean"]["easy/A"].is_number(), "{s}");
    assert!(s["mean"]["easy/B"].is_number(), "{s}");
    assert_eq!(s["rules"], "tarockwelt");
}

#[test]
fn bad_arguments_are_rejected() {
    for args in [
        &["--players", "medium", "--deals", "5"][..],
        &["--players", "medium,wizard", "--deals", "5"][..],
        &["--players", "medium,easy", "--deals", "0"][..],
        &["--players", "medium,easy", "--rules", "skat"][..],
    ] {
        let out = arena(args);
        assert!(!out.status.success(), "{args:?} was accepted");
    }
}

#[test]
fn every_game_of_the_registry_has_its_arena() {
    for game in ["zwanzigerrufen", "koenigrufen", "zwanzig-ab"] {
        let s = summary(&arena(&[
            "--game",
            game,
            "--players",
            "medium,easy",
            "--deals",
            "2",
            "--seats",
            "3",
            "--seed",
            "9",
        ]));
        assert_eq!(s["seed"], 9, "{game}: {s}");
        let (a, b) = (
            s["mean"]["medium"].as_f64().unwrap(),
            s["mean"]["easy"].as_f64().unwrap(),
        );
        let diff = s["diff"].as_f64().unwrap();
        let ci = s["diff_ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= diff && diff <= ci[1].as_f64().unwrap());
        // Every game's units are zero-sum; 20 ab reports per seat (three
        // seats: the two types' seat counts differ), tarock per side.
        if game == "zwanzig-ab" {
            assert_eq!(s["seats"], 3, "{s}");
            assert_eq!(s["sets"], 2, "{s}");
        } else {
            assert!((a + b).abs() < 1e-9, "{game}: {s}");
            assert!((diff - (a - b)).abs() < 1e-9, "{game}: {s}");
            assert_eq!(s["deals"], 2, "{game}: {s}");
        }
    }
    let out = arena(&["--game", "schafkopf", "--players", "easy,easy"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for game in ["schafkopf", "zwanzigerrufen", "koenigrufen", "zwanzig-ab"] {
        assert!(err.contains(game), "{err}");
    }
}

#[test]
fn an_oracle_run_prints_its_fresh_seed_and_ends_with_the_recovery_line() {
    // One set of 20 ab (the cheapest oracle in an unoptimized binary): the
    // line's shape is tested here, its figures in the AI crates.
    let out = arena(&[
        "--game",
        "zwanzig-ab",
        "--seats",
        "3",
        "--oracle",
        "--deals",
        "1",
    ]);
    let s = summary(&out);
    for key in [
        "R",
        "R_ci95",
        "G",
        "D",
        "oracle_minus_strong",
        "fallback_rate",
    ] {
        assert!(s.get(key).is_some(), "{key} missing: {s}");
    }
    assert_eq!(s["R_ci95"].as_array().unwrap().len(), 2, "{s}");
    assert_eq!(s["deals"], 1);
    for key in ["G", "D", "oracle_minus_strong", "fallback_rate"] {
        assert!(s[key].is_number(), "{key}: {s}");
    }
    // Without --seed the run draws one and says which.
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    let seed: u64 = first
        .strip_prefix("Fresh seed ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{first}"));
    assert_eq!(s["seed"], seed);
    // The usual strong-against-medium report comes first, its summary too.
    let usual = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|j| j.get("diff").is_some())
        .expect("the usual summary line");
    assert!(usual["mean"]["strong"].is_number(), "{usual}");
    assert_eq!(usual["seed"], seed);
}

#[test]
fn the_frozen_deal_set_is_a_seed_and_an_unknown_seed_word_is_refused() {
    let out = arena(&[
        "--players",
        "medium,easy",
        "--deals",
        "1",
        "--seed",
        "frozen",
    ]);
    let s = summary(&out);
    assert_eq!(s["seed"], 20_261_128, "{s}");
    assert!(
        !arena(&["--players", "medium,easy", "--seed", "thawed"])
            .status
            .success()
    );
}

/// `strong,strong-thresholds` is the bidding arena of a game whose strong
/// player bids by looking ahead (Zwanzigerrufen, Königrufen): both sides
/// play strong's cards and the report says so; one duplicate deal keeps it
/// short.
#[test]
fn strong_against_strong_thresholds_runs_the_bidding_arena() {
    for game in ["zwanzigerrufen", "koenigrufen"] {
        let out = arena(&[
            "--game",
            game,
            "--players",
            "strong,strong-thresholds",
            "--deals",
            "1",
        ]);
        let json = summary(&out);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.starts_with("Bidding arena: both sides play strong's cards"),
            "{game}: {text}"
        );
        assert_eq!(json["deals"], 1, "{game}");
        assert!(json["decision_ms"]["strong"].is_object(), "{game}: {json}");
    }
}

/// The bidding arena needs `strong` on the other side and a game that has
/// one; anything else is refused with the reason.
#[test]
fn the_bidding_arena_is_refused_where_it_does_not_apply() {
    for (args, reason) in [
        (
            &[
                "--game",
                "zwanzig-ab",
                "--players",
                "strong,strong-thresholds",
            ][..],
            "zwanzig-ab has no bidding arena",
        ),
        (
            &[
                "--game",
                "zwanzigerrufen",
                "--players",
                "medium,strong-thresholds",
            ][..],
            "strong-thresholds plays only against strong",
        ),
    ] {
        let out = arena(args);
        assert!(!out.status.success(), "{args:?} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{args:?}: {err}");
    }
}
