//! The outbox pump every chat front end runs: claim a batch, send each
//! message through the platform, and record the outcome, keeping each lane's
//! order. The platform part is a [`Messenger`]; what is common lives here:
//! only the newest table message of a batch is sent, table edits are spaced
//! out, a lane waits after a rate limit, and a user who cannot be written to
//! privately is given up on for the rest of the batch.
//!
//! Outcomes are recorded in as few commits as the delivery guarantee
//! allows: everything decided without the platform (skipped older table
//! versions, held lanes, postponed edits) waits and is recorded together
//! with the next message the platform shows, right after it was sent. So a
//! crash while sending still costs at most one visible duplicate per group
//! of the batch in flight (a group: the messages of tables that share a
//! chat or a player; see [`Pump::deliver_batch`]), and a batch costs one
//! commit per message shown instead of one per message.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use tarock_storage::{TableId, table_scope};
use tokio::sync::{Notify, watch};

use crate::command::UserRef;
use crate::error::ServiceError;
use crate::outgoing::{Keyboard, Outgoing};
use crate::picture::Picture;
use crate::service::{Delivery, Outcome, TableService};

/// How many outbox messages one round claims.
const BATCH: u32 = 50;

/// How many independent groups of a batch are delivered at the same time.
const GROUPS_AT_ONCE: usize = 8;

/// The indices of `batch` in groups that share no table and no
/// destination, each in the order written; the groups in the order of
/// their first message.
fn independent_groups(batch: &[Delivery]) -> Vec<Vec<usize>> {
    // Union-find over the messages: joined by a common table or lane.
    let mut parent: Vec<usize> = (0..batch.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut first_of: HashMap<String, usize> = HashMap::new();
    for (i, d) in batch.iter().enumerate() {
        let mut keys = vec![format!("lane:{}", d.message.destination())];
        if let Some(table) = d.message.table() {
            keys.push(format!("table:{}", table.0));
        }
        for key in keys {
            match first_of.get(&key) {
                Some(&j) => {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a.max(b)] = a.min(b);
                }
                None => {
                    first_of.insert(key, i);
                }
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of_root: HashMap<usize, usize> = HashMap::new();
    for i in 0..batch.len() {
        let r = root(&mut parent, i);
        let g = *group_of_root.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(i);
    }
    groups
}

/// How sending one message went wrong, as far as the outbox cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendFail {
    /// Try again after this many milliseconds (a rate limit, a network
    /// error); the rest of the lane waits too.
    Retry(i64, String),
    /// The user cannot be written to privately (DMs closed, never started
    /// the bot, blocked it): give the message up.
    Unreachable(String),
    /// Any other refusal: retried a few times, then given up.
    Other(String),
}

/// How editing a private message went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditFail {
    /// The message is gone (deleted by the user, too old to edit): post a
    /// new one instead.
    Gone,
    /// Anything else, as for sending.
    Send(SendFail),
}

/// One platform's way of sending a message.
pub trait Messenger: Send + Sync {
    /// Sends (or, for a table message, edits) one message. Private views
    /// do not come here: see [`Messenger::post_private`].
    fn send(&self, message: &Outgoing) -> impl Future<Output = Result<(), SendFail>> + Send;

    /// Called once after `message` failed with [`SendFail::Unreachable`], so
    /// the front end can fall back (a mention in the table's chat).
    fn unreachable(&self, message: &Outgoing) -> impl Future<Output = ()> + Send;

    /// Posts a player's private view of a table as a new message, with
    /// its picture where the platform shows one; returns the platform's id
    /// of the message (the one with the buttons; the front end may encode
    /// several messages in it, it only comes back to it).
    fn post_private(
        &self,
        table: TableId,
        to: &UserRef,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> impl Future<Output = Result<String, SendFail>> + Send;

    /// Replaces the text, buttons and picture of a private message posted
    /// before. The same content again counts as done; a message that
    /// cannot take the new content (a text message that should now show
    /// a picture) is [`EditFail::Gone`], so a new one is posted.
    fn edit_private(
        &self,
        table: TableId,
        to: &UserRef,
        id: &str,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> impl Future<Output = Result<(), EditFail>> + Send;

    /// Removes a private message that a newer one replaced (or, where the
    /// platform cannot delete it, strips its buttons).
    fn retire_private(&self, to: &UserRef, id: &str) -> impl Future<Output = ()> + Send;
}

/// The delivery-state key of a user's current private message at a table.
fn private_key(to: &UserRef) -> String {
    format!("private:{}", to.user_id)
}

/// Delivers a service's outbox through a [`Messenger`].
pub struct Pump {
    /// Wakes the pump after a command committed new messages.
    pub wake: Notify,
    /// The least time between two versions of one table message.
    edit_interval: Duration,
    /// When each table message was last sent or edited.
    /// When each table message (by its lane: the table's chat) was last
    /// sent: a linked table has one per chat.
    last_table_send: Mutex<HashMap<String, Instant>>,
    /// The least time between two messages sent to the platform (its
    /// limit for a whole bot), if any, and when the next may go.
    pace: Option<(Duration, tokio::sync::Mutex<Instant>)>,
}

impl Pump {
    /// A pump that spaces table-message edits by at least `edit_interval`.
    pub fn new(edit_interval: Duration) -> Pump {
        Pump {
            wake: Notify::new(),
            edit_interval,
            last_table_send: Mutex::new(HashMap::new()),
            pace: None,
        }
    }

    /// The same pump sending at most `per_second` messages a second to
    /// the platform, over all chats (a platform's limit for a whole bot,
    /// which groups delivered at once could otherwise pass). 0: no limit.
    #[must_use]
    pub fn with_rate(mut self, per_second: u32) -> Pump {
        self.pace = (per_second > 0).then(|| {
            (
                Duration::from_secs(1) / per_second,
                tokio::sync::Mutex::new(Instant::now()),
            )
        });
        self
    }

    /// Waits for this message's turn under the platform's limit.
    async fn paced(&self) {
        let Some((interval, next)) = &self.pace else {
            return;
        };
        let wait = {
            let mut next = next.lock().await;
            let now = Instant::now();
            let at = (*next).max(now);
            *next = at + *interval;
            at - now
        };
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
    }

    /// How long a table message must still wait before its next edit.
    fn edit_wait(&self, lane: &str) -> Option<Duration> {
        self.last_table_send
            .lock()
            .ok()
            .and_then(|last| last.get(lane).copied())
            .map(|at| self.edit_interval.saturating_sub(at.elapsed()))
            .filter(|w| !w.is_zero())
    }

    /// Delivers one batch from the outbox; returns how many messages it
    /// claimed.
    ///
    /// The batch falls into groups that share nothing: messages of one
    /// table, or of one destination (a player at two tables), are in one
    /// group, delivered one after the other in the order written, so
    /// everything a table shows keeps its order across its chats (the deal's
    /// commitment before any hand). Up to [`GROUPS_AT_ONCE`] groups are
    /// delivered at the same time: a platform's round trip of tens of
    /// milliseconds per message would otherwise bound the whole bot.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn deliver_batch(
        &self,
        service: &TableService,
        messenger: &impl Messenger,
    ) -> Result<usize, ServiceError> {
        let batch: Vec<Delivery> = service.claim(BATCH).await?;
        // Only the newest version of each table message is sent (per chat:
        // a linked table has a message in each of its chats).
        let mut newest: HashMap<(TableId, String), usize> = HashMap::new();
        for (i, d) in batch.iter().enumerate() {
            if let Outgoing::Table { table, .. } = &d.message {
                newest.insert((*table, d.message.destination()), i);
            }
        }
        let groups = independent_groups(&batch);
        // Every group runs to its end (each records its own outcomes); the
        // first database failure is reported.
        let done: Vec<Result<(), ServiceError>> = futures_util::stream::iter(groups)
            .map(|group| self.deliver_group(service, messenger, &batch, &newest, group))
            .buffer_unordered(GROUPS_AT_ONCE)
            .collect()
            .await;
        done.into_iter().collect::<Result<(), _>>()?;
        Ok(batch.len())
    }

    /// Delivers one group of a batch ([`Pump::deliver_batch`]) in order:
    /// a lane waits after a rate limit, a user who cannot be written to
    /// privately is given up on for the rest of the group.
    async fn deliver_group(
        &self,
        service: &TableService,
        messenger: &impl Messenger,
        batch: &[Delivery],
        newest: &HashMap<(TableId, String), usize>,
        group: Vec<usize>,
    ) -> Result<(), ServiceError> {
        let mut held: HashSet<String> = HashSet::new();
        let mut unreachable: HashSet<String> = HashSet::new();
        // Outcomes not yet recorded; recorded right after each message the
        // platform showed, and at the end.
        let mut outcomes: Vec<(tarock_storage::MessageId, Outcome)> = Vec::new();
        for i in group {
            let d = &batch[i];
            let lane = d.message.destination();
            if held.contains(&lane) {
                outcomes.push((d.id, Outcome::Release));
                continue;
            }
            if let Outgoing::Table { table, .. } = &d.message {
                if newest.get(&(*table, lane.clone())) != Some(&i) {
                    outcomes.push((d.id, Outcome::Delivered));
                    continue;
                }
                // A version that comes too soon waits; newer ones replace it.
                if let Some(wait) = self.edit_wait(&lane) {
                    let ms = i64::try_from(wait.as_millis()).unwrap_or(i64::MAX) + 1;
                    outcomes.push((d.id, Outcome::RetryIn(ms, "merging table edits".into())));
                    held.insert(lane);
                    continue;
                }
            }
            if unreachable.contains(&lane) {
                outcomes.push((
                    d.id,
                    Outcome::GiveUp("the user cannot be written to privately".into()),
                ));
                // Each version still counts for the fallback (a turn that
                // began or was answered); it may show something: record first.
                messenger.unreachable(&d.message).await;
                service.record(&outcomes).await?;
                outcomes.clear();
                continue;
            }
            self.paced().await;
            let sent = match &d.message {
                Outgoing::Private {
                    table,
                    to,
                    text,
                    buttons,
                    notify,
                    picture,
                } => {
                    self.private(
                        service,
                        messenger,
                        *table,
                        to,
                        (text, buttons, picture.as_ref()),
                        *notify,
                    )
                    .await
                }
                other => messenger.send(other).await,
            };
            match sent {
                Ok(()) => {
                    if let Outgoing::Table { .. } = &d.message
                        && let Ok(mut last) = self.last_table_send.lock()
                    {
                        last.insert(d.message.destination(), Instant::now());
                    }
                    outcomes.push((d.id, Outcome::Delivered));
                    // Shown: record it before anything else is sent.
                    service.record(&outcomes).await?;
                    outcomes.clear();
                }
                Err(SendFail::Retry(ms, error)) => {
                    tracing::info!(
                        delivery = d.id.0,
                        table = d.message.table().map(|t| t.0),
                        ms,
                        error,
                        "delivery postponed"
                    );
                    outcomes.push((d.id, Outcome::RetryIn(ms, error)));
                    held.insert(lane);
                }
                Err(SendFail::Unreachable(error)) => {
                    outcomes.push((d.id, Outcome::GiveUp(error)));
                    unreachable.insert(lane);
                    messenger.unreachable(&d.message).await;
                    // The fallback may have shown something: record first.
                    service.record(&outcomes).await?;
                    outcomes.clear();
                }
                Err(SendFail::Other(error)) => {
                    tracing::warn!(
                        delivery = d.id.0,
                        table = d.message.table().map(|t| t.0),
                        attempts = d.attempts,
                        error,
                        "delivery failed"
                    );
                    if d.attempts >= 5 {
                        outcomes.push((d.id, Outcome::GiveUp(error)));
                    } else {
                        let backoff = 1000 * i64::from(d.attempts.max(1));
                        outcomes.push((d.id, Outcome::RetryIn(backoff, error)));
                        held.insert(lane);
                    }
                }
            }
        }
        service.record(&outcomes).await?;
        Ok(())
    }

    /// A private view: the player has one message per table, recorded in
    /// the delivery state as soon as the platform names it. A version
    /// that should notify is posted anew and the one before is retired
    /// (deleted, or stripped of its buttons); every other version edits
    /// the current message in place. After a crash the recorded id makes
    /// the re-send an edit, so at most the one message in flight is seen
    /// twice. Front ends call it too for a hand asked for (`notify`: the
    /// asker wants it at the bottom of the chat).
    ///
    /// # Errors
    /// How sending failed, as for [`Messenger::send`].
    pub async fn private(
        &self,
        service: &TableService,
        messenger: &impl Messenger,
        table: TableId,
        to: &UserRef,
        (text, buttons, picture): (&str, &Keyboard, Option<&Picture>),
        notify: bool,
    ) -> Result<(), SendFail> {
        let store = service.store();
        let scope = table_scope(table);
        let key = private_key(to);
        let database = |e: tarock_storage::StorageError| SendFail::Retry(2000, e.to_string());
        let current = store.delivery_get(&scope, &key).await.map_err(database)?;
        if let (Some(id), false) = (&current, notify) {
            match messenger
                .edit_private(table, to, id, text, buttons, picture)
                .await
            {
                Ok(()) => return Ok(()),
                Err(EditFail::Gone) => {}
                Err(EditFail::Send(fail)) => return Err(fail),
            }
        }
        let id = messenger
            .post_private(table, to, text, buttons, picture)
            .await?;
        store
            .delivery_put(&scope, &key, &id, service.now_ms())
            .await
            .map_err(database)?;
        if let Some(old) = current.filter(|old| *old != id) {
            messenger.retire_private(to, &old).await;
        }
        Ok(())
    }

    /// Delivers the outbox until `stop` turns true: whenever [`Pump::wake`]
    /// is notified, and every `interval` for messages of deadlines and
    /// retries.
    pub async fn run(
        &self,
        service: &TableService,
        messenger: &impl Messenger,
        interval: Duration,
        mut stop: watch::Receiver<bool>,
    ) {
        loop {
            loop {
                match self.deliver_batch(service, messenger).await {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) => {
                        tracing::error!(error = %e, "delivering");
                        break;
                    }
                }
                if *stop.borrow() {
                    return;
                }
            }
            tokio::select! {
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(interval) => {}
                changed = stop.changed() => {
                    if changed.is_err() || *stop.borrow() {
                        return;
                    }
                }
            }
        }
    }
}
