//! The scoring examples of SPEC §15.1–§15.3 (K1–K23, N1–N5, T1–T9): each
//! feeds the settlement with the example's facts column; the expected score
//! and money are derived in the comments from the value tables (§2, §9.2).

use tarock_koenigrufen::auction::Bidder;
use tarock_koenigrufen::score::{
    Announced, Facts, NegativeFacts, PositiveFacts, SchleifenFacts, TrischakenFacts, settle,
};
use tarock_koenigrufen::{Contract, Party, Premium, Preset, Rules, Seat};

use Party::{Declarer as D, Opponents as O};

fn cup() -> Rules {
    Preset::Cup2019.rules()
}

fn std_rules() -> Rules {
    Preset::Standard.rules()
}

/// Party D = `seats`.
fn parties(seats: &[usize]) -> [Party; 4] {
    std::array::from_fn(|i| if seats.contains(&i) { D } else { O })
}

/// Positive facts: `thirds` and `tricks` of party D (tricks default to a
/// mixed game unless the example says otherwise).
fn pos(contract: Contract, d: &[usize], thirds: u16, tricks: u8) -> PositiveFacts {
    PositiveFacts {
        thirds,
        tricks,
        ..PositiveFacts::new(contract, parties(d))
    }
}

fn announce(f: &mut PositiveFacts, p: Premium, owner: Party, level: u8) {
    f.announced[p.index()] = Some(Announced { owner, level });
}

/// (score, money) of positive facts.
fn price(f: PositiveFacts, rules: &Rules) -> ([i64; 4], [i64; 4]) {
    let s = settle(&Facts::Positive(f), rules);
    (s.score, s.money)
}

fn same(v: [i64; 4]) -> ([i64; 4], [i64; 4]) {
    (v, v)
}

#[test]
fn k1_rufer_won() {
    // Game +1 per pair seat.
    assert_eq!(
        price(pos(Contract::Rufer, &[0, 2], 121, 7), &cup()),
        same([1, -1, 1, -1])
    );
}

#[test]
fn k2_rufer_35_35_is_lost() {
    // 105 thirds = 35/0 < 107: game −1.
    assert_eq!(
        price(pos(Contract::Rufer, &[0, 2], 105, 6), &cup()),
        same([-1, 1, -1, 1])
    );
}

#[test]
fn k3_kontra_rekontra_counts_in_money_only() {
    let mut f = pos(Contract::Rufer, &[0, 1], 110, 6);
    f.game_level = 2;
    // Money 1·2² = 4; the score ignores Kontra in both presets (D-30).
    for rules in [cup(), std_rules()] {
        assert_eq!(price(f, &rules), ([1, 1, -1, -1], [4, 4, -4, -4]));
    }
    let in_score =
        Rules::from_spec(&serde_json::json!({"preset": "cup2019", "kontra_in_score": true}))
            .unwrap();
    assert_eq!(price(f, &in_score), same([4, 4, -4, -4]));
}

#[test]
fn k4_pagatrufer_scores_game_one_plus_pagat() {
    let mut f = pos(Contract::Pagatrufer, &[0, 3], 112, 8);
    announce(&mut f, Premium::Pagat, D, 0);
    f.achieved[Premium::Pagat.index()] = Some(D);
    // Game 1 + Pagat 2 = 3 per pair seat.
    assert_eq!(price(f, &cup()), same([3, -3, -3, 3]));
}

#[test]
fn k5_uhurufer_lost_game_won_uhu() {
    let mut f = pos(Contract::Uhurufer, &[0, 1], 98, 5);
    announce(&mut f, Premium::Uhu, D, 0);
    f.achieved[Premium::Uhu.index()] = Some(D);
    // −1 + 4 = +3 (V4: a lost game does not lose the premiums).
    assert_eq!(price(f, &cup()), same([3, 3, -3, -3]));
}

#[test]
fn k6_dreier_with_silent_trull() {
    let mut f = pos(Contract::Dreier, &[2], 130, 8);
    f.achieved[Premium::Trull.index()] = Some(D);
    // (5 + 2/2) · 3 = 18 for the declarer.
    assert_eq!(price(f, &cup()), same([-6, -6, 18, -6]));
}

#[test]
fn k7_lost_sechserdreier_doubles_only_the_game() {
    let mut f = pos(Contract::Sechserdreier, &[0], 96, 6);
    announce(&mut f, Premium::Uhu, D, 0);
    f.achieved[Premium::Uhu.index()] = Some(D);
    // −4·2 + 4 = −4 per opponent, declarer −12.
    assert_eq!(price(f, &cup()), same([-12, 4, 4, 4]));
}

#[test]
fn k8_solorufer_doubles_premiums() {
    let mut f = pos(Contract::Solorufer, &[1, 3], 115, 7);
    announce(&mut f, Premium::Ku, D, 0);
    f.achieved[Premium::Ku.index()] = Some(D);
    f.achieved[Premium::Trull.index()] = Some(O);
    // Game 2 + KU 2·2 − silent Trull 1·2 = 4 per pair seat.
    assert_eq!(price(f, &cup()), same([-4, 4, -4, 4]));
}

#[test]
fn k9_solodreier_silent_pagat() {
    let mut f = pos(Contract::Solodreier, &[3], 140, 9);
    f.achieved[Premium::Pagat.index()] = Some(D);
    // (12 + 1·2) · 3 = 42.
    assert_eq!(price(f, &cup()), same([-14, -14, -14, 42]));
}

#[test]
fn k10_farbensolo_counts_koenige_not_trull() {
    let mut f = pos(Contract::Farbensolo, &[1], 118, 8);
    f.achieved[Premium::Koenige.index()] = Some(D);
    f.achieved[Premium::Trull.index()] = Some(D);
    // (10 + 1·2) · 3 = 36; the Trull is ignored in colour games (V6).
    assert_eq!(price(f, &cup()), same([-12, 36, -12, -12]));
}

#[test]
fn k11_farbendreier_lost_koenige_for_o() {
    let mut f = pos(Contract::Farbendreier, &[0], 100, 5);
    f.achieved[Premium::Koenige.index()] = Some(O);
    // (−5 − 1) · 3 = −18.
    assert_eq!(price(f, &cup()), same([-18, 6, 6, 6]));
}

#[test]
fn k12_silent_valat_drops_silent_premiums() {
    let mut f = pos(Contract::Rufer, &[0, 2], 210, 12);
    f.achieved[Premium::Trull.index()] = Some(D);
    // Silent Valat 4·1; the silent Trull is dropped (V1).
    assert_eq!(price(f, &cup()), same([4, -4, 4, -4]));
}

#[test]
fn k13_announced_valat_and_pagat() {
    let mut f = pos(Contract::Dreier, &[0], 210, 12);
    announce(&mut f, Premium::Valat, D, 0);
    announce(&mut f, Premium::Pagat, D, 0);
    f.achieved[Premium::Pagat.index()] = Some(D);
    // (8·5 + 2) · 3 = 126.
    assert_eq!(price(f, &cup()), same([126, -42, -42, -42]));
}

#[test]
fn k14_standard_lost_valat_replaces_the_won_game() {
    let mut f = pos(Contract::Dreier, &[0], 120, 11);
    announce(&mut f, Premium::Valat, D, 0);
    announce(&mut f, Premium::Pagat, D, 0);
    f.achieved[Premium::Pagat.index()] = Some(D);
    // (−8·4 + 2) · 3 = −90.
    assert_eq!(price(f, &std_rules()), same([-90, 30, 30, 30]));
}

#[test]
fn k15_standard_sechserdreier_silent_valat_for_o_keeps_the_kontra() {
    let mut f = pos(Contract::Sechserdreier, &[0], 0, 0);
    f.game_level = 1;
    // 4·(2·4) = 32 per opponent (lost double); money ×2 (V3).
    assert_eq!(
        price(f, &std_rules()),
        ([-96, 32, 32, 32], [-192, 64, 64, 64])
    );
    let off = Rules::from_spec(
        &serde_json::json!({"preset": "standard", "silent_valat_keeps_kontra": false}),
    )
    .unwrap();
    assert_eq!(price(f, &off), same([-96, 32, 32, 32]));
}

#[test]
fn k16_lost_trull_at_subkontra() {
    let mut f = pos(Contract::Rufer, &[0, 2], 120, 8);
    announce(&mut f, Premium::Trull, D, 3);
    // Game +1, Trull −2 at ×8: score 1 − 2 = −1, money 1 − 16 = −15.
    for rules in [cup(), std_rules()] {
        assert_eq!(price(f, &rules), ([-1, 1, -1, 1], [-15, 15, -15, 15]));
    }
}

#[test]
fn k17_rufer_alone_with_the_king_from_the_talon() {
    // 1 vs 3: 1·3 for the declarer.
    assert_eq!(
        price(pos(Contract::Rufer, &[0], 109, 7), &cup()),
        same([3, -1, -1, -1])
    );
}

#[test]
fn k18_solorufer_king_in_talon_voids_kontras() {
    let mut f = pos(Contract::Solorufer, &[0], 111, 7);
    f.game_level = 2;
    f.kontras_void = true;
    // 2·3 = 6; Kontras void (D-14): money = score.
    assert_eq!(price(f, &cup()), same([6, -2, -2, -2]));
}

#[test]
fn k19_schleifen_uhurufer() {
    let f = SchleifenFacts {
        contract: Contract::Uhurufer,
        declarer: Seat::S2,
        bird: None,
    };
    let s = settle(&Facts::Schleifen(f), &cup());
    // Table value 5 to each of three others.
    assert_eq!((s.score, s.money), same([5, 5, -15, 5]));
}

#[test]
fn k20_standard_schleifen_besserrufer_with_the_uhu() {
    let f = SchleifenFacts {
        contract: Contract::Besserrufer,
        declarer: Seat::S1,
        bird: Some(Premium::Uhu),
    };
    let s = settle(&Facts::Schleifen(f), &std_rules());
    // 1 + 4 = 5.
    assert_eq!((s.score, s.money), same([5, -15, 5, 5]));
}

#[test]
fn k21_lost_mussolini_doubles() {
    // −4·2 = −8 per opponent (D-04).
    assert_eq!(
        price(pos(Contract::Mussolini, &[1], 99, 5), &cup()),
        same([8, -24, 8, 8])
    );
}

#[test]
fn k22_geierrufer_geier_beaten_under_kontra() {
    let mut f = pos(Contract::Geierrufer, &[0, 2], 125, 8);
    announce(&mut f, Premium::Geier, D, 1);
    f.failed[Premium::Geier.index()] = Some(D);
    // Game +1, Geier −10: score −9; money 1 − 20 = −19.
    assert_eq!(price(f, &cup()), ([-9, 9, -9, 9], [-19, 19, -19, 19]));
}

#[test]
fn k23_the_opponents_announced_valat_fails() {
    let mut f = pos(Contract::Dreier, &[3], 122, 5);
    announce(&mut f, Premium::Valat, O, 0);
    // O's Valat lost: D +8·5 = 40, replacing the game; 40·3 = 120.
    assert_eq!(price(f, &cup()), same([-40, -40, -40, 120]));
}

#[test]
fn d27_silent_failures_count_only_with_the_flag() {
    let mut f = pos(Contract::Rufer, &[0, 2], 121, 7);
    f.failed[Premium::Pagat.index()] = Some(D);
    assert_eq!(price(f, &cup()), same([1, -1, 1, -1]));
    let flag =
        Rules::from_spec(&serde_json::json!({"preset": "cup2019", "silent_failure_counts": true}))
            .unwrap();
    // Game +1, failed silent Pagat 1 to O: 0 each.
    assert_eq!(price(f, &flag), same([0, 0, 0, 0]));
}

fn negative(
    bidders: &[(usize, Contract)],
    tricks: [u8; 4],
    kontras: &[(usize, usize, u8)],
    rules: &Rules,
) -> ([i64; 4], [i64; 4]) {
    let mut declarers = [None; 4];
    for (i, (seat, contract)) in bidders.iter().enumerate() {
        declarers[i] = Some(Bidder {
            seat: Seat::ALL[*seat],
            contract: *contract,
        });
    }
    let mut levels = [[0; 4]; 4];
    for (d, o, k) in kontras {
        levels[*d][*o] = *k;
    }
    let s = settle(
        &Facts::Negative(NegativeFacts {
            declarers,
            tricks,
            levels,
        }),
        rules,
    );
    (s.score, s.money)
}

#[test]
fn n1_piccolo_won_with_a_kontra() {
    // 2 from each; S2 pays 2·2 in money.
    assert_eq!(
        negative(
            &[(1, Contract::Piccolo)],
            [4, 1, 4, 3],
            &[(1, 2, 1)],
            &cup()
        ),
        ([-2, 6, -2, -2], [-2, 8, -4, -2])
    );
}

#[test]
fn n2_bettler_ouvert_lost_with_kontra_and_rekontra() {
    // Ended early at trick 5 (S0 took a trick): −8·3; money 8·2 + 8·4 + 8 = 56.
    assert_eq!(
        negative(
            &[(0, Contract::BettlerOuvert)],
            [1, 2, 1, 1],
            &[(0, 1, 1), (0, 2, 2)],
            &cup()
        ),
        ([-24, 8, 8, 8], [-56, 16, 32, 8])
    );
}

#[test]
fn n3_standard_bettel_ouvert_oo_example() {
    assert_eq!(
        negative(
            &[(0, Contract::BettlerOuvert)],
            [1, 2, 1, 1],
            &[(0, 1, 1), (0, 2, 2)],
            &std_rules()
        ),
        ([-21, 7, 7, 7], [-49, 14, 28, 7])
    );
}

#[test]
fn n4_bei_each_declarer_settled_alone() {
    // S1 Piccolo won: +2 from S0, S2, S3; S3 Zwiccolo lost (3 tricks): −2 to S0, S1, S2.
    assert_eq!(
        negative(
            &[(1, Contract::Piccolo), (3, Contract::Zwiccolo)],
            [4, 1, 4, 3],
            &[],
            &cup()
        ),
        same([0, 8, 0, -8])
    );
}

#[test]
fn n5_zwiccolo_won() {
    assert_eq!(
        negative(&[(2, Contract::Zwiccolo)], [4, 3, 2, 3], &[], &cup()),
        same([-2, -2, 6, -2])
    );
}

/// Trischaken facts with the Fahrer S0; thirds must sum to 210.
fn trischaken(thirds: [u16; 4], tricks: [u8; 4], rules: &Rules) -> [i64; 4] {
    assert_eq!(thirds.iter().sum::<u16>(), 210);
    let f = TrischakenFacts {
        thirds,
        tricks,
        fahrer: Seat::S0,
    };
    let s = settle(&Facts::Trischaken(f), rules);
    assert_eq!(s.score, s.money, "no Kontra in Trischaken");
    s.score
}

#[test]
fn t1_single_loser_pays_one_each() {
    let v = [1, 1, -3, 1];
    assert_eq!(trischaken([60, 40, 80, 30], [3, 3, 4, 2], &cup()), v);
    assert_eq!(trischaken([60, 40, 80, 30], [3, 3, 4, 2], &std_rules()), v);
}

#[test]
fn t2_the_jungfrau_gets_three() {
    let v = [0, 0, -3, 3];
    assert_eq!(trischaken([60, 59, 91, 0], [4, 4, 4, 0], &cup()), v);
    assert_eq!(trischaken([60, 59, 91, 0], [4, 4, 4, 0], &std_rules()), v);
}

#[test]
fn t3_two_tied_losers_pay_each_winner() {
    let v = [2, -2, -2, 2];
    assert_eq!(trischaken([36, 75, 75, 24], [3, 4, 3, 2], &cup()), v);
    assert_eq!(trischaken([36, 75, 75, 24], [3, 4, 3, 2], &std_rules()), v);
}

#[test]
fn t4_tied_losers_and_a_jungfrau() {
    // cup2019: 3 from each loser; standard: a pot of 4.
    assert_eq!(
        trischaken([60, 75, 75, 0], [4, 4, 4, 0], &cup()),
        [0, -3, -3, 6]
    );
    assert_eq!(
        trischaken([60, 75, 75, 0], [4, 4, 4, 0], &std_rules()),
        [0, -2, -2, 4]
    );
}

#[test]
fn t5_the_fahrer_loses_alone_on_a_tie() {
    let v = [-6, 2, 2, 2];
    assert_eq!(trischaken([75, 75, 30, 30], [4, 4, 2, 2], &cup()), v);
    assert_eq!(trischaken([75, 75, 30, 30], [4, 4, 2, 2], &std_rules()), v);
}

#[test]
fn t6_two_jungfrauen() {
    // cup2019: 3 to each; standard: the special pot of 4, shared.
    assert_eq!(
        trischaken([104, 106, 0, 0], [6, 6, 0, 0], &cup()),
        [0, -6, 3, 3]
    );
    assert_eq!(
        trischaken([104, 106, 0, 0], [6, 6, 0, 0], &std_rules()),
        [0, -4, 2, 2]
    );
}

#[test]
fn t7_a_loser_with_35_and_2_blatt_pays_double() {
    let v = [2, 2, -6, 2];
    assert_eq!(trischaken([40, 32, 108, 30], [3, 3, 4, 2], &cup()), v);
    assert_eq!(trischaken([40, 32, 108, 30], [3, 3, 4, 2], &std_rules()), v);
}

#[test]
fn t8_the_fahrer_with_35_and_2_blatt_and_a_jungfrau() {
    let v = [-12, 0, 0, 12];
    assert_eq!(trischaken([108, 60, 42, 0], [6, 3, 3, 0], &cup()), v);
    assert_eq!(trischaken([108, 60, 42, 0], [6, 3, 3, 0], &std_rules()), v);
}

#[test]
fn t9_three_tied_losers() {
    let v = [3, -1, -1, -1];
    assert_eq!(trischaken([30, 60, 60, 60], [3, 3, 3, 3], &cup()), v);
    assert_eq!(trischaken([30, 60, 60, 60], [3, 3, 3, 3], &std_rules()), v);
}
