//! Replay reports (SPEC §9.2) for records that stop early, break a rule, or
//! cannot be read (§9.3), built from FG1 by cutting or changing it.

mod common;

use common::{FG1_ACTIONS, fg1_record, fg2_record};
use serde_json::{Value, json};
use tarock_zwanzig_ab::ReplayReport;

fn report(record: &Value) -> Value {
    serde_json::from_str(&ReplayReport::from_json(&record.to_string()).to_json()).unwrap()
}

fn fg1_cut(actions: usize) -> Value {
    let mut r = fg1_record(json!("standard"));
    r["actions"] = json!(FG1_ACTIONS[..actions]);
    r
}

fn fg1_with(index: usize, action: &str) -> Value {
    let mut r = fg1_record(json!("standard"));
    r["actions"][index] = json!(action);
    r
}

#[test]
fn a_record_without_actions_has_no_deal_under_way() {
    let got = report(&fg1_cut(0));
    assert_eq!(
        got,
        json!({"status": "in_progress", "deals": 0, "scores": [6, 7, 3, 12],
               "drops": [0, 4, 0, 2], "deltas": []})
    );
    // Nor does it need a deal: none given is fine.
    let mut r = fg1_cut(0);
    r["deals"] = json!([]);
    assert_eq!(report(&r)["status"], "in_progress");
}

#[test]
fn during_the_exchange_trump_and_dropped_are_reported() {
    // After `0 trump h` and S0's swap: trump h, nobody dropped, no tricks yet.
    let got = report(&fg1_cut(2));
    assert_eq!(got["trump"], "h");
    assert_eq!(got["dropped"], json!([]));
    assert!(got.get("tricks").is_none());
    // A deal is under way before trump is named, too: dropped but no trump.
    let mut r = fg1_cut(1);
    r["actions"] = json!(["1 trump h"]);
    let got = report(&r);
    assert_eq!(got["status"], "illegal");
    assert_eq!(got["dropped"], json!([]));
    assert!(got.get("trump").is_none());
}

#[test]
fn during_trick_play_tricks_are_reported() {
    // After S3's drop and the first trick (S0 wins with hA) and one card.
    let got = report(&fg1_cut(9));
    assert_eq!(
        got,
        json!({"status": "in_progress", "deals": 0, "scores": [6, 7, 3, 12],
               "drops": [0, 4, 0, 3], "deltas": [], "trump": "h", "dropped": [3],
               "tricks": [1, 0, 0, 0]})
    );
}

#[test]
fn between_deals_only_the_completed_deals_count() {
    let got = report(&fg1_cut(20));
    assert_eq!(
        got,
        json!({"status": "in_progress", "deals": 1, "scores": [4, 6, 1, 12],
               "drops": [0, 4, 0, 3], "deltas": [[-2, -1, -2, 0]]})
    );
}

#[test]
fn an_illegal_action_reports_the_state_before_it() {
    // S1 has used 4 of 4 drops (D-11).
    let got = report(&fg1_with(2, "1 drop"));
    assert_eq!(got["status"], "illegal");
    assert_eq!(got["index"], 2);
    assert!(got["error"].as_str().unwrap().starts_with("D-11"));
    assert_eq!(got["drops"], json!([0, 4, 0, 2]));
    assert_eq!(got["trump"], "h");
    assert_eq!(got["dropped"], json!([]));
    // Nothing after it is applied, though the rest is legal on its own.
    assert_eq!(got["deals"], 0);
}

#[test]
fn rule_codes_of_illegal_records() {
    for (index, action, code) in [
        (0, "0 trump x", "invalid"),
        (1, "0 swap c7 d9 hA h10", "X-2"),
        (1, "0 swap c7 c7", "X-3"),
        (1, "0 swap sA", "X-3"),
        (1, "0 drop", "D-10"),
        (1, "0 play", "X-1"),
        (1, "0 trump c", "T-2"),
        (1, "0 hA", "X-1"),
        (2, "2 stay", "S-4"),
        (3, "2 drop", "D-12"),
        (5, "0 c7", "P-2"),
        (6, "1 sK", "P-3"),
        (5, "0 stay", "P-1"),
    ] {
        let got = report(&fg1_with(index, action));
        if code == "invalid" {
            assert_eq!(got["status"], "invalid", "{action}");
            continue;
        }
        assert_eq!(got["status"], "illegal", "{action}");
        assert_eq!(got["index"], index, "{action}");
        let error = got["error"].as_str().unwrap();
        assert!(error.starts_with(code), "{action}: {error}");
    }
}

#[test]
fn an_action_after_the_session_is_illegal() {
    let mut r = fg1_record(json!("standard"));
    r["actions"]
        .as_array_mut()
        .unwrap()
        .push(json!("1 trump s"));
    let got = report(&r);
    assert_eq!(got["status"], "illegal");
    assert_eq!(got["index"], 45);
    assert!(got["error"].as_str().unwrap().starts_with("S-1"));
    // The state is the finished session's, without winner and balance.
    assert_eq!(got["deals"], 2);
    assert!(got.get("winner").is_none() && got.get("balance").is_none());
}

#[test]
fn malformed_records_are_invalid() {
    let base = fg1_record(json!("standard"));
    let with = |path: &[&str], v: Value| {
        let mut r = base.clone();
        let mut slot = &mut r;
        for p in path {
            slot = match p.parse::<usize>() {
                Ok(i) => &mut slot[i],
                Err(_) => &mut slot[*p],
            };
        }
        *slot = v;
        r
    };
    let cases = [
        with(&["format"], json!("zwanzigerrufen-record/1")),
        with(&["rules"], json!("koenigrufen")),
        with(&["rules"], json!({"preset": "standard", "drop_limit": 6})),
        with(&["rules"], json!({"preset": "standard", "talon": 3})),
        with(&["players"], json!(6)),
        with(&["players"], json!(2)),
        with(&["players"], json!("4")),
        with(&["dealer"], json!(4)),
        with(&["start", "scores"], json!([6, 7, 3, 0])),
        with(&["start", "scores"], json!([6, 7, 3, 100])),
        with(&["start", "scores"], json!([6, 7, 3])),
        with(&["start", "drops"], json!([0, 5, 0, 2])),
        with(&["deals", "1", "deck"], json!("c7 s7")),
        with(
            &["deals", "1", "deck"],
            json!(common::FG1_DECK_2.replace("dK", "c7")),
        ),
        with(&["deals", "1", "stock"], json!("c7")),
        with(&["deals", "0", "hands", "0"], json!("hA h10 c7 s8")),
        with(
            &["deals", "0", "stock"],
            json!("d7 dK cA s10 s9 s7 c10 cJ hK hJ dQ dN"),
        ),
        with(&["actions", "4"], json!("4 drop")),
        with(&["actions", "4"], json!("3 pass")),
        with(&["actions", "4"], json!("3 drop now")),
        with(&["actions", "1"], json!("0 swap")),
        with(&["actions", "1"], json!("0 trump")),
        with(&["actions", "5"], json!("0 hA h10")),
        with(&["actions", "5"], json!("0 weiter")),
        with(&["actions", "5"], json!("")),
        with(&["actions", "5"], json!(5)),
        // An unparsable action anywhere makes the whole record invalid.
        with(&["actions", "44"], json!("3 hZ")),
    ];
    for (i, r) in cases.iter().enumerate() {
        let got = report(r);
        assert_eq!(got["status"], "invalid", "case {i}: {r}");
        assert!(got.get("index").is_none(), "case {i}");
        assert!(got.get("deals").is_none(), "case {i}");
    }
    for text in ["", "{", "[1]", "null", r#"{"format": 1}"#] {
        assert_eq!(
            serde_json::from_str::<Value>(&ReplayReport::from_json(text).to_json()).unwrap()["status"],
            "invalid"
        );
    }
}

#[test]
fn a_missing_deal_is_invalid_but_extra_deals_are_ignored() {
    let mut r = fg1_record(json!("standard"));
    r["deals"].as_array_mut().unwrap().pop();
    // Action 20 starts deal 2, which the record lacks.
    let got = report(&r);
    assert_eq!(got["status"], "invalid");
    assert!(got["error"].as_str().unwrap().contains("deal 1"));
    let mut r = fg2_record(json!("standard"));
    r["deals"]
        .as_array_mut()
        .unwrap()
        .push(json!({"deck": common::FG1_DECK_1}));
    assert_eq!(report(&r)["status"], "finished");
}
