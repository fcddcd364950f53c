//! `tarock replay` and `tarock simulate --game koenigrufen` on Königrufen
//! records: the report lines of SPEC §11 for the two full deals of SPEC §15,
//! the statuses `illegal` and `invalid` with their exit codes, records of
//! both games in one input, and the simulator's JSON summary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// FD1 (SPEC §15.4): hands, talon, and the actions up to the tricks.
const FD1_HANDS: [&str; 4] = [
    "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
    "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
    "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
    "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
];
const FD1_OPENING: [&str; 15] = [
    "0 vorhand",
    "1 weiter",
    "2 weiter",
    "3 weiter",
    "0 rufer",
    "0 rufe cK",
    "0 nimm 2",
    "0 ablage c8 c10 d2",
    "0 weiter",
    "1 kontra-spiel",
    "2 kontra-spiel ku",
    "3 kontra-ku",
    "0 weiter",
    "1 weiter",
    "2 weiter",
];
/// FD1's tricks as (leader, cards of S0 … S3).
const FD1_TRICKS: [(u8, [&str; 4]); 12] = [
    (0, ["T22", "T2", "T21", "T3"]),
    (0, ["d4", "d3", "dA", "dQ"]),
    (3, ["T12", "T14", "T17", "T10"]),
    (2, ["T15", "T19", "T11", "T13"]),
    (1, ["s9", "sQ", "T4", "s8"]),
    (2, ["T18", "T8", "T7", "T16"]),
    (0, ["T9", "s7", "cN", "T5"]),
    (0, ["T6", "c7", "cJ", "T1"]),
    (0, ["T20", "h4", "hJ", "s10"]),
    (0, ["hQ", "sN", "h2", "hN"]),
    (0, ["hK", "dN", "dJ", "sJ"]),
    (0, ["cQ", "sK", "cK", "dK"]),
];

fn fd1_actions() -> Vec<String> {
    let mut actions: Vec<String> = FD1_OPENING.iter().map(|s| s.to_string()).collect();
    for (leader, cards) in FD1_TRICKS {
        for i in 0..4u8 {
            let seat = (leader + i) % 4;
            actions.push(format!("{seat} {}", cards[usize::from(seat)]));
        }
    }
    actions
}

fn record(rules: Value, actions: &[String]) -> String {
    json!({
        "format": "koenigrufen-record/1",
        "rules": rules,
        "forehand": 0,
        "hands": FD1_HANDS,
        "talon": "hA h3 c9 d2 d4 cQ",
        "actions": actions,
    })
    .to_string()
}

fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tarock binary runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn replay(input: &str) -> (Vec<String>, i32) {
    let out = run(&["replay", "-"], input.as_bytes());
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    (lines, out.status.code().unwrap())
}

#[test]
fn fd1_replays_to_the_spec_line_under_both_presets() {
    for preset in ["cup2019", "standard"] {
        let (lines, code) = replay(&format!("{}\n", record(json!(preset), &fd1_actions())));
        assert_eq!(code, 0);
        assert_eq!(
            lines,
            [
                r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"cK","tricks":[7,1,3,1],"thirds":[190,20],"balance":[5,-5,5,-5],"money":[10,-10,10,-10]}"#
            ]
        );
    }
}

#[test]
fn in_progress_illegal_and_invalid_records() {
    let opening: Vec<String> = FD1_OPENING[..8].iter().map(|s| s.to_string()).collect();
    let (lines, code) = replay(&record(json!("cup2019"), &opening));
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [r#"{"status":"in_progress","game":"rufer","declarer":[0,2],"called":"cK"}"#]
    );
    // S1 tries to call for the declarer: illegal at index 5, state as far as it went.
    let mut wrong = opening.clone();
    wrong[5] = "1 rufe cK".into();
    let (lines, code) = replay(&record(json!("cup2019"), &wrong));
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(
        (report["status"].as_str(), report["index"].as_u64()),
        (Some("illegal"), Some(5))
    );
    assert!(report["error"].as_str().unwrap().contains("seat 0's turn"));
    // An unknown preset or flag, a seat outside 0–3 and a bad card are
    // invalid (SPEC §11's list): exit status 2.
    for bad in [
        record(json!("wien"), &opening),
        record(json!({"preset": "cup2019", "talon_halves": 3}), &opening),
        record(json!("cup2019"), &["7 vorhand".into()]),
        record(
            json!("cup2019"),
            &["0 vorhand".into(), "1 passe".into(), "9 weiter".into()],
        ),
        record(json!("cup2019"), &opening).replace("hA h3 c9", "hA h3 hA"),
    ] {
        let (lines, code) = replay(&bad);
        assert_eq!(code, 2, "{bad}");
        let report: Value = serde_json::from_str(&lines[0]).unwrap();
        assert_eq!(report["status"], "invalid", "{bad}");
    }
}

/// Issue 30: words that do not read after a seat 0–3 are not among SPEC
/// §11's causes of `invalid` (bad JSON, unknown preset or flag, a seat
/// outside 0–3, not 4×12 + 6 distinct cards): the action is `illegal`, at
/// its index, with the state before it, and the exit status is 0.
#[test]
fn unreadable_words_are_an_illegal_action() {
    let mut opening: Vec<String> = FD1_OPENING[..8].iter().map(|s| s.to_string()).collect();
    // FD1's seventh action is "0 nimm 2"; there is no third talon half.
    opening[6] = "0 nimm 3".into();
    let (lines, code) = replay(&record(json!("cup2019"), &opening));
    assert_eq!(code, 0);
    // Before index 6: S0 plays a Rufer with S2's called King of clubs.
    assert_eq!(
        lines,
        [
            r#"{"status":"illegal","index":6,"error":"cannot read \"nimm 3\"","game":"rufer","declarer":[0,2],"called":"cK"}"#
        ]
    );
    // An unknown word in the auction: illegal at its index, before any game.
    let (lines, code) = replay(&record(
        json!("cup2019"),
        &["0 vorhand".into(), "1 passe".into()],
    ));
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [r#"{"status":"illegal","index":1,"error":"cannot read \"passe\""}"#]
    );
}

/// Issue 30: an action after the twelfth trick is illegal, and the deal it
/// follows is still finished: the line carries FD1's `tricks` and `thirds`
/// (SPEC §11: `thirds` for finished positive games; SPEC §15.4: 190 and
/// 20), but, as in RECORD.md, score and money only on a `finished` line.
#[test]
fn an_action_after_the_end_keeps_the_thirds_of_the_finished_deal() {
    let mut actions = fd1_actions();
    actions.push("0 T22".into());
    let (lines, code) = replay(&record(json!("cup2019"), &actions));
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            r#"{"status":"illegal","index":63,"error":"the deal is over","game":"rufer","declarer":[0,2],"called":"cK","tricks":[7,1,3,1],"thirds":[190,20]}"#
        ]
    );
}

#[test]
fn records_of_both_games_in_one_input() {
    let zr = json!({
        "format": "zwanzigerrufen-record/1", "rules": "standard", "forehand": 0,
        "hands": ["T21 T20 T13 T12 T11 cK dN dJ hQ hJ", "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
                  "T22 T19 T9 T4 dK hK hN sK sJ s10", "T15 T10 T8 T7 T6 T1 dQ hA sQ sN"],
        "actions": ["0 rufer", "1 weiter", "2 weiter", "3 weiter"]
    });
    let kr = record(json!("cup2019"), &fd1_actions());
    let (lines, code) = replay(&format!("{zr}\n{kr}\n{zr}\n"));
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with(
            r#"{"status":"in_progress","game":"rufer","declarer":[0,2],"called":"T19""#
        )
    );
    assert!(lines[1].contains(r#""thirds":[190,20]"#));
    assert_eq!(lines[0], lines[2]);
}

fn simulate(args: &[&str]) -> Value {
    let mut all = vec!["simulate", "--game", "koenigrufen"];
    all.extend_from_slice(args);
    let out = run(&all, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

#[test]
fn simulate_plays_every_contract_of_both_presets() {
    for (preset, offered) in [("cup2019", 20), ("standard", 13)] {
        let summary = simulate(&["--games", "2000", "--seed", "3", "--rules", preset]);
        assert_eq!(summary["game"], "koenigrufen");
        assert_eq!(summary["rules"], preset);
        assert_eq!(summary["games"], 2000);
        let contracts = summary["contracts"].as_object().unwrap();
        assert_eq!(contracts.len(), offered, "{preset}: {contracts:?}");
        let total: u64 = contracts.values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(total, 2000);
    }
    // The same seed gives the same deals.
    let a = simulate(&["--games", "300", "--seed", "9"]);
    let b = simulate(&["--games", "300", "--seed", "9"]);
    assert_eq!(a["contracts"], b["contracts"]);
}

#[test]
fn simulate_refuses_bad_rules_and_games() {
    for args in [
        vec!["simulate", "--game", "koenigrufen", "--rules", "directnet"],
        vec![
            "simulate",
            "--game",
            "koenigrufen",
            "--rules",
            r#"{"preset":"cup2019","max_kontra":9}"#,
        ],
        vec!["simulate", "--game", "schnapsen"],
    ] {
        let out = run(&args, b"");
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.trim().is_empty() && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}
