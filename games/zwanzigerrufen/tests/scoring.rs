//! The scoring examples E1–E22 of the rules specification (SPEC §6), fed to
//! the scorer as facts (SPEC §6.3) and checked against totals, per-seat
//! changes and individual lines worked out by hand from the value tables of
//! SPEC §5.3.
//!
//! Conventions: amounts are in units (1 unit = a simple won Rufer). The
//! tarockwelt preset (SPEC `s001`) publishes Schilling; 10 S = 1 unit, so its
//! figures are divided by 10 here. Seats are S0..S3 with S0 as Vorhand.
//! Where an example does not say how many tricks the declarer party took,
//! any number from 1 to 9 will do (it only matters for Valat); where it does
//! not mention the Pagat, the Pagat was not in trick 10 and so scores nothing,
//! whichever party held it.
//!
//! A few examples whose Lizitation can be played on the hands FD1/FD2 of
//! SPEC §3.9 with the same parties are also bid through the engine, checking
//! the Kontra levels and owners the facts assume.

mod common;

use common::{FD1_HANDS, FD2_HANDS, new_game};
use tarock_zwanzigerrufen::rules::Rules;
use tarock_zwanzigerrufen::score::{
    Announced, DoubleRound, Facts, PagatOutcome, Scored, Settlement, settle,
};
use tarock_zwanzigerrufen::{Bid, Game, GameKind, Item, Party, Premium, Preset, Seat};

const D: Party = Party::Declarer;
const O: Party = Party::Opponents;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Facts with nothing but the game: no premiums announced, no Kontra, no
/// material premiums, no Mondfang, the Pagat played before trick 10.
fn facts(kind: GameKind, parties: [Party; 4], declarer_points: u32, declarer_tricks: u8) -> Facts {
    Facts {
        kind,
        parties,
        declarer_points,
        declarer_tricks,
        game: announced(D, 0),
        absolut: None,
        pagat: None,
        valat: None,
        pagat_fate: (O, PagatOutcome::PlayedEarlier),
        trull: None,
        four_kings: None,
        honneur: None,
        mond_caught: None,
    }
}

const fn announced(owner: Party, level: u8) -> Announced {
    Announced { owner, level }
}

fn rules(preset: Preset) -> Rules {
    preset.rules().get()
}

/// Checks T and the four balance changes (which must sum to zero).
#[track_caller]
fn assert_result(s: &Settlement, total: i64, changes: [i64; 4], ctx: &str) {
    assert_eq!(s.total, total, "{ctx}: T; lines {:?}", s.lines);
    assert_eq!(s.changes, changes, "{ctx}: changes; lines {:?}", s.lines);
    assert_eq!(s.changes.iter().sum::<i64>(), 0, "{ctx}: zero-sum");
}

/// A line as (announced, winner, base, kontra, value).
type Expected = (bool, Party, u32, u8, i64);

/// Checks one scored line in full.
#[track_caller]
fn assert_line(s: &Settlement, what: Scored, expected: Expected, ctx: &str) {
    let line = s
        .line(what)
        .unwrap_or_else(|| panic!("{ctx}: {what:?} not scored; lines {:?}", s.lines));
    assert_eq!(
        (
            line.announced,
            line.winner,
            line.base,
            line.kontra,
            line.value
        ),
        expected,
        "{ctx}: {what:?} (announced, winner, base, kontra, value)"
    );
}

/// Checks that exactly the lines `whats` were scored (in any order).
#[track_caller]
fn assert_only(s: &Settlement, whats: &[Scored], ctx: &str) {
    let got: Vec<Scored> = s.lines.iter().map(|l| l.what).collect();
    assert_eq!(
        got.len(),
        whats.len(),
        "{ctx}: lines {got:?}, expected {whats:?}"
    );
    for w in whats {
        assert!(got.contains(w), "{ctx}: {w:?} missing from {got:?}");
    }
}

/// Checks that none of `whats` was scored.
#[track_caller]
fn assert_absent(s: &Settlement, whats: &[Scored], ctx: &str) {
    for w in whats {
        assert!(
            s.line(*w).is_none(),
            "{ctx}: {w:?} must not be scored; lines {:?}",
            s.lines
        );
    }
}

// ---------------------------------------------------------------------------
// E1 – E22 (SPEC §6 table)
// ---------------------------------------------------------------------------

/// E1: D = S0+S2 (S2 holds XX), 52 points, 7 tricks, S1's Pagat played in
/// trick 6. Game won +1; nothing else (52 < 56, O 36 < 56, Pagat not in
/// trick 10). T = +1: D seats +1, O seats −1.
#[test]
fn e01_plain_rufer() {
    let f = facts(GameKind::Rufer, [D, O, D, O], 52, 7);
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), "E1");
    assert_only(&s, &[Scored::Game], "E1");
    assert_result(&s, 1, [1, -1, 1, -1], "E1");
}

/// E2: D = S0+S1, 44 : 44. D needs 45, so Game lost −1. T = −1.
#[test]
fn e02_44_to_44_is_lost() {
    let f = facts(GameKind::Rufer, [D, D, O, O], 44, 4);
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, O, 1, 0, -1), "E2");
    assert_only(&s, &[Scored::Game], "E2");
    assert_result(&s, -1, [-1, -1, 1, 1], "E2");
}

/// E3 facts: D = S0+S2, D 40 / O 48; Game kontra'd once (automatically by
/// S1's Absolut), Absolut owned by O with S2's Kontra, Pagat owned by O with
/// S0's Kontra; S3's T1 wins trick 10.
fn e03_facts() -> Facts {
    Facts {
        game: announced(D, 1),
        absolut: Some(announced(O, 1)),
        pagat: Some(announced(O, 1)),
        pagat_fate: (O, PagatOutcome::WonLastTrick),
        ..facts(GameKind::Rufer, [D, O, D, O], 40, 5)
    }
}

/// E3, the S004 billing example: Game lost ×2: −2; O's announced Absolut
/// failed (48 < 56), 2 ×2 credited to D: +4; O's announced Pagat won, 2 ×2:
/// −4. T = −2 → [−2, +2, −2, +2], identical in s004, default and s000.
/// s001 on the FD1 hands: S2 (D) holds T22 sK hK dK, Honneur +10 S = +1 unit,
/// so T = −1 unit (−10 S) → [−1, +1, −1, +1].
#[test]
fn e03_s004_billing_example() {
    let f = e03_facts();
    for preset in [Preset::Wikipedia, Preset::Standard, Preset::Directnet] {
        let ctx = format!("E3 {preset}");
        let s = settle(&f, &rules(preset), 1);
        assert_line(&s, Scored::Game, (true, O, 1, 1, -2), &ctx);
        assert_line(&s, Scored::Absolut, (true, D, 2, 1, 4), &ctx);
        assert_line(&s, Scored::Pagat, (true, O, 2, 1, -4), &ctx);
        assert_only(&s, &[Scored::Game, Scored::Absolut, Scored::Pagat], &ctx);
        assert_result(&s, -2, [-2, 2, -2, 2], &ctx);
    }

    // s001: the same three lines (Schilling: −20, +40, −40) plus Honneur +10.
    let f = Facts {
        honneur: Some(D),
        ..e03_facts()
    };
    let s = settle(&f, &rules(Preset::Tarockwelt), 1);
    assert_line(&s, Scored::Game, (true, O, 1, 1, -2), "E3 s001");
    assert_line(&s, Scored::Absolut, (true, D, 2, 1, 4), "E3 s001");
    assert_line(&s, Scored::Pagat, (true, O, 2, 1, -4), "E3 s001");
    assert_line(&s, Scored::Honneur, (false, D, 1, 0, 1), "E3 s001");
    assert_only(
        &s,
        &[
            Scored::Game,
            Scored::Absolut,
            Scored::Pagat,
            Scored::Honneur,
        ],
        "E3 s001",
    );
    assert_result(&s, -1, [-1, 1, -1, 1], "E3 s001");

    // Without any material premium s001 would give −20 S each = −2 units.
    let s = settle(&e03_facts(), &rules(Preset::Tarockwelt), 1);
    assert_result(&s, -2, [-2, 2, -2, 2], "E3 s001 without Honneur");
}

/// E4: Solo by S1 with 58 points. Game +4; silent Absolut 1 × P 2 = +2.
/// T = +6 → soloist +18, each opponent −6 (default and s000 alike).
/// s001: no Absolut in solo games, T = 4 → [−4, +12, −4, −4] units.
#[test]
fn e04_solo_with_silent_absolut() {
    let f = facts(GameKind::Solo, [O, D, O, O], 58, 7);
    for preset in [Preset::Standard, Preset::Directnet] {
        let ctx = format!("E4 {preset}");
        let s = settle(&f, &rules(preset), 1);
        assert_line(&s, Scored::Game, (true, D, 4, 0, 4), &ctx);
        assert_line(&s, Scored::Absolut, (false, D, 2, 0, 2), &ctx);
        assert_only(&s, &[Scored::Game, Scored::Absolut], &ctx);
        assert_result(&s, 6, [-6, 18, -6, -6], &ctx);
    }
    let s = settle(&f, &rules(Preset::Tarockwelt), 1);
    assert_line(&s, Scored::Game, (true, D, 4, 0, 4), "E4 s001");
    assert_absent(&s, &[Scored::Absolut], "E4 s001");
    assert_only(&s, &[Scored::Game], "E4 s001");
    assert_result(&s, 4, [-4, 12, -4, -4], "E4 s001");
}

/// E5: Solo by S2, Kontra (S3) and Rekontra (S2) on the game, 40 points.
/// Game lost, 4 × 2² = −16. T = −16 → soloist −48, each opponent +16.
#[test]
fn e05_solo_lost_kontra_rekontra() {
    let f = Facts {
        game: announced(D, 2),
        ..facts(GameKind::Solo, [O, O, D, O], 40, 4)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, O, 4, 2, -16), "E5");
    assert_only(&s, &[Scored::Game], "E5");
    assert_result(&s, -16, [16, 16, -48, 16], "E5");
}

/// E6 facts: D = S0+S3, all 10 tricks and 88 points; S0 (D) dealt the
/// Trull; S1 (O) dealt all four Kings (four five-pointers, hence also the
/// Honneur holder, which default does not score); S0's T1 won trick 10.
fn e06_facts() -> Facts {
    Facts {
        pagat_fate: (D, PagatOutcome::WonLastTrick),
        trull: Some(D),
        four_kings: Some(O),
        honneur: Some(O),
        ..facts(GameKind::Rufer, [D, O, O, D], 88, 10)
    }
}

/// E6: silent Valat 6 replaces everything: T = +6 → [+6, −6, −6, +6].
/// With `valat_replaces_all: false`: Game +1, silent Absolut (88 ≥ 56) +1,
/// silent Pagat won +1, Trull +1, O's four Kings −2, Valat +6 → T = +8.
#[test]
fn e06_silent_valat_cancels_premiums() {
    let s = settle(&e06_facts(), &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Valat, (false, D, 6, 0, 6), "E6");
    assert_only(&s, &[Scored::Valat], "E6");
    assert_absent(
        &s,
        &[
            Scored::Game,
            Scored::Absolut,
            Scored::Pagat,
            Scored::Trull,
            Scored::FourKings,
            Scored::Honneur,
            Scored::Mondfang,
        ],
        "E6",
    );
    assert_result(&s, 6, [6, -6, -6, 6], "E6");

    let additive = Rules {
        valat_replaces_all: false,
        ..*Preset::Standard.rules()
    };
    let s = settle(&e06_facts(), &additive, 1);
    let ctx = "E6 additive";
    assert_line(&s, Scored::Valat, (false, D, 6, 0, 6), ctx);
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), ctx);
    assert_line(&s, Scored::Absolut, (false, D, 1, 0, 1), ctx);
    assert_line(&s, Scored::Pagat, (false, D, 1, 0, 1), ctx);
    assert_line(&s, Scored::Trull, (false, D, 1, 0, 1), ctx);
    assert_line(&s, Scored::FourKings, (false, O, 2, 0, -2), ctx);
    assert_absent(&s, &[Scored::Honneur, Scored::Mondfang], ctx);
    assert_result(&s, 8, [8, -8, -8, 8], ctx);
}

/// E7: D = S0+S1; S1 announced Valat, S2 kontra'd it; D took 9 tricks (84
/// points). Announced Valat lost: 12 × 2 = −24; the game is not scored.
/// T = −24 → [−24, −24, +24, +24].
#[test]
fn e07_announced_valat_lost() {
    let f = Facts {
        valat: Some(announced(D, 1)),
        ..facts(GameKind::Rufer, [D, D, O, O], 84, 9)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Valat, (true, O, 12, 1, -24), "E7");
    assert_only(&s, &[Scored::Valat], "E7");
    assert_absent(&s, &[Scored::Game, Scored::Absolut], "E7");
    assert_result(&s, -24, [-24, -24, 24, 24], "E7");
}

/// E8: D = S0+S2, 50 points; S0's Mond was caught by her partner S2's Sküs.
/// Game +1; Mondfang paid by the Mond's party D: −1. T = 0.
#[test]
fn e08_mondfang_by_own_partner() {
    let f = Facts {
        mond_caught: Some(D),
        ..facts(GameKind::Rufer, [D, O, D, O], 50, 6)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), "E8");
    assert_line(&s, Scored::Mondfang, (false, O, 1, 0, -1), "E8");
    assert_only(&s, &[Scored::Game, Scored::Mondfang], "E8");
    assert!(s.mondfang_scored);
    assert_result(&s, 0, [0, 0, 0, 0], "E8");
}

/// E9: Solo by S1, 46 points; trick 5 was a Märchenstich (S3's T1 beat
/// T21 and T22), which is no Mondfang, and the Pagat was played before
/// trick 10. Game +4 only. T = +4 → [−4, +12, −4, −4].
#[test]
fn e09_maerchenstich_is_no_mondfang() {
    // A Märchenstich means the Sküs did not win the Mond's trick: no Mond caught.
    let f = Facts {
        pagat_fate: (O, PagatOutcome::PlayedEarlier),
        mond_caught: None,
        ..facts(GameKind::Solo, [O, D, O, O], 46, 5)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, D, 4, 0, 4), "E9");
    assert_only(&s, &[Scored::Game], "E9");
    assert_absent(&s, &[Scored::Mondfang, Scored::Pagat], "E9");
    assert!(!s.mondfang_scored);
    assert_result(&s, 4, [-4, 12, -4, -4], "E9");
}

/// E10: D = S0+S1, 47 points; S2's (O's) T1 was in trick 10 and beaten.
/// Game +1; O's silently lost Pagat, 1 credited to D: +1. T = +2.
#[test]
fn e10_pagat_lost_silently() {
    let f = Facts {
        pagat_fate: (O, PagatOutcome::LostInLastTrick),
        ..facts(GameKind::Rufer, [D, D, O, O], 47, 6)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), "E10");
    assert_line(&s, Scored::Pagat, (false, D, 1, 0, 1), "E10");
    assert_only(&s, &[Scored::Game, Scored::Pagat], "E10");
    assert_result(&s, 2, [2, 2, -2, -2], "E10");
}

/// E11 facts (FD2): Farbensolo by S2, 56 points, 6 tricks, no Kontra in
/// force (s000's forced Kontra of S1 was voided by the Farbensolo). S1 (O)
/// was dealt the Trull, S2 (D) all four Kings (four five-pointers, so S2 is
/// also the Honneur holder); T1 lost in trick 7; T21 lost to sQ (no Mondfang).
fn e11_facts() -> Facts {
    Facts {
        pagat_fate: (O, PagatOutcome::PlayedEarlier),
        trull: Some(O),
        four_kings: Some(D),
        honneur: Some(D),
        ..facts(GameKind::Farbensolo, [O, O, D, O], 56, 6)
    }
}

/// E11: default/s004: Game +4; silent Absolut at exactly 56: 1 × 2 = +2;
/// four Kings 2 × 2 = +4. T = +10 → [−10, −10, +30, −10].
/// s000: Königstrull 1 × 2 = +2, so T = 4 + 2 + 2 = 8 → [−8, −8, +24, −8].
/// s001: no Absolut in solos, 4 Könige 40 S: T = 40 + 40 = 80 S = 8 units
/// → [−8, −8, +24, −8] units. Trull, Pagat, Honneur and Mondfang never count
/// in a Farbensolo.
#[test]
fn e11_farbensolo_ignores_pagat_trull_mondfang() {
    let not_in_farbensolo = [
        Scored::Pagat,
        Scored::Trull,
        Scored::Honneur,
        Scored::Mondfang,
        Scored::Valat,
    ];
    for preset in [Preset::Standard, Preset::Wikipedia] {
        let ctx = format!("E11 {preset}");
        let s = settle(&e11_facts(), &rules(preset), 1);
        assert_line(&s, Scored::Game, (true, D, 4, 0, 4), &ctx);
        assert_line(&s, Scored::Absolut, (false, D, 2, 0, 2), &ctx);
        assert_line(&s, Scored::FourKings, (false, D, 4, 0, 4), &ctx);
        assert_only(
            &s,
            &[Scored::Game, Scored::Absolut, Scored::FourKings],
            &ctx,
        );
        assert_absent(&s, &not_in_farbensolo, &ctx);
        assert_result(&s, 10, [-10, -10, 30, -10], &ctx);
    }

    let s = settle(&e11_facts(), &rules(Preset::Directnet), 1);
    assert_line(&s, Scored::Game, (true, D, 4, 0, 4), "E11 s000");
    assert_line(&s, Scored::Absolut, (false, D, 2, 0, 2), "E11 s000");
    assert_line(&s, Scored::FourKings, (false, D, 2, 0, 2), "E11 s000");
    assert_only(
        &s,
        &[Scored::Game, Scored::Absolut, Scored::FourKings],
        "E11 s000",
    );
    assert_result(&s, 8, [-8, -8, 24, -8], "E11 s000");

    let s = settle(&e11_facts(), &rules(Preset::Tarockwelt), 1);
    assert_line(&s, Scored::Game, (true, D, 4, 0, 4), "E11 s001");
    assert_line(&s, Scored::FourKings, (false, D, 4, 0, 4), "E11 s001");
    assert_only(&s, &[Scored::Game, Scored::FourKings], "E11 s001");
    assert_absent(&s, &not_in_farbensolo, "E11 s001");
    assert_absent(&s, &[Scored::Absolut], "E11 s001");
    assert_result(&s, 8, [-8, -8, 24, -8], "E11 s001");

    // SPEC §5.2 item 8: a Mondfang is not scored in a Farbensolo either (it
    // cannot arise on a suit lead, but the scorer must not count it anyway).
    for preset in [Preset::Standard, Preset::Tarockwelt, Preset::Wikipedia] {
        let f = Facts {
            mond_caught: Some(O),
            ..e11_facts()
        };
        let s = settle(&f, &rules(preset), 1);
        assert_absent(&s, &[Scored::Mondfang], &format!("E11 {preset} Mondfang"));
        assert!(!s.mondfang_scored);
    }
}

/// E12: D = S0+S2; S0 announced Pagat and Absolut, S1 kontra'd the Absolut,
/// S2 rekontra'd it. D 60 points; S0's T1 wins trick 10.
/// Game +1; Absolut won 2 × 2² = +8; Pagat won +2. T = +11.
#[test]
fn e12_absolut_rekontra_and_pagat() {
    let f = Facts {
        absolut: Some(announced(D, 2)),
        pagat: Some(announced(D, 0)),
        pagat_fate: (D, PagatOutcome::WonLastTrick),
        ..facts(GameKind::Rufer, [D, O, D, O], 60, 7)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), "E12");
    assert_line(&s, Scored::Absolut, (true, D, 2, 2, 8), "E12");
    assert_line(&s, Scored::Pagat, (true, D, 2, 0, 2), "E12");
    assert_only(&s, &[Scored::Game, Scored::Absolut, Scored::Pagat], "E12");
    assert_result(&s, 11, [11, -11, 11, -11], "E12");
}

/// E13: Solo by S2 with an announced Pagat, kontra'd by S3; S2 had to play
/// T1 in trick 8. S2 47 points. Game +4; Pagat lost 2 × P 2 × 2 = −8.
/// T = −4 → [+4, +4, −12, +4].
#[test]
fn e13_solo_announced_pagat_lost_early() {
    let f = Facts {
        pagat: Some(announced(D, 1)),
        pagat_fate: (D, PagatOutcome::PlayedEarlier),
        ..facts(GameKind::Solo, [O, O, D, O], 47, 6)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, D, 4, 0, 4), "E13");
    assert_line(&s, Scored::Pagat, (true, O, 4, 1, -8), "E13");
    assert_only(&s, &[Scored::Game, Scored::Pagat], "E13");
    assert_result(&s, -4, [4, 4, -12, 4], "E13");
}

/// E14 (s001): D = S0+S3, Kontra and Retour on the game, D exactly 45;
/// S2 (O) holds T1 sK hK dK (Honneur); S0's Mond caught by S1's Sküs.
/// Game 10 S × 4 = +40 S; Mond gefangen −40 S; Honneur (O) −10 S:
/// T = −10 S = −1 unit → [−1, +1, +1, −1] units.
#[test]
fn e14_s001_retour_mond_gefangen_honneur() {
    let f = Facts {
        game: announced(D, 2),
        pagat_fate: (O, PagatOutcome::PlayedEarlier),
        honneur: Some(O),
        mond_caught: Some(D),
        ..facts(GameKind::Rufer, [D, O, O, D], 45, 5)
    };
    let s = settle(&f, &rules(Preset::Tarockwelt), 1);
    assert_line(&s, Scored::Game, (true, D, 1, 2, 4), "E14");
    assert_line(&s, Scored::Mondfang, (false, O, 4, 0, -4), "E14");
    assert_line(&s, Scored::Honneur, (false, O, 1, 0, -1), "E14");
    assert_only(
        &s,
        &[Scored::Game, Scored::Mondfang, Scored::Honneur],
        "E14",
    );
    assert_result(&s, -1, [-1, 1, 1, -1], "E14");
}

/// E15 facts: D = S0+S3, S1 (O, Trull holder) kontra'd the game; S0 (D)
/// holds all four Kings (four five-pointers: also the Honneur holder, which
/// neither s000 nor default scores); D 38 points.
fn e15_facts() -> Facts {
    Facts {
        game: announced(D, 1),
        pagat_fate: (O, PagatOutcome::PlayedEarlier),
        trull: Some(O),
        four_kings: Some(D),
        honneur: Some(D),
        ..facts(GameKind::Rufer, [D, O, O, D], 38, 4)
    }
}

/// E15: s000: Game lost ×2: −2; Trull (O) −1; Königstrull (D) +1. T = −2
/// → [−2, +2, +2, −2]. default with the same Kontra: four Kings are worth
/// 2, so −2 − 1 + 2 = −1 → [−1, +1, +1, −1].
#[test]
fn e15_s000_forced_kontra_koenigstrull() {
    let s = settle(&e15_facts(), &rules(Preset::Directnet), 1);
    assert_line(&s, Scored::Game, (true, O, 1, 1, -2), "E15 s000");
    assert_line(&s, Scored::Trull, (false, O, 1, 0, -1), "E15 s000");
    assert_line(&s, Scored::FourKings, (false, D, 1, 0, 1), "E15 s000");
    assert_only(
        &s,
        &[Scored::Game, Scored::Trull, Scored::FourKings],
        "E15 s000",
    );
    assert_result(&s, -2, [-2, 2, 2, -2], "E15 s000");

    let s = settle(&e15_facts(), &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, O, 1, 1, -2), "E15 default");
    assert_line(&s, Scored::Trull, (false, O, 1, 0, -1), "E15 default");
    assert_line(&s, Scored::FourKings, (false, D, 2, 0, 2), "E15 default");
    assert_only(
        &s,
        &[Scored::Game, Scored::Trull, Scored::FourKings],
        "E15 default",
    );
    assert_result(&s, -1, [-1, 1, 1, -1], "E15 default");
}

/// E16: Solo by S3; the opponents take all 10 tricks. Silent Valat for O:
/// 6 × P 2 = −12, replacing the game. T = −12 → [+12, +12, +12, −36].
#[test]
fn e16_silent_valat_against_soloist() {
    let f = facts(GameKind::Solo, [O, O, O, D], 0, 0);
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Valat, (false, O, 12, 0, -12), "E16");
    assert_only(&s, &[Scored::Valat], "E16");
    assert_absent(&s, &[Scored::Game, Scored::Absolut], "E16");
    assert_result(&s, -12, [12, 12, 12, -36], "E16");
}

/// E17: D = S0+S1, S0 announced Absolut; D 50. Game +1; Absolut lost
/// (50 < 56) −2. T = −1 → [−1, −1, +1, +1].
#[test]
fn e17_game_won_announced_absolut_lost() {
    let f = Facts {
        absolut: Some(announced(D, 0)),
        ..facts(GameKind::Rufer, [D, D, O, O], 50, 6)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), "E17");
    assert_line(&s, Scored::Absolut, (true, O, 2, 0, -2), "E17");
    assert_only(&s, &[Scored::Game, Scored::Absolut], "E17");
    assert_result(&s, -1, [-1, -1, 1, 1], "E17");
}

/// E18 (s001): Farbensolo + Valat by S1 (no Kontra possible), S1 takes all
/// 10 tricks. Announced Valat in a solo game: 120 S × 2 = +240 S = 24 units.
/// T = +24 → [−24, +72, −24, −24] units ([−240, +720, −240, −240] S).
#[test]
fn e18_s001_farbensolo_valat() {
    let f = Facts {
        valat: Some(announced(D, 0)),
        ..facts(GameKind::Farbensolo, [O, D, O, O], 88, 10)
    };
    let s = settle(&f, &rules(Preset::Tarockwelt), 1);
    assert_line(&s, Scored::Valat, (true, D, 24, 0, 24), "E18");
    assert_only(&s, &[Scored::Valat], "E18");
    assert_absent(&s, &[Scored::Game, Scored::FourKings], "E18");
    assert_result(&s, 24, [-24, 72, -24, -24], "E18");
}

/// E19 facts (FD1): D = S0+S2, 52 points, 6 tricks; S0's Mond caught by
/// her partner S2's Sküs; S3's (O's) T1 wins trick 10; S2 holds
/// T22 sK hK dK (Honneur, scored in s001 only).
fn e19_facts() -> Facts {
    Facts {
        pagat_fate: (O, PagatOutcome::WonLastTrick),
        honneur: Some(D),
        mond_caught: Some(D),
        ..facts(GameKind::Rufer, [D, O, D, O], 52, 6)
    }
}

/// E19: default/s000/s004: Game +1; O's silent Pagat −1; Mondfang against D
/// −1. T = −1 → [−1, +1, −1, +1]. s001: +10 − 10 − 40 + 10 (Honneur) =
/// −30 S = −3 units → [−3, +3, −3, +3].
#[test]
fn e19_full_deal_fd1_game_won_deal_lost() {
    for preset in [Preset::Standard, Preset::Directnet, Preset::Wikipedia] {
        let ctx = format!("E19 {preset}");
        let s = settle(&e19_facts(), &rules(preset), 1);
        assert_line(&s, Scored::Game, (true, D, 1, 0, 1), &ctx);
        assert_line(&s, Scored::Pagat, (false, O, 1, 0, -1), &ctx);
        assert_line(&s, Scored::Mondfang, (false, O, 1, 0, -1), &ctx);
        assert_only(&s, &[Scored::Game, Scored::Pagat, Scored::Mondfang], &ctx);
        assert_absent(&s, &[Scored::Honneur], &ctx);
        assert!(s.mondfang_scored, "{ctx}");
        assert_result(&s, -1, [-1, 1, -1, 1], &ctx);
    }
    let s = settle(&e19_facts(), &rules(Preset::Tarockwelt), 1);
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), "E19 s001");
    assert_line(&s, Scored::Pagat, (false, O, 1, 0, -1), "E19 s001");
    assert_line(&s, Scored::Mondfang, (false, O, 4, 0, -4), "E19 s001");
    assert_line(&s, Scored::Honneur, (false, D, 1, 0, 1), "E19 s001");
    assert_only(
        &s,
        &[
            Scored::Game,
            Scored::Pagat,
            Scored::Mondfang,
            Scored::Honneur,
        ],
        "E19 s001",
    );
    assert_result(&s, -3, [-3, 3, -3, 3], "E19 s001");
}

/// E20: E1 played as one of the four doubled deals of a double round
/// (s004, `double_round_on_mondfang`): Game +1 × session factor 2 = +2
/// → [+2, −2, +2, −2]. The double round is started by a scored Mondfang
/// (E19 in s004) and lasts four deals.
#[test]
fn e20_double_round() {
    let rules = rules(Preset::Wikipedia);
    assert!(rules.double_round_on_mondfang);
    let e1 = facts(GameKind::Rufer, [D, O, D, O], 52, 7);

    let mut round = DoubleRound::default();
    assert_eq!(round.factor(), 1);
    // The Mondfang deal itself is not doubled; it queues four doubled deals.
    let mondfang_deal = settle(&e19_facts(), &rules, round.factor());
    assert_eq!(mondfang_deal.total, -1);
    assert!(mondfang_deal.mondfang_scored);
    round.record(&mondfang_deal, &rules);
    assert_eq!(round.remaining, 4);

    // E1 as the first doubled deal.
    assert_eq!(round.factor(), 2);
    let s = settle(&e1, &rules, round.factor());
    assert_eq!(s.factor, 2);
    // The line keeps its undoubled value; the factor applies to T.
    assert_line(&s, Scored::Game, (true, D, 1, 0, 1), "E20");
    assert_result(&s, 2, [2, -2, 2, -2], "E20");
    round.record(&s, &rules);
    assert_eq!(round.remaining, 3);

    // Three more doubled deals, then back to single.
    for _ in 0..3 {
        assert_eq!(round.factor(), 2);
        let s = settle(&e1, &rules, round.factor());
        assert_eq!(s.total, 2);
        round.record(&s, &rules);
    }
    assert_eq!(round.remaining, 0);
    assert_eq!(round.factor(), 1);
    let s = settle(&e1, &rules, round.factor());
    assert_result(&s, 1, [1, -1, 1, -1], "E20 after the double round");
}

/// SPEC §5.6: a further Mondfang during a double round adds four more
/// doubled deals (the factor stays 2); a Mondfang that is not scored
/// (Farbensolo, cancelled by a Valat) triggers nothing; in default the
/// double round is off.
#[test]
fn e20_double_round_queue_rules() {
    let wiki = rules(Preset::Wikipedia);
    let mut round = DoubleRound::default();
    round.record(&settle(&e19_facts(), &wiki, 1), &wiki);
    assert_eq!(round.remaining, 4);
    // Second deal of the round has another Mondfang: 4 − 1 + 4 = 7 remain.
    let s = settle(&e19_facts(), &wiki, round.factor());
    // E19 doubled: T = −1 × 2.
    assert_result(&s, -2, [-2, 2, -2, 2], "E19 doubled");
    round.record(&s, &wiki);
    assert_eq!(round.remaining, 7);
    assert_eq!(round.factor(), 2);

    // A Mondfang in a Farbensolo is not scored and queues nothing.
    let mut round = DoubleRound::default();
    let fs = Facts {
        mond_caught: Some(O),
        ..e11_facts()
    };
    let s = settle(&fs, &wiki, 1);
    assert!(!s.mondfang_scored);
    round.record(&s, &wiki);
    assert_eq!(round.remaining, 0);

    // A Mondfang cancelled by a Valat (E6 with a caught Mond) queues nothing.
    let v = Facts {
        mond_caught: Some(D),
        ..e06_facts()
    };
    let s = settle(&v, &wiki, 1);
    assert_absent(&s, &[Scored::Mondfang], "Valat cancels Mondfang");
    assert!(!s.mondfang_scored);
    round.record(&s, &wiki);
    assert_eq!(round.remaining, 0);

    // default: double_round_on_mondfang is off.
    let standard = rules(Preset::Standard);
    let s = settle(&e19_facts(), &standard, 1);
    assert!(s.mondfang_scored);
    round.record(&s, &standard);
    assert_eq!(round.remaining, 0);
    assert_eq!(round.factor(), 1);
}

/// E21: D = S0+S3, D 30 / O 58. Game −1; O's silent Absolut (58 ≥ 56) −1.
/// T = −2 → [−2, +2, +2, −2].
#[test]
fn e21_silent_absolut_for_the_opponents() {
    let f = facts(GameKind::Rufer, [D, O, O, D], 30, 3);
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, O, 1, 0, -1), "E21");
    assert_line(&s, Scored::Absolut, (false, O, 1, 0, -1), "E21");
    assert_only(&s, &[Scored::Game, Scored::Absolut], "E21");
    assert_result(&s, -2, [-2, 2, 2, -2], "E21");
}

/// E22: D = S0+S1, Kontra, Rekontra and Subkontra on the game, D 43.
/// Game lost 1 × 2³ = −8. T = −8 → [−8, −8, +8, +8].
#[test]
fn e22_subkontra_on_the_game() {
    let f = Facts {
        game: announced(D, 3),
        ..facts(GameKind::Rufer, [D, D, O, O], 43, 4)
    };
    let s = settle(&f, &rules(Preset::Standard), 1);
    assert_line(&s, Scored::Game, (true, O, 1, 3, -8), "E22");
    assert_only(&s, &[Scored::Game], "E22");
    assert_result(&s, -8, [-8, -8, 8, 8], "E22");
}

// ---------------------------------------------------------------------------
// Lizitation of some examples played through the engine on FD1 / FD2
// ---------------------------------------------------------------------------

const RUFER: Bid = Bid::Game(GameKind::Rufer);
const SOLO: Bid = Bid::Game(GameKind::Solo);
const KONTRA_GAME: Bid = Bid::Kontra(Item::Game);

/// Plays bidding turns, each (seat, bids); an empty list is Weiter.
#[track_caller]
fn bid(game: &mut Game, turns: &[(Seat, &[Bid])], ctx: &str) {
    for (seat, bids) in turns {
        if let Err((i, e)) = game.apply_turn(*seat, bids) {
            panic!("{ctx}: turn of {seat} {bids:?} rejected at {i}: {e}");
        }
    }
}

#[track_caller]
fn assert_item(game: &Game, item: Item, owner: Party, level: u8, ctx: &str) {
    let state = game
        .bidding()
        .item(item)
        .unwrap_or_else(|| panic!("{ctx}: {item:?} not announced"));
    assert_eq!(
        (state.owner, state.level, state.void),
        (owner, level, false),
        "{ctx}: {item:?} (owner, level, void)"
    );
}

/// E3 = BV8 on FD1: S0 [Rufer → XIX]; S1 [Absolut] (auto Kontra on the game);
/// S2 [Kontra Absolut]; S3 [Pagat]; S0 [Kontra Pagat]; three Weiter.
/// Result: Game{D, 1}, Absolut{O, 1}, Pagat{O, 1}; S1, S3 public O, S2 public D.
/// SPEC: default and s004, "same in s000"; E3 also settles it under s001.
#[test]
fn e03_bidding_on_fd1() {
    use tarock_zwanzigerrufen::Seat::{S0, S1, S2, S3};
    for preset in [
        Preset::Standard,
        Preset::Wikipedia,
        Preset::Directnet,
        Preset::Tarockwelt,
    ] {
        let ctx = format!("E3/BV8 {preset}");
        let mut game = new_game(preset.rules(), FD1_HANDS);
        bid(
            &mut game,
            &[
                (S0, &[RUFER]),
                (S1, &[Bid::Premium(Premium::Absolut)]),
                (S2, &[Bid::Kontra(Item::Absolut)]),
                (S3, &[Bid::Premium(Premium::Pagat)]),
                (S0, &[Bid::Kontra(Item::Pagat)]),
                (S1, &[]),
                (S2, &[]),
                (S3, &[]),
            ],
            &ctx,
        );
        assert!(game.bidding().is_over(), "{ctx}");
        let c = game.contract().unwrap();
        assert_eq!(c.kind, GameKind::Rufer, "{ctx}");
        assert_eq!(c.called, Some("T19".parse().unwrap()), "{ctx}");
        assert_eq!(c.partner, Some(S2), "{ctx}");
        assert_item(&game, Item::Game, D, 1, &ctx);
        assert_item(&game, Item::Absolut, O, 1, &ctx);
        assert_item(&game, Item::Pagat, O, 1, &ctx);
        assert!(game.bidding().item(Item::Valat).is_none(), "{ctx}");
        assert_eq!(game.bidding().public_party(S1), Some(O), "{ctx}");
        assert_eq!(game.bidding().public_party(S3), Some(O), "{ctx}");
        assert_eq!(game.bidding().public_party(S2), Some(D), "{ctx}");
    }
}

/// E5 on FD1 (any hands fit a Solo): S0 [Rufer]; S1 —; S2 [Solo];
/// S3 [Kontra Game]; S0 —; S1 —; S2 [Kontra Game] (Rekontra); S3 —; S0 —;
/// S1 — ⇒ Solo by S2 with Game{D, 2}. In s001 the Rekontra is illegal
/// (solo games are capped at Kontra).
#[test]
fn e05_bidding_on_fd1() {
    use tarock_zwanzigerrufen::Seat::{S0, S1, S2, S3};
    let mut game = new_game(Preset::Standard.rules(), FD1_HANDS);
    bid(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, &[]),
            (S2, &[SOLO]),
            (S3, &[KONTRA_GAME]),
            (S0, &[]),
            (S1, &[]),
            (S2, &[KONTRA_GAME]),
            (S3, &[]),
            (S0, &[]),
            (S1, &[]),
        ],
        "E5 default",
    );
    assert!(game.bidding().is_over());
    let c = game.contract().unwrap();
    assert_eq!((c.kind, c.declarer), (GameKind::Solo, S2));
    assert_item(&game, Item::Game, D, 2, "E5 default");

    let mut game = new_game(Preset::Tarockwelt.rules(), FD1_HANDS);
    bid(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, &[]),
            (S2, &[SOLO]),
            (S3, &[KONTRA_GAME]),
            (S0, &[]),
            (S1, &[]),
        ],
        "E5 s001",
    );
    assert!(
        game.apply_turn(S2, &[KONTRA_GAME]).is_err(),
        "E5 s001: the Rekontra on a solo game must be rejected"
    );
    assert_item(&game, Item::Game, D, 1, "E5 s001");
}

/// E14 (s001) on FD2, where S3 holds the called XX so D = S0+S3 as in E14:
/// S0 [Rufer]; S1 [Kontra Game]; S2 —; S3 —; S0 [Kontra Game] (Retour);
/// S1 —; S2 —; S3 — ⇒ Game{D, 2}.
#[test]
fn e14_bidding_on_fd2_s001() {
    use tarock_zwanzigerrufen::Seat::{S0, S1, S2, S3};
    let mut game = new_game(Preset::Tarockwelt.rules(), FD2_HANDS);
    bid(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, &[KONTRA_GAME]),
            (S2, &[]),
            (S3, &[]),
            (S0, &[KONTRA_GAME]),
            (S1, &[]),
            (S2, &[]),
            (S3, &[]),
        ],
        "E14",
    );
    assert!(game.bidding().is_over());
    let c = game.contract().unwrap();
    assert_eq!(c.kind, GameKind::Rufer);
    assert_eq!(c.partner, Some(S3));
    assert_item(&game, Item::Game, D, 2, "E14");
}

/// E15 (s000) on FD2: D = S0+S3 and S1 (O) holds the Trull, as in E15.
/// S1 may not say Weiter (L8); S0 [Rufer]; S1 [Kontra Game]; S2 —; S3 —;
/// S0 — ⇒ Game{D, 1}.
#[test]
fn e15_bidding_on_fd2_s000() {
    use tarock_zwanzigerrufen::Seat::{S0, S1, S2, S3};
    let mut game = new_game(Preset::Directnet.rules(), FD2_HANDS);
    bid(&mut game, &[(S0, &[RUFER])], "E15");
    assert!(
        game.apply_turn(S1, &[]).is_err(),
        "E15: the Trull holder must kontra (L8)"
    );
    bid(
        &mut game,
        &[(S1, &[KONTRA_GAME]), (S2, &[]), (S3, &[]), (S0, &[])],
        "E15",
    );
    assert!(game.bidding().is_over());
    assert_eq!(game.contract().unwrap().partner, Some(S3));
    assert_item(&game, Item::Game, D, 1, "E15");
}

/// E18 (s001) on FD1, where S1 has five suit cards (cQ cN cJ c10 dA) and so
/// may play a Farbensolo: S0 [Rufer]; S1 [Farbensolo + Valat] (rank 5 beats
/// the Rufer); a Kontra on this Valat is impossible; S2 —; S3 —; S0 —
/// ⇒ Farbensolo-Valat by S1 with Valat{D, 0}.
#[test]
fn e18_bidding_on_fd1_s001() {
    use tarock_zwanzigerrufen::Seat::{S0, S1, S2, S3};
    let mut game = new_game(Preset::Tarockwelt.rules(), FD1_HANDS);
    bid(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, &[Bid::GameWithValat(GameKind::Farbensolo)]),
        ],
        "E18",
    );
    assert!(
        game.apply_turn(S2, &[Bid::Kontra(Item::Valat)]).is_err(),
        "E18: no Kontra on a Farbensolo Valat in s001"
    );
    bid(&mut game, &[(S2, &[]), (S3, &[]), (S0, &[])], "E18");
    assert!(game.bidding().is_over());
    let c = game.contract().unwrap();
    assert_eq!(
        (c.kind, c.declarer, c.with_valat),
        (GameKind::Farbensolo, S1, true)
    );
    assert_item(&game, Item::Valat, D, 0, "E18");
    assert_item(&game, Item::Game, D, 0, "E18");
}

/// E22's Lizitation on FD2. The parties differ from E22 in S1 only (an
/// opponent here, a declarer there), which does not matter because S1 only
/// says Weiter: S0 [Rufer]; S1 —; S2 [Kontra Game]; S3 —; S0 [Kontra Game]
/// (Rekontra); S1 —; S2 [Kontra Game] (Subkontra); S3 —; S0 —; S1 —
/// ⇒ Game{D, 3}. In s001 the Subkontra is illegal (Rufer game ≤ Retour).
#[test]
fn e22_bidding_on_fd2() {
    use tarock_zwanzigerrufen::Seat::{S0, S1, S2, S3};
    let opening: &[(Seat, &[Bid])] = &[
        (S0, &[RUFER]),
        (S1, &[]),
        (S2, &[KONTRA_GAME]),
        (S3, &[]),
        (S0, &[KONTRA_GAME]),
        (S1, &[]),
    ];
    let mut game = new_game(Preset::Standard.rules(), FD2_HANDS);
    bid(&mut game, opening, "E22 default");
    bid(
        &mut game,
        &[(S2, &[KONTRA_GAME]), (S3, &[]), (S0, &[]), (S1, &[])],
        "E22 default",
    );
    assert!(game.bidding().is_over());
    assert_item(&game, Item::Game, D, 3, "E22 default");

    let mut game = new_game(Preset::Tarockwelt.rules(), FD2_HANDS);
    bid(&mut game, opening, "E22 s001");
    assert!(
        game.apply_turn(S2, &[KONTRA_GAME]).is_err(),
        "E22 s001: Subkontra must be rejected"
    );
    assert_item(&game, Item::Game, D, 2, "E22 s001");
}
