//! The metrics listener: `GET /metrics` (Prometheus' text format) and
//! `GET /healthz` (200 while the database answers, else 503), on an address
//! of its own that only an operator's network should reach. Off unless
//! `TAROCK_METRICS_ADDR` names one (e.g. `127.0.0.1:9100`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tarock_table::TableService;
use tokio::sync::watch;

use crate::metrics;

/// How long a health check or a scrape waits for the database: a database
/// that does not answer in this time counts as down.
const DATABASE_WAIT: Duration = Duration::from_secs(2);

/// `TAROCK_METRICS_ADDR` does not name a socket address.
#[derive(Debug, thiserror::Error)]
#[error("TAROCK_METRICS_ADDR is not an address like 127.0.0.1:9100: {0}")]
pub struct MetricsAddrError(pub String);

/// Reads `TAROCK_METRICS_ADDR` through `var`: `None` when unset or empty
/// (metrics off, the default).
///
/// # Errors
/// When it is set to something that is not `IP:PORT`.
pub fn metrics_addr(
    var: impl Fn(&str) -> Option<String>,
) -> Result<Option<SocketAddr>, MetricsAddrError> {
    match var("TAROCK_METRICS_ADDR") {
        None => Ok(None),
        Some(v) if v.trim().is_empty() => Ok(None),
        Some(v) => v
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| MetricsAddrError(v.clone())),
    }
}

/// Serves `/metrics` and `/healthz` on `listener` until `stop` turns true.
pub async fn serve(
    listener: tokio::net::TcpListener,
    service: Arc<TableService>,
    mut stop: watch::Receiver<bool>,
) {
    let app = Router::new()
        .route("/metrics", get(scrape))
        .route("/healthz", get(health))
        .with_state(service);
    let stopped = async move {
        while !*stop.borrow() {
            if stop.changed().await.is_err() {
                return;
            }
        }
    };
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(stopped)
        .await
    {
        tracing::error!(error = %e, "metrics listener failed");
    }
}

/// Binds `addr` and runs [`serve`] in a task; `None` (logged) when the
/// address cannot be bound, so the bot runs on without metrics.
pub async fn spawn(
    addr: SocketAddr,
    service: Arc<TableService>,
    stop: watch::Receiver<bool>,
) -> Option<tokio::task::JoinHandle<()>> {
    match tokio::net::TcpListener::bind(addr).await {
        Ok(listener) => {
            tracing::info!(%addr, "metrics on /metrics, health on /healthz");
            Some(tokio::spawn(serve(listener, service, stop)))
        }
        Err(e) => {
            tracing::error!(%addr, error = %e, "cannot listen for metrics");
            None
        }
    }
}

async fn scrape(State(service): State<Arc<TableService>>) -> Response {
    let store = service.store();
    let gauges = tokio::time::timeout(DATABASE_WAIT, store.gauges(service.now_ms()))
        .await
        .ok()
        .and_then(Result::ok);
    let m = metrics::global();
    m.set_database(gauges, store.pool_use());
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        m.encode(),
    )
        .into_response()
}

async fn health(State(service): State<Arc<TableService>>) -> Response {
    match tokio::time::timeout(DATABASE_WAIT, service.store().ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ok\n").into_response(),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "health check: the database failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable\n").into_response()
        }
        Err(_) => {
            tracing::warn!("health check: the database did not answer");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable\n").into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_is_off_by_default_and_checked_when_set() {
        assert!(metrics_addr(|_| None).unwrap().is_none());
        assert!(metrics_addr(|_| Some(" ".into())).unwrap().is_none());
        assert_eq!(
            metrics_addr(|_| Some("127.0.0.1:9100".into())).unwrap(),
            Some("127.0.0.1:9100".parse().unwrap())
        );
        assert!(metrics_addr(|_| Some("localhost".into())).is_err());
    }
}
