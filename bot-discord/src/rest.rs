//! The outbox's own Discord REST client, which honours Discord's rate
//! limits per bucket whatever the base URL: serenity's limiter only works
//! against discord.com itself and its errors drop `retry_after` and the
//! `X-RateLimit-*` headers.
//!
//! Each response names its bucket (`X-RateLimit-Bucket`), how many requests
//! it has left (`X-RateLimit-Remaining`) and when it refills
//! (`X-RateLimit-Reset-After`, seconds). A bucket is shared by routes that
//! name the same bucket, separately per major parameter (the channel). A
//! bucket with nothing left is not asked again before it refills; a 429
//! holds its bucket (or, with `"global": true`, every request) for the
//! body's `retry_after`. Nothing here sleeps: a request that would come
//! too early is answered [`RestError::Wait`] at once, so the outbox
//! postpones only that lane.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::Value;

/// Why a request did not succeed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestError {
    /// Rate limited: ask again after this long.
    #[error("rate limited for {0:?}")]
    Wait(Duration),
    /// Discord refused: HTTP status, Discord's error code, its message.
    #[error("HTTP {0}, code {1}: {2}")]
    Refused(u16, i64, String),
    /// No answer (connection refused, timeout, unreadable body).
    #[error("network: {0}")]
    Network(String),
}

/// A file to upload with a message.
#[derive(Clone, Debug)]
pub struct Upload {
    /// The file name, as `attachment://` names it in an embed.
    pub filename: String,
    /// The bytes.
    pub bytes: std::sync::Arc<[u8]>,
}

/// What the client knows of the buckets.
#[derive(Default)]
struct Limits {
    /// Route (method and path with the major parameter kept, other ids
    /// blanked) → the bucket Discord named for it.
    bucket_of: HashMap<String, String>,
    /// Bucket and major parameter → not before this instant.
    closed_until: HashMap<String, Instant>,
    /// Every request waits until then (a global 429).
    global_until: Option<Instant>,
}

/// A small Discord REST client for the outbox.
pub struct Rest {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or the same under another base.
    base: String,
    token: String,
    limits: Mutex<Limits>,
    /// One request at a time per channel: the outbox
    /// delivers several tables at once and the handlers answer at the same
    /// time, so a second request to a channel waits for the first one's
    /// answer, and its rate-limit headers, instead of racing into a 429.
    gates: Mutex<HashMap<String, std::sync::Arc<tokio::sync::Mutex<()>>>>,
}

/// The route of a path: ids after the major parameter blanked, so that
/// `PATCH /channels/1/messages/7` and `/8` share a route. The major
/// parameter is the id after `channels`, `guilds` or `webhooks`.
fn route(method: &Method, path: &str) -> (String, String) {
    let mut major = String::new();
    let mut parts = Vec::new();
    let mut previous = "";
    for part in path.split('/') {
        let is_id = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        if is_id && major.is_empty() && matches!(previous, "channels" | "guilds" | "webhooks") {
            major = part.to_owned();
            parts.push(part.to_owned());
        } else if is_id {
            parts.push("{id}".to_owned());
        } else {
            parts.push(part.to_owned());
        }
        previous = part;
    }
    (format!("{method} {}", parts.join("/")), major)
}

fn seconds(v: f64) -> Duration {
    Duration::from_secs_f64(if v.is_finite() && v > 0.0 { v } else { 0.0 })
}

impl Rest {
    /// A client for the API under `base` (`https://discord.com` or a test
    /// server), authorised with the bot `token`.
    pub fn new(base: &str, token: &str) -> Rest {
        Rest {
            client: reqwest::Client::new(),
            base: format!("{}/api/v10", base.trim_end_matches('/')),
            token: token.to_owned(),
            limits: Mutex::new(Limits::default()),
            gates: Mutex::new(HashMap::new()),
        }
    }

    /// The gate of requests with major parameter `major`.
    fn gate(&self, major: &str) -> Option<std::sync::Arc<tokio::sync::Mutex<()>>> {
        let mut gates = self.gates.lock().ok()?;
        Some(gates.entry(major.to_owned()).or_default().clone())
    }

    /// How long a request on this route must still wait, if at all.
    fn wait_for(&self, route: &str, major: &str) -> Option<Duration> {
        let limits = self.limits.lock().ok()?;
        let now = Instant::now();
        let mut until = limits.global_until.filter(|u| *u > now);
        if let Some(bucket) = limits.bucket_of.get(route)
            && let Some(closed) = limits.closed_until.get(&format!("{bucket}:{major}"))
            && *closed > now
        {
            until = until.max(Some(*closed));
        }
        until.map(|u| u - now)
    }

    /// Learns from a response's headers (and a 429's body) when its bucket
    /// may be asked again; returns the wait a 429 asks for.
    fn learn(
        &self,
        route: &str,
        major: &str,
        headers: &reqwest::header::HeaderMap,
        status: u16,
        body: &Value,
    ) -> Option<Duration> {
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let mut limits = self.limits.lock().ok()?;
        let now = Instant::now();
        let bucket = header("x-ratelimit-bucket").map(str::to_owned);
        if let Some(b) = &bucket {
            limits.bucket_of.insert(route.to_owned(), b.clone());
        }
        let bucket = bucket
            .or_else(|| limits.bucket_of.get(route).cloned())
            .unwrap_or_else(|| route.to_owned());
        let key = format!("{bucket}:{major}");
        let reset_after = header("x-ratelimit-reset-after")
            .and_then(|v| v.parse::<f64>().ok())
            .map(seconds);
        let remaining = header("x-ratelimit-remaining").and_then(|v| v.parse::<u64>().ok());
        if remaining == Some(0)
            && let Some(after) = reset_after
        {
            limits.closed_until.insert(key.clone(), now + after);
        }
        if status != 429 {
            return None;
        }
        // The body's retry_after is the platform's word; the header's
        // Reset-After (or Retry-After) stands in when the body has none.
        let wait = body["retry_after"]
            .as_f64()
            .map(seconds)
            .or(reset_after)
            .or_else(|| {
                header("retry-after")
                    .and_then(|v| v.parse::<f64>().ok())
                    .map(seconds)
            })
            .unwrap_or(Duration::from_secs(1));
        let global = body["global"].as_bool().unwrap_or(false)
            || header("x-ratelimit-global").is_some_and(|v| v == "true");
        if global {
            limits.global_until = Some(now + wait);
        } else {
            limits.closed_until.insert(key, now + wait);
        }
        Some(wait)
    }

    /// Sends one request (`path` below `/api/v10`, e.g.
    /// `/channels/1/messages`); the JSON answer (`Null` for 204).
    ///
    /// # Errors
    /// [`RestError::Wait`] while the route's bucket (or everything) is
    /// rate limited, without asking Discord; Discord's refusal; network
    /// failures.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Value, RestError> {
        self.send(method, path, body, &[]).await
    }

    /// Like [`Rest::call`], with files: the body goes as `payload_json`
    /// and each file as `files[i]` of a `multipart/form-data` request (the
    /// body's `attachments` name them by `id` = `i`).
    ///
    /// # Errors
    /// As [`Rest::call`].
    pub async fn call_with_files(
        &self,
        method: Method,
        path: &str,
        body: &Value,
        files: &[Upload],
    ) -> Result<Value, RestError> {
        self.send(method, path, Some(body), files).await
    }

    async fn send(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        files: &[Upload],
    ) -> Result<Value, RestError> {
        let (route, major) = route(&method, path);
        // Channels only: every interaction follow-up shares the
        // application's id as its major parameter, and those must not
        // wait for each other.
        let gate = if path.starts_with("/channels/") && !major.is_empty() {
            self.gate(&major)
        } else {
            None
        };
        let _turn = match &gate {
            Some(gate) => Some(gate.lock().await),
            None => None,
        };
        if let Some(wait) = self.wait_for(&route, &major) {
            return Err(RestError::Wait(wait));
        }
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("authorization", format!("Bot {}", self.token))
            .header("user-agent", "DiscordBot (tarock, 0.1)");
        if !files.is_empty() {
            let mut form = reqwest::multipart::Form::new().text(
                "payload_json",
                body.map_or_else(|| "{}".to_owned(), Value::to_string),
            );
            for (i, file) in files.iter().enumerate() {
                let part = reqwest::multipart::Part::bytes(file.bytes.to_vec())
                    .file_name(file.filename.clone())
                    .mime_str("image/png")
                    .map_err(|e| RestError::Network(e.to_string()))?;
                form = form.part(format!("files[{i}]"), part);
            }
            request = request.multipart(form);
        } else if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        let response = request
            .send()
            .await
            .map_err(|e| RestError::Network(e.to_string()))?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response
            .text()
            .await
            .map_err(|e| RestError::Network(e.to_string()))?;
        let json: Value = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::Null)
        };
        if let Some(wait) = self.learn(&route, &major, &headers, status, &json) {
            return Err(RestError::Wait(wait));
        }
        if (200..300).contains(&status) {
            Ok(json)
        } else {
            Err(RestError::Refused(
                status,
                json["code"].as_i64().unwrap_or(0),
                json["message"].as_str().unwrap_or(&text).to_owned(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_keep_the_channel_and_blank_other_ids() {
        assert_eq!(
            route(&Method::PATCH, "/channels/12/messages/99"),
            (
                "PATCH /channels/12/messages/{id}".to_owned(),
                "12".to_owned()
            )
        );
        assert_eq!(
            route(&Method::POST, "/users/@me/channels"),
            ("POST /users/@me/channels".to_owned(), String::new())
        );
    }
}
