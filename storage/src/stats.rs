//! Statistics: per person (at one chat's tables or everywhere) the deals
//! played, won and lost, as declarer and as opponent, by contract, and the
//! units and money; a chat's leaderboard. Every figure is a sum of ledger
//! rows, kept per table and participant (`table_balances`) and per table,
//! person, contract and side (`contract_stats`) by the settlement's
//! transaction, so that a reader sums one row per table instead of one per
//! deal ever played (issue 31).
//!
//! A deal counts as won by a seat whose balance rose and lost by one whose
//! balance fell (a deal can pay nothing either way). Which side a seat
//! played and the deal's contract are marked with the settlement
//! ([`Tx::record_sides`]); deals settled before that was kept count under
//! no side and no contract.

use sqlx::any::AnyRow;

use crate::error::StorageError;
use crate::model::{DealId, Occupant, Platform, PlayerId, TableId};
use crate::row::{count, get, seat};
use crate::sql;
use crate::store::{Store, Tx};
use crate::table::occupant;

/// Deals played on one side and how many of them were won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// Deals played on this side.
    pub deals: u32,
    /// Of them, deals won (the balance rose).
    pub won: u32,
}

/// One person's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerStats {
    /// Whose.
    pub player: PlayerId,
    /// Deals settled with the person at the table.
    pub deals: u32,
    /// Deals after which the person's balance rose.
    pub won: u32,
    /// Deals after which it fell.
    pub lost: u32,
    /// As declarer or the declarer's partner.
    pub declarer: SideStats,
    /// As an opponent.
    pub opponent: SideStats,
    /// The sum of the person's changes, in units.
    pub units: i64,
    /// The same in money, in cents (at each table's stake).
    pub cents: i64,
}

/// One line of a chat's leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderboardLine {
    /// Whose.
    pub player: PlayerId,
    /// Deals settled with the person at the chat's tables.
    pub deals: u32,
    /// Deals after which the person's balance rose.
    pub won: u32,
    /// Deals after which it fell.
    pub lost: u32,
    /// The sum of the person's changes, in units.
    pub units: i64,
    /// The same in money, in cents.
    pub cents: i64,
}

/// One person's deals under one contract on one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractStats {
    /// The contract as the game's record names it (`None`: not recorded).
    pub contract: Option<String>,
    /// Whether the person was on the declaring side (`None`: not recorded).
    pub declarer: Option<bool>,
    /// Deals.
    pub deals: u32,
    /// Of them, won.
    pub won: u32,
    /// The sum of the person's changes, in units.
    pub units: i64,
}

fn stats_from_row(row: &AnyRow, player: PlayerId) -> Result<PlayerStats, StorageError> {
    const T: &str = "ledger";
    Ok(PlayerStats {
        player,
        deals: count(row, T, "deals")?,
        won: count_or_zero(row, "won")?,
        lost: count_or_zero(row, "lost")?,
        declarer: SideStats {
            deals: count_or_zero(row, "declarer_deals")?,
            won: count_or_zero(row, "declarer_won")?,
        },
        opponent: SideStats {
            deals: count_or_zero(row, "opponent_deals")?,
            won: count_or_zero(row, "opponent_won")?,
        },
        units: get(row, T, "units")?,
        cents: get(row, T, "cents")?,
    })
}

/// A count that is NULL over no rows.
fn count_or_zero(row: &AnyRow, column: &str) -> Result<u32, StorageError> {
    let n: Option<i64> = get(row, "ledger", column)?;
    u32::try_from(n.unwrap_or(0)).map_err(|_| StorageError::BadRow {
        table: "ledger",
        key: "?".into(),
        detail: format!("column {column}: out of range"),
    })
}

/// Adds `deals` deals worth `units` (negative to take them away) to a
/// person's kept deals at a table under a contract and side (`None`: not
/// recorded).
pub(crate) async fn add_to_contract(
    tx: &mut Tx,
    table: TableId,
    player: PlayerId,
    contract: Option<&str>,
    declarer: Option<bool>,
    deals: i64,
    units: i64,
) -> Result<(), StorageError> {
    sqlx::query(sql::ADD_TO_CONTRACT_STATS)
        .bind(table.0)
        .bind(player.0)
        .bind(contract.unwrap_or(""))
        .bind(declarer.map_or(-1i32, i32::from))
        .bind(deals)
        .bind(if units > 0 { deals } else { 0 })
        .bind(deals * units)
        .execute(tx.conn().await?)
        .await?;
    Ok(())
}

/// The kept side counts of a side (`None`: none) for a deal that changed
/// units by `units`: (declarer deals, declarer won, opponent deals,
/// opponent won), times `times`.
fn side_counts(declarer: Option<bool>, units: i64, times: i64) -> [i64; 4] {
    let won = i64::from(units > 0);
    match declarer {
        Some(true) => [times, times * won, 0, 0],
        Some(false) => [0, 0, times, times * won],
        None => [0; 4],
    }
}

impl Tx {
    /// Marks a just settled deal (after [`Tx::settle`], in the same
    /// transaction) with its contract and the side of each seat: bit `s`
    /// of `declarers` set when seat `s` played on the declaring side. The
    /// kept statistics move the deal from what was recorded before (no
    /// contract and side, after a plain settlement) to these.
    ///
    /// # Errors
    /// [`StorageError::NotFound`] when the deal has no settlement; the
    /// database's error.
    pub async fn record_sides(
        &mut self,
        deal: DealId,
        contract: &str,
        declarers: u32,
    ) -> Result<(), StorageError> {
        let settled = sqlx::query(sql::SETTLEMENT_CONTRACT)
            .bind(deal.0)
            .fetch_optional(self.conn().await?)
            .await?
            .ok_or_else(|| StorageError::NotFound(format!("settlement of deal {deal}")))?;
        let table = TableId(get(&settled, "settlements", "table_id")?);
        let old_contract: Option<String> = get(&settled, "settlements", "contract")?;
        let rows = sqlx::query(sql::LEDGER_SIDES_OF_DEAL)
            .bind(deal.0)
            .fetch_all(self.conn().await?)
            .await?;
        sqlx::query(sql::SET_SETTLEMENT_CONTRACT)
            .bind(deal.0)
            .bind(contract)
            .execute(self.conn().await?)
            .await?;
        sqlx::query(sql::SET_LEDGER_SIDES)
            .bind(deal.0)
            .bind(i64::from(declarers))
            .execute(self.conn().await?)
            .await?;
        for row in &rows {
            let at = seat(row, "ledger", "seat")?;
            let units: i64 = get(row, "ledger", "units")?;
            let old_side: Option<i64> = get(row, "ledger", "declarer")?;
            let old_side = old_side.map(|s| s == 1);
            let new_side = Some((declarers >> at.index()) & 1 == 1);
            if old_side == new_side && old_contract.as_deref() == Some(contract) {
                continue;
            }
            let participant = occupant(row, "ledger")?;
            let (player_key, computer, slot) = match &participant {
                Occupant::Player(id) => (id.0, "", -1),
                Occupant::Computer(level) => (0, level.as_str(), crate::row::seat_value(at)),
            };
            let taken = side_counts(old_side, units, -1);
            let added = side_counts(new_side, units, 1);
            let mut change = sqlx::query(sql::ADD_TO_SIDE_STATS)
                .bind(table.0)
                .bind(player_key)
                .bind(computer)
                .bind(slot);
            for (t, a) in taken.iter().zip(added) {
                change = change.bind(t + a);
            }
            change.execute(self.conn().await?).await?;
            if let Occupant::Player(id) = participant {
                add_to_contract(
                    self,
                    table,
                    id,
                    old_contract.as_deref(),
                    old_side,
                    -1,
                    units,
                )
                .await?;
                add_to_contract(self, table, id, Some(contract), new_side, 1, units).await?;
            }
        }
        Ok(())
    }
}

impl Store {
    /// The people who played at the tables of chat `chat_id`, best balance
    /// (in units) first, at most `limit`: their kept figures at each of the
    /// chat's tables (linked ones with their whole past).
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn chat_leaderboard(
        &self,
        platform: Platform,
        chat_id: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardLine>, StorageError> {
        let rows = sqlx::query(sql::CHAT_LEADERBOARD)
            .bind(platform.as_str())
            .bind(chat_id)
            .bind(i64::from(limit))
            .fetch_all(&mut *self.conn().await?)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(LeaderboardLine {
                    player: PlayerId(get(row, "ledger", "player_id")?),
                    deals: count(row, "ledger", "deals")?,
                    won: count_or_zero(row, "won")?,
                    lost: count_or_zero(row, "lost")?,
                    units: get(row, "ledger", "units")?,
                    cents: get(row, "ledger", "cents")?,
                })
            })
            .collect()
    }

    /// A person's figures at the tables of one chat (`Some((platform,
    /// chat_id))`) or everywhere (`None`); all zero when they never played.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn player_stats(
        &self,
        player: PlayerId,
        chat: Option<(Platform, &str)>,
    ) -> Result<PlayerStats, StorageError> {
        let mut conn = self.conn().await?;
        let row = match chat {
            Some((platform, chat_id)) => {
                sqlx::query(sql::PLAYER_STATS_IN_CHAT)
                    .bind(platform.as_str())
                    .bind(chat_id)
                    .bind(player.0)
                    .fetch_one(&mut *conn)
                    .await?
            }
            None => {
                sqlx::query(sql::PLAYER_STATS)
                    .bind(player.0)
                    .fetch_one(&mut *conn)
                    .await?
            }
        };
        stats_from_row(&row, player)
    }

    /// A person's deals at the tables of one chat by contract and side,
    /// the most played first.
    ///
    /// # Errors
    /// The database's error; unreadable rows.
    pub async fn player_contracts(
        &self,
        player: PlayerId,
        platform: Platform,
        chat_id: &str,
    ) -> Result<Vec<ContractStats>, StorageError> {
        let rows = sqlx::query(sql::PLAYER_CONTRACTS_IN_CHAT)
            .bind(platform.as_str())
            .bind(chat_id)
            .bind(player.0)
            .fetch_all(&mut *self.conn().await?)
            .await?;
        rows.iter()
            .map(|row| {
                let side: Option<i64> = get(row, "ledger", "declarer")?;
                Ok(ContractStats {
                    contract: get(row, "settlements", "contract")?,
                    declarer: side.map(|s| s == 1),
                    deals: count(row, "ledger", "deals")?,
                    won: count_or_zero(row, "won")?,
                    units: get(row, "ledger", "units")?,
                })
            })
            .collect()
    }
}
