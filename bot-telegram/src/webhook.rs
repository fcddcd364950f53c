//! Webhook mode: Telegram POSTs each update to a public HTTPS URL, which a
//! reverse proxy or load balancer forwards to this process's listener.
//! Several processes may listen behind one URL and share one database:
//! each update is handled by whichever process it reaches.
//!
//! Every request must carry the secret given to `setWebhook` in
//! `X-Telegram-Bot-Api-Secret-Token` (compared in constant time); anything
//! else gets 401 and is not read. A body that is too large or is not an
//! update gets 400. The answer (200) is given only after the update was
//! handled, which commits it, so an update whose answer never came (a
//! crash, a kill) is sent again by Telegram, to this or another process,
//! and the update-id check of the table service makes the second arrival
//! harmless. A failed handling (the database) answers 500: Telegram tries
//! again later.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use teloxide::types::Update;
use tokio::sync::watch;
use url::Url;

use crate::Ctx;

/// The header Telegram puts the secret in.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// The largest body taken: an update is a few kilobytes; Telegram's
/// largest (a message with a long text, entities and a keyboard) stays far
/// below this.
pub const MAX_BODY: usize = 1 << 20;

/// Where Telegram sends updates, and how they are checked.
#[derive(Clone)]
pub struct Webhook {
    /// The public HTTPS URL given to `setWebhook` (`TELEGRAM_WEBHOOK_URL`);
    /// its path is the path served.
    pub url: Url,
    /// The local address to listen on (`TELEGRAM_WEBHOOK_LISTEN`).
    pub listen: SocketAddr,
    /// The secret every request must carry (`TELEGRAM_WEBHOOK_SECRET`):
    /// 1–256 characters of `A-Z a-z 0-9 _ -`, the same in every process
    /// behind the URL.
    pub secret: String,
}

impl std::fmt::Debug for Webhook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the secret.
        f.debug_struct("Webhook")
            .field("url", &self.url.as_str())
            .field("listen", &self.listen)
            .finish_non_exhaustive()
    }
}

/// Whether a secret is one Telegram accepts.
pub fn valid_secret(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Compares two byte strings in time that depends on their lengths only,
/// not on where they differ, so the secret cannot be guessed byte by byte
/// from answer times.
pub fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    let mut diff = u8::from(given.len() != expected.len());
    for (i, e) in expected.iter().enumerate() {
        diff |= given.get(i).copied().unwrap_or(0) ^ e;
    }
    diff == 0
}

struct Shared {
    ctx: Arc<Ctx>,
    secret: String,
}

/// Serves the webhook on `listener` until `stop` turns true; then stops
/// accepting and waits for the updates in flight to be handled.
pub(crate) async fn serve(
    listener: tokio::net::TcpListener,
    path: String,
    ctx: Arc<Ctx>,
    secret: String,
    mut stop: watch::Receiver<bool>,
) {
    let shared = Arc::new(Shared { ctx, secret });
    let app = Router::new().route(&path, post(receive)).with_state(shared);
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
        tracing::error!(error = %e, "webhook listener failed");
    }
}

/// One request from Telegram.
async fn receive(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Body) -> StatusCode {
    let given = headers
        .get(SECRET_HEADER)
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    if !same_secret(given, shared.secret.as_bytes()) {
        tracing::warn!("webhook request without the right secret: refused");
        return StatusCode::UNAUTHORIZED;
    }
    let Ok(bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
        tracing::warn!("webhook body too large or cut off");
        return StatusCode::BAD_REQUEST;
    };
    let update: Update = match serde_json::from_slice(&bytes) {
        Ok(update) => update,
        Err(e) => {
            tracing::warn!(error = %e, "webhook body is not an update");
            return StatusCode::BAD_REQUEST;
        }
    };
    let id = update.id.0;
    match crate::on_update(shared.ctx.clone(), update).await {
        Ok(()) => StatusCode::OK,
        Err(e) => {
            // Not handled: Telegram sends it again.
            tracing::error!(update = id, error = %e, "handling a webhook update");
            StatusCode::INTERNAL_SERVER_ERROR
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_compare_whole_and_only_telegrams_alphabet_is_valid() {
        assert!(same_secret(b"abc-123_X", b"abc-123_X"));
        assert!(!same_secret(b"abc-123_Y", b"abc-123_X"));
        assert!(!same_secret(b"abc-123_", b"abc-123_X"));
        assert!(!same_secret(b"abc-123_XX", b"abc-123_X"));
        assert!(!same_secret(b"", b"abc"));
        assert!(valid_secret("abc-123_X"));
        assert!(valid_secret(&"a".repeat(256)));
        assert!(!valid_secret(&"a".repeat(257)));
        assert!(!valid_secret(""));
        assert!(!valid_secret("with space"));
        assert!(!valid_secret("ümlaut"));
    }
}
