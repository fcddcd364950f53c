//! Deals and their append-only event logs; loading a table's current deal
//! by replaying its log through the engine.

use sqlx::AnyConnection;
use sqlx::any::AnyRow;

use crate::error::{StorageError, is_unique_violation};
use crate::fair;
use tarock_games::SeededRound;

use crate::model::{
    DealId, DealRow, DealStatus, Event, LoadedDeal, LoadedTable, NewDeal, NewRound, TableId,
};
use crate::row::{count, flag, get, parse, seat, seat_value};
use crate::sql;
use crate::store::{Store, Tx};
use crate::table;

fn deal_from_row(row: &AnyRow) -> Result<DealRow, StorageError> {
    const T: &str = "deals";
    let id = DealId(get(row, T, "id")?);
    let table = TableId(get(row, T, "table_id")?);
    let hands_json: String = get(row, T, "hands")?;
    let hands: Vec<String> =
        serde_json::from_str(&hands_json).map_err(|e| StorageError::Corrupt {
            table,
            deal: Some(id),
            detail: format!("the stored hands are not a list of strings: {e}"),
        })?;
    Ok(DealRow {
        id,
        table,
        game: get(row, T, "game")?,
        number: count(row, T, "number")?,
        forehand: seat(row, T, "forehand")?,
        hands,
        rules: get(row, T, "rules")?,
        factor: count(row, T, "factor")?,
        status: parse(row, T, "status")?,
        started_ms: get(row, T, "started_ms")?,
        finished_ms: get(row, T, "finished_ms")?,
        commitment: fair::commitment_of(row, table, id)?,
        tokens_from: get::<Option<i64>>(row, T, "tokens_from")?
            .map(|n| {
                u32::try_from(n).map_err(|_| StorageError::Corrupt {
                    table,
                    deal: Some(id),
                    detail: format!("tokens from event {n}"),
                })
            })
            .transpose()?,
        carry: get(row, T, "carry")?,
    })
}

fn event_from_row(row: &AnyRow) -> Result<Event, StorageError> {
    const T: &str = "events";
    Ok(Event {
        seq: count(row, T, "seq")?,
        seat: seat(row, T, "seat")?,
        action: get(row, T, "action")?,
        at_ms: get(row, T, "at_ms")?,
        by_computer: flag(row, T, "by_computer")?,
    })
}

/// What a round is rebuilt from besides its row and log: the table's seat
/// count and the secret seed (`None` for a deal stored in record form,
/// whose hands are stored).
struct RoundSource {
    seats: u8,
    seed: Option<[u8; 32]>,
}

/// Replays a deal's log; any fault is [`StorageError::Corrupt`] naming the
/// table, the deal and the event.
fn replay(
    deal: DealRow,
    events: Vec<Event>,
    source: Option<RoundSource>,
) -> Result<LoadedDeal, StorageError> {
    let corrupt = |detail: String| StorageError::Corrupt {
        table: deal.table,
        deal: Some(deal.id),
        detail,
    };
    if let Some((i, e)) = events
        .iter()
        .enumerate()
        .find(|(i, e)| e.seq as usize != *i)
    {
        return Err(corrupt(format!(
            "the log has a gap: event {i} has sequence number {}",
            e.seq
        )));
    }
    let source = source.ok_or_else(|| corrupt("no seat count for the round".into()))?;
    let round = replay_round(&deal, &events, source).map_err(corrupt)?;
    Ok(LoadedDeal {
        deal,
        events,
        round: Some(round),
    })
}

/// Rebuilds a round: from its seed, carry and tokens, or (a deal begun in
/// record form) from its hands and record actions through its game, and
/// then its tokens.
fn replay_round(
    deal: &DealRow,
    events: &[Event],
    source: RoundSource,
) -> Result<SeededRound, String> {
    let kind = tarock_games::by_id(&deal.game).ok_or_else(|| format!("no game {:?}", deal.game))?;
    let rules: serde_json::Value = serde_json::from_str(&deal.rules)
        .map_err(|e| format!("the stored rules are not JSON: {e}"))?;
    let tokens_from = deal
        .tokens_from
        .map_or(events.len(), |n| (n as usize).min(events.len()));
    let mut round = if tokens_from == 0 && deal.tokens_from.is_some() {
        let seed = source.seed.ok_or("the round has no shuffle seed")?;
        SeededRound::carrying(
            kind,
            &rules,
            source.seats,
            deal.forehand,
            deal.carry.as_deref(),
            &seed,
        )
        .map_err(|e| format!("the round cannot be set up: {e}"))?
    } else {
        let actions: Vec<(tarock_game_core::Seat, &str)> = events[..tokens_from]
            .iter()
            .map(|e| (e.seat, e.action.as_str()))
            .collect();
        let stored = tarock_game_core::StoredDeal {
            rules: &rules,
            first: deal.forehand,
            piles: &deal.hands,
            factor: deal.factor,
            carry: deal.carry.as_deref(),
            actions: &actions,
        };
        SeededRound::stored(kind, &stored, source.seed.as_ref()).map_err(|e| match e {
            // Name the event as the log stores it: its seat and action.
            tarock_game_core::RecordRefused::Illegal { index, message, .. }
                if index < events.len() =>
            {
                let e = &events[index];
                format!(
                    "event {index} (seat {}, {:?}) is against the rules: {message}",
                    e.seat, e.action
                )
            }
            other => format!("the deal stored in record form does not replay: {other}"),
        })?
    };
    for (index, e) in events.iter().enumerate().skip(tokens_from) {
        round.apply(e.seat, &e.action).map_err(|error| {
            format!(
                "event {index} (seat {}, {:?}) is against the rules: {error}",
                e.seat, e.action
            )
        })?;
    }
    Ok(round)
}

/// The seed and seat count a round is rebuilt from. A deal stored in
/// record form needs neither (its piles are stored, and its game reads its
/// seats from them), so it costs no query.
async fn round_source(
    conn: &mut AnyConnection,
    deal: &DealRow,
    seats: Option<u8>,
) -> Result<Option<RoundSource>, StorageError> {
    if deal.tokens_from != Some(0) {
        return Ok(Some(RoundSource {
            seats: seats.unwrap_or(0),
            seed: None,
        }));
    }
    let seats = match seats {
        Some(seats) => seats,
        None => match table::table(&mut *conn, deal.table).await? {
            Some(table) => table.seats,
            None => return Ok(None),
        },
    };
    let seed = seed_of(conn, deal.id).await?;
    Ok(Some(RoundSource { seats, seed }))
}

/// The stored shuffle seed of a deal.
async fn seed_of(conn: &mut AnyConnection, id: DealId) -> Result<Option<[u8; 32]>, StorageError> {
    let row = sqlx::query(sql::SHUFFLE_SEED)
        .bind(id.0)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| StorageError::NotFound(format!("deal {id}")))?;
    let text: Option<String> = get(&row, "deals", "shuffle_seed")?;
    text.map(|t| {
        unhex(&t).ok_or_else(|| StorageError::Corrupt {
            table: TableId(get(&row, "deals", "table_id").unwrap_or_default()),
            deal: Some(id),
            detail: "the stored shuffle seed is not 64 hexadecimal digits".into(),
        })
    })
    .transpose()
}

/// A seed as 64 lowercase hexadecimal digits, as the `shuffle_seed` column holds it.
pub(crate) fn hex(bytes: &[u8; 32]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The 32 bytes of 64 hexadecimal digits.
pub(crate) fn unhex(text: &str) -> Option<[u8; 32]> {
    let digits = text.as_bytes();
    if digits.len() != 64 || !digits.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let mut bytes = [0; 32];
    for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(bytes)
}

pub(crate) async fn deal_row(
    conn: &mut AnyConnection,
    id: DealId,
) -> Result<Option<DealRow>, StorageError> {
    let row = sqlx::query(sql::DEAL_BY_ID)
        .bind(id.0)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(deal_from_row).transpose()
}

async fn latest_deal_row(
    conn: &mut AnyConnection,
    table: TableId,
) -> Result<Option<DealRow>, StorageError> {
    let row = sqlx::query(sql::LATEST_DEAL_OF_TABLE)
        .bind(table.0)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(deal_from_row).transpose()
}

async fn events(conn: &mut AnyConnection, deal: DealId) -> Result<Vec<Event>, StorageError> {
    let rows = sqlx::query(sql::EVENTS_OF_DEAL)
        .bind(deal.0)
        .fetch_all(conn)
        .await?;
    rows.iter().map(event_from_row).collect()
}

async fn load_deal(
    conn: &mut AnyConnection,
    id: DealId,
) -> Result<Option<LoadedDeal>, StorageError> {
    let Some(deal) = deal_row(&mut *conn, id).await? else {
        return Ok(None);
    };
    let events = events(&mut *conn, id).await?;
    let source = round_source(conn, &deal, None).await?;
    replay(deal, events, source).map(Some)
}

async fn load_table(
    conn: &mut AnyConnection,
    id: TableId,
) -> Result<Option<LoadedTable>, StorageError> {
    load_table_by(conn, sql::TABLE_BY_ID, id).await
}

/// [`load_table`] reading the table's row with `table_sql` (which may lock
/// it as well).
async fn load_table_by(
    conn: &mut AnyConnection,
    table_sql: &'static str,
    id: TableId,
) -> Result<Option<LoadedTable>, StorageError> {
    let Some(table) = table::table_by(&mut *conn, table_sql, id).await? else {
        return Ok(None);
    };
    let seats = table::seats(&mut *conn, id).await?;
    let deal = match latest_deal_row(&mut *conn, id).await? {
        Some(deal) => {
            let events = events(&mut *conn, deal.id).await?;
            let source = round_source(&mut *conn, &deal, Some(table.seats)).await?;
            Some(replay(deal, events, source)?)
        }
        None => None,
    };
    Ok(Some(LoadedTable { table, seats, deal }))
}

/// How many steps one statement appends at most (a round of 20 ab holds a
/// few hundred; the databases cap a statement's parameters).
const EVENTS_PER_STATEMENT: usize = 200;

/// Refuses a record action that no game's record form can hold: empty,
/// with surrounding whitespace, or with a line break or another control
/// character (a record action is one line of words). Whether
/// it is one of its game's actions, and legal, the replay finds out when
/// the deal is loaded.
fn check_record_action(event: &Event) -> Result<(), StorageError> {
    let action = &event.action;
    if action.is_empty() || action.trim() != action || action.chars().any(char::is_control) {
        return Err(StorageError::Invalid(format!(
            "not a record action: {action:?}"
        )));
    }
    Ok(())
}

/// Refuses an action token that is not well formed.
fn check_token(event: &Event) -> Result<(), StorageError> {
    if !tarock_game_core::token::is_well_formed(&event.action) {
        return Err(StorageError::Invalid(format!(
            "not an action token: {:?}",
            event.action
        )));
    }
    Ok(())
}

/// Checks that a deal can be stored in record form: a known game, rules
/// that are JSON, numbers from 1, and rules, first seat, piles and carry
/// that its game reads as a deal before any action
/// ([`tarock_game_core::DynKind::read_stored`]).
fn check_new_deal(deal: &NewDeal, carry: Option<&str>) -> Result<(), StorageError> {
    let kind = tarock_games::by_id(&deal.game)
        .ok_or_else(|| StorageError::Invalid(format!("no game {:?}", deal.game)))?;
    let rules: serde_json::Value = serde_json::from_str(&deal.rules)
        .map_err(|e| StorageError::Invalid(format!("deal rules are not JSON: {e}")))?;
    if deal.number == 0 || deal.factor == 0 {
        return Err(StorageError::Invalid(
            "deal numbers and factors start at 1".into(),
        ));
    }
    let stored = tarock_game_core::StoredDeal {
        rules: &rules,
        first: deal.forehand,
        piles: &deal.hands,
        factor: deal.factor,
        carry,
        actions: &[],
    };
    kind.read_stored(&stored)
        .map_err(|e| StorageError::Invalid(format!("deal cannot be stored: {e}")))?;
    Ok(())
}

impl Tx {
    /// Stores a newly dealt deal in record form as the table's current one,
    /// without the seed it was shuffled from (tools, imported records and
    /// databases as older versions wrote them; the table service starts
    /// rounds with [`Tx::start_round`]).
    ///
    /// # Errors
    /// [`StorageError::Invalid`] for an unknown game, rules that are not
    /// JSON, deal number or factor 0, or rules, first seat and piles its
    /// game does not read as a deal; [`StorageError::Conflict`]-free: a
    /// second deal with the same number fails with the database's
    /// unique-key error.
    pub async fn start_deal(&mut self, deal: &NewDeal) -> Result<DealId, StorageError> {
        self.insert_deal(deal, None, None).await
    }

    /// Stores a newly dealt deal as the table's current one together with
    /// the secret 256-bit seed its hands were shuffled from, in one row:
    /// the seed is durable before any hand can be sent. Read it back only
    /// with [`Store::shuffle_seed`]; no other read returns it.
    ///
    /// # Errors
    /// As [`Tx::start_deal`].
    pub async fn start_seeded_deal(
        &mut self,
        deal: &NewDeal,
        seed: &[u8; 32],
    ) -> Result<DealId, StorageError> {
        self.insert_deal(deal, Some(hex(seed)), None).await
    }

    /// [`Tx::start_seeded_deal`] for a deal started with `carry`, what the
    /// deals before it carried on (the double round, as
    /// `tarock_game_core::Game::carry` writes it), kept with the deal.
    ///
    /// # Errors
    /// As [`Tx::start_deal`].
    pub async fn start_carried_deal(
        &mut self,
        deal: &NewDeal,
        seed: &[u8; 32],
        carry: &str,
    ) -> Result<DealId, StorageError> {
        self.insert_deal(deal, Some(hex(seed)), Some(carry)).await
    }

    async fn insert_deal(
        &mut self,
        deal: &NewDeal,
        seed: Option<String>,
        carry: Option<&str>,
    ) -> Result<DealId, StorageError> {
        check_new_deal(deal, carry)?;
        let hands = serde_json::to_string(&deal.hands).expect("strings serialize");
        let id: i64 = sqlx::query_scalar(sql::INSERT_DEAL)
            .bind(deal.table.0)
            .bind(deal.number as i32)
            .bind(seat_value(deal.forehand))
            .bind(hands)
            .bind(&deal.rules)
            .bind(deal.factor as i32)
            .bind(deal.started_ms)
            .bind(seed)
            .bind(&deal.game)
            .bind(carry.map(str::to_owned))
            .bind(None::<i32>)
            .fetch_one(self.conn().await?)
            .await?;
        Ok(DealId(id))
    }

    /// Stores a new round of any game as the table's current one, with the
    /// secret seed its decks are shuffled from ([`SeededRound`]): durable
    /// before any card is shown. Its events are appended with
    /// [`Tx::append_token`].
    ///
    /// # Errors
    /// [`StorageError::Invalid`] for an unknown game, rules that are not
    /// JSON, or round number 0; the database's error (a second round with
    /// the same number fails on the unique key).
    pub async fn start_round(
        &mut self,
        round: &NewRound,
        seed: &[u8; 32],
    ) -> Result<DealId, StorageError> {
        self.start_round_carrying(round, seed, None).await
    }

    /// [`Tx::start_round`] for a round started with `carry`, what the round
    /// before it carried on ([`tarock_game_core::DynGame::carry`]), kept with
    /// the round so that it replays to the same state.
    ///
    /// # Errors
    /// As [`Tx::start_round`].
    pub async fn start_round_carrying(
        &mut self,
        round: &NewRound,
        seed: &[u8; 32],
        carry: Option<&str>,
    ) -> Result<DealId, StorageError> {
        if tarock_games::by_id(&round.game).is_none() {
            return Err(StorageError::Invalid(format!(
                "not a game stored by seed: {:?}",
                round.game
            )));
        }
        if serde_json::from_str::<serde_json::Value>(&round.rules).is_err() || round.number == 0 {
            return Err(StorageError::Invalid(format!(
                "round {} cannot be stored with rules {}",
                round.number, round.rules
            )));
        }
        let id: i64 = sqlx::query_scalar(sql::INSERT_DEAL)
            .bind(round.table.0)
            .bind(round.number as i32)
            .bind(seat_value(round.first))
            .bind("[]")
            .bind(&round.rules)
            .bind(1i32)
            .bind(round.started_ms)
            .bind(Some(hex(seed)))
            .bind(&round.game)
            .bind(carry.map(str::to_owned))
            .bind(Some(0i32))
            .fetch_one(self.conn().await?)
            .await?;
        Ok(DealId(id))
    }

    /// Marks that a deal stored in record form goes on in tokens from event
    /// `seq` on (a deal of an older table path continued by the one path);
    /// its earlier events keep their record form and their steps. Does
    /// nothing to a deal that already has tokens.
    ///
    /// # Errors
    /// The database's error.
    pub async fn continue_in_tokens(&mut self, deal: DealId, seq: u32) -> Result<(), StorageError> {
        sqlx::query(sql::CONTINUE_IN_TOKENS)
            .bind(deal.0)
            .bind(i64::from(seq))
            .execute(self.conn().await?)
            .await?;
        Ok(())
    }

    /// Appends one accepted action to a deal's log. The event's `seq` must be
    /// the deal's next sequence number.
    ///
    /// # Errors
    /// [`StorageError::Conflict`] when another writer has taken `seq`
    /// (nothing is written, and the transaction should be dropped);
    /// [`StorageError::OutOfOrder`] when `seq` skips ahead;
    /// [`StorageError::Invalid`] when the action cannot be a record action
    /// (empty, surrounding whitespace, a control character; whether it is
    /// legal, the replay finds out on loading) or the deal is not active;
    /// [`StorageError::NotFound`].
    pub async fn append_event(&mut self, deal: DealId, event: &Event) -> Result<(), StorageError> {
        check_record_action(event)?;
        self.write_queued().await?;
        self.insert_events(deal, std::slice::from_ref(event)).await
    }

    /// Appends one accepted action of a round of another game
    /// ([`Tx::start_round`]); `event.action` is the game's action token.
    ///
    /// # Errors
    /// As [`Tx::append_event`]; [`StorageError::Invalid`] when the action
    /// is not a well-formed token.
    pub async fn append_token(&mut self, deal: DealId, event: &Event) -> Result<(), StorageError> {
        check_token(event)?;
        self.write_queued().await?;
        self.insert_events(deal, std::slice::from_ref(event)).await
    }

    /// [`Tx::append_event`], written together with the other queued steps
    /// by this transaction's next statement or its commit: a command that
    /// appends several steps (a move and the computers' answers) costs one
    /// statement instead of one per step. A step that cannot be a record
    /// action (as [`Tx::append_event`] checks), or does not follow the
    /// queued one before it, is refused at once; a conflict with another writer or a deal that is not active is
    /// reported by that next statement or commit, which then fails.
    ///
    /// # Errors
    /// [`StorageError::Invalid`], [`StorageError::OutOfOrder`] as above.
    pub fn queue_event(&mut self, deal: DealId, event: &Event) -> Result<(), StorageError> {
        check_record_action(event)?;
        self.queue(deal, event)
    }

    /// [`Tx::append_token`], queued like [`Tx::queue_event`].
    ///
    /// # Errors
    /// As [`Tx::queue_event`]; [`StorageError::Invalid`] when the action
    /// is not a well-formed token.
    pub fn queue_token(&mut self, deal: DealId, event: &Event) -> Result<(), StorageError> {
        check_token(event)?;
        self.queue(deal, event)
    }

    fn queue(&mut self, deal: DealId, event: &Event) -> Result<(), StorageError> {
        if let Some((last_deal, last)) = self.queued.last()
            && *last_deal == deal
            && event.seq != last.seq + 1
        {
            return Err(StorageError::OutOfOrder {
                deal,
                seq: event.seq,
                expected: last.seq + 1,
            });
        }
        self.queued.push((deal, event.clone()));
        Ok(())
    }

    /// Writes the queued steps, one statement per run of one deal's steps.
    pub(crate) async fn write_queued(&mut self) -> Result<(), StorageError> {
        let queued = std::mem::take(&mut self.queued);
        for run in queued.chunk_by(|(a, _), (b, _)| a == b) {
            let deal = run[0].0;
            let events: Vec<Event> = run.iter().map(|(_, e)| e.clone()).collect();
            for chunk in events.chunks(EVENTS_PER_STATEMENT) {
                self.insert_events(deal, chunk).await?;
            }
        }
        Ok(())
    }

    /// Inserts consecutive steps of one deal, if the deal is active and the
    /// first of them is its next step; otherwise finds out why not.
    async fn insert_events(&mut self, deal: DealId, events: &[Event]) -> Result<(), StorageError> {
        let first = events[0].seq;
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql::append_events(events.len())))
            .bind(deal.0)
            .bind(i64::from(first));
        for event in events {
            query = query
                .bind(i64::from(event.seq))
                .bind(seat_value(event.seat))
                .bind(event.action.clone())
                .bind(event.at_ms)
                .bind(i32::from(event.by_computer));
        }
        let inserted = query.execute(&mut *self.tx).await.map_err(|e| {
            if is_unique_violation(&e) {
                StorageError::Conflict { deal, seq: first }
            } else {
                e.into()
            }
        })?;
        if inserted.rows_affected() == events.len() as u64 {
            return Ok(());
        }
        let row = sqlx::query(sql::DEAL_STATUS_AND_NEXT_SEQ)
            .bind(deal.0)
            .fetch_optional(&mut *self.tx)
            .await?
            .ok_or_else(|| StorageError::NotFound(format!("deal {deal}")))?;
        let status: DealStatus = parse(&row, "deals", "status")?;
        let expected = count(&row, "deals", "next_seq")?;
        Err(if status != DealStatus::Active {
            StorageError::Invalid(format!("deal {deal} is {status}, not active"))
        } else if first < expected {
            StorageError::Conflict { deal, seq: first }
        } else {
            StorageError::OutOfOrder {
                deal,
                seq: first,
                expected,
            }
        })
    }

    /// Ends a deal (finished, redeal or abandoned).
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; the database's error.
    pub async fn finish_deal(
        &mut self,
        deal: DealId,
        status: DealStatus,
        now_ms: i64,
    ) -> Result<(), StorageError> {
        let done = sqlx::query(sql::FINISH_DEAL)
            .bind(deal.0)
            .bind(status.as_str())
            .bind(now_ms)
            .execute(self.conn().await?)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StorageError::NotFound(format!("deal {deal}")));
        }
        Ok(())
    }

    /// Locks the table like [`Tx::lock_table`] and reads it with its seats
    /// and replayed current deal, in as few round trips as the database
    /// allows (SQLite's write transaction already holds the whole file).
    ///
    /// # Errors
    /// As [`Store::load_table`].
    pub async fn lock_and_load_table(
        &mut self,
        id: TableId,
    ) -> Result<Option<LoadedTable>, StorageError> {
        // PostgreSQL locks the row as it reads it.
        let table_sql = match self.backend {
            crate::Backend::Postgres => sql::LOCK_TABLE,
            crate::Backend::Sqlite => sql::TABLE_BY_ID,
        };
        load_table_by(self.conn().await?, table_sql, id).await
    }

    /// The table with its seats and replayed current deal, read inside this
    /// transaction (after [`Tx::lock_table`], nobody else can change it).
    ///
    /// # Errors
    /// As [`Store::load_table`].
    pub async fn load_table(&mut self, id: TableId) -> Result<Option<LoadedTable>, StorageError> {
        load_table(self.conn().await?, id).await
    }
}

impl Store {
    /// The table with its seats and its latest deal, replayed through the
    /// engine.
    ///
    /// # Errors
    /// [`StorageError::Corrupt`] naming the table, deal and event when the
    /// stored deal does not read or replay; the database's error.
    pub async fn load_table(&self, id: TableId) -> Result<Option<LoadedTable>, StorageError> {
        load_table(&mut *self.conn().await?, id).await
    }

    /// One deal with its log, replayed.
    ///
    /// # Errors
    /// As [`Store::load_table`].
    pub async fn load_deal(&self, id: DealId) -> Result<Option<LoadedDeal>, StorageError> {
        load_deal(&mut *self.conn().await?, id).await
    }

    /// The secret seed deal `id` was shuffled from, if it was stored with
    /// one ([`Tx::start_seeded_deal`]). As secret as the hands while the
    /// deal is played: for checking a deal against its seed, never for a
    /// message, an export or a log line.
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; [`StorageError::Corrupt`] when the stored
    /// seed is not 64 hexadecimal digits.
    pub async fn shuffle_seed(&self, id: DealId) -> Result<Option<[u8; 32]>, StorageError> {
        seed_of(&mut *self.conn().await?, id).await
    }

    /// The record of a deal of any game as one line of JSON, in the game's
    /// own format (chosen by its `format` field on reading), as the game
    /// writes it after the deal is replayed: from its seed and tokens, or
    /// (a deal stored in record form) from its piles and record actions.
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; [`StorageError::Corrupt`] for a deal that
    /// does not replay (as [`Store::load_deal`]); [`StorageError::Invalid`]
    /// for a round stopped in the middle of a turn its format writes as one
    /// entry (a bidding or announcement turn of several words).
    pub async fn record_text(&self, id: DealId) -> Result<String, StorageError> {
        let mut conn = self.conn().await?;
        let loaded = load_deal(&mut conn, id)
            .await?
            .ok_or_else(|| StorageError::NotFound(format!("deal {id}")))?;
        loaded
            .round
            .and_then(|r| r.round().to_record())
            .ok_or_else(|| {
                StorageError::Invalid(format!(
                    "deal {id} stopped in the middle of a turn its record writes as one entry"
                ))
            })
    }

    /// Every deal of a table, in order, without events.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn deals_of(&self, table: TableId) -> Result<Vec<DealRow>, StorageError> {
        let rows = sqlx::query(sql::DEALS_OF_TABLE)
            .bind(table.0)
            .fetch_all(&mut *self.conn().await?)
            .await?;
        rows.iter().map(deal_from_row).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_stored_as_64_hex_digits_and_read_back() {
        let mut seed = [0u8; 32];
        for (i, b) in seed.iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(37) ^ 0xA5;
        }
        let text = hex(&seed);
        assert_eq!(text.len(), 64);
        assert!(text.starts_with("a580"), "{text}");
        assert_eq!(unhex(&text), Some(seed));
        assert_eq!(unhex(&text.to_uppercase()), Some(seed));
        for bad in [
            "",
            "00",
            &text[..62],
            &format!("{}zz", &text[..62]),
            &format!("+{}", &text[1..]),
        ] {
            assert_eq!(unhex(bad), None, "{bad:?}");
        }
    }
}
