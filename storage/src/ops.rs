//! The table service's two hot operations, each one transaction.

use crate::error::StorageError;
use crate::ledger::NewSettlement;
use crate::model::{Deadline, DealId, Event, NewMessage, Platform, TableId};
use crate::store::{Store, Tx};

/// Everything one accepted action writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppendAction {
    /// The table.
    pub table: TableId,
    /// The deal.
    pub deal: DealId,
    /// The action; `event.seq` is the step it was decided on.
    pub event: Event,
    /// The platform update that carried it, applied at most once.
    pub update: Option<(Platform, String)>,
    /// Messages about it, sent after the commit.
    pub messages: Vec<NewMessage>,
    /// The next seat's deadline, or `None` to clear it.
    pub deadline: Option<Deadline>,
}

/// A finished deal's settlement with its messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettleDeal {
    /// The table.
    pub table: TableId,
    /// The deal.
    pub deal: DealId,
    /// The result.
    pub settlement: NewSettlement,
    /// The settlement messages, sent after the commit.
    pub messages: Vec<NewMessage>,
}

impl Tx {
    /// Writes one action: the update id, the event, its messages and the
    /// next deadline, in this transaction.
    ///
    /// # Errors
    /// As [`Tx::mark_update`] and [`Tx::append_event`]; then drop the
    /// transaction.
    pub async fn append_action(&mut self, action: &AppendAction) -> Result<(), StorageError> {
        if let Some((platform, id)) = &action.update {
            self.mark_update(*platform, id, action.event.at_ms).await?;
        }
        self.append_event(action.deal, &action.event).await?;
        self.enqueue_many(Some(action.table), &action.messages, action.event.at_ms)
            .await?;
        match &action.deadline {
            Some(deadline) => self.set_deadline(deadline).await?,
            None => self.clear_deadline(action.table).await?,
        }
        Ok(())
    }

    /// Settles a deal and queues its messages, in this transaction.
    ///
    /// # Errors
    /// As [`Tx::settle`].
    pub async fn settle_deal(&mut self, settle: &SettleDeal) -> Result<(), StorageError> {
        self.settle(settle.deal, &settle.settlement).await?;
        self.enqueue_many(
            Some(settle.table),
            &settle.messages,
            settle.settlement.settled_ms,
        )
        .await?;
        Ok(())
    }
}

impl Store {
    /// [`Tx::append_action`] in a transaction of its own: all of it is
    /// written, or nothing.
    ///
    /// # Errors
    /// [`StorageError::Conflict`] when the step was taken by another writer,
    /// [`StorageError::DuplicateUpdate`], and the others of
    /// [`Tx::append_event`].
    pub async fn append_action(&self, action: &AppendAction) -> Result<(), StorageError> {
        let mut tx = self.begin().await?;
        tx.append_action(action).await?;
        tx.commit().await
    }

    /// [`Tx::settle_deal`] in a transaction of its own: every ledger row and
    /// message is written, or none.
    ///
    /// # Errors
    /// As [`Tx::settle`].
    pub async fn settle_deal(&self, settle: &SettleDeal) -> Result<(), StorageError> {
        let mut tx = self.begin().await?;
        tx.settle_deal(settle).await?;
        tx.commit().await
    }
}
