//! Handing the outbox to a front end, message by message.

use super::*;

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
        for m in self.store.claim_outbox(now, LEASE_MS, limit).await? {
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
