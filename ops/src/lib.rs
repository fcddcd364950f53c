//! What an operator needs to run the tarock bots, shared by both front ends:
//!
//! - **Logs** ([`logs`]): `tracing` with structured fields — table, deal,
//!   a hash of the user — and never a token, a hand or a seed.
//! - **Metrics** ([`metrics`]): commands handled and refused by kind, the
//!   command latency, the outbox backlog and its age, the platform's rate
//!   limits and the retries they cause, deadlines due and live tables, in
//!   Prometheus' text format on a listener of its own ([`endpoint`]), off
//!   unless `TAROCK_METRICS_ADDR` names an address. `/healthz` there fails
//!   (503) while the database does not answer.
//! - **Shutdown** ([`shutdown`]): SIGTERM or Ctrl-C stop the intake, let
//!   the commands in flight finish and the deliverer hand back what it
//!   claimed, within [`shutdown::GRACE`].
//!
//! Several processes may share one PostgreSQL database; the gauges read
//! from it (backlog, deadlines, tables) are the deployment's, the counters
//! and the latency are this process's. The hooks are thin wrappers around
//! the table service ([`observe::handle`]) and the outbox deliverer
//! ([`observe::Counted`]); nothing below the front ends knows about them.

pub mod endpoint;
pub mod logs;
pub mod metrics;
pub mod observe;
pub mod pacing;
pub mod shutdown;

pub use endpoint::{MetricsAddrError, metrics_addr, serve};
pub use observe::{Counted, handle};
pub use pacing::{SendRateError, send_rate};
