//! What the table's one path needs of Zwanzigerrufen beyond play: a deal
//! the rules throw in stays dealt and says so (SPEC §2.2), the double round
//! after a Mondfang (SPEC §5.6) is carried from round to round by the game
//! itself, and a deal stored by the older path (hands and record actions)
//! reads back as the same round.

use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;
use tarock_game_core::{DynGame, Seat, StoredDeal, fair};
use tarock_games::{SeededRound, by_id};
use tarock_zwanzigerrufen::record::Record;
use tarock_zwanzigerrufen::{CardSet, Deal, Preset, Zwanzigerrufen};

/// A seed from a small number, spread over all 32 bytes.
fn seed(n: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (n.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (i % 8 * 8)) as u8 ^ i as u8;
    }
    bytes
}

/// The first seed from `from` on whose first shuffle (`Deal::shuffled`
/// with the seed's ChaCha12 stream) a hand forces a redeal under `preset`.
fn thrown_in_seed(preset: Preset, from: u64) -> (u64, Deal) {
    let rules = preset.rules();
    (from..from + 100_000)
        .find_map(|n| {
            let deal = Deal::shuffled(&mut fair::shuffle_rng(&seed(n)));
            deal.redeal_seat(&rules).is_some().then_some((n, deal))
        })
        .expect("one shuffle in a few hundred forces a redeal")
}

fn zwanzigerrufen(round: &dyn DynGame) -> &Zwanzigerrufen {
    round
        .downcast_ref::<Zwanzigerrufen>()
        .expect("a Zwanzigerrufen round")
}

/// The four hands as the records write them, seat 0 first.
fn piles(deal: &Deal) -> Vec<String> {
    tarock_zwanzigerrufen::Seat::ALL
        .map(|s| deal.hand(s).to_string())
        .to_vec()
}

/// A deal whose hand forces a redeal stays dealt as it came from the seed:
/// the round names the seat and its hand, nobody acts, nothing settles, its
/// piles are the four hands, it writes and reads back as a `redeal` record,
/// and the next round is the same round dealt again by the same seat.
#[test]
fn a_thrown_in_deal_stays_and_says_who_forced_it() {
    let kind = by_id("zwanzigerrufen").unwrap();
    for preset in [Preset::Standard, Preset::Wikipedia] {
        let (n, deal) = thrown_in_seed(preset, 0);
        let rules = preset.rules();
        let forcing = deal.redeal_seat(&rules).unwrap();
        let spec = serde_json::Value::from(preset.name());
        let round = SeededRound::new(kind, &spec, 4, Seat::new(2), &seed(n)).unwrap();
        let round = round.round();
        let thrown = round.thrown_in().expect("the deal is thrown in");
        assert_eq!(thrown.seat, Seat::new(u8::from(forcing)));
        assert_eq!(thrown.cards, deal.hand(forcing).to_string());
        // SPEC §2.2: the hand really forces it (few tarocks, or all Glatzen,
        // by the preset's rule).
        let hand: CardSet = thrown.cards.parse().unwrap();
        assert!(tarock_zwanzigerrufen::deal::forces_redeal(hand, &rules));
        assert_eq!(round.to_act(), None);
        assert!(!round.needs_deck() && !round.is_over());
        assert_eq!(round.settlement(), None);
        assert!(round.legal_tokens().is_empty());
        assert_eq!(round.dealt_piles(), piles(&deal));
        // Its record is RECORD.md's redeal: the hands, no actions.
        let record = round.to_record().unwrap();
        let report = tarock_zwanzigerrufen::ReplayReport::from_json(&record);
        assert_eq!(
            serde_json::to_value(&report).unwrap()["status"],
            serde_json::Value::from("redeal")
        );
        assert!(tarock_games::from_record(&record).unwrap().same_as(round));
        // The same seat deals again, nothing else changes.
        let next = round.next_round().unwrap();
        assert!(next.needs_deck());
        assert_eq!(
            zwanzigerrufen(next.as_ref()).forehand(),
            zwanzigerrufen(round).forehand()
        );
        assert_eq!(next.carry(), round.carry());
        // The looping deal of the arena deals on past it from the same stream.
        let mut looping = kind.new_round(&spec, 4, Seat::new(2)).unwrap();
        looping.deal(&mut fair::shuffle_rng(&seed(n))).unwrap();
        assert!(looping.thrown_in().is_none() && looping.to_act().is_some());
    }
}

/// Plays the first legal action until the round is over.
fn play_out(round: &mut SeededRound) {
    while let Some(seat) = round.round().to_act() {
        let token = round.round().legal_tokens().remove(0);
        round.apply(seat, &token).unwrap();
    }
}

/// Picks an action with a small generator of its own (deterministic).
fn play_randomly(round: &mut SeededRound, rng: &mut ChaCha12Rng) {
    use rand::Rng;
    while let Some(seat) = round.round().to_act() {
        let tokens = round.round().legal_tokens();
        let token = &tokens[rng.random_range(0..tokens.len())];
        round.apply(seat, token).unwrap();
    }
}

/// The unfactored settlement of a finished Zwanzigerrufen round.
fn plain(round: &dyn DynGame) -> tarock_zwanzigerrufen::Settlement {
    zwanzigerrufen(round)
        .game()
        .unwrap()
        .settlement_with_factor(1)
        .unwrap()
}

/// Under `wikipedia` a scored Mondfang doubles the next four deals (SPEC
/// §5.6), counted here from the rule alone: rounds chained by
/// `next_round` settle at factor 2 exactly while doubled deals remain, and
/// a round rebuilt from its start and its carry (a restart) is the same.
#[test]
fn a_mondfang_doubles_the_next_four_rounds_through_next_round() {
    let kind = by_id("zwanzigerrufen").unwrap();
    let spec = serde_json::Value::from("wikipedia");
    let mut rng = ChaCha12Rng::seed_from_u64(7);
    let mut next = kind.new_round(&spec, 4, Seat::new(0)).unwrap();
    let mut remaining = 0u32;
    let (mut doubled, mut mondfangs, mut single) = (0, 0, 0);
    for n in 0..400u64 {
        let carry = next.carry();
        let first = Seat::new(u8::from(zwanzigerrufen(next.as_ref()).forehand()));
        let mut round = SeededRound::dealt(next, &seed(1000 + n));
        if round.round().thrown_in().is_some() {
            next = round.round().next_round().unwrap();
            continue;
        }
        // A restart: the round from its rules, first seat, carry and seed.
        let again = SeededRound::carrying(kind, &spec, 4, first, carry.as_deref(), &seed(1000 + n))
            .unwrap();
        assert!(again.round().same_as(round.round()));
        play_randomly(&mut round, &mut rng);
        let factor = if remaining > 0 { 2 } else { 1 };
        let settled = round.round().settlement().unwrap();
        let unfactored = plain(round.round());
        let expected: Vec<i64> = unfactored.changes.iter().map(|c| c * factor).collect();
        assert_eq!(settled.units(), expected.as_slice(), "round {n}");
        if factor == 2 {
            doubled += 1;
        } else {
            single += 1;
        }
        remaining = remaining.saturating_sub(1);
        if unfactored.mondfang_scored {
            remaining += 4;
            mondfangs += 1;
        }
        next = round.round().next_round().unwrap();
        let carried: serde_json::Value = serde_json::from_str(&next.carry().unwrap()).unwrap();
        assert_eq!(carried, serde_json::json!({ "remaining": remaining }));
        if mondfangs >= 2 && single > 4 && remaining == 0 {
            break;
        }
    }
    assert!(
        mondfangs >= 1 && doubled >= 4,
        "{mondfangs} Mondfänge, {doubled} doubled"
    );
}

/// Under `standard` a Mondfang doubles nothing: the carry stays empty.
#[test]
fn without_the_rule_nothing_is_carried() {
    let kind = by_id("zwanzigerrufen").unwrap();
    let spec = serde_json::Value::from("standard");
    let mut next = kind.new_round(&spec, 4, Seat::new(0)).unwrap();
    for n in 0..30u64 {
        let mut round = SeededRound::dealt(next, &seed(5000 + n));
        play_out(&mut round);
        if let Some(settled) = round.round().settlement() {
            assert_eq!(settled.units(), plain(round.round()).changes.as_slice());
        }
        next = round.round().next_round().unwrap();
        assert_eq!(next.carry().as_deref(), Some(r#"{"remaining":0}"#));
    }
    // Other games carry nothing and refuse a carry.
    for id in ["koenigrufen", "zwanzig-ab"] {
        let mut round = by_id(id)
            .unwrap()
            .new_round(&"standard".into(), 4, Seat::new(0))
            .unwrap();
        assert_eq!(round.carry(), None);
        assert!(round.set_carry(r#"{"remaining":1}"#).is_err());
    }
}

/// A deal stored by the older path (hands, one record action per turn or
/// card, the factor) reads as the round the record replays to, at every
/// step; the round goes on by tokens to the same end as the engine's game.
#[test]
fn a_deal_stored_with_hands_and_record_actions_reads_as_its_round() {
    let kind = by_id("zwanzigerrufen").unwrap();
    let spec = serde_json::Value::from("standard");
    let mut round = SeededRound::new(kind, &spec, 4, Seat::new(1), &seed(77)).unwrap();
    assert!(round.round().thrown_in().is_none(), "pick another seed");
    play_out(&mut round);
    let game = zwanzigerrufen(round.round()).game().unwrap().clone();
    let record = Record::from_game(&game);
    let actions: Vec<(Seat, String)> = record
        .actions
        .iter()
        .map(|a| {
            let (seat, action) = a.split_once(' ').unwrap();
            (Seat::new(seat.parse().unwrap()), action.to_owned())
        })
        .collect();
    for stop in 0..=actions.len() {
        let stored_actions: Vec<(Seat, &str)> = actions[..stop]
            .iter()
            .map(|(s, a)| (*s, a.as_str()))
            .collect();
        let stored = StoredDeal {
            rules: &spec,
            first: Seat::new(1),
            piles: &record.hands,
            factor: 2,
            carry: Some(r#"{"remaining":3}"#),
            actions: &stored_actions,
        };
        let mut read = SeededRound::stored(kind, &stored, None).unwrap();
        let expected = Record {
            actions: record.actions[..stop].to_vec(),
            ..record.clone()
        }
        .to_game()
        .unwrap();
        let zr = zwanzigerrufen(read.round());
        assert_eq!(zr.game(), Some(&expected), "after {stop} record actions");
        assert_eq!(zr.double_round().remaining, 3);
        assert_eq!(read.round().carry().as_deref(), Some(r#"{"remaining":3}"#));
        if stop == actions.len() / 2 {
            // The rest by tokens, to the same end; settled with the stored factor.
            play_out(&mut read);
            let units: Vec<i64> = plain(read.round()).changes.iter().map(|c| c * 2).collect();
            assert_eq!(read.round().settlement().unwrap().units(), units.as_slice());
        }
    }
}

/// What the older table path deals from a seed (`Deal::shuffled` with the
/// seed's ChaCha12 stream, the table's `DealSeed::deal`) is exactly the
/// round's deal from the same seed, thrown in or not: so a stored seed
/// rebuilds either, and its commitment covers the same four hands.
#[test]
fn a_seed_deals_the_same_hands_on_both_paths() {
    let kind = by_id("zwanzigerrufen").unwrap();
    let spec = serde_json::Value::from("standard");
    let mut thrown = 0;
    for n in 0..300 {
        let old = Deal::shuffled(&mut fair::shuffle_rng(&seed(n)));
        let round = SeededRound::new(kind, &spec, 4, Seat::new(0), &seed(n)).unwrap();
        assert_eq!(round.round().dealt_piles(), piles(&old), "seed {n}");
        match zwanzigerrufen(round.round()).game() {
            Some(game) => assert_eq!(game.deal(), &old),
            None => thrown += 1,
        }
    }
    assert!(thrown > 0, "some of 300 shuffles force a redeal");
}
