//! Sending: the table service's outbox as Discord messages. The table
//! message is posted once and edited in place; chat messages and
//! settlements are new messages; a player's hand goes by DM, and where DMs
//! are closed (50007) the table's channel mentions them instead.

use std::sync::Arc;

use serenity::all::{
    ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, Http, HttpError, MessageId,
    UserId,
};
use tarock_storage::TableId;
use tarock_table::{Button, Lang, Messenger, Outgoing, SendFail, UserRef, tr};

use crate::Bot;
use crate::layout::{MAX_TEXT, components, cut, escape, split_text, with_mentions};

/// Discord's code for "Cannot send messages to this user".
pub const DMS_CLOSED: isize = 50007;
/// Discord's code for "Unknown Message".
pub const UNKNOWN_MESSAGE: isize = 10008;

/// The status and Discord error code of a refused request.
pub(crate) fn refusal(e: &serenity::Error) -> Option<(u16, isize)> {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

/// Reads a Discord error as the outbox needs it.
pub(crate) fn classify(e: &serenity::Error) -> SendFail {
    let text = e.to_string();
    match (refusal(e), e) {
        // serenity's rate limiter (against discord.com) waits out 429s
        // itself; without it the outbox retries the lane after a second.
        (Some((429, _)), _) => SendFail::Retry(1000, text),
        (Some((_, DMS_CLOSED)), _) => SendFail::Unreachable(text),
        (Some((status, _)), _) if status >= 500 => SendFail::Retry(2000, text),
        (None, serenity::Error::Http(HttpError::Request(_))) => SendFail::Retry(2000, text),
        _ => SendFail::Other(text),
    }
}

fn channel(id: &str) -> Result<ChannelId, SendFail> {
    id.parse::<u64>()
        .ok()
        .filter(|n| *n > 0)
        .map(ChannelId::new)
        .ok_or_else(|| SendFail::Other(format!("not a Discord channel id: {id}")))
}

fn user(id: &str) -> Result<UserId, SendFail> {
    id.parse::<u64>()
        .ok()
        .filter(|n| *n > 0)
        .map(UserId::new)
        .ok_or_else(|| SendFail::Other(format!("not a Discord user id: {id}")))
}

fn database(e: impl std::fmt::Display) -> SendFail {
    SendFail::Retry(2000, e.to_string())
}

/// A message that notifies only the given users (never @everyone or roles).
fn message(content: String, buttons: &[Vec<Button>], notify: &[u64]) -> CreateMessage {
    CreateMessage::new()
        .content(content)
        .components(components(buttons))
        .allowed_mentions(
            CreateAllowedMentions::new().users(notify.iter().copied().map(UserId::new)),
        )
}

/// Sends a text in as many messages as it needs.
async fn say(http: &Http, to: ChannelId, text: &str, notify: &[u64]) -> Result<(), SendFail> {
    for piece in split_text(text) {
        to.send_message(http, message(piece, &[], notify))
            .await
            .map_err(|e| classify(&e))?;
    }
    Ok(())
}

/// The Discord side of the outbox pump.
pub struct Discord {
    /// The shared state.
    pub bot: Arc<Bot>,
    /// The client's HTTP (with serenity's rate limiter against discord.com).
    pub http: Arc<Http>,
}

impl Discord {
    /// The table message: edited in place, or posted (again, if it was
    /// deleted) and remembered.
    async fn table(
        &self,
        table: TableId,
        chat: &str,
        text: &str,
        buttons: &[Vec<Button>],
    ) -> Result<(), SendFail> {
        let to = channel(chat)?;
        let content = cut(&escape(text), MAX_TEXT);
        let row = self
            .bot
            .service
            .store()
            .table(table)
            .await
            .map_err(database)?;
        let known = row
            .and_then(|r| r.public_message_id)
            .and_then(|m| m.parse::<u64>().ok())
            .filter(|m| *m > 0);
        if let Some(id) = known {
            let edit = EditMessage::new()
                .content(content.clone())
                .components(components(buttons));
            match to.edit_message(&self.http, MessageId::new(id), edit).await {
                Ok(_) => return Ok(()),
                Err(e) if refusal(&e).is_some_and(|(_, code)| code == UNKNOWN_MESSAGE) => {}
                Err(e) => return Err(classify(&e)),
            }
        }
        let sent = to
            .send_message(&self.http, message(content, buttons, &[]))
            .await
            .map_err(|e| classify(&e))?;
        self.bot
            .service
            .set_public_message(table, &sent.id.get().to_string())
            .await
            .map_err(database)
    }

    /// The DM channel with a user, opened once.
    async fn dm_channel(&self, to: UserId) -> Result<ChannelId, SendFail> {
        let known = self
            .bot
            .dms
            .lock()
            .ok()
            .and_then(|d| d.get(&to.get()).copied());
        if let Some(known) = known {
            return Ok(known);
        }
        let opened = to
            .create_dm_channel(&self.http)
            .await
            .map_err(|e| classify(&e))?
            .id;
        if let Ok(mut dms) = self.bot.dms.lock() {
            dms.insert(to.get(), opened);
        }
        Ok(opened)
    }

    /// A link to the table message (Discord shows it as a jump link).
    async fn table_link(&self, table: TableId) -> Option<String> {
        let row = self.bot.service.store().table(table).await.ok()??;
        let message = row.public_message_id?;
        let channel_id: u64 = row.chat_id.parse().ok()?;
        let known = self
            .bot
            .guilds
            .lock()
            .ok()
            .and_then(|g| g.get(&channel_id).copied());
        let guild = match known {
            Some(g) => g,
            None => {
                let found = ChannelId::new(channel_id)
                    .to_channel(&self.http)
                    .await
                    .ok()?
                    .guild()?
                    .guild_id;
                self.bot
                    .remember_guild(ChannelId::new(channel_id), Some(found));
                found.get()
            }
        };
        Some(format!(
            "https://discord.com/channels/{guild}/{channel_id}/{message}"
        ))
    }

    /// A hand by DM: a new message when it is the player's turn (it
    /// notifies) that replaces the last one, otherwise an edit of the last
    /// one (so its buttons go). A player's DMs hold one hand per table.
    async fn private(
        &self,
        table: TableId,
        to: &UserRef,
        text: &str,
        buttons: &[Vec<Button>],
    ) -> Result<(), SendFail> {
        let dm = self.dm_channel(user(&to.user_id)?).await?;
        let mut content = escape(text);
        if let Some(link) = self.table_link(table).await {
            content.push_str("\n\n");
            content.push_str(&link);
        }
        let content = cut(&content, MAX_TEXT);
        let key = (to.user_id.clone(), table);
        let last = self
            .bot
            .last_dm
            .lock()
            .ok()
            .and_then(|l| l.get(&key).copied());
        if let (true, Some(last)) = (buttons.is_empty(), last) {
            let edit = EditMessage::new()
                .content(content.clone())
                .components(Vec::new());
            match dm.edit_message(&self.http, last, edit).await {
                Ok(_) => return Ok(()),
                Err(e) if refusal(&e).is_some_and(|(_, code)| code == UNKNOWN_MESSAGE) => {}
                Err(e) => return Err(classify(&e)),
            }
        }
        let sent = dm
            .send_message(&self.http, message(content, buttons, &[]))
            .await
            .map_err(|e| classify(&e))?;
        if let Ok(mut last) = self.bot.last_dm.lock() {
            last.insert(key, sent.id);
        }
        self.bot.reachable(&to.user_id);
        // One hand per table in the DMs: the one before goes.
        if let Some(last) = last
            && let Err(e) = dm.delete_message(&self.http, last).await
        {
            log::info!("deleting an old hand of {}: {e}", to.user_id);
        }
        Ok(())
    }

    /// DMs to a player are closed: the table's channel says so once, and
    /// mentions them whenever it is their turn.
    async fn dms_closed(&self, table: TableId, to: &UserRef, their_turn: bool) {
        let first = self.bot.first_telling(&to.user_id, table);
        if !first && !their_turn {
            return;
        }
        let (Ok(row), Ok(uid)) = (
            self.bot.service.store().table(table).await,
            user(&to.user_id),
        ) else {
            return;
        };
        let Some(row) = row else { return };
        let Ok(to_channel) = channel(&row.chat_id) else {
            return;
        };
        let lang = Lang::from_tag(&row.language);
        let mention = format!("<@{}>", uid.get());
        let text = if first {
            tr!(lang, "discord-dm-closed", mention = mention)
        } else {
            tr!(lang, "discord-your-turn", mention = mention)
        };
        if let Err(e) = say(&self.http, to_channel, &text, &[uid.get()]).await {
            log::warn!("telling table {} about closed DMs: {e:?}", table.0);
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
            } => self.table(*table, &chat.chat_id, text, buttons).await,
            Outgoing::Chat {
                chat,
                text,
                mentions,
                ..
            } => {
                let (text, notify) = with_mentions(
                    &escape(text),
                    mentions
                        .iter()
                        .map(|m| (m.user_id.as_str(), m.name.as_str())),
                );
                say(&self.http, channel(&chat.chat_id)?, &text, &notify).await
            }
            Outgoing::Settlement { chat, text, .. } => {
                say(&self.http, channel(&chat.chat_id)?, &escape(text), &[]).await
            }
            Outgoing::Private {
                table,
                to,
                text,
                buttons,
            } => self.private(*table, to, text, buttons).await,
            Outgoing::Notice { to, text } => {
                let dm = self.dm_channel(user(&to.user_id)?).await?;
                say(&self.http, dm, &escape(text), &[]).await
            }
        }
    }

    async fn unreachable(&self, message: &Outgoing) {
        if let Outgoing::Private {
            table, to, buttons, ..
        } = message
        {
            self.dms_closed(*table, to, !buttons.is_empty()).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_must_be_discord_snowflakes() {
        assert_eq!(channel("42").unwrap(), ChannelId::new(42));
        assert!(matches!(channel("0"), Err(SendFail::Other(_))));
        assert!(matches!(channel("-5"), Err(SendFail::Other(_))));
        assert!(matches!(user("abc"), Err(SendFail::Other(_))));
    }
}
