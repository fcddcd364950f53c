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

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serenity::all::{
    ChannelId, ClientBuilder, Context as SerenityContext, EventHandler, GatewayIntents, GuildId,
    HttpBuilder, Interaction, Member, MessageId, User,
};
use serenity::async_trait;
use tarock_storage::{Platform, StorageError, Store, TableId};
use tarock_table::{
    ChatRef, Command, Outgoing, Pump, ServiceError, TableService, UserRef, scheduler,
};
use tokio::sync::watch;

pub use config::{Config, ConfigError};

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
    /// The server of each channel seen, for links to a table message.
    guilds: Mutex<HashMap<u64, u64>>,
    /// Each user's DM channel, once opened.
    dms: Mutex<HashMap<u64, ChannelId>>,
    /// The newest DM with a user's hand at a table, edited by the next
    /// view without buttons (so old buttons disappear).
    last_dm: Mutex<HashMap<(String, TableId), MessageId>>,
    /// Players a table's channel was told that their DMs are closed.
    told: Mutex<HashSet<(String, TableId)>>,
}

impl Bot {
    fn new(service: Arc<TableService>, config: &Config) -> Bot {
        Bot {
            service,
            pump: Pump::new(config.edit_interval),
            answer_within: config.answer_within,
            guilds: Mutex::new(HashMap::new()),
            dms: Mutex::new(HashMap::new()),
            last_dm: Mutex::new(HashMap::new()),
            told: Mutex::new(HashSet::new()),
        }
    }

    /// Remembers the server a channel belongs to.
    pub(crate) fn remember_guild(&self, channel: ChannelId, guild: Option<GuildId>) {
        if let (Some(guild), Ok(mut guilds)) = (guild, self.guilds.lock()) {
            guilds.insert(channel.get(), guild.get());
        }
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
        let mut task = tokio::spawn(async move { service.handle(command).await });
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

    /// Whether the channel has not yet been told that this player's DMs
    /// are closed (and remembers that it now is).
    pub(crate) fn first_telling(&self, user_id: &str, table: TableId) -> bool {
        self.told
            .lock()
            .map(|mut t| t.insert((user_id.to_owned(), table)))
            .unwrap_or(true)
    }

    /// A DM reached the user: tell the channel again if they close DMs later.
    pub(crate) fn reachable(&self, user_id: &str) {
        if let Ok(mut told) = self.told.lock() {
            told.retain(|(u, _)| u != user_id);
        }
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

/// Routes the button and select clicks; poise takes the slash commands.
struct Handler {
    bot: Arc<Bot>,
}

#[async_trait]
impl EventHandler for Handler {
    async fn interaction_create(&self, ctx: SerenityContext, interaction: Interaction) {
        if let Interaction::Component(component) = interaction {
            interact::on_component(&self.bot, &ctx.http, &component).await;
        }
    }

    async fn ready(&self, _ctx: SerenityContext, ready: serenity::all::Ready) {
        log::info!("connected as {} ({})", ready.user.name, ready.user.id);
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
    let service = Arc::new(match config.fixed_seed {
        None => TableService::new(store, config.clock.clone()),
        Some(seed) => TableService::with_fixed_seed(store, config.clock.clone(), seed),
    });
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
    log::info!("logging in as {}", me.name);

    let framework = commands::framework(bot.clone(), config.register_commands, config.guild_id);
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .framework(framework)
        .event_handler(Handler { bot: bot.clone() })
        .await?;
    let shards = client.shard_manager.clone();
    let discord_http = client.http.clone();

    let (stop_tx, stop_rx) = watch::channel(false);
    let deliverer = {
        let messenger = deliver::Discord {
            bot: bot.clone(),
            http: discord_http,
        };
        let stop = stop_rx.clone();
        let interval = config.delivery_interval;
        tokio::spawn(async move {
            messenger
                .bot
                .pump
                .run(&messenger.bot.service.clone(), &messenger, interval, stop)
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
    let mut gateway = tokio::spawn(async move { client.start().await });

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
    log::info!("shutting down");
    shards.shutdown_all().await;
    let _ = stop_tx.send(true);
    let _ = deliverer.await;
    let _ = deadlines.await;
    let _ = housekeeping.await;
    service.store().close().await;
    failure.map_or(Ok(()), Err)
}
