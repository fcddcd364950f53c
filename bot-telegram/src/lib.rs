//! The Telegram front end of the tarock bot: a thin adapter over the table
//! service (`tarock-table`). Group messages and button presses become
//! [`tarock_table::Command`]s; the service's outbox becomes Telegram
//! messages (the public table message edited in place, hands in the private
//! chat); the deadline scheduler runs beside it. No game logic and no texts
//! of its own live here.

pub mod commands;
pub mod config;
pub mod deliver;
pub mod inline;
pub mod photo;
pub mod webhook;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tarock_storage::{StorageError, Store, TableStatus};
use tarock_table::{
    ChatRef, Command, CommandKind, CupAction, Lang, Outgoing, Platform, Pump, SendFail, Sender,
    ServiceError, TableId, TableService, UserRef, scheduler, tr,
};
use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{Chat, MaybeInaccessibleMessage, Update, UpdateKind, User};
use tokio::sync::watch;

pub use config::{Config, ConfigError};

use commands::Typed;
use deliver::{classify, send_text, tell_group_to_start, truncate};

/// Why the bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The database failed.
    #[error("database: {0}")]
    Storage(#[from] StorageError),
    /// The table service failed.
    #[error("table service: {0}")]
    Service(#[from] ServiceError),
    /// Telegram refused a request the bot cannot do without (e.g. `getMe`
    /// with a wrong token).
    #[error("Telegram: {0}")]
    Telegram(#[from] RequestError),
    /// The webhook's listen address cannot be bound.
    #[error("listening on {0}: {1}")]
    Listen(std::net::SocketAddr, std::io::Error),
}

/// What the handlers and the deliverer share.
pub(crate) struct Ctx {
    pub(crate) service: Arc<TableService>,
    pub(crate) bot: Bot,
    /// The bot's username, for deep links and `/cmd@bot`.
    pub(crate) username: String,
    /// Delivers the outbox; woken after each command.
    pub(crate) pump: Pump,
    /// Draws the hands (shared; caches pictures by content).
    pub(crate) renderer: Arc<tarock_cards::Renderer>,
    /// A hash of the picture each photo message shows now, by chat and
    /// message, so an unchanged picture is not uploaded again.
    pub(crate) photos: std::sync::Mutex<std::collections::HashMap<(i64, i32), u64>>,
    /// A hash of the text and keyboard each table message shows now, by
    /// chat and message, so a version that shows the same is not sent
    /// (Telegram refuses it: "message is not modified").
    pub(crate) tables: std::sync::Mutex<std::collections::HashMap<(i64, i32), u64>>,
}

/// The delivery-state scope of "the group was told that this player must
/// open the private chat" (key `<user>:<table>`).
const TOLD: &str = "telegram:told";

impl Ctx {
    /// Whether the group has not yet been told about this player and table
    /// (and remembers, in the database, that it now is).
    pub(crate) async fn first_telling(&self, user_id: &str, table: TableId) -> bool {
        let store = self.service.store();
        let key = format!("{user_id}:{}", table.0);
        store
            .delivery_put_new(TOLD, &key, "1", self.service.now_ms())
            .await
            .unwrap_or(true)
    }

    /// A private message reached the user: tell the group again if it
    /// stops reaching them later.
    pub(crate) async fn reachable(&self, user_id: &str) {
        let prefix = format!("{user_id}:");
        if let Err(e) = self
            .service
            .store()
            .delivery_delete_prefix(TOLD, &prefix)
            .await
        {
            tracing::warn!(user = %user_hash(user_id), error = %e, "forgetting that a user was unreachable");
        }
    }
}

/// The platform's name in metrics and logs.
pub(crate) const PLATFORM: &str = "telegram";

/// A user as logs name them: a hash, never the Telegram id.
pub(crate) fn user_hash(user_id: &str) -> String {
    tarock_ops::logs::user_hash(PLATFORM, user_id)
}

/// Runs the bot until `shutdown` completes: the intake of updates (long
/// polling, or the webhook listener when [`Config::webhook`] is set), the
/// outbox deliverer, the deadline scheduler, housekeeping and, when
/// [`Config::metrics_addr`] is set, the metrics listener. This is what the
/// `tarock-telegram` binary runs.
///
/// On `shutdown` the intake stops first (no new update is taken; those in
/// flight are handled and confirmed), then the deliverer finishes its
/// batch and records it (handing back its leases), then the rest stops,
/// all within [`tarock_ops::shutdown::GRACE`].
///
/// # Errors
/// When the database cannot be opened, Telegram does not accept the token,
/// or the webhook cannot be set up.
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
    let service = Arc::new(service.delivering_for(Platform::Telegram));
    let mut bot = Bot::new(config.token.clone());
    if let Some(url) = &config.api_url {
        bot = bot.set_api_url(url.clone());
    }
    let me = bot.get_me().await?;
    let username = me.username().to_owned();
    tracing::info!(bot = %username, "running");
    if config.register_commands {
        register_commands(&bot).await;
    }
    let ctx = Arc::new(Ctx {
        service: service.clone(),
        bot: bot.clone(),
        username,
        pump: Pump::new(config.edit_interval).with_rate(config.send_rate),
        renderer: Arc::new(tarock_cards::Renderer::new()),
        photos: std::sync::Mutex::new(std::collections::HashMap::new()),
        tables: std::sync::Mutex::new(std::collections::HashMap::new()),
    });
    let (stop_tx, stop_rx) = watch::channel(false);
    let metrics = match config.metrics_addr {
        Some(addr) => tarock_ops::endpoint::spawn(addr, service.clone(), stop_rx.clone()).await,
        None => None,
    };
    let deliverer = {
        let ctx = ctx.clone();
        let stop = stop_rx.clone();
        let interval = config.delivery_interval;
        tokio::spawn(async move {
            let counted = tarock_ops::Counted::new(ctx.as_ref(), PLATFORM);
            ctx.pump
                .run(&ctx.service.clone(), &counted, interval, stop)
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

    let (intake_stop_tx, intake_stop_rx) = watch::channel(false);
    let intake = match &config.webhook {
        Some(hook) => {
            let listener = tokio::net::TcpListener::bind(hook.listen)
                .await
                .map_err(|e| BotError::Listen(hook.listen, e))?;
            let served = tokio::spawn(webhook::serve(
                listener,
                hook.url.path().to_owned(),
                ctx.clone(),
                hook.secret.clone(),
                intake_stop_rx,
            ));
            // Telegram keeps undelivered updates while no webhook answers
            // (drop_pending_updates stays off), so none is lost across a
            // restart. Every process sets the same URL and secret.
            bot.set_webhook(hook.url.clone())
                .secret_token(hook.secret.clone())
                .drop_pending_updates(false)
                .await?;
            tracing::info!(listen = %hook.listen, "taking updates by webhook");
            served
        }
        None => {
            if config.delete_webhook
                && let Err(e) = bot.delete_webhook().await
            {
                tracing::warn!(error = %e, "deleting the webhook");
            }
            tokio::spawn(poll(
                ctx.clone(),
                config.poll_timeout,
                config.halt_after_receipt,
                intake_stop_rx,
            ))
        }
    };

    shutdown.await;
    tracing::info!("shutting down");
    let drained = tarock_ops::shutdown::drain(
        async {
            // No new updates; those in flight are handled and confirmed.
            let _ = intake_stop_tx.send(true);
            let _ = intake.await;
            tarock_ops::observe::settled().await;
            // The deliverer records its batch and hands back its leases.
            let _ = stop_tx.send(true);
            let _ = deliverer.await;
            let _ = deadlines.await;
            let _ = housekeeping.await;
            if let Some(metrics) = metrics {
                let _ = metrics.await;
            }
        },
        // Leaves time to close the database within the grace period.
        tarock_ops::shutdown::GRACE - Duration::from_secs(1),
    )
    .await;
    let _ = tokio::time::timeout(Duration::from_secs(1), service.store().close()).await;
    tracing::info!(clean = drained, "stopped");
    Ok(())
}

/// Takes updates by long polling and confirms them only once handled: the
/// `offset` of a `getUpdates` moves past an update after its handler
/// finished (the command committed, the button answered), so a process
/// that dies in between reads it again, and the update-id check of the
/// table service makes the second reading harmless. Updates of one chat
/// are handled in order; chats run side by side.
async fn poll(
    ctx: Arc<Ctx>,
    timeout: Duration,
    halt_after_receipt: bool,
    mut stop: watch::Receiver<bool>,
) {
    let mut offset: i32 = 0;
    let seconds = u32::try_from(timeout.as_secs()).unwrap_or(u32::MAX);
    loop {
        if *stop.borrow() {
            confirm(&ctx, offset).await;
            return;
        }
        let request = ctx.bot.get_updates().offset(offset).timeout(seconds);
        let received = tokio::select! {
            received = request.send() => received,
            _ = stop.changed() => {
                // The poll that carried `offset` may not have reached
                // Telegram before it was dropped: confirm it on its own.
                confirm(&ctx, offset).await;
                return;
            }
        };
        let updates = match received {
            Ok(updates) => updates,
            Err(e) => {
                tracing::warn!(error = %e, "getUpdates");
                let wait = match &e {
                    RequestError::RetryAfter(s) => s.duration(),
                    _ => Duration::from_secs(1),
                };
                tokio::select! {
                    () = tokio::time::sleep(wait) => continue,
                    _ = stop.changed() => return,
                }
            }
        };
        if updates.is_empty() {
            continue;
        }
        if halt_after_receipt {
            tracing::warn!(updates = updates.len(), "halting after receipt (test hook)");
            return;
        }
        // Per chat, in order.
        let mut lanes: Vec<(i64, Vec<Update>)> = Vec::new();
        let mut next = offset;
        for update in updates {
            next = next.max(update.id.0 as i32 + 1);
            let lane = update
                .chat()
                .map(|c| c.id.0)
                .or_else(|| update.from().map(|u| u.id.0 as i64))
                .unwrap_or(0);
            match lanes.iter_mut().find(|(l, _)| *l == lane) {
                Some((_, list)) => list.push(update),
                None => lanes.push((lane, vec![update])),
            }
        }
        let tasks: Vec<_> = lanes
            .into_iter()
            .map(|(_, list)| {
                let ctx = ctx.clone();
                let first = list.first().map_or(0, |u| u.id.0 as i32);
                let task = tokio::spawn(async move {
                    for update in list {
                        let id = update.id.0 as i32;
                        if let Err(e) = on_update(ctx.clone(), update).await {
                            // Not handled (the database failed): read it
                            // again with the next poll.
                            tracing::error!(update = id, error = %e, "handling an update");
                            return Some(id);
                        }
                    }
                    None
                });
                (first, task)
            })
            .collect();
        for (first, task) in tasks {
            match task.await {
                Ok(None) => {}
                Ok(Some(failed)) => next = next.min(failed),
                // A handler that panics would panic again: skipped.
                Err(e) => {
                    tracing::error!(update = first, error = %e, "the updates from here on failed")
                }
            }
        }
        offset = next;
    }
}

/// On a graceful stop: tells Telegram that the updates before `offset`
/// were handled (a `getUpdates` with that offset that does not wait), so
/// the next process does not read them again. What this request returns
/// is left unconfirmed for the next process.
async fn confirm(ctx: &Ctx, offset: i32) {
    if offset == 0 {
        return;
    }
    let request = ctx.bot.get_updates().offset(offset).timeout(0).limit(1);
    if let Err(e) = request.send().await {
        tracing::info!(error = %e, "confirming the handled updates at shutdown");
    }
}

/// The command menu in German (the default) and English.
async fn register_commands(bot: &Bot) {
    let default = bot.set_my_commands(commands::menu(Lang::De)).await;
    let en = bot
        .set_my_commands(commands::menu(Lang::En))
        .language_code("en")
        .await;
    for result in [default, en] {
        if let Err(e) = result {
            tracing::warn!(error = %e, "registering the command menu");
        }
    }
}

/// One update from Telegram.
pub(crate) async fn on_update(ctx: Arc<Ctx>, update: Update) -> Result<(), BotError> {
    let update_id = Some(update.id.0.to_string());
    match update.kind {
        UpdateKind::Message(message) => on_message(&ctx, &message, update_id).await,
        UpdateKind::CallbackQuery(query) => on_callback(&ctx, &query, update_id).await,
        UpdateKind::InlineQuery(query) => inline::on_inline_query(&ctx, &query).await,
        UpdateKind::ChosenInlineResult(chosen) => inline::on_chosen(&ctx, &chosen, update_id).await,
        _ => Ok(()),
    }
}

pub(crate) fn user_ref(user: &User) -> UserRef {
    let mut name = user.first_name.clone();
    if let Some(last) = &user.last_name {
        name.push(' ');
        name.push_str(last);
    }
    UserRef {
        platform: Platform::Telegram,
        user_id: user.id.0.to_string(),
        name,
    }
}

pub(crate) fn user_lang(user: &User) -> Lang {
    user.language_code
        .as_deref()
        .map_or(Lang::De, Lang::from_tag)
}

fn chat_ref(chat: &Chat, message: Option<&Message>) -> ChatRef {
    let thread_id = message
        .filter(|m| m.is_topic_message)
        .and_then(|m| m.thread_id)
        .map(|t| t.0.0.to_string());
    ChatRef {
        platform: Platform::Telegram,
        chat_id: chat.id.0.to_string(),
        thread_id,
    }
}

/// A typed message: a command in a group, or `/start` in the private chat.
async fn on_message(
    ctx: &Ctx,
    message: &Message,
    update_id: Option<String>,
) -> Result<(), BotError> {
    let (Some(text), Some(from)) = (message.text(), message.from.as_ref()) else {
        return Ok(());
    };
    if from.is_bot {
        return Ok(());
    }
    let private = message.chat.is_private();
    let lang = user_lang(from);
    let Some(typed) = commands::parse(text, &ctx.username, private, lang) else {
        return Ok(());
    };
    // A message Telegram sends again (it missed our answer) was handled
    // and answered before: done.
    let answered = update_id
        .as_deref()
        .map(|u| format!("{ANSWERED_UPDATE}{u}"));
    let store = ctx.service.store();
    if let Some(key) = &answered
        && store.is_processed(Platform::Telegram, key).await?
    {
        tracing::info!("a message delivered again: answered before");
        return Ok(());
    }
    // Recorded before the answer goes out: answered at most once.
    let first_answer = async || match &answered {
        Some(key) => mark_answered(store, key, ctx.service.now_ms()).await,
        None => Ok(true),
    };
    let chat = chat_ref(&message.chat, Some(message));
    let kind = match typed {
        Typed::Kind(kind) => kind,
        Typed::PassOrResume => {
            let paused = ctx
                .service
                .store()
                .open_tables_in(Platform::Telegram, &chat.chat_id)
                .await?
                .iter()
                .any(|t| t.thread_id == chat.thread_id && t.status == TableStatus::Paused);
            if paused {
                CommandKind::Resume(None)
            } else {
                CommandKind::TurnWords(None, None, vec!["weiter".to_owned()])
            }
        }
        Typed::Pictures(choice) => {
            let answer = pictures(ctx, message, from, choice).await?;
            if first_answer().await? {
                answer_here(ctx, message, &chat, &answer).await;
            }
            return Ok(());
        }
        // Nothing secret and nothing changed: answered where it was said.
        Typed::BadWord(bad) => {
            if first_answer().await? {
                answer_here(ctx, message, &chat, &bad.text(lang)).await;
            }
            return Ok(());
        }
        Typed::StartPrivate(Some(table)) => CommandKind::Hand(Some(table)),
        Typed::StartPrivate(None) => {
            let help = start_help(ctx, from).await?;
            if !first_answer().await? {
                return Ok(());
            }
            if let Err(e) = send_text(&ctx.bot, message.chat.id, None, &help, &[]).await {
                tracing::warn!(error = %e, "answering /start");
            }
            return Ok(());
        }
    };
    let is_admin = matches!(
        kind,
        CommandKind::Close(_) | CommandKind::Cup(CupAction::Draw { .. } | CupAction::End)
    ) && !private
        && ctx
            .bot
            .get_chat_member(message.chat.id, from.id)
            .await
            .is_ok_and(|m| m.is_privileged());
    let user = user_ref(from);
    let table = table_of(&kind);
    let replies = tarock_ops::handle(
        &ctx.service,
        crate::PLATFORM,
        Command {
            sender: Sender {
                user: user.clone(),
                chat,
                lang,
                is_admin,
            },
            update_id,
            kind,
        },
    )
    .await?;
    ctx.pump.wake.notify_one();
    if !first_answer().await? {
        return Ok(());
    }
    for reply in replies {
        // Answers go to the sender privately, never to the group: a refusal
        // may speak of their hand.
        let (text, buttons, reply_table) = match &reply {
            Outgoing::Notice { text, .. } => (text, &[][..], table),
            Outgoing::Private {
                text,
                buttons,
                table,
                ..
            } => (text, buttons.as_slice(), Some(*table)),
            _ => continue,
        };
        let to = ChatId(from.id.0 as i64);
        // A hand asked for becomes the player's one private message of that
        // table (posted at the bottom, the one before removed), so no
        // second keyboard is left behind.
        let sent = match &reply {
            Outgoing::Private {
                table,
                text,
                buttons,
                picture,
                ..
            } => {
                ctx.pump
                    .private(
                        &ctx.service,
                        ctx,
                        *table,
                        &user,
                        (text, buttons, picture.as_ref()),
                        true,
                    )
                    .await
            }
            _ => send_text(&ctx.bot, to, None, text, buttons)
                .await
                .map(|_| ())
                .map_err(|e| classify(&e)),
        };
        if let Err(fail) = sent {
            match fail {
                SendFail::Unreachable(_) if !private => {
                    let table = match reply_table {
                        Some(t) => Some(t),
                        None => only_table(ctx, message).await,
                    };
                    if let Some(table) = table {
                        tell_group_to_start(ctx, table, &user.user_id, &user.name).await;
                    }
                }
                other => {
                    tracing::warn!(user = %user_hash(&user.user_id), fail = ?other, "answering")
                }
            }
        } else {
            ctx.reachable(&user.user_id).await;
        }
    }
    Ok(())
}

/// Answers a message in its own chat (and topic).
async fn answer_here(ctx: &Ctx, message: &Message, chat: &ChatRef, text: &str) {
    let thread = chat
        .thread_id
        .as_deref()
        .and_then(|t| t.parse::<i32>().ok())
        .map(|n| teloxide::types::ThreadId(teloxide::types::MessageId(n)));
    if let Err(e) = send_text(&ctx.bot, message.chat.id, thread, text, &[]).await {
        tracing::warn!(error = %e, "answering a message where it was said");
    }
}

/// `/bilder an|aus`: in the private chat the sender's own setting, in a
/// group the setting of the chat's open table (docs/TABLE.md, "Pictures");
/// the answer to show where it was asked.
async fn pictures(
    ctx: &Ctx,
    message: &Message,
    from: &User,
    choice: Option<bool>,
) -> Result<String, BotError> {
    use tarock_table::picture::text_only;
    let lang = user_lang(from);
    let (on, off) = match lang {
        Lang::De => ("/bilder an", "/bilder aus"),
        Lang::En => ("/pictures on", "/pictures off"),
    };
    let Some(pictures) = choice else {
        return Ok(text_only::usage(lang, on, off));
    };
    let undo = if pictures { off } else { on };
    let store = ctx.service.store();
    let now = ctx.service.now_ms();
    // In a group with one open table: that table; else the sender's own.
    let table = if message.chat.is_private() {
        None
    } else {
        only_table(ctx, message).await
    };
    let target = match table {
        Some(table) => {
            text_only::set_for_table(store, table, !pictures, now).await?;
            text_only::Target::Table(table)
        }
        None => {
            text_only::set_for_user(store, &user_ref(from), !pictures, now).await?;
            text_only::Target::User
        }
    };
    Ok(text_only::answer(lang, target, pictures, undo))
}

/// The answer to `/start` in the private chat: what the bot is, how to
/// open a table, and the person's open tables with links to their groups.
async fn start_help(ctx: &Ctx, from: &User) -> Result<String, BotError> {
    let lang = user_lang(from);
    let store = ctx.service.store();
    let mut lines = vec![tr!(
        lang,
        "telegram-start-help",
        games = tarock_table::games::names_list(lang)
    )];
    let tables = store
        .open_tables_of_player(Platform::Telegram, &from.id.0.to_string())
        .await?;
    if tables.is_empty() {
        lines.push(tr!(lang, "telegram-start-no-tables"));
    } else {
        lines.push(tr!(lang, "telegram-start-tables"));
    }
    for id in tables {
        let Some(table) = store.table(id).await? else {
            continue;
        };
        lines.push(tr!(
            lang,
            "telegram-start-table",
            table = id.0,
            link = group_link(&table.chat_id, table.public_message_id.as_deref())
        ));
    }
    Ok(lines.join("\n"))
}

/// A link to a message in a supergroup (`-100…` ids): `t.me/c/…/…`;
/// other groups have no links, their id is shown.
fn group_link(chat_id: &str, message: Option<&str>) -> String {
    match (chat_id.strip_prefix("-100"), message) {
        (Some(internal), Some(message)) => format!("https://t.me/c/{internal}/{message}"),
        (Some(internal), None) => format!("https://t.me/c/{internal}"),
        _ => chat_id.to_owned(),
    }
}

/// The table a command names, if it names one.
fn table_of(kind: &CommandKind) -> Option<TableId> {
    match kind {
        CommandKind::Hand(t) | CommandKind::Join(t, _) | CommandKind::Start(t) => *t,
        _ => None,
    }
}

/// The only open table in the chat (and topic) of a message.
async fn only_table(ctx: &Ctx, message: &Message) -> Option<TableId> {
    let chat = chat_ref(&message.chat, Some(message));
    let open = ctx
        .service
        .store()
        .open_tables_in(Platform::Telegram, &chat.chat_id)
        .await
        .ok()?;
    let mut here = open.iter().filter(|t| t.thread_id == chat.thread_id);
    match (here.next(), here.next()) {
        (Some(t), None) => Some(t.id),
        _ => None,
    }
}

/// The processed-update id (with the query's id after it) that records a
/// callback query as answered; kept and pruned like the update ids.
const ANSWERED: &str = "answered:";

/// The same for a message, with the update's id after it.
const ANSWERED_UPDATE: &str = "answered-update:";

/// Records a callback query as answered; whether this call did (else it
/// was answered before, or by another process just now).
async fn mark_answered(store: &Store, answered: &str, now: i64) -> Result<bool, StorageError> {
    let mut tx = store.begin().await?;
    match tx.mark_update(Platform::Telegram, answered, now).await {
        Ok(()) => {
            tx.commit().await?;
            Ok(true)
        }
        Err(StorageError::DuplicateUpdate { .. }) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The longest text of a callback answer.
const MAX_ALERT: usize = 200;

/// A button press: handled, and always answered (notices as an alert only
/// the clicker sees).
async fn on_callback(
    ctx: &Ctx,
    query: &CallbackQuery,
    update_id: Option<String>,
) -> Result<(), BotError> {
    let store = ctx.service.store();
    // Telegram sends an update again when it missed our answer to it: a
    // press handled and answered before is done (Telegram refuses a second
    // answer to one query).
    let answered = format!("{ANSWERED}{}", query.id);
    if store.is_processed(Platform::Telegram, &answered).await? {
        tracing::info!("a button press delivered again: answered before");
        return Ok(());
    }
    let data = query.data.clone().unwrap_or_default();
    let lang = user_lang(&query.from);
    let user = user_ref(&query.from);
    let chat = match &query.message {
        Some(m) => {
            let regular = match m {
                MaybeInaccessibleMessage::Regular(msg) => Some(msg.as_ref()),
                MaybeInaccessibleMessage::Inaccessible(_) => None,
            };
            chat_ref(m.chat(), regular)
        }
        None => ChatRef {
            platform: Platform::Telegram,
            chat_id: user.user_id.clone(),
            thread_id: None,
        },
    };
    let result = tarock_ops::handle(
        &ctx.service,
        crate::PLATFORM,
        Command {
            sender: Sender {
                user: user.clone(),
                chat,
                lang,
                is_admin: false,
            },
            update_id,
            kind: CommandKind::Button(data.clone()),
        },
    )
    .await;
    ctx.pump.wake.notify_one();
    let mut alert: Vec<String> = Vec::new();
    let replies = match result {
        Ok(replies) => replies,
        Err(e) => {
            tracing::error!(error = %e, "a button press failed");
            Vec::new()
        }
    };
    let to = ChatId(query.from.id.0 as i64);
    // The pressed message, when it is in the presser's private chat.
    let pressed_private = match &query.message {
        Some(MaybeInaccessibleMessage::Regular(m)) if m.chat.id == to => {
            Some((to, m.id, m.photo().is_some()))
        }
        _ => None,
    };
    for reply in replies {
        match reply {
            Outgoing::Notice { text, .. } => {
                // A long answer (the rules) goes to the private chat.
                let long = text.chars().count() > MAX_ALERT;
                if !(long && send_text(&ctx.bot, to, None, &text, &[]).await.is_ok()) {
                    alert.push(text);
                }
            }
            // "Rufer + …" pressed in the private chat: the same message
            // shows what may follow (no second keyboard).
            Outgoing::Private { text, buttons, .. }
                if pressed_private.is_some() && !buttons.is_empty() =>
            {
                let (chat, id, photo) = pressed_private.expect("checked");
                // On a photo of the hand the caption shows the turn.
                let edited = if photo {
                    ctx.edit_caption(chat, id, &text, &buttons).await
                } else {
                    deliver::edit_in_place(&ctx.bot, chat, id, &text, &buttons).await
                };
                if let Err(e) = edited {
                    tracing::warn!(user = %user_hash(&user.user_id), fail = ?e, "showing a turn in place");
                }
            }
            Outgoing::Private {
                text,
                buttons,
                table,
                picture,
                ..
            } => match ctx
                .pump
                .private(
                    &ctx.service,
                    ctx,
                    table,
                    &user,
                    (&text, &buttons, picture.as_ref()),
                    true,
                )
                .await
            {
                Ok(()) => ctx.reachable(&user.user_id).await,
                Err(SendFail::Unreachable(_)) => alert.push(tr!(
                    lang,
                    "telegram-open-private",
                    link = ctx.deep_link(table)
                )),
                Err(other) => {
                    tracing::warn!(user = %user_hash(&user.user_id), fail = ?other, "private view");
                }
            },
            _ => {}
        }
    }
    // Recorded before it is sent, so it is sent at most once, by whichever
    // process gets here first.
    if !mark_answered(store, &answered, ctx.service.now_ms()).await? {
        return Ok(());
    }
    let mut answer = ctx.bot.answer_callback_query(query.id.clone());
    if !alert.is_empty() {
        answer = answer
            .text(truncate(&alert.join("\n"), MAX_ALERT))
            .show_alert(true);
    }
    if let Err(e) = answer.await {
        tracing::warn!(error = %e, "answering a button");
    }
    Ok(())
}
