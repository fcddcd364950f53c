//! Private views as photos: the hand drawn by `tarock-cards`, the turn's
//! text as its caption and the legal moves as its inline keyboard, edited
//! in place with `editMessageMedia` (or only `editMessageCaption` when the
//! picture did not change, so nothing is uploaded twice).
//!
//! A caption holds at most 1 024 characters; a longer text goes as a text
//! message with the keyboard under the photo (both edited in place). The
//! pump keeps one id per private view, so the id says which shape the
//! view has: `123` a text message, `p123` a photo with caption, `s123.124`
//! a photo and the text message after it. A version whose shape differs
//! from the message's is posted anew (the old one removed), which happens
//! when a player turns pictures off or on, and at the end of a deal.
//!
//! Limits (Bot API, `sendPhoto`): a photo of at most 10 MB, width and
//! height together at most 10 000 pixels, a side ratio of at most 20; the
//! hand pictures are about 90 kB and 1 171 × 378 (docs/CARDS.md).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use tarock_table::picture::{Picture, text_only};
use tarock_table::{Button, EditFail, SendFail, UserRef};
use teloxide::prelude::*;
use teloxide::types::{ChatId, InputFile, InputMedia, InputMediaPhoto, MessageId, ReplyMarkup};

use crate::Ctx;
use crate::deliver::{classify, edit_in_place, keyboard, send_text};

/// The longest caption Telegram takes (counted like texts, in UTF-16
/// code units, which is never fewer than its characters).
pub const MAX_CAPTION: usize = 1024;
/// The largest photo Telegram takes by upload.
pub const MAX_PHOTO_BYTES: usize = 10 * 1024 * 1024;

/// The shape of a private view on Telegram, and its message ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A text message.
    Text(i32),
    /// A photo with the text as its caption.
    Photo(i32),
    /// A photo, then the text (too long for a caption) with the keyboard.
    Split(i32, i32),
}

impl Shape {
    /// Reads an id as the pump keeps it.
    pub fn parse(id: &str) -> Option<Shape> {
        if let Some(photo) = id.strip_prefix('p') {
            return photo.parse().ok().map(Shape::Photo);
        }
        if let Some(rest) = id.strip_prefix('s') {
            let (photo, text) = rest.split_once('.')?;
            return Some(Shape::Split(photo.parse().ok()?, text.parse().ok()?));
        }
        id.parse().ok().map(Shape::Text)
    }

    /// The id the pump keeps.
    pub fn id(self) -> String {
        match self {
            Shape::Text(m) => m.to_string(),
            Shape::Photo(m) => format!("p{m}"),
            Shape::Split(p, t) => format!("s{p}.{t}"),
        }
    }

    /// Every message of the view.
    pub fn messages(self) -> Vec<i32> {
        match self {
            Shape::Text(m) | Shape::Photo(m) => vec![m],
            Shape::Split(p, t) => vec![p, t],
        }
    }

    fn kind(self) -> Kind {
        match self {
            Shape::Text(_) => Kind::Text,
            Shape::Photo(_) => Kind::Photo,
            Shape::Split(..) => Kind::Split,
        }
    }
}

/// A shape without its ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Text,
    Photo,
    Split,
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// The shape a view takes: text without a picture, else a photo with the
/// text as caption when it fits.
fn kind_of(text: &str, picture: bool) -> Kind {
    match (picture, utf16_len(text) <= MAX_CAPTION) {
        (false, _) => Kind::Text,
        (true, true) => Kind::Photo,
        (true, false) => Kind::Split,
    }
}

fn hash(png: &[u8]) -> u64 {
    let mut h = DefaultHasher::new();
    png.hash(&mut h);
    h.finish()
}

impl Ctx {
    /// The PNG of a view's picture, unless the person or the table reads
    /// text only, or the picture cannot be drawn (then the text carries
    /// the view alone; the failure is logged).
    pub(crate) async fn private_png(
        &self,
        table: tarock_table::TableId,
        to: &UserRef,
        picture: Option<&Picture>,
    ) -> Option<Arc<[u8]>> {
        let picture = picture?.clone();
        match text_only::for_private(self.service.store(), table, to).await {
            Ok(true) => return None,
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(user = %crate::user_hash(&to.user_id), error = %e, "reading the text-only setting")
            }
        }
        let renderer = self.renderer.clone();
        let drawn = tokio::task::spawn_blocking(move || picture.render(&renderer)).await;
        match drawn {
            Ok(Ok(p)) if p.png.len() <= MAX_PHOTO_BYTES => Some(p.png),
            Ok(Ok(p)) => {
                tracing::warn!("a picture of {} bytes is too large to send", p.png.len());
                None
            }
            Ok(Err(e)) => {
                tracing::warn!("drawing a picture: {e}");
                None
            }
            Err(e) => {
                tracing::warn!("drawing a picture: {e}");
                None
            }
        }
    }

    fn remember_photo(&self, chat: ChatId, message: i32, png: &[u8]) {
        if let Ok(mut photos) = self.photos.lock() {
            photos.insert((chat.0, message), hash(png));
        }
    }

    fn same_photo(&self, chat: ChatId, message: i32, png: &[u8]) -> bool {
        self.photos
            .lock()
            .ok()
            .and_then(|p| p.get(&(chat.0, message)).copied())
            == Some(hash(png))
    }

    /// Posts a private view in the shape its text and picture need; the
    /// id to keep.
    pub(crate) async fn post_view(
        &self,
        chat: ChatId,
        text: &str,
        buttons: &[Vec<Button>],
        png: Option<Arc<[u8]>>,
    ) -> Result<Shape, SendFail> {
        let Some(png) = png else {
            let sent = send_text(&self.bot, chat, None, text, buttons)
                .await
                .map_err(|e| classify(&e))?;
            return Ok(Shape::Text(sent.id.0));
        };
        let kind = kind_of(text, true);
        let mut request = self.bot.send_photo(chat, photo_file(&png));
        if kind == Kind::Photo {
            request = request.caption(text.to_owned());
            if !buttons.is_empty() {
                request = request.reply_markup(ReplyMarkup::InlineKeyboard(keyboard(buttons)));
            }
        }
        let photo = request.await.map_err(|e| classify(&e))?;
        self.remember_photo(chat, photo.id.0, &png);
        if kind == Kind::Photo {
            return Ok(Shape::Photo(photo.id.0));
        }
        let sent = send_text(&self.bot, chat, None, text, buttons)
            .await
            .map_err(|e| classify(&e))?;
        Ok(Shape::Split(photo.id.0, sent.id.0))
    }

    /// Edits a private view in place; [`EditFail::Gone`] when the message
    /// is gone or has another shape than the new version needs.
    pub(crate) async fn edit_view(
        &self,
        chat: ChatId,
        shape: Shape,
        text: &str,
        buttons: &[Vec<Button>],
        png: Option<Arc<[u8]>>,
    ) -> Result<(), EditFail> {
        if shape.kind() != kind_of(text, png.is_some()) {
            return Err(EditFail::Gone);
        }
        match (shape, png) {
            (Shape::Text(m), _) => {
                edit_in_place(&self.bot, chat, MessageId(m), text, buttons).await
            }
            (Shape::Photo(m), Some(png)) => {
                self.edit_photo(chat, m, Some(text), buttons, &png).await
            }
            (Shape::Split(p, t), Some(png)) => {
                self.edit_photo(chat, p, None, &[], &png).await?;
                edit_in_place(&self.bot, chat, MessageId(t), text, buttons).await
            }
            _ => Err(EditFail::Gone),
        }
    }

    /// A photo message's picture (uploaded only when it changed), caption
    /// and keyboard.
    async fn edit_photo(
        &self,
        chat: ChatId,
        message: i32,
        caption: Option<&str>,
        buttons: &[Vec<Button>],
        png: &Arc<[u8]>,
    ) -> Result<(), EditFail> {
        let id = MessageId(message);
        let markup = (!buttons.is_empty()).then(|| keyboard(buttons));
        let same = self.same_photo(chat, message, png);
        if same && caption.is_none() {
            // A photo without caption or keyboard: nothing to change.
            return Ok(());
        }
        let result = if same {
            let mut request = self.bot.edit_message_caption(chat, id);
            if let Some(caption) = caption {
                request = request.caption(caption.to_owned());
            }
            if let Some(markup) = markup {
                request = request.reply_markup(markup);
            }
            request.await.map(|_| ())
        } else {
            let mut media = InputMediaPhoto::new(photo_file(png));
            if let Some(caption) = caption {
                media = media.caption(caption.to_owned());
            }
            let mut request = self
                .bot
                .edit_message_media(chat, id, InputMedia::Photo(media));
            if let Some(markup) = markup {
                request = request.reply_markup(markup);
            }
            request.await.map(|_| ())
        };
        match result {
            Ok(()) => {
                self.remember_photo(chat, message, png);
                Ok(())
            }
            Err(e) => {
                let lower = e.to_string().to_lowercase();
                if lower.contains("not modified") {
                    Ok(())
                } else if lower.contains("message to edit not found")
                    || lower.contains("can't be edited")
                    || lower.contains("no media")
                    || lower.contains("no caption")
                {
                    Err(EditFail::Gone)
                } else {
                    Err(EditFail::Send(classify(&e)))
                }
            }
        }
    }
}

impl Ctx {
    /// A photo message's caption and keyboard, its picture kept (a turn
    /// being composed over the hand). The caption is cut to what fits.
    pub(crate) async fn edit_caption(
        &self,
        chat: ChatId,
        message: MessageId,
        text: &str,
        buttons: &[Vec<Button>],
    ) -> Result<(), EditFail> {
        let mut request = self
            .bot
            .edit_message_caption(chat, message)
            .caption(crate::deliver::truncate(text, MAX_CAPTION));
        if !buttons.is_empty() {
            request = request.reply_markup(keyboard(buttons));
        }
        match request.await {
            Ok(_) => Ok(()),
            Err(e) if e.to_string().to_lowercase().contains("not modified") => Ok(()),
            Err(e) => Err(EditFail::Send(classify(&e))),
        }
    }
}

/// A PNG as an upload.
fn photo_file(png: &Arc<[u8]>) -> InputFile {
    InputFile::memory(png.to_vec()).file_name("cards.png")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_ids_say_their_shape() {
        for shape in [Shape::Text(7), Shape::Photo(8), Shape::Split(9, 10)] {
            assert_eq!(Shape::parse(&shape.id()), Some(shape));
        }
        // Ids kept before pictures existed are text messages.
        assert_eq!(Shape::parse("123"), Some(Shape::Text(123)));
        assert_eq!(Shape::parse("s1"), None);
        assert_eq!(Shape::parse("px"), None);
        assert_eq!(Shape::Split(1, 2).messages(), vec![1, 2]);
    }

    #[test]
    fn a_caption_too_long_splits_the_view() {
        assert_eq!(kind_of("kurz", false), Kind::Text);
        assert_eq!(kind_of("kurz", true), Kind::Photo);
        let exact = "x".repeat(MAX_CAPTION);
        assert_eq!(kind_of(&exact, true), Kind::Photo);
        // 513 astral characters are 1 026 UTF-16 units.
        let astral = "🃏".repeat(513);
        assert_eq!(kind_of(&astral, true), Kind::Split);
    }
}
