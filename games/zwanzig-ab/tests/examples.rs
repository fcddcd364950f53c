//! The worked examples E1–E16 of SPEC §8, each as a named test. Expected
//! numbers are derived from the rules in the comments, not taken from the
//! engine's output.

mod common;

use common::{act, deck, rejected, rules, session};
use tarock_zwanzig_ab::card::{Card, CardSet, Suit};
use tarock_zwanzig_ab::rules::{LoneTrumpMaker, SettlementRule, WinnerRule};
use tarock_zwanzig_ab::score::{DealFacts, SessionFacts, deal_deltas, settle, winner};
use tarock_zwanzig_ab::trick::{Trick, legal_cards};
use tarock_zwanzig_ab::{Phase, Rules, Seat, SeatSet, Session, Step};

fn seats(list: &[u8]) -> SeatSet {
    let mut s = SeatSet::EMPTY;
    for i in list {
        s.insert(Seat::new(*i).unwrap());
    }
    s
}

fn facts(maker: u8, dropped: &[u8], tricks: [u8; 4], multiplier: i32) -> DealFacts {
    let mut t = [0; 5];
    t[..4].copy_from_slice(&tricks);
    DealFacts {
        players: 4,
        maker: Seat::new(maker).unwrap(),
        dropped: seats(dropped),
        tricks: t,
        multiplier,
    }
}

fn deltas4(f: &DealFacts) -> [i32; 4] {
    deal_deltas(f)[..4].try_into().unwrap()
}

#[test]
fn e1_plain_deal() {
    // Tricks 2+1+2+0 = 5: S0 −2, S1 −1, S2 −2, S3 has none and is not the maker: +5.
    assert_eq!(deltas4(&facts(0, &[], [2, 1, 2, 0], 1)), [-2, -1, -2, 5]);
}

#[test]
fn e2_maker_without_a_trick_gets_ten() {
    // S0 is the maker with no trick: +10; S1 −3; S2 −2; S3 none: +5.
    assert_eq!(deltas4(&facts(0, &[], [0, 3, 2, 0], 1)), [10, -3, -2, 5]);
}

#[test]
fn e3_dropped_players_score_zero() {
    // Dealer S0, so the maker is S1; S2 and S3 dropped: 0 each; S1 −3, S0 −2.
    assert_eq!(deltas4(&facts(1, &[2, 3], [2, 3, 0, 0], 1)), [-2, -3, 0, 0]);
    // Their drops count against the limit: played through the engine.
    let mut s = session(Rules::STANDARD, 0, &[20; 4], &[0; 4]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    act(&mut s, &["1 trump s", "1 stay", "2 drop", "3 drop"]);
    assert_eq!(s.drops(), [0, 0, 1, 1]);
}

#[test]
fn e4_hearts_double() {
    // m = 2: E1 → −4, −2, −4, +10; E2 → +20, −6, −4, +10.
    assert_eq!(deltas4(&facts(0, &[], [2, 1, 2, 0], 2)), [-4, -2, -4, 10]);
    assert_eq!(deltas4(&facts(0, &[], [0, 3, 2, 0], 2)), [20, -6, -4, 10]);
    let r = rules(|f| f.hearts_double = true);
    assert_eq!(r.multiplier(Suit::Hearts), 2);
    assert_eq!(r.multiplier(Suit::Clubs), 1);
}

fn takes_all() -> Rules {
    rules(|f| f.lone_trump_maker = LoneTrumpMaker::TakesAll)
}

#[test]
fn e5_takes_all_when_everyone_drops() {
    // No play; S0 is credited all five tricks: −5; the three who dropped: 0.
    let mut s = session(takes_all(), 3, &[20; 4], &[0; 4]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    let step = act(
        &mut s,
        &["0 trump s", "0 stay", "1 drop", "2 drop", "3 drop"],
    );
    assert_eq!(step, Step::DealOver);
    assert_eq!(s.deltas().next().unwrap(), [-5, 0, 0, 0]);
    assert_eq!(s.scores(), [15, 20, 20, 20]);
    assert_eq!(s.phase(), Phase::AwaitingDeal);
}

/// E6's setup: scores [20, 5, 6, 9], drops used [0, 0, 0, 4], trump c.
fn e6(rules: Rules) -> Session {
    let mut s = session(rules, 3, &[20, 5, 6, 9], &[0, 0, 0, 4]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    act(&mut s, &["0 trump c"]);
    s
}

#[test]
fn e6a_the_trump_maker_may_not_drop() {
    rejected(&mut e6(Rules::STANDARD), "0 drop", "D-10");
}

#[test]
fn e6b_five_points_may_not_drop() {
    let mut s = e6(Rules::STANDARD);
    act(&mut s, &["0 stay"]);
    // 5 ≤ drop_min_score 5.
    rejected(&mut s, "1 drop", "D-12");
}

#[test]
fn e6c_six_points_may_drop() {
    let mut s = e6(Rules::STANDARD);
    act(&mut s, &["0 stay", "1 stay"]);
    // 6 > 5, 0 < 4 drops used, 0 drops this deal < n − 2 = 2.
    act(&mut s, &["2 drop"]);
    assert_eq!(s.drops(), [0, 0, 1, 4]);
}

#[test]
fn e6d_the_drop_limit_is_reached() {
    let mut s = e6(Rules::STANDARD);
    act(&mut s, &["0 stay", "1 stay", "2 drop"]);
    // 9 points, but 4 ≥ drop_limit 4.
    rejected(&mut s, "3 drop", "D-11");
}

#[test]
fn e6e_no_drop_when_clubs_are_trump() {
    let mut s = e6(rules(|f| f.no_drop_trump = Some(Suit::Clubs)));
    act(&mut s, &["0 stay", "1 stay"]);
    rejected(&mut s, "2 drop", "D-14");
}

#[test]
fn e7_at_least_two_play() {
    let mut s = session(Rules::STANDARD, 3, &[20; 4], &[0; 4]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    act(&mut s, &["0 trump s", "0 stay", "1 drop", "2 drop"]);
    // Two drops already = n − 2.
    rejected(&mut s, "3 drop", "D-13");
    assert!(!s.legal_actions().drop);
    assert_eq!(act(&mut s, &["3 stay"]), Step::PlayStarts);
    // With takes_all the third drop is legal (→ E5).
    let mut s = session(takes_all(), 3, &[20; 4], &[0; 4]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    act(
        &mut s,
        &["0 trump s", "0 stay", "1 drop", "2 drop", "3 drop"],
    );
    assert_eq!(s.deltas().next().unwrap(), [-5, 0, 0, 0]);
}

/// E8's deal: S1 holds d7, S3 holds c8 and c9; the stock starts s9 s8 s7.
fn e8_deal() -> tarock_zwanzig_ab::Deck {
    deck(
        &[
            "sA sK sQ hA hK",
            "d7 dA dK cA cK",
            "s10 sJ h10 hQ hJ",
            "c8 c9 d10 dQ dJ",
        ],
        "s9 s8 s7 c10 cQ cJ c7 h9 h8 h7 d9 d8",
        Seat::S0,
    )
}

#[test]
fn e8_drop_after_the_exchange() {
    let r = rules(|f| f.drop_timing = tarock_zwanzig_ab::rules::DropTiming::AfterExchange);
    let mut s = session(r, 3, &[20; 4], &[0; 4]);
    s.start_deal(e8_deal()).unwrap();
    act(&mut s, &["0 trump s", "0 stay", "1 swap d7"]);
    // A drop belongs to the drop round.
    rejected(&mut s, "2 drop", "X-5");
    act(&mut s, &["2 stay", "3 swap c8 c9"]);
    assert_eq!(s.phase(), Phase::DropRound);
    // The drop round starts with M + 1 = S1; cards and swaps are not expected.
    rejected(&mut s, "1 stay", "X-6");
    rejected(&mut s, "1 dA", "X-6");
    act(&mut s, &["1 drop", "2 play"]);
    assert_eq!(act(&mut s, &["3 drop"]), Step::PlayStarts);
    // S1's new card (s9, the stock's top) left the deal with him.
    assert!(s.hand(Seat::S1).contains("s9".parse().unwrap()));
    assert_eq!(s.hand(Seat::S3).to_string(), "s8 s7 d10 dQ dJ");
    assert_eq!(s.dropped().iter().collect::<Vec<_>>(), [Seat::S1, Seat::S3]);
    assert_eq!(s.drops(), [0, 1, 0, 1]);
    // S0 and S2 play: S0 leads, S2 follows, then S0 again.
    act(&mut s, &["0 sA", "2 sJ"]);
    assert_eq!(s.to_act(), Some(Seat::S0));

    // In the default timing there is no drop round, and a swap commits to play.
    let mut s = session(Rules::STANDARD, 3, &[20; 4], &[0; 4]);
    s.start_deal(e8_deal()).unwrap();
    act(&mut s, &["0 trump s", "0 stay"]);
    rejected(&mut s, "1 play", "X-1");
    act(&mut s, &["1 swap d7", "2 stay", "3 stay"]);
    assert_eq!(s.phase(), Phase::Play);
    assert!(s.dropped().is_empty());
}

fn c(id: &str) -> Card {
    id.parse().unwrap()
}

fn cards(ids: &str) -> CardSet {
    ids.parse().unwrap()
}

/// A trick led by S0 with `played` cards, hearts trump.
fn trick(played: &str) -> Trick {
    let mut t = Trick::new(Seat::S0);
    for (i, id) in played.split_whitespace().enumerate() {
        t.push(Seat::new(i as u8).unwrap(), c(id), Suit::Hearts);
    }
    t
}

fn legal(hand: &str, played: &str, r: &Rules) -> CardSet {
    legal_cards(cards(hand), &trick(played), Suit::Hearts, r)
}

fn must_head() -> Rules {
    rules(|f| f.must_head = true)
}

#[test]
fn e9_legal_cards() {
    let std = Rules::STANDARD;
    // a: void in clubs, holds a trump → must trump.
    assert_eq!(legal("s7 hQ d9", "cA", &std), cards("hQ"));
    // b: without must_trump a void player plays anything.
    let free = rules(|f| f.must_trump = false);
    assert_eq!(legal("s7 hQ d9", "cA", &free), cards("s7 hQ d9"));
    // c: follow suit, no duty to beat.
    assert_eq!(legal("c9 cK hQ", "cQ", &std), cards("c9 cK"));
    // d: must_head: K beats Q.
    assert_eq!(legal("c9 cK hQ", "cQ", &must_head()), cards("cK"));
    // e: trumped: no club can head it, so any club.
    assert_eq!(legal("c9 cK hQ", "cQ hJ", &must_head()), cards("c9 cK"));
    // f: holds a spade: must follow although the trick is trumped.
    assert_eq!(legal("h7 hA s9", "sA hJ", &std), cards("s9"));
    // g: void, must trump, any trump.
    assert_eq!(legal("h7 hA d9", "sA hJ", &std), cards("h7 hA"));
    // h: must_head: must over-trump.
    assert_eq!(legal("h7 hA d9", "sA hJ", &must_head()), cards("hA"));
    // i: must trump though it cannot win.
    assert_eq!(legal("h7 d9", "sA hJ", &must_head()), cards("h7"));
    // j: leading: the whole hand, trump included, under any flags.
    for r in [std, free, must_head()] {
        assert_eq!(legal("h7 hA d9 s7 c8", "", &r), cards("h7 hA d9 s7 c8"));
    }
}

#[test]
fn e10_trick_winners() {
    // Hearts trump; the winner's position in play order.
    let win = |played: &str| trick(played).winning().unwrap().1.to_string();
    assert_eq!(win("sK s10 sA s9"), "sA"); // A > 10 > K
    assert_eq!(win("s10 sK sQ s9"), "s10"); // 10 ranks above K
    assert_eq!(win("s9 dA cA s7"), "s9"); // off-suit cards never win
    assert_eq!(win("sA h7 hQ s10"), "hQ"); // highest trump
    assert_eq!(win("h8 h7 hJ h10"), "h10"); // trump led
}

#[test]
fn e11_the_stock_runs_out_with_five_players() {
    let mut s = session(Rules::STANDARD, 4, &[20; 5], &[0; 5]);
    s.start_deal(common::FG2_DECK.parse().unwrap()).unwrap();
    assert_eq!(s.stock_left(), 7);
    act(&mut s, &["0 trump s", "0 swap h10 cQ cJ"]);
    assert_eq!(s.hand(Seat::S0), cards("s9 s8 d7 c9 hK"));
    act(&mut s, &["1 swap h9 hJ c10"]);
    assert_eq!(s.hand(Seat::S1), cards("dA cA h7 dJ cK"));
    act(&mut s, &["2 drop"]);
    assert_eq!(s.stock_left(), 1);
    // Only one card left: a swap of two is illegal, of one legal.
    rejected(&mut s, "3 swap hA d10", "X-4");
    assert_eq!(s.legal_actions().swap_max, 1);
    act(&mut s, &["3 swap hA"]);
    assert_eq!(s.hand(Seat::S3), cards("d8 c7 s7 d10 sA"));
    rejected(&mut s, "4 swap dQ", "X-4");
    assert_eq!(s.legal_actions().swap_max, 0);
    assert_eq!(act(&mut s, &["4 stay"]), Step::PlayStarts);
}

#[test]
fn e12_exchange_limits() {
    let mut s = session(Rules::STANDARD, 3, &[20; 4], &[0; 4]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    act(&mut s, &["0 trump h"]);
    // S0 holds hA h10 c7 s8 d9.
    rejected(&mut s, "0 swap hA h10 c7 s8", "X-2");
    rejected(&mut s, "0 swap sA", "X-3");
    // `swap c7 c7` cannot be an Action (a set); the record path reports it.
    let record = serde_json::json!({
        "format": "zwanzig-ab-record/1", "rules": "standard", "players": 4, "dealer": 3,
        "deals": [{"deck": common::FG1_DECK_1}],
        "actions": ["0 trump h", "0 swap c7 c7"]});
    let report = tarock_zwanzig_ab::ReplayReport::from_json(&record.to_string());
    assert_eq!(report.index, Some(1));
    assert!(report.error.unwrap().starts_with("X-3"));
    assert_eq!(s.hand(Seat::S0), cards("hA h10 c7 s8 d9"));
}

/// FG2's facts at the end: scores before [9, 2, 14, 1, 8]; S1 out after
/// trick 2 (2 → 1 → 0), S3 after trick 3 (1 → 0); final scores
/// 9−1, 2−2, 14, 1−2, 8+5 = [8, 0, 14, −1, 13].
fn fg2_facts() -> SessionFacts {
    SessionFacts {
        players: 5,
        scores: [8, 0, 14, -1, 13],
        out_at: [0, 2, 0, 3, 0],
    }
}

#[test]
fn e13_first_out_wins() {
    let f = fg2_facts();
    let w = winner(&f, &Rules::STANDARD).unwrap();
    assert_eq!(w, Seat::S1); // out at 2 < 3
    // S0 pays 8, S2 14, S3 max(−1, 0) = 0, S4 13: S1 receives 35.
    let s = settle(&f, w, &Rules::STANDARD);
    assert_eq!(s.balance, [-8, 35, -14, 0, -13]);
    assert_eq!(s.payments.len(), 4);
    assert_eq!(s.payments[2].units, 0);
}

#[test]
fn e14_lowest_score_wins() {
    let r = rules(|f| f.winner_rule = WinnerRule::Lowest);
    let f = fg2_facts();
    let w = winner(&f, &r).unwrap();
    assert_eq!(w, Seat::S3); // −1 < 0
    // S0 8, S1 0, S2 14, S4 13 → S3 +35.
    assert_eq!(settle(&f, w, &r).balance, [-8, 0, -14, 35, -13]);
}

#[test]
fn e15_flat_settlement() {
    let r = rules(|f| f.settlement = SettlementRule::Flat);
    // FG1's end: [1, 16, 0, 11], S2 out after trick 1 of deal 2.
    let f = SessionFacts {
        players: 4,
        scores: [1, 16, 0, 11, 0],
        out_at: [0, 0, 1, 0, 0],
    };
    let w = winner(&f, &r).unwrap();
    assert_eq!(w, Seat::S2);
    // Each of the three losers pays 1.
    let s = settle(&f, w, &r);
    assert_eq!(s.balance, [-1, -1, 3, -1]);
    assert_eq!(s.money(10), [-10, -10, 30, -10]);
}

#[test]
fn e16_takes_all_crossing_zero() {
    let mut s = session(takes_all(), 3, &[4, 20, 20, 20], &[0; 4]);
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    let step = act(
        &mut s,
        &["0 trump s", "0 stay", "1 drop", "2 drop", "3 drop"],
    );
    // Credited tricks 1–5: running 3, 2, 1, 0 → out after trick 4; 4 − 5 = −1.
    assert_eq!(step, Step::SessionOver(Seat::S0));
    let outcome = s.outcome().unwrap();
    assert_eq!(outcome.out_at[0], 4);
    assert_eq!(s.scores(), [-1, 20, 20, 20]);
    // The others, at 20 each, pay 20.
    assert_eq!(outcome.settlement.balance, [60, -20, -20, -20]);
    // Nothing more can be dealt or done.
    assert_eq!(s.phase(), Phase::SessionOver);
    assert!(s.start_deal(common::FG1_DECK_2.parse().unwrap()).is_err());
    rejected(&mut s, "1 trump s", "S-1");
}

#[test]
fn illegal_actions_listed_after_e16() {
    // §8.5's list, each leaving the state unchanged.
    let mut s = session(Rules::STANDARD, 3, &[20; 4], &[0; 4]);
    // No deal dealt yet.
    rejected(&mut s, "0 trump h", "S-2");
    s.start_deal(common::FG1_DECK_1.parse().unwrap()).unwrap();
    rejected(&mut s, "0 stay", "T-1");
    rejected(&mut s, "1 trump h", "S-4");
    act(&mut s, &["0 trump h"]);
    rejected(&mut s, "0 trump s", "T-2");
    rejected(&mut s, "0 hA", "X-1");
    act(&mut s, &["0 swap c7 d9", "1 swap c8", "2 stay", "3 drop"]);
    // S0 holds hA h10 s8 d7 dK.
    rejected(&mut s, "1 h7", "S-4");
    rejected(&mut s, "0 stay", "P-1");
    rejected(&mut s, "0 c7", "P-2");
    act(&mut s, &["0 s8"]);
    // S1 holds h7 hQ sK d10 cA: must follow spades.
    rejected(&mut s, "1 hQ", "P-3");
    act(&mut s, &["1 sK", "2 sA"]);
    // S2 (h8 c9 dA h9) leads c9; S0 (hA h10 d7 dK) has no club, holds trump.
    act(&mut s, &["2 c9"]);
    rejected(&mut s, "0 d7", "P-4");
    // P-5 (must_head): S1 holds c10 and c8 to S0's c9; only c10 heads it.
    let mut h = session(must_head(), 3, &[20; 4], &[0; 4]);
    let d = deck(
        &[
            "c9 sA sK hA hK",
            "c10 c8 d7 d8 d9",
            "s10 sQ sJ s9 s8",
            "h10 hQ hJ h9 h8",
        ],
        "s7 cA cK cQ cJ c7 h7 dA d10 dK dQ dJ",
        Seat::S0,
    );
    h.start_deal(d).unwrap();
    act(
        &mut h,
        &["0 trump h", "0 stay", "1 stay", "2 stay", "3 stay", "0 c9"],
    );
    rejected(&mut h, "1 c8", "P-5");
    act(&mut h, &["1 c10"]);
}
