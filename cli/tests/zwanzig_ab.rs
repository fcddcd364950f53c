//! The `tarock` binary with 20 ab: `tarock replay` chooses the game by the
//! record's `format` and prints SPEC §9.2's line (FG1 of §8.6, expected
//! values from the SPEC), mixed with Zwanzigerrufen records in one input;
//! `tarock simulate --game zwanzig-ab` reports its JSON summary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// FG1 (SPEC §8.6): two deals, four players, dealer S3; the first deal in the
/// hands form, the second as a deck.
fn fg1() -> Value {
    json!({
        "format": "zwanzig-ab-record/1", "rules": "standard", "players": 4, "dealer": 3,
        "start": {"scores": [6, 7, 3, 12], "drops": [0, 4, 0, 2]},
        "deals": [
            {"hands": ["hA h10 c7 s8 d9", "h7 hQ c8 sK d10", "h8 sA c9 dA h9", "sQ sJ cK cQ d8"],
             "stock": "d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dJ"},
            {"deck": "c7 s7 d7 sA d8 s10 s9 d9 dJ s8 dA cA sK h7 dQ h8 hK hQ c10 hJ c8 c9 sQ hA sJ cK cQ cJ h10 h9 d10 dK"}
        ],
        "actions": [
            "0 trump h", "0 swap c7 d9", "1 swap c8", "2 stay", "3 drop",
            "0 hA", "1 h7", "2 h8", "0 h10", "1 hQ", "2 h9", "0 s8", "1 sK", "2 sA",
            "2 dA", "0 d7", "1 d10", "2 c9", "0 dK", "1 cA",
            "1 trump c", "1 stay", "2 swap s10", "3 swap dJ hK hQ", "0 stay",
            "1 s7", "2 sA", "3 s9", "0 s8", "2 d8", "3 d9", "0 dA", "1 d7",
            "0 cA", "1 c7", "2 c8", "3 c9", "0 c10", "1 sK", "2 dQ", "3 sQ",
            "0 hJ", "1 h7", "2 h8", "3 hA"
        ]
    })
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tarock binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn fg1_replays_to_the_spec_line() {
    // §8.6: scores [1, 16, 0, 11]; S2 out first; S0 pays 1, S1 16, S3 11.
    let out = run(&["replay", "-"], &format!("{}\n", fg1()));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        lines(&out),
        [
            r#"{"status":"finished","deals":2,"scores":[1,16,0,11],"drops":[0,4,0,3],"deltas":[[-2,-1,-2,0],[-3,10,-1,-1]],"winner":2,"balance":[-1,-16,28,-11]}"#
        ]
    );
}

#[test]
fn both_games_in_one_input_and_invalid_records_exit_with_2() {
    let zwanzigerrufen = json!({"format": "zwanzigerrufen-record/1", "rules": "standard",
        "forehand": 0,
        "hands": ["T21 T20 T13 T12 T11 cK dN dJ hQ hJ", "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
                  "T22 T19 T9 T4 dK hK hN sK sJ s10", "T15 T10 T8 T7 T6 T1 dQ hA sQ sN"],
        "actions": ["0 rufer", "1 weiter", "2 weiter", "3 weiter"]});
    let mut bad = fg1();
    bad["players"] = json!(6);
    let input = format!("{}\n{zwanzigerrufen}\n{bad}\n", fg1());
    let out = run(&["replay", "-"], &input);
    assert_eq!(out.status.code(), Some(2));
    let got: Vec<Value> = lines(&out)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got[0]["winner"], 2);
    // The Zwanzigerrufen line is the engine's, with its own keys.
    assert_eq!(got[1]["status"], "in_progress");
    assert_eq!(got[1]["game"], "rufer");
    assert_eq!(got[2]["status"], "invalid");
}

#[test]
fn an_illegal_20_ab_action_keeps_exit_status_0() {
    let mut r = fg1();
    // S1 has used 4 of 4 drops (D-11).
    r["actions"][2] = json!("1 drop");
    let out = run(&["replay", "-"], &format!("{r}\n"));
    assert_eq!(out.status.code(), Some(0));
    let got: Value = serde_json::from_str(&lines(&out)[0]).unwrap();
    assert_eq!(got["status"], "illegal");
    assert_eq!(got["index"], 2);
    assert!(got["error"].as_str().unwrap().starts_with("D-11"));
}

#[test]
fn simulate_plays_20_ab_sessions() {
    let out = run(
        &[
            "simulate",
            "--game",
            "zwanzig-ab",
            "--games",
            "3000",
            "--players",
            "3",
            "--seed",
            "4",
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_str(lines(&out).last().unwrap()).unwrap();
    assert_eq!(summary["game"], "zwanzig-ab");
    assert_eq!(summary["deals"], 3000);
    assert_eq!(summary["players"], 3);
    // Three random players end sessions in a few dozen deals at most.
    assert!(summary["sessions"].as_u64().unwrap() > 10);
    assert_eq!(summary["unfinished"], 0);
    let again = run(
        &[
            "simulate",
            "--game",
            "zwanzig-ab",
            "--games",
            "3000",
            "--players",
            "3",
            "--seed",
            "4",
        ],
        "",
    );
    let again: Value = serde_json::from_str(lines(&again).last().unwrap()).unwrap();
    assert_eq!(again["sessions"], summary["sessions"]);
    let bad = run(&["simulate", "--game", "zwanzig-ab", "--players", "6"], "");
    assert_ne!(bad.status.code(), Some(0));
    let unknown = run(&["simulate", "--game", "schnapsen"], "");
    assert_ne!(unknown.status.code(), Some(0));
}

#[test]
fn arena_plays_duplicate_20_ab_sessions() {
    // The same player in both roles: every set is exactly even.
    let out = run(
        &[
            "arena",
            "--game",
            "zwanzig-ab",
            "--players",
            "easy,easy",
            "--deals",
            "3",
            "--seats",
            "3",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_str(lines(&out).last().unwrap()).unwrap();
    assert_eq!(summary["game"], "zwanzig-ab");
    assert_eq!(summary["sets"], 3);
    // Three seats: six seatings per set.
    assert_eq!(summary["sessions"], 18);
    assert_eq!(summary["diff"], 0.0);
    let bad = run(
        &[
            "arena",
            "--game",
            "zwanzig-ab",
            "--players",
            "easy,grandmaster",
        ],
        "",
    );
    assert_ne!(bad.status.code(), Some(0));
    let seats = run(
        &[
            "arena",
            "--game",
            "zwanzig-ab",
            "--players",
            "easy,easy",
            "--seats",
            "2",
        ],
        "",
    );
    assert_ne!(seats.status.code(), Some(0));
}

#[test]
fn help_at_a_20_ab_table_lists_its_own_words() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let args = [
        "play",
        "--database",
        db.to_str().unwrap(),
        "--seed",
        "1",
        "--lang",
        "en",
        "--game",
        "zwanzig-ab",
    ];
    let out = run(&args, "help\nq\n");
    let text = String::from_utf8(out.stdout).unwrap();
    let help = text
        .lines()
        .find(|l| l.starts_with("Type:"))
        .unwrap_or_else(|| panic!("no help in {text}"));
    // 20 ab's words: a French card, its buttons, a session; tricks are
    // one's own. No Zwanzigerrufen word (Rufer, Kontra, Sküs).
    for word in [
        "♥A or hA",
        "Stay",
        "Drop out",
        "n = next session",
        "trick",
        "ours = your tricks",
    ] {
        assert!(help.contains(word), "{word}: {help}");
    }
    for word in ["Rufer", "Kontra", "Sküs", "XXI"] {
        assert!(!help.contains(word), "{word}: {help}");
    }
}
