//! Property tests over random legal deals of both presets and of flag
//! variants: cards conserved across hands, talon, discards and tricks;
//! legal_actions never empty and every listed action accepted; random
//! illegal actions refused without a trace; views hiding other hands;
//! thirds summing to 210; zero-sum settlements; export → import identity.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use tarock_koenigrufen::contract::TalonUse;
use tarock_koenigrufen::record::{Record, ReplayReport};
use tarock_koenigrufen::sim::{random_action, random_game};
use tarock_koenigrufen::{
    Action, Card, CardList, CardSet, Contract, Game, Half, Item, Phase, Premium, Preset, Rules,
    Seat, Suit,
};

/// Every card is in exactly one place.
fn assert_cards_conserved(game: &Game) {
    let talon = game.talon();
    let mut places: Vec<CardSet> = Seat::ALL.iter().map(|s| game.hand(*s)).collect();
    places.push(game.deal().talon_set().without(talon.from_talon));
    places.push(talon.discard);
    places.push(talon.row_left.remaining().collect());
    places.push(talon.opponents_discard);
    if let Some(play) = game.play() {
        places.push(play.current().card_set());
        places.extend(play.tricks().map(|t| t.trick.card_set()));
    }
    let total: u32 = places.iter().map(|p| p.len()).sum();
    let union = places.iter().fold(CardSet::EMPTY, |a, b| a.union(*b));
    assert_eq!(total, 54, "cards counted twice or lost: {places:?}");
    assert_eq!(union, CardSet::DECK);
    assert_eq!(union.thirds(), 210);
}

/// Any action by any seat, to probe with mostly illegal ones.
fn any_action(rng: &mut SmallRng) -> (Seat, Action) {
    let seat = Seat::ALL[rng.random_range(0..4)];
    let card = |rng: &mut SmallRng| Card::from_index(rng.random_range(0..54)).unwrap();
    let action = match rng.random_range(0..12) {
        0 => [
            Action::Vorhand,
            Action::Weiter,
            Action::Halte,
            Action::VorhandWeiter,
            Action::CallFourth,
            Action::TakeAll,
        ][rng.random_range(0..6)],
        1 => Action::Bid(Contract::ALL[rng.random_range(0..21)]),
        2 => Action::Bei(Contract::ALL[rng.random_range(0..21)]),
        3 => Action::Call(Suit::ALL[rng.random_range(0..4)]),
        4 => Action::Take(Half::BOTH[rng.random_range(0..2)]),
        5 => Action::Schleifen(
            Some(Premium::ALL[rng.random_range(0..9)]).filter(|_| rng.random_bool(0.5)),
        ),
        6 => {
            let n = rng.random_range(1..=6);
            let cards: Vec<Card> = (0..n).map(|_| card(rng)).collect();
            Action::Discard(CardList::new(&cards).unwrap())
        }
        7 => Action::Draw(rng.random_range(0..5)),
        8 => Action::Announce(Premium::ALL[rng.random_range(0..9)]),
        9 => Action::Kontra(
            Item::from_index(rng.random_range(0..Item::COUNT)).unwrap(),
            Seat::new(rng.random_range(0..5)),
        ),
        _ => Action::Play(card(rng)),
    };
    (seat, action)
}

/// Each seat's view shows its own hand and no other, except ouvert hands
/// after the first trick; hidden talon halves stay hidden.
fn assert_views_hide(game: &Game) {
    let d = game.declared();
    let ouvert =
        d.is_some_and(|d| d.contract.is_ouvert()) && game.play().is_some_and(|p| p.count() > 0);
    let public = game.public_view();
    for s in Seat::ALL {
        let v = game.view(s);
        assert_eq!(v.hand, game.hand(s));
        assert_eq!(v.public.open_hands[s.index()].is_some(), ouvert);
        let declarer = d.map(|d| d.declarer);
        if declarer != Some(s) && !game.is_finished() {
            assert_eq!(v.row, None, "only Mussolini's declarer knows the row");
        }
        if let Some(d) = d {
            let hidden = matches!(
                d.contract.talon_use(),
                TalonUse::ForOpponents | TalonUse::Unused | TalonUse::LastTrick
            );
            if hidden && !game.is_finished() {
                assert_eq!(v.talon, [None, None], "seat {s} sees an untouched talon");
            }
        }
    }
    for hand in public.open_hands {
        assert_eq!(hand.is_some(), ouvert);
    }
}

fn assert_listed_actions_accepted(game: &Game) {
    let legal = game.legal_actions();
    assert!(!legal.is_empty(), "nothing to do in {:?}", game.phase());
    let seat = legal.seat.unwrap();
    for action in legal
        .words()
        .iter()
        .copied()
        .chain(legal.cards.iter().map(Action::Play))
    {
        let mut next = game.clone();
        assert!(next.apply(seat, action).is_ok(), "listed {action} refused");
    }
    if let Some(rule) = legal.discard {
        for set in rule.all().take(25) {
            let mut next = game.clone();
            let list: Vec<Card> = set.iter().collect();
            assert!(
                next.apply(seat, Action::Discard(CardList::new(&list).unwrap()))
                    .is_ok()
            );
            assert!(rule.completable(set));
        }
        // The two-step buttons never lead into a dead end.
        let mut chosen = CardSet::EMPTY;
        while chosen.len() < u32::from(rule.need) {
            let options = rule.options(chosen);
            chosen.insert(options.first().expect("a button stays open"));
        }
        assert_eq!(rule.check(chosen), Ok(()));
    }
}

fn check_random_deal(rules: Rules, seed: u64, forehand: u8) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut probe = SmallRng::seed_from_u64(seed ^ 0x9e37);
    let (mut game, plan) = random_game(&mut rng, &rules, Seat::new(forehand).unwrap());
    let cut = probe.random_range(0..60);
    let mut steps = 0;
    while let Some((seat, action)) = random_action(&game, &plan, &mut rng) {
        assert_cards_conserved(&game);
        if steps % 5 == 0 {
            assert_listed_actions_accepted(&game);
            assert_views_hide(&game);
        }
        let legal = game.legal_actions();
        assert!(
            legal.contains(action),
            "the simulator picked an unlisted {action}"
        );
        for _ in 0..4 {
            let (s, a) = any_action(&mut probe);
            let listed = s == seat && legal.contains(a);
            let before = game.clone();
            let mut next = game.clone();
            let result = next.apply(s, a);
            if listed {
                assert!(result.is_ok(), "listed {a} by {s} refused: {result:?}");
            } else if result.is_err() {
                assert_eq!(next, before, "a refused {a} by {s} changed the game");
            } else {
                // Accepted but not listed: only negative Kontras without a
                // target, which the list names explicitly.
                assert!(
                    matches!(a, Action::Kontra(Item::Spiel, None)),
                    "{a} by {s} accepted but not listed"
                );
            }
        }
        if steps == cut && game.pending_turn() == 0 {
            let record = Record::from_game(&game);
            assert_eq!(
                Record::from_json(&record.to_json())
                    .unwrap()
                    .to_game()
                    .unwrap(),
                game
            );
        }
        game.apply(seat, action).unwrap();
        steps += 1;
    }
    assert!(game.is_finished());
    assert_eq!(game.check_invariants(), Ok(()));
    assert!(game.legal_actions().is_empty());
    assert_cards_conserved(&game);
    assert_views_hide(&game);
    let s = game.settlement().unwrap();
    assert_eq!(s.money.iter().sum::<i64>(), 0);
    assert_eq!(s.score.iter().sum::<i64>(), 0);
    for line in &s.lines {
        assert_eq!(line.money.iter().sum::<i64>(), 0);
    }
    let record = Record::from_game(&game);
    let text = record.to_json();
    let again = Record::from_json(&text).unwrap().to_game().unwrap();
    assert_eq!(again, game);
    assert_eq!(Record::from_game(&again).to_json(), text);
    let report = ReplayReport::from_json(&text);
    assert_eq!(report.balance, Some(s.score));
    assert_eq!(report.money, Some(s.money));
    if let Some(thirds) = report.thirds {
        assert_eq!(thirds.iter().sum::<u16>(), 210);
    }
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    let variants = [Preset::Cup2019.rules(),
        Preset::Standard.rules(),
        Rules::from_spec(&json!({"preset": "cup2019", "bird_reservation": "soft", "maerchenstich": true,
            "silent_failure_counts": true, "kontra_in_score": true, "max_kontra": 6})).unwrap(),
        Rules::from_spec(&json!({"preset": "standard", "negative_early_end": false, "silent_valat_keeps_kontra": false,
            "king_in_talon_takes_all": true, "lost_double": false, "ku_by_party": true})).unwrap(),
        Rules::from_spec(&json!({"preset": "cup2019", "bei": false, "pass_vorhand": false, "trischaken": "standard",
            "partner_announces_talon_bird": false, "colour_kontra_or_valat": true})).unwrap()];
    (0..variants.len()).prop_map(move |i| variants[i])
}

/// 300 random deals per run; `PROPTEST_CASES` asks for more.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    ProptestConfig::with_cases(cases)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_deals_keep_every_invariant(rules in rules_strategy(), seed in any::<u64>(), forehand in 0u8..4) {
        check_random_deal(rules, seed, forehand);
    }
}

/// The random mix reaches every contract of both presets.
#[test]
fn the_random_mix_reaches_every_contract() {
    for preset in Preset::ALL {
        let rules = preset.rules();
        let mut rng = SmallRng::seed_from_u64(11);
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..3000 {
            let (mut game, plan) = random_game(&mut rng, &rules, Seat::ALL[i % 4]);
            tarock_koenigrufen::sim::play_out(&mut game, &plan, &mut rng);
            seen.insert(game.declared().unwrap().contract);
        }
        let offered: std::collections::BTreeSet<Contract> = Contract::ALL
            .into_iter()
            .filter(|c| rules.offers(*c))
            .collect();
        assert_eq!(seen, offered, "{preset}");
    }
}

/// A game in every phase can be exported and read back in the same phase.
#[test]
fn every_phase_round_trips() {
    let mut phases = std::collections::BTreeSet::new();
    let mut rng = SmallRng::seed_from_u64(5);
    for i in 0..400 {
        let rules = Preset::ALL[i % 2].rules();
        let (mut game, plan) = random_game(&mut rng, &rules, Seat::ALL[i % 4]);
        while let Some((seat, action)) = random_action(&game, &plan, &mut rng) {
            if game.pending_turn() == 0 {
                let back = Record::from_game(&game).to_game().unwrap();
                assert_eq!(back, game);
                phases.insert(format!("{:?}", game.phase()));
            }
            game.apply(seat, action).unwrap();
        }
    }
    let all = [
        Phase::Auction,
        Phase::KingCall,
        Phase::Talon,
        Phase::Discard,
        Phase::Mussolini,
        Phase::Announcements,
        Phase::Play,
    ];
    for p in all {
        assert!(phases.contains(&format!("{p:?}")), "{p:?} never reached");
    }
}
