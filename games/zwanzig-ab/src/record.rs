//! Session records (SPEC §9): the JSON format `zwanzig-ab-record/1`, reading
//! a record into a [`Session`], writing a session as a record, and the
//! report line of `tarock replay` (§9.2).
//!
//! Reading has two steps. [`Record::parse`] checks the shape of everything —
//! rules, players, dealer, start, every deal's cards and every action string
//! — and fails with a [`RecordError`] (the record is `invalid`). Replaying
//! then applies the actions in order, dealing each deal when its first
//! action comes; a rejected action makes the record `illegal`, an action
//! that needs a deal the record lacks makes it `invalid` (§9.3).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::action::Action;
use crate::card::{Card, CardSet, Suit};
use crate::deal::{DealError, Deck};
use crate::error::RuleError;
use crate::rules::{Rules, RulesError};
use crate::seat::{MAX_PLAYERS, Seat};
use crate::session::{Phase, Session, SessionError, Start};

/// The value of the `format` field.
pub const FORMAT: &str = "zwanzig-ab-record/1";

/// A record as written (§9.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// `"standard"` or `{"preset": "standard", FLAG: VALUE, …}`.
    pub rules: Value,
    /// 3–5.
    pub players: u8,
    /// The dealer of the first deal.
    pub dealer: u8,
    /// Scores and drops at the start of the record (optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<RecordStart>,
    /// The cards of each deal in order.
    #[serde(default)]
    pub deals: Vec<RecordDeal>,
    /// `"SEAT WORD [WORD …]"`, one flat list for the whole session.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// `start`: scores and drops used when the record begins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordStart {
    /// n scores 1–99 (default: all `start_score`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i64>>,
    /// n drop counts `0 … drop_limit` (default: 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drops: Option<Vec<i64>>,
}

/// The cards of one deal: a deck, or hands and a stock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordDeal {
    /// 32 ids, top first, dealt by §2.3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    /// n strings of five ids, seat 0 first; the first three are the first packet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<Vec<String>>,
    /// `32 − 5n` ids, top first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stock: Option<String>,
}

/// Why a record is malformed (`invalid`, §9.3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON, or not an object of the record's shape.
    #[error("bad JSON: {0}")]
    Json(String),
    /// The `format` is not [`FORMAT`].
    #[error("unknown format {0:?}")]
    Format(String),
    /// The rules description.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Players, dealer or start out of range.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// `start` lists do not have one entry per player.
    #[error("start: {0}")]
    Start(String),
    /// A deal's cards.
    #[error("deal {index}: {message}")]
    Deal {
        /// 0-based deal number.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// An action string cannot be parsed.
    #[error("action {index}: {message}")]
    Action {
        /// 0-based position in `actions`.
        index: usize,
        /// What is wrong.
        message: String,
    },
    /// An action needs a deal the record does not have.
    #[error("action {index} needs deal {deal}, which the record lacks")]
    MissingDeal {
        /// 0-based position in `actions`.
        index: usize,
        /// 0-based deal number.
        deal: usize,
    },
}

/// An action word as written, before it is checked against the rules: a
/// swap may list more than three cards or a card twice (illegal, not malformed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// `trump X`.
    Trump(Suit),
    /// `stay`.
    Stay,
    /// `swap C1 [C2 [C3 …]]` as listed.
    Swap(Vec<Card>),
    /// `drop`.
    Drop,
    /// `play` (drop round).
    Play,
    /// A card id.
    Card(Card),
}

/// One action string, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordAction {
    /// The acting seat.
    pub seat: Seat,
    /// What it does.
    pub word: Word,
}

impl RecordAction {
    /// Parses `"SEAT WORD [WORD …]"` at a table of `n`.
    ///
    /// # Errors
    /// A message saying what is malformed.
    pub fn parse(text: &str, n: u8) -> Result<RecordAction, String> {
        let mut words = text.split_whitespace();
        let seat_word = words.next().ok_or("empty action")?;
        let seat = seat_word
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| seat_word.parse::<u8>().ok())
            .flatten()
            .filter(|s| *s < n)
            .and_then(Seat::new)
            .ok_or_else(|| format!("seat {seat_word:?} is not 0–{}", n - 1))?;
        let rest: Vec<&str> = words.collect();
        let word = match rest.as_slice() {
            [] => return Err("no action after the seat".into()),
            ["trump", suit] => Word::Trump(suit.parse().map_err(|_| format!("trump {suit:?}"))?),
            ["trump", ..] => return Err("trump takes one suit".into()),
            ["stay"] => Word::Stay,
            ["drop"] => Word::Drop,
            ["play"] => Word::Play,
            ["stay" | "drop" | "play", ..] => return Err(format!("{} takes no cards", rest[0])),
            ["swap"] => return Err("swap without cards".into()),
            ["swap", cards @ ..] => Word::Swap(
                cards
                    .iter()
                    .map(|c| c.parse::<Card>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?,
            ),
            [card] => Word::Card(card.parse().map_err(|_| format!("unknown word {card:?}"))?),
            _ => return Err(format!("unknown action {:?}", rest.join(" "))),
        };
        Ok(RecordAction { seat, word })
    }

    /// The engine action, or the rule a raw swap breaks before any state is
    /// looked at: more than three cards or a card twice.
    fn to_action(&self) -> Result<Action, RuleError> {
        Ok(match &self.word {
            Word::Trump(s) => Action::Trump(*s),
            Word::Stay => Action::Stay,
            Word::Drop => Action::Drop,
            Word::Play => Action::Play,
            Word::Card(c) => Action::Card(*c),
            Word::Swap(cards) => {
                if cards.len() > 3 {
                    return Err(RuleError::SwapTooMany(cards.len() as u32));
                }
                let mut set = CardSet::EMPTY;
                for c in cards {
                    if set.contains(*c) {
                        return Err(RuleError::SwapCard(*c));
                    }
                    set.insert(*c);
                }
                Action::Swap(set)
            }
        })
    }
}

/// A record checked for shape.
#[derive(Clone, Debug)]
pub struct ParsedRecord {
    /// The rules.
    pub rules: Rules,
    /// The session at the start of the record (no deal dealt).
    pub session: Session,
    /// The decks of the deals, in order.
    pub decks: Vec<Deck>,
    /// The actions.
    pub actions: Vec<RecordAction>,
}

/// A record replayed as far as its actions are legal.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The session reached.
    pub session: Session,
    /// The first rejected action (0-based index in `actions`) and why.
    pub stopped: Option<(usize, RuleError)>,
}

impl Record {
    /// Reads a record from JSON text.
    ///
    /// # Errors
    /// [`RecordError::Json`] when the text is not a record-shaped JSON object.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        Record::from_value(value)
    }

    /// Reads a record from a JSON value.
    ///
    /// # Errors
    /// [`RecordError::Json`] for a value that is not a record-shaped object,
    /// [`RecordError::Format`] for another format.
    pub fn from_value(value: Value) -> Result<Record, RecordError> {
        let Value::Object(map) = &value else {
            return Err(RecordError::Json("a record is a JSON object".into()));
        };
        match map.get("format") {
            Some(Value::String(f)) if f == FORMAT => {}
            Some(other) => return Err(RecordError::Format(other.to_string())),
            None => return Err(RecordError::Json("no \"format\"".into())),
        }
        serde_json::from_value(value).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record serializes")
    }

    /// Checks the shape of every field (§9.3).
    ///
    /// # Errors
    /// The first [`RecordError`] found.
    pub fn parse(&self) -> Result<ParsedRecord, RecordError> {
        if self.format != FORMAT {
            return Err(RecordError::Format(self.format.clone()));
        }
        let rules = Rules::from_spec(&self.rules)?;
        let n = self.players;
        if !(3..=MAX_PLAYERS as u8).contains(&n) {
            return Err(SessionError::Players(n).into());
        }
        let start = self.parse_start(&rules)?;
        let session = Session::new(rules, n, self.dealer, start)?;
        let decks = self
            .deals
            .iter()
            .enumerate()
            .map(|(k, deal)| {
                let maker = session
                    .first_dealer()
                    .plus((k % usize::from(n)) as u8 + 1, n);
                parse_deal(deal, n, maker)
                    .map_err(|message| RecordError::Deal { index: k, message })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let actions = self
            .actions
            .iter()
            .enumerate()
            .map(|(index, text)| {
                RecordAction::parse(text, n)
                    .map_err(|message| RecordError::Action { index, message })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ParsedRecord {
            rules,
            session,
            decks,
            actions,
        })
    }

    fn parse_start(&self, rules: &Rules) -> Result<Start, RecordError> {
        let mut start = Start::fresh(rules);
        let Some(s) = &self.start else {
            return Ok(start);
        };
        let n = usize::from(self.players);
        let list = |v: &Option<Vec<i64>>, what: &str| -> Result<Option<Vec<i64>>, RecordError> {
            match v {
                Some(v) if v.len() != n => Err(RecordError::Start(format!(
                    "{what} has {} entries, not {n}",
                    v.len()
                ))),
                other => Ok(other.clone()),
            }
        };
        if let Some(scores) = list(&s.scores, "scores")? {
            for (i, v) in scores.into_iter().enumerate() {
                start.scores[i] = i32::try_from(v)
                    .ok()
                    .filter(|v| (1..=99).contains(v))
                    .ok_or_else(|| RecordError::Start(format!("score {v} is not 1–99")))?;
            }
        }
        if let Some(drops) = list(&s.drops, "drops")? {
            for (i, v) in drops.into_iter().enumerate() {
                start.drops[i] = u8::try_from(v)
                    .ok()
                    .filter(|v| *v <= rules.drop_limit())
                    .ok_or_else(|| {
                        RecordError::Start(format!("drops {v} is not 0–{}", rules.drop_limit()))
                    })?;
            }
        }
        Ok(start)
    }

    /// Replays the record as far as its actions are legal.
    ///
    /// # Errors
    /// [`RecordError`] when the record is malformed or an action needs a
    /// deal it lacks; an illegal action is reported in [`Replay::stopped`].
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let parsed = self.parse()?;
        let mut session = parsed.session;
        for (index, action) in parsed.actions.iter().enumerate() {
            if session.needs_deal() {
                let k = session.decks().len();
                let deck = *parsed
                    .decks
                    .get(k)
                    .ok_or(RecordError::MissingDeal { index, deal: k })?;
                session
                    .start_deal(deck)
                    .expect("the session needs this deal");
            }
            let result = match action.to_action() {
                Ok(a) => session.apply(action.seat, a).map(|_| ()),
                Err(raw) => session
                    .precheck(action.seat, &Action::Swap(CardSet::EMPTY))
                    .and(Err(raw)),
            };
            if let Err(error) = result {
                return Ok(Replay {
                    session,
                    stopped: Some((index, error)),
                });
            }
        }
        Ok(Replay {
            session,
            stopped: None,
        })
    }

    /// Replays the record into a session.
    ///
    /// # Errors
    /// [`ReplayError`]: malformed, or an illegal action.
    pub fn to_session(&self) -> Result<Session, ReplayError> {
        let replay = self.replay()?;
        match replay.stopped {
            Some((index, error)) => Err(ReplayError::Illegal { index, error }),
            None => Ok(replay.session),
        }
    }

    /// The record of `session`: its rules, first dealer, start (when not
    /// fresh), every deal dealt (as a deck) and every action.
    pub fn from_session(session: &Session) -> Record {
        let fresh = Start::fresh(session.rules());
        let n = usize::from(session.players());
        let start = session.start();
        let start = (start.scores[..n] != fresh.scores[..n]
            || start.drops[..n] != fresh.drops[..n])
            .then(|| RecordStart {
                scores: Some(start.scores[..n].iter().map(|s| i64::from(*s)).collect()),
                drops: Some(start.drops[..n].iter().map(|d| i64::from(*d)).collect()),
            });
        Record {
            format: FORMAT.to_owned(),
            rules: session.rules().to_spec(),
            players: session.players(),
            dealer: session.first_dealer().index() as u8,
            start,
            deals: session
                .decks()
                .iter()
                .map(|d| RecordDeal {
                    deck: Some(d.to_string()),
                    hands: None,
                    stock: None,
                })
                .collect(),
            actions: session
                .log()
                .iter()
                .map(|(seat, action)| format!("{seat} {action}"))
                .collect(),
        }
    }
}

/// Reads one deal's cards: `{"deck"}` or `{"hands", "stock"}`.
fn parse_deal(deal: &RecordDeal, n: u8, maker: Seat) -> Result<Deck, String> {
    let deck = match (&deal.deck, &deal.hands, &deal.stock) {
        (Some(deck), None, None) => deck.parse::<Deck>(),
        (None, Some(hands), Some(stock)) => {
            if hands.len() != usize::from(n) {
                return Err(format!("{} hands, not {n}", hands.len()));
            }
            Deck::parse_hands(hands, stock, maker)
        }
        _ => return Err("a deal is {\"deck\"} or {\"hands\", \"stock\"}".into()),
    };
    deck.map_err(|e: DealError| e.to_string())
}

/// Why a record does not replay to a session.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record is malformed.
    #[error(transparent)]
    Invalid(#[from] RecordError),
    /// A well-formed action was rejected.
    #[error("action {index}: {error}")]
    Illegal {
        /// 0-based position in `actions`.
        index: usize,
        /// The rule it breaks.
        error: RuleError,
    },
}

/// The status of a replayed record (§9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The session ended.
    Finished,
    /// The record stops before the end.
    InProgress,
    /// A well-formed action was rejected.
    Illegal,
    /// The record or an action string cannot be parsed, or a deal is missing.
    Invalid,
}

/// One output line of `tarock replay` for a 20 ab record, keys in §9.2 order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// The status.
    pub status: Status,
    /// Illegal: the 0-based index of the rejected action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Illegal or invalid: why, starting with the rule code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Completed deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deals: Option<usize>,
    /// Scores after the completed deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
    /// Drops used so far (the current deal included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drops: Option<Vec<u8>>,
    /// Per completed deal, every seat's delta.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deltas: Option<Vec<Vec<i32>>>,
    /// Trump of the deal under way, once named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trump: Option<Suit>,
    /// Seats that dropped in the deal under way, ascending.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped: Option<Vec<u8>>,
    /// Tricks per seat so far, while the deal is in trick play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<Vec<u8>>,
    /// The winner (finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
    /// The settlement in units per seat (finished).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<Vec<i64>>,
}

impl ReplayReport {
    fn bare(status: Status) -> ReplayReport {
        ReplayReport {
            status,
            index: None,
            error: None,
            deals: None,
            scores: None,
            drops: None,
            deltas: None,
            trump: None,
            dropped: None,
            tricks: None,
            winner: None,
            balance: None,
        }
    }

    /// An `invalid` line saying `error`.
    pub fn invalid(error: &str) -> ReplayReport {
        ReplayReport {
            error: Some(format!("invalid: {error}")),
            ..ReplayReport::bare(Status::Invalid)
        }
    }

    /// Replays one record given as JSON text and reports it.
    pub fn from_json(text: &str) -> ReplayReport {
        match Record::from_json(text) {
            Ok(record) => ReplayReport::from_record(&record),
            Err(e) => ReplayReport::invalid(&e.to_string()),
        }
    }

    /// Replays `record` and reports it.
    pub fn from_record(record: &Record) -> ReplayReport {
        match record.replay() {
            Err(e) => ReplayReport::invalid(&e.to_string()),
            Ok(Replay {
                session,
                stopped: Some((index, error)),
            }) => ReplayReport {
                index: Some(index),
                error: Some(error.to_string()),
                ..ReplayReport::state(&session, Status::Illegal)
            },
            Ok(Replay {
                session,
                stopped: None,
            }) => {
                let status = if session.outcome().is_some() {
                    Status::Finished
                } else {
                    Status::InProgress
                };
                ReplayReport::state(&session, status)
            }
        }
    }

    /// The state fields of `session` (§9.2).
    pub fn state(session: &Session, status: Status) -> ReplayReport {
        let mut r = ReplayReport::bare(status);
        r.deals = Some(session.deals_completed());
        r.scores = Some(session.scores().to_vec());
        r.drops = Some(session.drops().to_vec());
        r.deltas = Some(session.deltas().map(<[i32]>::to_vec).collect());
        if session.deal_under_way() {
            r.trump = session.trump();
            r.dropped = Some(session.dropped().iter().map(|s| s.index() as u8).collect());
            if session.phase() == Phase::Play {
                r.tricks = Some(session.tricks_won().to_vec());
            }
        }
        if status == Status::Finished {
            let outcome = session.outcome().expect("finished");
            r.winner = Some(outcome.winner.index() as u8);
            r.balance = Some(outcome.settlement.balance.clone());
        }
        r
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
