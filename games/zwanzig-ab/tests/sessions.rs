//! The two complete sessions of the SPEC, FG1 (§8.6) and FG2 (§8.7): replayed
//! from their records with `tarock replay`'s output compared field by field,
//! and played through the API with the intermediate numbers checked.

mod common;

use common::{FG1_ACTIONS, FG1_LAST_TRICK, FG2_ACTIONS, act, fg1_record, fg2_record, session};
use serde_json::{Value, json};
use tarock_zwanzig_ab::{DropBar, Phase, Record, ReplayReport, Rules, Seat, Step};

fn replay(record: &Value) -> Value {
    let line = ReplayReport::from_json(&record.to_string()).to_json();
    serde_json::from_str(&line).unwrap()
}

#[test]
fn fg1_replays_to_the_spec_output() {
    // Deal 1: tricks S0 2, S1 1, S2 2, S3 dropped → [−2, −1, −2, 0];
    // scores [6−2, 7−1, 3−2, 12] = [4, 6, 1, 12]; S3's drops 2 → 3.
    // Deal 2: S0 3 tricks −3; S1 maker without a trick +10; S2 −1; S3 −1
    // → [1, 16, 0, 11]. S2 is out (after trick 1) → winner; points: S0 pays
    // 1, S1 16, S3 11, S2 receives 28.
    let expected = json!({"status": "finished", "deals": 2, "scores": [1, 16, 0, 11],
        "drops": [0, 4, 0, 3], "deltas": [[-2, -1, -2, 0], [-3, 10, -1, -1]],
        "winner": 2, "balance": [-1, -16, 28, -11]});
    let got = replay(&fg1_record(json!("standard")));
    assert_eq!(got, expected);
    // Key order as in §9.2.
    let line = ReplayReport::from_json(&fg1_record(json!("standard")).to_string()).to_json();
    assert_eq!(
        line,
        r#"{"status":"finished","deals":2,"scores":[1,16,0,11],"drops":[0,4,0,3],"deltas":[[-2,-1,-2,0],[-3,10,-1,-1]],"winner":2,"balance":[-1,-16,28,-11]}"#
    );
}

#[test]
fn fg2_replays_to_the_spec_output() {
    // Deltas [−1, −2, 0, −2, +5]: scores [9−1, 2−2, 14, 1−2, 8+5] = [8, 0, 14, −1, 13];
    // S2's drop: [1, 2, 1, 3, 1]. S1 out at trick 2, S3 at 3 → S1 wins;
    // S0 pays 8, S2 14, S3 0, S4 13 → +35.
    let expected = json!({"status": "finished", "deals": 1, "scores": [8, 0, 14, -1, 13],
        "drops": [1, 2, 1, 3, 1], "deltas": [[-1, -2, 0, -2, 5]], "winner": 1,
        "balance": [-8, 35, -14, 0, -13]});
    assert_eq!(replay(&fg2_record(json!("standard"))), expected);
}

#[test]
fn e14_fg2_with_the_lowest_score_winning() {
    // S3 at −1 is lowest: S0 8, S1 0, S2 14, S4 13 → S3 +35.
    let got = replay(&fg2_record(
        json!({"preset": "standard", "winner_rule": "lowest"}),
    ));
    assert_eq!(got["winner"], 3);
    assert_eq!(got["balance"], json!([-8, 0, -14, 35, -13]));
}

#[test]
fn e15_fg1_with_flat_settlement() {
    let got = replay(&fg1_record(
        json!({"preset": "standard", "settlement": "flat"}),
    ));
    assert_eq!(got["winner"], 2);
    assert_eq!(got["balance"], json!([-1, -1, 3, -1]));
}

#[test]
fn fg1_played_through_the_api() {
    let mut s = session(Rules::STANDARD, 3, &[6, 7, 3, 12], &[0, 4, 0, 2]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    act(&mut s, &FG1_ACTIONS[..2]);
    // S0 took d7 dK from the stock's top.
    assert_eq!(s.hand(Seat::S0).to_string(), "s8 hA h10 dK d7");
    // D-11 bars S1 (4 of 4 drops), D-12 S2 (3 ≤ 5); S3 may drop.
    assert_eq!(s.drop_bar(Seat::S1), Some(DropBar::Limit));
    assert_eq!(s.drop_bar(Seat::S2), Some(DropBar::Score));
    assert_eq!(s.drop_bar(Seat::S3), None);
    assert_eq!(s.drop_bar(Seat::S0), Some(DropBar::Maker));
    let public = s.public_view();
    assert_eq!(public.drop_bars[1], Some(DropBar::Limit));
    act(&mut s, &FG1_ACTIONS[2..5]);
    assert_eq!(s.drops(), [0, 4, 0, 3]);
    // Trick 4 skips the dropped S3: S2 leads, then S0, then S1.
    assert_eq!(act(&mut s, &FG1_ACTIONS[5..14]), Step::TrickTaken(Seat::S2));
    assert_eq!(s.to_act(), Some(Seat::S2));
    assert_eq!(act(&mut s, &FG1_ACTIONS[14..20]), Step::DealOver);
    assert_eq!(s.scores(), [4, 6, 1, 12]);
    assert_eq!(s.tricks_won(), [2, 1, 2, 0]);
    // Deal 2 is dealt by S0; S1 names trump.
    assert_eq!(s.dealer(), Seat::S0);
    assert_eq!(s.to_act(), None);
    s.start_deal(common::FG1_DECK_2.parse().unwrap()).unwrap();
    assert_eq!(s.to_act(), Some(Seat::S1));
    act(&mut s, &FG1_ACTIONS[20..]);
    assert_eq!(s.tricks_won(), [3, 0, 1, 0]);
    let last = act(&mut s, &FG1_LAST_TRICK);
    assert_eq!(last, Step::SessionOver(Seat::S2));
    assert_eq!(s.phase(), Phase::SessionOver);
    let outcome = s.outcome().unwrap();
    assert_eq!(outcome.out_at[2], 1);
    assert_eq!(outcome.settlement.balance, [-1, -16, 28, -11]);
    assert_eq!(outcome.settlement.money(10), [-10, -160, 280, -110]);
    // The next session starts fresh and continues the rotation: deal 3 → S1.
    let next = s.next_session().unwrap();
    assert_eq!(next.scores(), [20; 4]);
    assert_eq!(next.drops(), [0; 4]);
    assert_eq!(next.dealer(), Seat::S1);
    // Restarting in place gives the same fresh session (its buffers kept).
    let mut again = s.clone();
    assert!(
        again.restart(4).is_err(),
        "S4 is no seat at a table of four"
    );
    assert_eq!(again, s);
    again.restart(1).unwrap();
    assert_eq!(again, next);
    assert_eq!(again.phase(), Phase::AwaitingDeal);
}

#[test]
fn fg2_played_through_the_api() {
    let mut s = session(Rules::STANDARD, 4, &[9, 2, 14, 1, 8], &[1, 2, 0, 3, 1]);
    s.start_deal(common::FG2_DECK.parse().unwrap()).unwrap();
    // S1 (2 points) may not drop; S2 may (14 > 5, 0 drops, 0 < n − 2 = 3).
    act(&mut s, &FG2_ACTIONS[..3]);
    assert_eq!(s.drop_bar(Seat::S1), Some(DropBar::Score));
    assert_eq!(s.to_act(), Some(Seat::S2));
    assert!(s.legal_actions().drop);
    act(&mut s, &FG2_ACTIONS[3..6]);
    assert_eq!(s.stock_left(), 0);
    // After trick 2 S1 is out (2 → 0), after trick 3 S3 (1 → 0).
    act(&mut s, &FG2_ACTIONS[6..18]);
    assert_eq!(s.tricks_won(), [0, 2, 0, 1, 0]);
    let step = act(&mut s, &FG2_ACTIONS[18..]);
    assert_eq!(step, Step::SessionOver(Seat::S1));
    assert_eq!(s.outcome().unwrap().out_at, [0, 2, 0, 3, 0]);
    assert_eq!(s.scores(), [8, 0, 14, -1, 13]);
}

#[test]
fn fg1_exported_and_imported_is_the_same_session() {
    let record = Record::from_json(&fg1_record(json!("standard")).to_string()).unwrap();
    let session = record.to_session().unwrap();
    let exported = Record::from_session(&session);
    // Exported decks replace the hands form; the session is the same.
    assert_eq!(exported.deals.len(), 2);
    let again = Record::from_json(&exported.to_json()).unwrap();
    assert_eq!(again.to_session().unwrap(), session);
    assert_eq!(Record::from_session(&again.to_session().unwrap()), exported);
}
