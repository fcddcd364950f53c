//! A stored record's position after a number of its actions, as the card
//! pictures show it: the table as every seat sees it (the current trick
//! and the tricks won, from the game's public view), and optionally one
//! seat's own hand (from that seat's view). Hidden cards cannot leak:
//! nothing here looks at the deal itself.

use std::cmp::Reverse;

use tarock_cards::{Face, Hand, Lang, Seat, Table};

use super::faces;

/// What `tarock render record` draws.
pub struct Position {
    /// The table in public view.
    pub table: Table,
    /// The chosen seat's hand (with its legal cards when it is to play),
    /// if a seat was asked for and still holds cards.
    pub hand: Option<Hand>,
}

/// The seats' names on the picture: their numbers in the record.
fn name(seat: u8) -> String {
    format!("Seat {seat}")
}

/// Keeps the first `step` actions of a record's `actions`.
///
/// # Errors
/// A message when the record has fewer actions.
fn truncate(actions: &mut Vec<String>, step: usize) -> Result<(), String> {
    if step > actions.len() {
        return Err(format!(
            "--deal-step {step} is past the end: the record has {} actions (steps 0 to {})",
            actions.len(),
            actions.len()
        ));
    }
    actions.truncate(step);
    Ok(())
}

/// The seat number `seat`, if the game has it.
fn seat_number(seat: Option<u8>) -> Result<Option<u8>, String> {
    match seat {
        Some(s) if s >= 4 => Err(format!("--seat {s}: the seats are 0 to 3")),
        s => Ok(s),
    }
}

/// The position of a Zwanzigerrufen record after `step` actions.
///
/// # Errors
/// A message for an unreadable record, a step past its end or an illegal action.
pub fn zwanzigerrufen(
    text: &str,
    step: usize,
    seat: Option<u8>,
    lang: Lang,
) -> Result<Position, String> {
    use tarock_zwanzigerrufen::{Record, Seat as GameSeat};
    let seat = seat_number(seat)?;
    let mut record = Record::from_json(text).map_err(|e| e.to_string())?;
    truncate(&mut record.actions, step)?;
    let replay = record.replay().map_err(|e| e.to_string())?;
    if let Some((index, error)) = replay.stopped {
        return Err(format!("action {index} of the record is illegal: {error}"));
    }
    let game = replay.game;
    let public = game.public_view();
    let seats = GameSeat::ALL
        .iter()
        .map(|&s| {
            let played = public
                .trick
                .as_ref()
                .and_then(|t| t.plays().find(|(p, _)| *p == s))
                .map(|(_, c)| faces::zwanzigerrufen(c));
            let won = public.tricks.iter().filter(|t| t.winner == s).count();
            Seat::new(name(s as u8), played, won as u8)
        })
        .collect();
    let table = Table {
        seats,
        leader: public.trick.as_ref().map(|t| t.leader() as usize),
        to_move: public.to_act.map(|s| s as usize),
        lang,
    };
    let hand = seat.and_then(GameSeat::new).and_then(|s| {
        let view = game.view(s);
        let mut cards: Vec<_> = view.hand.iter().collect();
        cards.sort_by_key(|c| (!c.is_tarock(), Reverse(c.index())));
        let legal = view.legal.map(|l| l.cards).filter(|l| !l.is_empty());
        hand_of(
            cards.into_iter().map(faces::zwanzigerrufen),
            legal.map(|l| l.iter().map(faces::zwanzigerrufen).collect()),
            lang,
        )
    });
    Ok(Position { table, hand })
}

/// The position of a Königrufen record after `step` actions.
///
/// # Errors
/// A message for an unreadable record, a step past its end or an illegal action.
pub fn koenigrufen(
    text: &str,
    step: usize,
    seat: Option<u8>,
    lang: Lang,
) -> Result<Position, String> {
    use tarock_koenigrufen::{Record, Seat as GameSeat};
    let seat = seat_number(seat)?;
    let mut record = Record::from_json(text).map_err(|e| e.to_string())?;
    truncate(&mut record.actions, step)?;
    let replay = record.replay().map_err(|e| e.to_string())?;
    if let Some((index, error)) = replay.stopped {
        return Err(format!("action {index} of the record is illegal: {error}"));
    }
    let game = replay.game;
    let public = game.public_view();
    let seats = GameSeat::ALL
        .iter()
        .map(|&s| {
            let played = public
                .trick
                .as_ref()
                .and_then(|t| t.card_of(s))
                .map(faces::koenigrufen);
            Seat::new(name(s as u8), played, public.won[s as usize])
        })
        .collect();
    let table = Table {
        seats,
        leader: public.trick.as_ref().map(|t| t.leader() as usize),
        to_move: public.to_act.map(|s| s as usize),
        lang,
    };
    let hand = seat.and_then(GameSeat::new).and_then(|s| {
        let view = game.view(s);
        let mut cards: Vec<_> = view.hand.iter().collect();
        cards.sort_by_key(|c| (!c.is_tarock(), Reverse(c.index())));
        let legal = view.legal.map(|l| l.cards).filter(|l| !l.is_empty());
        hand_of(
            cards.into_iter().map(faces::koenigrufen),
            legal.map(|l| l.iter().map(faces::koenigrufen).collect()),
            lang,
        )
    });
    Ok(Position { table, hand })
}

/// A hand picture of `cards`, none for an empty hand.
fn hand_of(
    cards: impl Iterator<Item = Face>,
    legal: Option<Vec<Face>>,
    lang: Lang,
) -> Option<Hand> {
    let hand = Hand::new(cards, lang);
    if hand.cards.is_empty() {
        return None;
    }
    Some(match legal {
        Some(legal) => hand.with_legal(legal),
        None => hand,
    })
}
