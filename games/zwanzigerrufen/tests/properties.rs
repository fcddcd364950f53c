//! Property tests over random legal deals in every preset: card conservation,
//! 88 points, zero-sum balances, legal_actions agreeing with apply, rejected
//! actions changing nothing, hidden partners staying hidden, and records
//! reproducing the live game.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tarock_zwanzigerrufen::bidding::Bid;
use tarock_zwanzigerrufen::card::{Card, CardSet};
use tarock_zwanzigerrufen::record::Record;
use tarock_zwanzigerrufen::sim::{random_action, random_game};
use tarock_zwanzigerrufen::trick::winning_index;
use tarock_zwanzigerrufen::{Action, Game, GameKind, Phase, Preset, Rules, Seat};

/// Every card is in exactly one place: a hand, the current trick, or a completed trick.
fn assert_cards_conserved(game: &Game) {
    let mut places: Vec<CardSet> = Seat::ALL.iter().map(|s| game.hand(*s)).collect();
    if let Some(trick) = game.current_trick() {
        places.push(trick.card_set());
    }
    places.extend(game.tricks().iter().map(|t| t.trick.card_set()));
    let total: u32 = places.iter().map(|p| p.len()).sum();
    let union = places.iter().fold(CardSet::EMPTY, |a, b| a.union(*b));
    assert_eq!(total, 40, "cards counted twice or lost");
    assert_eq!(union, CardSet::DECK);
}

/// Any action by any seat, for probing with illegal ones.
fn any_action(rng: &mut SmallRng) -> (Seat, Action) {
    let seat = Seat::ALL[rng.random_range(0..4)];
    let action = match rng.random_range(0..3) {
        0 => Action::Bid(Bid::ALL[rng.random_range(0..Bid::ALL.len())]),
        1 => Action::Weiter,
        _ => Action::Play(Card::from_index(rng.random_range(0..40)).unwrap()),
    };
    (seat, action)
}

/// The partner's identity reaches a seat's view only when that seat may know it.
fn assert_partner_hidden(game: &Game) {
    let Some(contract) = game.contract() else {
        return;
    };
    let Some(partner) = contract.partner else {
        return;
    };
    let public = game.bidding().public_party(partner).is_some();
    for seat in Seat::ALL {
        let view = game.view(seat);
        assert_eq!(view.hand, game.hand(seat));
        let may_know = public || seat == partner;
        assert_eq!(
            view.contract.unwrap().partner.is_some(),
            may_know,
            "seat {seat}"
        );
        assert_eq!(
            view.parties[partner.index()].is_some(),
            may_know,
            "seat {seat}"
        );
    }
}

/// The seat to act, which the game keeps up to date, is the one the bidding
/// or the trick says: the bidding's turn, then the trick's next player.
fn assert_seat_to_act(game: &Game) {
    let expected = match (game.phase(), game.current_trick()) {
        (Phase::Bidding, _) => Some(game.bidding().turn()),
        (Phase::Play, Some(trick)) => Some(trick.to_play()),
        _ => None,
    };
    assert_eq!(game.to_act(), expected, "{:?}", game.phase());
}

/// Plays one random deal, checking the invariants after every action.
fn check_random_deal(preset: Preset, seed: u64, forehand: u8) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let rules = preset.rules();
    let (mut game, _) = random_game(&mut rng, &rules, Seat::new(forehand).unwrap());
    let mut live_records = Vec::new();
    loop {
        assert_cards_conserved(&game);
        assert_partner_hidden(&game);
        assert_seat_to_act(&game);
        let legal = game.legal_actions();
        if game.phase() == Phase::Finished {
            assert!(legal.is_empty());
            break;
        }
        assert!(!legal.is_empty(), "the seat to act has no legal action");
        let seat = legal.seat.unwrap();
        for action in legal.iter() {
            assert!(
                game.clone().apply(seat, action).is_ok(),
                "{action} offered but rejected"
            );
        }
        for _ in 0..8 {
            let (s, action) = any_action(&mut rng);
            if s == seat && legal.contains(action) {
                continue;
            }
            let before = game.clone();
            assert!(
                game.apply(s, action).is_err(),
                "seat {s} {action} accepted though not offered"
            );
            assert_eq!(game, before);
            assert_eq!(format!("{game:?}"), format!("{before:?}"));
        }
        if game.bidding().bids_this_turn() == 0 {
            live_records.push((Record::from_game(&game), game.clone()));
        }
        let (seat, action) = random_action(&game, &mut rng).unwrap();
        game.apply(seat, action).unwrap();
    }
    let (points, tricks) = game.score_so_far();
    assert_eq!(points[0] + points[1], 88);
    assert_eq!(tricks[0] + tricks[1], 10);
    let settlement = game.settlement().unwrap();
    assert_eq!(settlement.changes.iter().sum::<i64>(), 0);
    assert_eq!(
        settlement.lines.iter().map(|l| l.value).sum::<i64>(),
        settlement.total
    );
    live_records.push((Record::from_game(&game), game.clone()));
    for (record, live) in live_records {
        let json = record.to_json();
        let replayed = Record::from_json(&json).unwrap().to_game().unwrap();
        assert_eq!(
            replayed, live,
            "replaying {json} differs from the live game"
        );
        assert_eq!(Record::from_game(&replayed), record, "export is not stable");
    }
}

fn preset() -> impl Strategy<Value = Preset> {
    prop::sample::select(Preset::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_deals_keep_every_invariant(preset in preset(), seed in any::<u64>(), forehand in 0u8..4) {
        check_random_deal(preset, seed, forehand);
    }
}

/// Overrides that switch on the rarely used flags still keep every invariant.
#[test]
fn flag_variants_keep_every_invariant() {
    use tarock_zwanzigerrufen::{Rules, ValidRules};
    let variants = [
        Rules {
            pass_locks_auction: true,
            ..*Preset::Standard.rules()
        },
        Rules {
            valat_replaces_all: false,
            solo_value: 5,
            ..*Preset::Standard.rules()
        },
        Rules {
            maerchenstich_order: true,
            kontra_game_won_with_44: true,
            ..*Preset::Directnet.rules()
        },
        Rules {
            redeal_two_trull: true,
            trull_in_farbensolo: true,
            ..*Preset::Wikipedia.rules()
        },
        Rules {
            farbensolo_min_suit_cards: 6,
            earliest_opportunity: false,
            ..*Preset::Tarockwelt.rules()
        },
    ];
    for (i, rules) in variants.into_iter().enumerate() {
        let rules = &ValidRules::new(rules).expect("rules in range");
        for seed in 0..40u64 {
            let mut rng = SmallRng::seed_from_u64(seed * 7 + i as u64);
            let (mut game, _) = random_game(&mut rng, rules, Seat::S1);
            while let Some((seat, action)) = random_action(&game, &mut rng) {
                game.apply(seat, action).unwrap();
                assert_cards_conserved(&game);
            }
            let s = game.settlement().unwrap();
            assert_eq!(s.changes.iter().sum::<i64>(), 0);
            let replayed = Record::from_game(&game).to_game().unwrap();
            assert_eq!(replayed, game);
        }
    }
}

/// The card winning `cards` (a trick or its beginning) by SPEC §4.2 and §4.4,
/// written from the card names rather than deck positions: a trumping tarock
/// beats every suit card and a higher tarock number beats a lower one; a card
/// of the suit led beats a lower one of that suit; anything else never wins.
fn reference_winner(cards: &[Card], kind: GameKind, rules: &Rules) -> usize {
    let led = cards[0];
    let trumps = led.is_tarock() || kind != GameKind::Farbensolo;
    let position = |card| cards.iter().position(|c| *c == card);
    if let (true, Some(m), Some(s), Some(p)) = (
        trumps,
        position(Card::MOND),
        position(Card::SKUS),
        position(Card::PAGAT),
    ) {
        let applies = rules.maerchenstich
            && (kind != GameKind::Farbensolo || rules.maerchenstich_in_farbensolo)
            && (!rules.maerchenstich_order || (m < s && s < p));
        if applies {
            return p;
        }
    }
    let strength = |card: &Card| match (card.tarock_number(), card.rank()) {
        (Some(n), _) if trumps => 100 + u32::from(n),
        (None, Some(rank)) if card.suit() == led.suit() => 10 + rank as u32,
        _ => 0,
    };
    let mut best = 0;
    for (i, card) in cards.iter().enumerate() {
        if strength(card) > strength(&cards[best]) {
            best = i;
        }
    }
    best
}

/// One to four distinct cards in playing order; every other case holds the
/// whole Trull, so that the Märchenstich is tried often.
fn trick_cards() -> impl Strategy<Value = Vec<Card>> {
    let card = |i: u8| Card::from_index(i).expect("a deck index");
    let any = prop::sample::subsequence((0..40u8).collect::<Vec<_>>(), 1..=4)
        .prop_shuffle()
        .prop_map(move |ix| ix.into_iter().map(card).collect::<Vec<_>>());
    let trull = (0..40u8)
        .prop_filter("not a Trull card", move |i| {
            !CardSet::TRULL.contains(card(*i))
        })
        .prop_flat_map(move |other| {
            Just(vec![Card::PAGAT, Card::MOND, Card::SKUS, card(other)]).prop_shuffle()
        });
    prop_oneof![any, trull]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// `winning_index` (from deck positions and card sets) names the card the
    /// rules name, also for a trick still being played (the computer players ask that).
    #[test]
    fn winning_index_agrees_with_the_ranks_of_the_rules(
        cards in trick_cards(),
        kind in prop::sample::select(GameKind::ALL.to_vec()),
        preset in preset(),
        order in any::<bool>(),
    ) {
        let rules = Rules { maerchenstich_order: order, ..*preset.rules() };
        prop_assert_eq!(
            winning_index(&cards, kind, &rules),
            reference_winner(&cards, kind, &rules),
            "{:?} in a {} under {}", cards, kind, preset
        );
    }
}
