//! What a deal keeps to prove it fair: the commitment published before it
//! (public from the start) and the salt that, with the shuffle seed, is
//! revealed once it ends (secret until then). Game-neutral: 32-byte values
//! stored as 64 hexadecimal digits; which game hashed what is the table
//! service's business.

use sqlx::any::AnyRow;

use crate::deal::{hex, unhex};
use crate::error::StorageError;
use crate::model::{DealId, DealRow, DealStatus, TableId};
use crate::row::{get, parse};
use crate::sql;
use crate::store::{Store, Tx};

/// A deal's secrets: the seed its shuffle was keyed with and the salt of
/// its commitment. As secret as the hands while the deal is played; its
/// `Debug` shows neither.
#[derive(Clone, PartialEq, Eq)]
pub struct DealSecrets {
    /// The 256-bit shuffle seed.
    pub seed: [u8; 32],
    /// The 256-bit salt.
    pub salt: [u8; 32],
}

impl std::fmt::Debug for DealSecrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DealSecrets(<secret>)")
    }
}

/// A deal with what proves it fair, as [`Store::deal_proof`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealProof {
    /// The deal (its hands, status and commitment).
    pub deal: DealRow,
    /// Seed and salt: only once the deal has ended (finished, redealt or
    /// abandoned), and only when it was dealt with both.
    pub revealed: Option<DealSecrets>,
}

/// 64 hexadecimal digits of column `column`, or `None` when NULL.
fn bytes_of(
    row: &AnyRow,
    column: &str,
    table: TableId,
    deal: DealId,
) -> Result<Option<[u8; 32]>, StorageError> {
    let text: Option<String> = get(row, "deals", column)?;
    text.map(|t| {
        unhex(&t).ok_or_else(|| StorageError::Corrupt {
            table,
            deal: Some(deal),
            detail: format!("the stored {column} is not 64 hexadecimal digits"),
        })
    })
    .transpose()
}

/// The `fair_commitment` column of a deal row.
pub(crate) fn commitment_of(
    row: &AnyRow,
    table: TableId,
    deal: DealId,
) -> Result<Option<[u8; 32]>, StorageError> {
    bytes_of(row, "fair_commitment", table, deal)
}

/// Reads the status and secrets of deal `id`.
async fn secrets(
    conn: &mut sqlx::AnyConnection,
    id: DealId,
) -> Result<(DealStatus, Option<DealSecrets>), StorageError> {
    let row = sqlx::query(sql::DEAL_REVEAL)
        .bind(id.0)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| StorageError::NotFound(format!("deal {id}")))?;
    let table = TableId(get(&row, "deals", "table_id")?);
    let status: DealStatus = parse(&row, "deals", "status")?;
    let seed = bytes_of(&row, "shuffle_seed", table, id)?;
    let salt = bytes_of(&row, "fair_salt", table, id)?;
    Ok((
        status,
        seed.zip(salt)
            .map(|(seed, salt)| DealSecrets { seed, salt }),
    ))
}

impl Tx {
    /// Stores the commitment and salt of a deal just stored with its seed
    /// ([`Tx::start_seeded_deal`]), in the same transaction: the
    /// commitment is durable before any hand can be sent. A deal's
    /// commitment is written once.
    ///
    /// # Errors
    /// [`StorageError::Invalid`] when the deal does not exist or already
    /// has a commitment; the database's error.
    pub async fn commit_fair_deal(
        &mut self,
        deal: DealId,
        commitment: &[u8; 32],
        salt: &[u8; 32],
    ) -> Result<(), StorageError> {
        let done = sqlx::query(sql::SET_FAIR_COMMITMENT)
            .bind(deal.0)
            .bind(hex(commitment))
            .bind(hex(salt))
            .execute(self.conn().await?)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StorageError::Invalid(format!(
                "deal {deal} is unknown or already has a commitment"
            )));
        }
        Ok(())
    }

    /// Stores the commitment and salt of a round just started, with the
    /// dealt piles the commitment covers ([`tarock_game_core::DynGame::dealt_piles`]:
    /// each seat's hand, or the game's record as dealt, as the game writes them)
    /// in the deal's `hands`, so that a proof names them as a deal stored
    /// in record form always did.
    ///
    /// # Errors
    /// [`StorageError::Invalid`] when the deal does not exist or already
    /// has a commitment; the database's error.
    pub async fn commit_fair_round(
        &mut self,
        deal: DealId,
        commitment: &[u8; 32],
        salt: &[u8; 32],
        piles: &[String],
    ) -> Result<(), StorageError> {
        let piles = serde_json::to_string(piles).expect("strings serialize");
        let done = sqlx::query(sql::SET_FAIR_ROUND)
            .bind(deal.0)
            .bind(hex(commitment))
            .bind(hex(salt))
            .bind(piles)
            .execute(self.conn().await?)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StorageError::Invalid(format!(
                "deal {deal} is unknown or already has a commitment"
            )));
        }
        Ok(())
    }

    /// The seed and salt of a deal, read inside this transaction, for the
    /// settlement that reveals them as the deal ends. `None` when the deal
    /// was stored without them.
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; [`StorageError::Corrupt`] when a stored
    /// value is not 64 hexadecimal digits.
    pub async fn deal_secrets(
        &mut self,
        deal: DealId,
    ) -> Result<Option<DealSecrets>, StorageError> {
        Ok(secrets(self.conn().await?, deal).await?.1)
    }
}

impl Store {
    /// Deal `id` with its commitment and, once it has ended, its seed and
    /// salt: what `tarock verify` checks. While the deal is played the
    /// secrets stay out ([`DealProof::revealed`] is `None`).
    ///
    /// # Errors
    /// [`StorageError::NotFound`]; [`StorageError::Corrupt`] for unreadable
    /// values.
    pub async fn deal_proof(&self, id: DealId) -> Result<DealProof, StorageError> {
        let mut conn = self.conn().await?;
        let deal = crate::deal::deal_row(&mut conn, id)
            .await?
            .ok_or_else(|| StorageError::NotFound(format!("deal {id}")))?;
        let (status, secrets) = secrets(&mut conn, id).await?;
        let revealed = secrets.filter(|_| status != DealStatus::Active);
        Ok(DealProof { deal, revealed })
    }
}
