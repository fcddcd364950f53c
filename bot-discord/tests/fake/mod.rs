//! A fake Discord for end-to-end tests: the REST API (under `/api/v10`) and
//! the gateway WebSocket, speaking the JSON shapes serenity 0.12.5 reads.
//!
//! Point serenity at it with
//! `HttpBuilder::new(token).proxy(fake.url.clone()).ratelimiter_disabled(true)`
//! (serenity's ratelimiter ignores the proxy, so it must be disabled).
//!
//! Everything the bot does is recorded in [`Inner`]; whatever real Discord
//! would refuse is answered like Discord does and also pushed to
//! [`Inner::violations`], which tests should assert stays empty.
//! Mistakes of the *test* (clicking a button that does not exist, a slash
//! option the bot never registered, ...) panic in the helper instead.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

/// The application id, which is also the bot user's id.
pub const APP_ID: u64 = 1_000;
/// The one guild the bot is in.
pub const GUILD_ID: u64 = 2_000;
/// The application's owner (answered by `GET /oauth2/applications/@me`).
pub const OWNER_ID: u64 = 3_000;
/// The bot user's name.
pub const BOT_NAME: &str = "Tarock";
/// DM channel ids are `DM_CHANNEL_BASE + user id`.
pub const DM_CHANNEL_BASE: u64 = 900_000;
/// Command id used in interactions when the bot registered no commands.
pub const UNREGISTERED_COMMAND_ID: u64 = 5_000;
/// Discord's limit for the first answer to an interaction.
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);
/// How long the async helpers wait before panicking.
pub const WAIT_LIMIT: Duration = Duration::from_secs(20);

/// MANAGE_GUILD.
pub const PERM_MANAGE_GUILD: u64 = 1 << 5;
/// The channel permissions of an ordinary member: add reactions, view
/// channel, send messages, embed links, attach files, read history, external
/// emojis, use application commands.
pub const PERMS_MEMBER: u64 =
    (1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 18) | (1 << 31);
/// An ordinary member plus MANAGE_GUILD.
pub const PERMS_ADMIN: u64 = PERMS_MEMBER | PERM_MANAGE_GUILD;
/// `app_permissions` sent with interactions.
pub const PERMS_BOT: u64 = PERMS_MEMBER;

const EPHEMERAL: u64 = 1 << 6;
const LOADING: u64 = 1 << 7;

/// A user who sends interactions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct User {
    pub id: u64,
    /// Used as `username` and `global_name`.
    pub name: &'static str,
    /// The client locale, e.g. `"de"` or `"en-US"`.
    pub locale: &'static str,
}

impl User {
    pub fn json(&self) -> Value {
        user_json(self.id, self.name, false)
    }
}

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// Without the `/api/v10` prefix and without the query string.
    pub path: String,
    /// The query string (without `?`), empty if none.
    pub query: String,
    /// The JSON body (for multipart requests: `payload_json`); `Null` if none.
    pub body: Value,
    /// File names of multipart uploads.
    pub files: Vec<String>,
    /// The status the fake answered with.
    pub status: u16,
}

/// A message as the fake stores it (always authored by the bot).
#[derive(Clone, Debug)]
pub struct Message {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    /// JSON array of action rows, as the bot sent it.
    pub components: Value,
    /// JSON array of embeds.
    pub embeds: Value,
    /// JSON array of attachment objects.
    pub attachments: Value,
    pub flags: u64,
    /// Message type: 0 default, 20 chat input command response.
    pub kind: u64,
    /// Set when the message was created with an interaction's token.
    pub interaction_id: Option<String>,
    /// For ephemeral messages: the only user who can see (and click) it.
    pub visible_to: Option<u64>,
    pub timestamp: String,
    pub edited_timestamp: Option<String>,
}

impl Message {
    /// The message as Discord's REST API returns it.
    pub fn to_json(&self) -> Value {
        let mut v = json!({
            "id": self.id.to_string(),
            "channel_id": self.channel_id.to_string(),
            "author": bot_user_json(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "pinned": false,
            "type": self.kind,
            "flags": self.flags,
            "components": self.components,
        });
        if self.interaction_id.is_some() {
            v["webhook_id"] = json!(APP_ID.to_string());
            v["application_id"] = json!(APP_ID.to_string());
        }
        v
    }

    pub fn is_ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// All components (buttons, selects) of all action rows, in order.
    pub fn all_components(&self) -> Vec<Value> {
        let mut out = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            out.extend(row["components"].as_array().into_iter().flatten().cloned());
        }
        out
    }

    /// The custom ids of all components, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        self.all_components()
            .iter()
            .filter_map(|c| c["custom_id"].as_str().map(str::to_string))
            .collect()
    }

    /// The component with that custom id.
    pub fn component(&self, custom_id: &str) -> Option<Value> {
        self.all_components()
            .into_iter()
            .find(|c| c["custom_id"].as_str() == Some(custom_id))
    }
}

/// An interaction the fake sent.
#[derive(Clone, Debug)]
pub struct InteractionRecord {
    pub id: String,
    pub token: String,
    /// 2 application command, 3 message component.
    pub kind: u64,
    pub user: User,
    pub channel_id: u64,
    /// For components: the message the component is on.
    pub message_id: Option<u64>,
    pub sent_at: Instant,
    /// The type of the first callback.
    pub acked: Option<u64>,
    /// How long after it was sent the first callback came.
    pub answered_after: Option<Duration>,
    /// The message `@original` refers to.
    pub original: Option<u64>,
    /// The shard id of the gateway connection it was sent on.
    pub shard: u64,
}

struct Conn {
    tx: UnboundedSender<Out>,
    /// `[id, total]` from its IDENTIFY (`[0, 1]` when it sent none).
    shard: [u64; 2],
    seq: u64,
    session: Option<String>,
    ready: bool,
    alive: bool,
    /// Whether it came on the resume URL READY named.
    on_resume_url: bool,
}

enum Out {
    Text(String),
    Close(u16),
}

/// One file of a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    /// The form field (`files[0]`, …).
    pub field: String,
    /// The file name.
    pub filename: String,
    /// Its size in bytes.
    pub size: usize,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The largest attachment a bot may upload (Discord's default limit, also
/// sent as `attachment_size_limit` with interactions).
pub const MAX_ATTACHMENT_BYTES: usize = 10_485_760;
/// The most attachments of one message.
pub const MAX_ATTACHMENTS: usize = 10;

/// Everything the fake knows. Lock it through [`Fake::inner`].
#[derive(Default)]
pub struct Inner {
    /// Every REST request, in order.
    pub requests: Vec<Request>,
    /// Message id -> current state (channel, DM and interaction messages).
    pub messages: HashMap<u64, Message>,
    /// Interaction id -> bodies of its callbacks and of the follow-ups sent
    /// with its token, in order.
    pub responses: HashMap<String, Vec<Value>>,
    /// Users whose DMs are closed (sending to their DM channel gets 50007).
    pub dm_closed: HashSet<u64>,
    /// Channel ids whose next message POST/PATCH gets a 429 (once).
    pub rate_limit_once: HashSet<u64>,
    /// Message texts whose next POST (to any channel) gets a 429 (once
    /// each), closing that channel's bucket like any other 429.
    pub rate_limit_text_once: HashSet<String>,
    /// The `retry_after` (seconds) of those 429s; 0.2 unless a test sets it.
    pub retry_after: Option<f64>,
    /// Message routes' buckets per channel that Discord closed (a 429, or
    /// `X-RateLimit-Remaining: 0`) until then: a request before it is early.
    pub closed_until: HashMap<u64, Instant>,
    /// Everything Discord would have refused.
    pub violations: Vec<String>,
    /// Every uploaded file with the request (method and path) it came in.
    pub uploads: Vec<(String, FilePart)>,
    /// The global commands as last registered (with ids).
    pub commands: Vec<Value>,
    /// Guild id -> guild commands as last registered (with ids).
    pub guild_commands: HashMap<u64, Vec<Value>>,
    /// User id -> DM channel id, for the DM channels the bot opened.
    pub dm_channels: HashMap<u64, u64>,
    /// Users seen in interactions.
    pub users: HashMap<u64, User>,
    /// The `d` of every IDENTIFY.
    pub identifies: Vec<Value>,
    /// Interaction id -> what the fake sent and how it was answered.
    pub interactions: HashMap<String, InteractionRecord>,
    /// Interaction id -> the INTERACTION_CREATE payload sent (to send it
    /// again, as Discord does after a resume).
    pub sent_payloads: HashMap<String, Value>,
    /// How many READYs were sent.
    pub ready_count: usize,
    /// Channel id -> its guild, for channels outside [`GUILD_ID`].
    pub channel_guilds: HashMap<u64, u64>,
    /// How many RESUMEs were answered with RESUMED.
    pub resumed_count: usize,
    /// How many RESUMEs were refused (op 9) because they came on another
    /// URL than READY's `resume_gateway_url`.
    pub resumes_refused: usize,
    /// Message ids the fake ever handed out.
    issued: HashSet<u64>,
    sessions: HashMap<String, u64>,
    tokens: HashMap<String, String>,
    connections: Vec<Conn>,
    next_id: u64,
    base_url: String,
    gateway_url: String,
}

/// The running fake. Cheap to clone.
#[derive(Clone)]
pub struct Fake {
    /// `http://127.0.0.1:PORT`: the REST base (what the proxy is set to).
    pub url: String,
    /// `ws://127.0.0.1:PORT`: the gateway (answered by `GET /gateway`).
    pub gateway_url: String,
    pub inner: Arc<Mutex<Inner>>,
}

impl Fake {
    /// Binds REST and gateway on 127.0.0.1 and serves them on the current
    /// tokio runtime.
    pub async fn start() -> Fake {
        let rest = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST");
        let gateway = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let url = format!("http://{}", rest.local_addr().unwrap());
        let gateway_url = format!("ws://{}", gateway.local_addr().unwrap());
        let inner = Inner {
            next_id: 100_000_000_000,
            base_url: url.clone(),
            gateway_url: gateway_url.clone(),
            ..Inner::default()
        };
        let fake = Fake {
            url,
            gateway_url,
            inner: Arc::new(Mutex::new(inner)),
        };
        let rest_app = Router::new()
            .fallback(rest_handler)
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(rest, rest_app).await.expect("REST server") });
        let gateway_app = Router::new()
            .fallback(gateway_handler)
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(gateway, gateway_app).await.expect("gateway") });
        fake
    }

    /// Locks the state.
    pub fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until `connections` clients in total got READY.
    pub async fn wait_ready(&self, connections: usize) {
        self.wait_until(&format!("{connections} gateway READY(s)"), |i| {
            (i.ready_count >= connections).then_some(())
        })
        .await
    }

    /// Polls `f` until it returns `Some` (panics after [`WAIT_LIMIT`]).
    pub async fn wait_until<T>(&self, what: &str, mut f: impl FnMut(&Inner) -> Option<T>) -> T {
        let deadline = Instant::now() + WAIT_LIMIT;
        loop {
            {
                let inner = self.lock();
                if let Some(v) = f(&inner) {
                    return v;
                }
                if Instant::now() > deadline {
                    panic!(
                        "fake Discord: timed out waiting for {what}\nviolations: {:#?}\nlast requests: {:#?}",
                        inner.violations,
                        inner.requests.iter().rev().take(10).collect::<Vec<_>>()
                    );
                }
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// `/tarock <sub> [options]` from an ordinary member (see [`PERMS_MEMBER`]).
    /// `sub` may be `""` (no subcommand) or `"group sub"`. Returns the
    /// interaction id.
    pub fn slash(&self, user: &User, channel: u64, sub: &str, options: &[(&str, Value)]) -> String {
        self.command(user, channel, "tarock", sub, options, PERMS_MEMBER)
    }

    /// Like [`Fake::slash`], from a member with MANAGE_GUILD.
    pub fn slash_admin(
        &self,
        user: &User,
        channel: u64,
        sub: &str,
        options: &[(&str, Value)],
    ) -> String {
        self.command(user, channel, "tarock", sub, options, PERMS_ADMIN)
    }

    /// An APPLICATION_COMMAND interaction for `/<name> <sub> [options]` with
    /// the member's channel `permissions`. Option types come from the
    /// registered command (else from the JSON value).
    pub fn command(
        &self,
        user: &User,
        channel: u64,
        name: &str,
        sub: &str,
        options: &[(&str, Value)],
        permissions: u64,
    ) -> String {
        let mut inner = self.lock();
        inner.users.insert(user.id, *user);
        let (cmd_id, cmd_guild, data_options) = inner.command_data(name, sub, options);
        let mut data = json!({
            "id": cmd_id.to_string(),
            "name": name,
            "type": 1,
            "options": data_options.0,
        });
        if let Some(resolved) = data_options.1 {
            data["resolved"] = resolved;
        }
        if let Some(g) = cmd_guild {
            data["guild_id"] = json!(g.to_string());
        }
        let (id, mut payload) = inner.interaction_base(2, user, channel, permissions, None);
        payload["data"] = data;
        inner.send_interaction(&id, payload);
        id
    }

    /// An APPLICATION_COMMAND_AUTOCOMPLETE interaction for `/tarock <sub>`
    /// while the user types `partial` into the option `focused`, with the
    /// other options filled in so far. Returns the interaction id; the
    /// bot's suggestions are the `choices` of [`Fake::response`].
    pub fn autocomplete(
        &self,
        user: &User,
        channel: u64,
        sub: &str,
        options: &[(&str, Value)],
        focused: (&str, &str),
    ) -> String {
        let mut inner = self.lock();
        inner.users.insert(user.id, *user);
        let (cmd_id, cmd_guild, (mut opts, _)) = inner.command_data("tarock", sub, options);
        let def = inner.find_command("tarock").and_then(|(c, _)| {
            let mut d = c.clone();
            for p in sub.split_whitespace() {
                d = d["options"]
                    .as_array()?
                    .iter()
                    .find(|o| o["name"] == p)?
                    .clone();
            }
            d["options"]
                .as_array()?
                .iter()
                .find(|o| o["name"] == focused.0)
                .cloned()
        });
        let def = def
            .unwrap_or_else(|| panic!("fake Discord: /tarock {sub} has no option {:?}", focused.0));
        assert_eq!(
            def["autocomplete"], true,
            "fake Discord: option {:?} does not autocomplete",
            focused.0
        );
        // The focused option sits beside the others in the leaf.
        fn leaf(opts: &mut Vec<Value>) -> &mut Vec<Value> {
            let nested = opts
                .first()
                .is_some_and(|o| matches!(o["type"].as_u64(), Some(1 | 2)));
            if nested {
                leaf(
                    opts[0]["options"]
                        .as_array_mut()
                        .expect("subcommand options"),
                )
            } else {
                opts
            }
        }
        leaf(&mut opts).push(json!({
            "name": focused.0, "type": def["type"], "value": focused.1, "focused": true,
        }));
        let mut data = json!({
            "id": cmd_id.to_string(),
            "name": "tarock",
            "type": 1,
            "options": opts,
        });
        if let Some(g) = cmd_guild {
            data["guild_id"] = json!(g.to_string());
        }
        let (id, mut payload) = inner.interaction_base(4, user, channel, PERMS_MEMBER, None);
        payload["data"] = data;
        inner.send_interaction(&id, payload);
        id
    }

    /// A user writes to the bot in their DM channel (MESSAGE_CREATE, which
    /// a bot gets with the DIRECT_MESSAGES intent). Returns the channel.
    pub fn dm_to_bot(&self, user: &User, content: &str) -> u64 {
        let mut inner = self.lock();
        let channel = DM_CHANNEL_BASE + user.id;
        inner.dm_channels.insert(user.id, channel);
        inner.users.insert(user.id, *user);
        let id = inner.next_id();
        let payload = json!({
            "id": id.to_string(),
            "channel_id": channel.to_string(),
            "author": user.json(),
            "content": content,
            "timestamp": now(),
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": false,
            "type": 0,
            "flags": 0,
        });
        inner.dispatch("MESSAGE_CREATE", payload);
        channel
    }

    /// Sends an interaction again, with the same id and token (Discord
    /// redelivers events after a resume).
    pub fn redeliver(&self, interaction_id: &str) {
        let mut inner = self.lock();
        let payload = inner.sent_payloads[interaction_id].clone();
        inner.dispatch("INTERACTION_CREATE", payload);
    }

    /// A button click (component_type 2) on a stored message. Returns the
    /// interaction id.
    pub fn click(&self, user: &User, channel: u64, message_id: u64, custom_id: &str) -> String {
        self.component(user, channel, message_id, custom_id, None, true)
    }

    /// A click with a custom id the message does not carry (a modified
    /// client, or a button of an older version of the message). Returns the
    /// interaction id.
    pub fn forged_click(
        &self,
        user: &User,
        channel: u64,
        message_id: u64,
        custom_id: &str,
    ) -> String {
        self.component(user, channel, message_id, custom_id, None, false)
    }

    /// A string select (component_type 3) with `values`. Returns the
    /// interaction id.
    pub fn select(
        &self,
        user: &User,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> String {
        self.component(user, channel, message_id, custom_id, Some(values), true)
    }

    fn component(
        &self,
        user: &User,
        channel: u64,
        message_id: u64,
        custom_id: &str,
        values: Option<&[&str]>,
        checked: bool,
    ) -> String {
        let mut inner = self.lock();
        inner.users.insert(user.id, *user);
        let msg = inner
            .messages
            .get(&message_id)
            .unwrap_or_else(|| panic!("fake Discord: click on unknown message {message_id}"))
            .clone();
        assert_eq!(
            msg.channel_id, channel,
            "fake Discord: message {message_id} is in channel {}, not {channel}",
            msg.channel_id
        );
        if let Some(viewer) = msg.visible_to {
            assert_eq!(
                viewer, user.id,
                "fake Discord: message {message_id} is ephemeral for user {viewer}; user {} cannot see it",
                user.id
            );
        }
        let comp = if !checked {
            json!({"type": 2})
        } else {
            msg.component(custom_id).unwrap_or_else(|| {
            panic!(
                "fake Discord: message {message_id} has no component {custom_id:?}; it has {:?}",
                msg.custom_ids()
            )
        })
        };
        assert!(
            !comp["disabled"].as_bool().unwrap_or(false),
            "fake Discord: component {custom_id:?} on message {message_id} is disabled"
        );
        let mut data = json!({ "custom_id": custom_id });
        match values {
            None => {
                assert_eq!(
                    comp["type"], 2,
                    "fake Discord: {custom_id:?} is not a button: {comp}"
                );
                data["component_type"] = json!(2);
            }
            Some(values) => {
                assert_eq!(
                    comp["type"], 3,
                    "fake Discord: {custom_id:?} is not a string select"
                );
                let allowed: Vec<&str> = comp["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str())
                    .collect();
                for v in values {
                    assert!(
                        allowed.contains(v),
                        "fake Discord: select {custom_id:?} has no option {v:?}; options {allowed:?}"
                    );
                }
                let min = comp["min_values"].as_u64().unwrap_or(1) as usize;
                let max = comp["max_values"].as_u64().unwrap_or(1) as usize;
                assert!(
                    (min..=max).contains(&values.len()),
                    "fake Discord: select {custom_id:?} takes {min}..={max} values, got {values:?}"
                );
                data["component_type"] = json!(3);
                data["values"] = json!(values);
            }
        }
        let (id, mut payload) =
            inner.interaction_base(3, user, channel, PERMS_MEMBER, Some(message_id));
        payload["data"] = data;
        payload["message"] = msg.to_json();
        inner.send_interaction(&id, payload);
        id
    }

    /// Waits for the first callback body of an interaction.
    pub async fn response(&self, interaction_id: &str) -> Value {
        self.wait_until(
            &format!("the answer to interaction {interaction_id}"),
            |i| {
                i.responses
                    .get(interaction_id)
                    .and_then(|r| r.first().cloned())
            },
        )
        .await
    }

    /// All callback and follow-up bodies of an interaction so far.
    pub fn responses_of(&self, interaction_id: &str) -> Vec<Value> {
        self.lock()
            .responses
            .get(interaction_id)
            .cloned()
            .unwrap_or_default()
    }

    /// The message `@original` of an interaction refers to, if any.
    pub fn original_message(&self, interaction_id: &str) -> Option<Message> {
        let inner = self.lock();
        let id = inner.interactions.get(interaction_id)?.original?;
        inner.messages.get(&id).cloned()
    }

    /// A stored message.
    pub fn message(&self, id: u64) -> Option<Message> {
        self.lock().messages.get(&id).cloned()
    }

    /// The stored messages of a channel, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Message> {
        let inner = self.lock();
        let mut v: Vec<Message> = inner
            .messages
            .values()
            .filter(|m| m.channel_id == channel)
            .cloned()
            .collect();
        v.sort_by_key(|m| m.id);
        v
    }

    pub fn requests(&self) -> Vec<Request> {
        self.lock().requests.clone()
    }

    /// Waits for a request with that method whose path starts with `path_prefix`.
    pub async fn wait_request(&self, method: &str, path_prefix: &str) -> Request {
        self.wait_until(&format!("{method} {path_prefix}"), |i| {
            i.requests
                .iter()
                .find(|r| r.method == method && r.path.starts_with(path_prefix))
                .cloned()
        })
        .await
    }

    pub fn violations(&self) -> Vec<String> {
        self.lock().violations.clone()
    }

    /// Panics listing the violations, if any.
    pub fn assert_no_violations(&self) {
        let v = self.violations();
        assert!(v.is_empty(), "fake Discord: violations: {v:#?}");
    }

    /// The DM channel the bot opened for a user.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.lock().dm_channels.get(&user).copied()
    }

    /// Closes the newest live gateway connection with a close code (e.g.
    /// 4000), as Discord does when it drops a session; serenity resumes.
    pub fn close_gateway(&self, code: u16) {
        let mut inner = self.lock();
        let conn = inner
            .newest_conn()
            .expect("fake Discord: no live gateway connection");
        let _ = conn.tx.send(Out::Close(code));
        conn.alive = false;
    }

    /// Waits until every gateway connection is closed (e.g. after
    /// `shard_manager.shutdown_all()`).
    pub async fn wait_disconnected(&self) {
        self.wait_until("all gateway connections to close", |i| {
            i.connections.iter().all(|c| !c.alive).then_some(())
        })
        .await
    }

    /// Puts a guild channel into another guild than [`GUILD_ID`] (whose
    /// events go to that guild's shard).
    pub fn put_channel_in_guild(&self, channel: u64, guild: u64) {
        self.lock().channel_guilds.insert(channel, guild);
    }

    /// Number of gateway connections that are open and READY/RESUMED.
    pub fn live_connections(&self) -> usize {
        self.lock()
            .connections
            .iter()
            .filter(|c| c.alive && c.ready)
            .count()
    }
}

// ---------------------------------------------------------------------------
// JSON shapes

fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
        "banner": null,
        "accent_color": null,
    })
}

fn bot_user_json() -> Value {
    let mut u = user_json(APP_ID, BOT_NAME, true);
    u["verified"] = json!(true);
    u["mfa_enabled"] = json!(false);
    u["email"] = Value::Null;
    u
}

fn now() -> String {
    serenity::model::Timestamp::now().to_string()
}

fn snowflake(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Interactions and the gateway

/// The option list and the `resolved` object of a command interaction.
type Options = (Vec<Value>, Option<Value>);

impl Inner {
    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn newest_conn(&mut self) -> Option<&mut Conn> {
        self.connections
            .iter_mut()
            .rev()
            .find(|c| c.alive && c.ready)
    }

    /// The guild of a guild channel.
    fn guild_of(&self, channel: u64) -> u64 {
        self.channel_guilds
            .get(&channel)
            .copied()
            .unwrap_or(GUILD_ID)
    }

    /// Every guild the bot is in.
    fn guilds(&self) -> Vec<u64> {
        let mut guilds: Vec<u64> = self.channel_guilds.values().copied().collect();
        guilds.push(GUILD_ID);
        guilds.sort_unstable();
        guilds.dedup();
        guilds
    }

    fn dm_user_of(&self, channel: u64) -> Option<u64> {
        self.dm_channels
            .iter()
            .find(|(_, c)| **c == channel)
            .map(|(u, _)| *u)
    }

    fn user_json_of(&self, id: u64) -> Value {
        match self.users.get(&id) {
            Some(u) => u.json(),
            None => user_json(id, &format!("user{id}"), false),
        }
    }

    fn violation(&mut self, what: String) {
        self.violations.push(what);
    }

    fn find_command(&self, name: &str) -> Option<(Value, Option<u64>)> {
        if let Some(c) = self
            .guild_commands
            .get(&GUILD_ID)
            .and_then(|cs| cs.iter().find(|c| c["name"] == name))
        {
            return Some((c.clone(), Some(GUILD_ID)));
        }
        self.commands
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| (c.clone(), None))
    }

    fn command_data(
        &self,
        name: &str,
        sub: &str,
        options: &[(&str, Value)],
    ) -> (u64, Option<u64>, Options) {
        let registered = !self.commands.is_empty() || !self.guild_commands.is_empty();
        let found = self.find_command(name);
        if registered && found.is_none() {
            panic!("fake Discord: the bot registered no command {name:?}");
        }
        let (cmd_id, guild, mut defs) = match &found {
            Some((c, g)) => (
                snowflake(&c["id"]).unwrap_or(UNREGISTERED_COMMAND_ID),
                *g,
                Some(c),
            ),
            None => (UNREGISTERED_COMMAND_ID, None, None),
        };
        let path: Vec<&str> = sub.split_whitespace().collect();
        let mut kinds = Vec::new();
        for p in &path {
            let next = defs.and_then(|d| {
                d["options"]
                    .as_array()?
                    .iter()
                    .find(|o| o["name"] == *p && matches!(o["type"].as_u64(), Some(1 | 2)))
            });
            if defs.is_some() && next.is_none() {
                panic!("fake Discord: command {name:?} has no subcommand {p:?}");
            }
            kinds.push(
                next.and_then(|n| n["type"].as_u64())
                    .unwrap_or(if kinds.len() + 1 == path.len() { 1 } else { 2 }),
            );
            defs = next;
        }
        let mut resolved = json!({});
        let mut leaf = Vec::new();
        for (opt, value) in options {
            let def =
                defs.and_then(|d| d["options"].as_array()?.iter().find(|o| o["name"] == *opt));
            if defs.is_some() && def.is_none() {
                panic!("fake Discord: /{name} {sub} has no option {opt:?}");
            }
            let kind = def.and_then(|d| d["type"].as_u64()).unwrap_or(match value {
                Value::Bool(_) => 5,
                Value::Number(n) if n.is_i64() || n.is_u64() => 4,
                Value::Number(_) => 10,
                _ => 3,
            });
            let value = self.option_value(opt, kind, value, def, &mut resolved);
            leaf.push(json!({ "name": opt, "type": kind, "value": value }));
        }
        if let Some(d) = defs {
            for o in d["options"].as_array().into_iter().flatten() {
                if o["required"] == true && !options.iter().any(|(n, _)| o["name"] == *n) {
                    panic!("fake Discord: /{name} {sub} needs option {}", o["name"]);
                }
            }
        }
        let mut opts = leaf;
        for (p, kind) in path.iter().zip(kinds).rev() {
            opts = vec![json!({ "name": p, "type": kind, "options": opts })];
        }
        let resolved = (resolved != json!({})).then_some(resolved);
        (cmd_id, guild, (opts, resolved))
    }

    fn option_value(
        &self,
        opt: &str,
        kind: u64,
        value: &Value,
        def: Option<&Value>,
        resolved: &mut Value,
    ) -> Value {
        let v = match kind {
            3 => value.as_str().map(|s| json!(s)),
            4 => value.as_i64().map(|n| json!(n)),
            10 => value.as_f64().map(|n| json!(n)),
            5 => value.as_bool().map(|b| json!(b)),
            6 => snowflake(value).map(|id| {
                resolved["users"][id.to_string()] = self.user_json_of(id);
                json!(id.to_string())
            }),
            7 => snowflake(value).map(|id| {
                resolved["channels"][id.to_string()] = json!({
                    "id": id.to_string(), "type": 0, "name": format!("channel-{id}"),
                    "permissions": PERMS_MEMBER.to_string(),
                });
                json!(id.to_string())
            }),
            8 | 9 => snowflake(value).map(|id| json!(id.to_string())),
            _ => panic!("fake Discord: option type {kind} is not supported"),
        };
        let v = v.unwrap_or_else(|| {
            panic!("fake Discord: option {opt:?} of type {kind} cannot be {value}")
        });
        if let Some(def) = def {
            if let Some(choices) = def["choices"].as_array().filter(|c| !c.is_empty()) {
                assert!(
                    choices.iter().any(|c| c["value"] == v),
                    "fake Discord: option {opt:?}: {v} is not one of the choices {choices:?}"
                );
            }
            if let (Some(min), Some(x)) = (def["min_value"].as_f64(), v.as_f64()) {
                assert!(
                    x >= min,
                    "fake Discord: option {opt:?}: {x} < min_value {min}"
                );
            }
            if let (Some(max), Some(x)) = (def["max_value"].as_f64(), v.as_f64()) {
                assert!(
                    x <= max,
                    "fake Discord: option {opt:?}: {x} > max_value {max}"
                );
            }
        }
        v
    }

    /// The fields every interaction has; registers the interaction.
    fn interaction_base(
        &mut self,
        kind: u64,
        user: &User,
        channel: u64,
        permissions: u64,
        message_id: Option<u64>,
    ) -> (String, Value) {
        let id = self.next_id().to_string();
        let token = format!("itoken-{id}-{}", "x".repeat(40));
        let mut v = json!({
            "id": id,
            "application_id": APP_ID.to_string(),
            "type": kind,
            "channel_id": channel.to_string(),
            "token": token,
            "version": 1,
            "app_permissions": PERMS_BOT.to_string(),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
        });
        match self.dm_user_of(channel) {
            Some(dm_user) => {
                assert_eq!(
                    dm_user, user.id,
                    "fake Discord: channel {channel} is the DM channel of user {dm_user}, not of {}",
                    user.id
                );
                v["user"] = user.json();
                v["context"] = json!(1);
                v["authorizing_integration_owners"] = json!({ "0": "0" });
                v["channel"] = json!({
                    "id": channel.to_string(), "type": 1, "flags": 0,
                    "recipients": [user.json()],
                });
            }
            None => {
                let guild = self.guild_of(channel).to_string();
                v["guild_id"] = json!(guild);
                v["guild_locale"] = json!("de");
                v["context"] = json!(0);
                v["authorizing_integration_owners"] = json!({ "0": guild });
                v["channel"] = json!({
                    "id": channel.to_string(), "type": 0, "name": format!("channel-{channel}"),
                    "guild_id": guild, "flags": 0,
                });
                v["member"] = json!({
                    "user": user.json(),
                    "nick": null,
                    "avatar": null,
                    "banner": null,
                    "roles": [],
                    "joined_at": "2024-01-01T00:00:00.000000+00:00",
                    "premium_since": null,
                    "deaf": false,
                    "mute": false,
                    "flags": 0,
                    "pending": false,
                    "permissions": permissions.to_string(),
                    "communication_disabled_until": null,
                });
            }
        }
        self.tokens.insert(token.clone(), id.clone());
        self.interactions.insert(
            id.clone(),
            InteractionRecord {
                id: id.clone(),
                token,
                kind,
                user: *user,
                channel_id: channel,
                message_id,
                sent_at: Instant::now(),
                acked: None,
                answered_after: None,
                original: None,
                shard: 0,
            },
        );
        (id, v)
    }

    fn send_interaction(&mut self, id: &str, payload: Value) {
        self.sent_payloads.insert(id.to_owned(), payload.clone());
        if let Err(e) =
            serde_json::from_value::<serenity::model::application::Interaction>(payload.clone())
        {
            panic!(
                "fake Discord: serenity cannot read the interaction it would get: {e}\n{payload:#}"
            );
        }
        let shard = self.dispatch("INTERACTION_CREATE", payload);
        if let Some(rec) = self.interactions.get_mut(id) {
            rec.sent_at = Instant::now();
            rec.shard = shard;
        }
    }

    /// Sends a dispatch over the newest live connection of the shard that
    /// gets it: Discord sends a guild's events to shard
    /// `(guild_id >> 22) % shard_count` and direct messages to shard 0.
    /// Returns that shard's id.
    fn dispatch(&mut self, event: &str, d: Value) -> u64 {
        let guild = d["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        let conn = self
            .connections
            .iter_mut()
            .rev()
            .filter(|c| c.alive && c.ready)
            .find(|c| guild.map_or(0, |g| (g >> 22) % c.shard[1]) == c.shard[0])
            .unwrap_or_else(|| {
                panic!("fake Discord: no READY gateway connection of the shard for {event} (guild {guild:?})")
            });
        let shard = conn.shard[0];
        conn.seq += 1;
        let frame = json!({ "op": 0, "t": event, "s": conn.seq, "d": d });
        let _ = conn.tx.send(Out::Text(frame.to_string()));
        if let Some(s) = conn.session.clone() {
            let seq = conn.seq;
            self.sessions.insert(s, seq);
        }
        shard
    }

    fn on_gateway_frame(&mut self, conn: usize, text: &str) {
        let Ok(frame) = serde_json::from_str::<Value>(text) else {
            self.violation(format!("gateway: frame is not JSON: {text}"));
            return;
        };
        let send = |inner: &mut Inner, v: Value| {
            let _ = inner.connections[conn].tx.send(Out::Text(v.to_string()));
        };
        match frame["op"].as_u64() {
            Some(1) => send(self, json!({ "op": 11, "s": null, "t": null, "d": null })),
            Some(2) => {
                if self.connections[conn].session.is_some() {
                    self.violation("gateway: second IDENTIFY on one connection".into());
                    return;
                }
                self.identifies.push(frame["d"].clone());
                let shard = match frame["d"].get("shard") {
                    None => [0, 1],
                    Some(s) => match (s[0].as_u64(), s[1].as_u64()) {
                        (Some(id), Some(total)) if id < total => [id, total],
                        _ => {
                            self.violation(format!("gateway: IDENTIFY with a bad shard {s}"));
                            send(self, json!({ "op": 9, "s": null, "t": null, "d": false }));
                            return;
                        }
                    },
                };
                let taken = self
                    .connections
                    .iter()
                    .any(|c| c.alive && c.ready && c.shard == shard);
                if taken {
                    self.violation(format!("gateway: shard {shard:?} identified twice"));
                }
                let guilds: Vec<Value> = self
                    .guilds()
                    .into_iter()
                    .filter(|g| (g >> 22) % shard[1] == shard[0])
                    .map(|g| json!({ "id": g.to_string(), "unavailable": true }))
                    .collect();
                let session = format!("session{}", self.next_id());
                let c = &mut self.connections[conn];
                c.shard = shard;
                c.session = Some(session.clone());
                c.seq = 1;
                c.ready = true;
                self.sessions.insert(session.clone(), 1);
                self.ready_count += 1;
                let ready = json!({
                    "op": 0, "t": "READY", "s": 1,
                    "d": {
                        "v": 10,
                        "user": bot_user_json(),
                        "guilds": guilds,
                        "session_id": session,
                        "resume_gateway_url": format!("{}{RESUME_PATH}", self.gateway_url),
                        "shard": shard,
                        "application": { "id": APP_ID.to_string(), "flags": 0 },
                        "private_channels": [],
                        "presences": [],
                        "relationships": [],
                    },
                });
                send(self, ready);
            }
            // A session resumes only where READY said (this fake is strict
            // about Discord's documented rule).
            Some(6) if !self.connections[conn].on_resume_url => {
                self.resumes_refused += 1;
                send(self, json!({ "op": 9, "s": null, "t": null, "d": false }));
            }
            Some(6) => {
                let session = frame["d"]["session_id"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                match self.sessions.get(&session).copied() {
                    Some(seq) => {
                        // The old connection of that session is gone now;
                        // the new one runs its shard.
                        let mut shard = [0, 1];
                        for c in &mut self.connections {
                            if c.session.as_deref() == Some(&session) {
                                c.alive = false;
                                shard = c.shard;
                            }
                        }
                        let c = &mut self.connections[conn];
                        c.shard = shard;
                        c.session = Some(session.clone());
                        c.seq = seq + 1;
                        c.ready = true;
                        self.sessions.insert(session, seq + 1);
                        self.resumed_count += 1;
                        send(
                            self,
                            json!({ "op": 0, "t": "RESUMED", "s": seq + 1, "d": {} }),
                        );
                    }
                    None => send(self, json!({ "op": 9, "s": null, "t": null, "d": false })),
                }
            }
            // presence update, voice state, request guild members, ...
            Some(_) => {}
            None => self.violation(format!("gateway: frame without op: {text}")),
        }
    }
}

/// The path of the gateway's resume URL (READY's `resume_gateway_url`).
pub const RESUME_PATH: &str = "/resume";

async fn gateway_handler(State(fake): State<Fake>, uri: Uri, ws: WebSocketUpgrade) -> Response {
    let on_resume_url = uri.path() == RESUME_PATH;
    ws.on_upgrade(move |socket| gateway_connection(fake, socket, on_resume_url))
}

async fn gateway_connection(fake: Fake, mut socket: WebSocket, on_resume_url: bool) {
    let (tx, mut rx) = unbounded_channel::<Out>();
    let conn = {
        let mut inner = fake.lock();
        inner.connections.push(Conn {
            tx,
            shard: [0, 1],
            seq: 0,
            session: None,
            ready: false,
            alive: true,
            on_resume_url,
        });
        inner.connections.len() - 1
    };
    let hello = json!({ "op": 10, "s": null, "t": null, "d": { "heartbeat_interval": 41_250 } });
    let mut open = socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_ok();
    while open {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Out::Text(text)) => {
                    open = socket.send(WsMessage::Text(text.into())).await.is_ok();
                }
                Some(Out::Close(code)) => {
                    let frame = CloseFrame { code, reason: "fake Discord closed the session".into() };
                    let _ = socket.send(WsMessage::Close(Some(frame))).await;
                    open = false;
                }
                None => open = false,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(WsMessage::Text(text))) => fake.lock().on_gateway_frame(conn, text.as_str()),
                Some(Ok(WsMessage::Binary(_))) => {
                    fake.lock().violation("gateway: binary frame from the client".into());
                }
                Some(Ok(WsMessage::Close(_))) | Some(Err(_)) | None => open = false,
                Some(Ok(_)) => {}
            },
        }
    }
    fake.lock().connections[conn].alive = false;
}

// ---------------------------------------------------------------------------
// REST

struct Reply {
    status: u16,
    body: Value,
    headers: Vec<(&'static str, String)>,
}

fn ok(body: Value) -> Reply {
    Reply {
        status: 200,
        body,
        headers: Vec::new(),
    }
}

fn no_content() -> Reply {
    Reply {
        status: 204,
        body: Value::Null,
        headers: Vec::new(),
    }
}

fn error(status: u16, code: u64, message: &str) -> Reply {
    Reply {
        status,
        body: json!({ "code": code, "message": message }),
        headers: Vec::new(),
    }
}

fn unknown_message() -> Reply {
    error(404, 10008, "Unknown Message")
}

struct FormError {
    path: String,
    code: &'static str,
    message: String,
}

fn fe(path: impl Into<String>, code: &'static str, message: impl Into<String>) -> FormError {
    FormError {
        path: path.into(),
        code,
        message: message.into(),
    }
}

/// 400 code 50035 with Discord's nested `errors` object.
fn form_reply(errors: &[FormError]) -> Reply {
    let mut root = json!({});
    for e in errors {
        let mut cur = &mut root;
        for seg in e.path.split('.') {
            cur = cur
                .as_object_mut()
                .unwrap()
                .entry(seg)
                .or_insert_with(|| json!({}));
        }
        let list = cur
            .as_object_mut()
            .unwrap()
            .entry("_errors")
            .or_insert_with(|| json!([]));
        list.as_array_mut()
            .unwrap()
            .push(json!({ "code": e.code, "message": e.message }));
    }
    Reply {
        status: 400,
        body: json!({ "code": 50035, "message": "Invalid Form Body", "errors": root }),
        headers: Vec::new(),
    }
}

/// The bucket of a channel's message routes (as Discord names buckets:
/// an opaque hash, shared by the routes of one kind).
const MESSAGE_BUCKET: &str = "b7c0ffee0000messages";

/// A 429 as Discord sends it: the wait in the body (`retry_after`, the one
/// to honour), the bucket headers, and a whole-second `Retry-After`.
fn rate_limited(retry_after: f64) -> Reply {
    let reset = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
        + retry_after;
    Reply {
        status: 429,
        body: json!({ "message": "You are being rate limited.", "retry_after": retry_after, "global": false }),
        headers: vec![
            ("x-ratelimit-limit", "5".into()),
            ("x-ratelimit-remaining", "0".into()),
            ("x-ratelimit-reset", format!("{reset:.3}")),
            ("x-ratelimit-reset-after", format!("{retry_after:.3}")),
            ("x-ratelimit-bucket", MESSAGE_BUCKET.into()),
            ("x-ratelimit-scope", "user".into()),
            ("retry-after", format!("{}", retry_after.ceil() as u64)),
        ],
    }
}

impl Inner {
    /// A message request on `channel`: a 429 when a test asked for one or
    /// when the bucket is still closed (then also a violation: the bot
    /// came early); `None` to go on.
    fn limit(&mut self, what: &str, channel: u64) -> Option<Reply> {
        let now = Instant::now();
        let retry_after = self.retry_after.unwrap_or(0.2);
        if let Some(until) = self.closed_until.get(&channel).copied()
            && until > now
        {
            self.violation(format!(
                "{what}: early by {:?}: the bucket of channel {channel} was rate limited",
                until - now
            ));
            return Some(rate_limited((until - now).as_secs_f64()));
        }
        if self.rate_limit_once.remove(&channel) {
            self.closed_until
                .insert(channel, now + Duration::from_secs_f64(retry_after));
            return Some(rate_limited(retry_after));
        }
        None
    }
}

/// The bucket headers Discord sends with every message route's answer.
fn bucket_headers(mut reply: Reply) -> Reply {
    if reply.status < 300 {
        reply.headers.extend([
            ("x-ratelimit-limit", "5".into()),
            ("x-ratelimit-remaining", "4".into()),
            ("x-ratelimit-reset-after", "5.000".into()),
            ("x-ratelimit-bucket", MESSAGE_BUCKET.into()),
        ]);
    }
    reply
}

async fn rest_handler(
    State(fake): State<Fake>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let full = uri.path().to_string();
    let query = uri.query().unwrap_or_default().to_string();
    let content_type = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let (json_body, files) = if content_type.starts_with("multipart/form-data") {
        parse_multipart(&content_type, &body)
    } else if body.is_empty() {
        (Value::Null, Vec::new())
    } else {
        (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        )
    };
    let authorized = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bot ") && v.len() > 4);
    let method_name = method.as_str().to_string();
    let (path, reply) = {
        let mut inner = fake.lock();
        match full.strip_prefix("/api/v10") {
            None => {
                inner.violation(format!("{method_name} {full}: not under /api/v10"));
                (full.clone(), error(404, 0, "404: Not Found"))
            }
            Some(path) if !authorized => {
                inner.violation(format!(
                    "{method_name} {path}: no `Authorization: Bot …` header"
                ));
                (path.to_string(), error(401, 0, "401: Unauthorized"))
            }
            Some(path) => {
                inner.uploads.extend(
                    files
                        .iter()
                        .map(|f| (format!("{method_name} {path}"), f.clone())),
                );
                let reply = match inner.check_files(&method_name, path, &json_body, &files) {
                    Some(refused) => refused,
                    None => inner.route(&method_name, path, &json_body, &files),
                };
                if reply.status == 404 && reply.body["code"] == 0 {
                    inner.violation(format!(
                        "{method_name} {path}: the fake does not know this route"
                    ));
                }
                (path.to_string(), reply)
            }
        }
    };
    {
        let mut inner = fake.lock();
        inner.requests.push(Request {
            method: method_name,
            path,
            query,
            body: json_body,
            files: files.iter().map(|f| f.filename.clone()).collect(),
            status: reply.status,
        });
    }
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = if reply.status == 204 {
        status.into_response()
    } else {
        (status, axum::Json(reply.body)).into_response()
    };
    for (name, value) in reply.headers {
        response
            .headers_mut()
            .insert(name, value.parse().expect("header value"));
    }
    response
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Extracts `payload_json` and the file parts of a multipart body.
fn parse_multipart(content_type: &str, body: &[u8]) -> (Value, Vec<FilePart>) {
    let mut payload = Value::Null;
    let mut files = Vec::new();
    let Some(boundary) = content_type.split("boundary=").nth(1) else {
        return (payload, files);
    };
    let delim = format!("--{}", boundary.trim_matches('"')).into_bytes();
    let mut pos = match find(body, &delim, 0) {
        Some(p) => p + delim.len(),
        None => return (payload, files),
    };
    while let Some(end) = find(body, &delim, pos) {
        let part = &body[pos..end];
        pos = end + delim.len();
        let Some(split) = find(part, b"\r\n\r\n", 0) else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let attr = |key: &str| {
            let pat = format!("{key}=\"");
            let start = head.find(&pat)? + pat.len();
            let len = head[start..].find('"')?;
            Some(head[start..start + len].to_string())
        };
        let name = attr("name").unwrap_or_default();
        if name == "payload_json" {
            payload = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else if let Some(filename) = attr("filename") {
            files.push(FilePart {
                field: name,
                filename,
                size: content.len(),
                bytes: content.to_vec(),
            });
        }
    }
    (payload, files)
}

fn parse_id(s: &str) -> Option<u64> {
    s.parse().ok().filter(|n| *n > 0)
}

impl Inner {
    fn route(&mut self, method: &str, path: &str, body: &Value, files: &[FilePart]) -> Reply {
        let segs: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let not_found = || error(404, 0, "404: Not Found");
        match (method, segs.as_slice()) {
            ("GET", ["gateway"]) => ok(json!({ "url": self.gateway_url })),
            ("GET", ["gateway", "bot"]) => ok(json!({
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1,
                },
            })),
            ("GET", ["users", "@me"]) => ok(bot_user_json()),
            ("GET", ["users", id]) => match parse_id(id) {
                Some(APP_ID) => ok(bot_user_json()),
                Some(id) => ok(self.user_json_of(id)),
                None => error(404, 10013, "Unknown User"),
            },
            ("POST", ["users", "@me", "channels"]) => match snowflake(&body["recipient_id"]) {
                Some(user) => {
                    let channel = DM_CHANNEL_BASE + user;
                    self.dm_channels.insert(user, channel);
                    ok(self.dm_channel_json(channel, user))
                }
                None => {
                    self.violation(format!("POST {path}: no recipient_id in {body}"));
                    form_reply(&[fe(
                        "recipient_id",
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    )])
                }
            },
            ("GET", ["oauth2", "applications", "@me"]) => ok(json!({
                "id": APP_ID.to_string(),
                "name": BOT_NAME,
                "icon": null,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": false,
                "bot_require_code_grant": false,
                "owner": user_json(OWNER_ID, "owner", false),
                "verify_key": "0".repeat(64),
                "team": null,
                "flags": 0,
                "bot": bot_user_json(),
            })),
            (_, ["applications", app, ..]) if parse_id(app) != Some(APP_ID) => {
                self.violation(format!("{method} {path}: application id is not {APP_ID}"));
                error(403, 50001, "Missing Access")
            }
            ("GET", ["applications", _, "commands"]) => ok(json!(self.commands)),
            ("PUT", ["applications", _, "commands"]) => self.put_commands(path, body, None),
            ("GET", ["applications", _, "guilds", g, "commands"]) => {
                let g = parse_id(g).unwrap_or_default();
                ok(json!(
                    self.guild_commands.get(&g).cloned().unwrap_or_default()
                ))
            }
            ("PUT", ["applications", _, "guilds", g, "commands"]) => match parse_id(g) {
                Some(GUILD_ID) => self.put_commands(path, body, Some(GUILD_ID)),
                _ => {
                    self.violation(format!("{method} {path}: the bot is not in guild {g}"));
                    error(403, 50001, "Missing Access")
                }
            },
            ("POST", ["interactions", id, token, "callback"]) => {
                self.interaction_callback(path, id, token, body, files)
            }
            (_, ["webhooks", app, _, ..]) if parse_id(app) != Some(APP_ID) => {
                self.violation(format!(
                    "{method} {path}: webhook id is not the application id"
                ));
                error(404, 10015, "Unknown Webhook")
            }
            ("POST", ["webhooks", _, token]) => self.followup(path, token, body, files),
            (_, ["webhooks", _, token, "messages", mid]) => {
                self.webhook_message(method, path, token, mid, body, files)
            }
            ("GET", ["channels", c]) => match parse_id(c) {
                Some(c) => ok(self.channel_json(c)),
                None => error(404, 10003, "Unknown Channel"),
            },
            ("POST", ["channels", c, "messages"]) => match parse_id(c) {
                Some(c) => bucket_headers(self.create_channel_message(path, c, body, files)),
                None => error(404, 10003, "Unknown Channel"),
            },
            (_, ["channels", c, "messages", mid]) => match (parse_id(c), parse_id(mid)) {
                (Some(c), Some(mid)) => {
                    bucket_headers(self.channel_message(method, path, c, mid, body, files))
                }
                _ => unknown_message(),
            },
            _ => not_found(),
        }
    }

    fn dm_channel_json(&self, channel: u64, user: u64) -> Value {
        json!({
            "id": channel.to_string(),
            "type": 1,
            "last_message_id": null,
            "flags": 0,
            "recipients": [self.user_json_of(user)],
        })
    }

    fn channel_json(&self, channel: u64) -> Value {
        match self.dm_user_of(channel) {
            Some(user) => self.dm_channel_json(channel, user),
            None => json!({
                "id": channel.to_string(),
                "type": 0,
                "guild_id": self.guild_of(channel).to_string(),
                "name": format!("channel-{channel}"),
                "position": 0,
                "permission_overwrites": [],
                "nsfw": false,
                "parent_id": null,
                "topic": null,
                "last_message_id": null,
                "rate_limit_per_user": 0,
                "flags": 0,
            }),
        }
    }

    fn put_commands(&mut self, path: &str, body: &Value, guild: Option<u64>) -> Reply {
        let Some(list) = body.as_array() else {
            self.violation(format!("PUT {path}: body is not an array: {body}"));
            return form_reply(&[fe(
                "_root",
                "MODEL_TYPE_CONVERT",
                "Only iterables may be used",
            )]);
        };
        let mut errors = Vec::new();
        if list.len() > 100 {
            errors.push(fe(
                "_root",
                "BASE_TYPE_MAX_LENGTH",
                "Must be 100 or fewer in length.",
            ));
        }
        let mut names = HashSet::new();
        for (i, cmd) in list.iter().enumerate() {
            check_command(cmd, &i.to_string(), &mut errors);
            let key = (cmd["name"].to_string(), cmd["type"].as_u64().unwrap_or(1));
            if !names.insert(key) {
                errors.push(fe(
                    format!("{i}.name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                ));
            }
        }
        if !errors.is_empty() {
            for e in &errors {
                self.violation(format!("PUT {path}: {}: {}", e.path, e.message));
            }
            return form_reply(&errors);
        }
        let old = match guild {
            Some(g) => self.guild_commands.get(&g).cloned().unwrap_or_default(),
            None => self.commands.clone(),
        };
        let mut out = Vec::new();
        for cmd in list {
            let mut c = cmd.clone();
            let kind = c["type"].as_u64().unwrap_or(1);
            let id = old
                .iter()
                .find(|o| o["name"] == c["name"] && o["type"].as_u64() == Some(kind))
                .and_then(|o| snowflake(&o["id"]))
                .unwrap_or_else(|| self.next_id());
            let obj = c.as_object_mut().unwrap();
            obj.insert("id".into(), json!(id.to_string()));
            obj.insert("application_id".into(), json!(APP_ID.to_string()));
            obj.insert("version".into(), json!(self.next_id.to_string()));
            obj.insert("type".into(), json!(kind));
            obj.entry("description").or_insert(json!(""));
            obj.entry("default_member_permissions")
                .or_insert(Value::Null);
            obj.entry("nsfw").or_insert(json!(false));
            obj.entry("integration_types").or_insert(json!([0]));
            if let Some(g) = guild {
                obj.insert("guild_id".into(), json!(g.to_string()));
            }
            out.push(c);
        }
        match guild {
            Some(g) => {
                self.guild_commands.insert(g, out.clone());
            }
            None => self.commands = out.clone(),
        }
        ok(json!(out))
    }

    /// Creates and stores a message from a message body.
    fn new_message(
        &mut self,
        channel: u64,
        data: &Value,
        files: &[FilePart],
        kind: u64,
        interaction: Option<&InteractionRecord>,
    ) -> Message {
        let id = self.next_id();
        let flags = data["flags"].as_u64().unwrap_or(0);
        let mut m = Message {
            id,
            channel_id: channel,
            content: String::new(),
            components: json!([]),
            embeds: json!([]),
            attachments: json!([]),
            flags,
            kind,
            interaction_id: interaction.map(|i| i.id.clone()),
            visible_to: interaction
                .filter(|_| flags & EPHEMERAL != 0)
                .map(|i| i.user.id),
            timestamp: now(),
            edited_timestamp: None,
        };
        self.apply_fields(&mut m, data, files);
        m.edited_timestamp = None;
        self.issued.insert(id);
        m
    }

    fn store(&mut self, m: Message) -> Value {
        let json = m.to_json();
        self.messages.insert(m.id, m);
        json
    }

    /// Applies the fields present in an edit body.
    fn apply_fields(&mut self, m: &mut Message, data: &Value, files: &[FilePart]) {
        let Some(obj) = data.as_object() else { return };
        if let Some(c) = obj.get("content") {
            m.content = c.as_str().unwrap_or_default().to_string();
        }
        if let Some(c) = obj.get("components") {
            m.components = if c.is_null() { json!([]) } else { c.clone() };
        }
        if let Some(e) = obj.get("embeds") {
            m.embeds = if e.is_null() { json!([]) } else { e.clone() };
        }
        let mut attachments = Vec::new();
        let mut used = HashSet::new();
        if let Some(list) = obj.get("attachments").and_then(Value::as_array) {
            for a in list {
                let aid = snowflake(&a["id"]);
                let file = files.iter().find(|f| {
                    Some(f.field.as_str()) == aid.map(|i| format!("files[{i}]")).as_deref()
                });
                if let Some(f) = file {
                    used.insert(f.field.clone());
                    attachments.push(self.attachment_json(f));
                } else if let Some(old) = m
                    .attachments
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|o| aid.is_some() && snowflake(&o["id"]) == aid)
                {
                    attachments.push(old.clone());
                }
            }
        } else {
            attachments.extend(m.attachments.as_array().into_iter().flatten().cloned());
        }
        for f in files.iter().filter(|f| !used.contains(&f.field)) {
            attachments.push(self.attachment_json(f));
        }
        m.attachments = json!(attachments);
        m.edited_timestamp = Some(now());
    }

    fn attachment_json(&mut self, f: &FilePart) -> Value {
        let id = self.next_id();
        let url = format!("{}/attachments/{id}/{}", self.base_url, f.filename);
        json!({
            "id": id.to_string(), "filename": f.filename, "size": f.size,
            "url": url, "proxy_url": url, "content_type": null,
        })
    }

    /// Checks a message body; on failure records violations and returns the reply.
    fn check_body(
        &mut self,
        what: &str,
        data: &Value,
        files: &[FilePart],
        allowed_flags: Option<u64>,
    ) -> Option<Reply> {
        let mut errors = Vec::new();
        check_message_fields(data, &mut errors);
        // Discord parses @everyone, @here and <@…> in any content unless
        // allowed_mentions says otherwise: a message or edit whose text
        // would ping more than meant is what a real server would do
        // wrong, so it is a violation (not a refusal).
        if let Some(content) = data["content"].as_str() {
            let parse_all = data["allowed_mentions"].is_null();
            let parses = |kind: &str| {
                parse_all
                    || data["allowed_mentions"]["parse"]
                        .as_array()
                        .is_some_and(|p| p.iter().any(|k| k == kind))
            };
            if (content.contains("@everyone") || content.contains("@here")) && parses("everyone") {
                self.violation(format!("{what}: would ping @everyone/@here: {content:?}"));
            }
            if content.contains("<@") && parses("users") {
                self.violation(format!(
                    "{what}: mentions parsed from the text without allowed_mentions: {content:?}"
                ));
            }
        }
        if let Some(allowed) = allowed_flags {
            let flags = data["flags"].as_u64().unwrap_or(0);
            if flags & !allowed != 0 {
                errors.push(fe(
                    "flags",
                    "MESSAGE_FLAGS_INVALID",
                    format!("flags {flags} not allowed here (allowed mask {allowed})"),
                ));
            }
        }
        if !errors.is_empty() {
            for e in &errors {
                self.violation(format!("{what}: {}: {} ({})", e.path, e.message, e.code));
            }
            return Some(form_reply(&errors));
        }
        let _ = files;
        None
    }

    /// The limits of uploads: at most 10 files, each at most 10 MiB, each
    /// named by an `attachments` entry when the body lists them, and
    /// attachment descriptions (alt text) of at most 1 024 characters.
    fn check_files(
        &mut self,
        method: &str,
        path: &str,
        body: &Value,
        files: &[FilePart],
    ) -> Option<Reply> {
        let what = format!("{method} {path}");
        if files.len() > MAX_ATTACHMENTS {
            self.violation(format!("{what}: {} files, at most 10", files.len()));
            return Some(form_reply(&[fe(
                "files",
                "BASE_TYPE_MAX_LENGTH",
                "Must be 10 or fewer in length.",
            )]));
        }
        if let Some(big) = files.iter().find(|f| f.size > MAX_ATTACHMENT_BYTES) {
            self.violation(format!("{what}: {} has {} bytes", big.filename, big.size));
            return Some(error(413, 40005, "Request entity too large"));
        }
        let listed = body["attachments"].as_array().cloned().unwrap_or_default();
        for a in &listed {
            if chars(&a["description"]) > 1024 {
                self.violation(format!("{what}: attachment description over 1024"));
                return Some(form_reply(&[fe(
                    "attachments.description",
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 1024 or fewer in length.",
                )]));
            }
        }
        if !listed.is_empty() {
            for f in files {
                let named = listed.iter().any(|a| {
                    snowflake(&a["id"]).map(|i| format!("files[{i}]")).as_ref() == Some(&f.field)
                });
                if !named {
                    self.violation(format!(
                        "{what}: file {} is in no attachments entry",
                        f.field
                    ));
                }
            }
        }
        None
    }

    /// Every `attachment://name` in an embed names an attachment of the
    /// message; otherwise Discord shows no image.
    fn check_embed_files(&mut self, what: &str, m: &Message) {
        let names: Vec<String> = m
            .attachments
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a["filename"].as_str().map(str::to_owned))
            .collect();
        for e in m.embeds.as_array().into_iter().flatten() {
            for url in [&e["image"]["url"], &e["thumbnail"]["url"]] {
                if let Some(name) = url.as_str().and_then(|u| u.strip_prefix("attachment://"))
                    && !names.iter().any(|n| n == name)
                {
                    self.violation(format!(
                        "{what}: embed image attachment://{name} is not attached ({names:?})"
                    ));
                }
            }
        }
    }

    fn check_not_empty(&mut self, what: &str, m: &Message) -> Option<Reply> {
        self.check_embed_files(what, m);
        let empty = |v: &Value| v.as_array().is_none_or(Vec::is_empty);
        if m.content.is_empty() && empty(&m.components) && empty(&m.embeds) && empty(&m.attachments)
        {
            self.violation(format!(
                "{what}: empty message (no content, components, embeds or files)"
            ));
            return Some(error(400, 50006, "Cannot send an empty message"));
        }
        None
    }

    fn create_channel_message(
        &mut self,
        path: &str,
        channel: u64,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
        let what = format!("POST {path}");
        if let Some(content) = body["content"].as_str()
            && self.rate_limit_text_once.remove(content)
        {
            self.rate_limit_once.insert(channel);
        }
        if let Some(r) = self.limit(&what, channel) {
            return r;
        }
        if let Some(user) = self.dm_user_of(channel)
            && self.dm_closed.contains(&user)
        {
            return error(403, 50007, "Cannot send messages to this user");
        }
        // Channel messages may only set SUPPRESS_EMBEDS and SUPPRESS_NOTIFICATIONS.
        if let Some(r) = self.check_body(&what, body, files, Some(4 | 4096)) {
            return r;
        }
        let m = self.new_message(channel, body, files, 0, None);
        if let Some(r) = self.check_not_empty(&what, &m) {
            return r;
        }
        ok(self.store(m))
    }

    fn channel_message(
        &mut self,
        method: &str,
        path: &str,
        channel: u64,
        mid: u64,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
        let what = format!("{method} {path}");
        if !matches!(method, "GET" | "PATCH" | "DELETE") {
            return error(404, 0, "404: Not Found");
        }
        if method == "PATCH"
            && let Some(r) = self.limit(&what, channel)
        {
            return r;
        }
        let m = match self.stored(&what, mid) {
            Ok(m) => m,
            Err(reply) => return reply,
        };
        if m.channel_id != channel {
            self.violation(format!(
                "{what}: message {mid} is in channel {}",
                m.channel_id
            ));
            return unknown_message();
        }
        if m.is_ephemeral() {
            self.violation(format!(
                "{what}: message {mid} is ephemeral; only its interaction webhook can see it"
            ));
            return unknown_message();
        }
        self.on_message(&what, method, m, body, files)
    }

    /// A stored message, or the answer Discord gives when there is none
    /// (and a violation if the bot names an id it was never given).
    fn stored(&mut self, what: &str, mid: u64) -> Result<Message, Reply> {
        match self.messages.get(&mid) {
            Some(m) => Ok(m.clone()),
            None => {
                if !self.issued.contains(&mid) {
                    self.violation(format!("{what}: message {mid} was never sent by the bot"));
                }
                Err(unknown_message())
            }
        }
    }

    /// GET, DELETE or PATCH of a stored message.
    fn on_message(
        &mut self,
        what: &str,
        method: &str,
        m: Message,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
        match method {
            "GET" => ok(m.to_json()),
            "DELETE" => {
                self.messages.remove(&m.id);
                no_content()
            }
            _ => self.edit_message(what, m, body, files),
        }
    }

    fn edit_message(
        &mut self,
        what: &str,
        mut m: Message,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
        if let Some(r) = self.check_body(what, body, files, None) {
            return r;
        }
        self.apply_fields(&mut m, body, files);
        m.flags &= !LOADING;
        if let Some(r) = self.check_not_empty(what, &m) {
            return r;
        }
        ok(self.store(m))
    }

    fn token_record(&self, token: &str) -> Option<InteractionRecord> {
        self.interactions.get(self.tokens.get(token)?).cloned()
    }

    fn interaction_callback(
        &mut self,
        path: &str,
        id: &str,
        token: &str,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
        let what = format!("POST {path}");
        let Some(rec) = self.interactions.get(id).cloned() else {
            self.violation(format!("{what}: unknown interaction {id}"));
            return error(404, 10062, "Unknown interaction");
        };
        self.responses
            .entry(id.to_string())
            .or_default()
            .push(body.clone());
        if rec.token != token {
            self.violation(format!("{what}: wrong token for interaction {id}"));
            return error(401, 50027, "Invalid Webhook Token");
        }
        if let Some(first) = rec.acked {
            self.violation(format!(
                "{what}: second answer (type {}) to interaction {id}, already answered with type {first}",
                body["type"]
            ));
            return error(400, 40060, "Interaction has already been acknowledged.");
        }
        let elapsed = rec.sent_at.elapsed();
        if elapsed > INTERACTION_DEADLINE {
            self.violation(format!(
                "{what}: answered after {elapsed:?}, Discord allows 3 s"
            ));
            return error(404, 10062, "Unknown interaction");
        }
        let kind = body["type"].as_u64().unwrap_or(0);
        let data = if body["data"].is_object() {
            body["data"].clone()
        } else {
            json!({})
        };
        let is_component = rec.kind == 3;
        let msg_kind = if rec.kind == 2 { 20 } else { 0 };
        let original = match kind {
            4 => {
                if let Some(r) = self.check_body(&what, &data, files, Some(4 | EPHEMERAL | 4096)) {
                    return r;
                }
                let m = self.new_message(rec.channel_id, &data, files, msg_kind, Some(&rec));
                if let Some(r) = self.check_not_empty(&what, &m) {
                    return r;
                }
                let mid = m.id;
                self.store(m);
                Some(mid)
            }
            5 => {
                if let Some(r) = self.check_body(&what, &data, files, Some(4 | EPHEMERAL | 4096)) {
                    return r;
                }
                let flags = data["flags"].as_u64().unwrap_or(0) & EPHEMERAL;
                let loading = json!({ "flags": flags });
                let mut m = self.new_message(rec.channel_id, &loading, &[], msg_kind, Some(&rec));
                m.flags |= LOADING;
                let mid = m.id;
                self.store(m);
                Some(mid)
            }
            6 | 7 if is_component => {
                let mid = rec.message_id.unwrap_or_default();
                let Some(mut m) = self.messages.get(&mid).cloned() else {
                    return unknown_message();
                };
                if kind == 7 {
                    if let Some(r) = self.check_body(&what, &data, files, None) {
                        return r;
                    }
                    self.apply_fields(&mut m, &data, files);
                    if let Some(r) = self.check_not_empty(&what, &m) {
                        return r;
                    }
                    self.store(m);
                }
                Some(mid)
            }
            6 | 7 => {
                self.violation(format!(
                    "{what}: callback type {kind} is only valid for component interactions"
                ));
                return form_reply(&[fe(
                    "type",
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    "Interaction response type is invalid for this interaction",
                )]);
            }
            8 if rec.kind == 4 => {
                let choices = data["choices"].as_array().cloned().unwrap_or_default();
                if choices.len() > 25 {
                    self.violation(format!("{what}: {} autocomplete choices", choices.len()));
                    return form_reply(&[fe(
                        "data.choices",
                        "BASE_TYPE_MAX_LENGTH",
                        "Must be 25 or fewer in length.",
                    )]);
                }
                None
            }
            _ if rec.kind == 4 => {
                self.violation(format!(
                    "{what}: callback type {kind} answers no autocomplete interaction"
                ));
                return form_reply(&[fe(
                    "type",
                    "INTERACTION_RESPONSE_TYPE_INVALID",
                    "Interaction response type is invalid for this interaction",
                )]);
            }
            9 => {
                let mut errors = Vec::new();
                check_modal(&data, &mut errors);
                if !errors.is_empty() {
                    for e in &errors {
                        self.violation(format!("{what}: {}: {}", e.path, e.message));
                    }
                    return form_reply(&errors);
                }
                None
            }
            _ => {
                self.violation(format!("{what}: callback type {kind} is invalid here"));
                return form_reply(&[fe(
                    "type",
                    "BASE_TYPE_CHOICES",
                    "Value must be one of {4, 5, 6, 7, 9}.",
                )]);
            }
        };
        if let Some(r) = self.interactions.get_mut(id) {
            r.acked = Some(kind);
            r.answered_after = Some(r.sent_at.elapsed());
            r.original = original;
        }
        no_content()
    }

    fn followup(&mut self, path: &str, token: &str, body: &Value, files: &[FilePart]) -> Reply {
        let what = format!("POST {path}");
        let Some(rec) = self.token_record(token) else {
            self.violation(format!("{what}: unknown interaction token"));
            return error(404, 10015, "Unknown Webhook");
        };
        self.responses
            .entry(rec.id.clone())
            .or_default()
            .push(body.clone());
        if rec.acked.is_none() {
            self.violation(format!(
                "{what}: follow-up before interaction {} was answered",
                rec.id
            ));
            return error(404, 10015, "Unknown Webhook");
        }
        if let Some(r) = self.check_body(&what, body, files, Some(4 | EPHEMERAL | 4096)) {
            return r;
        }
        // After a deferred (type 5) answer, the first follow-up replaces the
        // "thinking" message (keeping its ephemerality).
        if rec.acked == Some(5) {
            let loading = rec
                .original
                .and_then(|o| self.messages.get(&o).cloned())
                .filter(|m| m.flags & LOADING != 0);
            if let Some(m) = loading {
                return self.edit_message(&what, m, body, files);
            }
        }
        let msg_kind = if rec.kind == 2 { 20 } else { 0 };
        let m = self.new_message(rec.channel_id, body, files, msg_kind, Some(&rec));
        if let Some(r) = self.check_not_empty(&what, &m) {
            return r;
        }
        ok(self.store(m))
    }

    fn webhook_message(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        mid: &str,
        body: &Value,
        files: &[FilePart],
    ) -> Reply {
        let what = format!("{method} {path}");
        if !matches!(method, "GET" | "PATCH" | "DELETE") {
            return error(404, 0, "404: Not Found");
        }
        let Some(rec) = self.token_record(token) else {
            self.violation(format!("{what}: unknown interaction token"));
            return error(404, 10015, "Unknown Webhook");
        };
        let msg_id = if mid == "@original" {
            match rec.original {
                Some(o) => o,
                None => {
                    self.violation(format!(
                        "{what}: interaction {} has no original message (answered with {:?})",
                        rec.id, rec.acked
                    ));
                    return unknown_message();
                }
            }
        } else {
            match parse_id(mid) {
                Some(id) => id,
                None => return unknown_message(),
            }
        };
        let m = match self.stored(&what, msg_id) {
            Ok(m) => m,
            Err(reply) => return reply,
        };
        if mid != "@original" && m.interaction_id.as_deref() != Some(rec.id.as_str()) {
            self.violation(format!(
                "{what}: message {msg_id} was not sent with this token"
            ));
            return unknown_message();
        }
        self.on_message(&what, method, m, body, files)
    }
}

// ---------------------------------------------------------------------------
// Validation (the limits Discord enforces)

const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

fn check_len(v: &Value, path: &str, min: usize, max: usize, errors: &mut Vec<FormError>) {
    if v.is_null() {
        if min > 0 {
            errors.push(fe(path, "BASE_TYPE_REQUIRED", "This field is required"));
        }
        return;
    }
    if !v.is_string() {
        errors.push(fe(path, "BASE_TYPE_STRING", "Must be a string."));
        return;
    }
    let n = chars(v);
    if n < min {
        errors.push(fe(
            path,
            "BASE_TYPE_MIN_LENGTH",
            format!("Must be {min} or more in length."),
        ));
    }
    if n > max {
        errors.push(fe(
            path,
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length (got {n})."),
        ));
    }
}

/// Slash command and option names: 1-32 chars, lowercase letters/digits/`-`/`_`.
fn check_name(v: &Value, path: &str, errors: &mut Vec<FormError>) {
    let ok = v.as_str().is_some_and(|s| {
        (1..=32).contains(&s.chars().count())
            && s.chars()
                .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
    });
    if !ok {
        errors.push(fe(
            path,
            "APPLICATION_COMMAND_INVALID_NAME",
            format!("Command name is invalid: {v} (1-32 lowercase letters, digits, - or _)"),
        ));
    }
}

fn check_localizations(
    v: &Value,
    path: &str,
    names: bool,
    max: usize,
    errors: &mut Vec<FormError>,
) {
    let Some(map) = v.as_object() else { return };
    for (locale, text) in map {
        let p = format!("{path}.{locale}");
        if !LOCALES.contains(&locale.as_str()) {
            errors.push(fe(
                &p,
                "LOCALE_INVALID",
                format!("Invalid locale {locale:?}"),
            ));
        }
        if names {
            check_name(text, &p, errors);
        } else {
            check_len(text, &p, 1, max, errors);
        }
    }
}

fn check_command(cmd: &Value, path: &str, errors: &mut Vec<FormError>) {
    let kind = cmd["type"].as_u64().unwrap_or(1);
    if kind == 1 {
        check_name(&cmd["name"], &format!("{path}.name"), errors);
        check_localizations(
            &cmd["name_localizations"],
            &format!("{path}.name_localizations"),
            true,
            32,
            errors,
        );
        check_len(
            &cmd["description"],
            &format!("{path}.description"),
            1,
            100,
            errors,
        );
        check_localizations(
            &cmd["description_localizations"],
            &format!("{path}.description_localizations"),
            false,
            100,
            errors,
        );
        check_options(&cmd["options"], &format!("{path}.options"), 0, errors);
    } else {
        check_len(&cmd["name"], &format!("{path}.name"), 1, 32, errors);
        check_localizations(
            &cmd["name_localizations"],
            &format!("{path}.name_localizations"),
            false,
            32,
            errors,
        );
    }
}

/// `level`: 0 top level of a command, 1 inside a group, 2 inside a subcommand.
fn check_options(opts: &Value, path: &str, level: u8, errors: &mut Vec<FormError>) {
    let Some(list) = opts.as_array() else { return };
    if list.len() > 25 {
        errors.push(fe(
            path,
            "BASE_TYPE_MAX_LENGTH",
            "Must be 25 or fewer in length.",
        ));
    }
    let is_sub = |o: &Value| matches!(o["type"].as_u64(), Some(1 | 2));
    if list.iter().any(is_sub) && !list.iter().all(is_sub) {
        errors.push(fe(
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all other types",
        ));
    }
    let mut names = HashSet::new();
    let mut optional_seen = false;
    for (i, o) in list.iter().enumerate() {
        let p = format!("{path}.{i}");
        let t = o["type"].as_u64().unwrap_or(0);
        if !(1..=11).contains(&t) {
            errors.push(fe(
                format!("{p}.type"),
                "BASE_TYPE_CHOICES",
                "Value must be one of 1..=11.",
            ));
        }
        check_name(&o["name"], &format!("{p}.name"), errors);
        if !names.insert(o["name"].to_string()) {
            errors.push(fe(
                format!("{p}.name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            ));
        }
        check_localizations(
            &o["name_localizations"],
            &format!("{p}.name_localizations"),
            true,
            32,
            errors,
        );
        check_len(
            &o["description"],
            &format!("{p}.description"),
            1,
            100,
            errors,
        );
        check_localizations(
            &o["description_localizations"],
            &format!("{p}.description_localizations"),
            false,
            100,
            errors,
        );
        match t {
            1 | 2 => {
                let allowed = if t == 1 { level < 2 } else { level == 0 };
                if !allowed {
                    errors.push(fe(
                        format!("{p}.type"),
                        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                        "Sub-commands nest at most group > sub-command",
                    ));
                }
                if t == 2 {
                    let subs = o["options"]
                        .as_array()
                        .map(Vec::as_slice)
                        .unwrap_or_default();
                    if subs.iter().any(|s| s["type"] != 1) {
                        errors.push(fe(
                            format!("{p}.options"),
                            "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                            "A sub-command group may only contain sub-commands",
                        ));
                    }
                }
                check_options(
                    &o["options"],
                    &format!("{p}.options"),
                    if t == 2 { 1 } else { 2 },
                    errors,
                );
            }
            _ => {
                if o["required"] == true {
                    if optional_seen {
                        errors.push(fe(
                            format!("{p}.required"),
                            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                            "Required options must be placed before non-required options",
                        ));
                    }
                } else {
                    optional_seen = true;
                }
                if let Some(choices) = o["choices"].as_array() {
                    if choices.len() > 25 {
                        errors.push(fe(
                            format!("{p}.choices"),
                            "BASE_TYPE_MAX_LENGTH",
                            "Must be 25 or fewer in length.",
                        ));
                    }
                    if !choices.is_empty() && !matches!(t, 3 | 4 | 10) {
                        errors.push(fe(
                            format!("{p}.choices"),
                            "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                            "Choices are only allowed for string, integer and number options",
                        ));
                    }
                    if !choices.is_empty() && o["autocomplete"] == true {
                        errors.push(fe(
                            format!("{p}.autocomplete"),
                            "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                            "Autocomplete cannot be set with choices",
                        ));
                    }
                    for (j, c) in choices.iter().enumerate() {
                        check_len(&c["name"], &format!("{p}.choices.{j}.name"), 1, 100, errors);
                        check_localizations(
                            &c["name_localizations"],
                            &format!("{p}.choices.{j}.name_localizations"),
                            false,
                            100,
                            errors,
                        );
                        if c["value"].is_string() {
                            check_len(
                                &c["value"],
                                &format!("{p}.choices.{j}.value"),
                                1,
                                100,
                                errors,
                            );
                        }
                    }
                }
            }
        }
    }
}

fn check_message_fields(data: &Value, errors: &mut Vec<FormError>) {
    let Some(obj) = data.as_object() else {
        if !data.is_null() {
            errors.push(fe("_root", "MODEL_TYPE_CONVERT", "Body must be an object"));
        }
        return;
    };
    if let Some(c) = obj.get("content").filter(|c| !c.is_null()) {
        check_len(c, "content", 0, 2000, errors);
    }
    if let Some(rows) = obj.get("components").filter(|c| !c.is_null()) {
        check_components(rows, errors);
    }
    if let Some(embeds) = obj.get("embeds").filter(|c| !c.is_null()) {
        check_embeds(embeds, errors);
    }
}

fn is_select(c: &Value) -> bool {
    matches!(c["type"].as_u64(), Some(3 | 5 | 6 | 7 | 8))
}

fn check_components(rows: &Value, errors: &mut Vec<FormError>) {
    let Some(rows) = rows.as_array() else {
        errors.push(fe(
            "components",
            "MODEL_TYPE_CONVERT",
            "Only iterables may be used in a ListType",
        ));
        return;
    };
    if rows.len() > 5 {
        errors.push(fe(
            "components",
            "BASE_TYPE_MAX_LENGTH",
            format!(
                "Must be 5 or fewer in length (got {} action rows).",
                rows.len()
            ),
        ));
    }
    let mut seen = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        let p = format!("components.{i}");
        if row["type"] != 1 {
            errors.push(fe(format!("{p}.type"), "UNION_TYPE_CHOICES", "Top-level components must be action rows (type 1); serenity 0.12 cannot read components v2"));
            continue;
        }
        let items = row["components"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let ip = format!("{p}.components");
        if items.is_empty() {
            errors.push(fe(
                &ip,
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.",
            ));
        }
        let selects = items.iter().filter(|c| is_select(c)).count();
        let buttons = items.iter().filter(|c| c["type"] == 2).count();
        if selects > 0 && items.len() > 1 {
            errors.push(fe(&ip, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width (a select menu must be alone in its row)"));
        }
        if buttons > 5 {
            errors.push(fe(
                &ip,
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 5 or fewer in length (got {buttons} buttons)."),
            ));
        }
        for (j, c) in items.iter().enumerate() {
            let cp = format!("{ip}.{j}");
            match c["type"].as_u64() {
                Some(2) => check_button(c, &cp, errors),
                Some(3 | 5 | 6 | 7 | 8) => check_select(c, &cp, errors),
                _ => errors.push(fe(
                    format!("{cp}.type"),
                    "UNION_TYPE_CHOICES",
                    format!(
                        "Component type {} is not allowed in a message action row",
                        c["type"]
                    ),
                )),
            }
            if let Some(id) = c["custom_id"].as_str()
                && !seen.insert(id.to_string())
            {
                errors.push(fe(
                    format!("{cp}.custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    format!("Component custom id cannot be duplicated ({id:?})"),
                ));
            }
        }
    }
}

fn check_button(c: &Value, p: &str, errors: &mut Vec<FormError>) {
    match c["style"].as_u64() {
        Some(1..=4) => {
            check_len(&c["custom_id"], &format!("{p}.custom_id"), 1, 100, errors);
            if !c["url"].is_null() {
                errors.push(fe(
                    format!("{p}.url"),
                    "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                    "A non-link button cannot have a url",
                ));
            }
        }
        Some(5) => {
            check_len(&c["url"], &format!("{p}.url"), 1, 512, errors);
            if !c["custom_id"].is_null() {
                errors.push(fe(
                    format!("{p}.custom_id"),
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A link button cannot have a custom_id",
                ));
            }
        }
        Some(6) => {}
        _ => errors.push(fe(
            format!("{p}.style"),
            "BASE_TYPE_CHOICES",
            "Value must be one of {1, 2, 3, 4, 5, 6}.",
        )),
    }
    if !c["label"].is_null() {
        check_len(&c["label"], &format!("{p}.label"), 0, 80, errors);
    }
    if c["style"] != 6 && chars(&c["label"]) == 0 && c["emoji"].is_null() {
        errors.push(fe(
            format!("{p}.label"),
            "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
            "A button needs a label or an emoji",
        ));
    }
}

fn check_select(c: &Value, p: &str, errors: &mut Vec<FormError>) {
    check_len(&c["custom_id"], &format!("{p}.custom_id"), 1, 100, errors);
    if !c["placeholder"].is_null() {
        check_len(
            &c["placeholder"],
            &format!("{p}.placeholder"),
            0,
            150,
            errors,
        );
    }
    let min = c["min_values"].as_u64().unwrap_or(1);
    let max = c["max_values"].as_u64().unwrap_or(1);
    if min > 25 {
        errors.push(fe(
            format!("{p}.min_values"),
            "NUMBER_TYPE_MAX",
            "int value should be less than or equal to 25.",
        ));
    }
    if !(1..=25).contains(&max) {
        errors.push(fe(
            format!("{p}.max_values"),
            "NUMBER_TYPE_MAX",
            "int value should be between 1 and 25.",
        ));
    }
    if min > max {
        errors.push(fe(
            format!("{p}.min_values"),
            "SELECT_COMPONENT_MIN_VALUES_INVALID",
            "min_values must be <= max_values",
        ));
    }
    if c["type"] == 3 {
        let options = c["options"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let op = format!("{p}.options");
        if options.is_empty() {
            errors.push(fe(
                &op,
                "BASE_TYPE_MIN_LENGTH",
                "Must be 1 or more in length.",
            ));
        }
        if options.len() > 25 {
            errors.push(fe(
                &op,
                "BASE_TYPE_MAX_LENGTH",
                format!(
                    "Must be 25 or fewer in length (got {} options).",
                    options.len()
                ),
            ));
        }
        if !options.is_empty() && max as usize > options.len() {
            errors.push(fe(
                format!("{p}.max_values"),
                "SELECT_COMPONENT_MAX_VALUES_INVALID",
                "max_values must be <= the number of options",
            ));
        }
        let mut values = HashSet::new();
        for (k, o) in options.iter().enumerate() {
            check_len(&o["label"], &format!("{op}.{k}.label"), 1, 100, errors);
            check_len(&o["value"], &format!("{op}.{k}.value"), 1, 100, errors);
            if !o["description"].is_null() {
                check_len(
                    &o["description"],
                    &format!("{op}.{k}.description"),
                    0,
                    100,
                    errors,
                );
            }
            if !values.insert(o["value"].to_string()) {
                errors.push(fe(
                    format!("{op}.{k}.value"),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select option values must be unique",
                ));
            }
        }
    }
}

fn check_embeds(embeds: &Value, errors: &mut Vec<FormError>) {
    let Some(list) = embeds.as_array() else {
        errors.push(fe(
            "embeds",
            "MODEL_TYPE_CONVERT",
            "Only iterables may be used in a ListType",
        ));
        return;
    };
    if list.len() > 10 {
        errors.push(fe(
            "embeds",
            "BASE_TYPE_MAX_LENGTH",
            "Must be 10 or fewer in length.",
        ));
    }
    let mut total = 0;
    for (i, e) in list.iter().enumerate() {
        let p = format!("embeds.{i}");
        let mut field = |v: &Value, name: &str, max: usize, errors: &mut Vec<FormError>| {
            if !v.is_null() {
                check_len(v, &format!("{p}.{name}"), 0, max, errors);
                total += chars(v);
            }
        };
        field(&e["title"], "title", 256, errors);
        field(&e["description"], "description", 4096, errors);
        field(&e["footer"]["text"], "footer.text", 2048, errors);
        field(&e["author"]["name"], "author.name", 256, errors);
        let fields = e["fields"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        if fields.len() > 25 {
            errors.push(fe(
                format!("{p}.fields"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            ));
        }
        for (j, f) in fields.iter().enumerate() {
            check_len(&f["name"], &format!("{p}.fields.{j}.name"), 1, 256, errors);
            check_len(
                &f["value"],
                &format!("{p}.fields.{j}.value"),
                1,
                1024,
                errors,
            );
            total += chars(&f["name"]) + chars(&f["value"]);
        }
    }
    if total > 6000 {
        errors.push(fe(
            "embeds",
            "MESSAGE_EMBEDS_TOO_LONG",
            format!("Embed size exceeds maximum size of 6000 (got {total})"),
        ));
    }
}

fn check_modal(data: &Value, errors: &mut Vec<FormError>) {
    check_len(&data["custom_id"], "data.custom_id", 1, 100, errors);
    check_len(&data["title"], "data.title", 1, 45, errors);
    let rows = data["components"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    if rows.is_empty() || rows.len() > 5 {
        errors.push(fe(
            "data.components",
            "BASE_TYPE_MAX_LENGTH",
            "A modal needs 1 to 5 rows.",
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let items = row["components"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        if row["type"] != 1 || items.len() != 1 || items[0]["type"] != 4 {
            errors.push(fe(
                format!("data.components.{i}"),
                "UNION_TYPE_CHOICES",
                "Each modal row holds exactly one text input",
            ));
        }
    }
}
