//! The boundary's promises, checked the same way for every game of the
//! family: random legal play from seeded shuffles reaches the end; every
//! refused action leaves the round as it was; settlements are zero-sum;
//! records rebuild the identical round; tokens round-trip and stay short.
//! Then the same through the registry's trait objects, and Zwanzigerrufen's
//! record and replay output through the boundary, unchanged.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_game_core::token::is_well_formed;
use tarock_game_core::{Game, MAX_TOKEN_LEN, NoDeckNeeded, Refusal, Seat, SetupError};
use tarock_koenigrufen::Koenigrufen;
use tarock_zwanzig_ab::session::Start;
use tarock_zwanzig_ab::{Rules, Session, ZwanzigAb};
use tarock_zwanzigerrufen::Zwanzigerrufen;

/// A round this long has lost its way (a tarock deal has fewer than 100
/// actions, a 20 ab deal of 5 players about 30).
const MAX_STEPS: usize = 20_000;

/// Random play stops a 20 ab session after this many deals (see [`mid_way`]).
const MAX_DEALS: usize = 60;

/// How thoroughly [`play`] checks each step.
#[derive(Clone, Copy)]
struct Checks {
    /// Check the record round trip at every step (else only at the end and
    /// after each deal).
    record_every_step: bool,
}

/// What random play saw.
#[derive(Default)]
struct Seen {
    /// Rounds played to their end.
    ended: usize,
    /// Rounds stopped after [`MAX_DEALS`] deals.
    stopped: usize,
    steps: usize,
    refusals: usize,
    records: usize,
    deals: usize,
}

/// Makes the round to play: rules, seats, first seat, and the generator.
type Setup<G> = fn(<G as Game>::Rules, u8, Seat, &mut StdRng) -> G;

/// A fresh round, as a table starts one.
fn fresh<G: Game>(rules: G::Rules, seats: u8, first: Seat, _: &mut StdRng) -> G {
    G::new_round(rules, seats, first).expect("a valid setup")
}

/// A 20 ab session that starts mid-way, as a record may (SPEC §9.1
/// `start`): scores 1–12 and some drops used. Random play does not always
/// end a session with four or five players (each player without a trick
/// gains 5 points while only 5 are deducted per deal, so scores drift up);
/// from low scores most sessions end, and [`play`] stops the others after
/// [`MAX_DEALS`] deals, still checking every step.
fn mid_way(rules: Rules, seats: u8, first: Seat, rng: &mut StdRng) -> ZwanzigAb {
    let mut start = Start::fresh(&rules);
    for seat in 0..usize::from(seats) {
        start.scores[seat] = rng.random_range(1..=12);
        start.drops[seat] = rng.random_range(0..=rules.drop_limit());
    }
    let dealer = first.previous(seats).number();
    Session::new(rules, seats, dealer, start)
        .expect("scores and drops in range")
        .into()
}

/// Plays one round of `G` with random legal actions, checking the
/// boundary's promises at each step.
fn play<G: Game>(
    rules: G::Rules,
    seats: u8,
    seed: u64,
    checks: Checks,
    setup: Setup<G>,
) -> (G, Seen) {
    let mut rng = StdRng::seed_from_u64(seed);
    let first = Seat::new(rng.random_range(0..seats));
    let mut round = setup(rules, seats, first, &mut rng);
    let mut seen = Seen::default();
    let mut actions_seen: Vec<G::Action> = Vec::new();
    let mut known: HashSet<G::Action> = HashSet::new();
    let mut legal = Vec::new();
    assert_eq!(round.seats(), seats);
    while !round.is_over() {
        assert!(
            seen.steps < MAX_STEPS,
            "{}: seed {seed} does not end",
            G::ID
        );
        assert_eq!(
            round.settlement(),
            None,
            "{}: settled before the end",
            G::ID
        );
        assert!(
            round.next_round().is_none(),
            "{}: next round too early",
            G::ID
        );
        if round.needs_deck() {
            if seen.deals == MAX_DEALS {
                check_record(&round, &mut seen);
                seen.stopped += 1;
                return (round, seen);
            }
            assert_eq!(round.to_act(), None);
            check_awaiting_deck(&round);
            check_deal_once(&round, &rng);
            round.deal(&mut rng).expect("the round needs a deck");
            assert_eq!(
                round.deal(&mut rng),
                Err(NoDeckNeeded),
                "{}: dealt twice",
                G::ID
            );
            seen.deals += 1;
            check_record(&round, &mut seen);
            continue;
        }
        let seat = round
            .to_act()
            .expect("someone acts in a dealt, unfinished round");
        round.legal_actions_into(&mut legal);
        assert!(
            !legal.is_empty(),
            "{}: seat {seat} to act has no legal action",
            G::ID
        );
        for action in &legal {
            check_token::<G>(action);
            if known.insert(*action) {
                actions_seen.push(*action);
            }
        }
        seen.refusals += check_refusals(&round, seat, &legal, &actions_seen, &mut rng);
        let action = legal[rng.random_range(0..legal.len())];
        // Half the actions go through their token, as a button press would.
        if rng.random_bool(0.5) {
            round.apply(seat, action)
        } else {
            round.apply_token(seat, &G::action_token(&action))
        }
        .unwrap_or_else(|e| panic!("{}: legal {action:?} refused: {e}", G::ID));
        seen.steps += 1;
        if checks.record_every_step {
            check_record(&round, &mut seen);
        }
    }
    assert_eq!(round.to_act(), None);
    assert!(round.legal_actions().is_empty());
    check_record(&round, &mut seen);
    check_settlement(&round);
    seen.ended += 1;
    (round, seen)
}

/// Before the cards are dealt nobody may act, and saying so changes nothing.
fn check_awaiting_deck<G: Game>(round: &G) {
    let mut tried = round.clone();
    let any = Seat::new(0);
    let token_refused = tried.apply_token(any, "no-such-action~");
    assert!(matches!(token_refused, Err(Refusal::Token(_))), "{}", G::ID);
    assert_eq!(token_refused.unwrap_err().code(), "token");
    assert_eq!(&tried, round);
}

/// Actions that are not legal now are refused, with a code, and leave the
/// round exactly as it was: the legal actions by any other seat (and by a
/// seat the table does not have), and actions seen earlier in the round that
/// are not legal now. Returns how many were tried.
fn check_refusals<G: Game>(
    round: &G,
    seat: Seat,
    legal: &[G::Action],
    seen: &[G::Action],
    rng: &mut StdRng,
) -> usize {
    let mut tries: Vec<(Seat, G::Action)> = Vec::new();
    let action = legal[rng.random_range(0..legal.len())];
    for other in Seat::all(round.seats() + 1).filter(|s| *s != seat) {
        tries.push((other, action));
    }
    let stale: Vec<&G::Action> = seen.iter().filter(|a| !legal.contains(a)).collect();
    for _ in 0..stale.len().min(6) {
        tries.push((seat, *stale[rng.random_range(0..stale.len())]));
    }
    for (who, action) in &tries {
        let mut tried = round.clone();
        let result = tried.apply(*who, *action);
        let Err(refusal) = result else {
            panic!(
                "{}: seat {who} may not {action:?} now, but it was accepted",
                G::ID
            );
        };
        assert!(!refusal.code().is_empty() && refusal.code().is_ascii());
        if !who.is_at(round.seats()) {
            assert_eq!(refusal.code(), "seat", "{}", G::ID);
        }
        assert_eq!(
            &tried,
            round,
            "{}: refused {action:?} changed the round",
            G::ID
        );
    }
    tries.len()
}

/// The token of `action` is short, well-formed, and reads back as `action`.
fn check_token<G: Game>(action: &G::Action) {
    let token = G::action_token(action);
    assert!(
        token.len() <= MAX_TOKEN_LEN,
        "{}: {token:?} is too long",
        G::ID
    );
    assert!(
        is_well_formed(&token),
        "{}: {token:?} is not a token",
        G::ID
    );
    assert_eq!(
        G::parse_action_token(&token).as_ref(),
        Some(action),
        "{}: {token:?} does not read back",
        G::ID
    );
}

/// Where a record exists, it rebuilds the identical round, whose record is
/// the identical text; the registry finds the game by the record's format.
fn check_record<G: Game>(round: &G, seen: &mut Seen) {
    let Some(text) = round.to_record() else {
        return;
    };
    assert_eq!(
        tarock_game_core::record::format_of(&text).unwrap(),
        G::RECORD_FORMAT
    );
    let rebuilt = G::from_record(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", G::ID));
    assert_eq!(
        &rebuilt,
        round,
        "{}: the record rebuilt another round",
        G::ID
    );
    assert_eq!(rebuilt.to_record().as_deref(), Some(text.as_str()));
    let boxed = tarock_games::from_record(&text).expect("the registry reads every game's records");
    assert_eq!(boxed.downcast_ref::<G>(), Some(round));
    seen.records += 1;
}

/// A finished round's settlement: one amount per seat, summing to zero; a
/// next round at the same table exists and waits for its cards, and what
/// it carries (if the game carries anything) is a carry the game takes.
fn check_settlement<G: Game>(round: &G) {
    let settlement = round.settlement().expect("a finished round is settled");
    assert_eq!(settlement.seats(), usize::from(round.seats()));
    assert_eq!(settlement.units().iter().sum::<i64>(), 0, "{}", G::ID);
    let next = round.next_round().expect("a next round after the end");
    assert!(next.needs_deck() && !next.is_over());
    assert_eq!(next.seats(), round.seats());
    assert_eq!(next.rules(), round.rules());
    if let Some(carry) = next.carry() {
        let mut again = next.clone();
        again.set_carry(&carry).expect("a game takes its own carry");
        assert_eq!(
            again,
            next,
            "{}: setting its own carry changes nothing",
            G::ID
        );
    }
}

/// Dealing one deck (`deal_once`, as the table deals) from the generator's
/// state either deals what `deal` deals from it, or keeps a deal the rules
/// throw in: then nobody acts, nothing settles, its piles are known and the
/// next round deals again. A dealt round has piles to commit to.
fn check_deal_once<G: Game>(round: &G, rng: &StdRng) {
    let mut once = round.clone();
    once.deal_once(&mut rng.clone())
        .expect("the round needs a deck");
    assert!(!once.dealt_piles().is_empty(), "{}: no piles", G::ID);
    match once.thrown_in() {
        None => {
            let mut looping = round.clone();
            looping.deal(&mut rng.clone()).unwrap();
            assert_eq!(once, looping, "{}: deal_once and deal differ", G::ID);
        }
        Some(thrown) => {
            assert!(thrown.seat.is_at(round.seats()));
            assert_eq!(once.to_act(), None);
            assert!(!once.needs_deck() && once.settlement().is_none());
            let next = once.next_round().expect("a thrown-in deal is dealt again");
            assert!(next.needs_deck());
        }
    }
}

/// Plays `rounds` rounds of every preset of `G` with `seats` seats.
fn play_many<G: Game>(seats: u8, rounds: u64, seed: u64, setup: Setup<G>) -> Seen {
    let mut total = Seen::default();
    let mut balance = vec![0i64; usize::from(seats)];
    for preset in G::presets() {
        let rules = G::rules_from_spec(&(*preset).into()).expect("a preset's name reads");
        assert_eq!(G::rules_spec(&rules), serde_json::Value::from(*preset));
        for k in 0..rounds {
            let checks = Checks {
                record_every_step: k < 3,
            };
            let (round, seen) = play::<G>(rules.clone(), seats, seed + k, checks, setup);
            if let Some(settlement) = round.settlement() {
                for (b, u) in balance.iter_mut().zip(settlement.units()) {
                    *b += u;
                }
            }
            total.ended += seen.ended;
            total.stopped += seen.stopped;
            total.steps += seen.steps;
            total.refusals += seen.refusals;
            total.records += seen.records;
            total.deals += seen.deals;
        }
    }
    assert_eq!(balance.iter().sum::<i64>(), 0);
    total
}

#[test]
fn zwanzigerrufen_random_rounds_keep_every_promise() {
    let seen = play_many::<Zwanzigerrufen>(4, 40, 1_000, fresh);
    // 4 presets × 40 deals, each at least 40 cards and 4 bidding turns.
    assert_eq!((seen.deals, seen.ended), (160, 160));
    assert!(seen.steps >= 160 * 44, "{}", seen.steps);
    assert!(seen.refusals > seen.steps);
    assert!(seen.records >= 160 * 2);
}

#[test]
fn koenigrufen_random_rounds_keep_every_promise() {
    let seen = play_many::<Koenigrufen>(4, 60, 2_000, fresh);
    // 2 presets × 60 deals; at least four auction words and twelve tricks.
    assert_eq!((seen.deals, seen.ended), (120, 120));
    assert!(seen.steps >= 120 * 52, "{}", seen.steps);
    assert!(seen.refusals > seen.steps);
}

#[test]
fn koenigrufen_at_five_keeps_every_promise_with_the_dealer_sitting_out() {
    let seen = play_many::<Koenigrufen>(5, 30, 2_500, fresh);
    // 2 presets × 30 deals, each played by four.
    assert_eq!((seen.deals, seen.ended), (60, 60));
    assert!(seen.steps >= 60 * 52, "{}", seen.steps);
    assert!(seen.records >= 60 * 2);
}

#[test]
fn zwanzig_ab_random_sessions_keep_every_promise_at_three_four_and_five_seats() {
    for seats in 3..=5 {
        let seen = play_many::<ZwanzigAb>(seats, 20, 3_000 + u64::from(seats) * 100, mid_way);
        assert!(
            seen.ended >= 18,
            "{seats} seats: {} of 20 ended",
            seen.ended
        );
        assert!(seen.refusals > seen.steps);
    }
}

#[test]
fn fresh_three_seat_zwanzig_ab_sessions_end_under_random_play() {
    let seen = play_many::<ZwanzigAb>(3, 6, 3_900, fresh);
    assert_eq!(seen.ended, 6);
    // A session needs at least four deals: 20 points, at most 5 tricks a deal.
    assert!(seen.deals >= 6 * 4, "{} deals", seen.deals);
}

#[test]
fn setups_outside_a_games_seats_are_refused() {
    let r = Zwanzigerrufen::new_round(Zwanzigerrufen::default_rules(), 3, Seat::new(0));
    assert!(matches!(r, Err(SetupError::Seats { min: 4, max: 4, .. })));
    let r = Koenigrufen::new_round(Koenigrufen::default_rules(), 4, Seat::new(4));
    assert!(matches!(r, Err(SetupError::Seat { .. })));
    for seats in [2, 6] {
        let r = ZwanzigAb::new_round(ZwanzigAb::default_rules(), seats, Seat::new(0));
        assert!(matches!(r, Err(SetupError::Seats { min: 3, max: 5, .. })));
    }
    let r = ZwanzigAb::rules_from_spec(&"no-such-preset".into());
    assert!(matches!(r, Err(SetupError::Rules(_))));
}

/// Acting before the deal is refused with the shared code "deck".
fn awaiting_deck_refusal<G: Game>(seats: u8) {
    let mut round = G::new_round(G::default_rules(), seats, Seat::new(1)).unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    let mut dealt = round.clone();
    dealt.deal(&mut rng).unwrap();
    let action = dealt.legal_actions()[0];
    let before = round.clone();
    assert_eq!(
        round.apply(Seat::new(1), action).unwrap_err().code(),
        "deck"
    );
    assert_eq!(round, before);
    // The first seat to act is the one the round was made with.
    assert_eq!(dealt.to_act(), Some(Seat::new(1)), "{}", G::ID);
}

#[test]
fn nobody_acts_before_the_deal_and_the_first_seat_acts_first() {
    awaiting_deck_refusal::<Zwanzigerrufen>(4);
    awaiting_deck_refusal::<Koenigrufen>(4);
    awaiting_deck_refusal::<ZwanzigAb>(3);
    awaiting_deck_refusal::<ZwanzigAb>(5);
}
