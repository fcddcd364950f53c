//! The hooks: thin wrappers that time and count what passes through the
//! table service and the outbox deliverer, and give each command a log
//! span with its table, deal and user hash.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use tarock_table::picture::Picture;
use tarock_table::{
    Command, CommandKind, EditFail, Keyboard, Messenger, Outgoing, Payload, SendFail, ServiceError,
    TableId, TableService, UserRef,
};
use tracing::Instrument;

use crate::logs::user_hash;
use crate::metrics;

/// A command's kind as a metrics label: the variant in snake case, and for
/// a button the action it carries (`button_act`, `button_join`, …;
/// `button_malformed` for a payload that does not read).
pub fn kind_label(kind: &CommandKind) -> String {
    match kind {
        CommandKind::Button(payload) => match payload.parse::<Payload>() {
            Ok(p) => format!("button_{}", snake(&variant(&format!("{:?}", p.action)))),
            Err(_) => "button_malformed".to_owned(),
        },
        other => snake(&variant(&format!("{other:?}"))),
    }
}

/// The name at the start of a `Debug` rendering (`Join(None, …)` → `Join`).
fn variant(debug: &str) -> String {
    debug
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The table and deal a command names, where it names them (a button
/// carries both; typed commands may name a table).
fn table_and_deal(kind: &CommandKind) -> (Option<TableId>, Option<u32>) {
    match kind {
        CommandKind::Button(payload) => match payload.parse::<Payload>() {
            Ok(p) => (Some(p.table), p.step.map(|s| s.deal)),
            Err(_) => (None, None),
        },
        CommandKind::Join(t, _)
        | CommandKind::Leave(t)
        | CommandKind::Start(t)
        | CommandKind::Hand(t)
        | CommandKind::Refresh(t)
        | CommandKind::Pause(t)
        | CommandKind::Resume(t)
        | CommandKind::Close(t) => (*t, None),
        _ => (None, None),
    }
}

/// Commands being handled right now, in this process.
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);
/// Wakes [`settled`] when a command ends.
static ENDED: tokio::sync::Notify = tokio::sync::Notify::const_new();

/// Counts a command in flight while alive. A front end takes one with
/// [`accepted`] as soon as a platform event arrives, before any work of its
/// own (remembering the user, deduplicating), so that a shutdown waits for
/// that event too, not only for the part inside [`handle`].
pub struct InFlight;

impl InFlight {
    fn start() -> InFlight {
        IN_FLIGHT.fetch_add(1, Ordering::SeqCst);
        InFlight
    }
}

/// A guard counting an event this process has taken in until it is
/// dropped: [`settled`] waits for it.
#[must_use = "the event counts only while the guard lives"]
pub fn accepted() -> InFlight {
    InFlight::start()
}

impl Drop for InFlight {
    fn drop(&mut self) {
        IN_FLIGHT.fetch_sub(1, Ordering::SeqCst);
        ENDED.notify_waiters();
    }
}

/// How many commands this process is handling now.
pub fn in_flight() -> usize {
    IN_FLIGHT.load(Ordering::SeqCst)
}

/// Completes once no command is being handled: a shutdown waits here,
/// after it stopped taking new ones, so that what was accepted commits.
pub async fn settled() {
    loop {
        let ended = ENDED.notified();
        tokio::pin!(ended);
        // Registered before the count is read, so no end is missed.
        ended.as_mut().enable();
        if in_flight() == 0 {
            return;
        }
        ended.await;
    }
}

/// Handles a command through `service`, timing and counting it under
/// `platform`, inside a log span with the table, the deal and a hash of
/// the user (never the platform's id, the hand or the payload's card).
///
/// # Errors
/// As [`TableService::handle`].
pub async fn handle(
    service: &TableService,
    platform: &'static str,
    command: Command,
) -> Result<Vec<Outgoing>, ServiceError> {
    let kind = kind_label(&command.kind);
    let (table, deal) = table_and_deal(&command.kind);
    let span = tracing::info_span!(
        "command",
        platform,
        kind = kind.as_str(),
        table = table.map(|t| t.0),
        deal,
        user = user_hash(platform, &command.sender.user.user_id).as_str(),
    );
    let started = Instant::now();
    let in_flight = InFlight::start();
    let result = service
        .handle_judged(command)
        .instrument(span.clone())
        .await;
    drop(in_flight);
    let seconds = started.elapsed().as_secs_f64();
    let outcome = match &result {
        Ok((_, verdict)) => verdict.name(),
        Err(_) => "error",
    };
    metrics::global().command(platform, &kind, outcome, seconds);
    let _entered = span.enter();
    match &result {
        Ok((_, tarock_table::Verdict::Refused)) => {
            tracing::info!(ms = seconds * 1000.0, "refused");
        }
        Ok((_, verdict)) => tracing::debug!(outcome = verdict.name(), ms = seconds * 1000.0),
        Err(e) => tracing::error!(error = %e, "the command failed"),
    }
    result.map(|(replies, _)| replies)
}

/// A [`Messenger`] that counts the platform's rate limits and the retries
/// of the messenger it wraps.
pub struct Counted<'a, M> {
    inner: &'a M,
    platform: &'static str,
}

impl<'a, M> Counted<'a, M> {
    /// Wraps `inner`, counting under `platform`.
    pub fn new(inner: &'a M, platform: &'static str) -> Self {
        Counted { inner, platform }
    }

    fn count(&self, fail: &SendFail) {
        if let SendFail::Retry(_, error) = fail {
            let m = metrics::global();
            m.retry(self.platform);
            if is_rate_limit(error) {
                m.rate_limited(self.platform);
            }
        }
    }
}

/// Whether a failure's text is a 429: Telegram says "Too Many Requests:
/// retry after N", Discord answers status 429 with `retry_after`.
pub fn is_rate_limit(error: &str) -> bool {
    let lower = error.to_lowercase();
    lower.contains("429") || lower.contains("too many requests") || lower.contains("retry after")
}

impl<M: Messenger> Messenger for Counted<'_, M> {
    async fn send(&self, message: &Outgoing) -> Result<(), SendFail> {
        let result = self.inner.send(message).await;
        if let Err(fail) = &result {
            self.count(fail);
        }
        result
    }

    async fn unreachable(&self, message: &Outgoing) {
        self.inner.unreachable(message).await;
    }

    async fn post_private(
        &self,
        table: TableId,
        to: &UserRef,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<String, SendFail> {
        let result = self
            .inner
            .post_private(table, to, text, buttons, picture)
            .await;
        if let Err(fail) = &result {
            self.count(fail);
        }
        result
    }

    async fn edit_private(
        &self,
        table: TableId,
        to: &UserRef,
        id: &str,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<(), EditFail> {
        let result = self
            .inner
            .edit_private(table, to, id, text, buttons, picture)
            .await;
        if let Err(EditFail::Send(fail)) = &result {
            self.count(fail);
        }
        result
    }

    async fn retire_private(&self, to: &UserRef, id: &str) {
        self.inner.retire_private(to, id).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn settled_waits_for_the_commands_in_flight() {
        settled().await;
        let first = InFlight::start();
        let second = InFlight::start();
        let waiter = tokio::spawn(settled());
        tokio::task::yield_now().await;
        drop(first);
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished(), "one command is still in flight");
        drop(second);
        waiter.await.unwrap();
        assert_eq!(in_flight(), 0);
    }

    #[test]
    fn kinds_are_labelled_in_snake_case_with_the_button_action() {
        assert_eq!(kind_label(&CommandKind::Join(None, None)), "join");
        assert_eq!(
            kind_label(&CommandKind::TurnWords(None, None, vec![])),
            "turn_words"
        );
        assert_eq!(
            kind_label(&CommandKind::Button("t1:2.3:pT21".into())),
            "button_act"
        );
        assert_eq!(
            kind_label(&CommandKind::Button("t1:2.3:~xr".into())),
            "button_draft"
        );
        assert_eq!(
            kind_label(&CommandKind::Button("t1::j".into())),
            "button_join"
        );
        assert_eq!(
            kind_label(&CommandKind::Button("nonsense".into())),
            "button_malformed"
        );
    }

    #[test]
    fn rate_limits_are_told_from_other_retries() {
        assert!(is_rate_limit("Too Many Requests: retry after 1"));
        assert!(is_rate_limit("HTTP 429: You are being rate limited."));
        assert!(!is_rate_limit("error sending request: connection refused"));
    }
}
