//! Statistics groundwork (issue 18, item 3): each settled Zwanzigerrufen
//! deal is marked, in the settling transaction, with its contract (the
//! record's word: `rufer`, `farbensolo`, `solo`) and the seats that played
//! on the declaring side, so that the store's statistics
//! ([`tarock_storage::Store::chat_leaderboard`],
//! [`tarock_storage::Store::player_stats`],
//! [`tarock_storage::Store::player_contracts`]) count by side and contract.

use tarock_storage::{DealId, StorageError, Tx};
use tarock_zwanzigerrufen::Facts;
pub use tarock_zwanzigerrufen_face::declarer_mask;

/// Marks settled deal `deal` with its contract and sides.
pub(crate) async fn record_sides(
    tx: &mut Tx,
    deal: DealId,
    facts: &Facts,
) -> Result<(), StorageError> {
    tx.record_sides(deal, facts.kind.word(), declarer_mask(facts))
        .await
}
