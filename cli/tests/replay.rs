//! Integration tests of the `tarock` binary: `tarock replay` against the
//! output format of RECORD.md (statuses, fields, field order, exit codes,
//! JSON Lines and files), and `tarock simulate`'s JSON summary.
//!
//! Every expected value comes from RECORD.md and the rules specification
//! (SPEC §2.2 redeals, §3.9 hands, §6.1/§6.2 full deals, E11/E19 settlements);
//! the records are built here, nothing is read from outside the crate.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");
const FORMAT: &str = "zwanzigerrufen-record/1";

/// The field order of a report line given by RECORD.md.
const FIELD_ORDER: [&str; 7] = [
    "status", "game", "declarer", "called", "points", "tricks", "balance",
];

/// FD1 hands (SPEC §3.9): S0 holds XX but not XIX, so she calls XIX, held by S2.
const FD1_HANDS: [&str; 4] = [
    "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
    "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
    "T22 T19 T9 T4 dK hK hN sK sJ s10",
    "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
];

/// FD1 tricks (SPEC §6.1) as (leader, cards by seat S0..S3).
const FD1_TRICKS: [(u8, [&str; 4]); 10] = [
    (0, ["T20", "T17", "T4", "T7"]),
    (0, ["T21", "T16", "T22", "T6"]),
    (2, ["hJ", "T14", "hN", "hA"]),
    (1, ["cK", "cJ", "T9", "T15"]),
    (3, ["T12", "T18", "T19", "T8"]),
    (2, ["dN", "dA", "dK", "dQ"]),
    (2, ["T11", "T5", "sJ", "sQ"]),
    (0, ["dJ", "cQ", "s10", "T10"]),
    (3, ["T13", "cN", "sK", "sN"]),
    (0, ["hQ", "c10", "hK", "T1"]),
];

/// FD1 Lizitation (SPEC §6.1, BV1).
const FD1_BIDDING: [&str; 4] = ["0 rufer", "1 weiter", "2 weiter", "3 weiter"];

/// FD2 hands (SPEC §3.9): S1 holds the whole Trull, S2 six suit cards and all four Kings.
const FD2_HANDS: [&str; 4] = [
    "T19 T17 T6 T5 T4 sN sJ cJ dQ dA",
    "T22 T21 T18 T10 T8 T7 T1 cN dN hJ",
    "T14 T13 T12 T9 sK cK hK hN dK dJ",
    "T20 T16 T15 T11 sQ s10 cQ c10 hQ hA",
];

/// FD2 tricks (SPEC §6.2).
const FD2_TRICKS: [(u8, [&str; 4]); 10] = [
    (0, ["cJ", "cN", "cK", "c10"]),
    (2, ["T5", "hJ", "hN", "hA"]),
    (2, ["T19", "T8", "hK", "hQ"]),
    (2, ["dQ", "dN", "dK", "T11"]),
    (2, ["sJ", "T7", "sK", "s10"]),
    (2, ["dA", "T22", "dJ", "T15"]),
    (2, ["T17", "T1", "T9", "T16"]),
    (0, ["sN", "T21", "T14", "sQ"]),
    (3, ["T4", "T18", "T13", "cQ"]),
    (3, ["T6", "T10", "T12", "T20"]),
];

/// FD2 Lizitation in every preset but directnet (SPEC §6.2, BV2).
const FD2_BIDDING: [&str; 6] = [
    "0 rufer",
    "1 weiter",
    "2 farbensolo",
    "3 weiter",
    "0 weiter",
    "1 weiter",
];

/// FD2 Lizitation in directnet: S1 holds the Trull and must kontra the Rufer (BV3).
const FD2_BIDDING_DIRECTNET: [&str; 6] = [
    "0 rufer",
    "1 kontra-spiel",
    "2 farbensolo",
    "3 weiter",
    "0 weiter",
    "1 weiter",
];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The card plays of a deal in playing order, as record strings.
fn plays(tricks: &[(u8, [&str; 4])]) -> Vec<String> {
    let mut out = Vec::new();
    for (leader, cards) in tricks {
        for i in 0..4 {
            let seat = (leader + i) % 4;
            out.push(format!("{seat} {}", cards[seat as usize]));
        }
    }
    out
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The bidding followed by all forty cards.
fn full_actions(bidding: &[&str], tricks: &[(u8, [&str; 4])]) -> Vec<String> {
    let mut actions = strings(bidding);
    actions.extend(plays(tricks));
    actions
}

fn fd1_actions() -> Vec<String> {
    full_actions(&FD1_BIDDING, &FD1_TRICKS)
}

fn fd2_actions() -> Vec<String> {
    full_actions(&FD2_BIDDING, &FD2_TRICKS)
}

/// A record as one line of JSON.
fn record(rules: Value, forehand: u8, hands: &[&str], actions: &[String]) -> String {
    json!({
        "format": FORMAT,
        "rules": rules,
        "forehand": forehand,
        "hands": hands,
        "actions": actions,
    })
    .to_string()
}

fn fd1_record(actions: &[String]) -> String {
    record(json!("standard"), 0, &FD1_HANDS, actions)
}

fn fd2_record(actions: &[String]) -> String {
    record(json!("standard"), 0, &FD2_HANDS, actions)
}

/// Runs the binary with `args`, feeding `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tarock binary starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        // The process may exit before reading everything (e.g. on a bad
        // command line); a broken pipe is not the test's concern.
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("the tarock binary runs")
}

fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .expect("stdout is UTF-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `tarock replay -` with `input` on standard input.
fn replay_stdin(input: &str) -> Output {
    run(&["replay", "-"], input.as_bytes())
}

/// Replays one record; returns its report line, parsed and raw, and the exit code.
fn replay_one(record: &str) -> (Value, String, i32) {
    let out = replay_stdin(&format!("{record}\n"));
    let lines = stdout_lines(&out);
    assert_eq!(
        lines.len(),
        1,
        "one record gives one line; stdout {lines:?}, stderr {}",
        stderr(&out)
    );
    let line = lines[0].clone();
    let value: Value = serde_json::from_str(&line).expect("the report line is JSON");
    assert!(value.is_object(), "the report is an object: {line}");
    assert_field_order(&line);
    (value, line, out.status.code().expect("exit code"))
}

/// The report keys of RECORD.md that `line` has appear in RECORD.md's order,
/// with `status` first.
fn assert_field_order(line: &str) {
    assert!(
        line.starts_with("{\"status\":"),
        "status comes first: {line}"
    );
    let positions: Vec<(usize, &str)> = FIELD_ORDER
        .iter()
        .filter_map(|k| line.find(&format!("\"{k}\":")).map(|p| (p, *k)))
        .collect();
    let mut sorted = positions.clone();
    sorted.sort();
    assert_eq!(
        positions, sorted,
        "fields in the order of RECORD.md: {line}"
    );
}

/// A report with `status` and `index` (illegal/invalid) compared without its
/// `error` text, which must be a non-empty string.
fn without_error(report: &Value) -> Value {
    let mut report = report.clone();
    let map = report.as_object_mut().expect("object");
    let error = map.remove("error").expect("an error field");
    assert!(
        error.as_str().is_some_and(|e| !e.trim().is_empty()),
        "error is a non-empty string: {error}"
    );
    report
}

fn assert_illegal(record: &str, expected_without_error: Value) {
    let (report, line, code) = replay_one(record);
    assert_eq!(code, 0, "an illegal action is still a read record: {line}");
    assert_eq!(report["status"], "illegal", "{line}");
    assert_eq!(without_error(&report), expected_without_error, "{line}");
}

fn assert_invalid(record: &str, what: &str) {
    let (report, line, code) = replay_one(record);
    assert_eq!(code, 2, "{what}: exit status 2: {line}");
    assert_eq!(report["status"], "invalid", "{what}: {line}");
    assert!(
        report["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{what}: an invalid line says why: {line}"
    );
    for absent in ["game", "declarer", "points", "tricks", "balance", "seat"] {
        assert!(report.get(absent).is_none(), "{what}: no {absent}: {line}");
    }
}

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarock-cli-replay-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

// ---------------------------------------------------------------------------
// 1. Finished deals
// ---------------------------------------------------------------------------

#[test]
fn fd1_finished_line_is_exactly_the_record_md_example() {
    let (report, line, code) = replay_one(&fd1_record(&fd1_actions()));
    // RECORD.md's example line, in its field order; E19 settlement.
    let expected = r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"T19","points":[52,36],"tricks":[6,4],"balance":[-1,1,-1,1]}"#;
    assert_eq!(
        report,
        serde_json::from_str::<Value>(expected).unwrap(),
        "{line}"
    );
    assert_eq!(line, expected);
    assert_eq!(code, 0);
}

#[test]
fn fd1_record_md_example_shape_is_accepted_with_pretty_spacing() {
    // The record exactly as RECORD.md prints it, but with all forty cards.
    let actions: Vec<String> = fd1_actions().iter().map(|a| format!("{a:?}")).collect();
    let text = format!(
        "{{\n  \"format\": \"zwanzigerrufen-record/1\",\n  \"rules\": \"standard\",\n  \"forehand\": 0,\n  \"hands\": [\n    \"{}\",\n    \"{}\",\n    \"{}\",\n    \"{}\"\n  ],\n  \"actions\": [\n    {}\n  ]\n}}",
        FD1_HANDS[0],
        FD1_HANDS[1],
        FD1_HANDS[2],
        FD1_HANDS[3],
        actions.join(", ")
    );
    // As one line on standard input (JSON Lines needs one record per line).
    let one_line: String = text.lines().map(str::trim).collect();
    let (_, line, code) = replay_one(&one_line);
    assert_eq!(
        line,
        r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"T19","points":[52,36],"tricks":[6,4],"balance":[-1,1,-1,1]}"#
    );
    assert_eq!(code, 0);
}

#[test]
fn fd2_farbensolo_finished() {
    let (report, line, code) = replay_one(&fd2_record(&fd2_actions()));
    // E11: Farbensolo by S2, no called card, 56 : 32 in 6 : 4 tricks.
    let expected = r#"{"status":"finished","game":"farbensolo","declarer":[2],"points":[56,32],"tricks":[6,4],"balance":[-10,-10,30,-10]}"#;
    assert_eq!(report, serde_json::from_str::<Value>(expected).unwrap());
    assert_eq!(line, expected);
    assert!(report.get("called").is_none());
    assert_eq!(code, 0);
}

#[test]
fn full_deals_in_the_other_presets() {
    // E19: standard/directnet/wikipedia −1 each way; tarockwelt −30 S = −3 units.
    for (preset, balance) in [
        ("directnet", json!([-1, 1, -1, 1])),
        ("wikipedia", json!([-1, 1, -1, 1])),
        ("tarockwelt", json!([-3, 3, -3, 3])),
    ] {
        let (report, line, code) =
            replay_one(&record(json!(preset), 0, &FD1_HANDS, &fd1_actions()));
        assert_eq!(code, 0, "{preset}");
        assert_eq!(
            report,
            json!({"status": "finished", "game": "rufer", "declarer": [0, 2], "called": "T19",
                   "points": [52, 36], "tricks": [6, 4], "balance": balance}),
            "{preset}: {line}"
        );
    }
    // E11: wikipedia as standard; directnet and tarockwelt T = 8 units.
    for (preset, bidding, balance) in [
        ("wikipedia", FD2_BIDDING, json!([-10, -10, 30, -10])),
        ("directnet", FD2_BIDDING_DIRECTNET, json!([-8, -8, 24, -8])),
        ("tarockwelt", FD2_BIDDING, json!([-8, -8, 24, -8])),
    ] {
        let actions = full_actions(&bidding, &FD2_TRICKS);
        let (report, line, code) = replay_one(&record(json!(preset), 0, &FD2_HANDS, &actions));
        assert_eq!(code, 0, "{preset}");
        assert_eq!(
            report,
            json!({"status": "finished", "game": "farbensolo", "declarer": [2],
                   "points": [56, 32], "tricks": [6, 4], "balance": balance}),
            "{preset}: {line}"
        );
    }
}

#[test]
fn rules_objects_with_flag_overrides() {
    // A rules object naming only the preset is that preset.
    let (report, _, code) = replay_one(&record(
        json!({"preset": "standard"}),
        0,
        &FD1_HANDS,
        &fd1_actions(),
    ));
    assert_eq!(code, 0);
    assert_eq!(report["balance"], json!([-1, 1, -1, 1]));
    // E11 with a Farbensolo worth 5: Game +5, silent Absolut +2, four Kings +4 = 11.
    let (report, line, code) = replay_one(&record(
        json!({"preset": "standard", "farbensolo_value": 5}),
        0,
        &FD2_HANDS,
        &fd2_actions(),
    ));
    assert_eq!(code, 0, "{line}");
    assert_eq!(report["status"], "finished");
    assert_eq!(report["balance"], json!([-11, -11, 33, -11]), "{line}");
}

#[test]
fn rules_overrides_stay_in_range() {
    // Kontra levels go up to 4 (Resupre, SPEC §3.1): 4 is a rule, 5 is not.
    let (report, line, code) = replay_one(&record(
        json!({"preset": "standard", "max_kontra": {"game": {"rufer": 4}}}),
        0,
        &FD1_HANDS,
        &fd1_actions(),
    ));
    assert_eq!(
        (report["status"].as_str(), code),
        (Some("finished"), 0),
        "{line}"
    );
    assert_invalid(
        &record(
            json!({"preset": "standard", "max_kontra": {"game": {"rufer": 5}}}),
            0,
            &FD1_HANDS,
            &fd1_actions(),
        ),
        "max_kontra 5",
    );
    // Amounts the settlement cannot hold are refused instead of overflowing.
    assert_invalid(
        &record(
            json!({"preset": "standard", "four_kings_value": u32::MAX}),
            0,
            &FD2_HANDS,
            &fd2_actions(),
        ),
        "four_kings_value u32::MAX",
    );
    // Large accepted amounts are settled exactly (E11's lines: Game, silent
    // Absolut × premium factor, four Kings × premium factor).
    let big = 65_535i64;
    let (report, line, code) = replay_one(&record(
        json!({"preset": "standard", "farbensolo_value": big, "premium_factor_farbensolo": big,
               "absolut_silent": big, "four_kings_value": big}),
        0,
        &FD2_HANDS,
        &fd2_actions(),
    ));
    let t = big + big * big + big * big;
    assert_eq!(code, 0, "{line}");
    assert_eq!(report["balance"], json!([-t, -t, 3 * t, -t]), "{line}");
}

// ---------------------------------------------------------------------------
// 2. Records that stop early
// ---------------------------------------------------------------------------

#[test]
fn fd1_cut_after_thirteen_cards_is_in_progress() {
    let mut actions = strings(&FD1_BIDDING);
    actions.extend(plays(&FD1_TRICKS).into_iter().take(13));
    let (report, line, code) = replay_one(&fd1_record(&actions));
    // Tricks 1–3 complete (D: 4 + 12, O: 6), the first card of trick 4 on the table.
    assert_eq!(
        report,
        json!({"status": "in_progress", "game": "rufer", "declarer": [0, 2], "called": "T19",
               "points": [16, 6], "tricks": [2, 1]}),
        "{line}"
    );
    assert_eq!(
        line,
        r#"{"status":"in_progress","game":"rufer","declarer":[0,2],"called":"T19","points":[16,6],"tricks":[2,1]}"#
    );
    assert_eq!(code, 0);
}

#[test]
fn fd1_bidding_just_over_is_in_progress_with_zero_points() {
    let (report, _, code) = replay_one(&fd1_record(&strings(&FD1_BIDDING)));
    assert_eq!(
        report,
        json!({"status": "in_progress", "game": "rufer", "declarer": [0, 2], "called": "T19",
               "points": [0, 0], "tricks": [0, 0]})
    );
    assert_eq!(code, 0);
}

#[test]
fn cut_during_the_bidding_has_no_points_or_tricks() {
    // FD1: S0 [Rufer]; S1 — ; then the record stops.
    let (report, line, code) = replay_one(&fd1_record(&strings(&["0 rufer", "1 weiter"])));
    assert_eq!(
        report,
        json!({"status": "in_progress", "game": "rufer", "declarer": [0, 2], "called": "T19"}),
        "{line}"
    );
    assert_eq!(code, 0);
    // FD2: S2's Farbensolo has replaced the Rufer: no called card any more.
    let (report, line, code) = replay_one(&fd2_record(&strings(&[
        "0 rufer",
        "1 weiter",
        "2 farbensolo",
    ])));
    assert_eq!(
        report,
        json!({"status": "in_progress", "game": "farbensolo", "declarer": [2]}),
        "{line}"
    );
    assert_eq!(code, 0);
    // No action at all: nothing announced yet.
    for actions in [Some(Vec::<String>::new()), None] {
        let mut rec =
            json!({"format": FORMAT, "rules": "standard", "forehand": 0, "hands": FD1_HANDS});
        if let Some(a) = actions {
            rec["actions"] = json!(a);
        }
        let (report, line, code) = replay_one(&rec.to_string());
        assert_eq!(report, json!({"status": "in_progress"}), "{line}");
        assert_eq!(code, 0);
    }
}

// ---------------------------------------------------------------------------
// 3. Redeals
// ---------------------------------------------------------------------------

/// Only seat 1 has no tarock (seat 3's T21 T22 is two tarocks: no redeal).
const REDEAL_SEAT1: [&str; 4] = [
    "T1 T4 T5 T6 T7 T8 T9 T10 T11 T12",
    "sK sQ sN sJ s10 cK cQ cN cJ c10",
    "T13 T14 T15 T16 T17 T18 T19 T20 hK hQ",
    "T21 T22 hN hJ hA dK dQ dN dJ dA",
];

/// Seats 1 and 3 have no tarock.
const REDEAL_SEATS_1_AND_3: [&str; 4] = [
    "T1 T4 T5 T6 T7 T8 T9 T10 T11 T12",
    "sK sQ sN sJ s10 cK cQ cN cJ c10",
    "T13 T14 T15 T16 T17 T18 T19 T20 T21 T22",
    "hK hQ hN hJ hA dK dQ dN dJ dA",
];

/// Seat 2's only tarock is the Mond (RD2), seat 3 has none (RD1).
const REDEAL_LONE_MOND: [&str; 4] = [
    "T1 T4 T5 T6 T7 T8 T9 T10 T11 T12",
    "T13 T14 T15 T16 T17 T18 T19 T20 T22 sK",
    "T21 sQ sN sJ s10 cK cQ cN cJ c10",
    "hK hQ hN hJ hA dK dQ dN dJ dA",
];

#[test]
fn a_hand_without_tarock_forces_a_redeal() {
    let (report, line, code) = replay_one(&record(json!("standard"), 0, &REDEAL_SEAT1, &[]));
    assert_eq!(report, json!({"status": "redeal", "seat": 1}));
    assert_eq!(line, r#"{"status":"redeal","seat":1}"#);
    assert_eq!(code, 0);
}

#[test]
fn redeal_names_the_lowest_seat_whatever_the_forehand() {
    for forehand in 0..4 {
        let (report, line, code) = replay_one(&record(
            json!("standard"),
            forehand,
            &REDEAL_SEATS_1_AND_3,
            &[],
        ));
        assert_eq!(
            report,
            json!({"status": "redeal", "seat": 1}),
            "forehand {forehand}: {line}"
        );
        assert_eq!(code, 0);
    }
}

#[test]
fn redeal_ignores_the_actions() {
    // Well-formed actions that would be illegal (wrong seat, cards during the bidding).
    let actions = strings(&["3 T20", "0 weiter", "1 sK", "0 rufer", "2 T13"]);
    for hands in [REDEAL_SEAT1, REDEAL_SEATS_1_AND_3] {
        let (report, line, code) = replay_one(&record(json!("standard"), 0, &hands, &actions));
        assert_eq!(report, json!({"status": "redeal", "seat": 1}), "{line}");
        assert_eq!(code, 0);
    }
}

#[test]
fn redeal_follows_the_preset() {
    // SPEC §2.2: a lone Trull card forces a redeal in standard, directnet (≤ 1 tarock)
    // and tarockwelt; in wikipedia it is optional and not taken in a record (C-3),
    // so there only seat 3's hand without tarock counts.
    for (preset, seat) in [
        ("standard", 2),
        ("directnet", 2),
        ("tarockwelt", 2),
        ("wikipedia", 3),
    ] {
        let (report, line, code) = replay_one(&record(
            json!(preset),
            0,
            &REDEAL_LONE_MOND,
            &strings(&["0 rufer"]),
        ));
        assert_eq!(
            report,
            json!({"status": "redeal", "seat": seat}),
            "{preset}: {line}"
        );
        assert_eq!(code, 0);
    }
}

// ---------------------------------------------------------------------------
// 4. Illegal actions
// ---------------------------------------------------------------------------

/// FD1 after the bidding plus `cards`.
fn fd1_after_bidding(cards: &[&str]) -> String {
    let mut actions = strings(&FD1_BIDDING);
    actions.extend(strings(cards));
    fd1_record(&actions)
}

/// The FD1 state once the bidding is over and `points`/`tricks` are reached.
fn fd1_state(points: [u32; 2], tricks: [u8; 2]) -> Value {
    json!({"game": "rufer", "declarer": [0, 2], "called": "T19",
           "points": points, "tricks": tricks})
}

fn illegal(index: usize, state: Value) -> Value {
    let mut v = json!({"status": "illegal", "index": index});
    for (k, x) in state.as_object().unwrap() {
        v[k] = x.clone();
    }
    v
}

#[test]
fn illegal_card_not_in_hand() {
    // S0 leads T19, which S2 holds.
    assert_illegal(
        &fd1_after_bidding(&["0 T19"]),
        illegal(4, fd1_state([0, 0], [0, 0])),
    );
}

#[test]
fn illegal_wrong_seat() {
    // S0 (Vorhand) leads the first trick, not S1.
    assert_illegal(
        &fd1_after_bidding(&["1 T17"]),
        illegal(4, fd1_state([0, 0], [0, 0])),
    );
    // Mid-trick: after S0's T20 it is S1's turn, not S2's.
    assert_illegal(
        &fd1_after_bidding(&["0 T20", "2 T4"]),
        illegal(5, fd1_state([0, 0], [0, 0])),
    );
    // In the bidding: the Vorhand S0 speaks first.
    assert_illegal(
        &fd1_record(&strings(&["1 weiter"])),
        json!({"status": "illegal", "index": 0}),
    );
    // After S0's Rufer it is S1's turn.
    assert_illegal(
        &fd1_record(&strings(&["0 rufer", "2 weiter"])),
        json!({"status": "illegal", "index": 1, "game": "rufer", "declarer": [0, 2], "called": "T19"}),
    );
}

#[test]
fn illegal_card_breaking_tarockzwang_and_farbzwang() {
    // Trick 1: T20 led; S1 holds tarocks and must play one (§4.1), not cQ.
    assert_illegal(
        &fd1_after_bidding(&["0 T20", "1 cQ"]),
        illegal(5, fd1_state([0, 0], [0, 0])),
    );
    // Trick 3: S2 leads hN; S3 holds hA and must follow suit, not trump with T15.
    // Tricks 1 and 2 (4 + 12 points) went to D.
    let mut cards: Vec<&str> = vec![
        "0 T20", "1 T17", "2 T4", "3 T7", "0 T21", "1 T16", "2 T22", "3 T6",
    ];
    cards.extend(["2 hN", "3 T15"]);
    assert_illegal(
        &fd1_after_bidding(&cards),
        illegal(13, fd1_state([16, 0], [2, 0])),
    );
    // Trick 3 again: S0 holds hQ and hJ and must follow hearts, not trump with T11.
    cards.truncate(9);
    cards.extend(["3 hA", "0 T11"]);
    assert_illegal(
        &fd1_after_bidding(&cards),
        illegal(14, fd1_state([16, 0], [2, 0])),
    );
    // FD2 trick 8: S0 still holds a suit card (sN) and may not lead a tarock
    // in a Farbensolo (§4.1); tricks 1–6 went to S2 (56), trick 7 to S0 (8).
    let mut actions = strings(&FD2_BIDDING);
    actions.extend(plays(&FD2_TRICKS).into_iter().take(28));
    actions.push("0 T4".into());
    assert_illegal(
        &fd2_record(&actions),
        json!({"status": "illegal", "index": 34, "game": "farbensolo", "declarer": [2],
               "points": [56, 8], "tricks": [6, 1]}),
    );
}

#[test]
fn illegal_weiter_by_the_vorhand_as_first_action() {
    // L1: the Vorhand must open with a game; nothing is announced yet.
    assert_illegal(
        &fd1_record(&strings(&["0 weiter"])),
        json!({"status": "illegal", "index": 0}),
    );
}

#[test]
fn illegal_card_during_the_bidding() {
    assert_illegal(
        &fd1_record(&strings(&["0 T20"])),
        json!({"status": "illegal", "index": 0}),
    );
    // After the Rufer, before three Weiter: the game is known, no points yet.
    assert_illegal(
        &fd1_record(&strings(&["0 rufer", "1 T17"])),
        json!({"status": "illegal", "index": 1, "game": "rufer", "declarer": [0, 2], "called": "T19"}),
    );
}

#[test]
fn illegal_bidding_turn_during_trick_play() {
    for turn in ["0 weiter", "0 solo", "1 kontra-spiel"] {
        assert_illegal(
            &fd1_after_bidding(&[turn]),
            illegal(4, fd1_state([0, 0], [0, 0])),
        );
    }
    // In the middle of trick 1.
    assert_illegal(
        &fd1_after_bidding(&["0 T20", "1 weiter"]),
        illegal(5, fd1_state([0, 0], [0, 0])),
    );
}

#[test]
fn illegal_action_after_the_tenth_trick() {
    // S3 won trick 10 and would lead next, but the deal is over.
    let mut actions = fd1_actions();
    assert_eq!(actions.len(), 44);
    actions.push("3 sN".into());
    let (report, line, code) = replay_one(&fd1_record(&actions));
    assert_eq!(code, 0);
    // RECORD.md: an illegal line carries game, declarer, called, points and
    // tricks of the state before the rejected action; the balance belongs to
    // finished lines only.
    assert_eq!(
        without_error(&report),
        illegal(44, fd1_state([52, 36], [6, 4])),
        "{line}"
    );
    // Also a bidding word, and several extra actions: the first one is reported.
    actions.pop();
    actions.extend(strings(&["0 weiter", "3 sN"]));
    let (report, line, _) = replay_one(&fd1_record(&actions));
    assert_eq!(report["status"], "illegal", "{line}");
    assert_eq!(report["index"], 44, "{line}");
}

#[test]
fn nothing_after_an_illegal_action_is_applied() {
    // The whole FD1 with a wrong card at index 5 (S1 plays cQ on T20): the
    // rest of the record, legal or not, is not replayed.
    let mut actions = fd1_actions();
    actions[5] = "1 cQ".into();
    let (report, line, code) = replay_one(&fd1_record(&actions));
    assert_eq!(code, 0);
    assert_eq!(
        without_error(&report),
        illegal(5, fd1_state([0, 0], [0, 0])),
        "{line}"
    );
}

// ---------------------------------------------------------------------------
// 5. Invalid records
// ---------------------------------------------------------------------------

fn fd1_with(field: &str, value: Value) -> String {
    let mut rec: Value = serde_json::from_str(&fd1_record(&fd1_actions())).unwrap();
    rec[field] = value;
    rec.to_string()
}

fn fd1_without(field: &str) -> String {
    let mut rec: Value = serde_json::from_str(&fd1_record(&fd1_actions())).unwrap();
    rec.as_object_mut().unwrap().remove(field);
    rec.to_string()
}

#[test]
fn invalid_json_and_non_objects() {
    assert_invalid("{\"format\": ", "truncated JSON");
    assert_invalid("not json at all", "bad JSON");
    assert_invalid(
        "{\"format\":\"zwanzigerrufen-record/1\",}",
        "trailing comma",
    );
    assert_invalid("42", "a number");
    assert_invalid("\"standard\"", "a string");
    assert_invalid("null", "null");
    assert_invalid("[]", "an empty array");
    assert_invalid("[1, 2, 3]", "an array");
    // RECORD.md: a record is one JSON object, even if an array holds its fields in order.
    let positional = json!([FORMAT, "standard", 0, FD1_HANDS, fd1_actions()]).to_string();
    assert_invalid(&positional, "a positional array");
    assert_invalid(
        &format!("[{}]", fd1_record(&fd1_actions())),
        "a record in an array",
    );
    assert_invalid("{}", "an empty object");
}

#[test]
fn invalid_rules() {
    assert_invalid(&fd1_with("rules", json!("königrufen")), "unknown preset");
    assert_invalid(
        &fd1_with("rules", json!("Standard")),
        "preset names are exact",
    );
    assert_invalid(
        &fd1_with("rules", json!({"preset": "standard", "talon": 6})),
        "unknown rules flag",
    );
    assert_invalid(
        &fd1_with("rules", json!({"preset": "nonsense"})),
        "unknown preset in an object",
    );
    assert_invalid(&fd1_with("rules", json!({"solo_value": 5})), "no preset");
    assert_invalid(
        &fd1_with("rules", json!({"preset": "standard", "solo_value": "five"})),
        "flag of the wrong type",
    );
    assert_invalid(&fd1_with("rules", json!(4)), "rules as a number");
    assert_invalid(&fd1_without("rules"), "missing rules");
}

#[test]
fn invalid_format_field() {
    assert_invalid(
        &fd1_with("format", json!("zwanzigerrufen-record/2")),
        "wrong format",
    );
    assert_invalid(&fd1_with("format", json!("")), "empty format");
    assert_invalid(&fd1_with("format", json!(1)), "format as a number");
    assert_invalid(&fd1_without("format"), "missing format");
}

#[test]
fn invalid_forehand() {
    assert_invalid(&fd1_with("forehand", json!(4)), "forehand 4");
    assert_invalid(&fd1_with("forehand", json!(-1)), "negative forehand");
    assert_invalid(&fd1_with("forehand", json!("0")), "forehand as a string");
    assert_invalid(&fd1_without("forehand"), "missing forehand");
}

#[test]
fn invalid_hands() {
    assert_invalid(&fd1_with("hands", json!(&FD1_HANDS[..3])), "three hands");
    let five = [FD1_HANDS[0], FD1_HANDS[1], FD1_HANDS[2], FD1_HANDS[3], ""];
    assert_invalid(&fd1_with("hands", json!(five)), "five hands");
    // Nine cards: S0 without hJ (and nobody holds it).
    let nine = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ",
        FD1_HANDS[1],
        FD1_HANDS[2],
        FD1_HANDS[3],
    ];
    assert_invalid(&fd1_with("hands", json!(nine)), "a hand of 9 cards");
    // Eleven cards: S0 also holds S1's dA, S1 has nine.
    let eleven = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ hJ dA",
        "T18 T17 T16 T14 T5 cQ cN cJ c10",
        FD1_HANDS[2],
        FD1_HANDS[3],
    ];
    assert_invalid(&fd1_with("hands", json!(eleven)), "a hand of 11 cards");
    // A card in two hands: S0 has T18 instead of hJ.
    let twice = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ T18",
        FD1_HANDS[1],
        FD1_HANDS[2],
        FD1_HANDS[3],
    ];
    assert_invalid(&fd1_with("hands", json!(twice)), "a card dealt twice");
    // A card twice in one hand.
    let twice_in_one = [
        "T21 T20 T13 T12 T11 cK dN dJ hQ hQ",
        FD1_HANDS[1],
        FD1_HANDS[2],
        FD1_HANDS[3],
    ];
    assert_invalid(
        &fd1_with("hands", json!(twice_in_one)),
        "a card twice in one hand",
    );
    // Unknown card ids: there is no Tarock II or III, no suit Ace in spades.
    for bad in [
        "T2", "T3", "T0", "T23", "T01", "sA", "h10", "xK", "hk", "t21",
    ] {
        let hand = format!("{bad} T20 T13 T12 T11 cK dN dJ hQ hJ");
        let hands = [hand.as_str(), FD1_HANDS[1], FD1_HANDS[2], FD1_HANDS[3]];
        assert_invalid(&fd1_with("hands", json!(hands)), &format!("card id {bad}"));
    }
    assert_invalid(&fd1_with("hands", json!("T21 T20")), "hands as a string");
    assert_invalid(&fd1_without("hands"), "missing hands");
}

#[test]
fn invalid_action_strings() {
    let cases: [(&[&str], usize, &str); 17] = [
        (&["7 rufer"], 0, "seat 7"),
        (&["x rufer"], 0, "seat x"),
        (&["-1 rufer"], 0, "seat -1"),
        (&["0 rufer", "4 weiter"], 1, "seat 4"),
        (
            &["0 rufer", "1 weiter", "2 weiter", "3 weiter", "7 T20"],
            4,
            "seat 7 with a card",
        ),
        (&["0 kontra-trull"], 0, "unknown word"),
        (&["0 Rufer"], 0, "words are lower case"),
        (&["0 rufer T20"], 0, "a card mixed with words"),
        (&["0 T20 rufer"], 0, "a card before words"),
        (
            &["0 rufer", "1 weiter", "2 weiter", "3 weiter", "0 T20 T21"],
            4,
            "two cards",
        ),
        (
            &["0 rufer", "1 weiter kontra-spiel"],
            1,
            "weiter with other words",
        ),
        (
            &["0 rufer", "1 kontra-spiel weiter"],
            1,
            "weiter after a word",
        ),
        (&["0 rufer", "1 weiter weiter"], 1, "weiter twice"),
        (&[""], 0, "an empty action string"),
        (&["0 rufer", "   "], 1, "a blank action string"),
        (&["0"], 0, "a seat alone"),
        (&["rufer"], 0, "no seat"),
    ];
    for (actions, index, what) in cases {
        let (report, line, code) = replay_one(&fd1_record(&strings(actions)));
        assert_eq!(code, 2, "{what}: {line}");
        assert_eq!(report["status"], "invalid", "{what}: {line}");
        // An invalid action string makes the whole record invalid, not
        // partly replayed: no game state on the line.
        assert!(
            report["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{what}"
        );
        for absent in ["game", "declarer", "points", "tricks", "balance"] {
            assert!(report.get(absent).is_none(), "{what}: no {absent}: {line}");
        }
        // Where the line names an index, it is the bad action's.
        if let Some(i) = report.get("index") {
            assert_eq!(i, index, "{what}: {line}");
        }
    }
    // Non-string actions.
    assert_invalid(
        &fd1_with("actions", json!([0, "rufer"])),
        "an action as a number",
    );
    assert_invalid(
        &fd1_with("actions", json!("0 rufer")),
        "actions as a string",
    );
}

#[test]
fn an_invalid_action_after_an_illegal_one_still_makes_the_record_invalid() {
    // The record cannot be parsed, so it is invalid even though index 0 is illegal.
    let (report, line, code) = replay_one(&fd1_record(&strings(&["0 weiter", "0 kontra-trull"])));
    assert_eq!(report["status"], "invalid", "{line}");
    assert_eq!(code, 2);
}

// ---------------------------------------------------------------------------
// 6. Several records: JSON Lines and files
// ---------------------------------------------------------------------------

fn status_of(line: &str) -> String {
    let v: Value = serde_json::from_str(line).expect("a JSON line");
    v["status"].as_str().expect("a status").to_owned()
}

#[test]
fn json_lines_on_stdin_all_valid() {
    let mut truncated = strings(&FD1_BIDDING);
    truncated.extend(plays(&FD1_TRICKS).into_iter().take(13));
    let input = [
        fd1_record(&fd1_actions()),
        String::new(),
        fd2_record(&fd2_actions()),
        "   ".into(),
        fd1_record(&truncated),
        record(json!("standard"), 0, &REDEAL_SEAT1, &[]),
        fd1_record(&strings(&["0 weiter"])),
        String::new(),
    ]
    .join("\n");
    let out = replay_stdin(&input);
    let lines = stdout_lines(&out);
    assert_eq!(
        lines.iter().map(|l| status_of(l)).collect::<Vec<_>>(),
        ["finished", "finished", "in_progress", "redeal", "illegal"],
        "one line per non-empty input line, in order"
    );
    assert_eq!(
        lines[0],
        r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"T19","points":[52,36],"tricks":[6,4],"balance":[-1,1,-1,1]}"#
    );
    let fd2: Value = serde_json::from_str(&lines[1]).unwrap();
    assert_eq!(fd2["game"], "farbensolo");
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
}

#[test]
fn json_lines_on_stdin_with_invalid_records() {
    let input = [
        fd2_record(&fd2_actions()),
        "{ broken".into(),
        fd1_record(&fd1_actions()),
        fd1_with("rules", json!("nonsense")),
        fd1_record(&strings(&["0 rufer", "1 T17"])),
        "[1,2]".into(),
    ]
    .join("\n");
    let out = replay_stdin(&format!("{input}\n"));
    let lines = stdout_lines(&out);
    assert_eq!(
        lines.iter().map(|l| status_of(l)).collect::<Vec<_>>(),
        [
            "finished", "invalid", "finished", "invalid", "illegal", "invalid"
        ],
        "all lines are still written"
    );
    assert_eq!(
        lines[2],
        r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"T19","points":[52,36],"tricks":[6,4],"balance":[-1,1,-1,1]}"#
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn empty_stdin_gives_no_lines_and_success() {
    let out = replay_stdin("");
    assert!(stdout_lines(&out).is_empty());
    assert_eq!(out.status.code(), Some(0));
    let out = replay_stdin("\n\n   \n");
    assert!(stdout_lines(&out).is_empty());
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn stdin_without_final_newline_and_with_crlf() {
    let input = format!(
        "{}\r\n{}",
        fd1_record(&fd1_actions()),
        fd2_record(&fd2_actions())
    );
    let out = replay_stdin(&input);
    let lines = stdout_lines(&out);
    assert_eq!(
        lines.iter().map(|l| status_of(l)).collect::<Vec<_>>(),
        ["finished", "finished"]
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_pretty_printed_record_in_a_file() {
    let dir = temp_dir("pretty");
    let rec: Value = serde_json::from_str(&fd1_record(&fd1_actions())).unwrap();
    let path = dir.join("fd1.json");
    std::fs::write(&path, serde_json::to_string_pretty(&rec).unwrap()).unwrap();
    assert!(std::fs::read_to_string(&path).unwrap().lines().count() > 40);
    let out = run(&["replay", path.to_str().unwrap()], b"");
    assert_eq!(
        stdout_lines(&out),
        [
            r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"T19","points":[52,36],"tricks":[6,4],"balance":[-1,1,-1,1]}"#
        ]
    );
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_files_give_their_lines_in_order() {
    let dir = temp_dir("several");
    let fd1 = dir.join("fd1.json");
    let fd2 = dir.join("fd2.json");
    let lines_file = dir.join("many.jsonl");
    let fd2_value: Value = serde_json::from_str(&fd2_record(&fd2_actions())).unwrap();
    std::fs::write(&fd1, fd1_record(&fd1_actions())).unwrap();
    std::fs::write(&fd2, serde_json::to_string_pretty(&fd2_value).unwrap()).unwrap();
    std::fs::write(
        &lines_file,
        format!(
            "{}\n\n{}\n",
            fd1_record(&strings(&["0 rufer"])),
            record(json!("standard"), 0, &REDEAL_SEAT1, &[])
        ),
    )
    .unwrap();
    let args = [
        "replay",
        fd2.to_str().unwrap(),
        lines_file.to_str().unwrap(),
        fd1.to_str().unwrap(),
    ];
    let out = run(&args, b"");
    let lines = stdout_lines(&out);
    assert_eq!(
        lines,
        [
            r#"{"status":"finished","game":"farbensolo","declarer":[2],"points":[56,32],"tricks":[6,4],"balance":[-10,-10,30,-10]}"#,
            r#"{"status":"in_progress","game":"rufer","declarer":[0,2],"called":"T19"}"#,
            r#"{"status":"redeal","seat":1}"#,
            r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"T19","points":[52,36],"tricks":[6,4],"balance":[-1,1,-1,1]}"#,
        ]
    );
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_file_gives_an_invalid_line_and_exit_2() {
    let dir = temp_dir("missing");
    let fd1 = dir.join("fd1.json");
    std::fs::write(&fd1, fd1_record(&fd1_actions())).unwrap();
    let missing = dir.join("does-not-exist.json");
    let out = run(
        &[
            "replay",
            fd1.to_str().unwrap(),
            missing.to_str().unwrap(),
            fd1.to_str().unwrap(),
        ],
        b"",
    );
    let lines = stdout_lines(&out);
    assert_eq!(
        lines.iter().map(|l| status_of(l)).collect::<Vec<_>>(),
        ["finished", "invalid", "finished"]
    );
    let report: Value = serde_json::from_str(&lines[1]).unwrap();
    assert!(report["error"].as_str().is_some_and(|e| !e.is_empty()));
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_and_stdin_mixed() {
    let dir = temp_dir("mixed");
    let fd2 = dir.join("fd2.json");
    std::fs::write(&fd2, fd2_record(&fd2_actions())).unwrap();
    let stdin = format!("{}\n", fd1_record(&fd1_actions()));
    let out = run(&["replay", fd2.to_str().unwrap(), "-"], stdin.as_bytes());
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        serde_json::from_str::<Value>(&lines[0]).unwrap()["game"],
        "farbensolo"
    );
    assert_eq!(
        serde_json::from_str::<Value>(&lines[1]).unwrap()["game"],
        "rufer"
    );
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_needs_an_argument() {
    let out = run(&["replay"], b"");
    assert_ne!(out.status.code(), Some(0));
    assert!(!stderr(&out).is_empty());
}

// ---------------------------------------------------------------------------
// 7. Never a panic
// ---------------------------------------------------------------------------

/// Malformed records, each on one line.
fn malformed_inputs() -> Vec<String> {
    let base = fd1_record(&fd1_actions());
    let with = |field: &str, raw: &str| {
        let mut rec: Value = serde_json::from_str(&base).unwrap();
        rec[field] = json!("__PLACEHOLDER__");
        rec.to_string().replace("\"__PLACEHOLDER__\"", raw)
    };
    let fd2_rules = |rules: Value| record(rules, 0, &FD2_HANDS, &fd2_actions());
    // A chain of Kontras past any sensible level, then FD1's play.
    let mut kontra_chain = vec!["0 rufer".to_owned()];
    for i in 0..70u32 {
        kontra_chain.push(format!("{} kontra-spiel", (1 + i) % 4));
    }
    let last = (1 + 70u32) % 4;
    for i in 0..3u32 {
        kontra_chain.push(format!("{} weiter", (last + i) % 4));
    }
    kontra_chain.extend(plays(&FD1_TRICKS));
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_rules = format!("{}1{}", "{\"a\":".repeat(5_000), "}".repeat(5_000));
    vec![
        "{".into(),
        "}".into(),
        "nul".into(),
        "1e99999".into(),
        "-0".into(),
        "\"\\ud800\"".into(),
        deep.clone(),
        with("forehand", "99999999999999999999999999999"),
        with("forehand", "-1"),
        with("forehand", "1e400"),
        with("forehand", "3.5"),
        with("forehand", "256"),
        with("forehand", "-9223372036854775809"),
        with("rules", "18446744073709551616"),
        with("rules", &deep_rules),
        with("rules", &deep),
        with(
            "rules",
            r#"{"preset":"standard","max_kontra":{"game":{"rufer":{"x":[1,[2,{"y":null}]]}}}}"#,
        ),
        with("rules", r#"{"preset":"standard","max_kontra":null}"#),
        with("rules", r#"{"preset":"standard","solo_value":-1}"#),
        with("rules", r#"{"preset":"standard","solo_value":1e300}"#),
        with(
            "rules",
            r#"{"preset":"standard","farbensolo_min_suit_cards":255}"#,
        ),
        with(
            "rules",
            r#"{"preset":"standard","farbensolo_min_suit_cards":0}"#,
        ),
        with("rules", r#"{"preset":{"preset":"standard"}}"#),
        // Huge but well-typed amounts on a finished deal: S2's four Kings in FD2.
        fd2_rules(json!({"preset": "standard", "four_kings_value": u32::MAX})),
        fd2_rules(
            json!({"preset": "standard", "premium_factor_farbensolo": u32::MAX,
                         "absolut_silent": u32::MAX}),
        ),
        fd2_rules(json!({"preset": "standard", "farbensolo_value": u32::MAX})),
        record(
            json!({"preset": "standard", "mondfang_value": u32::MAX, "pagat_silent": u32::MAX,
                   "rufer_value": u32::MAX}),
            0,
            &FD1_HANDS,
            &fd1_actions(),
        ),
        // Kontra levels far beyond Resupre.
        record(
            json!({"preset": "standard", "max_kontra": {"game": {"rufer": 255}}}),
            0,
            &FD1_HANDS,
            &kontra_chain,
        ),
        with("hands", r#"["","","",""]"#),
        with("hands", "[1,2,3,4]"),
        with("hands", &json!(vec!["T1 ".repeat(10_000); 4]).to_string()),
        with(
            "hands",
            &json!([
                "T99999999999999999999999 T20 T13 T12 T11 cK dN dJ hQ hJ",
                FD1_HANDS[1],
                FD1_HANDS[2],
                FD1_HANDS[3]
            ])
            .to_string(),
        ),
        with("hands", &json!(vec!["\u{0}"; 4]).to_string()),
        with("actions", r#"["0 T99999999999999999999"]"#),
        with("actions", "[null]"),
        with("actions", r#"["99999999999999999999 rufer"]"#),
        with("actions", r#"["\u0000 rufer"]"#),
        with("actions", r#"["０ rufer"]"#),
        with("actions", r#"["0 rufer\u00a0weiter"]"#),
        with("actions", &json!(vec!["0 weiter"; 10_000]).to_string()),
        with("actions", &json!(vec!["0 rufer"; 10_000]).to_string()),
        format!("{},\"actions\":[]}}", base.trim_end_matches('}')),
    ]
}

#[test]
fn replay_never_panics() {
    let inputs = malformed_inputs();
    assert!(inputs.len() >= 30);
    for input in &inputs {
        let out = replay_stdin(&format!("{input}\n"));
        let err = stderr(&out);
        let shown: String = input.chars().take(200).collect();
        assert!(
            matches!(out.status.code(), Some(0 | 2)),
            "exit {:?} for {shown}: {err}",
            out.status.code()
        );
        assert!(!err.contains("panicked"), "panic for {shown}: {err}");
        let lines = stdout_lines(&out);
        assert_eq!(lines.len(), 1, "one line for {shown}");
        let report: Value = serde_json::from_str(&lines[0]).expect("a JSON line");
        assert!(report["status"].is_string(), "{shown}");
        if out.status.code() == Some(2) {
            assert_eq!(report["status"], "invalid", "{shown}");
        }
        if let Some(balance) = report.get("balance") {
            let sum: i64 = balance
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_i64().expect("an integer balance"))
                .sum();
            assert_eq!(sum, 0, "balances sum to zero: {shown}");
        }
    }
    // All of them at once: one line each, in order.
    let out = replay_stdin(&inputs.join("\n"));
    assert!(!stderr(&out).contains("panicked"));
    assert_eq!(stdout_lines(&out).len(), inputs.len());
    assert!(matches!(out.status.code(), Some(0 | 2)));
}

#[test]
fn a_non_utf8_file_is_an_invalid_line() {
    let dir = temp_dir("non-utf8");
    let path = dir.join("latin1.json");
    let mut bytes = fd1_record(&fd1_actions()).into_bytes();
    bytes.extend_from_slice(b"\n{\"format\":\"\xff\xfe\"}\n");
    std::fs::write(&path, bytes).unwrap();
    let out = run(&["replay", path.to_str().unwrap()], b"");
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(2), "{err}");
    let lines = stdout_lines(&out);
    assert!(!lines.is_empty());
    assert_eq!(status_of(lines.last().unwrap()), "invalid");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_non_utf8_line_on_stdin_is_an_invalid_line() {
    let mut input = fd1_record(&fd1_actions()).into_bytes();
    input.extend_from_slice(b"\n{\"format\":\"\xff\"}\n\xfe\xff\n\n");
    input.extend_from_slice(fd2_record(&fd2_actions()).as_bytes());
    input.push(b'\n');
    let out = run(&["replay", "-"], &input);
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    let lines = stdout_lines(&out);
    assert_eq!(
        lines.iter().map(|l| status_of(l)).collect::<Vec<_>>(),
        ["finished", "invalid", "invalid", "finished"],
        "one line per non-empty input line: {err}"
    );
    assert_eq!(out.status.code(), Some(2), "{err}");
}

// ---------------------------------------------------------------------------
// 8. tarock simulate
// ---------------------------------------------------------------------------

/// Runs `tarock simulate` and returns its last stdout line as JSON.
fn simulate(args: &[&str]) -> Value {
    let mut full = vec!["simulate"];
    full.extend_from_slice(args);
    let out = run(&full, b"");
    assert_eq!(
        out.status.code(),
        Some(0),
        "simulate {args:?}: {}",
        stderr(&out)
    );
    let lines = stdout_lines(&out);
    let last = lines.last().expect("some output");
    let summary: Value = serde_json::from_str(last).expect("the last line is JSON");
    assert!(summary.is_object(), "{last}");
    summary
}

fn check_summary(summary: &Value, games: u64) {
    assert_eq!(summary["games"], games, "{summary}");
    assert_eq!(summary["finished"], games, "{summary}");
    assert!(
        summary["seconds"].as_f64().is_some_and(|s| s >= 0.0),
        "{summary}"
    );
    assert!(
        summary["games_per_second"]
            .as_f64()
            .is_some_and(|s| s >= 0.0),
        "{summary}"
    );
    assert!(summary["redeals"].as_u64().is_some(), "{summary}");
    let types = summary["game_types"]
        .as_object()
        .expect("game_types object");
    assert!(!types.is_empty());
    for kind in types.keys() {
        assert!(
            ["rufer", "farbensolo", "solo"].contains(&kind.as_str()),
            "game type {kind}"
        );
    }
    let total: u64 = types.values().map(|n| n.as_u64().expect("a count")).sum();
    assert_eq!(total, games, "{summary}");
}

#[test]
fn simulate_reports_a_json_summary() {
    let summary = simulate(&["--games", "2000", "--seed", "5"]);
    check_summary(&summary, 2000);
    // Random play starts with a Rufer whenever the Vorhand can call: most games are Rufer.
    let types = summary["game_types"].as_object().unwrap();
    assert!(types.get("rufer").and_then(Value::as_u64).unwrap_or(0) > 0);
}

#[test]
fn simulate_is_deterministic_for_a_seed() {
    let a = simulate(&["--games", "2000", "--seed", "5"]);
    let b = simulate(&["--games", "2000", "--seed", "5"]);
    assert_eq!(a["game_types"], b["game_types"]);
    assert_eq!(a["redeals"], b["redeals"]);
    assert_eq!(a["seed"], b["seed"]);
}

#[test]
fn simulate_without_a_seed_draws_one_and_prints_it_to_repeat_the_run() {
    let first = simulate(&["--games", "300"]);
    let second = simulate(&["--games", "300"]);
    let seed = first["seed"].as_u64().expect("the seed used");
    assert_ne!(Some(seed), second["seed"].as_u64(), "a fresh seed each run");
    let again = simulate(&["--games", "300", "--seed", &seed.to_string()]);
    assert_eq!(again["game_types"], first["game_types"]);
    assert_eq!(again["redeals"], first["redeals"]);
}

#[test]
fn simulate_with_other_rules() {
    let summary = simulate(&["--games", "500", "--seed", "1", "--rules", "tarockwelt"]);
    check_summary(&summary, 500);
    assert_eq!(summary["rules"], "tarockwelt");
    let summary = simulate(&[
        "--games",
        "500",
        "--seed",
        "1",
        "--rules",
        r#"{"preset":"standard","solo_value":5}"#,
    ]);
    check_summary(&summary, 500);
    let summary = simulate(&["--games", "0", "--seed", "1"]);
    assert_eq!(summary["games"], 0);
    assert_eq!(summary["finished"], 0);
}

#[test]
fn simulate_rejects_bad_rules() {
    for rules in [
        "nonsense",
        r#"{"preset":"standard","talon":6}"#,
        r#"{"preset":"standard""#,
        r#"{"preset":"standard","max_kontra":{"solo":9}}"#,
        r#"{"preset":"standard","max_kontra":{"game":{"solo":9}}}"#,
        r#"{"preset":"standard","solo_value":4294967295}"#,
    ] {
        let out = run(&["simulate", "--games", "10", "--rules", rules], b"");
        assert_ne!(out.status.code(), Some(0), "--rules {rules}");
        let err = stderr(&out);
        assert!(!err.trim().is_empty(), "--rules {rules}: a message");
        assert!(!err.contains("panicked"), "--rules {rules}: {err}");
    }
}
