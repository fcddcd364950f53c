//! Housekeeping every bot runs beside delivery and deadlines: forgetting
//! delivered messages and processed update ids after their time (in small
//! batches that never keep another writer waiting long), capping the failed
//! messages kept for the operator, giving the freed space of an SQLite file
//! back, and keeping SQLite's planner statistics current. The game history is never touched.
//!
//! Configured from the environment ([`Maintenance::from_vars`]):
//!
//! | variable | default | what |
//! |---|---|---|
//! | `TAROCK_KEEP_SENT` | `7d` | how long delivered messages are kept |
//! | `TAROCK_KEEP_UPDATES` | `48h` | how long processed update ids are kept (Telegram redelivers an update for up to 24 h) |
//! | `TAROCK_KEEP_FAILED` | `10000` | how many failed messages are kept, newest first |
//!
//! Durations are a number with `d`, `h`, `m` or `s`.

use std::sync::Arc;
use std::time::Duration;

use tarock_storage::{Pruned, Retention};
use tokio::sync::watch;

use crate::service::TableService;

/// The least time update ids are kept: Telegram keeps an undelivered update
/// for up to 24 hours, and one may arrive late after that.
const MIN_KEEP_UPDATES: Duration = Duration::from_secs(24 * 3600);

/// What the housekeeping keeps and how often it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Maintenance {
    /// What is kept for how long.
    pub retention: Retention,
    /// How often expired rows are deleted.
    pub prune_every: Duration,
    /// How often SQLite's planner statistics are refreshed.
    pub optimize_every: Duration,
}

impl Default for Maintenance {
    /// The retention defaults; pruning every 5 minutes, statistics hourly.
    fn default() -> Self {
        Maintenance {
            retention: Retention::default(),
            prune_every: Duration::from_secs(300),
            optimize_every: Duration::from_secs(3600),
        }
    }
}

/// A retention setting that cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MaintenanceError {
    /// Not a duration such as `7d`.
    #[error("{name}={value:?} is not a duration such as 7d, 48h, 30m or 90s")]
    Duration {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// Not a whole number.
    #[error("{name}={value:?} is not a whole number")]
    Count {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// Update ids kept for less than a platform may redeliver.
    #[error(
        "TAROCK_KEEP_UPDATES={0:?} is shorter than 24h, the time Telegram may redeliver an update"
    )]
    UpdatesTooShort(String),
}

/// A duration written as a number and a unit: `7d`, `48h`, `30m`, `90s`.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let unit = text.chars().last()?;
    let seconds = match unit {
        'd' => 86_400,
        'h' => 3_600,
        'm' => 60,
        's' => 1,
        _ => return None,
    };
    let number: u64 = text[..text.len() - 1].trim().parse().ok()?;
    number.checked_mul(seconds).map(Duration::from_secs)
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Maintenance {
    /// Reads `TAROCK_KEEP_SENT`, `TAROCK_KEEP_UPDATES` and
    /// `TAROCK_KEEP_FAILED` through `var`; unset ones keep their defaults.
    ///
    /// # Errors
    /// A value that does not read, or update ids kept under 24 hours.
    pub fn from_vars(
        var: impl Fn(&str) -> Option<String>,
    ) -> Result<Maintenance, MaintenanceError> {
        let mut m = Maintenance::default();
        let set = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let duration = |name: &'static str, value: String| {
            parse_duration(&value).ok_or(MaintenanceError::Duration { name, value })
        };
        if let Some(value) = set("TAROCK_KEEP_SENT") {
            m.retention.keep_sent_ms = millis(duration("TAROCK_KEEP_SENT", value)?);
        }
        if let Some(value) = set("TAROCK_KEEP_UPDATES") {
            let keep = duration("TAROCK_KEEP_UPDATES", value.clone())?;
            if keep < MIN_KEEP_UPDATES {
                return Err(MaintenanceError::UpdatesTooShort(value));
            }
            m.retention.keep_updates_ms = millis(keep);
        }
        if let Some(value) = set("TAROCK_KEEP_FAILED") {
            m.retention.keep_failed =
                value.trim().parse().map_err(|_| MaintenanceError::Count {
                    name: "TAROCK_KEEP_FAILED",
                    value,
                })?;
        }
        Ok(m)
    }
}

/// One round of housekeeping: deletes what expired, batch by batch, gives
/// the space back (SQLite), and refreshes the statistics when `optimize`
/// says so.
///
/// # Errors
/// When the database fails.
pub async fn tidy(
    service: &TableService,
    config: &Maintenance,
    optimize: bool,
) -> Result<Pruned, tarock_storage::StorageError> {
    let pruned = service
        .store()
        .prune(&config.retention, service.now_ms())
        .await?;
    if pruned.total() > 0 {
        tracing::info!(
            sent = pruned.sent,
            failed = pruned.failed,
            updates = pruned.updates,
            "pruned delivered messages, failed messages beyond the cap and update ids"
        );
    }
    if pruned.total() > 0 {
        // A file with incremental auto-vacuum shrinks by what went, in
        // small steps (nothing happens on PostgreSQL or an older file).
        let pages = service.store().give_back_space(&config.retention).await?;
        if pages > 0 {
            tracing::info!(pages, "gave free pages of the database file back");
        }
    }
    if optimize {
        service.store().optimize().await?;
    }
    Ok(pruned)
}

/// Runs the housekeeping until `stop` turns true: at once, then every
/// [`Maintenance::prune_every`]; statistics every
/// [`Maintenance::optimize_every`]. Errors are logged and retried next round.
pub async fn run(service: Arc<TableService>, config: Maintenance, mut stop: watch::Receiver<bool>) {
    let mut since_optimize = Duration::ZERO;
    loop {
        // The store refreshed the statistics when it opened.
        let optimize = since_optimize >= config.optimize_every;
        match tidy(&service, &config, optimize).await {
            Ok(_) if optimize => since_optimize = Duration::ZERO,
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "housekeeping"),
        }
        tokio::select! {
            _ = tokio::time::sleep(config.prune_every) => {
                since_optimize += config.prune_every;
            }
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_units() {
        assert_eq!(parse_duration("7d"), Some(Duration::from_secs(7 * 86_400)));
        assert_eq!(
            parse_duration(" 48h "),
            Some(Duration::from_secs(48 * 3_600))
        );
        assert_eq!(parse_duration("30m"), Some(Duration::from_secs(1_800)));
        assert_eq!(parse_duration("90s"), Some(Duration::from_secs(90)));
        for bad in ["", "7", "d", "7w", "-1d", "1.5h", "h7"] {
            assert_eq!(parse_duration(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn settings_come_from_the_environment_with_defaults() {
        let none = Maintenance::from_vars(|_| None).unwrap();
        assert_eq!(none, Maintenance::default());
        assert_eq!(none.retention.keep_sent_ms, 7 * 24 * 3_600_000);
        assert_eq!(none.retention.keep_updates_ms, 48 * 3_600_000);
        assert_eq!(none.retention.keep_failed, 10_000);

        let vars = |name: &str| match name {
            "TAROCK_KEEP_SENT" => Some("2d".to_owned()),
            "TAROCK_KEEP_UPDATES" => Some("72h".to_owned()),
            "TAROCK_KEEP_FAILED" => Some("50".to_owned()),
            _ => None,
        };
        let m = Maintenance::from_vars(vars).unwrap();
        assert_eq!(m.retention.keep_sent_ms, 2 * 86_400_000);
        assert_eq!(m.retention.keep_updates_ms, 72 * 3_600_000);
        assert_eq!(m.retention.keep_failed, 50);

        let one = |key: &'static str, value: &'static str| {
            move |name: &str| (name == key).then(|| value.to_owned())
        };
        assert!(matches!(
            Maintenance::from_vars(one("TAROCK_KEEP_SENT", "a week")),
            Err(MaintenanceError::Duration {
                name: "TAROCK_KEEP_SENT",
                ..
            })
        ));
        assert!(matches!(
            Maintenance::from_vars(one("TAROCK_KEEP_FAILED", "-3")),
            Err(MaintenanceError::Count { .. })
        ));
        // Shorter than Telegram's redelivery window would apply an update twice.
        assert_eq!(
            Maintenance::from_vars(one("TAROCK_KEEP_UPDATES", "12h")),
            Err(MaintenanceError::UpdatesTooShort("12h".into()))
        );
    }
}
