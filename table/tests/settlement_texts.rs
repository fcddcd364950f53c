//! The settlement as players read it, in German and English, for the
//! worked examples of the rules specification (SPEC §6): each deal's facts
//! are given, the engine prices them, and the whole text is compared with
//! one written by hand from the rules (SPEC §5): which lines are scored,
//! who wins each, its Kontra, the sum, how it is paid (Rufer: each of the
//! two seats ±T; solo: the soloist ±3T, each opponent ∓T) and the new
//! balances. The seats are Anna (1, Vorhand), Bert (2), Cleo (3), Dora (4);
//! the stake is 10 cents per unit.

use tarock_table::Lang;
use tarock_zwanzigerrufen::score::{Announced, Facts, PagatOutcome, settle};
use tarock_zwanzigerrufen::{Card, GameKind, Party, Preset, Seat};
use tarock_zwanzigerrufen_face::settlement::Sheet;
use tarock_zwanzigerrufen_face::words::KontraWords;

const D: Party = Party::Declarer;
const O: Party = Party::Opponents;

fn card(id: &str) -> Card {
    id.parse().unwrap()
}

/// Facts of a deal with nothing but the game: no premiums announced, no
/// material premium, no Mondfang, the Pagat played before the last trick.
fn plain(kind: GameKind, parties: [Party; 4], declarer_points: u32, tricks: u8) -> Facts {
    Facts {
        kind,
        parties,
        declarer_points,
        declarer_tricks: tricks,
        game: Announced { owner: D, level: 0 },
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

/// The sheet of `facts` priced under `preset` with session `factor`; the
/// balances after the deal are `before` plus the changes, at 10 cents.
fn sheet(
    preset: Preset,
    facts: Facts,
    factor: u32,
    declarer: Seat,
    called: Option<&str>,
    before: [i64; 4],
) -> Sheet {
    let rules = preset.rules();
    let settlement = settle(&facts, &rules, factor);
    let balances = std::array::from_fn(|i| {
        let units = before[i] + settlement.changes[i];
        (units, units * 10)
    });
    Sheet {
        table: 3,
        deal: 7,
        names: ["Anna", "Bert", "Cleo", "Dora"].map(str::to_owned),
        declarer,
        called: called.map(card),
        facts,
        settlement,
        valat_replaces_all: rules.valat_replaces_all,
        words: KontraWords::of_rules(&format!("\"{}\"", preset.name())),
        stake_cents: 10,
        balances,
    }
}

fn assert_lines(got: &str, expected: &str) {
    for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
        assert_eq!(g, e, "line {}", i + 1);
    }
    assert_eq!(got, expected);
}

/// A lost Rufer with Kontra and a silent Absolut for the opponents (SPEC
/// E21 with Bert's Kontra on the game): Anna calls the XX, Dora holds it.
/// D 30 card points, O 58. Game lost, doubled by the Kontra: 1 × 2 = 2 for
/// the opponents; they reached 56, so the silent Absolut is theirs: 1.
/// T = −3: Anna and Dora −3, Bert and Cleo +3.
fn lost_rufer() -> Sheet {
    let mut facts = plain(GameKind::Rufer, [D, O, O, D], 30, 3);
    facts.game.level = 1;
    let s = sheet(
        Preset::Standard,
        facts,
        1,
        Seat::S0,
        Some("T20"),
        [1, 0, -2, 1],
    );
    assert_eq!(s.settlement.changes, [-3, 3, 3, -3]);
    s
}

#[test]
fn a_lost_rufer_with_kontra_and_a_silent_absolut_for_the_opponents() {
    let s = lost_rufer();
    assert_lines(
        &s.text(Lang::De, None),
        "💰 Abrechnung Tisch 3, Spiel 7\n\
         Anna spielt Rufer und ruft den XX. Partner: Dora.\n\
         Kartenpunkte: Spieler 30 : Gegner 58\n\
         Rufer verloren (Kontra ×2): Gegner +2\n\
         Absolut still: Gegner +1\n\
         Summe: Gegner +3 – Bert und Cleo bekommen je 3, Anna und Dora zahlen je 3.\n\
         Anna: −3 (−0,30 €) · Stand −2 (−0,20 €)\n\
         Bert: +3 (+0,30 €) · Stand +3 (+0,30 €)\n\
         Cleo: +3 (+0,30 €) · Stand +1 (+0,10 €)\n\
         Dora: −3 (−0,30 €) · Stand −2 (−0,20 €)",
    );
    assert_lines(
        &s.text(Lang::En, None),
        "💰 Settlement, table 3, deal 7\n\
         Anna plays a Rufer and calls the XX. Partner: Dora.\n\
         Card points: declarers 30 : opponents 58\n\
         Rufer lost (Kontra ×2): opponents +2\n\
         Absolut silent: opponents +1\n\
         Total: opponents +3 – Bert and Cleo receive 3 each, Anna and Dora pay 3 each.\n\
         Anna: −3 (−€0.30) · balance −2 (−€0.20)\n\
         Bert: +3 (+€0.30) · balance +3 (+€0.30)\n\
         Cleo: +3 (+€0.30) · balance +1 (+€0.10)\n\
         Dora: −3 (−€0.30) · balance −2 (−€0.20)",
    );
}

#[test]
fn a_private_copy_marks_the_readers_own_line() {
    let s = lost_rufer();
    let de = s.text(Lang::De, Some(Seat::S1));
    let en = s.text(Lang::En, Some(Seat::S1));
    assert_eq!(
        de.lines().nth(7),
        Some("▶ Bert (du): +3 (+0,30 €) · Stand +3 (+0,30 €)")
    );
    assert_eq!(
        en.lines().nth(7),
        Some("▶ Bert (you): +3 (+€0.30) · balance +3 (+€0.30)")
    );
    // Only that line differs from the public text.
    for (text, public) in [(de, s.text(Lang::De, None)), (en, s.text(Lang::En, None))] {
        let differ: Vec<usize> = text
            .lines()
            .zip(public.lines())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(differ, vec![7]);
    }
}

/// SPEC E13: Cleo's Solo with an announced Pagat, Dora's Kontra on it; the
/// Pagat had to fall before the last trick. Cleo 47: the Solo is won, 4;
/// the announced Pagat is lost, 2 × 2 (solo) × 2 (Kontra) = 8 for the
/// opponents. T = 4 − 8 = −4: Cleo pays 3 × 4 = 12, the others get 4.
#[test]
fn an_announced_pagat_lost() {
    let mut facts = plain(GameKind::Solo, [O, O, D, O], 47, 5);
    facts.pagat = Some(Announced { owner: D, level: 1 });
    facts.pagat_fate = (D, PagatOutcome::PlayedEarlier);
    let s = sheet(Preset::Standard, facts, 1, Seat::S2, None, [0; 4]);
    assert_eq!(s.settlement.changes, [4, 4, -12, 4]);
    assert_lines(
        &s.text(Lang::De, None),
        "💰 Abrechnung Tisch 3, Spiel 7\n\
         Cleo spielt Solo.\n\
         Kartenpunkte: Spieler 47 : Gegner 41\n\
         Solo gewonnen: Spieler +4\n\
         Pagat (Spieler) angesagt, verloren (Kontra ×2): Gegner +8\n\
         Summe: Gegner +4 – Cleo zahlt 3 × 4 = 12, Anna, Bert und Dora bekommen je 4.\n\
         Anna: +4 (+0,40 €) · Stand +4 (+0,40 €)\n\
         Bert: +4 (+0,40 €) · Stand +4 (+0,40 €)\n\
         Cleo: −12 (−1,20 €) · Stand −12 (−1,20 €)\n\
         Dora: +4 (+0,40 €) · Stand +4 (+0,40 €)",
    );
    assert_lines(
        &s.text(Lang::En, None),
        "💰 Settlement, table 3, deal 7\n\
         Cleo plays a Solo.\n\
         Card points: declarers 47 : opponents 41\n\
         Solo won: declarers +4\n\
         Pagat (declarers) announced, lost (Kontra ×2): opponents +8\n\
         Total: opponents +4 – Cleo pays 3 × 4 = 12, Anna, Bert and Dora receive 4 each.\n\
         Anna: +4 (+€0.40) · balance +4 (+€0.40)\n\
         Bert: +4 (+€0.40) · balance +4 (+€0.40)\n\
         Cleo: −12 (−€1.20) · balance −12 (−€1.20)\n\
         Dora: +4 (+€0.40) · balance +4 (+€0.40)",
    );
}

/// SPEC E4: Bert's Solo with 58 card points: the game 4, the silent Absolut
/// 1 × 2 (solo) = 2; T = 6: Bert gets 3 × 6 = 18, the others pay 6.
#[test]
fn a_solo_won() {
    let facts = plain(GameKind::Solo, [O, D, O, O], 58, 7);
    let s = sheet(Preset::Standard, facts, 1, Seat::S1, None, [2, -4, 1, 1]);
    assert_eq!(s.settlement.changes, [-6, 18, -6, -6]);
    assert_lines(
        &s.text(Lang::De, None),
        "💰 Abrechnung Tisch 3, Spiel 7\n\
         Bert spielt Solo.\n\
         Kartenpunkte: Spieler 58 : Gegner 30\n\
         Solo gewonnen: Spieler +4\n\
         Absolut still: Spieler +2\n\
         Summe: Spieler +6 – Bert bekommt 3 × 6 = 18, Anna, Cleo und Dora zahlen je 6.\n\
         Anna: −6 (−0,60 €) · Stand −4 (−0,40 €)\n\
         Bert: +18 (+1,80 €) · Stand +14 (+1,40 €)\n\
         Cleo: −6 (−0,60 €) · Stand −5 (−0,50 €)\n\
         Dora: −6 (−0,60 €) · Stand −5 (−0,50 €)",
    );
    assert_lines(
        &s.text(Lang::En, None),
        "💰 Settlement, table 3, deal 7\n\
         Bert plays a Solo.\n\
         Card points: declarers 58 : opponents 30\n\
         Solo won: declarers +4\n\
         Absolut silent: declarers +2\n\
         Total: declarers +6 – Bert receives 3 × 6 = 18, Anna, Cleo and Dora pay 6 each.\n\
         Anna: −6 (−€0.60) · balance −4 (−€0.40)\n\
         Bert: +18 (+€1.80) · balance +14 (+€1.40)\n\
         Cleo: −6 (−€0.60) · balance −5 (−€0.50)\n\
         Dora: −6 (−€0.60) · balance −5 (−€0.50)",
    );
}

/// SPEC E7: Bert (Anna's partner) announces Valat, Cleo kontras it; the
/// declarers take 9 tricks and 84 card points. The Valat is lost:
/// 12 × 2 (Kontra) = 24 for the opponents, and it replaces everything
/// else, the game included. The tricks decide it, so they are shown.
#[test]
fn a_valat() {
    let mut facts = plain(GameKind::Rufer, [D, D, O, O], 84, 9);
    facts.valat = Some(Announced { owner: D, level: 1 });
    let s = sheet(Preset::Standard, facts, 1, Seat::S0, Some("T20"), [0; 4]);
    assert_eq!(s.settlement.changes, [-24, -24, 24, 24]);
    assert_lines(
        &s.text(Lang::De, None),
        "💰 Abrechnung Tisch 3, Spiel 7\n\
         Anna spielt Rufer und ruft den XX. Partner: Bert.\n\
         Kartenpunkte: Spieler 84 : Gegner 4 · Stiche 9 : 1\n\
         Valat (Spieler) angesagt, verloren (Kontra ×2): Gegner +24\n\
         Der Valat zählt allein: Spiel und Prämien entfallen.\n\
         Summe: Gegner +24 – Cleo und Dora bekommen je 24, Anna und Bert zahlen je 24.\n\
         Anna: −24 (−2,40 €) · Stand −24 (−2,40 €)\n\
         Bert: −24 (−2,40 €) · Stand −24 (−2,40 €)\n\
         Cleo: +24 (+2,40 €) · Stand +24 (+2,40 €)\n\
         Dora: +24 (+2,40 €) · Stand +24 (+2,40 €)",
    );
    assert_lines(
        &s.text(Lang::En, None),
        "💰 Settlement, table 3, deal 7\n\
         Anna plays a Rufer and calls the XX. Partner: Bert.\n\
         Card points: declarers 84 : opponents 4 · tricks 9 : 1\n\
         Valat (declarers) announced, lost (Kontra ×2): opponents +24\n\
         The Valat counts alone: the game and all premiums fall away.\n\
         Total: opponents +24 – Cleo and Dora receive 24 each, Anna and Bert pay 24 each.\n\
         Anna: −24 (−€2.40) · balance −24 (−€2.40)\n\
         Bert: −24 (−€2.40) · balance −24 (−€2.40)\n\
         Cleo: +24 (+€2.40) · balance +24 (+€2.40)\n\
         Dora: +24 (+€2.40) · balance +24 (+€2.40)",
    );
}

/// The billing example of the Wikipedia article (seed 004, SPEC E3): Anna
/// holds the XX and calls the XIX (Cleo). Bert announces Absolut (so the
/// game is kontra'd), Cleo kontras the Absolut, Dora announces Pagat, Anna
/// kontras the Pagat. Anna and Cleo take 40, Dora's Pagat wins the last
/// trick. The game lost ×2: 2 for the opponents; their Absolut failed
/// (48 < 56), 2 × 2 = 4 for the declarers; their Pagat won, 2 × 2 = 4 for
/// them. 2 + 4 − 4: the opponents win 2 each.
#[test]
fn the_wikipedia_billing_example() {
    let mut facts = plain(GameKind::Rufer, [D, O, D, O], 40, 4);
    facts.game.level = 1;
    facts.absolut = Some(Announced { owner: O, level: 1 });
    facts.pagat = Some(Announced { owner: O, level: 1 });
    facts.pagat_fate = (O, PagatOutcome::WonLastTrick);
    let s = sheet(Preset::Wikipedia, facts, 1, Seat::S0, Some("T19"), [0; 4]);
    assert_eq!(s.settlement.changes, [-2, 2, -2, 2]);
    assert_lines(
        &s.text(Lang::De, None),
        "💰 Abrechnung Tisch 3, Spiel 7\n\
         Anna spielt Rufer und ruft den XIX. Partner: Cleo.\n\
         Kartenpunkte: Spieler 40 : Gegner 48\n\
         Rufer verloren (Kontra ×2): Gegner +2\n\
         Absolut (Gegner) angesagt, verloren (Kontra ×2): Spieler +4\n\
         Pagat (Gegner) angesagt, gewonnen (Kontra ×2): Gegner +4\n\
         Summe: Gegner +2 – Bert und Dora bekommen je 2, Anna und Cleo zahlen je 2.\n\
         Anna: −2 (−0,20 €) · Stand −2 (−0,20 €)\n\
         Bert: +2 (+0,20 €) · Stand +2 (+0,20 €)\n\
         Cleo: −2 (−0,20 €) · Stand −2 (−0,20 €)\n\
         Dora: +2 (+0,20 €) · Stand +2 (+0,20 €)",
    );
    assert_lines(
        &s.text(Lang::En, None),
        "💰 Settlement, table 3, deal 7\n\
         Anna plays a Rufer and calls the XIX. Partner: Cleo.\n\
         Card points: declarers 40 : opponents 48\n\
         Rufer lost (Kontra ×2): opponents +2\n\
         Absolut (opponents) announced, lost (Kontra ×2): declarers +4\n\
         Pagat (opponents) announced, won (Kontra ×2): opponents +4\n\
         Total: opponents +2 – Bert and Dora receive 2 each, Anna and Cleo pay 2 each.\n\
         Anna: −2 (−€0.20) · balance −2 (−€0.20)\n\
         Bert: +2 (+€0.20) · balance +2 (+€0.20)\n\
         Cleo: −2 (−€0.20) · balance −2 (−€0.20)\n\
         Dora: +2 (+€0.20) · balance +2 (+€0.20)",
    );
}

/// SPEC E20: a plain won Rufer (E1: Anna with Cleo, 52 card points) as one
/// of the four doubled deals after a Mondfang under the Wikipedia rules:
/// the game 1, the sum doubled to 2 for each declarer.
#[test]
fn a_wikipedia_double_round() {
    let facts = plain(GameKind::Rufer, [D, O, D, O], 52, 7);
    let s = sheet(
        Preset::Wikipedia,
        facts,
        2,
        Seat::S0,
        Some("T20"),
        [3, -1, 0, -2],
    );
    assert_eq!(s.settlement.changes, [2, -2, 2, -2]);
    assert_lines(
        &s.text(Lang::De, None),
        "💰 Abrechnung Tisch 3, Spiel 7\n\
         Anna spielt Rufer und ruft den XX. Partner: Cleo.\n\
         Kartenpunkte: Spieler 52 : Gegner 36\n\
         Rufer gewonnen: Spieler +1\n\
         Summe: Spieler +1, Doppelrunde ×2: +2 – Anna und Cleo bekommen je 2, Bert und Dora zahlen je 2.\n\
         Anna: +2 (+0,20 €) · Stand +5 (+0,50 €)\n\
         Bert: −2 (−0,20 €) · Stand −3 (−0,30 €)\n\
         Cleo: +2 (+0,20 €) · Stand +2 (+0,20 €)\n\
         Dora: −2 (−0,20 €) · Stand −4 (−0,40 €)",
    );
    assert_lines(
        &s.text(Lang::En, None),
        "💰 Settlement, table 3, deal 7\n\
         Anna plays a Rufer and calls the XX. Partner: Cleo.\n\
         Card points: declarers 52 : opponents 36\n\
         Rufer won: declarers +1\n\
         Total: declarers +1, double round ×2: +2 – Anna and Cleo receive 2 each, Bert and Dora pay 2 each.\n\
         Anna: +2 (+€0.20) · balance +5 (+€0.50)\n\
         Bert: −2 (−€0.20) · balance −3 (−€0.30)\n\
         Cleo: +2 (+€0.20) · balance +2 (+€0.20)\n\
         Dora: −2 (−€0.20) · balance −4 (−€0.40)",
    );
}

/// SPEC E14 under tarockwelt, whose source calls the second Kontra step
/// "Retour": Anna (with Dora) plays a Rufer, Bert kontras, Anna answers
/// with Retour; Cleo held four five-pointers (Honneur); Anna's Mond fell to
/// Bert's Sküs. The declarers take exactly 45: the game 1 × 4 = 4 for them;
/// the Honneur 1 and the Mond gefangen 4 (tarockwelt's value, in units of
/// 10 Schilling) for the opponents. T = −1.
#[test]
fn tarockwelt_says_retour() {
    let mut facts = plain(GameKind::Rufer, [D, O, O, D], 45, 5);
    facts.game.level = 2;
    facts.honneur = Some(O);
    facts.mond_caught = Some(D);
    let s = sheet(Preset::Tarockwelt, facts, 1, Seat::S0, Some("T20"), [0; 4]);
    assert_eq!(s.settlement.changes, [-1, 1, 1, -1]);
    assert_lines(
        &s.text(Lang::De, None),
        "💰 Abrechnung Tisch 3, Spiel 7\n\
         Anna spielt Rufer und ruft den XX. Partner: Dora.\n\
         Kartenpunkte: Spieler 45 : Gegner 43\n\
         Rufer gewonnen (Retour ×4): Spieler +4\n\
         Honneurs: Gegner +1\n\
         Mondfang: Gegner +4\n\
         Summe: Gegner +1 – Bert und Cleo bekommen je 1, Anna und Dora zahlen je 1.\n\
         Anna: −1 (−0,10 €) · Stand −1 (−0,10 €)\n\
         Bert: +1 (+0,10 €) · Stand +1 (+0,10 €)\n\
         Cleo: +1 (+0,10 €) · Stand +1 (+0,10 €)\n\
         Dora: −1 (−0,10 €) · Stand −1 (−0,10 €)",
    );
    assert_lines(
        &s.text(Lang::En, None),
        "💰 Settlement, table 3, deal 7\n\
         Anna plays a Rufer and calls the XX. Partner: Dora.\n\
         Card points: declarers 45 : opponents 43\n\
         Rufer won (Retour ×4): declarers +4\n\
         Honneurs: opponents +1\n\
         Mondfang: opponents +4\n\
         Total: opponents +1 – Bert and Cleo receive 1 each, Anna and Dora pay 1 each.\n\
         Anna: −1 (−€0.10) · balance −1 (−€0.10)\n\
         Bert: +1 (+€0.10) · balance +1 (+€0.10)\n\
         Cleo: +1 (+€0.10) · balance +1 (+€0.10)\n\
         Dora: −1 (−€0.10) · balance −1 (−€0.10)",
    );
}

/// A deal that nets zero (SPEC E8: the game won, but the declarers' own
/// Mond caught by the partner's Sküs) says that nobody pays.
#[test]
fn a_deal_that_nets_zero() {
    let mut facts = plain(GameKind::Rufer, [D, O, D, O], 50, 6);
    facts.mond_caught = Some(D);
    let s = sheet(Preset::Standard, facts, 1, Seat::S0, Some("T20"), [0; 4]);
    assert_eq!(s.settlement.changes, [0; 4]);
    let de = s.text(Lang::De, None);
    assert_eq!(
        de.lines().skip(3).take(3).collect::<Vec<_>>(),
        vec![
            "Rufer gewonnen: Spieler +1",
            "Mondfang: Gegner +1",
            "Summe: 0 – niemand zahlt."
        ]
    );
    assert_eq!(
        de.lines().nth(6),
        Some("Anna: 0 (0,00 €) · Stand 0 (0,00 €)")
    );
    let en = s.text(Lang::En, None);
    assert_eq!(en.lines().nth(5), Some("Total: 0 – nobody pays."));
}
