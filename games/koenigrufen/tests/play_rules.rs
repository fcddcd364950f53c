//! Legal cards and trick winners: the vectors LM1–LM15 and TR1–TR6 of SPEC §8.7.

mod common;

use common::{card, set};
use tarock_koenigrufen::Seat;
use tarock_koenigrufen::contract::Mode;
use tarock_koenigrufen::rules::BirdReservation;
use tarock_koenigrufen::trick::{Reservation, Trick, legal_cards};

/// The legal cards of `hand` after `trick` (cards in play order, led by S0).
fn legal(mode: Mode, hand: &str, trick: &str) -> String {
    legal_with(mode, hand, trick, Reservation::NONE)
}

fn legal_with(mode: Mode, hand: &str, trick: &str, r: Reservation) -> String {
    let cards: Vec<_> = trick.split_whitespace().map(card).collect();
    let t = Trick::from_cards(Seat::S0, &cards);
    legal_cards(set(hand), &t, mode, &r).to_string()
}

fn reserved(cards: &str, trick: u8) -> Reservation {
    Reservation {
        cards: set(cards),
        trick,
        kind: BirdReservation::Hard,
    }
}

#[test]
fn lm1_follow_suit() {
    assert_eq!(
        legal(Mode::Tarock, "hK h4 T9", "hA"),
        set("hK h4").to_string()
    );
}

#[test]
fn lm2_void_must_play_tarock() {
    assert_eq!(
        legal(Mode::Tarock, "T9 T1 sK", "h3"),
        set("T9 T1").to_string()
    );
}

#[test]
fn lm3_stichzwang() {
    assert_eq!(legal(Mode::Negative, "hK h4 T9", "hA"), "hK");
}

#[test]
fn lm4_cannot_beat() {
    assert_eq!(
        legal(Mode::Negative, "h2 h4 T9", "hQ"),
        set("h2 h4").to_string()
    );
}

#[test]
fn lm5_beat_the_tarock() {
    assert_eq!(legal(Mode::Negative, "T1 T9 T12", "T10"), "T12");
}

#[test]
fn lm6_pagat_not_the_last_tarock() {
    assert_eq!(legal(Mode::Negative, "T1 T7 sK", "T10"), "T7");
}

#[test]
fn lm7_pagat_as_the_last_tarock() {
    assert_eq!(legal(Mode::Negative, "T1 sK", "T10"), "T1");
}

#[test]
fn lm8_no_pagat_lead_while_other_tarocks() {
    assert_eq!(
        legal(Mode::Negative, "T1 T7 sK", ""),
        set("T7 sK").to_string()
    );
}

#[test]
fn lm9_beat_the_tarock_that_trumped() {
    // S1 led hK, S2 trumped with T11; S3 (void in hearts) must beat T11.
    let t = Trick::from_cards(Seat::S1, &[card("hK"), card("T11")]);
    let l = legal_cards(set("sQ T5 T14"), &t, Mode::Negative, &Reservation::NONE);
    assert_eq!(l, set("T14"));
}

#[test]
fn lm10_follow_suit_even_when_a_heart_cannot_win() {
    let t = Trick::from_cards(Seat::S1, &[card("hK"), card("T11")]);
    let l = legal_cards(set("h2 T14"), &t, Mode::Negative, &Reservation::NONE);
    assert_eq!(l, set("h2"));
}

#[test]
fn lm11_colour_games_lead_suit_cards_first() {
    assert_eq!(legal(Mode::Colour, "T9 hK", ""), "hK");
}

#[test]
fn lm12_colour_games_void_must_play_tarock() {
    assert_eq!(legal(Mode::Colour, "T9 T3", "sK"), set("T9 T3").to_string());
}

#[test]
fn lm13_the_announced_uhu_is_kept() {
    assert_eq!(
        legal_with(Mode::Tarock, "T2 T8 c7", "T10", reserved("T2", 5)),
        "T8"
    );
}

#[test]
fn lm14_forced_birds_go_highest_first() {
    assert_eq!(
        legal_with(Mode::Tarock, "T2 T3 c7", "T10", reserved("T2 T3", 5)),
        "T3"
    );
}

#[test]
fn lm15_the_uhu_in_its_trick() {
    assert_eq!(
        legal_with(Mode::Tarock, "T2 T1", "T10", reserved("T2 T1", 11)),
        "T2"
    );
}

#[test]
fn d20_soft_reservation_allows_early_play_highest_bird_first() {
    let soft = Reservation {
        kind: BirdReservation::Soft,
        ..reserved("T2 T3", 5)
    };
    assert_eq!(
        legal_with(Mode::Tarock, "T2 T3 T8", "T10", soft),
        set("T3 T8").to_string()
    );
    // The due bird is still due in its trick.
    let due = Reservation {
        kind: BirdReservation::Soft,
        ..reserved("T2", 11)
    };
    assert_eq!(legal_with(Mode::Tarock, "T2 T8", "T10", due), "T2");
}

fn winner(mode: Mode, trick: &str) -> String {
    let cards: Vec<_> = trick.split_whitespace().map(card).collect();
    let (_, c) = Trick::from_cards(Seat::S0, &cards)
        .winner(mode, false)
        .unwrap();
    c.to_string()
}

#[test]
fn tr1_the_highest_heart() {
    assert_eq!(winner(Mode::Tarock, "hA h4 hQ h2"), "hQ");
}

#[test]
fn tr2_the_pagat_trumps() {
    assert_eq!(winner(Mode::Tarock, "s10 s7 T1 sK"), "T1");
}

#[test]
fn tr3_colour_games_tarock_does_not_trump() {
    assert_eq!(winner(Mode::Colour, "dA T22 d4 d2"), "dA");
}

#[test]
fn tr4_colour_games_tarock_lead() {
    assert_eq!(winner(Mode::Colour, "T3 T9 hK T1"), "T9");
}

#[test]
fn tr5_no_maerchenstich() {
    assert_eq!(winner(Mode::Tarock, "T21 T1 T22 T5"), "T22");
}

#[test]
fn tr6_black_ten_beats_the_nine() {
    assert_eq!(winner(Mode::Tarock, "c7 c8 c9 c10"), "c10");
}
