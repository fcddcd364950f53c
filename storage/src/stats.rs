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
use crate::model::{DealId, Platform, PlayerId};
use crate::row::{count, get};
use crate::sql;
use crate::store::{Store, Tx};

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

/// Adds (`sign` 1) or takes away (`sign` -1) a settled deal to or from
/// the kept statistics by side and by contract, under what the deal is
/// marked with now.
pub(crate) async fn count_deal(tx: &mut Tx, deal: DealId, sign: i64) -> Result<(), StorageError> {
    sqlx::query(sql::ADD_DEAL_TO_SIDE_STATS)
        .bind(deal.0)
        .bind(sign)
        .execute(tx.conn().await?)
        .await?;
    sqlx::query(sql::ADD_DEAL_TO_CONTRACT_STATS)
        .bind(deal.0)
        .bind(sign)
        .execute(tx.conn().await?)
        .await?;
    Ok(())
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
        // Out of the counts under the old marks, into those of the new.
        count_deal(self, deal, -1).await?;
        let done = sqlx::query(sql::SET_SETTLEMENT_CONTRACT)
            .bind(deal.0)
            .bind(contract)
            .execute(self.conn().await?)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StorageError::NotFound(format!("settlement of deal {deal}")));
        }
        sqlx::query(sql::SET_LEDGER_SIDES)
            .bind(deal.0)
            .bind(i64::from(declarers))
            .execute(self.conn().await?)
            .await?;
        count_deal(self, deal, 1).await
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
