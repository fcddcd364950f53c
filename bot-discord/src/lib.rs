//! The Discord front end of the tarock bot: a thin adapter over the table
//! service (`tarock-table`). Slash commands (poise) and button clicks
//! (serenity interactions) become [`tarock_table::Command`]s; the service's
//! outbox becomes Discord messages: the public table message edited in
//! place, DMs with the hand, settlements. A hand asked for is an ephemeral
//! message, fresh on every click. No game logic and no texts of its own
//! live here.

pub mod commands;
pub mod config;
pub mod deliver;
pub mod interact;
pub mod layout;
pub mod picture;
pub mod rest;

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{
    ChannelId, ClientBuilder, Context as SerenityContext, EventHandler, GatewayIntents, GuildId,
    HttpBuilder, Interaction, Member, User,
};
use serenity::async_trait;
use tarock_storage::{StorageError, Store};
use tarock_table::{
    ChatRef, Command, Outgoing, Platform, Pump, ServiceError, TableId, TableService, UserRef,
    scheduler,
};
use tokio::sync::watch;

pub use config::{Config, ConfigError, Shards};

/// Why the bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The database failed.
    #[error("database: {0}")]
    Storage(#[from] StorageError),
    /// The table service failed.
    #[error("table service: {0}")]
    Service(#[from] ServiceError),
    /// Discord refused a request the bot cannot do without (a wrong token).
    #[error("Discord: {0}")]
    Discord(#[from] serenity::Error),
    /// A command's task died.
    #[error("a command's task failed: {0}")]
    Task(String),
}

/// What the handlers and the deliverer share.
pub struct Bot {
    /// The table service.
    pub(crate) service: Arc<TableService>,
    /// Delivers the outbox; woken after each command.
    pub(crate) pump: Pump,
    /// How long an interaction is worked on before it is acknowledged.
    answer_within: Duration,
    /// Each user's DM channel, once opened.
    dms: Mutex<HashMap<u64, String>>,
    /// Draws the pictures (shared; caches them by content).
    pub(crate) renderer: Arc<tarock_cards::Renderer>,
    /// A hash of the picture each message (by id) shows now, so an edit
    /// that keeps the picture uploads nothing.
    pub(crate) shown: Mutex<HashMap<String, u64>>,
    /// `(table, user)` whose closed DMs the private view's own send
    /// already answered in the channel, so the outbox's call of
    /// `unreachable` right after it does not answer a second time.
    pub(crate) fallen_back: Mutex<HashSet<(i64, String)>>,
}

/// Delivery-state scopes of the Discord front end.
pub(crate) mod scope {
    /// Channel id → its server's id, for links to a table message.
    pub const GUILD: &str = "discord:guild";
    /// `<user>:<table>`: the table's channel was told the user's DMs are closed.
    pub const TOLD: &str = "discord:told";
    /// Interaction ids answered (a redelivered one is not answered again).
    pub const ANSWERED: &str = "discord:answered";
}

impl Bot {
    fn new(service: Arc<TableService>, config: &Config) -> Bot {
        Bot {
            service,
            pump: Pump::new(config.edit_interval).with_rate(config.send_rate),
            answer_within: config.answer_within,
            dms: Mutex::new(HashMap::new()),
            renderer: Arc::new(tarock_cards::Renderer::new()),
            shown: Mutex::new(HashMap::new()),
            fallen_back: Mutex::new(HashSet::new()),
        }
    }

    /// Remembers, in the database, the server a channel belongs to.
    pub(crate) async fn remember_guild(&self, channel: ChannelId, guild: Option<GuildId>) {
        let Some(guild) = guild else { return };
        let store = self.service.store();
        let key = channel.get().to_string();
        let value = guild.get().to_string();
        if store
            .delivery_get(scope::GUILD, &key)
            .await
            .ok()
            .flatten()
            .as_deref()
            != Some(value.as_str())
            && let Err(e) = store
                .delivery_put(scope::GUILD, &key, &value, self.service.now_ms())
                .await
        {
            tracing::warn!(channel = %key, error = %e, "remembering the server of a channel");
        }
    }

    /// The server of a channel, if known.
    pub(crate) async fn guild_of(&self, channel: u64) -> Option<u64> {
        self.service
            .store()
            .delivery_get(scope::GUILD, &channel.to_string())
            .await
            .ok()
            .flatten()
            .and_then(|g| g.parse().ok())
    }

    /// Runs a command on the service. If it takes longer than the answer
    /// time, `acknowledge` runs first (Discord wants an answer within three
    /// seconds) while the command goes on; it is never cancelled, so no
    /// action is lost. Returns the replies and whether `acknowledge` ran.
    pub(crate) async fn handle_timely<F, Fut>(
        &self,
        command: Command,
        acknowledge: F,
    ) -> (Result<Vec<Outgoing>, BotError>, bool)
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = ()>,
    {
        let service = self.service.clone();
        let mut task =
            tokio::spawn(async move { tarock_ops::handle(&service, "discord", command).await });
        let early = if self.answer_within.is_zero() {
            None
        } else {
            tokio::select! {
                biased;
                done = &mut task => Some(done),
                () = tokio::time::sleep(self.answer_within) => None,
            }
        };
        let (done, acknowledged) = match early {
            Some(done) => (done, false),
            None => {
                acknowledge().await;
                (task.await, true)
            }
        };
        self.pump.wake.notify_one();
        let result = match done {
            Ok(result) => result.map_err(BotError::from),
            Err(e) => Err(BotError::Task(e.to_string())),
        };
        (result, acknowledged)
    }

    /// Whether the table's channel was told that this player's DMs are
    /// closed (the notice was delivered).
    pub(crate) async fn told(&self, user_id: &str, table: TableId) -> bool {
        self.service
            .store()
            .delivery_get(scope::TOLD, &format!("{user_id}:{}", table.0))
            .await
            .ok()
            .flatten()
            .is_some()
    }

    /// Remembers, in the database, that the notice about this player's
    /// closed DMs was delivered to the table's channel.
    pub(crate) async fn mark_told(&self, user_id: &str, table: TableId) {
        if let Err(e) = self
            .service
            .store()
            .delivery_put(
                scope::TOLD,
                &format!("{user_id}:{}", table.0),
                "1",
                self.service.now_ms(),
            )
            .await
        {
            tracing::warn!(user = %tarock_ops::logs::user_hash("discord", user_id), error = %e, "remembering that a user was told about");
        }
    }

    /// A DM reached the user: tell the channel again if they close DMs later.
    pub(crate) async fn reachable(&self, user_id: &str) {
        if let Err(e) = self
            .service
            .store()
            .delivery_delete_prefix(scope::TOLD, &format!("{user_id}:"))
            .await
        {
            tracing::warn!(user = %tarock_ops::logs::user_hash("discord", user_id), error = %e, "forgetting that a user was unreachable");
        }
    }

    /// The answer to a direct message: what the bot is, how to open a
    /// table, and the person's open tables with links (in the language of
    /// their last command, German if none).
    pub(crate) async fn dm_help(&self, user_id: &str) -> String {
        let store = self.service.store();
        let lang = match store.player_on(Platform::Discord, user_id).await {
            Ok(Some(p)) => tarock_table::Lang::from_tag(&p.language),
            _ => tarock_table::Lang::De,
        };
        let mut lines = vec![tarock_table::tr!(
            lang,
            "discord-dm-help",
            games = tarock_table::games::names_list(lang)
        )];
        let tables = store
            .open_tables_of_player(Platform::Discord, user_id)
            .await
            .unwrap_or_default();
        lines.push(if tables.is_empty() {
            tarock_table::tr!(lang, "discord-dm-no-tables")
        } else {
            tarock_table::tr!(lang, "discord-dm-tables")
        });
        for id in tables {
            let Ok(Some(table)) = store.table(id).await else {
                continue;
            };
            let channel: u64 = table.chat_id.parse().unwrap_or(0);
            let link = match (self.guild_of(channel).await, table.public_message_id) {
                (Some(guild), Some(m)) => {
                    format!("https://discord.com/channels/{guild}/{channel}/{m}")
                }
                (Some(guild), None) => format!("https://discord.com/channels/{guild}/{channel}"),
                _ => format!("<#{channel}>"),
            };
            lines.push(tarock_table::tr!(
                lang,
                "discord-dm-table",
                table = id.0,
                link = link
            ));
        }
        lines.join("\n")
    }

    /// Claims the answer to an interaction: `true` the first time, `false`
    /// when it was answered before (a redelivered interaction).
    pub(crate) async fn first_answer(&self, interaction: &str) -> bool {
        self.service
            .store()
            .delivery_put_new(scope::ANSWERED, interaction, "1", self.service.now_ms())
            .await
            .unwrap_or(true)
    }
}

/// A Discord user as the table service knows them: their server nickname,
/// else their display name, else their user name.
pub(crate) fn user_ref(user: &User, member: Option<&Member>) -> UserRef {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    UserRef {
        platform: Platform::Discord,
        user_id: user.id.get().to_string(),
        name,
    }
}

/// A channel (or thread: in Discord a thread is a channel too).
pub(crate) fn chat_ref(channel: ChannelId) -> ChatRef {
    ChatRef {
        platform: Platform::Discord,
        chat_id: channel.get().to_string(),
        thread_id: None,
    }
}

/// Whether Discord says the member may manage the channel or the server
/// (then they may close any table in it).
pub(crate) fn is_admin(member: Option<&Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.administrator() || p.manage_guild() || p.manage_channels())
}

/// The gateway URL serenity's shards (re)connect to (`Client::ws_url`),
/// once the client exists; set only when this process runs one shard.
type GatewayUrl = Arc<std::sync::OnceLock<Arc<tokio::sync::Mutex<String>>>>;

/// Routes the button and select clicks; poise takes the slash commands.
struct Handler {
    bot: Arc<Bot>,
    /// Where a lost session is resumed: READY's `resume_gateway_url`.
    gateway_url: GatewayUrl,
}

#[async_trait]
impl EventHandler for Handler {
    async fn interaction_create(&self, ctx: SerenityContext, interaction: Interaction) {
        // Counted from its arrival on: a shutdown lets it finish.
        let _taken = tarock_ops::observe::accepted();
        if let Interaction::Component(component) = interaction {
            interact::on_component(&self.bot, &ctx.http, &component).await;
        }
    }

    /// A direct message to the bot (not from a bot): a short help with
    /// the person's open tables.
    async fn message(&self, ctx: SerenityContext, message: serenity::all::Message) {
        if message.guild_id.is_some() || message.author.bot {
            return;
        }
        let help = self.bot.dm_help(&message.author.id.get().to_string()).await;
        let reply = serenity::all::CreateMessage::new()
            .content(help)
            .allowed_mentions(serenity::all::CreateAllowedMentions::new());
        if let Err(e) = message.channel_id.send_message(&ctx.http, reply).await {
            tracing::warn!("answering a direct message: {e}");
        }
    }

    /// Also points the shard's next connection at READY's
    /// `resume_gateway_url`, where Discord wants a lost session resumed:
    /// serenity 0.12.5 keeps only the session id of READY
    /// (`gateway/shard.rs`, `handle_gateway_dispatch`) and resumes on the
    /// shared `Client::ws_url` (`Shard::initialize`), which is set here.
    async fn ready(&self, _ctx: SerenityContext, ready: serenity::all::Ready) {
        tracing::info!(bot = %ready.user.name, shard = ready.shard.map(|s| s.id.0), "connected");
        if let Some(url) = self.gateway_url.get()
            && !ready.resume_gateway_url.is_empty()
        {
            *url.lock().await = ready.resume_gateway_url.clone();
        }
    }
}

/// Runs the bot until `shutdown` completes: the gateway client with the
/// slash commands and the click handler, the outbox deliverer and the
/// deadline scheduler. This is what the `tarock-discord` binary runs.
///
/// # Errors
/// When the database cannot be opened or Discord does not accept the token.
pub async fn run(
    config: Config,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), BotError> {
    let store = Store::open(&config.database).await?;
    let service = match config.fixed_seed {
        None => TableService::new(store, config.clock.clone()),
        Some(seed) => TableService::with_fixed_seed(store, config.clock.clone(), seed),
    };
    // Only this platform's messages: a linked table also has messages for
    // the other platform's bot on the same database.
    let service = Arc::new(service.delivering_for(Platform::Discord));
    let bot = Arc::new(Bot::new(service.clone(), &config));

    let mut http = HttpBuilder::new(&config.token);
    if let Some(url) = &config.api_url {
        // serenity's own rate limiter would send to discord.com regardless;
        // 429s are then honoured by the outbox instead.
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    // Fails early, with Discord's own message, on a wrong token.
    let me = http.get_current_user().await?;
    tracing::info!("logging in as {}", me.name);

    let framework = commands::framework(bot.clone(), config.register_commands, config.guild_id);
    let gateway_url = GatewayUrl::default();
    let mut client = ClientBuilder::new_with_http(
        http,
        GatewayIntents::GUILDS | GatewayIntents::DIRECT_MESSAGES,
    )
    .framework(framework)
    .event_handler(Handler {
        bot: bot.clone(),
        gateway_url: gateway_url.clone(),
    })
    .await?;
    let shards = client.shard_manager.clone();
    // All shards of a process share one URL: only a process of one shard
    // can follow its session's resume URL.
    if config.shards.is_none_or(|s| s.first == s.last) {
        let _ = gateway_url.set(client.ws_url.clone());
    }

    let (stop_tx, stop_rx) = watch::channel(false);
    let metrics = match config.metrics_addr {
        Some(addr) => tarock_ops::endpoint::spawn(addr, service.clone(), stop_rx.clone()).await,
        None => None,
    };
    let deliverer = {
        let base = config
            .api_url
            .as_ref()
            .map_or_else(|| "https://discord.com".to_owned(), |u| u.to_string());
        let messenger = deliver::Discord {
            bot: bot.clone(),
            rest: rest::Rest::new(&base, &config.token),
        };
        let stop = stop_rx.clone();
        let interval = config.delivery_interval;
        tokio::spawn(async move {
            let counted = tarock_ops::Counted::new(&messenger, "discord");
            messenger
                .bot
                .pump
                .run(&messenger.bot.service.clone(), &counted, interval, stop)
                .await;
        })
    };
    // Retention and planner statistics, beside delivery and deadlines.
    let housekeeping = tokio::spawn(tarock_table::maintenance::run(
        service.clone(),
        config.maintenance,
        stop_rx.clone(),
    ));
    let deadlines = tokio::spawn(scheduler::supervise(service.clone(), stop_rx));
    let shards_run = config.shards;
    let mut gateway = tokio::spawn(async move {
        match shards_run {
            // serenity's range is inclusive of its end.
            Some(s) => {
                tracing::info!(first = s.first, last = s.last, total = s.total, "shards");
                client.start_shard_range(s.first..s.last, s.total).await
            }
            None => client.start().await,
        }
    });

    let mut failure = None;
    tokio::select! {
        () = shutdown => {}
        ended = &mut gateway => {
            failure = match ended {
                Ok(Ok(())) => None,
                Ok(Err(e)) => Some(BotError::Discord(e)),
                Err(e) => Some(BotError::Task(e.to_string())),
            };
        }
    }
    tracing::info!("shutting down");
    let drained = tarock_ops::shutdown::drain(
        async {
            // No new events; then the deliverer records its batch and hands
            // back its leases.
            shards.shutdown_all().await;
            // Events received until now reach their handlers (which count
            // them at once); then the commands already taken commit and
            // are answered.
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            tarock_ops::observe::settled().await;
            let _ = stop_tx.send(true);
            let _ = deliverer.await;
            let _ = deadlines.await;
            let _ = housekeeping.await;
            if let Some(metrics) = metrics {
                let _ = metrics.await;
            }
        },
        // Leaves time to close the database within the grace period.
        tarock_ops::shutdown::GRACE - std::time::Duration::from_secs(1),
    )
    .await;
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), service.store().close()).await;
    tracing::info!(clean = drained, "stopped");
    failure.map_or(Ok(()), Err)
}
