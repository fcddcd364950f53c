//! Game records (SPEC §11): one deal as JSON — rules, Vorhand, hands, talon
//! and the actions as `"SEAT WORD …"` strings — read into a [`Game`] by
//! replaying, written back from a game, and the one-line replay report of
//! `tarock replay`. A [`Record`] is text of the right shape; it becomes a
//! game only once the engine has replayed it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::action::{Action, parse_words};
use crate::card::{Card, CardSet};
use crate::contract::Contract;
use crate::deal::Deal;
use crate::error::RuleError;
use crate::game::{Game, Phase};
use crate::rules::{Rules, RulesError};
use crate::score::Facts;
use crate::seat::Seat;

/// The value of the `format` field.
pub const FORMAT: &str = "koenigrufen-record/1";

/// A game record as written (SPEC §11).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// A preset name, or an object with `preset` and flag overrides.
    pub rules: Value,
    /// The dealt Vorhand's seat, 0–3.
    pub forehand: u8,
    /// The four hands, seat 0 first, twelve card ids each.
    pub hands: Vec<String>,
    /// The talon: six card ids, half 1 then half 2.
    pub talon: String,
    /// One action string per entry, each starting with the seat.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// Why a record cannot be read (status `invalid`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON, or not an object of the record's shape.
    #[error("bad JSON: {0}")]
    Json(String),
    /// The `format` field is not [`FORMAT`].
    #[error("unknown format {0:?}")]
    Format(String),
    /// The rules description.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The forehand is not 0–3.
    #[error("forehand {0} is not a seat 0–3")]
    Forehand(u8),
    /// The hands and talon are not 4 × 12 + 6 distinct cards.
    #[error("cards: {0}")]
    Cards(String),
    /// An action string does not read: its seat is not 0–3 (the record is
    /// invalid, SPEC §11), or, from [`Record::to_game`], its words do not
    /// read (in a replay report that is an illegal action instead).
    #[error("action {index}: {message}")]
    Action {
        /// 0-based position in `actions`.
        index: usize,
        /// What is wrong.
        message: String,
    },
}

/// A record checked for shape: rules, deal and parsed actions.
#[derive(Clone, Debug)]
pub struct ParsedRecord {
    /// The rules.
    pub rules: Rules,
    /// The cards dealt.
    pub deal: Deal,
    /// The dealt Vorhand.
    pub forehand: Seat,
    /// Each action string as the actions it stands for, up to the first
    /// one whose words do not read.
    pub actions: Vec<(Seat, Vec<Action>)>,
    /// The first action string whose words do not read (its seat does):
    /// 0-based index and why. Replaying stops there with an illegal action.
    pub unreadable: Option<(usize, String)>,
}

/// Parses one action string into its seat and actions: an announcement turn
/// becomes its words followed by `weiter`, `zieh N CARD` a draw and a lay-aside.
///
/// # Errors
/// A message saying what is wrong.
pub fn parse_action(text: &str) -> Result<(Seat, Vec<Action>), String> {
    let mut words = text.split_whitespace();
    let seat = match words.next().ok_or("empty action")? {
        "0" => Seat::S0,
        "1" => Seat::S1,
        "2" => Seat::S2,
        "3" => Seat::S3,
        other => return Err(format!("seat {other:?} is not 0–3")),
    };
    let words: Vec<&str> = words.collect();
    let bad = || format!("cannot read {:?}", words.join(" "));
    match words.as_slice() {
        [] => Err("no action after the seat".into()),
        ["zieh", n, card] => {
            let draw = parse_words(&["zieh", n]).ok_or_else(bad)?;
            let lay = parse_words(&["ablage", card]).ok_or_else(bad)?;
            Ok((seat, vec![draw, lay]))
        }
        many if many.iter().all(|w| is_announcement(w)) => {
            let mut actions: Vec<Action> = many
                .iter()
                .map(|w| parse_words(&[w]).ok_or_else(bad))
                .collect::<Result<_, _>>()?;
            actions.push(Action::Weiter);
            Ok((seat, actions))
        }
        many => Ok((seat, vec![parse_words(many).ok_or_else(bad)?])),
    }
}

/// Premium and Kontra words, which make up announcement turns.
fn is_announcement(word: &str) -> bool {
    matches!(
        parse_words(&[word]),
        Some(Action::Announce(_) | Action::Kontra(..))
    )
}

impl Record {
    /// Reads a record from JSON text.
    ///
    /// # Errors
    /// [`RecordError::Json`] when the text is not a record-shaped JSON object.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        if !text.trim_start().starts_with('{') {
            return Err(RecordError::Json("a record is a JSON object".into()));
        }
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record serializes")
    }

    /// Checks the shape of every field and parses the actions.
    ///
    /// # Errors
    /// The first [`RecordError`] found.
    pub fn parse(&self) -> Result<ParsedRecord, RecordError> {
        if self.format != FORMAT {
            return Err(RecordError::Format(self.format.clone()));
        }
        let rules = Rules::from_spec(&self.rules)?;
        let forehand = Seat::new(self.forehand).ok_or(RecordError::Forehand(self.forehand))?;
        let deal = self.deal()?;
        let mut actions = Vec::with_capacity(self.actions.len());
        let mut unreadable = None;
        for (index, text) in self.actions.iter().enumerate() {
            // A seat outside 0–3 makes the record invalid wherever it is
            // (SPEC §11); words that do not read are an illegal action.
            let seat_reads = text
                .split_whitespace()
                .next()
                .is_some_and(|w| matches!(w, "0" | "1" | "2" | "3"));
            match parse_action(text) {
                Ok(action) if unreadable.is_none() => actions.push(action),
                Ok(_) => {}
                Err(message) if !seat_reads => {
                    return Err(RecordError::Action { index, message });
                }
                Err(message) => {
                    unreadable.get_or_insert((index, message));
                }
            }
        }
        Ok(ParsedRecord {
            rules,
            deal,
            forehand,
            actions,
            unreadable,
        })
    }

    fn deal(&self) -> Result<Deal, RecordError> {
        if self.hands.len() != 4 {
            return Err(RecordError::Cards(format!(
                "{} hands, not 4",
                self.hands.len()
            )));
        }
        let mut hands = [CardSet::EMPTY; 4];
        for (i, text) in self.hands.iter().enumerate() {
            hands[i] = text
                .parse()
                .map_err(|e| RecordError::Cards(format!("hand {i}: {e}")))?;
        }
        let talon: Vec<Card> = self
            .talon
            .split_whitespace()
            .map(|w| {
                w.parse()
                    .map_err(|e| RecordError::Cards(format!("talon: {e}")))
            })
            .collect::<Result<_, _>>()?;
        Deal::new(hands, &talon).map_err(|e| RecordError::Cards(e.to_string()))
    }

    /// Replays as far as the actions are legal.
    ///
    /// # Errors
    /// [`RecordError`] when the record cannot be read; an illegal action is
    /// reported in [`Replay::stopped`] instead.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let parsed = self.parse()?;
        let mut game = Game::new(parsed.rules, parsed.deal, parsed.forehand);
        for (index, (seat, actions)) in parsed.actions.iter().enumerate() {
            if let Err((_, error)) = game.apply_all(*seat, actions) {
                return Ok(Replay {
                    game,
                    stopped: Some((index, error)),
                    unreadable: None,
                });
            }
        }
        Ok(Replay {
            game,
            stopped: None,
            unreadable: parsed.unreadable,
        })
    }

    /// Replays the whole record into a game.
    ///
    /// # Errors
    /// [`ReplayError`]: unreadable, or an illegal action.
    pub fn to_game(&self) -> Result<Game, ReplayError> {
        let replay = self.replay()?;
        match (replay.stopped, replay.unreadable) {
            (Some((index, error)), _) => Err(ReplayError::Illegal { index, error }),
            (None, Some((index, message))) => {
                Err(ReplayError::Invalid(RecordError::Action { index, message }))
            }
            (None, None) => Ok(replay.game),
        }
    }

    /// The record of `game`: rules, cards and every completed action string;
    /// a half-done announcement turn or Mussolini draw is left out.
    pub fn from_game(game: &Game) -> Record {
        let mut actions = Vec::with_capacity(game.log().len());
        let mut turn: Vec<String> = Vec::new();
        for &(seat, action) in game.log() {
            match action {
                Action::Announce(_) | Action::Kontra(..) | Action::Draw(_) => {
                    turn.push(action.to_string());
                }
                Action::Weiter if turn.is_empty() => actions.push(format!("{seat} weiter")),
                Action::Weiter => actions.push(format!("{seat} {}", turn.join(" "))),
                Action::Discard(list) if turn.len() == 1 && turn[0].starts_with("zieh") => {
                    let card = list.get(0).expect("one card");
                    actions.push(format!("{seat} {} {card}", turn[0]));
                }
                other => actions.push(format!("{seat} {other}")),
            }
            if !matches!(
                action,
                Action::Announce(_) | Action::Kontra(..) | Action::Draw(_)
            ) {
                turn.clear();
            }
        }
        Record {
            format: FORMAT.to_owned(),
            rules: game.rules().to_spec(),
            forehand: game.forehand() as u8,
            hands: Seat::ALL.map(|s| game.deal().hand(s).to_string()).to_vec(),
            talon: game.deal().talon().map(|c| c.to_string()).join(" "),
            actions,
        }
    }
}

/// Why a record does not replay to a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record cannot be read.
    #[error(transparent)]
    Invalid(#[from] RecordError),
    /// A well-formed action was refused.
    #[error("action {index}: {error}")]
    Illegal {
        /// 0-based position in `actions`.
        index: usize,
        /// The rule it breaks.
        error: RuleError,
    },
}

/// A record replayed as far as its actions are legal.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game reached.
    pub game: Game,
    /// The first refused action (0-based index) and why.
    pub stopped: Option<(usize, RuleError)>,
    /// The action string whose words did not read, where the replay
    /// stopped when every action before it was legal (0-based index, why).
    pub unreadable: Option<(usize, String)>,
}

/// The status of a replayed record (SPEC §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The deal is over and settled.
    Finished,
    /// The record stops before the end.
    InProgress,
    /// A well-formed action was refused.
    Illegal,
    /// The record cannot be parsed.
    Invalid,
}

/// One output line of `tarock replay` in the field order of SPEC §11.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// The status.
    pub status: Status,
    /// Illegal (and invalid actions): the 0-based action index.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Illegal or invalid: why, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The winning contract word (the first namer's with "bei").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<Contract>,
    /// Party D ascending: declarer and partner, or every "bei" declarer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<Vec<u8>>,
    /// The called King (king-calling games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called: Option<Card>,
    /// The deal was conceded (§6.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schleifen: Option<bool>,
    /// Tricks per seat, from the play phase on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<[u8; 4]>,
    /// Finished positive games `[D, O]`; Trischaken per seat with the talon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thirds: Option<Vec<u16>>,
    /// Score (Schrift) per seat in units (finished only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<[i64; 4]>,
    /// Money per seat with Kontra (finished only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub money: Option<[i64; 4]>,
}

impl ReplayReport {
    fn bare(status: Status) -> ReplayReport {
        ReplayReport {
            status,
            index: None,
            error: None,
            game: None,
            declarer: None,
            called: None,
            schleifen: None,
            tricks: None,
            thirds: None,
            balance: None,
            money: None,
        }
    }

    /// Replays one record given as JSON text and reports it.
    pub fn from_json(text: &str) -> ReplayReport {
        let replay = Record::from_json(text).and_then(|r| r.replay());
        match replay {
            Err(e) => ReplayReport::invalid(&e),
            Ok(Replay {
                game,
                stopped: Some((index, error)),
                ..
            }) => ReplayReport {
                index: Some(index),
                error: Some(error.to_string()),
                ..ReplayReport::state(&game, Status::Illegal)
            },
            // Words that do not read are an illegal action (SPEC §11).
            Ok(Replay {
                game,
                unreadable: Some((index, message)),
                ..
            }) => ReplayReport {
                index: Some(index),
                error: Some(message),
                ..ReplayReport::state(&game, Status::Illegal)
            },
            Ok(Replay {
                game,
                stopped: None,
                unreadable: None,
            }) => {
                let status = if game.is_finished() {
                    Status::Finished
                } else {
                    Status::InProgress
                };
                ReplayReport::state(&game, status)
            }
        }
    }

    /// An `invalid` report for `e`.
    pub fn invalid(e: &RecordError) -> ReplayReport {
        let index = match e {
            RecordError::Action { index, .. } => Some(*index),
            _ => None,
        };
        ReplayReport {
            index,
            error: Some(e.to_string()),
            ..ReplayReport::bare(Status::Invalid)
        }
    }

    /// The report of `game` as far as it went.
    pub fn state(game: &Game, status: Status) -> ReplayReport {
        let mut report = ReplayReport::bare(status);
        if let Some(d) = game.declared() {
            report.game = Some(d.contract);
            let seats = if d.contract == Contract::Trischaken {
                vec![d.declarer as u8]
            } else {
                game.declarer_seats().iter().map(|s| s as u8).collect()
            };
            report.declarer = Some(seats);
            report.called = game.called().map(|c| c.card);
        }
        if matches!(game.phase(), Phase::Play | Phase::Finished) {
            report.tricks = game.play().map(|p| p.won());
        }
        // The facts of a finished deal follow the deal, not the status: an
        // action after the end is illegal, and the play is still finished.
        if game.is_finished() {
            report.schleifen = game.talon().schleifen.map(|_| true);
            report.thirds = match game.facts() {
                Some(Facts::Positive(f)) => Some(vec![f.thirds, 210 - f.thirds]),
                Some(Facts::Trischaken(f)) => Some(f.thirds.to_vec()),
                _ => None,
            };
        }
        // Score and money only on a `finished` line, as in RECORD.md.
        if status == Status::Finished
            && let Some(s) = game.settlement()
        {
            report.balance = Some(s.score);
            report.money = Some(s.money);
        }
        report
    }

    /// The report as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report serializes")
    }
}

/// The line `tarock replay` prints for a record text of this game (its
/// [`ReplayReport`] as JSON), and whether the record was invalid (the
/// command's exit status says so).
pub fn replay_line(text: &str) -> (String, bool) {
    let report = ReplayReport::from_json(text);
    (report.to_json(), report.status == Status::Invalid)
}
