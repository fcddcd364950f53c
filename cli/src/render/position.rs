//! A stored record's position after a number of its actions, as the card
//! pictures show it: the table as every seat sees it (the trick under way
//! and the tricks won, from the game's public view), and optionally one
//! seat's own hand (from that seat's view). The game is the record's, from
//! the registry; its face draws both
//! ([`tarock_face::GameFace::position_picture`],
//! [`tarock_face::GameFace::hand_picture`]), so hidden cards cannot leak:
//! nothing here looks at the deal itself, and nothing here names a game.

use serde_json::Value;
use tarock_face::picture::Scene;
use tarock_face::{GameFace, Lang, Picture, TableContext};
use tarock_game_core::{RecordRefused, Seat};

/// What `tarock render record` draws, as the face describes it.
pub struct Position {
    /// The table in public view.
    pub table: Picture,
    /// The chosen seat's hand (with its legal cards when it is to play),
    /// if a seat was asked for and still holds cards.
    pub hand: Option<Picture>,
}

/// The seats' names on the picture: their numbers in the record.
fn name(seat: u8) -> String {
    format!("Seat {seat}")
}

/// The record `text` with only its first `step` actions.
///
/// # Errors
/// A message when the text is no JSON object or the record has fewer
/// actions.
fn truncated(text: &str, step: usize) -> Result<String, String> {
    let mut record: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let object = record
        .as_object_mut()
        .ok_or_else(|| "a record is a JSON object".to_owned())?;
    let count = object
        .get("actions")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    if step > count {
        return Err(format!(
            "--deal-step {step} is past the end: the record has {count} actions (steps 0 to {count})"
        ));
    }
    if let Some(actions) = object.get_mut("actions").and_then(Value::as_array_mut) {
        actions.truncate(step);
    }
    Ok(record.to_string())
}

/// The position of a record of the game of `face` after `step` actions.
///
/// # Errors
/// A message for a game whose records are not drawn, an unreadable
/// record, a step past its end, an illegal action or a seat the game does
/// not have.
pub fn position(
    face: &dyn GameFace,
    text: &str,
    step: usize,
    seat: Option<u8>,
    lang: Lang,
) -> Result<Position, String> {
    let cannot = || {
        format!(
            "{} records cannot be drawn yet (a record holds no single deal to stop in); \
             draw the position with `tarock render table --game {}`",
            face.name(Lang::En),
            face.id()
        )
    };
    if !face.draws_positions() {
        return Err(cannot());
    }
    let kind = tarock_games::by_id(face.id()).ok_or_else(cannot)?;
    let round = kind
        .read_record(&truncated(text, step)?)
        .map_err(|e| match e {
            RecordRefused::Illegal { index, message, .. } => {
                format!("action {index} of the record is illegal: {message}")
            }
            other => other.to_string(),
        })?;
    let seats = round.seats();
    if let Some(s) = seat.filter(|s| *s >= seats) {
        return Err(format!("--seat {s}: the seats are 0 to {}", seats - 1));
    }
    let context = TableContext {
        names: (0..seats).map(name).collect(),
        stake_cents: 0,
    };
    let table = face
        .position_picture(round.as_ref(), &context, lang)
        .ok_or_else(cannot)?;
    let hand = seat
        .and_then(|s| face.hand_picture(round.as_ref(), Seat::new(s), lang))
        .filter(|p| !matches!(&p.scene, Scene::Hand { cards, .. } if cards.is_empty()));
    Ok(Position { table, hand })
}
