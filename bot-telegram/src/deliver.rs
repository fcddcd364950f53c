//! Sending: the outbox of the table service turned into Telegram messages,
//! and the helpers that send one message.

use tarock_table::picture::Picture;
use tarock_table::{
    Button, EditFail, Keyboard, Lang, Messenger, Outgoing, Platform, SendFail, TableId, UserRef, tr,
};
use teloxide::RequestError;
use teloxide::prelude::*;
use teloxide::types::{
    ChatId, InlineKeyboardButton, InlineKeyboardMarkup, MessageEntity, MessageId, ReplyMarkup,
    ThreadId, UserId,
};

use crate::Ctx;
use crate::commands::start_parameter;
use crate::photo::Shape;

/// The longest message text Telegram takes, in UTF-16 code units.
pub const MAX_TEXT: usize = 4096;

/// Reads a Telegram error: rate limits, the private chat closed to the bot,
/// or anything else. Telegram's 403 texts are matched here because teloxide
/// does not know every wording.
pub(crate) fn classify(e: &RequestError) -> SendFail {
    match e {
        RequestError::RetryAfter(s) => {
            SendFail::Retry(i64::from(s.seconds()).max(1) * 1000, e.to_string())
        }
        RequestError::Network(_) | RequestError::Io(_) => SendFail::Retry(2000, e.to_string()),
        _ => {
            let text = e.to_string();
            let lower = text.to_lowercase();
            if lower.contains("initiate conversation")
                || lower.contains("bot was blocked")
                || lower.contains("user is deactivated")
                || lower.contains("forbidden")
            {
                SendFail::Unreachable(text)
            } else {
                SendFail::Other(text)
            }
        }
    }
}

/// The length of a text as Telegram counts it.
fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Splits a text into pieces Telegram accepts, preferring line breaks, never
/// cutting a character.
pub fn split_text(text: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    for line in text.split_inclusive('\n') {
        if utf16_len(&current) + utf16_len(line) <= MAX_TEXT {
            current.push_str(line);
            continue;
        }
        if !current.is_empty() {
            pieces.push(std::mem::take(&mut current));
        }
        // A line too long on its own: cut it by characters.
        for ch in line.chars() {
            if utf16_len(&current) + ch.len_utf16() > MAX_TEXT {
                pieces.push(std::mem::take(&mut current));
            }
            current.push(ch);
        }
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// A text cut to what Telegram accepts in one message (for edits), on a
/// character boundary.
pub fn truncate(text: &str, max_utf16: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for ch in text.chars() {
        len += ch.len_utf16();
        if len > max_utf16 {
            break;
        }
        out.push(ch);
    }
    out
}

/// Buttons as a Telegram inline keyboard. "My cards" (`h`) opens the
/// bot's inline mode in the chat, where the player's own moves are listed
/// for them alone; every other button is a callback.
pub(crate) fn keyboard(buttons: &[Vec<Button>]) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(buttons.iter().map(|row| {
        row.iter()
            .map(|b| {
                if b.payload.split(':').nth(2) == Some("h") {
                    InlineKeyboardButton::switch_inline_query_current_chat(b.label.clone(), "")
                } else {
                    InlineKeyboardButton::callback(b.label.clone(), b.payload.clone())
                }
            })
            .collect::<Vec<_>>()
    }))
}

fn chat_id(id: &str) -> Result<ChatId, SendFail> {
    id.parse::<i64>()
        .map(ChatId)
        .map_err(|_| SendFail::Other(format!("not a Telegram chat id: {id}")))
}

fn thread_id(id: Option<&str>) -> Option<ThreadId> {
    id.and_then(|t| t.parse::<i32>().ok())
        .map(|n| ThreadId(MessageId(n)))
}

/// Where each mentioned user's name first stands in `text`: (user id,
/// offset, length) in UTF-16 code units, as Telegram counts them. Users with
/// an id that is not a number, or whose name is not in the text, are left out.
pub fn mention_spans<'a>(
    text: &str,
    users: impl Iterator<Item = (&'a str, &'a str)>,
) -> Vec<(u64, usize, usize)> {
    let mut spans = Vec::new();
    for (user_id, name) in users {
        let (Ok(user), Some(at)) = (user_id.parse::<u64>(), text.find(name)) else {
            continue;
        };
        if name.is_empty() {
            continue;
        }
        spans.push((user, utf16_len(&text[..at]), utf16_len(name)));
    }
    spans
}

/// Sends a text (split if long) to a chat, with buttons under the last piece.
pub(crate) async fn send_text(
    bot: &Bot,
    chat: ChatId,
    thread: Option<ThreadId>,
    text: &str,
    buttons: &[Vec<Button>],
) -> Result<Message, RequestError> {
    let pieces = split_text(text);
    let last = pieces.len() - 1;
    let mut sent = None;
    for (i, piece) in pieces.into_iter().enumerate() {
        let mut request = bot.send_message(chat, piece);
        if let Some(thread) = thread {
            request = request.message_thread_id(thread);
        }
        if i == last && !buttons.is_empty() {
            request = request.reply_markup(ReplyMarkup::InlineKeyboard(keyboard(buttons)));
        }
        sent = Some(request.await?);
    }
    Ok(sent.expect("at least one piece"))
}

/// Sends one outbox message.
async fn send(ctx: &Ctx, message: &Outgoing) -> Result<(), SendFail> {
    let bot = &ctx.bot;
    match message {
        // The table message stays text: a photo would be re-uploaded on
        // every card played and fill the group (docs/TABLE.md, "Pictures").
        Outgoing::Table {
            table,
            chat,
            text,
            buttons,
            ..
        } => {
            let id = chat_id(&chat.chat_id)?;
            let text = truncate(text, MAX_TEXT);
            // The table message of this chat: the table's own, or that of a
            // chat linked to it.
            let known = ctx
                .service
                .public_message_in(*table, chat)
                .await
                .map_err(|e| SendFail::Retry(2000, e.to_string()))?
                .and_then(|m| m.parse::<i32>().ok());
            let shown = shown_hash(&text, buttons);
            if let Some(message_id) = known {
                // A version that shows what the message shows already (one
                // that undid the change of a version still waiting out a
                // rate limit) is not sent again.
                if ctx.table_shows(id, message_id, shown) {
                    return Ok(());
                }
                let mut request = bot.edit_message_text(id, MessageId(message_id), text.clone());
                if !buttons.is_empty() {
                    request = request.reply_markup(keyboard(buttons));
                }
                match request.await {
                    Ok(_) => {
                        ctx.table_showing(id, message_id, shown);
                        return Ok(());
                    }
                    Err(e) => {
                        let lower = e.to_string().to_lowercase();
                        // It shows this already (an edit whose answer was
                        // lost, or a restart): done, never tried again.
                        if lower.contains("not modified") {
                            ctx.table_showing(id, message_id, shown);
                            return Ok(());
                        }
                        if !(lower.contains("message to edit not found")
                            || lower.contains("can't be edited"))
                        {
                            return Err(classify(&e));
                        }
                        // The message is gone: post it anew below.
                    }
                }
            }
            let sent = send_text(
                bot,
                id,
                thread_id(chat.thread_id.as_deref()),
                &text,
                buttons,
            )
            .await
            .map_err(|e| classify(&e))?;
            ctx.table_showing(id, sent.id.0, shown);
            ctx.service
                .set_public_message_in(*table, chat, &sent.id.0.to_string())
                .await
                .map_err(|e| SendFail::Retry(2000, e.to_string()))?;
            Ok(())
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
        } if !mentions.is_empty() && split_text(text).len() == 1 => {
            // Each mentioned name in the text becomes a mention that
            // notifies its user.
            let id = chat_id(&chat.chat_id)?;
            let entities: Vec<MessageEntity> = mention_spans(
                text,
                mentions
                    .iter()
                    .map(|m| (m.user_id.as_str(), m.name.as_str())),
            )
            .into_iter()
            .map(|(user, offset, length)| {
                MessageEntity::text_mention_id(UserId(user), offset, length)
            })
            .collect();
            let mut request = bot.send_message(id, text.clone()).entities(entities);
            if let Some(thread) = thread_id(chat.thread_id.as_deref()) {
                request = request.message_thread_id(thread);
            }
            request.await.map(|_| ()).map_err(|e| classify(&e))
        }
        Outgoing::Chat { chat, text, .. }
        | Outgoing::Post { chat, text, .. }
        | Outgoing::Settlement { chat, text, .. } => {
            let id = chat_id(&chat.chat_id)?;
            send_text(bot, id, thread_id(chat.thread_id.as_deref()), text, &[])
                .await
                .map(|_| ())
                .map_err(|e| classify(&e))
        }
        Outgoing::Private {
            table,
            to,
            text,
            buttons,
            picture,
            ..
        } => post_private(ctx, *table, to, text, buttons, picture.as_ref())
            .await
            .map(|_| ()),
        Outgoing::Notice { to, text } => {
            let id = chat_id(&to.user_id)?;
            send_text(bot, id, None, text, &[])
                .await
                .map(|_| ())
                .map_err(|e| classify(&e))
        }
    }
}

/// Tells a table's group that a player must open the private chat with the
/// bot first, once per player and table until a private message gets
/// through.
pub(crate) async fn tell_group_to_start(ctx: &Ctx, table: TableId, user_id: &str, name: &str) {
    if !ctx.first_telling(user_id, table).await {
        return;
    }
    let row = match ctx.service.store().table(table).await {
        Ok(Some(row)) => row,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(table = table.0, error = %e, "loading a table");
            return;
        }
    };
    // The group of this platform that shows the table (its own, or one
    // linked to a table that lives on Discord).
    let Ok(Some(shown)) = ctx.service.chat_on(table, Platform::Telegram).await else {
        return;
    };
    let Ok(chat) = chat_id(&shown.chat_id) else {
        return;
    };
    let lang = Lang::from_tag(&row.language);
    let text = tr!(
        lang,
        "telegram-start-private",
        name = name,
        link = ctx.deep_link(table)
    );
    if let Err(e) = send_text(
        &ctx.bot,
        chat,
        // The topic of the group that shows it: a linked group's own, not
        // the table's chat's.
        thread_id(shown.thread_id.as_deref()),
        &text,
        &[],
    )
    .await
    {
        tracing::warn!(table = table.0, error = %e, "telling the group to start the bot");
    }
}

/// A hash of a table message's text and keyboard.
fn shown_hash(text: &str, buttons: &[Vec<Button>]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    for row in buttons {
        row.len().hash(&mut h);
        for b in row {
            b.label.hash(&mut h);
            b.payload.hash(&mut h);
        }
    }
    h.finish()
}

impl Ctx {
    /// Whether the table message `message` in `chat` shows `shown` (a
    /// [`shown_hash`]) now, as far as this process sent it.
    fn table_shows(&self, chat: ChatId, message: i32, shown: u64) -> bool {
        self.tables
            .lock()
            .ok()
            .and_then(|t| t.get(&(chat.0, message)).copied())
            == Some(shown)
    }

    /// Remembers what the table message shows now.
    fn table_showing(&self, chat: ChatId, message: i32, shown: u64) {
        if let Ok(mut tables) = self.tables.lock() {
            tables.insert((chat.0, message), shown);
        }
    }

    /// The link that opens the private chat with the bot for a table.
    pub(crate) fn deep_link(&self, table: TableId) -> String {
        format!(
            "https://t.me/{}?start={}",
            self.username,
            start_parameter(table)
        )
    }
}

/// Posts a private view (a photo of the hand with the text as caption, or
/// text only); the id of its message(s), see [`crate::photo::Shape`].
async fn post_private(
    ctx: &Ctx,
    table: TableId,
    to: &UserRef,
    text: &str,
    buttons: &[Vec<Button>],
    picture: Option<&Picture>,
) -> Result<String, SendFail> {
    let id = chat_id(&to.user_id)?;
    let png = ctx.private_png(table, to, picture).await;
    let shape = ctx.post_view(id, text, buttons, png).await?;
    ctx.reachable(&to.user_id).await;
    Ok(shape.id())
}

/// Edits a message in place: its text (cut to one message) and buttons
/// (none: the keyboard goes).
pub(crate) async fn edit_in_place(
    bot: &Bot,
    chat: ChatId,
    message: MessageId,
    text: &str,
    buttons: &[Vec<Button>],
) -> Result<(), EditFail> {
    let mut request = bot.edit_message_text(chat, message, truncate(text, MAX_TEXT));
    if !buttons.is_empty() {
        request = request.reply_markup(keyboard(buttons));
    }
    match request.await {
        Ok(_) => Ok(()),
        Err(e) => {
            let lower = e.to_string().to_lowercase();
            if lower.contains("not modified") {
                Ok(())
            } else if lower.contains("message to edit not found")
                || lower.contains("can't be edited")
            {
                Err(EditFail::Gone)
            } else {
                Err(EditFail::Send(classify(&e)))
            }
        }
    }
}

impl Messenger for Ctx {
    async fn send(&self, message: &Outgoing) -> Result<(), SendFail> {
        send(self, message).await
    }

    async fn post_private(
        &self,
        table: TableId,
        to: &UserRef,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<String, SendFail> {
        post_private(self, table, to, text, buttons, picture).await
    }

    async fn edit_private(
        &self,
        table: TableId,
        to: &UserRef,
        id: &str,
        text: &str,
        buttons: &Keyboard,
        picture: Option<&Picture>,
    ) -> Result<(), EditFail> {
        let chat = chat_id(&to.user_id).map_err(EditFail::Send)?;
        let Some(shape) = Shape::parse(id) else {
            return Err(EditFail::Gone);
        };
        let png = self.private_png(table, to, picture).await;
        self.edit_view(chat, shape, text, buttons, png).await
    }

    async fn retire_private(&self, to: &UserRef, id: &str) {
        let (Ok(chat), Some(shape)) = (chat_id(&to.user_id), Shape::parse(id)) else {
            return;
        };
        for message in shape.messages() {
            // Deleted; where Telegram refuses (older than 48 hours), at
            // least its buttons go.
            if self
                .bot
                .delete_message(chat, MessageId(message))
                .await
                .is_err()
                && let Err(e) = self
                    .bot
                    .edit_message_reply_markup(chat, MessageId(message))
                    .await
            {
                tracing::info!(user = %crate::user_hash(&to.user_id), error = %e, "retiring an old private message");
            }
        }
    }

    async fn unreachable(&self, message: &Outgoing) {
        if let Outgoing::Private { table, to, .. } = message {
            tell_group_to_start(self, *table, &to.user_id, &to.name).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_point_at_the_names_in_utf16_units() {
        // "⏰" is one UTF-16 unit, "🃏" two; "Zoë" is three.
        let text = "⏰ Anna, du bist dran (🃏 Zoë wartet).";
        let spans = mention_spans(
            text,
            [
                ("101", "Anna"),
                ("102", "Zoë"),
                ("x", "Anna"),
                ("103", "Nobody"),
            ]
            .into_iter(),
        );
        assert_eq!(spans, vec![(101, 2, 4), (102, 25, 3)]);
    }

    #[test]
    fn long_texts_are_split_on_character_boundaries() {
        let short = "kurz\nund gut";
        assert_eq!(split_text(short), vec![short.to_owned()]);
        let line = "♥K ".repeat(700); // 2100 UTF-16 units
        let text = format!("{line}\n{line}\n{line}");
        let pieces = split_text(&text);
        assert!(pieces.len() >= 2);
        assert!(pieces.iter().all(|p| utf16_len(p) <= MAX_TEXT));
        assert_eq!(pieces.concat(), text);
        let one_line = "ü".repeat(10_000);
        let pieces = split_text(&one_line);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| utf16_len(p) <= MAX_TEXT));
        assert_eq!(pieces.concat(), one_line);
        // Astral characters count twice and are never cut.
        let emoji = "🃏".repeat(3000);
        let cut = truncate(&emoji, MAX_TEXT);
        assert_eq!(utf16_len(&cut), MAX_TEXT);
        assert!(split_text(&emoji).iter().all(|p| utf16_len(p) <= MAX_TEXT));
        assert_eq!(split_text(""), vec![String::new()]);
    }
}
