//! The talon per contract (SPEC §6): the called King in the talon (§6.3,
//! schleifen or play alone, per preset), the Solorufer's King half (§6.4,
//! D-14), Sechserdreier, Mussolini's row (§6.6), colour-game discards, and
//! what each seat sees of discards.

mod common;

use common::{FD1_HANDS, card, new_game, refused, run, set};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tarock_koenigrufen::record::{Record, ReplayReport};
use tarock_koenigrufen::score::Facts;
use tarock_koenigrufen::sim::{Plan, play_out};
use tarock_koenigrufen::{
    Action, CardSet, Contract, Game, Half, Party, Phase, Premium, Preset, RuleError, Seat,
};

/// FD1 with S1's sK exchanged for the talon's cQ: the sK lies in half 2.
const KING_HANDS: [&str; 4] = [
    FD1_HANDS[0],
    "T19 T14 T8 T2 cQ sQ sN s7 dN d3 h4 c7",
    FD1_HANDS[2],
    FD1_HANDS[3],
];
const KING_TALON: &str = "hA h3 c9 d2 d4 sK";

const RUFER_SK: [&str; 6] = [
    "0 vorhand",
    "1 weiter",
    "2 weiter",
    "3 weiter",
    "0 rufer",
    "0 rufe sK",
];

fn finish(game: &mut Game, seed: u64) {
    let plan = Plan {
        contract: game.declared().unwrap().contract,
        seat: Seat::S0,
    };
    play_out(game, &plan, &mut SmallRng::seed_from_u64(seed));
    // Every card in one place; pile(D) and pile(O) of §9.1 (the King's half
    // with D in a Solorufer, Mussolini's row with O) disjoint, 210 thirds.
    assert_eq!(game.check_invariants(), Ok(()));
}

#[test]
fn cup2019_king_in_talon_schleifen_or_take_all() {
    let mut g = new_game(Preset::Cup2019.rules(), KING_HANDS, KING_TALON);
    run(&mut g, &RUFER_SK);
    assert!(g.king_in_talon());
    assert_eq!(
        g.legal_actions().words(),
        &[Action::TakeAll, Action::Schleifen(None)]
    );
    assert_eq!(refused(&mut g, &["0 nimm 2"]), RuleError::TakeAllRequired);
    // Everyone sees the King in the talon: the declarer is alone, known to all.
    assert_eq!(
        g.public_parties(),
        [
            Some(Party::Declarer),
            Some(Party::Opponents),
            Some(Party::Opponents),
            Some(Party::Opponents)
        ]
    );
    let mut conceded = g.clone();
    run(&mut conceded, &["0 schleifen"]);
    assert!(conceded.is_finished());
    // §9.4: Rufer value 1 to each of the three others.
    assert_eq!(conceded.settlement().unwrap().score, [-3, 1, 1, 1]);
    let line = ReplayReport::from_json(&Record::from_game(&conceded).to_json()).to_json();
    assert_eq!(
        line,
        r#"{"status":"finished","game":"rufer","declarer":[0],"called":"sK","schleifen":true,"balance":[-3,1,1,1],"money":[-3,1,1,1]}"#
    );
    // Playing alone: all six talon cards, six to lay aside.
    run(&mut g, &["0 nimm alle"]);
    assert_eq!(g.hand(Seat::S0).len(), 18);
    assert_eq!(g.discard_rule().unwrap().need, 6);
    assert_eq!(
        refused(&mut g, &["0 ablage c8 c10 s9"]),
        RuleError::DiscardCount { need: 6, got: 3 }
    );
    run(&mut g, &["0 ablage c8 c10 s9 hA h3 c9"]);
    finish(&mut g, 1);
    let Some(Facts::Positive(f)) = g.facts() else {
        panic!("positive")
    };
    assert!(f.alone());
    assert_eq!(f.parties[0], Party::Declarer);
}

#[test]
fn standard_king_in_talon_takes_a_half() {
    let mut g = new_game(Preset::Standard.rules(), KING_HANDS, KING_TALON);
    run(&mut g, &RUFER_SK);
    assert_eq!(
        g.legal_actions().words(),
        &[
            Action::Take(Half::First),
            Action::Take(Half::Second),
            Action::Schleifen(None)
        ]
    );
    assert_eq!(
        refused(&mut g, &["0 nimm alle"]),
        RuleError::TakeHalfRequired
    );
    // Taking the half with the King: three to lay aside, the King stays (T5).
    run(&mut g, &["0 nimm 2"]);
    assert_eq!(
        refused(&mut g, &["0 ablage sK c8 c10"]),
        RuleError::DiscardForbidden(card("sK"))
    );
    run(&mut g, &["0 ablage c8 c10 d2"]);
    finish(&mut g, 2);
    let Some(Facts::Positive(f)) = g.facts() else {
        panic!("positive")
    };
    assert!(f.alone());
}

#[test]
fn schleifen_only_with_the_king_in_the_talon() {
    let mut g = new_game(Preset::Cup2019.rules(), FD1_HANDS, common::FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 rufer",
            "0 rufe cK",
        ],
    );
    assert_eq!(
        refused(&mut g, &["0 schleifen"]),
        RuleError::SchleifenNotAllowed
    );
    assert_eq!(
        refused(&mut g, &["0 nimm alle"]),
        RuleError::TakeHalfRequired
    );
}

#[test]
fn d12_standard_besserrufer_concedes_naming_a_bird() {
    // S3 holds T1 T2 T3 T5 and calls the sK, which lies in the talon.
    let hands = [
        FD1_HANDS[0],
        "T19 T14 T8 T4 cQ sQ sN s7 dN d3 h4 c7",
        "T21 T17 T11 T7 T2 cK cN cJ dJ dA h2 hJ",
        FD1_HANDS[3],
    ];
    let mut g = new_game(Preset::Standard.rules(), hands, KING_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 besserrufer",
            "0 weiter",
            "3 rufe sK",
        ],
    );
    // S3's birds: T1 (Pagat), T3 (Kakadu); T5 is no bird in standard.
    let words = g.legal_actions().words().to_vec();
    assert!(words.contains(&Action::Schleifen(Some(Premium::Pagat))));
    assert!(words.contains(&Action::Schleifen(Some(Premium::Kakadu))));
    assert!(!words.contains(&Action::Schleifen(None)));
    assert_eq!(refused(&mut g, &["3 schleifen"]), RuleError::SchleifenBird);
    assert_eq!(
        refused(&mut g, &["3 schleifen uhu"]),
        RuleError::SchleifenBird
    );
    run(&mut g, &["3 schleifen kakadu"]);
    // 1 + Kakadu 6 = 7 to each of the three others.
    assert_eq!(g.settlement().unwrap().money, [7, 7, 7, -21]);
}

#[test]
fn d14_solorufer_with_the_king_in_the_talon() {
    let mut g = new_game(Preset::Cup2019.rules(), KING_HANDS, KING_TALON);
    run(
        &mut g,
        &[
            "0 solorufer",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 rufe sK",
        ],
    );
    // No talon phase: the announcement round starts with the declarer.
    assert_eq!(g.phase(), Phase::Announcements);
    assert_eq!(g.public_view().talon, [None, None], "nobody sees the talon");
    run(
        &mut g,
        &[
            "0 weiter",
            "1 kontra-spiel",
            "2 weiter",
            "3 weiter",
            "0 kontra-spiel",
            "1 weiter",
            "2 weiter",
            "3 weiter",
        ],
    );
    finish(&mut g, 3);
    assert_eq!(g.king_half(), Some(Half::Second));
    let Some(Facts::Positive(f)) = g.facts() else {
        panic!("positive")
    };
    assert!(f.kontras_void && f.alone());
    assert_eq!(f.game_level, 2);
    // The King's half counts for the declarer, the other half for O.
    let pile = g.declarer_pile();
    assert!(pile.contains_all(set("d2 d4 sK")) && !pile.meets(set("hA h3 c9")));
    let s = g.settlement().unwrap();
    assert_eq!(s.score, s.money, "Kontras are void");
    // At the end the talon is shown.
    assert!(g.public_view().talon[1].is_some());
}

#[test]
fn sechserdreier_takes_all_six_face_down() {
    let mut g = new_game(Preset::Cup2019.rules(), FD1_HANDS, common::FD1_TALON);
    run(
        &mut g,
        &["0 sechserdreier", "1 weiter", "2 weiter", "3 weiter"],
    );
    assert_eq!(g.phase(), Phase::Discard);
    assert_eq!(g.hand(Seat::S0).len(), 18);
    assert_eq!(g.public_view().talon, [None, None]);
    assert_eq!(
        g.view(Seat::S0).talon,
        [Some(set("hA h3 c9")), Some(set("d2 d4 cQ"))]
    );
    let rule = g.legal_actions().discard.unwrap();
    // 9 non-king suit cards ≥ 6: no tarock need go.
    assert_eq!(rule.min_face_up(), 0);
    run(&mut g, &["0 ablage c8 c10 s9 hA h3 c9"]);
    assert_eq!(g.phase(), Phase::Announcements);
    assert_eq!(
        g.log()
            .iter()
            .filter(|(_, a)| matches!(a, Action::Take(_) | Action::TakeAll))
            .count(),
        0
    );
}

#[test]
fn suit_cards_go_first_in_tarock_games() {
    // S3 (Dreier) takes half 1: non-king suit cards dQ sJ s10 s8 hN hA h3 c9.
    let mut g = new_game(Preset::Cup2019.rules(), FD1_HANDS, common::FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 dreier",
            "0 weiter",
            "3 nimm 1",
        ],
    );
    let rule = g.legal_actions().discard.unwrap();
    assert_eq!(rule.options(set("sJ s10")), set("dQ s8 hN hA h3 c9"));
    assert_eq!(
        refused(&mut g, &["3 ablage sJ s10 T5"]),
        RuleError::SuitCardsFirst(card("T5"))
    );
    run(&mut g, &["3 ablage sJ s10 s8"]);
    assert_eq!(g.public_view().face_up, CardSet::EMPTY);
}

/// S0 has ten tarocks and two kings; the talon's half 1 holds T12 and two hearts.
const TAROCK_HANDS: [&str; 4] = [
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 hK sK",
    "hA T11 T10 T9 T8 T7 T6 T5 T4 cK dK hQ",
    "T3 T2 T1 sQ sN sJ s10 s9 s8 s7 cQ cN",
    "cJ c10 c9 c8 c7 dQ dN dJ dA d2 d3 d4",
];
const TAROCK_TALON: &str = "T12 h2 h3 hN hJ h4";

#[test]
fn forced_tarocks_are_laid_aside_face_up_for_everyone() {
    let mut g = new_game(Preset::Cup2019.rules(), TAROCK_HANDS, TAROCK_TALON);
    run(
        &mut g,
        &["0 dreier", "1 weiter", "2 weiter", "3 weiter", "0 nimm 1"],
    );
    let rule = g.legal_actions().discard.unwrap();
    // Two discardable suit cards (h2 h3): one tarock must go, face up.
    assert_eq!(rule.min_face_up(), 1);
    assert_eq!(
        rule.options(CardSet::EMPTY),
        set("h2 h3 T12 T13 T14 T15 T16 T17 T18 T19 T20")
    );
    assert_eq!(rule.options(set("T13")), set("h2 h3"));
    assert_eq!(
        refused(&mut g, &["0 ablage h2 T12 T13"]),
        RuleError::SuitCardsFirst(card("T12"))
    );
    assert_eq!(
        refused(&mut g, &["0 ablage h2 h3 T21"]),
        RuleError::DiscardForbidden(card("T21"))
    );
    run(&mut g, &["0 ablage h2 h3 T13"]);
    assert_eq!(g.public_view().face_up, set("T13"));
    let seen = g.view(Seat::S1);
    let entry = seen
        .public
        .history
        .iter()
        .find(|e| e.seat == Seat::S0 && e.action.is_none())
        .unwrap();
    assert_eq!(entry.face_up, set("T13"));
}

#[test]
fn colour_games_lay_tarocks_aside_first_and_suit_cards_face_up() {
    // S0 Farbendreier on FD1: 7 tarocks (T22 Trull stays), takes half 1.
    let mut g = new_game(Preset::Cup2019.rules(), FD1_HANDS, common::FD1_TALON);
    run(
        &mut g,
        &[
            "0 farbendreier",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 nimm 1",
        ],
    );
    // The first suit card in deck order is named (spades come first).
    assert_eq!(
        refused(&mut g, &["0 ablage c8 c10 s9"]),
        RuleError::TarocksFirst(card("s9"))
    );
    run(&mut g, &["0 ablage T6 T9 T12"]);
    assert_eq!(
        g.public_view().face_up,
        CardSet::EMPTY,
        "tarocks go face down in colour games"
    );
}

#[test]
fn mussolini_row_draws_and_secrecy() {
    let mut g = new_game(Preset::Cup2019.rules(), FD1_HANDS, common::FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 mussolini",
            "2 weiter",
            "3 weiter",
            "0 weiter",
        ],
    );
    assert_eq!(g.phase(), Phase::Discard);
    assert_eq!(g.hand(Seat::S1).len(), 18);
    assert!(g.legal_actions().mussolini);
    // Own three (sQ sN s7), then the row (d3 h4 hA).
    run(&mut g, &["1 ablage sQ sN s7 d3 h4 hA"]);
    assert_eq!(g.phase(), Phase::Mussolini);
    assert_eq!(g.to_act(), Some(Seat::S2));
    assert_eq!(
        g.legal_actions().words(),
        &[Action::Draw(1), Action::Draw(2), Action::Draw(3)]
    );
    // Nobody may look at the discards: no face-up cards, hidden from others.
    assert_eq!(g.public_view().face_up, CardSet::EMPTY);
    assert_eq!(
        g.view(Seat::S1).row,
        Some([card("d3"), card("h4"), card("hA")])
    );
    assert_eq!(g.view(Seat::S2).row, None);
    // S2 draws the 2nd card (h4) and lays aside any card, here the drawn one.
    let mut half = g.clone();
    half.apply(Seat::S2, Action::Draw(2)).unwrap();
    assert_eq!(half.view(Seat::S2).drawn, Some(card("h4")));
    assert_eq!(half.legal_actions().lay_aside, half.hand(Seat::S2));
    assert_eq!(
        refused(&mut g, &["2 zieh 4 T4"]),
        RuleError::DrawPosition(3)
    );
    run(&mut g, &["2 zieh 2 h4", "3 zieh 2 dK", "0 zieh 1 T22"]);
    assert_eq!(g.talon().opponents_discard, set("h4 dK T22"));
    assert_eq!(g.phase(), Phase::Announcements);
    for s in Seat::ALL {
        assert_eq!(g.hand(s).len(), 12);
    }
    // S3 drew hA (2nd of d3 hA), S0 the d3.
    assert!(g.hand(Seat::S3).contains(card("hA")) && g.hand(Seat::S0).contains(card("d3")));
    assert_eq!(g.view(Seat::S3).own_discard, set("dK"));
    finish(&mut g, 4);
    let Some(Facts::Positive(f)) = g.facts() else {
        panic!("positive")
    };
    // O's pile holds the three cards laid aside by the opponents.
    assert!(!g.declarer_pile().meets(set("h4 dK T22")));
    assert!(g.declarer_pile().contains_all(set("sQ sN s7")));
    assert_eq!(f.contract, Contract::Mussolini);
    // The record writes each draw as "zieh N CARD".
    let record = Record::from_game(&g);
    assert!(record.actions.contains(&"3 zieh 2 dK".to_string()));
    assert_eq!(record.to_game().unwrap(), g);
}

#[test]
fn d11_the_named_bird_stays_in_the_hand() {
    // S1 holds T2 and bids the Uhu-Rufer; S0 reserves and passes.
    let mut g = new_game(Preset::Cup2019.rules(), FD1_HANDS, common::FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 uhurufer",
            "2 weiter",
            "3 weiter",
            "0 weiter",
            "1 rufe cK",
            "1 nimm 1",
        ],
    );
    let rule = g.discard_rule().unwrap();
    assert!(!rule.allowed.contains(card("T2")));
    assert_eq!(
        refused(&mut g, &["1 ablage T2 T8 T14"]),
        RuleError::NamedBird(card("T2"))
    );
}
