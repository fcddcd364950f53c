//! `tarock arena --game koenigrufen`: the summary line, the contract mix per
//! type, reproducibility whatever the thread count, and rejected arguments.
//! Strong players are left to the AI crate's tests (the binary is
//! unoptimized here).

use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn arena(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(["arena", "--game", "koenigrufen"])
        .args(args)
        .output()
        .expect("the tarock binary runs")
}

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
fn the_summary_counts_every_game_and_the_contracts_per_type() {
    for rules in ["cup2019", "standard"] {
        let s = summary(&arena(&[
            "--players",
            "medium,easy",
            "--deals",
            "30",
            "--seed",
            "3",
            "--rules",
            rules,
        ]));
        assert_eq!(s["game"], "koenigrufen");
        assert_eq!(s["rules"], rules);
        assert_eq!(s["deals"], 30);
        let (a, b) = (
            s["mean"]["medium"].as_f64().unwrap(),
            s["mean"]["easy"].as_f64().unwrap(),
        );
        assert!((a + b).abs() < 1e-9, "zero-sum: {s}");
        let diff = s["diff"].as_f64().unwrap();
        assert!((diff - (a - b)).abs() < 1e-9);
        let ci = s["diff_ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= diff && diff <= ci[1].as_f64().unwrap());
        let total = |v: &Value| {
            v.as_object()
                .unwrap()
                .values()
                .map(|n| n.as_u64().unwrap())
                .sum::<u64>()
        };
        assert_eq!(total(&s["games"]), 60);
        assert_eq!(
            total(&s["declared"]["medium"]) + total(&s["declared"]["easy"]),
            60
        );
        // The easy player never bids: it declares only as the Vorhand.
        for word in s["declared"]["easy"].as_object().unwrap().keys() {
            assert!(["rufer", "trischaken"].contains(&word.as_str()), "{word}");
        }
    }
}

#[test]
fn a_seed_reproduces_the_match_whatever_the_threads() {
    let args = [
        "--players",
        "easy,medium",
        "--deals",
        "20",
        "--seed",
        "5",
        "--rules",
        "cup2019",
    ];
    let one = summary(&arena(&args));
    let mut two_threads = args.to_vec();
    two_threads.extend(["--threads", "2"]);
    let two = summary(&arena(&two_threads));
    for key in ["deals", "mean", "diff", "diff_ci95", "games", "declared"] {
        assert_eq!(one[key], two[key], "{key}");
    }
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        vec!["--players", "medium", "--deals", "5"],
        vec!["--players", "medium,grandmaster", "--deals", "5"],
        vec![
            "--players",
            "medium,easy",
            "--deals",
            "5",
            "--rules",
            "directnet",
        ],
        vec!["--players", "medium,easy", "--deals", "0"],
    ] {
        let out = arena(&args);
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
    let out = Command::new(BIN)
        .args(["arena", "--game", "schnapsen", "--players", "easy,easy"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("schnapsen"));
}
