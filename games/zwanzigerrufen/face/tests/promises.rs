//! What Zwanzigerrufen's secrecy and its choices require of the face, over
//! random deals of every preset in both languages:
//!
//! - the public text and the table picture never show a card that is still
//!   in a hand (SPEC §11: hands are secret; the called tarock is named by
//!   the contract, but never where it lies), and the picture shows no card
//!   that the public view has not seen played;
//! - a seat's text and hand picture show its own hand, and no card of
//!   another hand;
//! - the act choices offered (directly and through the "… +" drafts) are
//!   exactly the legal moves: every legal whole bidding turn, or every
//!   legal card, and nothing else; drafts are exactly the turns begun
//!   that may go on.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tarock_face::picture::Scene;
use tarock_face::{ChoiceKind, GameFace, Lang, TableContext};
use tarock_game_core::{DynGame, Game as _, Seat as FamilySeat};
use tarock_zwanzigerrufen::{Bid, Card, CardSet, Game, Phase, Seat, Zwanzigerrufen};
use tarock_zwanzigerrufen_face::ZwanzigerrufenFace;
use tarock_zwanzigerrufen_face::render::card_label;
use tarock_zwanzigerrufen_face::turn::{MAX_TURN, turn_token};

const FACE: ZwanzigerrufenFace = ZwanzigerrufenFace;

fn context() -> TableContext {
    TableContext {
        names: ["Anna", "Bert", "Cleo", "Dora"].map(String::from).to_vec(),
        stake_cents: 10,
    }
}

fn game(round: &dyn DynGame) -> &Game {
    round
        .downcast_ref::<Zwanzigerrufen>()
        .and_then(Zwanzigerrufen::game)
        .expect("a dealt round")
}

/// Whether `text` shows `card` as a word (its label between separators).
fn shows(text: &str, card: Card, lang: Lang) -> bool {
    let label = card_label(card, lang);
    text.split(|c: char| c.is_whitespace() || ",.:;()·|–".contains(c))
        .any(|w| w == label)
}

/// Every legal whole turn of `seat` (the engine's `apply_turn`), as tokens.
fn legal_turns(game: &Game, seat: Seat) -> BTreeSet<String> {
    fn walk(game: &Game, seat: Seat, turn: &mut Vec<Bid>, out: &mut BTreeSet<String>) {
        if game.clone().apply_turn(seat, turn).is_ok() {
            out.insert(turn_token(turn));
        }
        if turn.len() == MAX_TURN {
            return;
        }
        for bid in Bid::ALL {
            turn.push(bid);
            let mut scratch = game.clone();
            let begun = turn[..turn.len()].iter().all(|b| {
                scratch
                    .apply(seat, tarock_zwanzigerrufen::Action::Bid(*b))
                    .is_ok()
            });
            if begun {
                walk(game, seat, turn, out);
            }
            turn.pop();
        }
    }
    let mut out = BTreeSet::new();
    walk(game, seat, &mut Vec::new(), &mut out);
    out
}

/// Every act token the face offers `seat`, following its drafts.
fn offered(round: &dyn DynGame, seat: FamilySeat, lang: Lang) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut drafts = vec![None::<String>];
    let mut seen = BTreeSet::new();
    while let Some(draft) = drafts.pop() {
        let text = FACE.seat_text(round, seat, draft.as_deref(), &context(), lang);
        assert!(!text.choices.is_empty(), "{draft:?}: no choices");
        for choice in text.choices.iter().flatten() {
            assert!(tarock_game_core::token::is_well_formed(&choice.token));
            match choice.kind {
                ChoiceKind::Act => {
                    out.insert(choice.token.clone());
                }
                ChoiceKind::Draft => {
                    assert!(FACE.valid_draft(round, seat, &choice.token));
                    if seen.insert(choice.token.clone()) {
                        drafts.push(Some(choice.token.clone()));
                    }
                }
            }
        }
    }
    out
}

/// The cards still in some hand.
fn in_hands(game: &Game) -> CardSet {
    let mut all = CardSet::EMPTY;
    for seat in Seat::ALL {
        all = all.union(game.view(seat).hand);
    }
    all
}

#[test]
fn no_public_text_or_picture_shows_a_hidden_card_and_choices_are_the_legal_moves() {
    let mut rng = StdRng::seed_from_u64(32);
    let mut steps = 0;
    let mut turns = 0;
    for preset in Zwanzigerrufen::presets() {
        for _ in 0..6 {
            let rules = Zwanzigerrufen::rules_from_spec(&(*preset).into()).unwrap();
            let first = FamilySeat::new(rng.random_range(0..4));
            let mut zr = Zwanzigerrufen::new_round(rules, 4, first).unwrap();
            tarock_game_core::Game::deal(&mut zr, &mut rng).unwrap();
            let mut round: Box<dyn DynGame> = Box::new(zr);
            while let Some(seat) = round.to_act() {
                let lang = if rng.random_bool(0.5) {
                    Lang::De
                } else {
                    Lang::En
                };
                let g = game(round.as_ref()).clone();
                let hidden = in_hands(&g);
                let called = g.contract().and_then(|c| c.called);
                let public = FACE.public_text(round.as_ref(), &context(), lang);
                for card in hidden.iter().filter(|c| Some(*c) != called) {
                    assert!(!shows(&public, card, lang), "{card} in:\n{public}");
                }
                if let Some(picture) = FACE.table_picture(round.as_ref(), &context(), lang)
                    && let Scene::Table { seats, .. } = &picture.scene
                {
                    for s in seats {
                        if let Some(card) = &s.played {
                            let card: Card = card.parse().unwrap();
                            assert!(!hidden.contains(card), "{card} drawn on the table");
                        }
                    }
                }
                // Each seat sees its hand and no other.
                for other in Seat::ALL {
                    let text = FACE.seat_text(round.as_ref(), other.into(), None, &context(), lang);
                    let own = g.view(other).hand;
                    for card in hidden.iter() {
                        if own.contains(card) {
                            assert!(shows(&text.text, card, lang), "{card} of {other}");
                        } else if Some(card) != called {
                            assert!(!shows(&text.text, card, lang), "{card} to {other}");
                        }
                    }
                    if let Some(picture) = FACE.hand_picture(round.as_ref(), other.into(), lang)
                        && let Scene::Hand { cards, .. } = &picture.scene
                    {
                        let drawn: BTreeSet<String> = cards.iter().cloned().collect();
                        let held: BTreeSet<String> = own.iter().map(|c| c.to_string()).collect();
                        assert_eq!(drawn, held);
                    }
                    if Some(other.into()) != round.to_act() {
                        assert!(text.choices.is_empty());
                    }
                }
                // The offered moves are the legal ones.
                let s = Seat::new(seat.number()).unwrap();
                let expected: BTreeSet<String> = if g.phase() == Phase::Play {
                    g.legal_cards().iter().map(|c| format!("p{c}")).collect()
                } else {
                    turns += 1;
                    legal_turns(&g, s)
                };
                assert_eq!(offered(round.as_ref(), seat, lang), expected);
                // Play one of them, whole, as the table applies it.
                let chosen: Vec<&String> = expected.iter().collect();
                let token = chosen[rng.random_range(0..chosen.len())];
                for t in FACE.action_tokens(token).unwrap() {
                    round.apply_token(seat, &t).unwrap();
                }
                // A bidding turn is whole: the seat is done (unless it
                // leads the first trick next).
                assert!(
                    round.is_over()
                        || round.to_act() != Some(seat)
                        || game(round.as_ref()).phase() == Phase::Play
                );
                steps += 1;
            }
            assert!(
                FACE.settlement_text(round.as_ref(), &context(), Lang::De)
                    .is_some()
            );
        }
    }
    assert!(steps > 500 && turns > 50, "{steps} steps, {turns} turns");
}

/// A draft the seat may not go on with (forged, or another seat's turn)
/// is not valid, and shows the seat's text as if there were none.
#[test]
fn a_forged_or_stale_draft_is_refused() {
    let mut rng = StdRng::seed_from_u64(7);
    let rules = Zwanzigerrufen::default_rules();
    let mut zr = Zwanzigerrufen::new_round(rules, 4, FamilySeat::new(0)).unwrap();
    tarock_game_core::Game::deal(&mut zr, &mut rng).unwrap();
    let round: Box<dyn DynGame> = Box::new(zr);
    let to_act = round.to_act().unwrap();
    let other = FamilySeat::new((to_act.number() + 1) % 4);
    // The Vorhand opens: a Kontra first is no turn begun.
    assert!(!FACE.valid_draft(round.as_ref(), to_act, "xkg"));
    assert!(!FACE.valid_draft(round.as_ref(), to_act, "nonsense"));
    assert!(!FACE.valid_draft(round.as_ref(), other, "xr"));
    let plain = FACE.seat_text(round.as_ref(), to_act, None, &context(), Lang::De);
    let forged = FACE.seat_text(round.as_ref(), to_act, Some("xkg"), &context(), Lang::De);
    assert_eq!(plain, forged);
    // A single announcement is no move: a turn is chosen whole.
    assert_eq!(FACE.action_tokens("xr"), None);
}

/// Words typed after pressing a "… +" button go after the draft's words
/// (`tarock play`): every draft the opening seat is offered, following
/// drafts to their end, reads back typed as the turn it begins, and a
/// text that is no draft has no words.
#[test]
fn a_drafts_words_read_as_the_turn_it_begins() {
    let mut rng = StdRng::seed_from_u64(11);
    let rules = Zwanzigerrufen::default_rules();
    let mut zr = Zwanzigerrufen::new_round(rules, 4, FamilySeat::new(0)).unwrap();
    tarock_game_core::Game::deal(&mut zr, &mut rng).unwrap();
    let round: Box<dyn DynGame> = Box::new(zr);
    let seat = round.to_act().unwrap();
    let mut drafts = vec![None::<String>];
    let mut seen = BTreeSet::new();
    while let Some(draft) = drafts.pop() {
        let text = FACE.seat_text(round.as_ref(), seat, draft.as_deref(), &context(), Lang::En);
        for choice in text.choices.iter().flatten() {
            if choice.kind == ChoiceKind::Draft && seen.insert(choice.token.clone()) {
                drafts.push(Some(choice.token.clone()));
            }
        }
    }
    assert!(seen.contains("xr"), "{seen:?}");
    for draft in &seen {
        let words = FACE.draft_words(draft).unwrap();
        let bids = tarock_zwanzigerrufen_face::turn::draft_bids(draft).unwrap();
        assert_eq!(words.len(), bids.len(), "{draft}");
        let typed = FACE.typed_token(round.as_ref(), seat, &words);
        assert_eq!(typed, Some(Ok(turn_token(&bids))), "{draft}: {words:?}");
    }
    assert_eq!(FACE.draft_words("xr").unwrap(), ["rufer"]);
    assert_eq!(FACE.draft_words("ar"), None);
    assert_eq!(FACE.draft_words("x"), None);
}
