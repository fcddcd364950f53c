//! Zwanzigerrufen through the boundary writes and replays exactly what it
//! did before: the fully specified deal FD1 of the rules, played by button
//! tokens through the registry's trait object, gives the record of RECORD.md's
//! shape and `tarock replay`'s documented line for it.

use tarock_game_core::{DynGame, Game, Seat};
use tarock_zwanzigerrufen::record::Record;
use tarock_zwanzigerrufen::{ReplayReport, Zwanzigerrufen};

/// FD1 (SPEC): S0 holds XX and calls XIX, held by S2.
const FD1_HANDS: [&str; 4] = [
    "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
    "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
    "T22 T19 T9 T4 dK hK hN sK sJ s10",
    "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
];

/// The same hands as the engine writes them: each in deck order (tarocks
/// from the Pagat up, then the suits s, c, h, d, each from the Glatze
/// through Bube, Reiter and Dame to the King). RECORD.md lets a record list
/// them in any order.
const FD1_HANDS_SORTED: [&str; 4] = [
    "T11 T12 T13 T20 T21 cK hJ hQ dJ dN",
    "T5 T14 T16 T17 T18 c10 cJ cN cQ dA",
    "T4 T9 T19 T22 s10 sJ sK hN hK dK",
    "T1 T6 T7 T8 T10 T15 sN sQ hA dQ",
];

/// FD1's cards in playing order, as (seat, card): ten tricks, each led by
/// the winner of the one before (SPEC FD1's trick table).
const FD1_PLAYS: [(u8, &str); 40] = [
    (0, "T20"),
    (1, "T17"),
    (2, "T4"),
    (3, "T7"),
    (0, "T21"),
    (1, "T16"),
    (2, "T22"),
    (3, "T6"),
    (2, "hN"),
    (3, "hA"),
    (0, "hJ"),
    (1, "T14"),
    (1, "cJ"),
    (2, "T9"),
    (3, "T15"),
    (0, "cK"),
    (3, "T8"),
    (0, "T12"),
    (1, "T18"),
    (2, "T19"),
    (2, "dK"),
    (3, "dQ"),
    (0, "dN"),
    (1, "dA"),
    (2, "sJ"),
    (3, "sQ"),
    (0, "T11"),
    (1, "T5"),
    (0, "dJ"),
    (1, "cQ"),
    (2, "s10"),
    (3, "T10"),
    (3, "sN"),
    (0, "T13"),
    (1, "cN"),
    (2, "sK"),
    (0, "hQ"),
    (1, "c10"),
    (2, "hK"),
    (3, "T1"),
];

/// The record of FD1 as RECORD.md writes one (its field order, one line),
/// with the bidding "0 rufer, 1–3 weiter" and the first `cards` plays, the
/// hands as the engine writes them.
fn fd1_record(cards: usize) -> String {
    fd1_record_with(FD1_HANDS_SORTED, cards)
}

/// [`fd1_record`] with the hands written as `hands`.
fn fd1_record_with(hands: [&str; 4], cards: usize) -> String {
    let hands: Vec<String> = hands.iter().map(|h| format!("\"{h}\"")).collect();
    let mut actions: Vec<String> = ["0 rufer", "1 weiter", "2 weiter", "3 weiter"]
        .iter()
        .map(|a| format!("\"{a}\""))
        .collect();
    actions.extend(
        FD1_PLAYS[..cards]
            .iter()
            .map(|(s, c)| format!("\"{s} {c}\"")),
    );
    format!(
        "{{\"format\":\"zwanzigerrufen-record/1\",\"rules\":\"standard\",\"forehand\":0,\"hands\":[{}],\"actions\":[{}]}}",
        hands.join(","),
        actions.join(",")
    )
}

/// FD1 dealt, nothing played: read from its record through the registry.
fn fd1_dealt() -> Box<dyn DynGame> {
    let text = fd1_record_with(FD1_HANDS, 0).replace(
        ",\"actions\":[\"0 rufer\",\"1 weiter\",\"2 weiter\",\"3 weiter\"]",
        ",\"actions\":[]",
    );
    tarock_games::from_record(&text).expect("FD1's hands are a deal")
}

/// Presses one button: `token` by seat `seat`.
fn press(round: &mut Box<dyn DynGame>, seat: u8, token: &str) {
    round
        .apply_token(Seat::new(seat), token)
        .unwrap_or_else(|e| panic!("seat {seat} {token}: {e}"));
}

#[test]
fn fd1_played_by_tokens_writes_the_record_and_replays_to_the_documented_line() {
    let mut round = fd1_dealt();
    assert_eq!(round.id(), "zwanzigerrufen");
    assert_eq!(round.to_act(), Some(Seat::new(0)));
    // The Vorhand's turn: Rufer, then the end of her turn; others pass.
    press(&mut round, 0, "xr");
    // Half a turn has no record: the turn is one record string.
    assert_eq!(round.to_record(), None);
    press(&mut round, 0, "w");
    assert!(
        round
            .to_record()
            .unwrap()
            .ends_with(r#""actions":["0 rufer"]}"#)
    );
    for seat in 1..=3 {
        press(&mut round, seat, "w");
    }
    assert_eq!(round.to_record().unwrap(), fd1_record(0));
    for (k, (seat, card)) in FD1_PLAYS.iter().enumerate() {
        assert!(!round.is_over(), "over before card {k}");
        press(&mut round, *seat, &format!("p{card}"));
        assert_eq!(round.to_record().unwrap(), fd1_record(k + 1));
    }
    assert!(round.is_over());
    // E19: game won +1, the opponents' silent Pagat −1, Mondfang against
    // the declarers −1: T = −1, so each declarer (S0, S2) pays 1.
    assert_eq!(round.settlement().unwrap().units(), &[-1, 1, -1, 1]);
    let text = round.to_record().unwrap();
    // RECORD.md's example line of `tarock replay`, for FD1.
    assert_eq!(
        ReplayReport::from_json(&text).to_json(),
        r#"{"status":"finished","game":"rufer","declarer":[0,2],"called":"T19","points":[52,36],"tricks":[6,4],"balance":[-1,1,-1,1]}"#
    );
    // What the boundary writes is the engine's own record of the game.
    let round = round.downcast_ref::<Zwanzigerrufen>().unwrap();
    let game = round.game().unwrap();
    assert_eq!(text, Record::from_game(game).to_json());
}

#[test]
fn fd1_refusals_carry_codes_and_change_nothing() {
    let mut round = fd1_dealt();
    let before = round.clone();
    let refusal = round.apply_token(Seat::new(1), "w").unwrap_err();
    assert_eq!(refusal.code(), "not-your-turn");
    let rule = refusal.rule().unwrap();
    assert!(matches!(
        rule.downcast_ref::<tarock_zwanzigerrufen::RuleError>(),
        Some(tarock_zwanzigerrufen::RuleError::NotYourTurn { .. })
    ));
    assert_eq!(
        round.apply_token(Seat::new(0), "pT21").unwrap_err().code(),
        "still-bidding"
    );
    assert_eq!(
        round.apply_token(Seat::new(0), "q").unwrap_err().code(),
        "token"
    );
    assert_eq!(
        round.apply_token(Seat::new(4), "xr").unwrap_err().code(),
        "seat"
    );
    // L1: the Vorhand's first turn opens with a game, not with a Kontra.
    assert_eq!(
        round.apply_token(Seat::new(0), "xkg").unwrap_err().code(),
        "opening-required"
    );
    assert!(*round == *before);
}

#[test]
fn the_boundary_rebuilds_fd1_from_its_record_at_every_card() {
    for cards in [0, 1, 4, 17, 39, 40] {
        let as_written = Zwanzigerrufen::from_record(&fd1_record_with(FD1_HANDS, cards)).unwrap();
        let text = fd1_record(cards);
        let round = Zwanzigerrufen::from_record(&text).unwrap();
        assert_eq!(round, as_written);
        assert_eq!(Game::to_record(&round).unwrap(), text);
        assert_eq!(Game::is_over(&round), cards == 40);
        assert_eq!(Game::seats(&round), 4);
    }
}
