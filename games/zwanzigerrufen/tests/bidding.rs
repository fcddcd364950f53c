//! The bidding test vectors BV1–BV16 of the rules (SPEC §3.9), one test each.
//!
//! Every expected result is taken from the SPEC table and the rules it cites
//! (L1–L8, E1–E4, D-xx); the comments say why it follows. For every rejected
//! action the tests also check that `legal_actions()` never offered it and
//! that the rejection left the game exactly as it was.

mod common;

use common::{FD1_HANDS, FD2_HANDS, card, new_game};
use tarock_zwanzigerrufen::{
    Action, Bid, Card, Game, GameKind, Item, Party, Phase, Premium, Preset, RuleError, Rules, Seat,
};

use Party::{Declarer as D, Opponents as O};
use Seat::{S0, S1, S2, S3};

/// HV (SPEC §3.9) gives only S0's hand: XX…XVI and four suit cards. The
/// other three hands are made up here from the remaining 30 cards; each
/// holds at least four tarocks and not only a Trull card, so none forces a
/// redeal under the standard rules (§2.2).
const HV: [&str; 4] = [
    "T20 T19 T18 T17 T16 T15 hK hQ sK cK",
    "T22 T14 T13 T12 T11 sQ sN sJ s10 cQ",
    "T21 T10 T9 T8 T7 cN cJ c10 hN hJ",
    "T1 T4 T5 T6 hA dK dQ dN dJ dA",
];

const RUFER: Bid = Bid::Game(GameKind::Rufer);
const FARBENSOLO: Bid = Bid::Game(GameKind::Farbensolo);
const SOLO: Bid = Bid::Game(GameKind::Solo);
/// Tarockwelt's combined bid "Farbensolo + Valat" (SPEC §3.2, C-2).
const FARBENSOLO_VALAT: Bid = Bid::GameWithValat(GameKind::Farbensolo);
const ABSOLUT: Bid = Bid::Premium(Premium::Absolut);
const PAGAT: Bid = Bid::Premium(Premium::Pagat);
const VALAT: Bid = Bid::Premium(Premium::Valat);
const KONTRA_GAME: Bid = Bid::Kontra(Item::Game);
const KONTRA_ABSOLUT: Bid = Bid::Kontra(Item::Absolut);
const KONTRA_PAGAT: Bid = Bid::Kontra(Item::Pagat);
const KONTRA_VALAT: Bid = Bid::Kontra(Item::Valat);
/// An empty turn: "Weiter" (SPEC D-06), written `—` in the SPEC.
const PASS: &[Bid] = &[];

fn standard() -> Rules {
    Preset::Standard.rules().get()
}

/// Plays one turn the SPEC calls legal: each bid and the closing Weiter must
/// be offered by `legal_actions()` in the state left by the bids before it.
fn turn(game: &mut Game, seat: Seat, bids: &[Bid]) {
    let mut probe = game.clone();
    for bid in bids {
        let legal = probe.legal_actions();
        assert_eq!(legal.seat, Some(seat), "seat {seat} should be to act");
        assert!(
            legal.contains(Action::Bid(*bid)),
            "seat {seat}: {bid:?} should be offered, offered are {:?}",
            legal.bids().collect::<Vec<_>>()
        );
        probe
            .apply(seat, Action::Bid(*bid))
            .unwrap_or_else(|e| panic!("seat {seat}: {bid:?} rejected: {e}"));
    }
    assert!(
        probe.legal_actions().contains(Action::Weiter),
        "seat {seat} should be allowed to end the turn {bids:?}"
    );
    game.apply_turn(seat, bids)
        .unwrap_or_else(|(i, e)| panic!("seat {seat}, turn {bids:?}: part {i} rejected: {e}"));
}

/// Plays a sequence of legal turns.
fn turns(game: &mut Game, sequence: &[(Seat, &[Bid])]) {
    for (seat, bids) in sequence {
        turn(game, *seat, bids);
    }
}

/// Checks that the turn `bids` of `seat` is rejected at position `pos`
/// (`bids.len()` = the closing Weiter): `apply_turn` fails atomically, the
/// failing step is not offered by `legal_actions()` and a single-step apply
/// of it fails with the same error and changes nothing. Returns the error.
fn reject_turn(game: &Game, seat: Seat, bids: &[Bid], pos: usize) -> RuleError {
    let mut whole = game.clone();
    let err = match whole.apply_turn(seat, bids) {
        Err((at, err)) => {
            assert_eq!(
                at, pos,
                "seat {seat}, turn {bids:?}: rejected at {at}: {err}"
            );
            err
        }
        Ok(_) => panic!("seat {seat}, turn {bids:?} should be rejected"),
    };
    assert_eq!(
        &whole, game,
        "a rejected turn must leave the game unchanged"
    );

    let mut step = game.clone();
    for bid in &bids[..pos] {
        step.apply(seat, Action::Bid(*bid))
            .expect("the bids before the rejected one are legal");
    }
    let action = bids.get(pos).map_or(Action::Weiter, |b| Action::Bid(*b));
    assert!(
        !step.legal_actions().contains(action),
        "seat {seat}: {action:?} must not be offered"
    );
    let before = step.clone();
    assert_eq!(step.apply(seat, action), Err(err));
    assert_eq!(
        step, before,
        "a rejected action must leave the game unchanged"
    );
    err
}

/// Every seat's party as the whole table knows it (SPEC §3.7).
fn public_parties(game: &Game) -> [Option<Party>; 4] {
    Seat::ALL.map(|s| game.bidding().public_party(s))
}

/// (owner, level, announcer) of an announced item that is in force.
fn item(game: &Game, item: Item) -> (Party, u8, Seat) {
    let state = game
        .bidding()
        .item(item)
        .unwrap_or_else(|| panic!("{item:?} should be announced"));
    assert!(!state.void, "{item:?} should be in force");
    (state.owner, state.level, state.announcer)
}

/// (kind, declarer, called card, partner) of the game in force.
fn contract(game: &Game) -> (GameKind, Seat, Option<Card>, Option<Seat>) {
    let c = game.contract().expect("a game is announced");
    (c.kind, c.declarer, c.called, c.partner)
}

fn assert_over(game: &Game) {
    assert!(
        game.bidding().is_over(),
        "three passes end the bidding (D-06)"
    );
    assert_eq!(game.phase(), Phase::Play);
    // D-18: the Vorhand leads the first trick whoever the declarer is.
    assert_eq!(game.to_act(), Some(S0));
}

#[test]
fn bv01_rufer_calls_highest_missing_tarock_partner_hidden() {
    let mut game = new_game(standard(), FD1_HANDS);
    turns(&mut game, &[(S0, &[RUFER]), (S1, PASS), (S2, PASS)]);
    // Two passes are not enough; the third ends the Lizitation (D-06).
    assert!(!game.bidding().is_over());
    turn(&mut game, S3, PASS);
    assert_over(&game);
    // §3.3 / D-04: S0 holds XX, so she calls XIX, which S2 holds.
    assert_eq!(
        contract(&game),
        (GameKind::Rufer, S0, Some(card("T19")), Some(S2))
    );
    assert_eq!(item(&game, Item::Game), (D, 0, S0));
    for i in [Item::Absolut, Item::Pagat, Item::Valat] {
        assert!(game.bidding().item(i).is_none());
    }
    // §3.7: only the Vorhand is public; nobody made a Zusatz.
    assert_eq!(public_parties(&game), [Some(D), None, None, None]);
    // The partner is known to himself only (§3.1), not even to the caller.
    for seat in [S0, S1, S3] {
        assert_eq!(game.view(seat).contract.unwrap().partner, None, "{seat}");
    }
    assert_eq!(game.view(S1).parties, [Some(D), Some(O), None, None]);
    assert_eq!(game.view(S2).contract.unwrap().partner, Some(S2));
    assert_eq!(game.view(S2).parties, [Some(D), Some(O), Some(D), Some(O)]);
}

#[test]
fn bv02_farbensolo_overbids_rufer() {
    let mut game = new_game(standard(), FD2_HANDS);
    turn(&mut game, S0, &[RUFER]);
    // §3.3: S0 lacks XX and calls it; S3 holds it.
    assert_eq!(
        contract(&game),
        (GameKind::Rufer, S0, Some(card("T20")), Some(S3))
    );
    // L3: S2 has not agreed to the Rufer and has 6 ≥ 5 suit cards.
    turns(
        &mut game,
        &[(S1, PASS), (S2, &[FARBENSOLO]), (S3, PASS), (S0, PASS)],
    );
    assert!(!game.bidding().is_over());
    turn(&mut game, S1, PASS);
    assert_over(&game);
    // E1: the Farbensolo replaces the Rufer: no called card, no partner,
    // a fresh Game item owned by S2, nothing else left.
    assert_eq!(contract(&game), (GameKind::Farbensolo, S2, None, None));
    assert_eq!(item(&game, Item::Game), (D, 0, S2));
    for i in [Item::Absolut, Item::Pagat, Item::Valat] {
        assert!(game.bidding().item(i).is_none());
    }
    // §3.7: in a solo game all parties are public.
    assert_eq!(public_parties(&game), [Some(O), Some(O), Some(D), Some(O)]);
}

#[test]
fn bv03_directnet_trull_holder_must_kontra() {
    let mut game = new_game(Preset::Directnet.rules(), FD2_HANDS);
    turn(&mut game, S0, &[RUFER]);
    // L8 (s000): S1 is an opponent of the Rufer and holds T1 T21 T22, the
    // game is not kontra'd and no Valat is in force: Weiter is illegal.
    assert_eq!(reject_turn(&game, S1, PASS, 0), RuleError::TrullMustKontra);
    turn(&mut game, S1, &[KONTRA_GAME]);
    assert_eq!(item(&game, Item::Game), (D, 1, S0));
    // L3: S2 has not yet agreed to the Rufer, so he may overbid it.
    turn(&mut game, S2, &[FARBENSOLO]);
    // E1: the Farbensolo voids S1's Kontra; L8 only concerns Rufer games, so
    // S1 may now pass.
    assert_eq!(item(&game, Item::Game), (D, 0, S2));
    turns(&mut game, &[(S3, PASS), (S0, PASS), (S1, PASS)]);
    assert_over(&game);
    assert_eq!(contract(&game), (GameKind::Farbensolo, S2, None, None));
    assert_eq!(item(&game, Item::Game), (D, 0, S2));
}

/// BV4 up to S1's Solo: S0 [Rufer]; S1 —; S2 [Farbensolo]; S3 —; S0 —.
fn bv04_prefix(rules: Rules) -> Game {
    let mut game = new_game(rules, FD2_HANDS);
    turns(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, PASS),
            (S2, &[FARBENSOLO]),
            (S3, PASS),
            (S0, PASS),
        ],
    );
    game
}

#[test]
fn bv04_agreement_to_an_overbid_game_does_not_bar() {
    // L3 / D-07: S1's Weiter agreed to the Rufer only; the Farbensolo
    // cleared all agreement, so S1 may overbid it with a Solo (rank 3 > 2).
    let mut game = bv04_prefix(standard());
    turns(
        &mut game,
        &[(S1, &[SOLO]), (S2, PASS), (S3, PASS), (S0, PASS)],
    );
    assert_over(&game);
    assert_eq!(contract(&game), (GameKind::Solo, S1, None, None));
    assert_eq!(item(&game, Item::Game), (D, 0, S1));

    // pass_locks_auction (FBG behaviour): anyone who ever said Weiter may
    // not announce a game any more.
    let locked = Rules {
        pass_locks_auction: true,
        ..standard()
    };
    let game = bv04_prefix(locked);
    assert_eq!(
        reject_turn(&game, S1, &[SOLO], 0),
        RuleError::PassedBefore(S1)
    );
}

#[test]
fn bv05_no_overbidding_after_agreeing() {
    let mut game = new_game(standard(), FD1_HANDS);
    turns(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, PASS),
            (S2, PASS),
            (S3, &[KONTRA_GAME]),
            (S0, PASS),
        ],
    );
    // L3 (b): S1 said Weiter while the Rufer was current, so he agreed to it.
    assert_eq!(
        reject_turn(&game, S1, &[SOLO], 0),
        RuleError::AlreadyAgreed(S1)
    );
}

#[test]
fn bv06_partner_cannot_kontra_own_game() {
    let mut game = new_game(standard(), FD1_HANDS);
    turns(&mut game, &[(S0, &[RUFER]), (S1, PASS)]);
    // L5 / D-14: level 1 (odd) must come from the non-owner party; S2 holds
    // the called XIX and so belongs to D, the owner of the game.
    assert_eq!(
        reject_turn(&game, S2, &[KONTRA_GAME], 0),
        RuleError::KontraWrongParty(Item::Game)
    );
    assert!(!game.legal_actions().bids().any(|b| b == KONTRA_GAME));
}

#[test]
fn bv07_caller_with_xx_to_xvi_must_open_solo() {
    let mut game = new_game(standard(), HV);
    // L1 + D-05: the opening must be a game; with XX…XVI in hand there is
    // nothing to call, and with only 4 suit cards no Farbensolo (≥ 5), so
    // the only legal action is Solo.
    let legal = game.legal_actions();
    assert_eq!(legal.bids().collect::<Vec<_>>(), vec![SOLO]);
    assert!(!legal.weiter);
    assert_eq!(
        reject_turn(&game, S0, &[RUFER], 0),
        RuleError::NothingToCall
    );
    assert_eq!(reject_turn(&game, S0, PASS, 0), RuleError::OpeningRequired);
    assert_eq!(
        reject_turn(&game, S0, &[FARBENSOLO], 0),
        RuleError::FarbensoloNotEligible { needed: 5, held: 4 }
    );
    turns(
        &mut game,
        &[(S0, &[SOLO]), (S1, PASS), (S2, PASS), (S3, PASS)],
    );
    assert_over(&game);
    assert_eq!(contract(&game), (GameKind::Solo, S0, None, None));
    assert_eq!(item(&game, Item::Game), (D, 0, S0));
}

#[test]
fn bv08_wikipedia_billing_example_lizitation() {
    // Same in default, s004 and s000 (SPEC row and E3).
    for preset in [Preset::Standard, Preset::Wikipedia, Preset::Directnet] {
        let mut game = new_game(preset.rules(), FD1_HANDS);
        turns(&mut game, &[(S0, &[RUFER]), (S1, &[ABSOLUT])]);
        // L6: an opponent's Absolut puts the unkontra'd game on Kontra (in
        // s000 too, whose set is {Absolut}); E2 reveals S1 as O.
        assert_eq!(item(&game, Item::Game), (D, 1, S0), "{preset}");
        assert_eq!(item(&game, Item::Absolut), (O, 0, S1), "{preset}");
        assert_eq!(public_parties(&game), [Some(D), Some(O), None, None]);
        // L5: S2 (D) gives the odd level 1 on O's Absolut; S3 holds T1 and
        // may announce Pagat (L4); S0 (D) gives level 1 on O's Pagat.
        turns(
            &mut game,
            &[
                (S2, &[KONTRA_ABSOLUT]),
                (S3, &[PAGAT]),
                (S0, &[KONTRA_PAGAT]),
                (S1, PASS),
                (S2, PASS),
            ],
        );
        assert!(!game.bidding().is_over());
        turn(&mut game, S3, PASS);
        assert_over(&game);
        assert_eq!(
            contract(&game),
            (GameKind::Rufer, S0, Some(card("T19")), Some(S2))
        );
        assert_eq!(item(&game, Item::Game), (D, 1, S0), "{preset}");
        assert_eq!(item(&game, Item::Absolut), (O, 1, S1), "{preset}");
        assert_eq!(item(&game, Item::Pagat), (O, 1, S3), "{preset}");
        assert!(game.bidding().item(Item::Valat).is_none());
        // §3.7: every Zusatz reveals its maker: S1, S3 are O and S2 is D; a
        // public partner makes everyone public.
        assert_eq!(
            public_parties(&game),
            [Some(D), Some(O), Some(D), Some(O)],
            "{preset}"
        );
        let view = game.view(S1);
        assert_eq!(view.parties, [Some(D), Some(O), Some(D), Some(O)]);
        assert_eq!(view.contract.unwrap().partner, Some(S2));
        // §4.3: the Pagat announcer must keep T1 for the last trick.
        assert_eq!(game.pagat_bound(), Some(S3), "{preset}");
    }
}

#[test]
fn bv09_after_valat_only_valat_kontras() {
    for preset in [Preset::Standard, Preset::Wikipedia] {
        let mut game = new_game(preset.rules(), FD1_HANDS);
        // S2 (the partner, D) announces Valat; S3 (O) kontras it (level 1).
        turns(
            &mut game,
            &[
                (S0, &[RUFER]),
                (S1, PASS),
                (S2, &[VALAT]),
                (S3, &[KONTRA_VALAT]),
            ],
        );
        assert_eq!(item(&game, Item::Valat), (D, 1, S2), "{preset}");
        // L4 / D-13: no premium while a Valat is in force.
        assert_eq!(
            reject_turn(&game, S0, &[ABSOLUT], 0),
            RuleError::ValatInForce
        );
        // L5 / D-13: after a Valat only Kontras on the Valat. (For S0, a D
        // member, a level-1 Kontra on the game is also the wrong party.)
        let err = reject_turn(&game, S0, &[KONTRA_GAME], 0);
        assert!(
            matches!(
                err,
                RuleError::ValatInForce | RuleError::KontraWrongParty(Item::Game)
            ),
            "{err}"
        );
        // Rekontra on the Valat by its owner party D.
        turn(&mut game, S0, &[KONTRA_VALAT]);
        assert_eq!(item(&game, Item::Valat), (D, 2, S2), "{preset}");
        // An opponent may not kontra the game either: only the Valat rule
        // stands in his way (L5).
        assert_eq!(
            reject_turn(&game, S1, &[KONTRA_GAME], 0),
            RuleError::ValatInForce
        );
        turns(&mut game, &[(S1, PASS), (S2, PASS)]);
        // Subkontra (level 3) by O.
        turn(&mut game, S3, &[KONTRA_VALAT]);
        assert_eq!(item(&game, Item::Valat), (D, 3, S2), "{preset}");
        assert_eq!(item(&game, Item::Game), (D, 0, S0), "{preset}");
        if preset == Preset::Standard {
            // D-34: the default limit is level 3.
            assert_eq!(
                reject_turn(&game, S0, &[KONTRA_VALAT], 0),
                RuleError::KontraLimit(Item::Valat)
            );
        } else {
            // s004 allows level 4 (Resupre), given by the owner party D.
            turn(&mut game, S0, &[KONTRA_VALAT]);
            assert_eq!(item(&game, Item::Valat), (D, 4, S2));
        }
    }
}

#[test]
fn bv10_tarockwelt_farbensolo_valat_outranks_solo() {
    let mut game = new_game(Preset::Tarockwelt.rules(), FD2_HANDS);
    turns(&mut game, &[(S0, &[RUFER]), (S1, &[SOLO])]);
    // s001 ranking: a plain Farbensolo (3) is below the Solo (4) …
    assert_eq!(
        reject_turn(&game, S2, &[FARBENSOLO], 0),
        RuleError::NotHigher(GameKind::Farbensolo)
    );
    // … but Farbensolo + Valat (5) is above it.
    turns(
        &mut game,
        &[
            (S2, &[FARBENSOLO_VALAT]),
            (S3, PASS),
            (S0, PASS),
            (S1, PASS),
        ],
    );
    assert_over(&game);
    assert_eq!(contract(&game), (GameKind::Farbensolo, S2, None, None));
    assert!(game.contract().unwrap().with_valat);
    // E1: the combined bid creates the Game and the Valat, both owned by D.
    assert_eq!(item(&game, Item::Game), (D, 0, S2));
    assert_eq!(item(&game, Item::Valat), (D, 0, S2));

    // default: three ranks only; Farbensolo (2) is not higher than Solo (3).
    let mut game = new_game(standard(), FD2_HANDS);
    turns(&mut game, &[(S0, &[RUFER]), (S1, &[SOLO])]);
    assert_eq!(
        reject_turn(&game, S2, &[FARBENSOLO], 0),
        RuleError::NotHigher(GameKind::Farbensolo)
    );
}

/// BV11 up to S1's Absolut: S0 [Rufer]; S1 —; S2 —; S3 [Kontra Game]; S0 [Kontra Game].
fn bv11_prefix(rules: impl Into<Rules>) -> Game {
    let mut game = new_game(rules, FD1_HANDS);
    turns(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, PASS),
            (S2, PASS),
            (S3, &[KONTRA_GAME]),
            (S0, &[KONTRA_GAME]),
        ],
    );
    assert_eq!(item(&game, Item::Game), (D, 2, S0));
    game
}

#[test]
fn bv11_earliest_opportunity_only_in_tarockwelt() {
    // L7 (s001): a premium only in the seat's first turn after the game was
    // announced; S1's was the turn in which he said Weiter.
    let game = bv11_prefix(Preset::Tarockwelt.rules());
    assert_eq!(
        reject_turn(&game, S1, &[ABSOLUT], 0),
        RuleError::OpportunityPassed
    );

    // default: no such rule. L6 changes nothing since the game is already
    // at level 2.
    let mut game = bv11_prefix(standard());
    turn(&mut game, S1, &[ABSOLUT]);
    assert_eq!(item(&game, Item::Game), (D, 2, S0));
    assert_eq!(item(&game, Item::Absolut), (O, 0, S1));
}

#[test]
fn bv12_opponent_pagat_implies_kontra_except_directnet() {
    // default: L6 includes Pagat, so S1's Pagat (he holds T1) puts the game
    // on Kontra; S1 holding the Trull is irrelevant (no L8 in default).
    let mut game = new_game(standard(), FD2_HANDS);
    turns(&mut game, &[(S0, &[RUFER]), (S1, &[PAGAT])]);
    assert_eq!(item(&game, Item::Game), (D, 1, S0));
    assert_eq!(item(&game, Item::Pagat), (O, 0, S1));
    turns(&mut game, &[(S2, PASS), (S3, PASS), (S0, PASS)]);
    assert_over(&game);
    assert_eq!(item(&game, Item::Game), (D, 1, S0));
    assert_eq!(item(&game, Item::Pagat), (O, 0, S1));

    // s000: the Pagat itself is allowed but implies no Kontra, so the game
    // is still unkontra'd when S1 ends his turn: L8 forbids that.
    let mut game = new_game(Preset::Directnet.rules(), FD2_HANDS);
    turn(&mut game, S0, &[RUFER]);
    let mut probe = game.clone();
    probe.apply(S1, Action::Bid(PAGAT)).unwrap();
    assert_eq!(item(&probe, Item::Game), (D, 0, S0));
    assert_eq!(
        reject_turn(&game, S1, &[PAGAT], 1),
        RuleError::TrullMustKontra
    );
    // With the Kontra first the turn is legal.
    turn(&mut game, S1, &[KONTRA_GAME, PAGAT]);
    assert_eq!(item(&game, Item::Game), (D, 1, S0));
    assert_eq!(item(&game, Item::Pagat), (O, 0, S1));
    turns(&mut game, &[(S2, PASS), (S3, PASS), (S0, PASS)]);
    assert_over(&game);
}

#[test]
fn bv13_partner_may_overbid_own_caller() {
    let mut game = new_game(standard(), FD2_HANDS);
    // D-36: S3 holds the called XX (partner) and may still announce a Solo;
    // he had not agreed (his first turn).
    turns(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, PASS),
            (S2, PASS),
            (S3, &[SOLO]),
            (S0, PASS),
            (S1, PASS),
            (S2, PASS),
        ],
    );
    assert_over(&game);
    assert_eq!(contract(&game), (GameKind::Solo, S3, None, None));
    assert_eq!(item(&game, Item::Game), (D, 0, S3));
    assert_eq!(public_parties(&game), [Some(O), Some(O), Some(O), Some(D)]);
}

#[test]
fn bv14_no_absolut_in_tarockwelt_solo() {
    // s001: absolut_in_games = Rufer only (L4).
    let mut game = new_game(Preset::Tarockwelt.rules(), FD2_HANDS);
    turn(&mut game, S0, &[RUFER]);
    assert_eq!(
        reject_turn(&game, S1, &[SOLO, ABSOLUT], 1),
        RuleError::PremiumNotInGame {
            premium: Premium::Absolut,
            game: GameKind::Solo,
        }
    );

    // default: Absolut in every game; the soloist's Absolut is owned by D.
    let mut game = new_game(standard(), FD2_HANDS);
    turns(&mut game, &[(S0, &[RUFER]), (S1, &[SOLO, ABSOLUT])]);
    assert_eq!(contract(&game), (GameKind::Solo, S1, None, None));
    assert_eq!(item(&game, Item::Game), (D, 0, S1));
    assert_eq!(item(&game, Item::Absolut), (D, 0, S1));
}

/// BV15 up to S1's Rekontra: S0 [Rufer]; S1 [Solo]; S2 [Kontra Game]; S3 —; S0 —.
fn bv15_prefix(rules: impl Into<Rules>) -> Game {
    let mut game = new_game(rules, FD2_HANDS);
    turns(
        &mut game,
        &[
            (S0, &[RUFER]),
            (S1, &[SOLO]),
            (S2, &[KONTRA_GAME]),
            (S3, PASS),
            (S0, PASS),
        ],
    );
    assert_eq!(item(&game, Item::Game), (D, 1, S1));
    game
}

#[test]
fn bv15_tarockwelt_solo_capped_at_kontra() {
    // s001: solo games can only be kontra'd once (limit level 1).
    let game = bv15_prefix(Preset::Tarockwelt.rules());
    assert_eq!(
        reject_turn(&game, S1, &[KONTRA_GAME], 0),
        RuleError::KontraLimit(Item::Game)
    );

    // default: limit 3, so the soloist's Rekontra (even level, owner) is legal.
    let mut game = bv15_prefix(standard());
    turn(&mut game, S1, &[KONTRA_GAME]);
    assert_eq!(item(&game, Item::Game), (D, 2, S1));
}

#[test]
fn bv16_no_kontra_on_tarockwelt_farbensolo_valat() {
    // s001 / D-32: a Valat in a Farbensolo cannot be kontra'd.
    let mut game = new_game(Preset::Tarockwelt.rules(), FD2_HANDS);
    turns(
        &mut game,
        &[(S0, &[RUFER]), (S1, PASS), (S2, &[FARBENSOLO_VALAT])],
    );
    assert_eq!(item(&game, Item::Valat), (D, 0, S2));
    assert_eq!(
        reject_turn(&game, S3, &[KONTRA_VALAT], 0),
        RuleError::KontraLimit(Item::Valat)
    );

    // default has no combined bid (three ranks, C-2 is tarockwelt's): S2
    // announces the Farbensolo and then a plain Valat in the same turn; an
    // opponent may kontra that Valat (limit 3).
    let mut game = new_game(standard(), FD2_HANDS);
    turns(
        &mut game,
        &[(S0, &[RUFER]), (S1, PASS), (S2, &[FARBENSOLO, VALAT])],
    );
    turn(&mut game, S3, &[KONTRA_VALAT]);
    assert_eq!(contract(&game), (GameKind::Farbensolo, S2, None, None));
    assert_eq!(item(&game, Item::Valat), (D, 1, S2));
}
