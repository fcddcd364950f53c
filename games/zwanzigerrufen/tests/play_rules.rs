//! Redeal vectors RD1–RD5 (SPEC §2.2), legal-move vectors LM1–LM9 and
//! trick-winner vectors TR1–TR10 (SPEC §4.7), and partner revelation during
//! play (SPEC §4.5) on the full deal FD1.
//!
//! Expected results come from the SPEC tables and the rules they cite.

mod common;

use common::{FD1_HANDS, FD1_TRICKS, card, new_game};
use tarock_zwanzigerrufen::deal::forces_redeal;
use tarock_zwanzigerrufen::trick::{Trick, legal_cards, winning_index};
use tarock_zwanzigerrufen::{
    Action, Bid, Card, CardSet, Deal, Game, GameKind, NewGameError, Party, Preset, Rules, Seat,
};

use GameKind::{Farbensolo, Rufer, Solo};

fn cards(ids: &str) -> Vec<Card> {
    ids.split_whitespace().map(card).collect()
}

fn set(ids: &str) -> CardSet {
    ids.parse().expect("card ids of SPEC §0.2")
}

// ---------------------------------------------------------------------------
// Redeal (SPEC §2.2)
// ---------------------------------------------------------------------------

/// RD1: 10 suit cards, no tarock.
const RD1: &str = "sK sQ sN sJ s10 cK cQ cN cJ c10";
/// RD2: the Mond as the only tarock, with 9 suit cards.
const RD2: &str = "T21 sK sQ sN sJ s10 cK cQ cN cJ";
/// RD3: one plain tarock (IX) with 9 suit cards.
const RD3: &str = "T9 sK sQ sN sJ s10 cK cQ cN cJ";
/// RD4: the four Glatzen with 6 tarocks.
const RD4: &str = "s10 c10 hA dA T4 T5 T6 T7 T8 T9";
/// RD5: two Trull cards (Pagat, Sküs) with 8 suit cards.
const RD5: &str = "T1 T22 sK sQ sN sJ s10 cK cQ cN";

/// Whether the hand forces a redeal under [s000, s001, default, s004].
fn forced(hand: &str) -> [bool; 4] {
    [
        Preset::Directnet,
        Preset::Tarockwelt,
        Preset::Standard,
        Preset::Wikipedia,
    ]
    .map(|p| forces_redeal(set(hand), &p.rules()))
}

/// A deal with `hand` at S1 and the other 30 cards dealt round-robin to S0,
/// S2, S3 in deck order (tarocks first). The filler hands are checked here,
/// by counting, to be harmless under every preset's predicate of §2.2: at
/// least two tarocks, one of them not a Trull card, and not all four Glatzen.
fn deal_with_s1(hand: &str) -> Deal {
    let hand = set(hand);
    let mut fillers = [CardSet::EMPTY; 3];
    let rest = Card::all().filter(|c| !hand.contains(*c));
    for (i, c) in rest.enumerate() {
        fillers[i % 3].insert(c);
    }
    let trull = set("T1 T21 T22");
    for f in fillers {
        let tarocks: Vec<Card> = f.iter().filter(|c| c.is_tarock()).collect();
        assert!(tarocks.len() >= 2, "filler {f:?}");
        assert!(tarocks.iter().any(|c| !trull.contains(*c)), "filler {f:?}");
        assert!(!f.contains_all(set("s10 c10 hA dA")), "filler {f:?}");
    }
    Deal::new([fillers[0], hand, fillers[1], fillers[2]]).expect("a partition")
}

/// The deal-level consequences of the per-hand expectation `forced`
/// ([s000, s001, default, s004]): the deal is void exactly when forced, and
/// `Game::new` refuses it naming S1 (D-03: before any bidding).
fn check_deal(hand: &str, forced: [bool; 4]) {
    let deal = deal_with_s1(hand);
    let presets = [
        Preset::Directnet,
        Preset::Tarockwelt,
        Preset::Standard,
        Preset::Wikipedia,
    ];
    for (preset, forced) in presets.into_iter().zip(forced) {
        let rules = preset.rules();
        let expected = forced.then_some(Seat::S1);
        assert_eq!(deal.redeal_seat(&rules), expected, "{preset}");
        match Game::new(rules, deal, Seat::S0) {
            Err(NewGameError::Redeal(seat)) => assert!(forced && seat == Seat::S1, "{preset}"),
            Err(e) => panic!("{preset}: {e}"),
            Ok(_) => assert!(!forced, "{preset}: the deal should be void"),
        }
    }
}

#[test]
fn rd1_no_tarock_redeals_everywhere() {
    // 0 tarocks: s000 (≤ 1), s001/default (0) and s004 (must throw in).
    assert_eq!(forced(RD1), [true, true, true, true]);
    check_deal(RD1, [true, true, true, true]);
    // Mandatory, not the optional lone-Trull case.
    assert_eq!(
        deal_with_s1(RD1).optional_redeal_seat(&Preset::Wikipedia.rules()),
        None
    );
}

#[test]
fn rd2_lone_trull_card() {
    // s000: ≤ 1 tarock; s001/default: the single tarock is a Trull card;
    // s004: only optional, so not forced.
    assert_eq!(forced(RD2), [true, true, true, false]);
    check_deal(RD2, [true, true, true, false]);
    // s004: the holder may redeal (C-3: the engine itself does not take it,
    // so the game starts).
    let deal = deal_with_s1(RD2);
    assert_eq!(
        deal.optional_redeal_seat(&Preset::Wikipedia.rules()),
        Some(Seat::S1)
    );
    // Where the case is automatic (default, s001) or not a rule (s000) there
    // is no optional redeal.
    for preset in [Preset::Standard, Preset::Tarockwelt, Preset::Directnet] {
        assert_eq!(deal.optional_redeal_seat(&preset.rules()), None, "{preset}");
    }
}

#[test]
fn rd3_one_plain_tarock_only_directnet() {
    // s000: ≤ 1 tarock; elsewhere one non-Trull tarock is enough to play.
    assert_eq!(forced(RD3), [true, false, false, false]);
    check_deal(RD3, [true, false, false, false]);
    assert_eq!(
        deal_with_s1(RD3).optional_redeal_seat(&Preset::Wikipedia.rules()),
        None
    );
}

#[test]
fn rd4_four_glatzen_only_directnet() {
    // s000: {s10, c10, hA, dA} ⊆ hand; the other predicates ignore Glatzen.
    assert_eq!(forced(RD4), [true, false, false, false]);
    check_deal(RD4, [true, false, false, false]);
}

#[test]
fn rd5_two_trull_cards_never() {
    // Two tarocks: not ≤ 1 (s000), not 0 or exactly 1 (s001/s004); the
    // two-Trull variant is a flag that is off in every preset.
    assert_eq!(forced(RD5), [false, false, false, false]);
    check_deal(RD5, [false, false, false, false]);
    assert_eq!(
        deal_with_s1(RD5).optional_redeal_seat(&Preset::Wikipedia.rules()),
        None
    );
}

// ---------------------------------------------------------------------------
// Legal cards (SPEC §4.1, §4.3; vectors §4.7)
// ---------------------------------------------------------------------------

/// The legal cards for `hand` when the trick so far is `led` (empty: leading).
fn legal(kind: GameKind, hand: &str, led: &str, pagat_bound: bool) -> CardSet {
    let trick = Trick::with_cards(Seat::S1, &cards(led));
    legal_cards(set(hand), &trick, kind, pagat_bound)
}

/// Rows marked "Rufer": the SPEC notes that Rufer behaves like Solo.
fn legal_rufer_and_solo(hand: &str, led: &str, pagat_bound: bool) -> CardSet {
    let rufer = legal(Rufer, hand, led, pagat_bound);
    assert_eq!(rufer, legal(Solo, hand, led, pagat_bound), "Rufer ≠ Solo");
    rufer
}

#[test]
fn lm1_farbensolo_lead_must_be_a_suit_card() {
    // §4.1: in a Farbensolo no tarock lead while holding a suit card.
    assert_eq!(legal(Farbensolo, "T9 hK", "", false), set("hK"));
}

#[test]
fn lm2_farbensolo_lead_with_only_tarocks() {
    // No suit card left: any card may be led.
    assert_eq!(legal(Farbensolo, "T9 T12", "", false), set("T9 T12"));
}

#[test]
fn lm3_follow_suit() {
    // Holding the led suit, only that suit.
    assert_eq!(legal_rufer_and_solo("sJ T5 hK", "sK", false), set("sJ"));
}

#[test]
fn lm4_void_must_play_tarock() {
    // Void in spades: Tarockzwang, any tarock (no obligation to win).
    assert_eq!(legal_rufer_and_solo("T5 T9 hK", "sK", false), set("T5 T9"));
}

#[test]
fn lm5_void_without_tarock_plays_anything() {
    assert_eq!(legal_rufer_and_solo("hK dA", "sK", false), set("hK dA"));
}

#[test]
fn lm6_tarock_led() {
    // LM6a: a tarock is led and the hand has one: must play it.
    assert_eq!(legal_rufer_and_solo("T5 hK", "T9", false), set("T5"));
    // LM6b: no tarock: any card.
    assert_eq!(legal_rufer_and_solo("hK cQ", "T9", false), set("hK cQ"));
}

#[test]
fn lm7_farbensolo_void_must_still_play_tarock() {
    // §4.1 note: the Tarockzwang holds in a Farbensolo too.
    assert_eq!(legal(Farbensolo, "T5 hK", "sK", false), set("T5"));
}

#[test]
fn lm8_pagat_announcer_keeps_t1() {
    // D-19: T1 only when it is the only legal card.
    // LM8a: leading, every card legal but T1.
    assert_eq!(legal_rufer_and_solo("T1 T7 hK", "", true), set("T7 hK"));
    // LM8b: tarock led, another tarock available.
    assert_eq!(legal_rufer_and_solo("T1 T7", "T9", true), set("T7"));
    // LM8c: T1 is the only tarock: forced.
    assert_eq!(legal_rufer_and_solo("T1 hK", "T9", true), set("T1"));
    // Without the bond the same hands may play T1 (§4.3: only the announcer).
    assert_eq!(legal_rufer_and_solo("T1 T7 hK", "", false), set("T1 T7 hK"));
    assert_eq!(legal_rufer_and_solo("T1 T7", "T9", false), set("T1 T7"));
}

#[test]
fn lm9_pagat_announcer_void_in_led_suit() {
    // Void in hearts: Tarockzwang gives T1 T7; the bond removes T1.
    assert_eq!(legal_rufer_and_solo("T1 T7", "hQ", true), set("T7"));
}

// ---------------------------------------------------------------------------
// Trick winners (SPEC §4.2, §4.4; vectors §4.7)
// ---------------------------------------------------------------------------

const ALL_PRESETS: [Preset; 4] = [
    Preset::Standard,
    Preset::Directnet,
    Preset::Tarockwelt,
    Preset::Wikipedia,
];

/// Checks that `trick` (in playing order) is won by position `expected`,
/// both through `winning_index` and through a `Trick` led by S2.
fn assert_winner(trick: &str, kind: GameKind, rules: &Rules, expected: usize, what: &str) {
    let cards = cards(trick);
    assert_eq!(winning_index(&cards, kind, rules), expected, "{what}");
    let t = Trick::with_cards(Seat::S2, &cards);
    let winner = Seat::S2.plus(expected as u8);
    assert_eq!(t.winner(kind, rules), (winner, cards[expected]), "{what}");
}

/// A vector that is the same in every preset (the rule does not vary, §7).
fn assert_winner_everywhere(trick: &str, kinds: &[GameKind], expected: usize) {
    for preset in ALL_PRESETS {
        for kind in kinds {
            let what = format!("{trick} in a {kind}, {preset}");
            assert_winner(trick, *kind, &preset.rules(), expected, &what);
        }
    }
}

#[test]
fn tr01_tarock_beats_suit() {
    assert_winner_everywhere("hN hA hJ T14", &[Rufer, Solo], 3);
}

#[test]
fn tr02_highest_of_led_suit() {
    // König > Dame > Reiter > Bube > Glatze (§1.2).
    assert_winner_everywhere("sK sQ s10 sJ", &[Rufer, Solo], 0);
}

#[test]
fn tr03_maerchenstich_pagat_wins() {
    // §4.4: Sküs, Mond and Pagat in one trick, any order: the Pagat wins
    // (and so the Sküs does not: no Mondfang). Märchenstich is played in
    // every preset outside the Farbensolo.
    assert_winner_everywhere("T21 T1 T9 T22", &[Rufer, Solo], 1);
}

#[test]
fn tr04_skus_takes_the_mond() {
    // No Pagat in the trick: highest tarock, the Sküs (a Mondfang, D-21).
    assert_winner_everywhere("T21 T9 T22 T4", &[Rufer, Solo], 2);
}

#[test]
fn tr05_farbensolo_tarock_does_not_trump() {
    // §4.2: suit led in a Farbensolo: highest card of the led suit.
    assert_winner_everywhere("hN hA T5 hJ", &[Farbensolo], 0);
}

#[test]
fn tr06_farbensolo_tarock_lead() {
    // Tarock led: tarocks compete by rank.
    assert_winner_everywhere("T9 T16 T17 T1", &[Farbensolo], 2);
}

#[test]
fn tr07_farbensolo_maerchenstich_in_tarock_led_trick() {
    // D-20: in default, s001 and s004 the Märchenstich applies in a
    // tarock-led Farbensolo trick: the Pagat wins.
    for preset in [Preset::Standard, Preset::Tarockwelt, Preset::Wikipedia] {
        let what = format!("TR7, {preset}");
        assert_winner("T21 T1 sK T22", Farbensolo, &preset.rules(), 1, &what);
    }
    // TR7': s000 never applies it in a Farbensolo: the Sküs wins.
    assert_winner(
        "T21 T1 sK T22",
        Farbensolo,
        &Preset::Directnet.rules(),
        3,
        "TR7', directnet",
    );
}

#[test]
fn tr08_farbensolo_suit_lead_beats_the_trull() {
    // Suit led in a Farbensolo: tarocks never win, Märchenstich or not.
    assert_winner_everywhere("dJ T22 T21 T1", &[Farbensolo], 0);
}

#[test]
fn tr09_without_maerchenstich_skus_wins() {
    let rules = Rules {
        maerchenstich: false,
        ..*Preset::Standard.rules()
    };
    assert_winner("T21 T1 T9 T22", Rufer, &rules, 3, "TR9");
}

#[test]
fn tr10_off_suit_cards_never_win() {
    // Clubs led: dA and hA cannot win; cJ beats c10.
    assert_winner_everywhere("c10 dA hA cJ", &[Rufer, Solo, Farbensolo], 3);
}

// ---------------------------------------------------------------------------
// Partner revelation during play (SPEC §3.7, §4.5) on FD1
// ---------------------------------------------------------------------------

#[test]
fn partner_revealed_when_called_card_falls() {
    let mut game = new_game(Preset::Standard.rules(), FD1_HANDS);
    game.apply(Seat::S0, Action::Bid(Bid::Game(Rufer))).unwrap();
    for seat in [Seat::S0, Seat::S1, Seat::S2, Seat::S3] {
        game.apply(seat, Action::Weiter).unwrap();
    }
    assert_eq!(game.contract().unwrap().called, Some(card("T19")));

    let (d, o) = (Some(Party::Declarer), Some(Party::Opponents));
    let mut xix_played = false;
    for (leader, by_seat) in FD1_TRICKS {
        for i in 0..4 {
            let seat = leader.plus(i);
            let c = card(by_seat[seat.index()]);
            let public: [_; 4] = Seat::ALL.map(|s| game.bidding().public_party(s));
            let s1 = game.view(Seat::S1);
            let table = game.public_view();
            // The partner himself knows from the deal on; the table does not.
            assert_eq!(
                game.view(Seat::S2).contract.unwrap().partner,
                Some(Seat::S2)
            );
            assert_eq!(table.parties, public);
            assert_eq!(table.hand_sizes, s1.hand_sizes);
            assert_eq!((&table.tricks, &table.trick), (&s1.tricks, &s1.trick));
            if xix_played {
                assert_eq!(table.contract.unwrap().partner, Some(Seat::S2));
                // Public partner ⇒ everyone's party is public (§3.7 closure).
                assert_eq!(public, [d, o, d, o]);
                assert_eq!(s1.parties, [d, o, d, o]);
                assert_eq!(s1.contract.unwrap().partner, Some(Seat::S2));
            } else {
                // No Zusatz was made: only the Vorhand is public; S1 knows
                // his own party and nothing about S2 or S3.
                assert_eq!(public, [d, None, None, None], "before {seat} plays {c}");
                assert_eq!(s1.parties, [d, o, None, None], "before {seat} plays {c}");
                assert_eq!(s1.contract.unwrap().partner, None);
                assert_eq!(
                    table.contract.unwrap().partner,
                    None,
                    "before {seat} plays {c}"
                );
            }
            game.apply(seat, Action::Play(c))
                .unwrap_or_else(|e| panic!("{seat} plays {c}: {e}"));
            if c == card("T19") {
                // §4.5: S2 plays the called card in trick 5.
                assert_eq!(seat, Seat::S2);
                xix_played = true;
                assert_eq!(game.bidding().public_party(Seat::S2), d);
                assert_eq!(game.view(Seat::S1).parties[2], d);
            }
        }
    }
    assert!(xix_played);
}
