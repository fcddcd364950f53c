//! The auction vectors AV1–AV13 of SPEC §4.7 (`cup2019` unless stated; S0 is
//! the Vorhand), and the king call of §5 (C1, C2).

mod common;

use common::{FD1_HANDS, FD1_TALON, new_game, refused, run};
use tarock_koenigrufen::{Action, Contract, Game, Phase, Preset, RuleError, Seat, Suit};

fn cup() -> Game {
    new_game(Preset::Cup2019.rules(), FD1_HANDS, FD1_TALON)
}

fn standard() -> Game {
    new_game(Preset::Standard.rules(), FD1_HANDS, FD1_TALON)
}

/// S0 with all four kings (for AV10): FD1 with S0's hQ c10 c8 s9 exchanged
/// for the other three kings held by S1, S2 and S3.
const FOUR_KINGS: [&str; 4] = [
    "T22 T20 T18 T15 T12 T9 T6 hK sK cK dK hQ",
    "T19 T14 T8 T2 c10 sQ sN s7 dN d3 h4 c7",
    "T21 T17 T11 T7 T4 c8 cN cJ dJ dA h2 hJ",
    "T16 T13 T10 T5 T3 T1 s9 dQ sJ s10 s8 hN",
];

/// The contract and its declarers once the auction is over.
fn outcome(game: &Game) -> (Contract, Vec<(Seat, Contract)>) {
    let d = game.declared().expect("the auction is over");
    (
        d.contract,
        d.bidders.bidders().map(|b| (b.seat, b.contract)).collect(),
    )
}

#[test]
fn av1_vorhand_then_three_passes_then_rufer() {
    let mut g = cup();
    run(
        &mut g,
        &["0 vorhand", "1 weiter", "2 weiter", "3 weiter", "0 rufer"],
    );
    assert_eq!(
        outcome(&g),
        (Contract::Rufer, vec![(Seat::S0, Contract::Rufer)])
    );
    assert_eq!(g.phase(), Phase::KingCall);
}

#[test]
fn av2_the_vorhand_holds_a_dreier() {
    let mut g = cup();
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 dreier",
            "2 weiter",
            "3 weiter",
            "0 halte",
            "1 weiter",
        ],
    );
    assert_eq!(
        outcome(&g),
        (Contract::Dreier, vec![(Seat::S0, Contract::Dreier)])
    );
}

#[test]
fn av3_zwiccolo_bei_joins_a_piccolo_and_the_first_namer_leads() {
    let mut g = cup();
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 piccolo",
            "2 zwiccolo-bei",
            "3 weiter",
            "0 weiter",
        ],
    );
    assert_eq!(
        outcome(&g),
        (
            Contract::Piccolo,
            vec![
                (Seat::S1, Contract::Piccolo),
                (Seat::S2, Contract::Zwiccolo)
            ]
        )
    );
    // The Kontra round starts after the first declarer; three passes, then S1 leads.
    run(&mut g, &["2 weiter", "3 weiter", "0 weiter"]);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.to_act(), Some(Seat::S1));
}

#[test]
fn av4_an_equal_rank_is_refused() {
    let e = refused(&mut cup(), &["0 vorhand", "1 piccolo", "2 zwiccolo"]);
    assert_eq!(e, RuleError::NotHigher(Contract::Zwiccolo));
}

#[test]
fn av5_the_vorhand_cannot_hold_a_mussolini() {
    let mut g = cup();
    let e = refused(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 mussolini",
            "3 weiter",
            "0 halte",
        ],
    );
    assert_eq!(e, RuleError::MussoliniVorhand);
    run(&mut g, &["0 weiter"]);
    assert_eq!(
        outcome(&g),
        (Contract::Mussolini, vec![(Seat::S2, Contract::Mussolini)])
    );
}

#[test]
fn av6_sechserdreier_overbid_and_held() {
    for mut g in [cup(), standard()] {
        run(
            &mut g,
            &[
                "0 sechserdreier",
                "1 dreier",
                "2 weiter",
                "3 weiter",
                "0 halte",
                "1 weiter",
            ],
        );
        assert_eq!(
            outcome(&g),
            (Contract::Dreier, vec![(Seat::S0, Contract::Dreier)])
        );
    }
}

#[test]
fn av7_the_vorhand_must_open() {
    assert_eq!(refused(&mut cup(), &["0 weiter"]), RuleError::MustOpen);
}

#[test]
fn av8_sechserdreier_only_as_the_vorhands_first_word() {
    let e = refused(&mut cup(), &["0 vorhand", "1 sechserdreier"]);
    assert_eq!(e, RuleError::SechserOnlyFirst);
}

#[test]
fn av9_rufer_only_as_the_vorhands_choice() {
    let e = refused(&mut cup(), &["0 vorhand", "1 rufer"]);
    assert_eq!(e, RuleError::ChoiceOnly(Contract::Rufer));
}

#[test]
fn av10_four_kings_pass_the_vorhand_on() {
    let mut g = new_game(Preset::Cup2019.rules(), FOUR_KINGS, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand-weiter",
            "1 vorhand",
            "2 weiter",
            "3 weiter",
            "1 trischaken",
        ],
    );
    assert_eq!(
        outcome(&g),
        (Contract::Trischaken, vec![(Seat::S1, Contract::Trischaken)])
    );
    // S1 is the Fahrer and leads; S0 still plays the deal.
    assert_eq!(g.to_act(), Some(Seat::S1));
    assert_eq!(g.hand(Seat::S0).len(), 12);
    // standard abolished passing the Vorhand on (OÖ 4/2023).
    let mut s = new_game(Preset::Standard.rules(), FOUR_KINGS, FD1_TALON);
    assert_eq!(
        refused(&mut s, &["0 vorhand-weiter"]),
        RuleError::VorhandWeiterNotAllowed
    );
}

#[test]
fn av10_the_passer_cannot_bid_again() {
    let mut g = new_game(Preset::Cup2019.rules(), FOUR_KINGS, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand-weiter",
            "1 vorhand",
            "2 dreier",
            "3 weiter",
            "1 weiter",
        ],
    );
    // S0 counts as passed: after S1's pass nobody is left to outbid S2.
    assert_eq!(
        outcome(&g),
        (Contract::Dreier, vec![(Seat::S2, Contract::Dreier)])
    );
}

#[test]
fn av11_a_game_named_at_once_binds() {
    let mut g = cup();
    run(&mut g, &["0 piccolo", "1 weiter", "2 weiter", "3 weiter"]);
    assert_eq!(
        outcome(&g),
        (Contract::Piccolo, vec![(Seat::S0, Contract::Piccolo)])
    );
    assert_eq!(g.phase(), Phase::Announcements);
}

#[test]
fn av12_standard_bettel_ranks_above_piccolo() {
    let mut g = standard();
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 piccolo",
            "2 bettler",
            "3 weiter",
            "0 weiter",
            "1 weiter",
        ],
    );
    assert_eq!(
        outcome(&g),
        (Contract::Bettler, vec![(Seat::S2, Contract::Bettler)])
    );
}

#[test]
fn av13_standard_has_no_bei() {
    assert_eq!(
        refused(&mut standard(), &["0 vorhand", "1 piccolo-bei"]),
        RuleError::BeiNotAllowed
    );
}

#[test]
fn d08_the_vorhand_joins_a_closed_piccolo_with_bei() {
    let mut g = cup();
    let e = refused(
        &mut g,
        &["0 vorhand", "1 piccolo", "2 weiter", "3 weiter", "0 halte"],
    );
    assert_eq!(e, RuleError::HoldBeiInstead(Contract::Piccolo));
    run(&mut g, &["0 piccolo-bei"]);
    assert_eq!(
        outcome(&g),
        (
            Contract::Piccolo,
            vec![(Seat::S1, Contract::Piccolo), (Seat::S0, Contract::Piccolo)]
        )
    );
    // standard: no bei, so the Vorhand may hold a Piccolo.
    let mut s = standard();
    run(
        &mut s,
        &[
            "0 vorhand",
            "1 piccolo",
            "2 weiter",
            "3 weiter",
            "0 halte",
            "1 weiter",
        ],
    );
    assert_eq!(
        outcome(&s),
        (Contract::Piccolo, vec![(Seat::S0, Contract::Piccolo)])
    );
}

#[test]
fn a4_the_choice_after_three_passes() {
    let mut g = cup();
    run(&mut g, &["0 vorhand", "1 weiter", "2 weiter", "3 weiter"]);
    assert!(g.auction().awaits_choice());
    let legal: Vec<Action> = g.legal_actions().words().to_vec();
    assert!(legal.contains(&Action::Bid(Contract::Trischaken)));
    assert!(!legal.contains(&Action::Weiter));
    assert!(!legal.contains(&Action::Bid(Contract::Sechserdreier)));
    // FD1's S0 holds neither T3 nor T4 nor T5 nor T1 nor T2: no bird-Rufer.
    assert!(!legal.contains(&Action::Bid(Contract::Pagatrufer)));
    assert_eq!(refused(&mut g, &["0 weiter"]), RuleError::ChoiceRequired);
    assert_eq!(
        refused(&mut g, &["0 mussolini"]),
        RuleError::NotAChoice(Contract::Mussolini)
    );
}

#[test]
fn a7_bird_rufers_need_their_bird() {
    let mut g = cup();
    // S1 holds T2 (Uhu), not T1: uhurufer yes, pagatrufer no.
    let e = refused(&mut g, &["0 vorhand", "1 pagatrufer"]);
    assert_eq!(e, RuleError::BirdMissing(Contract::Pagatrufer));
    run(&mut g, &["1 uhurufer"]);
    // standard: the Besserrufer needs one of T1–T4; S0 holds none.
    let e = refused(&mut standard(), &["0 besserrufer"]);
    assert_eq!(e, RuleError::BirdMissing(Contract::Besserrufer));
}

#[test]
fn a7_no_king_game_with_four_kings() {
    let mut g = new_game(Preset::Cup2019.rules(), FOUR_KINGS, FD1_TALON);
    let e = refused(&mut g, &["0 solorufer"]);
    assert_eq!(e, RuleError::FourKings(Contract::Solorufer));
}

#[test]
fn not_offered_contracts_are_refused() {
    assert_eq!(
        refused(&mut standard(), &["0 mussolini"]),
        RuleError::NotOffered(Contract::Mussolini)
    );
    assert_eq!(
        refused(&mut standard(), &["0 vorhand", "1 zwiccolo"]),
        RuleError::NotOffered(Contract::Zwiccolo)
    );
}

#[test]
fn c1_an_own_king_cannot_be_called_and_c2_the_fourth_king() {
    let mut g = cup();
    let e = refused(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 rufer",
            "0 rufe hK",
        ],
    );
    assert_eq!(e, RuleError::OwnKing("hK".parse().unwrap()));
    // S0 holds one king: "der vierte König" needs three.
    assert_eq!(
        refused(&mut g, &["0 rufe vierter"]),
        RuleError::FourthNeedsThree
    );
    assert_eq!(
        g.legal_actions().words(),
        &[
            Action::Call(Suit::Spades),
            Action::Call(Suit::Clubs),
            Action::Call(Suit::Diamonds)
        ]
    );
}

#[test]
fn c2_three_kings_call_the_fourth() {
    // FOUR_KINGS with dK moved to S3 (for s9): S0 holds three kings.
    let hands = [
        "T22 T20 T18 T15 T12 T9 T6 hK sK cK s9 hQ",
        FOUR_KINGS[1],
        FOUR_KINGS[2],
        "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
    ];
    let mut g = new_game(Preset::Cup2019.rules(), hands, FD1_TALON);
    run(
        &mut g,
        &[
            "0 vorhand",
            "1 weiter",
            "2 weiter",
            "3 weiter",
            "0 rufer",
            "0 rufe vierter",
        ],
    );
    let called = g.called().unwrap();
    assert_eq!(
        (called.card.to_string(), called.fourth, called.partner),
        ("dK".into(), true, Some(Seat::S3))
    );
    assert_eq!(g.phase(), Phase::Talon);
}
