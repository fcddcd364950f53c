//! The registry's computer players: every game offers its levels, and a
//! player of every level, asked through the boundary only (a round as a
//! `DynGame`, the answer as a token), only ever answers with a legal action
//! in a seeded round played to its end.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tarock_game_core::Seat;
use tarock_games::{GAMES, arena, computer, levels_of};
use tarock_player::Level;

#[test]
fn every_game_offers_the_three_levels_and_an_arena_and_strangers_none() {
    for kind in GAMES {
        assert_eq!(levels_of(kind.id()), &Level::ALL, "{}", kind.id());
        assert_eq!(arena(kind.id()).map(|a| a.game()), Some(kind.id()));
        for level in Level::ALL {
            let player = computer(kind.id(), level).unwrap();
            assert_eq!((player.game(), player.name()), (kind.id(), level.name()));
        }
    }
    assert!(levels_of("schnapsen").is_empty());
    assert!(computer("schnapsen", Level::Easy).is_none());
    assert!(arena("schnapsen").is_none());
}

/// The most actions one round of the promise test plays.
const CAP: usize = 400;

#[test]
fn every_level_of_every_game_plays_only_legal_actions_to_the_end() {
    for kind in GAMES {
        let (min, max) = kind.seat_range();
        for (i, level) in Level::ALL.into_iter().enumerate() {
            // The weaker levels at every table size, strong at the smallest.
            let sizes = if level == Level::Strong {
                min..=min
            } else {
                min..=max
            };
            for seats in sizes {
                let seed = 100 * i as u64 + u64::from(seats);
                let mut rng = StdRng::seed_from_u64(seed);
                let first = Seat::new(seats - 1);
                let mut round = kind.new_round(&"standard".into(), seats, first).unwrap();
                let mut players: Vec<_> = (0..seats)
                    .map(|_| computer(kind.id(), level).unwrap())
                    .collect();
                let mut steps = 0;
                // A tarock deal ends well within the cap; a 20 ab session
                // may run longer, and its first deals are enough here.
                while !round.is_over() && steps < CAP {
                    if round.needs_deck() {
                        round.deal(&mut rng).unwrap();
                        continue;
                    }
                    let seat = round
                        .to_act()
                        .expect("a dealt round not over has a seat to act");
                    let legal = round.legal_tokens();
                    let token = players[seat.index()]
                        .answer(round.as_ref(), seat, &mut rng)
                        .unwrap();
                    let what = format!("{} {level} at {seats}, seed {seed}", kind.id());
                    assert!(legal.contains(&token), "{what}: {token} not in {legal:?}");
                    // Another seat gets no answer: only the seat to act is asked.
                    let other = Seat::new((seat.number() + 1) % seats);
                    assert!(
                        players[other.index()]
                            .answer(round.as_ref(), other, &mut rng)
                            .is_none()
                    );
                    round.apply_token(seat, &token).unwrap();
                    steps += 1;
                }
                assert!(round.is_over() || steps == CAP);
            }
        }
    }
}

#[test]
fn a_player_answers_only_for_its_own_game() {
    let mut rng = StdRng::seed_from_u64(3);
    let kr = GAMES.iter().find(|g| g.id() == "koenigrufen").unwrap();
    let mut round = kr.new_round(&"standard".into(), 4, Seat::new(0)).unwrap();
    round.deal(&mut rng).unwrap();
    let seat = round.to_act().unwrap();
    let mut zr = computer("zwanzigerrufen", Level::Easy).unwrap();
    assert!(zr.answer(round.as_ref(), seat, &mut rng).is_none());
    assert!(zr.choose_token(round.as_ref(), seat, &mut rng).is_none());
    let mut own = computer("koenigrufen", Level::Easy).unwrap();
    let token = own.choose_token(round.as_ref(), seat, &mut rng).unwrap();
    assert!(round.legal_tokens().contains(&token));
}
