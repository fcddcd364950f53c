//! The deadline loop a front end runs beside its event loop: it sleeps
//! until the next reminder or deadline stored in the database (so deadlines
//! survive restarts), then lets the service act on it.

use std::sync::Arc;
use std::time::Duration;

use crate::error::ServiceError;
use crate::service::TableService;

/// The longest sleep between checks: a deadline written by another process
/// is noticed within this time.
pub const MAX_SLEEP: Duration = Duration::from_secs(30);

/// Runs [`TableService::tick`] whenever a deadline is due, until `stop`
/// turns true. A command that sets a deadline wakes it, so a deadline
/// sooner than the current sleep is not missed. Errors are returned so the front end can log them and
/// restart the loop.
///
/// # Errors
/// When the database fails.
pub async fn run_deadlines(
    service: Arc<TableService>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Result<(), ServiceError> {
    loop {
        service.tick().await?;
        let sleep = match service.next_wakeup().await? {
            Some(at) => {
                let wait = (at - service.now_ms()).clamp(0, MAX_SLEEP.as_millis() as i64);
                Duration::from_millis(wait as u64)
            }
            None => MAX_SLEEP,
        };
        tokio::select! {
            _ = tokio::time::sleep(sleep.max(Duration::from_millis(50))) => {}
            () = service.deadlines_changed() => {}
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return Ok(());
                }
            }
        }
    }
}

/// [`run_deadlines`] for a long-running bot: a database error is logged and
/// the loop starts again after five seconds, until `stop` turns true.
pub async fn supervise(service: Arc<TableService>, stop: tokio::sync::watch::Receiver<bool>) {
    loop {
        match run_deadlines(service.clone(), stop.clone()).await {
            Ok(()) => return,
            Err(e) => {
                tracing::error!(error = %e, "deadlines");
                tokio::time::sleep(Duration::from_secs(5)).await;
                if *stop.borrow() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    #[tokio::test]
    async fn the_loop_stops_when_told() {
        let dir = tempfile::tempdir().unwrap();
        let store = tarock_storage::Store::open(&dir.path().join("t.db").display().to_string())
            .await
            .unwrap();
        let service = Arc::new(TableService::with_fixed_seed(
            store,
            Arc::new(ManualClock::new(0)),
            1,
        ));
        let (tx, rx) = tokio::sync::watch::channel(false);
        let task = tokio::spawn(run_deadlines(service, rx));
        tx.send(true).unwrap();
        // Returns Ok (not an error, not hanging: the test would time out).
        assert!(task.await.unwrap().is_ok());
    }
}
