//! Sending: the table service's outbox as Discord messages, through the
//! outbox's own REST client ([`crate::rest`], rate limits per bucket). The
//! table message is posted once and edited in place; chat messages and
//! settlements are new messages; a player's hand is one DM per table,
//! edited in place and posted anew only when it is their turn (the old one
//! deleted). Where DMs are closed (50007) the table's channel says so once
//! and pings the player once per turn, deleting the ping when answered.
//! Every message and edit carries `allowed_mentions`, so a name can never
//! notify anyone who was not meant.

use std::sync::Arc;

use reqwest::Method;
use serde_json::{Value, json};
use serenity::all::CreateActionRow;
use tarock_storage::table_scope;
use tarock_table::picture::Picture;
use tarock_table::{
    Button, ChatRef, EditFail, Keyboard, Lang, Messenger, Outgoing, SendFail, UserRef, tr,
};
use tarock_table::{Platform, TableId};

use crate::layout::{MAX_TEXT, components, cut, escape, split_text, with_mentions};
use crate::rest::{Rest, RestError, Upload};
use crate::{Bot, picture};

/// Discord's code for "Cannot send messages to this user".
pub const DMS_CLOSED: i64 = 50007;
/// Discord's code for "Unknown Message".
pub const UNKNOWN_MESSAGE: i64 = 10008;

/// Reads a REST error as the outbox needs it.
pub(crate) fn classify(e: &RestError) -> SendFail {
    let text = e.to_string();
    match e {
        RestError::Wait(wait) => SendFail::Retry(
            i64::try_from(wait.as_millis()).unwrap_or(i64::MAX).max(1),
            text,
        ),
        RestError::Refused(_, DMS_CLOSED, _) => SendFail::Unreachable(text),
        RestError::Refused(status, _, _) if *status >= 500 => SendFail::Retry(2000, text),
        RestError::Network(_) => SendFail::Retry(2000, text),
        RestError::Refused(..) => SendFail::Other(text),
    }
}

fn snowflake(id: &str, what: &str) -> Result<u64, SendFail> {
    id.parse::<u64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| SendFail::Other(format!("not a Discord {what} id: {id}")))
}

fn database(e: impl std::fmt::Display) -> SendFail {
    SendFail::Retry(2000, e.to_string())
}

/// `allowed_mentions` that notify exactly `users` (never @everyone,
/// @here or roles, whatever the text says).
fn allowed(users: &[u64]) -> Value {
    json!({ "parse": [], "users": users.iter().map(u64::to_string).collect::<Vec<_>>() })
}

fn rows_json(buttons: &[Vec<Button>]) -> Value {
    let rows: Vec<CreateActionRow> = components(buttons);
    serde_json::to_value(rows).unwrap_or_else(|_| json!([]))
}

/// The body of a new message or of an edit: text, buttons, whom it may
/// notify.
fn body(content: &str, buttons: &[Vec<Button>], notify: &[u64]) -> Value {
    json!({
        "content": content,
        "components": rows_json(buttons),
        "allowed_mentions": allowed(notify),
    })
}

/// The Discord side of the outbox pump.
pub struct Discord {
    /// The shared state.
    pub bot: Arc<Bot>,
    /// The REST client (rate limits per bucket).
    pub rest: Rest,
}

impl Discord {
    /// Posts one message; its id.
    async fn post(&self, channel: u64, body: &Value) -> Result<String, SendFail> {
        self.post_with(channel, body, &[]).await
    }

    /// Posts one message with files; its id.
    async fn post_with(
        &self,
        channel: u64,
        body: &Value,
        files: &[Upload],
    ) -> Result<String, SendFail> {
        let path = format!("/channels/{channel}/messages");
        let sent = if files.is_empty() {
            self.rest.call(Method::POST, &path, Some(body)).await
        } else {
            self.rest
                .call_with_files(Method::POST, &path, body, files)
                .await
        }
        .map_err(|e| classify(&e))?;
        sent["id"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| SendFail::Other(format!("a sent message without id: {sent}")))
    }

    /// Edits a message: `Err(EditFail::Gone)` when it no longer exists.
    async fn edit(&self, channel: u64, id: &str, body: &Value) -> Result<(), EditFail> {
        self.edit_with(channel, id, body, &[]).await
    }

    /// Edits a message, uploading files: `Err(EditFail::Gone)` when it no
    /// longer exists.
    async fn edit_with(
        &self,
        channel: u64,
        id: &str,
        body: &Value,
        files: &[Upload],
    ) -> Result<(), EditFail> {
        let path = format!("/channels/{channel}/messages/{id}");
        let sent = if files.is_empty() {
            self.rest.call(Method::PATCH, &path, Some(body)).await
        } else {
            self.rest
                .call_with_files(Method::PATCH, &path, body, files)
                .await
        };
        match sent {
            Ok(_) => Ok(()),
            Err(RestError::Refused(_, UNKNOWN_MESSAGE, _)) => Err(EditFail::Gone),
            Err(e) => Err(EditFail::Send(classify(&e))),
        }
    }

    async fn delete(&self, channel: u64, id: &str) -> Result<(), RestError> {
        self.rest
            .call(
                Method::DELETE,
                &format!("/channels/{channel}/messages/{id}"),
                None,
            )
            .await
            .map(|_| ())
    }

    /// Sends a text in as many messages as it needs; the id of the last.
    async fn say(&self, channel: u64, text: &str, notify: &[u64]) -> Result<String, SendFail> {
        let mut last = String::new();
        for piece in split_text(text) {
            last = self.post(channel, &body(&piece, &[], notify)).await?;
        }
        Ok(last)
    }

    /// The table message: edited in place, or posted (again, if it was
    /// deleted or is to be shown again) and its id recorded at once.
    /// The table's picture goes in an embed (`attachment://table.png`),
    /// uploaded only when it changed; without a picture (the lobby, a
    /// text-only table) embed and attachment are removed.
    async fn table(
        &self,
        table: TableId,
        chat: &ChatRef,
        text: &str,
        buttons: &[Vec<Button>],
        picture: Option<&Picture>,
    ) -> Result<(), SendFail> {
        let channel = snowflake(&chat.chat_id, "channel")?;
        let content = cut(&escape(text), MAX_TEXT);
        // The table message of this channel: the table's own, or that of a
        // channel linked to it.
        let known = self
            .bot
            .service
            .public_message_in(table, chat)
            .await
            .map_err(database)?;
        let drawn = self.bot.table_picture(table, picture).await;
        let mut message = body(&content, buttons, &[]);
        match &drawn {
            Some(_) => message["embeds"] = picture::table_embed(),
            None => {
                message["embeds"] = json!([]);
                message["attachments"] = json!([]);
            }
        }
        if let Some(id) = known {
            let mut files = Vec::new();
            if let Some(d) = drawn.as_ref().filter(|d| !self.bot.shows(&id, d)) {
                message["attachments"] = d.attachment(picture::TABLE_FILE);
                files.push(d.upload(picture::TABLE_FILE));
            }
            match self.edit_with(channel, &id, &message, &files).await {
                Ok(()) => {
                    self.bot.showing(&id, drawn.as_ref());
                    return Ok(());
                }
                Err(EditFail::Gone) => {}
                Err(EditFail::Send(fail)) => return Err(fail),
            }
        }
        let mut files = Vec::new();
        if let Some(d) = &drawn {
            message["attachments"] = d.attachment(picture::TABLE_FILE);
            files.push(d.upload(picture::TABLE_FILE));
        }
        let id = self.post_with(channel, &message, &files).await?;
        self.bot.showing(&id, drawn.as_ref());
        self.bot
            .service
            .set_public_message_in(table, chat, &id)
            .await
            .map_err(database)
    }

    /// The DM channel with a user, opened once.
    async fn dm_channel(&self, user_id: &str) -> Result<u64, SendFail> {
        let user = snowflake(user_id, "user")?;
        let known = self.bot.dms.lock().ok().and_then(|d| d.get(&user).cloned());
        if let Some(known) = known.and_then(|k| k.parse().ok()) {
            return Ok(known);
        }
        let opened = self
            .rest
            .call(
                Method::POST,
                "/users/@me/channels",
                Some(&json!({ "recipient_id": user.to_string() })),
            )
            .await
            .map_err(|e| classify(&e))?;
        let id = opened["id"].as_str().unwrap_or_default().to_owned();
        let channel = snowflake(&id, "channel")?;
        if let Ok(mut dms) = self.bot.dms.lock() {
            dms.insert(user, id);
        }
        Ok(channel)
    }

    /// A link to the table message (Discord shows it as a jump link).
    async fn table_link(&self, table: TableId) -> Option<String> {
        let service = &self.bot.service;
        let shown = service.chat_on(table, Platform::Discord).await.ok()??;
        let message = service.public_message_in(table, &shown).await.ok()??;
        let channel: u64 = shown.chat_id.parse().ok()?;
        let guild = match self.bot.guild_of(channel).await {
            Some(g) => g,
            None => {
                let found = self
                    .rest
                    .call(Method::GET, &format!("/channels/{channel}"), None)
                    .await
                    .ok()?;
                let guild: u64 = found["guild_id"].as_str()?.parse().ok()?;
                self.bot
                    .remember_guild(
                        serenity::all::ChannelId::new(channel),
                        Some(serenity::all::GuildId::new(guild)),
                    )
                    .await;
                guild
            }
        };
        Some(format!(
            "https://discord.com/channels/{guild}/{channel}/{message}"
        ))
    }

    /// The language of a table's messages.
    async fn table_lang(&self, table: TableId) -> Lang {
        match self.bot.service.store().table(table).await {
            Ok(Some(row)) => Lang::from_tag(&row.language),
            _ => Lang::De,
        }
    }

    /// A private view's DM text: escaped, with the link to the table.
    async fn dm_text(&self, table: TableId, text: &str) -> String {
        let mut content = escape(text);
        if let Some(link) = self.table_link(table).await {
            content.push_str("\n\n");
            content.push_str(&link);
        }
        cut(&content, MAX_TEXT)
    }

    /// DMs to a player are closed: the table's channel says so once, pings
    /// them once per turn (in their language), and deletes the ping once
    /// the turn is answered. The notice counts as told only once Discord
    /// took it: when it has to wait (a rate limit) the answer is that
    /// `Retry`, so the caller can try again later; every other failure is
    /// logged and the notice is tried again with the next view.
    async fn dms_closed(
        &self,
        table: TableId,
        to: &UserRef,
        their_turn: bool,
    ) -> Result<(), SendFail> {
        let store = self.bot.service.store();
        let Ok(Some(row)) = store.table(table).await else {
            return Ok(());
        };
        // The channel of this platform that shows the table (its own, or
        // one linked to a table that lives on Telegram).
        let Ok(Some(shown)) = self.bot.service.chat_on(table, Platform::Discord).await else {
            return Ok(());
        };
        let (Ok(channel), Ok(uid)) = (
            snowflake(&shown.chat_id, "channel"),
            snowflake(&to.user_id, "user"),
        ) else {
            return Ok(());
        };
        let scope = table_scope(table);
        let ping_key = format!("ping:{}", to.user_id);
        let old_ping = store.delivery_get(&scope, &ping_key).await.ok().flatten();
        // The ping of an answered turn (or the one before this turn's) goes.
        if let Some(old) = &old_ping {
            if let Err(e) = self.delete(channel, old).await {
                tracing::info!(user = %tarock_ops::logs::user_hash("discord", &to.user_id), error = %e, "deleting a ping");
            }
            let _ = store.delivery_delete(&scope, &ping_key).await;
        }
        // Told once (not a ping: it stays); then one ping per turn.
        let first = !self.bot.told(&to.user_id, table).await;
        if !first && !their_turn {
            return Ok(());
        }
        let lang = match store.player_on(Platform::Discord, &to.user_id).await {
            Ok(Some(p)) => Lang::from_tag(&p.language),
            _ => Lang::from_tag(&row.language),
        };
        let mention = format!("<@{uid}>");
        let text = if first {
            tr!(lang, "discord-dm-closed", mention = mention)
        } else {
            tr!(lang, "discord-your-turn", mention = mention)
        };
        match self.say(channel, &text, &[uid]).await {
            Ok(_) if first => self.bot.mark_told(&to.user_id, table).await,
            Ok(id) if their_turn => {
                if let Err(e) = store
                    .delivery_put(&scope, &ping_key, &id, self.bot.service.now_ms())
                    .await
                {
                    tracing::warn!(user = %tarock_ops::logs::user_hash("discord", &to.user_id), error = %e, "recording a ping");
                }
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(user = %tarock_ops::logs::user_hash("discord", &to.user_id), table = table.0, fail = ?e, "pinging");
                if first && let SendFail::Retry(..) = e {
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Marks (`on`) or takes back the mark that the closed DMs of `to` at
    /// `table` were just answered in the channel; taking it back says
    /// whether it was there.
    fn fell_back(&self, table: TableId, to: &UserRef, on: bool) -> bool {
        let Ok(mut marks) = self.bot.fallen_back.lock() else {
            return false;
        };
        let key = (table.0, to.user_id.clone());
        if on {
            marks.insert(key)
        } else {
            marks.remove(&key)
        }
    }
}

impl Messenger for Discord {
    async fn send(&self, message: &Outgoing) -> Result<(), SendFail> {
        match message {
            Outgoing::Table {
                table,
                chat,
                text,
                buttons,
                picture,
            } => {
                self.table(*table, chat, text, buttons, picture.as_ref())
                    .await
            }
            Outgoing::Chat {
                chat,
                text,
                mentions,
                ..
            }
            | Outgoing::Post {
                chat,
                text,
                mentions,
            } => {
                let (text, notify) = with_mentions(
                    &escape(text),
                    mentions
                        .iter()
                        .map(|m| (m.user_id.as_str(), m.name.as_str())),
                );
                let channel = snowflake(&chat.chat_id, "channel")?;
                self.say(channel, &text, &notify).await.map(|_| ())
            }
            Outgoing::Settlement {
                table,
                chat,
                text,
                items,
                balances,
                ..
            } => {
                let channel = snowflake(&chat.chat_id, "channel")?;
                let pieces = split_text(&escape(text));
                let text_only =
                    tarock_table::picture::text_only::for_table(self.bot.service.store(), *table)
                        .await
                        .unwrap_or(false);
                let lang = self.table_lang(*table).await;
                let last = pieces.len() - 1;
                for (i, piece) in pieces.iter().enumerate() {
                    let mut message = body(piece, &[], &[]);
                    // The sheet as an embed under the text (the text has it
                    // all, for text-only tables and screen readers).
                    if i == last && !text_only {
                        message["embeds"] = picture::settlement_embed(text, items, balances, lang);
                    }
                    self.post(channel, &message).await?;
                }
                Ok(())
            }
            Outgoing::Private {
                table,
                to,
                text,
                buttons,
                picture,
                ..
            } => self
                .post_private(*table, to, text, buttons, picture.as_ref())
                .await
                .map(|_| ()),
            Outgoing::Notice { to, text } => {
                let dm = self.dm_channel(&to.user_id).await?;
                self.say(dm, &escape(text), &[]).await.map(|_| ())
            }
        }
    }

    async fn unreachable(&self, message: &Outgoing) {
        if let Outgoing::Private {
            table, to, buttons, ..
        } = message
        {
            // The view's own send answered it already (see `post_private`).
            if self.fell_back(*table, to, false) {
                return;
            }
            // A notice that must wait is tried again with the next view.
            let _ = self.dms_closed(*table, to, !buttons.is_empty()).await;
        }
    }

    async fn post_private(
        &self,
        table: TableId,
        to: &UserRef,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<String, SendFail> {
        let dm = self.dm_channel(&to.user_id).await?;
        let content = self.dm_text(table, text).await;
        let drawn = self.bot.hand_picture(table, to, picture).await;
        let mut message = body(&content, buttons, &[]);
        let mut files = Vec::new();
        if let Some(d) = &drawn {
            message["attachments"] = d.attachment(picture::HAND_FILE);
            files.push(d.upload(picture::HAND_FILE));
        }
        let id = match self.post_with(dm, &message, &files).await {
            Ok(id) => id,
            // DMs closed: the channel says so (once) before the outbox gives
            // this view up; a notice that must wait keeps the view in the
            // outbox, so the notice is sent when the wait is over.
            Err(SendFail::Unreachable(e)) => {
                self.dms_closed(table, to, !buttons.is_empty()).await?;
                self.fell_back(table, to, true);
                return Err(SendFail::Unreachable(e));
            }
            Err(e) => return Err(e),
        };
        self.bot.showing(&id, drawn.as_ref());
        self.bot.reachable(&to.user_id).await;
        Ok(id)
    }

    /// The hand picture is replaced only when it changed; a view without
    /// one (text only, the settlement's copy) removes it.
    async fn edit_private(
        &self,
        table: TableId,
        to: &UserRef,
        id: &str,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<(), EditFail> {
        let dm = self.dm_channel(&to.user_id).await.map_err(EditFail::Send)?;
        let content = self.dm_text(table, text).await;
        let drawn = self.bot.hand_picture(table, to, picture).await;
        let mut message = body(&content, buttons, &[]);
        let mut files = Vec::new();
        match &drawn {
            Some(d) if self.bot.shows(id, d) => {}
            Some(d) => {
                message["attachments"] = d.attachment(picture::HAND_FILE);
                files.push(d.upload(picture::HAND_FILE));
            }
            None => message["attachments"] = json!([]),
        }
        self.edit_with(dm, id, &message, &files).await?;
        self.bot.showing(id, drawn.as_ref());
        Ok(())
    }

    async fn retire_private(&self, to: &UserRef, id: &str) {
        let Ok(dm) = self.dm_channel(&to.user_id).await else {
            return;
        };
        if let Err(e) = self.delete(dm, id).await {
            tracing::info!(user = %tarock_ops::logs::user_hash("discord", &to.user_id), error = %e, "deleting an old hand");
            let strip = json!({ "components": [], "allowed_mentions": allowed(&[]) });
            let _ = self.edit(dm, id, &strip).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_must_be_discord_snowflakes() {
        assert_eq!(snowflake("42", "channel").unwrap(), 42);
        assert!(matches!(snowflake("0", "channel"), Err(SendFail::Other(_))));
        assert!(matches!(
            snowflake("-5", "channel"),
            Err(SendFail::Other(_))
        ));
        assert!(matches!(snowflake("abc", "user"), Err(SendFail::Other(_))));
    }

    #[test]
    fn rate_limits_wait_what_discord_says() {
        let wait = classify(&RestError::Wait(std::time::Duration::from_millis(1234)));
        assert!(matches!(wait, SendFail::Retry(1234, _)), "{wait:?}");
        let closed = classify(&RestError::Refused(403, DMS_CLOSED, "no".into()));
        assert!(matches!(closed, SendFail::Unreachable(_)));
    }
}
