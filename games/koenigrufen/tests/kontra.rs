//! Announcements and Kontra: the vectors KV1–KV7 of SPEC §7.6 (`cup2019`,
//! Rufer by S0 with partner S2) and the rules K1–K10 of §7.3.

mod common;

use common::{FD1_TALON, new_game, refused, run};
use tarock_koenigrufen::{
    Action, Contract, Game, Item, Party, Phase, Premium, Preset, RuleError, Seat,
};

/// FD1 with the Pagat moved to S0 (for s9) and S1's Uhu exchanged for S3's
/// Kakadu: S0 holds `T1`, S1 does not hold `T2`, S2 holds the called `cK`.
const KV_HANDS: [&str; 4] = [
    "T22 T20 T18 T15 T12 T9 T6 T1 hK hQ c10 c8",
    "T19 T14 T8 T3 sK sQ sN s7 dN d3 h4 c7",
    "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
    "T16 T13 T10 T5 T2 s9 dK dQ sJ s10 s8 hN",
];

/// The KV setup: Rufer by S0 calling the cK (partner S2), talon and discard done.
fn kv(preset: Preset) -> Game {
    let mut g = new_game(preset.rules(), KV_HANDS, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 rufer",
            "0 rufe cK",
            "0 nimm 2",
            "0 ablage c8 c10 d2",
        ],
    );
    assert_eq!(g.phase(), Phase::Announcements);
    g
}

fn level(g: &Game, item: Item) -> Option<u8> {
    g.round().unwrap().item(item).map(|s| s.level)
}

#[test]
fn kv1_pagat_kontra_rekontra_subkontra() {
    let mut g = kv(Preset::Cup2019);
    run(
        &mut g,
        &[
            "0 pagat",
            "1 kontra-pagat",
            "2 kontra-pagat",
            "3 weiter",
            "0 weiter",
            "1 kontra-pagat",
            "2 weiter",
            "3 weiter",
        ],
    );
    assert_eq!(g.phase(), Phase::Announcements);
    run(&mut g, &["0 weiter"]);
    assert_eq!(g.phase(), Phase::Play, "three empty turns end the round");
    assert_eq!(level(&g, Item::Premium(Premium::Pagat)), Some(3));
    // S2's Rekontra revealed him as partner (D-19).
    assert_eq!(g.public_parties()[2], Some(Party::Declarer));
}

#[test]
fn kv2_kontra_rekontra_subkontra_on_the_game() {
    let mut g = kv(Preset::Cup2019);
    run(
        &mut g,
        &[
            "0 weiter",
            "1 weiter",
            "2 weiter",
            "3 kontra-spiel",
            "0 kontra-spiel",
            "1 kontra-spiel",
        ],
    );
    assert_eq!(level(&g, Item::Spiel), Some(3));
}

#[test]
fn kv3_a_kontra_not_right_after_the_change_is_late() {
    let mut g = kv(Preset::Cup2019);
    let e = refused(
        &mut g,
        &[
            "0 weiter",
            "1 weiter",
            "2 weiter",
            "3 trull",
            "0 kontra-trull",
            "1 weiter",
            "2 kontra-spiel",
        ],
    );
    assert_eq!(e, RuleError::KontraTooLate(Item::Spiel));
    assert_eq!(level(&g, Item::Premium(Premium::Trull)), Some(1));
}

#[test]
fn kv4_an_opponent_announces_trull_for_his_side() {
    let mut g = kv(Preset::Cup2019);
    run(&mut g, &["0 weiter", "1 trull"]);
    let trull = g
        .round()
        .unwrap()
        .item(Item::Premium(Premium::Trull))
        .unwrap();
    assert_eq!(
        (trull.owner, trull.announcer),
        (Party::Opponents, Some(Seat::S1))
    );
}

#[test]
fn kv5_a_bird_only_by_its_holder() {
    let e = refused(&mut kv(Preset::Cup2019), &["0 weiter", "1 uhu"]);
    assert_eq!(e, RuleError::BirdNotHeld(Premium::Uhu));
}

#[test]
fn kv6_the_partner_announces_koenig_ultimo() {
    for preset in Preset::ALL {
        let mut g = kv(preset);
        run(&mut g, &["0 weiter", "1 weiter", "2 ku"]);
        assert_eq!(level(&g, Item::Premium(Premium::Ku)), Some(0), "{preset}");
    }
    // standard: only the holder of the called King (K5); cup2019: any D member.
    let e = refused(&mut kv(Preset::Standard), &["0 ku"]);
    assert_eq!(e, RuleError::KuNotAllowed);
    let mut cup = kv(Preset::Cup2019);
    run(&mut cup, &["0 ku"]);
    assert_eq!(
        refused(&mut kv(Preset::Cup2019), &["0 weiter", "1 ku"]),
        RuleError::KuNotAllowed
    );
}

#[test]
fn kv7_negative_games_kontra_per_pair() {
    let mut g = new_game(Preset::Cup2019.rules(), KV_HANDS, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 piccolo",
            "2 weiter",
            "3 weiter",
            "0 weiter",
            "2 kontra-spiel",
            "3 weiter",
            "0 weiter",
            "1 kontra-spiel@2",
            "2 kontra-spiel",
        ],
    );
    let round = g.round().unwrap();
    assert_eq!(round.pair(Seat::S1, Seat::S2).level, 3);
    assert_eq!(round.pair(Seat::S1, Seat::S3).level, 0);
    assert_eq!(round.pair(Seat::S1, Seat::S0).level, 0);
    // The log keeps the resolved target: S2's Subkontra was against S1.
    let log = g.log();
    assert_eq!(
        log[log.len() - 2],
        (Seat::S2, Action::Kontra(Item::Spiel, Some(Seat::S1)))
    );
    assert_eq!(log[log.len() - 1], (Seat::S2, Action::Weiter));
}

#[test]
fn k1_no_premiums_in_negative_games() {
    let mut g = new_game(Preset::Cup2019.rules(), KV_HANDS, FD1_TALON);
    let e = refused(
        &mut g,
        &[
            "0 vorhand",
            "1 bettler",
            "2 weiter",
            "3 weiter",
            "0 weiter",
            "2 trull",
        ],
    );
    assert_eq!(e, RuleError::NoPremiums);
    // Only the pair's seats act: S2 cannot kontra S3, nor an item other than the game.
    assert_eq!(
        refused(&mut g, &["2 kontra-spiel@3"]),
        RuleError::KontraNoPair(Seat::S3)
    );
    assert_eq!(
        refused(&mut g, &["2 kontra-trull"]),
        RuleError::NothingToKontra(Item::Premium(Premium::Trull))
    );
}

#[test]
fn k2_colour_games_know_only_koenige_and_valat() {
    let mut g = new_game(Preset::Cup2019.rules(), KV_HANDS, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 farbensolo",
            "2 weiter",
            "3 weiter",
            "0 weiter",
        ],
    );
    assert_eq!(
        refused(&mut g, &["1 trull"]),
        RuleError::PremiumNotInGame(Premium::Trull)
    );
    run(&mut g, &["1 koenige valat"]);
    // KU exists only in king-calling games.
    let mut d = new_game(Preset::Cup2019.rules(), KV_HANDS, FD1_TALON);
    run(
        &mut d,
        &["0 solodreier", "1 weiter", "2 weiter", "3 weiter"],
    );
    assert_eq!(
        refused(&mut d, &["0 ku"]),
        RuleError::PremiumNotInGame(Premium::Ku)
    );
}

#[test]
fn k3_premiums_only_in_the_first_turn_and_k4_once() {
    let mut g = kv(Preset::Cup2019);
    run(
        &mut g,
        &["0 weiter", "1 kontra-spiel", "2 kontra-spiel", "3 weiter"],
    );
    assert_eq!(refused(&mut g, &["0 trull"]), RuleError::PremiumsFirstTurn);
    let mut h = kv(Preset::Cup2019);
    run(&mut h, &["0 trull"]);
    assert_eq!(
        refused(&mut h, &["1 trull"]),
        RuleError::AlreadyAnnounced(Premium::Trull)
    );
}

#[test]
fn k7_kontra_levels_alternate_and_stop_at_max() {
    let mut g = kv(Preset::Cup2019);
    // The owner side cannot give the first Kontra.
    assert_eq!(
        refused(&mut g, &["0 kontra-spiel"]),
        RuleError::KontraWrongSide(Item::Spiel)
    );
    assert_eq!(
        refused(&mut g, &["0 kontra-pagat"]),
        RuleError::NothingToKontra(Item::Premium(Premium::Pagat))
    );
    let mut h = new_game(
        tarock_koenigrufen::Rules::from_spec(
            &serde_json::json!({"preset": "cup2019", "max_kontra": 1}),
        )
        .unwrap(),
        KV_HANDS,
        FD1_TALON,
    );
    run(
        &mut h,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 rufer",
            "0 rufe cK",
            "0 nimm 2",
            "0 ablage c8 c10 d2",
        ],
    );
    run(&mut h, &["0 weiter", "1 kontra-spiel"]);
    assert_eq!(
        refused(&mut h, &["2 kontra-spiel"]),
        RuleError::KontraLimit(Item::Spiel)
    );
}

#[test]
fn k9_standard_colour_games_kontra_or_valat() {
    let mut g = new_game(Preset::Standard.rules(), KV_HANDS, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 farbensolo",
            "2 weiter",
            "3 weiter",
            "0 weiter",
            "1 weiter",
        ],
    );
    let e = refused(&mut g, &["2 kontra-spiel valat"]);
    assert_eq!(e, RuleError::KontraOrValat);
    // cup2019 allows both.
    let mut c = new_game(Preset::Cup2019.rules(), KV_HANDS, FD1_TALON);
    run(
        &mut c,
        &[
            "0 vorhand",
            "1 farbensolo",
            "2 weiter",
            "3 weiter",
            "0 weiter",
            "1 weiter",
            "2 kontra-spiel valat",
        ],
    );
}

#[test]
fn k10_the_besserrufer_announces_a_bird_he_held() {
    // standard: S3 holds T1 T2 T3 T5: Besserrufer; must announce one of T1–T4.
    let mut g = new_game(Preset::Standard.rules(), common::FD1_HANDS, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 besserrufer",
            "0 weiter",
            "3 rufe hK",
            "3 nimm 1",
        ],
    );
    // Discard three suit cards (sJ s10 s8), keeping every bird.
    run(&mut g, &["3 ablage sJ s10 s8"]);
    assert!(!g.legal_actions().words().contains(&Action::Weiter));
    assert_eq!(refused(&mut g, &["3 weiter"]), RuleError::BirdRequired);
    run(&mut g, &["3 kakadu"]);
    assert_eq!(
        g.round()
            .unwrap()
            .item(Item::Premium(Premium::Kakadu))
            .map(|s| s.owner),
        Some(Party::Declarer)
    );
    assert_eq!(g.declared().unwrap().contract, Contract::Besserrufer);
}

#[test]
fn before_the_king_call_nobody_but_the_declarer_knows_his_party() {
    let mut g = new_game(Preset::Cup2019.rules(), KV_HANDS, FD1_TALON);
    run(
        &mut g,
        &["0 vorhand", "1 weiter", "2 weiter", "3 weiter", "0 rufer"],
    );
    assert_eq!(g.phase(), Phase::KingCall);
    assert_eq!(g.view(Seat::S2).my_party(), None);
    assert_eq!(g.view(Seat::S0).my_party(), Some(Party::Declarer));
    run(&mut g, &["0 rufe cK"]);
    assert_eq!(g.view(Seat::S2).my_party(), Some(Party::Declarer));
    assert_eq!(g.view(Seat::S1).my_party(), Some(Party::Opponents));
}

#[test]
fn d19_announcements_reveal_the_partner_and_views_hide_him_before() {
    let mut g = kv(Preset::Cup2019);
    run(&mut g, &["0 weiter", "1 weiter"]);
    assert_eq!(g.view(Seat::S1).parties[2], None);
    assert_eq!(g.view(Seat::S2).parties[2], Some(Party::Declarer));
    assert_eq!(
        g.view(Seat::S0).parties[2],
        None,
        "the declarer does not know his partner"
    );
    run(&mut g, &["2 trull"]);
    assert_eq!(g.view(Seat::S1).parties[2], Some(Party::Declarer));
    let history = g.public_view().history;
    let entry = history
        .iter()
        .rev()
        .find(|e| e.action == Some(Action::Announce(Premium::Trull)))
        .unwrap();
    assert_eq!((entry.seat, entry.party), (Seat::S2, Some(Party::Declarer)));
}

#[test]
fn partner_announces_the_declarers_talon_bird_in_cup2019() {
    // FD1 with S3's T5 and S0's T6 exchanged... instead: the talon holds the Kakadu.
    let hands = [
        "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
        "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
        "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
        "T16 T13 T10 T5 cQ T1 dK dQ sJ s10 s8 hN",
    ];
    let talon = "hA h3 c9 d2 d4 T3";
    for (preset, ok) in [(Preset::Cup2019, true), (Preset::Standard, false)] {
        let mut g = new_game(preset.rules(), hands, talon);
        run(
            &mut g,
            &[
                "0 vorhand",
                "1 weiter",
                "2 weiter",
                "3 weiter",
                "0 rufer",
                "0 rufe cK",
                "0 nimm 2",
                "0 ablage c8 c10 d2",
                "0 weiter",
                "1 weiter",
            ],
        );
        let (seat, list) = tarock_koenigrufen::record::parse_action("2 kakadu").unwrap();
        assert_eq!(g.apply_all(seat, &list).is_ok(), ok, "{preset}");
    }
}
