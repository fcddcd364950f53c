//! Settlements and the balance ledger. A table's balances are the ledger's
//! sums, kept per participant (`table_balances`) by the transaction that
//! writes the ledger rows, so that reading them costs the same on a table's
//! first deal and its ten-thousandth.

use sqlx::AnyConnection;
use sqlx::any::AnyRow;
use tarock_game_core::Seat;

use crate::error::StorageError;
use crate::model::{Balance, DealId, DealStatus, Occupant, Participant, PlayerId, TableId};
use crate::row::{count, get, parse, seat, seat_value};
use crate::sql;
use crate::store::{Store, Tx};
use crate::table::{occupant, occupant_columns};

/// The result of a deal to write to the ledger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSettlement {
    /// The change per seat in units (seat 0 first), one per seat of the
    /// table; must sum to zero.
    pub changes: Vec<i64>,
    /// The itemized breakdown as the table service shows it (JSON), e.g. the
    /// engine's `Settlement` serialized.
    pub breakdown: String,
    /// When the deal was settled.
    pub settled_ms: i64,
    /// A seat that did not play this deal (the dealer of a Königrufen
    /// table of five): its change must be 0, and it gets no ledger row, so
    /// it counts in no balance or statistic of the deal.
    pub sitting_out: Option<Seat>,
}

/// A stored settlement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettlementRow {
    /// The deal.
    pub deal: DealId,
    /// The table.
    pub table: TableId,
    /// The breakdown (JSON), as written.
    pub breakdown: String,
    /// The stake per unit in force, in cents.
    pub stake_cents: i64,
    /// When it was settled.
    pub settled_ms: i64,
    /// Each seat's occupant then and change in units, seat 0 first.
    pub seats: Vec<(Seat, Occupant, i64)>,
}

fn balance_from_row(row: &AnyRow) -> Result<Balance, StorageError> {
    let participant = match occupant(row, "ledger")? {
        Occupant::Player(id) => Participant::Player(id),
        Occupant::Computer(level) => Participant::Computer {
            seat: seat(row, "ledger", "seat_no")?,
            level,
        },
    };
    Ok(Balance {
        participant,
        units: get(row, "ledger", "units")?,
        cents: get(row, "ledger", "cents")?,
        deals: count(row, "ledger", "deals")?,
    })
}

/// Balances per participant: a player over all seats, a computer per seat.
async fn table_balances(
    conn: &mut AnyConnection,
    table: TableId,
) -> Result<Vec<Balance>, StorageError> {
    let rows = sqlx::query(sql::TABLE_BALANCES)
        .bind(table.0)
        .fetch_all(conn)
        .await?;
    rows.iter().map(balance_from_row).collect()
}

impl Tx {
    /// [`Store::table_balances`], read inside this transaction (so it
    /// includes a settlement just written).
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn table_balances(&mut self, table: TableId) -> Result<Vec<Balance>, StorageError> {
        table_balances(self.conn().await?, table).await
    }

    /// The rules (JSON) and settlement breakdown (JSON) of every settled deal
    /// of a table, in deal order. Its cost grows with the table's history:
    /// only to compute once what [`Tx::round_state`] or [`Tx::seat_scores`]
    /// does not hold yet (a table settled before they were kept).
    ///
    /// # Errors
    /// The database's error.
    pub async fn settled_deals(
        &mut self,
        table: TableId,
    ) -> Result<Vec<(String, String)>, StorageError> {
        Ok(sqlx::query_as(sql::SETTLED_DEALS)
            .bind(table.0)
            .fetch_all(self.conn().await?)
            .await?)
    }

    /// What the table's game carries from its settled deals to the next
    /// one (JSON, as [`Tx::set_round_state`] wrote it; storage does not read
    /// inside it), by primary key; `None` until it was first kept (a table
    /// settled before migration 0011 keeps nothing yet).
    ///
    /// # Errors
    /// [`StorageError::NotFound`] for an unknown table; the database's error.
    pub async fn round_state(&mut self, table: TableId) -> Result<Option<String>, StorageError> {
        let row = sqlx::query(sql::ROUND_STATE_OF_TABLE)
            .bind(table.0)
            .fetch_optional(self.conn().await?)
            .await?
            .ok_or_else(|| StorageError::NotFound(format!("table {table}")))?;
        get(&row, "tables", "round_state")
    }

    /// Keeps what the table's game carries to its next deal, in the
    /// settlement's transaction.
    ///
    /// # Errors
    /// The database's error.
    pub async fn set_round_state(
        &mut self,
        table: TableId,
        state: &str,
    ) -> Result<(), StorageError> {
        sqlx::query(sql::SET_ROUND_STATE)
            .bind(table.0)
            .bind(state)
            .execute(self.conn().await?)
            .await?;
        Ok(())
    }

    /// Each seat's running score at the table (seat 0 first; a cup's
    /// Schrift) as [`Tx::set_seat_scores`] kept it, by the primary key;
    /// `None` while nothing is kept (a new table, or one settled before
    /// migration 0013 and not since).
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn seat_scores(&mut self, table: TableId) -> Result<Option<Vec<i64>>, StorageError> {
        let rows = sqlx::query(sql::SEAT_SCORES)
            .bind(table.0)
            .fetch_all(self.conn().await?)
            .await?;
        if rows.is_empty() {
            return Ok(None);
        }
        let mut scores = Vec::new();
        for row in &rows {
            let at = seat(row, "seat_scores", "seat")?.index();
            if scores.len() <= at {
                scores.resize(at + 1, 0);
            }
            scores[at] = get(row, "seat_scores", "score")?;
        }
        Ok(Some(scores))
    }

    /// Keeps each seat's running score at the table (seat 0 first), in the
    /// settlement's transaction.
    ///
    /// # Errors
    /// The database's error.
    pub async fn set_seat_scores(
        &mut self,
        table: TableId,
        scores: &[i64],
    ) -> Result<(), StorageError> {
        self.write_seat_scores(false, table, scores).await
    }

    /// Keeps the running scores a reader computed from the settled deals,
    /// unless a settlement kept them meanwhile (which wins: it counts its
    /// own deal too).
    ///
    /// # Errors
    /// The database's error.
    pub async fn set_seat_scores_if_none(
        &mut self,
        table: TableId,
        scores: &[i64],
    ) -> Result<(), StorageError> {
        self.write_seat_scores(true, table, scores).await
    }

    async fn write_seat_scores(
        &mut self,
        only_if_none: bool,
        table: TableId,
        scores: &[i64],
    ) -> Result<(), StorageError> {
        if scores.is_empty() {
            return Ok(());
        }
        let statement = if only_if_none {
            sql::set_seat_scores_if_none(scores.len())
        } else {
            sql::set_seat_scores(scores.len())
        };
        let mut query = sqlx::query(sqlx::AssertSqlSafe(statement)).bind(table.0);
        for (at, score) in scores.iter().enumerate() {
            let at = u8::try_from(at)
                .map_err(|_| StorageError::Invalid(format!("{} seats", scores.len())))?;
            query = query.bind(seat_value(Seat::new(at))).bind(*score);
        }
        query.execute(self.conn().await?).await?;
        Ok(())
    }

    /// Settles an active deal: the settlement row, one ledger row per seat
    /// (each seat's occupant now, at the table's stake now) added to its
    /// participant's kept balance and statistics (under no contract and
    /// side until [`Tx::record_sides`]), the deal marked finished and the
    /// table's deadline removed.
    ///
    /// # Errors
    /// [`StorageError::Invalid`] when the changes do not sum to zero, the deal
    /// is not active or a seat is empty; [`StorageError::NotFound`].
    pub async fn settle(
        &mut self,
        deal: DealId,
        settlement: &NewSettlement,
    ) -> Result<(), StorageError> {
        if settlement.changes.iter().sum::<i64>() != 0 {
            return Err(StorageError::Invalid(format!(
                "deal {deal}: changes {:?} do not sum to zero",
                settlement.changes
            )));
        }
        let row = sqlx::query(sql::DEAL_FOR_SETTLING)
            .bind(deal.0)
            .fetch_optional(self.conn().await?)
            .await?
            .ok_or_else(|| StorageError::NotFound(format!("deal {deal}")))?;
        let table = TableId(get(&row, "deals", "table_id")?);
        let status: DealStatus = parse(&row, "deals", "status")?;
        let stake: i64 = get(&row, "tables", "stake_cents")?;
        let seat_count: i64 = get(&row, "tables", "seat_count")?;
        if status != DealStatus::Active {
            return Err(StorageError::Invalid(format!(
                "deal {deal} is {status}, not active"
            )));
        }
        if settlement.changes.len() as i64 != seat_count {
            return Err(StorageError::Invalid(format!(
                "deal {deal}: {} changes for {seat_count} seats",
                settlement.changes.len()
            )));
        }
        let seats = self.seats(table).await?;
        if seats.len() as i64 != seat_count {
            return Err(StorageError::Invalid(format!(
                "deal {deal}: only {} of {seat_count} seats are occupied",
                seats.len()
            )));
        }
        sqlx::query(sql::INSERT_SETTLEMENT)
            .bind(deal.0)
            .bind(table.0)
            .bind(&settlement.breakdown)
            .bind(stake)
            .bind(settlement.settled_ms)
            .execute(self.conn().await?)
            .await?;
        if let Some(seat) = settlement.sitting_out
            && settlement.changes.get(seat.index()) != Some(&0)
        {
            return Err(StorageError::Invalid(format!(
                "deal {deal}: seat {seat} sat out and cannot score"
            )));
        }
        for seat_row in seats
            .iter()
            .filter(|r| Some(r.seat) != settlement.sitting_out)
        {
            let units = settlement.changes[seat_row.seat.index()];
            let (player, computer) = occupant_columns(&seat_row.occupant);
            sqlx::query(sql::INSERT_LEDGER_ROW)
                .bind(deal.0)
                .bind(seat_value(seat_row.seat))
                .bind(table.0)
                .bind(player)
                .bind(computer)
                .bind(units)
                .bind(units * stake)
                .execute(self.conn().await?)
                .await?;
            let (player_key, computer, slot) = match &seat_row.occupant {
                Occupant::Player(id) => (id.0, "", -1),
                Occupant::Computer(level) => (0, level.as_str(), seat_value(seat_row.seat)),
            };
            sqlx::query(sql::ADD_TO_TABLE_BALANCE)
                .bind(table.0)
                .bind(player_key)
                .bind(computer)
                .bind(slot)
                .bind(seat_value(seat_row.seat))
                .bind(units)
                .bind(units * stake)
                .bind(i64::from(units > 0))
                .bind(i64::from(units < 0))
                .execute(self.conn().await?)
                .await?;
        }
        // Counted under no contract and side until `record_sides` moves it.
        sqlx::query(sql::ADD_DEAL_TO_CONTRACT_STATS)
            .bind(deal.0)
            .bind(1i64)
            .execute(self.conn().await?)
            .await?;
        self.finish_deal(deal, DealStatus::Finished, settlement.settled_ms)
            .await?;
        self.clear_deadline(table).await?;
        Ok(())
    }
}

/// One settled deal of a table's history, as `/verlauf` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryLine {
    /// The deal.
    pub deal: DealId,
    /// Its number at the table.
    pub number: u32,
    /// The game's id.
    pub game: String,
    /// When it was settled.
    pub settled_ms: i64,
    /// Each seat's occupant then and change in units, seat 0 first.
    pub units: Vec<(Seat, Occupant, i64)>,
}

impl Store {
    /// The latest `limit` settled deals of a table, newest first, with each
    /// seat's change: one query, bounded by `limit`.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn table_history(
        &self,
        table: TableId,
        limit: u32,
    ) -> Result<Vec<HistoryLine>, StorageError> {
        let rows = sqlx::query(sql::RECENT_SETTLEMENTS)
            .bind(table.0)
            .bind(i64::from(limit))
            .fetch_all(&mut *self.conn().await?)
            .await?;
        let mut out: Vec<HistoryLine> = Vec::new();
        for row in &rows {
            let deal = DealId(get(row, "settlements", "deal_id")?);
            let at = match out.iter().position(|line| line.deal == deal) {
                Some(at) => at,
                None => {
                    out.push(HistoryLine {
                        deal,
                        number: count(row, "deals", "number")?,
                        game: get(row, "deals", "game")?,
                        settled_ms: get(row, "settlements", "settled_ms")?,
                        units: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            let ledger_seat: Option<i64> = get(row, "ledger", "seat")?;
            if ledger_seat.is_some() {
                out[at].units.push((
                    seat(row, "ledger", "seat")?,
                    occupant(row, "ledger")?,
                    get(row, "ledger", "units")?,
                ));
            }
        }
        out.sort_by_key(|line| std::cmp::Reverse(line.deal.0));
        for line in &mut out {
            line.units.sort_by_key(|(seat, _, _)| seat.index());
        }
        Ok(out)
    }

    /// The stored settlement of a deal.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn settlement(&self, deal: DealId) -> Result<Option<SettlementRow>, StorageError> {
        let mut conn = self.conn().await?;
        let Some(row) = sqlx::query(sql::SETTLEMENT_OF_DEAL)
            .bind(deal.0)
            .fetch_optional(&mut *conn)
            .await?
        else {
            return Ok(None);
        };
        let rows = sqlx::query(sql::LEDGER_OF_DEAL)
            .bind(deal.0)
            .fetch_all(&mut *conn)
            .await?;
        let seats = rows
            .iter()
            .map(|r| {
                Ok((
                    seat(r, "ledger", "seat")?,
                    occupant(r, "ledger")?,
                    get(r, "ledger", "units")?,
                ))
            })
            .collect::<Result<_, StorageError>>()?;
        Ok(Some(SettlementRow {
            deal,
            table: TableId(get(&row, "settlements", "table_id")?),
            breakdown: get(&row, "settlements", "breakdown")?,
            stake_cents: get(&row, "settlements", "stake_cents")?,
            settled_ms: get(&row, "settlements", "settled_ms")?,
            seats,
        }))
    }

    /// The running balance at one table of everyone who has played there,
    /// highest first: each player, and each computer seat (see
    /// [`Participant`]).
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn table_balances(&self, table: TableId) -> Result<Vec<Balance>, StorageError> {
        table_balances(&mut *self.conn().await?, table).await
    }

    /// A player's balance over every table they played at: the sum of their
    /// kept balances, one row per table.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn player_balance(&self, player: PlayerId) -> Result<Balance, StorageError> {
        let row = sqlx::query(sql::PLAYER_BALANCE)
            .bind(player.0)
            .fetch_one(&mut *self.conn().await?)
            .await?;
        Ok(Balance {
            participant: Participant::Player(player),
            units: get(&row, "ledger", "units")?,
            cents: get(&row, "ledger", "cents")?,
            deals: count(&row, "ledger", "deals")?,
        })
    }
}
