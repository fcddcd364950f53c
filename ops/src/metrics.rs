//! The process's metrics, in Prometheus' text format.
//!
//! Counters and the latency histogram are this process's and live in
//! memory; the gauges (outbox backlog and age, deadlines due, live tables)
//! are read from the shared database at each scrape, so every process of
//! a deployment reports the same numbers there. One set per process
//! ([`global`]): the hooks cost an atomic add each, exposed or not.

use std::sync::OnceLock;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use tarock_storage::{Gauges, PoolUse};

/// A command's platform, kind and what became of it.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CommandLabels {
    /// `telegram` or `discord`.
    pub platform: String,
    /// The command (`join`, `button_act`, …).
    pub kind: String,
    /// `done`, `refused`, `duplicate`, `stale` or `error`.
    pub outcome: String,
}

/// A platform.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct PlatformLabel {
    /// `telegram` or `discord`.
    pub platform: String,
}

/// A state of the connection pool.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct PoolLabel {
    /// `open` or `idle`.
    pub state: String,
}

/// The upper bounds of the latency buckets, in seconds: around the
/// targets an operator watches (p99 ≤ 20 ms, trouble past 50 ms).
const LATENCY_BUCKETS: [f64; 12] = [
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0,
];

/// Every metric of the process.
pub struct Metrics {
    registry: Registry,
    commands: Family<CommandLabels, Counter>,
    latency: Family<PlatformLabel, Histogram>,
    rate_limited: Family<PlatformLabel, Counter>,
    retries: Family<PlatformLabel, Counter>,
    outbox_pending: Gauge,
    outbox_oldest: Gauge<f64, std::sync::atomic::AtomicU64>,
    deadlines_due: Gauge,
    live_tables: Gauge,
    connections: Family<PoolLabel, Gauge>,
    database_up: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// A fresh set, registered under the names the README lists.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("tarock");
        let commands = Family::<CommandLabels, Counter>::default();
        registry.register(
            "commands",
            "Commands handled, by platform, kind and outcome",
            commands.clone(),
        );
        let latency = Family::<PlatformLabel, Histogram>::new_with_constructor(|| {
            Histogram::new(LATENCY_BUCKETS)
        });
        registry.register(
            "command_seconds",
            "Time from a command's arrival at the table service to its commit",
            latency.clone(),
        );
        let rate_limited = Family::<PlatformLabel, Counter>::default();
        registry.register(
            "platform_rate_limited",
            "Requests the platform refused with 429 Too Many Requests",
            rate_limited.clone(),
        );
        let retries = Family::<PlatformLabel, Counter>::default();
        registry.register(
            "platform_retries",
            "Outbox messages postponed to be sent again (rate limits, network errors)",
            retries.clone(),
        );
        let outbox_pending = Gauge::default();
        registry.register(
            "outbox_pending",
            "Outbox messages waiting to be delivered (whole database)",
            outbox_pending.clone(),
        );
        let outbox_oldest = Gauge::<f64, std::sync::atomic::AtomicU64>::default();
        registry.register(
            "outbox_oldest_seconds",
            "How long the oldest waiting outbox message has waited",
            outbox_oldest.clone(),
        );
        let deadlines_due = Gauge::default();
        registry.register(
            "deadlines_due",
            "Turn deadlines and reminders due now (whole database)",
            deadlines_due.clone(),
        );
        let live_tables = Gauge::default();
        registry.register(
            "live_tables",
            "Tables not closed (whole database)",
            live_tables.clone(),
        );
        let connections = Family::<PoolLabel, Gauge>::default();
        registry.register(
            "db_connections",
            "This process's database connections",
            connections.clone(),
        );
        let database_up = Gauge::default();
        registry.register(
            "database_up",
            "1 when the database answered the last scrape, else 0",
            database_up.clone(),
        );
        Metrics {
            registry,
            commands,
            latency,
            rate_limited,
            retries,
            outbox_pending,
            outbox_oldest,
            deadlines_due,
            live_tables,
            connections,
            database_up,
        }
    }

    /// Counts a handled command and its latency in seconds.
    pub fn command(&self, platform: &str, kind: &str, outcome: &str, seconds: f64) {
        self.commands
            .get_or_create(&CommandLabels {
                platform: platform.to_owned(),
                kind: kind.to_owned(),
                outcome: outcome.to_owned(),
            })
            .inc();
        self.latency
            .get_or_create(&PlatformLabel {
                platform: platform.to_owned(),
            })
            .observe(seconds);
    }

    /// Counts a 429 from the platform.
    pub fn rate_limited(&self, platform: &str) {
        self.rate_limited
            .get_or_create(&PlatformLabel {
                platform: platform.to_owned(),
            })
            .inc();
    }

    /// Counts a message postponed for another try.
    pub fn retry(&self, platform: &str) {
        self.retries
            .get_or_create(&PlatformLabel {
                platform: platform.to_owned(),
            })
            .inc();
    }

    /// Sets the database's gauges from a reading (`None`: the database did
    /// not answer; the last reading stays, `database_up` drops to 0).
    pub fn set_database(&self, gauges: Option<Gauges>, pool: PoolUse) {
        if let Some(g) = gauges {
            self.outbox_pending
                .set(i64::try_from(g.outbox_pending).unwrap_or(i64::MAX));
            self.outbox_oldest.set(g.outbox_oldest_ms as f64 / 1000.0);
            self.deadlines_due
                .set(i64::try_from(g.deadlines_due).unwrap_or(i64::MAX));
            self.live_tables
                .set(i64::try_from(g.live_tables).unwrap_or(i64::MAX));
        }
        self.database_up.set(i64::from(gauges.is_some()));
        for (state, n) in [("open", pool.open), ("idle", pool.idle)] {
            self.connections
                .get_or_create(&PoolLabel {
                    state: state.to_owned(),
                })
                .set(i64::from(n));
        }
    }

    /// Everything in Prometheus' text exposition format.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// The process's metrics.
pub fn global() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(Metrics::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_histogram_and_gauges_are_exposed_by_name() {
        let m = Metrics::new();
        m.command("telegram", "join", "done", 0.003);
        m.command("telegram", "join", "done", 0.030);
        m.command("telegram", "button_play", "refused", 0.001);
        m.rate_limited("telegram");
        m.retry("telegram");
        m.retry("telegram");
        m.set_database(
            Some(Gauges {
                outbox_pending: 7,
                outbox_oldest_ms: 2_500,
                deadlines_due: 1,
                live_tables: 3,
            }),
            PoolUse { open: 4, idle: 3 },
        );
        let text = m.encode();
        let has = |line: &str| text.lines().any(|l| l == line);
        assert!(
            has(r#"tarock_commands_total{platform="telegram",kind="join",outcome="done"} 2"#),
            "{text}"
        );
        assert!(has(
            r#"tarock_commands_total{platform="telegram",kind="button_play",outcome="refused"} 1"#
        ));
        // 3 ms and 1 ms fall under 5 ms, 30 ms under 50 ms.
        assert!(has(
            r#"tarock_command_seconds_bucket{le="0.005",platform="telegram"} 2"#
        ));
        assert!(has(
            r#"tarock_command_seconds_bucket{le="0.05",platform="telegram"} 3"#
        ));
        assert!(has(
            r#"tarock_command_seconds_count{platform="telegram"} 3"#
        ));
        assert!(has(
            r#"tarock_platform_rate_limited_total{platform="telegram"} 1"#
        ));
        assert!(has(
            r#"tarock_platform_retries_total{platform="telegram"} 2"#
        ));
        assert!(has("tarock_outbox_pending 7"));
        assert!(has("tarock_outbox_oldest_seconds 2.5"));
        assert!(has("tarock_deadlines_due 1"));
        assert!(has("tarock_live_tables 3"));
        assert!(has(r#"tarock_db_connections{state="open"} 4"#));
        assert!(has("tarock_database_up 1"));
        assert!(text.ends_with("# EOF\n"));
    }
}
