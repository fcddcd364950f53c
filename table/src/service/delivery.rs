//! Handing the outbox to a front end, message by message.

use super::*;
use tarock_storage::Delivered;

/// What became of a claimed message, for [`TableService::record`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Delivered (or replaced by a newer version that is).
    Delivered,
    /// Not delivered: try again in this many milliseconds.
    RetryIn(i64, String),
    /// Given up for good.
    GiveUp(String),
    /// Handed back undelivered, without counting the attempt.
    Release,
}

/// A message claimed for delivery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Delivery {
    /// The outbox id, for [`TableService::delivered`] and friends.
    pub id: MessageId,
    /// The message.
    pub message: Outgoing,
    /// Delivery attempts so far, this one included.
    pub attempts: u32,
}

impl TableService {
    /// Claims up to `limit` messages due for delivery, oldest first, in order
    /// per destination. Deliver each, then call [`TableService::delivered`]
    /// or [`TableService::failed`].
    ///
    /// # Errors
    /// When the database fails.
    pub async fn claim(&self, limit: u32) -> Result<Vec<Delivery>, ServiceError> {
        let now = self.clock.now_ms();
        let mut out = Vec::new();
        let claimed = self
            .store
            .claim_outbox_of(self.claims_for, now, LEASE_MS, limit)
            .await?;
        for m in claimed {
            match serde_json::from_str::<Outgoing>(&m.payload) {
                Ok(message) => out.push(Delivery {
                    id: m.id,
                    message,
                    attempts: m.attempts,
                }),
                // Written by this service, so unreadable means a newer or
                // older format: give up on it rather than loop forever.
                Err(e) => {
                    self.store
                        .mark_failed(m.id, &format!("unreadable: {e}"), None)
                        .await?
                }
            }
        }
        Ok(out)
    }

    /// Records what became of several claimed messages in one commit.
    /// Record every message made visible before sending the next one: then
    /// a crash while sending costs at most one visible duplicate.
    ///
    /// # Errors
    /// When the database fails; then nothing was recorded.
    pub async fn record(&self, outcomes: &[(MessageId, Outcome)]) -> Result<(), ServiceError> {
        let now = self.clock.now_ms();
        let rows: Vec<(MessageId, Delivered)> = outcomes
            .iter()
            .map(|(id, outcome)| {
                let row = match outcome {
                    Outcome::Delivered => Delivered::Sent,
                    Outcome::RetryIn(ms, error) => Delivered::Retry {
                        at_ms: now + ms,
                        error: error.clone(),
                    },
                    Outcome::GiveUp(error) => Delivered::GaveUp {
                        error: error.clone(),
                    },
                    Outcome::Release => Delivered::Released,
                };
                (*id, row)
            })
            .collect();
        Ok(self.store.record_deliveries(&rows, now).await?)
    }

    /// Marks a claimed message delivered.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn delivered(&self, id: MessageId) -> Result<(), ServiceError> {
        Ok(self.store.mark_sent(id, self.clock.now_ms()).await?)
    }

    /// Records a failed delivery, to be retried after `retry_in_ms` (or given
    /// up for good when `None`).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn failed(
        &self,
        id: MessageId,
        error: &str,
        retry_in_ms: Option<i64>,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now_ms();
        Ok(self
            .store
            .mark_failed(id, error, retry_in_ms.map(|d| now + d))
            .await?)
    }

    /// Hands a claimed message back undelivered, without counting the attempt.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn release(&self, id: MessageId) -> Result<(), ServiceError> {
        Ok(self.store.release(id, self.clock.now_ms()).await?)
    }

    /// Remembers the platform id of a table's public message (after the front
    /// end sent it the first time), so later versions edit it in place.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_public_message(
        &self,
        table: TableId,
        message_id: &str,
    ) -> Result<(), ServiceError> {
        let mut tx = self.store.begin().await?;
        tx.set_public_message(table, Some(message_id), self.clock.now_ms())
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
