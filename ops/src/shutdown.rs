//! A graceful stop: the signal that asks for it, and the time it may take.
//!
//! A deployment rolls out a new version by stopping the old processes with
//! SIGTERM (systemd, Kubernetes, `docker stop`), and kills them with
//! SIGKILL if they take too long (10 s by default in the latter two). So a
//! bot stops taking updates at once, lets the commands in flight commit,
//! lets the deliverer record what it claimed (its leases are handed back,
//! not left to run out) and exits within [`GRACE`]. What it had not
//! confirmed to the platform is delivered again to the next process.

use std::future::Future;
use std::time::Duration;

/// The longest a bot takes from the signal to its exit.
pub const GRACE: Duration = Duration::from_secs(10);

/// Completes when the process is asked to stop: SIGTERM, or SIGINT
/// (Ctrl-C).
pub async fn signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => tracing::info!("SIGTERM received"),
                    _ = tokio::signal::ctrl_c() => tracing::info!("SIGINT received"),
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM; Ctrl-C only");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Runs the winding-down `work` for at most `within`; whether it finished.
/// What is still running after that is abandoned (the runtime drops it):
/// everything the bots do is safe to cut off, only slower to recover.
pub async fn drain(work: impl Future<Output = ()>, within: Duration) -> bool {
    match tokio::time::timeout(within, work).await {
        Ok(()) => true,
        Err(_) => {
            tracing::warn!(
                seconds = within.as_secs(),
                "shutdown took too long; leaving the rest"
            );
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_drain_that_hangs_is_cut_off_and_one_that_ends_is_not() {
        assert!(drain(async {}, Duration::from_millis(50)).await);
        assert!(!drain(std::future::pending(), Duration::from_millis(50)).await);
    }
}
