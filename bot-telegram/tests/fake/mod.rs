//! A tiny fake of the Telegram Bot API for the end-to-end tests: it serves
//! queued updates through `getUpdates`, keeps the messages the bot sends and
//! edits, records every request, enforces Telegram's limits (callback data ≤
//! 64 bytes, texts ≤ 4096), and answers 403 for users who never started the
//! bot and 429 once when asked. Like Telegram it refuses a second answer to
//! one callback query and an edit identical to the message as it stands;
//! both are recorded as violations.
//!
//! Webhook mode as Telegram has it: `setWebhook` (an HTTPS URL, a secret
//! token of 1–256 characters `A-Z a-z 0-9 _ -`, sent as multipart form
//! data by teloxide) makes `getUpdates` answer 409, and queued updates are
//! POSTed one at a time, in order, with the secret in
//! `X-Telegram-Bot-Api-Secret-Token`; an update counts as delivered only on
//! a 2xx answer and is posted again otherwise. The public URL stands for a
//! load balancer: [`Fake::balance_to`] names the bot processes behind it,
//! and the updates go to them in turn (a process that does not answer is
//! skipped, as a balancer's health check would).

#![allow(dead_code)]

mod media;
pub mod multipart;

pub use media::png_size as media_png_size;
pub use multipart::Upload;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// The bot's own user id.
pub const BOT_ID: i64 = 999;
/// The bot's username.
pub const BOT_NAME: &str = "tarock_test_bot";

/// Telegram's refusal of an edit that changes nothing.
pub const NOT_MODIFIED: &str = "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

/// One thing the fake saw, in order: a request or an update queued by a test.
#[derive(Clone, Debug)]
pub enum Event {
    /// A request: the method and its JSON body.
    Request(String, Value),
    /// An update a test queued.
    Update(Value),
}

/// The fake's state.
#[derive(Default)]
pub struct Inner {
    /// Everything in order.
    pub log: Vec<Event>,
    /// Updates not yet confirmed by an offset.
    queue: Vec<Value>,
    next_update: u64,
    pub(crate) next_message: i64,
    /// Messages as they stand now, by chat and message id.
    pub messages: HashMap<(i64, i64), Value>,
    /// Users whose private chat answers 403: they never started the bot.
    pub forbidden: HashSet<i64>,
    /// Users who blocked the bot: their private chat answers 403 too,
    /// with Telegram's other text.
    pub blocked: HashSet<i64>,
    /// Answer the next sendMessage to this chat with a 429.
    pub rate_limit_once: HashSet<i64>,
    /// Answer the next editMessageText in this chat with a 429.
    pub rate_limit_edit_once: HashSet<i64>,
    /// Requests refused for breaking a limit (the bot must never cause one).
    pub violations: Vec<String>,
    /// The ids of the updates each `getUpdates` answer carried, in order.
    pub delivered: Vec<Vec<i64>>,
    /// The callback queries answered so far.
    pub answered: HashSet<String>,
    /// Every file uploaded, with the method that carried it, in order.
    pub uploads: Vec<(String, Upload)>,
    /// The webhook set by `setWebhook`: the URL and the secret token.
    pub webhook: Option<(String, Option<String>)>,
    /// The bot processes behind the webhook's URL (`http://IP:PORT`).
    pub targets: Vec<String>,
    /// Every webhook POST: update id, target index, HTTP status (0: no
    /// answer, the connection failed).
    pub posted: Vec<(i64, usize, u16)>,
}

/// The running fake.
#[derive(Clone)]
pub struct Fake {
    /// Its base URL for `TELOXIDE_API_URL`.
    pub url: String,
    /// Its state.
    pub inner: Arc<Mutex<Inner>>,
}

pub(crate) fn ok(result: Value) -> Response {
    (
        StatusCode::OK,
        axum::Json(json!({"ok": true, "result": result})),
    )
        .into_response()
}

pub(crate) fn err(code: u16, description: &str, parameters: Option<Value>) -> Response {
    let mut body = json!({"ok": false, "error_code": code, "description": description});
    if let Some(p) = parameters {
        body["parameters"] = p;
    }
    (
        StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST),
        axum::Json(body),
    )
        .into_response()
}

/// A chat object for an id: negative ids are supergroups, positive ones
/// private chats.
pub fn chat(id: i64) -> Value {
    if id < 0 {
        json!({"id": id, "type": "supergroup", "title": "Tarockrunde", "is_forum": true})
    } else {
        json!({"id": id, "type": "private", "first_name": format!("User{id}")})
    }
}

/// A user object.
pub fn user(id: i64, name: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": name, "language_code": "de"})
}

pub(crate) fn bot_user() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "Tarock", "username": BOT_NAME})
}

pub(crate) fn utf16(s: &str) -> usize {
    s.encode_utf16().count()
}

impl Inner {
    /// Checks the limits of a text and a keyboard; the violation, if any.
    pub(crate) fn check(&mut self, body: &Value) -> Option<String> {
        let text = body["text"].as_str().unwrap_or_default();
        let mut problem = None;
        if text.is_empty() {
            problem = Some("Bad Request: message text is empty".to_owned());
        } else if utf16(text) > 4096 {
            problem = Some("Bad Request: message is too long".to_owned());
        }
        if let Some(p) = keyboard_problem(body) {
            problem = Some(p);
        }
        if let Some(p) = &problem {
            self.violations.push(format!("{p}: {body}"));
        }
        problem
    }

    fn take_updates(&mut self, offset: i64) -> Vec<Value> {
        self.queue
            .retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
        self.queue.clone()
    }
}

/// What is wrong with a message's inline keyboard, if anything.
pub(crate) fn keyboard_problem(body: &Value) -> Option<String> {
    let mut problem = None;
    {
        if let Some(rows) = body["reply_markup"]["inline_keyboard"].as_array() {
            for button in rows
                .iter()
                .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            {
                // A button either calls back (1–64 bytes of data) or
                // switches to inline mode in the chat.
                if button["switch_inline_query_current_chat"].is_string() {
                    if button.get("callback_data").is_some() {
                        problem = Some("Bad Request: BUTTON_TYPE_INVALID".to_owned());
                    }
                    continue;
                }
                let data = button["callback_data"].as_str().unwrap_or_default();
                if data.is_empty() || data.len() > 64 {
                    problem = Some("Bad Request: BUTTON_DATA_INVALID".to_owned());
                }
            }
        }
    }
    problem
}

/// Whether a webhook secret is one Telegram accepts.
fn valid_secret(secret: &str) -> bool {
    (1..=256).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

async fn api(
    State(inner): State<Arc<Mutex<Inner>>>,
    Path((_token, method)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let (body, files) = if content_type.starts_with("multipart/form-data") {
        multipart::parse(&content_type, &body)
    } else {
        (
            serde_json::from_slice(&body).unwrap_or_else(|_| json!({})),
            Vec::new(),
        )
    };
    // Telegram's method names are case-insensitive (teloxide sends `GetMe`).
    let method = [
        "getMe",
        "getUpdates",
        "sendMessage",
        "sendPhoto",
        "editMessageText",
        "editMessageMedia",
        "editMessageCaption",
        "answerCallbackQuery",
        "deleteMessage",
        "editMessageReplyMarkup",
        "answerInlineQuery",
        "setMyCommands",
        "deleteWebhook",
        "getWebhookInfo",
        "setWebhook",
    ]
    .into_iter()
    .find(|m| m.eq_ignore_ascii_case(&method))
    .map_or(method, str::to_owned);
    {
        let mut s = inner.lock().unwrap();
        s.log.push(Event::Request(method.clone(), body.clone()));
        s.uploads
            .extend(files.iter().map(|f| (method.clone(), f.clone())));
    }
    match method.as_str() {
        "getMe" => {
            let mut me = bot_user();
            for (k, v) in [
                ("can_join_groups", true),
                ("can_read_all_group_messages", false),
                ("supports_inline_queries", false),
                ("can_connect_to_business", false),
                ("has_main_web_app", false),
            ] {
                me[k] = json!(v);
            }
            ok(me)
        }
        "getUpdates" if inner.lock().unwrap().webhook.is_some() => err(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
            None,
        ),
        "getUpdates" => {
            let offset = body["offset"].as_i64().unwrap_or(0);
            // A short long poll.
            for _ in 0..10 {
                let updates = inner.lock().unwrap().take_updates(offset);
                if !updates.is_empty() {
                    let ids = updates
                        .iter()
                        .filter_map(|u| u["update_id"].as_i64())
                        .collect();
                    inner.lock().unwrap().delivered.push(ids);
                    return ok(Value::Array(updates));
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            ok(json!([]))
        }
        "sendMessage" => {
            let mut s = inner.lock().unwrap();
            if let Some(p) = s.check(&body) {
                return err(400, &p, None);
            }
            let chat_id = body["chat_id"].as_i64().unwrap_or(0);
            if s.forbidden.contains(&chat_id) {
                return err(
                    403,
                    "Forbidden: bot can't initiate conversation with a user",
                    None,
                );
            }
            if s.blocked.contains(&chat_id) {
                return err(403, "Forbidden: bot was blocked by the user", None);
            }
            if s.rate_limit_once.remove(&chat_id) {
                return err(
                    429,
                    "Too Many Requests: retry after 1",
                    Some(json!({"retry_after": 1})),
                );
            }
            s.next_message += 1;
            let id = s.next_message;
            let mut message = json!({
                "message_id": id,
                "date": 1_700_000_000,
                "chat": chat(chat_id),
                "from": bot_user(),
                "text": body["text"],
            });
            if let Some(thread) = body["message_thread_id"].as_i64() {
                message["message_thread_id"] = json!(thread);
                message["is_topic_message"] = json!(true);
            }
            if body["reply_markup"]["inline_keyboard"].is_array() {
                message["reply_markup"] = body["reply_markup"].clone();
            }
            s.messages.insert((chat_id, id), message.clone());
            ok(message)
        }
        "sendPhoto" => inner.lock().unwrap().send_photo(&body, &files),
        "editMessageMedia" => inner.lock().unwrap().edit_media(&body, &files),
        "editMessageCaption" => inner.lock().unwrap().edit_caption(&body),
        "editMessageText" => {
            let mut s = inner.lock().unwrap();
            if let Some(p) = s.check(&body) {
                return err(400, &p, None);
            }
            let chat_id = body["chat_id"].as_i64().unwrap_or(0);
            let id = body["message_id"].as_i64().unwrap_or(0);
            if s.rate_limit_edit_once.remove(&chat_id) {
                return err(
                    429,
                    "Too Many Requests: retry after 1",
                    Some(json!({"retry_after": 1})),
                );
            }
            let Some(message) = s.messages.get_mut(&(chat_id, id)) else {
                return err(400, "Bad Request: message to edit not found", None);
            };
            if message.get("photo").is_some() {
                return err(
                    400,
                    "Bad Request: there is no text in the message to edit",
                    None,
                );
            }
            let markup = if body["reply_markup"]["inline_keyboard"].is_array() {
                body["reply_markup"].clone()
            } else {
                Value::Null
            };
            if message["text"] == body["text"] && message["reply_markup"] == markup {
                // Harmless to the chat, but a wasted request the bot must
                // not make.
                s.violations.push(format!("identical edit: {body}"));
                return err(400, NOT_MODIFIED, None);
            }
            message["text"] = body["text"].clone();
            message["edit_date"] = json!(1_700_000_001);
            if markup.is_null() {
                message.as_object_mut().unwrap().remove("reply_markup");
            } else {
                message["reply_markup"] = markup;
            }
            ok(message.clone())
        }
        "deleteMessage" => {
            let mut s = inner.lock().unwrap();
            let chat_id = body["chat_id"].as_i64().unwrap_or(0);
            let id = body["message_id"].as_i64().unwrap_or(0);
            if s.messages.remove(&(chat_id, id)).is_none() {
                return err(400, "Bad Request: message to delete not found", None);
            }
            ok(json!(true))
        }
        "editMessageReplyMarkup" => {
            let mut s = inner.lock().unwrap();
            let chat_id = body["chat_id"].as_i64().unwrap_or(0);
            let id = body["message_id"].as_i64().unwrap_or(0);
            let Some(message) = s.messages.get_mut(&(chat_id, id)) else {
                return err(400, "Bad Request: message to edit not found", None);
            };
            if body["reply_markup"]["inline_keyboard"].is_array() {
                message["reply_markup"] = body["reply_markup"].clone();
            } else {
                message.as_object_mut().unwrap().remove("reply_markup");
            }
            ok(message.clone())
        }
        "answerCallbackQuery" => {
            let id = body["callback_query_id"].as_str().unwrap_or_default();
            let mut s = inner.lock().unwrap();
            // A query is answered once; Telegram refuses any later answer.
            if !s.answered.insert(id.to_owned()) {
                s.violations
                    .push(format!("callback query answered twice: {id}"));
                return err(
                    400,
                    "Bad Request: query is too old and response timeout expired or query ID is invalid",
                    None,
                );
            }
            drop(s);
            let text = body["text"].as_str().unwrap_or_default();
            if text.chars().count() > 200 {
                inner
                    .lock()
                    .unwrap()
                    .violations
                    .push(format!("callback answer too long: {text}"));
                return err(400, "Bad Request: MESSAGE_TOO_LONG", None);
            }
            ok(json!(true))
        }
        "answerInlineQuery" => {
            // At most 50 results, each id 1–64 bytes.
            let results = body["results"].as_array().cloned().unwrap_or_default();
            let bad = results.len() > 50
                || results.iter().any(|r| {
                    let id = r["id"].as_str().unwrap_or_default();
                    id.is_empty() || id.len() > 64
                });
            if bad {
                inner
                    .lock()
                    .unwrap()
                    .violations
                    .push(format!("inline results invalid: {body}"));
                return err(400, "Bad Request: RESULT_ID_INVALID", None);
            }
            ok(json!(true))
        }
        "setMyCommands" => ok(json!(true)),
        "setWebhook" => {
            let url = body["url"].as_str().unwrap_or_default().to_owned();
            let secret = body["secret_token"].as_str().map(str::to_owned);
            let mut s = inner.lock().unwrap();
            if url.is_empty() {
                s.webhook = None;
                return ok(json!(true));
            }
            if !url.starts_with("https://") {
                s.violations
                    .push(format!("setWebhook without HTTPS: {url}"));
                return err(
                    400,
                    "Bad Request: bad webhook: An HTTPS URL must be provided for webhook",
                    None,
                );
            }
            if secret.as_deref().is_some_and(|t| !valid_secret(t)) {
                s.violations
                    .push("setWebhook with a bad secret token".to_owned());
                return err(
                    400,
                    "Bad Request: secret token contains unallowed characters",
                    None,
                );
            }
            if body["drop_pending_updates"] == "true" || body["drop_pending_updates"] == true {
                s.queue.clear();
            }
            s.webhook = Some((url, secret));
            ok(json!(true))
        }
        "deleteWebhook" => {
            inner.lock().unwrap().webhook = None;
            ok(json!(true))
        }
        "getWebhookInfo" => {
            let s = inner.lock().unwrap();
            let url = s
                .webhook
                .as_ref()
                .map_or("", |(u, _)| u.as_str())
                .to_owned();
            let pending = s.queue.len();
            ok(
                json!({"url": url, "has_custom_certificate": false, "pending_update_count": pending}),
            )
        }
        _ => err(404, "Not Found: method not found", None),
    }
}

impl Fake {
    /// Starts the fake on a free local port.
    pub async fn start() -> Fake {
        let inner = Arc::new(Mutex::new(Inner {
            next_update: 1,
            next_message: 100,
            ..Inner::default()
        }));
        let app = Router::new()
            .route("/{token}/{method}", axum::routing::post(api))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Fake {
            url: format!("http://{addr}/"),
            inner,
        }
    }

    /// Queues an update (its id is assigned here) and returns it.
    pub fn push(&self, mut update: Value) -> Value {
        let mut s = self.inner.lock().unwrap();
        update["update_id"] = json!(s.next_update);
        s.next_update += 1;
        s.queue.push(update.clone());
        s.log.push(Event::Update(update.clone()));
        update
    }

    /// Queues a text message from a user in a chat.
    pub fn say(&self, chat_id: i64, from: (i64, &str), text: &str) -> Value {
        let mut message = json!({
            "message_id": 1,
            "date": 1_700_000_000,
            "chat": chat(chat_id),
            "from": user(from.0, from.1),
            "text": text,
        });
        if text.starts_with('/') {
            let len = text
                .split_whitespace()
                .next()
                .unwrap_or("")
                .encode_utf16()
                .count();
            message["entities"] = json!([{"type": "bot_command", "offset": 0, "length": len}]);
        }
        self.push(json!({ "message": message }))
    }

    /// Queues an inline query (the user typed the bot's name in a chat);
    /// returns its id.
    pub fn inline_query(&self, from: (i64, &str)) -> String {
        let id = {
            let s = self.inner.lock().unwrap();
            format!("iq{}", s.next_update)
        };
        self.push(json!({
            "inline_query": {
                "id": id,
                "from": user(from.0, from.1),
                "query": "",
                "offset": "",
                "chat_type": "supergroup",
            }
        }));
        id
    }

    /// Queues the report that the user chose an inline result.
    pub fn choose_inline(&self, from: (i64, &str), result_id: &str) {
        self.push(json!({
            "chosen_inline_result": {
                "result_id": result_id,
                "from": user(from.0, from.1),
                "query": "",
            }
        }));
    }

    /// The answer to an inline query, once given.
    pub async fn inline_answer(&self, query_id: &str) -> Value {
        let id = query_id.to_owned();
        self.wait_for("the inline answer", |f| {
            f.requests("answerInlineQuery")
                .into_iter()
                .find(|b| b["inline_query_id"] == id.as_str())
        })
        .await
    }

    /// Queues a button press on a message the bot sent; returns the callback id.
    pub fn press(&self, from: (i64, &str), message: &Value, data: &str) -> String {
        let id = {
            let s = self.inner.lock().unwrap();
            format!("cb{}", s.next_update)
        };
        self.push(json!({
            "callback_query": {
                "id": id,
                "from": user(from.0, from.1),
                "message": message,
                "chat_instance": "ci",
                "data": data,
            }
        }));
        id
    }

    /// Every request of a method, in order.
    pub fn requests(&self, method: &str) -> Vec<Value> {
        self.inner
            .lock()
            .unwrap()
            .log
            .iter()
            .filter_map(|e| match e {
                Event::Request(m, body) if m == method => Some(body.clone()),
                _ => None,
            })
            .collect()
    }

    /// The answer to a callback query, once given.
    pub fn answer(&self, callback_id: &str) -> Option<Value> {
        self.requests("answerCallbackQuery")
            .into_iter()
            .find(|b| b["callback_query_id"] == callback_id)
    }

    /// The bot's messages in a chat as they stand now, oldest first.
    pub fn messages_in(&self, chat_id: i64) -> Vec<Value> {
        let s = self.inner.lock().unwrap();
        let mut out: Vec<Value> = s
            .messages
            .iter()
            .filter(|((c, _), _)| *c == chat_id)
            .map(|(_, m)| m.clone())
            .collect();
        out.sort_by_key(|m| m["message_id"].as_i64());
        out
    }

    /// The limits the bot broke.
    pub fn violations(&self) -> Vec<String> {
        self.inner.lock().unwrap().violations.clone()
    }

    /// Waits until `check` holds, polling; panics after a generous time (a
    /// hang guard, not a timing assertion).
    pub async fn wait_for<T>(&self, what: &str, mut check: impl FnMut(&Fake) -> Option<T>) -> T {
        for _ in 0..6000 {
            if let Some(t) = check(self) {
                return t;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let log = self.inner.lock().unwrap().log.clone();
        let tail: Vec<String> = log
            .iter()
            .rev()
            .take(30)
            .map(|e| match e {
                Event::Request(m, b) => format!("{m} {b}"),
                Event::Update(u) => format!("update {u}"),
            })
            .collect();
        panic!(
            "timed out waiting for {what}; last events (newest first):\n{}",
            tail.join("\n")
        );
    }

    /// Puts bot processes (`http://IP:PORT`) behind the webhook's URL and
    /// starts posting queued updates to them, in turn, once a webhook is
    /// set: each update goes to the next process; one that does not answer
    /// 2xx is skipped and the update goes to the one after it.
    pub fn balance_to(&self, targets: Vec<String>) {
        self.inner.lock().unwrap().targets = targets;
        let inner = self.inner.clone();
        tokio::spawn(async move {
            let client = reqwest::Client::new();
            let mut turn = 0usize;
            loop {
                let next = {
                    let s = inner.lock().unwrap();
                    match (&s.webhook, s.queue.first()) {
                        (Some((url, secret)), Some(update)) if !s.targets.is_empty() => Some((
                            url.clone(),
                            secret.clone(),
                            update.clone(),
                            s.targets.clone(),
                        )),
                        _ => None,
                    }
                };
                let Some((url, secret, update, targets)) = next else {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                let index = turn % targets.len();
                turn += 1;
                let path = url
                    .splitn(4, '/')
                    .nth(3)
                    .map_or_else(|| "/".to_owned(), |p| format!("/{p}"));
                let mut request = client
                    .post(format!("{}{path}", targets[index]))
                    .header("content-type", "application/json")
                    .body(update.to_string());
                if let Some(secret) = secret {
                    request = request.header("X-Telegram-Bot-Api-Secret-Token", secret);
                }
                let id = update["update_id"].as_i64().unwrap_or(0);
                let status = match request.send().await {
                    Ok(answer) => answer.status().as_u16(),
                    Err(_) => 0,
                };
                let delivered = (200..300).contains(&status);
                {
                    let mut s = inner.lock().unwrap();
                    s.posted.push((id, index, status));
                    if delivered {
                        s.queue.retain(|u| u["update_id"].as_i64() != Some(id));
                    }
                }
                if !delivered {
                    // Telegram waits before it tries again.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        });
    }

    /// Updates queued and not yet delivered.
    pub fn pending_updates(&self) -> usize {
        self.inner.lock().unwrap().queue.len()
    }

    /// Waits for the answer to a callback query.
    pub async fn answered(&self, callback_id: &str) -> Value {
        let id = callback_id.to_owned();
        self.wait_for(&format!("the answer to {id}"), |f| f.answer(&id))
            .await
    }
}

/// The payloads of a message's buttons.
pub fn payloads(message: &Value) -> Vec<String> {
    message["reply_markup"]["inline_keyboard"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .flat_map(|r| r.as_array().cloned().unwrap_or_default())
                .filter_map(|b| b["callback_data"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The action part of a payload (`t1:2.3:pT21` → `pT21`).
pub fn action(payload: &str) -> &str {
    payload.rsplit(':').next().unwrap_or("")
}

/// The step part of a payload (`t1:2.3:pT21` → `2.3`).
pub fn step(payload: &str) -> &str {
    payload.split(':').nth(1).unwrap_or("")
}
