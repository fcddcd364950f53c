//! The two fully specified deals of SPEC §15.4 (FD1, a Rufer with talon,
//! Kontra and König Ultimo) and §15.5 (FD2, a Trischaken), replayed from
//! records under both presets: every trick winner, the thirds, the
//! settlement lines and the exact `tarock replay` output line.

mod common;

use common::{FD1_TRICKS, card, fd1_record, fd2_record};
use tarock_koenigrufen::record::{Record, ReplayReport};
use tarock_koenigrufen::score::{Facts, Scored};
use tarock_koenigrufen::{CardSet, Game, Party, Premium, Preset, Seat};

fn winners(game: &Game) -> Vec<(u8, String)> {
    game.play()
        .unwrap()
        .tricks()
        .map(|t| (t.winner as u8, t.card.to_string()))
        .collect()
}

/// (winner, winning card, thirds of the trick) as in the SPEC's tables.
const FD1_EXPECTED: [(u8, &str, u16); 12] = [
    (0, "T22", 28),
    (3, "dQ", 13),
    (2, "T17", 4),
    (1, "T19", 4),
    (2, "T4", 13),
    (0, "T18", 4),
    (0, "T9", 10),
    (0, "T6", 19),
    (0, "T20", 7),
    (0, "hQ", 25),
    (0, "hK", 28),
    (2, "cK", 49),
];

#[test]
fn fd1_every_trick_as_in_the_spec() {
    for preset in Preset::ALL {
        let game = fd1_record(preset).to_game().expect("FD1 is legal");
        let expected: Vec<(u8, String)> = FD1_EXPECTED
            .iter()
            .map(|(s, c, _)| (*s, c.to_string()))
            .collect();
        assert_eq!(winners(&game), expected, "{preset}");
        for (t, (_, _, thirds)) in game.play().unwrap().tricks().zip(FD1_EXPECTED) {
            assert_eq!(t.trick.card_set().thirds(), thirds);
        }
        assert_eq!(game.play().unwrap().won(), [7, 1, 3, 1]);
        // The leaders of the SPEC table.
        let leaders: Vec<u8> = game
            .play()
            .unwrap()
            .tricks()
            .map(|t| t.trick.leader() as u8)
            .collect();
        assert_eq!(
            leaders,
            FD1_TRICKS.iter().map(|(l, _)| *l).collect::<Vec<_>>()
        );
    }
}

#[test]
fn fd1_counting_and_premiums() {
    let game = fd1_record(Preset::Cup2019).to_game().unwrap();
    // D tricks 187 thirds + discards c8 c10 d2 = 3 → 190 (63/1); O 17 + half 1 = 20.
    assert_eq!(game.declarer_pile().thirds(), 190);
    assert_eq!(
        game.talon().discard,
        "c8 c10 d2".parse::<CardSet>().unwrap()
    );
    let Some(Facts::Positive(f)) = game.facts() else {
        panic!("a positive game")
    };
    assert_eq!((f.thirds, f.tricks, f.game_level), (190, 10, 2));
    assert_eq!(
        f.parties,
        [
            Party::Declarer,
            Party::Opponents,
            Party::Declarer,
            Party::Opponents
        ]
    );
    assert_eq!(f.achieved[Premium::Trull.index()], Some(Party::Declarer));
    assert_eq!(f.achieved[Premium::Koenige.index()], Some(Party::Declarer));
    assert_eq!(f.achieved[Premium::Ku.index()], Some(Party::Declarer));
    // The Pagat was beaten in trick 8, not its trick: no bird premium.
    assert_eq!(f.achieved[Premium::Pagat.index()], None);
}

#[test]
fn fd1_settlement_lines() {
    for preset in Preset::ALL {
        let game = fd1_record(preset).to_game().unwrap();
        let s = game.settlement().unwrap();
        // Game 1 (k=2, money 4); Trull silent 1; Könige silent 1; KU 2 (k=1, money 4).
        let lines: Vec<(Scored, u32, u8, i64, i64)> = s
            .lines
            .iter()
            .map(|l| (l.what, l.value, l.kontra, l.score[0], l.money[0]))
            .collect();
        assert_eq!(
            lines,
            vec![
                (
                    Scored::Game {
                        contract: tarock_koenigrufen::Contract::Rufer
                    },
                    1,
                    2,
                    1,
                    4
                ),
                (
                    Scored::Premium {
                        premium: Premium::Trull
                    },
                    1,
                    0,
                    1,
                    1
                ),
                (
                    Scored::Premium {
                        premium: Premium::Koenige
                    },
                    1,
                    0,
                    1,
                    1
                ),
                (
                    Scored::Premium {
                        premium: Premium::Ku
                    },
                    2,
                    1,
                    2,
                    4
                ),
            ],
            "{preset}"
        );
        assert_eq!(s.score, [5, -5, 5, -5]);
        assert_eq!(s.money, [10, -10, 10, -10]);
    }
}

#[test]
fn fd1_replay_output_is_the_spec_line() {
    for preset in Preset::ALL {
        let line = ReplayReport::from_json(&fd1_record(preset).to_json()).to_json();
        assert_eq!(
            line,
            r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"cK","tricks":[7,1,3,1],"thirds":[190,20],"balance":[5,-5,5,-5],"money":[10,-10,10,-10]}"#
        );
    }
}

#[test]
fn fd1_views_show_the_talon_and_hide_the_discard() {
    let mut record = fd1_record(Preset::Cup2019);
    record.actions.truncate(8); // through "0 ablage c8 c10 d2"
    let game = record.to_game().unwrap();
    let public = game.public_view();
    assert_eq!(public.talon[0], Some("hA h3 c9".parse().unwrap()));
    assert_eq!(public.talon[1], Some("d2 d4 cQ".parse().unwrap()));
    // Suit-card discards are face down: the others see neither cards nor face-up ones.
    let s1 = game.view(Seat::S1);
    let discard = s1
        .public
        .history
        .iter()
        .find(|e| e.seat == Seat::S0 && e.action.is_none())
        .unwrap();
    assert_eq!(discard.face_up, CardSet::EMPTY);
    assert_eq!(s1.own_discard, CardSet::EMPTY);
    assert_eq!(
        game.view(Seat::S0).own_discard,
        "c8 c10 d2".parse().unwrap()
    );
    // Before the talon phase no half is shown.
    let mut early = fd1_record(Preset::Cup2019);
    early.actions.truncate(5);
    assert_eq!(early.to_game().unwrap().public_view().talon, [None, None]);
}

#[test]
fn fd1_the_partner_is_public_once_he_kontras() {
    let mut record = fd1_record(Preset::Cup2019);
    record.actions.truncate(10); // through "1 kontra-spiel"
    let game = record.to_game().unwrap();
    assert_eq!(game.public_parties()[2], None);
    let mut record = fd1_record(Preset::Cup2019);
    record.actions.truncate(11); // "2 kontra-spiel ku"
    let game = record.to_game().unwrap();
    assert_eq!(game.public_parties()[2], Some(Party::Declarer));
    // KU reserves the cK for trick 12 (§8.4) once the play starts.
    let full = fd1_record(Preset::Cup2019);
    let mut record = full.clone();
    record.actions.truncate(15);
    assert!(record.to_game().unwrap().reserved().contains(card("cK")));
}

#[test]
fn fd2_every_trick_as_in_the_spec() {
    let expected = [
        (0, "hQ", 16),
        (2, "T14", 4),
        (1, "T9", 13),
        (2, "T22", 25),
        (1, "T11", 13),
        (0, "T13", 16),
        (1, "T17", 13),
        (0, "T20", 22),
        (1, "T19", 7),
        (0, "T10", 13),
        (1, "T21", 16),
        (1, "dK", 28),
    ];
    for preset in Preset::ALL {
        let game = fd2_record(preset).to_game().expect("FD2 is legal");
        let got: Vec<(u8, String, u16)> = game
            .play()
            .unwrap()
            .tricks()
            .map(|t| {
                (
                    t.winner as u8,
                    t.card.to_string(),
                    t.trick.card_set().thirds(),
                )
            })
            .collect();
        let want: Vec<(u8, String, u16)> = expected
            .iter()
            .map(|(s, c, t)| (*s, c.to_string(), *t))
            .collect();
        assert_eq!(got, want, "{preset}");
        assert_eq!(
            game.play().unwrap().trick(0).unwrap().trick.leader(),
            Seat::S1
        );
    }
}

#[test]
fn fd2_counting_and_settlement() {
    for preset in Preset::ALL {
        let game = fd2_record(preset).to_game().unwrap();
        let Some(Facts::Trischaken(f)) = game.facts() else {
            panic!("Trischaken")
        };
        // S0 67 (22/1); S1 90 + talon 24 = 114 (38/0); S2 29; S3 Jungfrau.
        assert_eq!(f.thirds, [67, 114, 29, 0]);
        assert_eq!(f.tricks, [4, 6, 2, 0]);
        assert_eq!(f.fahrer, Seat::S1);
        // The Fahrer loses with ≥ 107: ×2 ×2, 3·4 = 12 to the single Jungfrau.
        let s = game.settlement().unwrap();
        assert_eq!(
            (s.score, s.money),
            ([0, -12, 0, 12], [0, -12, 0, 12]),
            "{preset}"
        );
        let line = ReplayReport::from_json(&fd2_record(preset).to_json()).to_json();
        assert_eq!(
            line,
            r#"{"status":"finished","game":"trischaken","declarer":[1],"tricks":[4,6,2,0],"thirds":[67,114,29,0],"balance":[0,-12,0,12],"money":[0,-12,0,12]}"#
        );
    }
}

#[test]
fn fd2_pagat_as_the_last_tarock_and_stichzwang() {
    let mut record = fd2_record(Preset::Cup2019);
    // Trick 6 is led by S1 with T12: the auction's 5 actions, 5 tricks, 1 card.
    record.actions.truncate(5 + 5 * 4 + 1);
    let game = record.to_game().unwrap();
    assert_eq!(game.to_act(), Some(Seat::S2));
    // S2 holds T1 as his last tarock and cannot beat T12: the Pagat is his only card.
    assert_eq!(game.legal_cards(), "T1".parse().unwrap());
    // Trick 1: S2 must beat h3 with a heart.
    let mut start = fd2_record(Preset::Cup2019);
    start.actions.truncate(6);
    let g = start.to_game().unwrap();
    assert_eq!(g.legal_cards(), "hK hA".parse().unwrap());
}

#[test]
fn records_of_the_full_deals_round_trip() {
    for preset in Preset::ALL {
        for record in [fd1_record(preset), fd2_record(preset)] {
            let game = record.to_game().unwrap();
            let again = Record::from_game(&game);
            assert_eq!(again.to_game().unwrap(), game);
            assert_eq!(again.actions, record.actions);
            assert_eq!(Record::from_json(&again.to_json()).unwrap(), again);
        }
    }
}
