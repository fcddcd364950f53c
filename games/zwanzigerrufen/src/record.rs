//! Game records: the JSON interchange format of one deal (rules, hands,
//! actions), reading a record into a [`Game`], writing a game as a record,
//! and the replay report of `tarock replay`.
//!
//! Parsing and replaying are separate steps: a [`Record`] is only text that
//! has the right shape; it becomes a game once the engine has replayed it.

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::bidding::Bid;
use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::error::RuleError;
use crate::game::{Action, Game, NewGameError, Phase};
use crate::rules::{GameKind, Item, Premium, Rules, ValidRules};
use crate::seat::Seat;

/// The value of the `format` field.
pub const FORMAT: &str = "zwanzigerrufen-record/1";

/// A game record as written: the JSON object of RECORD.md.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// A preset name, or an object with `preset` and flag overrides.
    pub rules: Value,
    /// The Vorhand's seat, 0–3.
    pub forehand: u8,
    /// The four dealt hands, seat 0 first, card ids separated by spaces.
    pub hands: Vec<String>,
    /// One bidding turn or one card per string, each starting with the seat.
    #[serde(default)]
    pub actions: Vec<String>,
}

/// A word of a bidding turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    Game(GameKind),
    Premium(Premium),
    Kontra(Item),
}

/// One action string, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordAction {
    /// A bidding turn; no words is Weiter.
    Turn {
        /// The acting seat.
        seat: Seat,
        /// The turn's words in order.
        words: Vec<String>,
    },
    /// A card played.
    Card {
        /// The acting seat.
        seat: Seat,
        /// The card.
        card: Card,
    },
}

/// Why a record (or one of its action strings) cannot be read.
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
    Rules(#[from] crate::rules::RulesError),
    /// The forehand is not 0–3.
    #[error("forehand {0} is not a seat 0–3")]
    Forehand(u8),
    /// The hands are not four partitioning hands of ten valid cards.
    #[error("hands: {0}")]
    Hands(String),
    /// An action string cannot be parsed.
    #[error("action {index}: {message}")]
    Action {
        /// 0-based position in `actions`.
        index: usize,
        /// What is wrong.
        message: String,
    },
}

/// Why a record does not replay to a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record cannot be read.
    #[error(transparent)]
    Invalid(#[from] RecordError),
    /// The hands force a redeal at this seat.
    #[error("the hand of seat {0} forces a redeal")]
    Redeal(Seat),
    /// A well-formed action was rejected.
    #[error("action {index}: {error}")]
    Illegal {
        /// 0-based position in `actions`.
        index: usize,
        /// The rule it breaks.
        error: RuleError,
    },
}

impl FromStr for RecordAction {
    type Err = String;

    fn from_str(s: &str) -> Result<RecordAction, String> {
        let mut words = s.split_whitespace();
        let seat_word = words.next().ok_or("empty action")?;
        let seat = match seat_word {
            "0" => Seat::S0,
            "1" => Seat::S1,
            "2" => Seat::S2,
            "3" => Seat::S3,
            other => return Err(format!("seat {other:?} is not 0–3")),
        };
        let words: Vec<&str> = words.collect();
        match words.as_slice() {
            [] => Err("no action after the seat".into()),
            [one] if one.parse::<Card>().is_ok() => Ok(RecordAction::Card {
                seat,
                card: one.parse().expect("checked"),
            }),
            [w] if *w == "weiter" => Ok(RecordAction::Turn {
                seat,
                words: vec![],
            }),
            many => {
                for w in many {
                    if *w == "weiter" {
                        return Err("weiter must stand alone".into());
                    }
                    if w.parse::<Card>().is_ok() {
                        return Err(format!("card {w} mixed with other words"));
                    }
                    parse_word(w)?;
                }
                Ok(RecordAction::Turn {
                    seat,
                    words: many.iter().map(|w| w.to_string()).collect(),
                })
            }
        }
    }
}

fn parse_word(w: &str) -> Result<Word, String> {
    Ok(match w {
        "rufer" => Word::Game(GameKind::Rufer),
        "farbensolo" => Word::Game(GameKind::Farbensolo),
        "solo" => Word::Game(GameKind::Solo),
        "absolut" => Word::Premium(Premium::Absolut),
        "pagat" => Word::Premium(Premium::Pagat),
        "valat" => Word::Premium(Premium::Valat),
        "kontra-spiel" => Word::Kontra(Item::Game),
        "kontra-absolut" => Word::Kontra(Item::Absolut),
        "kontra-pagat" => Word::Kontra(Item::Pagat),
        "kontra-valat" => Word::Kontra(Item::Valat),
        other => return Err(format!("unknown word {other:?}")),
    })
}

/// The bids of a turn's words: with tarockwelt's ranking, a game word directly
/// followed by `valat` is the combined bid (SPEC C-2).
pub fn turn_bids(words: &[String], rules: &Rules) -> Result<Vec<Bid>, String> {
    let mut bids = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let word = parse_word(&words[i])?;
        let next_is_valat = words.get(i + 1).is_some_and(|w| w == "valat");
        bids.push(match word {
            Word::Game(kind) if rules.valat_raises_bid_rank && next_is_valat => {
                i += 1;
                Bid::GameWithValat(kind)
            }
            Word::Game(kind) => Bid::Game(kind),
            Word::Premium(p) => Bid::Premium(p),
            Word::Kontra(item) => Bid::Kontra(item),
        });
        i += 1;
    }
    Ok(bids)
}

/// A record read and checked for shape: rules, deal, and parsed actions.
#[derive(Clone, Debug)]
pub struct ParsedRecord {
    /// The rules.
    pub rules: ValidRules,
    /// The four hands (not yet checked for a redeal).
    pub deal: Deal,
    /// The Vorhand.
    pub forehand: Seat,
    /// The actions, each as bids-then-Weiter or a card.
    pub actions: Vec<(Seat, Vec<Action>)>,
}

impl Record {
    /// Reads a record from JSON text.
    ///
    /// # Errors
    /// [`RecordError::Json`] when the text is not a record-shaped JSON object.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let record = serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        // serde also reads a struct from an array of its fields in order;
        // a record is a JSON object (RECORD.md).
        if !text.trim_start().starts_with('{') {
            return Err(RecordError::Json("a record is a JSON object".into()));
        }
        Ok(record)
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
        if self.hands.len() != 4 {
            return Err(RecordError::Hands(format!(
                "{} hands, not 4",
                self.hands.len()
            )));
        }
        let mut hands = [CardSet::EMPTY; 4];
        for (i, text) in self.hands.iter().enumerate() {
            hands[i] = text
                .parse()
                .map_err(|e| RecordError::Hands(format!("hand {i}: {e}")))?;
        }
        let deal = Deal::new(hands).map_err(|e| RecordError::Hands(e.to_string()))?;
        let mut actions = Vec::with_capacity(self.actions.len());
        for (index, text) in self.actions.iter().enumerate() {
            let err = |message| RecordError::Action { index, message };
            let parsed = match text.parse::<RecordAction>().map_err(err)? {
                RecordAction::Card { seat, card } => (seat, vec![Action::Play(card)]),
                RecordAction::Turn { seat, words } => {
                    let bids = turn_bids(&words, &rules).map_err(err)?;
                    let mut list: Vec<Action> = bids.into_iter().map(Action::Bid).collect();
                    list.push(Action::Weiter);
                    (seat, list)
                }
            };
            actions.push(parsed);
        }
        Ok(ParsedRecord {
            rules,
            deal,
            forehand,
            actions,
        })
    }

    /// Replays the record into a game, stopping at the first rejected action.
    ///
    /// # Errors
    /// [`ReplayError`]: unreadable record, redeal, or an illegal action.
    pub fn to_game(&self) -> Result<Game, ReplayError> {
        let replay = self.replay()?;
        match replay.stopped {
            Some((index, error)) => Err(ReplayError::Illegal { index, error }),
            None => Ok(replay.game),
        }
    }

    /// Replays as far as the actions are legal.
    ///
    /// # Errors
    /// [`ReplayError::Invalid`] or [`ReplayError::Redeal`]; an illegal action
    /// is not an error here but reported in [`Replay::stopped`].
    pub fn replay(&self) -> Result<Replay, ReplayError> {
        let parsed = self.parse()?;
        let mut game = match Game::new(parsed.rules, parsed.deal, parsed.forehand) {
            Ok(g) => g,
            Err(NewGameError::Redeal(seat)) => return Err(ReplayError::Redeal(seat)),
            Err(NewGameError::Deal(e)) => return Err(RecordError::Hands(e.to_string()).into()),
        };
        for (index, (seat, actions)) in parsed.actions.iter().enumerate() {
            if let Err(error) = apply_all(&mut game, *seat, actions) {
                return Ok(Replay {
                    game,
                    stopped: Some((index, error)),
                });
            }
        }
        Ok(Replay {
            game,
            stopped: None,
        })
    }

    /// The record of `game`: rules, hands and every completed turn and card.
    /// Bids of a turn that has not been ended yet are left out.
    pub fn from_game(game: &Game) -> Record {
        let mut actions = Vec::new();
        let mut turn: Vec<String> = Vec::new();
        for (seat, action) in game.log() {
            match action {
                Action::Bid(bid) => turn.push(bid.to_string()),
                Action::Weiter if turn.is_empty() => actions.push(format!("{seat} weiter")),
                Action::Weiter => actions.push(format!("{seat} {}", turn.join(" "))),
                Action::Play(card) => actions.push(format!("{seat} {card}")),
            }
            if action == Action::Weiter {
                turn.clear();
            }
        }
        Record {
            format: FORMAT.to_owned(),
            rules: game.rules().to_spec(),
            forehand: game.forehand() as u8,
            hands: Seat::ALL.map(|s| game.deal().hand(s).to_string()).to_vec(),
            actions,
        }
    }
}

/// Applies the actions of one record string atomically.
fn apply_all(game: &mut Game, seat: Seat, actions: &[Action]) -> Result<(), RuleError> {
    if let [Action::Play(card)] = actions {
        return game.apply(seat, Action::Play(*card)).map(|_| ());
    }
    let bids: Vec<Bid> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Bid(b) => Some(*b),
            _ => None,
        })
        .collect();
    game.apply_turn(seat, &bids).map(|_| ()).map_err(|(_, e)| e)
}

/// A record replayed as far as its actions are legal.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game reached.
    pub game: Game,
    /// The first rejected action (0-based index in `actions`) and why.
    pub stopped: Option<(usize, RuleError)>,
}

/// The status of a replayed record (RECORD.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// All ten tricks played and settled.
    Finished,
    /// The record stops before the end.
    InProgress,
    /// The dealt hands force a redeal.
    Redeal,
    /// A well-formed action was rejected.
    Illegal,
    /// The record cannot be parsed.
    Invalid,
}

/// One output line of `tarock replay`, in the field order of RECORD.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// The status.
    pub status: Status,
    /// Redeal: the lowest seat whose hand forces it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// Illegal (and invalid actions): the 0-based action index.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Illegal or invalid: why, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The game announced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameKind>,
    /// The declarer party's seats, ascending.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<Vec<u8>>,
    /// The called card (Rufer only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called: Option<Card>,
    /// Card points of [declarer party, opponents] once the bidding is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[u32; 2]>,
    /// Tricks of [declarer party, opponents] once the bidding is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<[u8; 2]>,
    /// Balance change per seat in units (finished only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<[i64; 4]>,
}

impl ReplayReport {
    fn bare(status: Status) -> ReplayReport {
        ReplayReport {
            status,
            seat: None,
            index: None,
            error: None,
            game: None,
            declarer: None,
            called: None,
            points: None,
            tricks: None,
            balance: None,
        }
    }

    /// Replays one record given as JSON text and reports it.
    pub fn from_json(text: &str) -> ReplayReport {
        match Record::from_json(text) {
            Ok(record) => ReplayReport::from_record(&record),
            Err(e) => ReplayReport::invalid(&e),
        }
    }

    /// Replays `record` and reports it.
    pub fn from_record(record: &Record) -> ReplayReport {
        match record.replay() {
            Err(ReplayError::Invalid(e)) => ReplayReport::invalid(&e),
            Err(ReplayError::Redeal(seat)) => ReplayReport {
                seat: Some(seat as u8),
                ..ReplayReport::bare(Status::Redeal)
            },
            Err(ReplayError::Illegal { .. }) => unreachable!("replay reports illegal actions"),
            Ok(Replay {
                game,
                stopped: Some((index, error)),
            }) => ReplayReport {
                index: Some(index),
                error: Some(error.to_string()),
                ..ReplayReport::state(&game, Status::Illegal)
            },
            Ok(Replay {
                game,
                stopped: None,
            }) => {
                let status = match game.phase() {
                    Phase::Finished => Status::Finished,
                    _ => Status::InProgress,
                };
                ReplayReport::state(&game, status)
            }
        }
    }

    fn invalid(e: &RecordError) -> ReplayReport {
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

    fn state(game: &Game, status: Status) -> ReplayReport {
        let mut report = ReplayReport::bare(status);
        if let Some(c) = game.contract() {
            report.game = Some(c.kind);
            let seats = Seat::ALL.into_iter().filter(|s| c.party(*s).sign() > 0);
            report.declarer = Some(seats.map(|s| s as u8).collect());
            report.called = c.called;
        }
        if game.phase() != Phase::Bidding {
            let (points, tricks) = game.score_so_far();
            report.points = Some(points);
            report.tricks = Some(tricks);
        }
        if status == Status::Finished {
            report.balance = game.settlement().map(|s| s.changes);
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
