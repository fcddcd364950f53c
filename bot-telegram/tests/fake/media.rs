//! Photos: `sendPhoto`, `editMessageMedia` and `editMessageCaption`, with
//! the limits the Bot API documents: a photo of at most 10 MB, width and
//! height together at most 10 000, a side ratio of at most 20, a caption
//! of at most 1 024 characters; an uploaded file must be an image and be
//! named by the field (`photo`) or an `attach://` reference.

use axum::response::Response;
use serde_json::{Value, json};

use super::{Inner, Upload, bot_user, chat, err, keyboard_problem, ok, utf16};

/// The largest photo the Bot API takes.
pub const MAX_PHOTO_BYTES: usize = 10 * 1024 * 1024;
/// The longest caption.
pub const MAX_CAPTION: usize = 1024;

/// Width and height of a PNG (from its IHDR chunk), if it is one.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    Some((be(16), be(20)))
}

/// The upload a photo field names: its own file part, or the part an
/// `attach://name` points at.
fn upload<'a>(field: &str, value: &Value, files: &'a [Upload]) -> Option<&'a Upload> {
    match value.as_str().and_then(|v| v.strip_prefix("attach://")) {
        Some(name) => files.iter().find(|f| f.field == name),
        None => files.iter().find(|f| f.field == field),
    }
}

impl Inner {
    fn refuse(&mut self, problem: &str, body: &Value) -> Response {
        self.violations.push(format!("{problem}: {body}"));
        err(400, problem, None)
    }

    /// The photo's problem, if any; otherwise the message's `photo` sizes.
    fn photo(&mut self, file: Option<&Upload>) -> Result<Value, String> {
        let Some(file) = file else {
            return Err("Bad Request: there is no photo in the request".to_owned());
        };
        if file.bytes.len() > MAX_PHOTO_BYTES {
            return Err("Bad Request: PHOTO_INVALID_DIMENSIONS: file too large".to_owned());
        }
        let Some((w, h)) = png_size(&file.bytes) else {
            return Err("Bad Request: IMAGE_PROCESS_FAILED".to_owned());
        };
        let ratio = f64::from(w.max(h)) / f64::from(w.min(h).max(1));
        if w + h > 10_000 || ratio > 20.0 || w == 0 || h == 0 {
            return Err("Bad Request: PHOTO_INVALID_DIMENSIONS".to_owned());
        }
        self.next_message += 1;
        let id = format!("photo{}", self.next_message);
        Ok(json!([{
            "file_id": id, "file_unique_id": id, "file_size": file.bytes.len(),
            "width": w, "height": h,
        }]))
    }

    fn caption_problem(body: &Value) -> Option<String> {
        let caption = body["caption"].as_str().unwrap_or_default();
        (utf16(caption) > MAX_CAPTION)
            .then(|| "Bad Request: message caption is too long".to_owned())
    }

    /// `sendPhoto`.
    pub fn send_photo(&mut self, body: &Value, files: &[Upload]) -> Response {
        if let Some(p) = Self::caption_problem(body).or_else(|| keyboard_problem(body)) {
            return self.refuse(&p, body);
        }
        let chat_id = body["chat_id"].as_i64().unwrap_or(0);
        if self.forbidden.contains(&chat_id) {
            return err(
                403,
                "Forbidden: bot can't initiate conversation with a user",
                None,
            );
        }
        if self.blocked.contains(&chat_id) {
            return err(403, "Forbidden: bot was blocked by the user", None);
        }
        let photo = match self.photo(upload("photo", &body["photo"], files)) {
            Ok(p) => p,
            Err(p) => return self.refuse(&p, body),
        };
        self.next_message += 1;
        let id = self.next_message;
        let mut message = json!({
            "message_id": id,
            "date": 1_700_000_000,
            "chat": chat(chat_id),
            "from": bot_user(),
            "photo": photo,
        });
        if let Some(caption) = body["caption"].as_str() {
            message["caption"] = json!(caption);
        }
        if body["reply_markup"]["inline_keyboard"].is_array() {
            message["reply_markup"] = body["reply_markup"].clone();
        }
        self.messages.insert((chat_id, id), message.clone());
        ok(message)
    }

    /// `editMessageMedia`: a new photo (and caption, keyboard) in place.
    pub fn edit_media(&mut self, body: &Value, files: &[Upload]) -> Response {
        let media = &body["media"];
        if media["type"] != "photo" {
            return self.refuse("Bad Request: MEDIA_TYPE_INVALID", body);
        }
        if let Some(p) = Self::caption_problem(media).or_else(|| keyboard_problem(body)) {
            return self.refuse(&p, body);
        }
        let chat_id = body["chat_id"].as_i64().unwrap_or(0);
        let id = body["message_id"].as_i64().unwrap_or(0);
        if !self.messages.contains_key(&(chat_id, id)) {
            return err(400, "Bad Request: message to edit not found", None);
        }
        let photo = match self.photo(upload("media", &media["media"], files)) {
            Ok(p) => p,
            Err(p) => return self.refuse(&p, body),
        };
        let message = self.messages.get_mut(&(chat_id, id)).expect("checked");
        let object = message.as_object_mut().expect("an object");
        object.remove("text");
        object.insert("photo".into(), photo);
        match media["caption"].as_str() {
            Some(c) => object.insert("caption".into(), json!(c)),
            None => object.remove("caption"),
        };
        set_markup(message, body);
        message["edit_date"] = json!(1_700_000_001);
        ok(message.clone())
    }

    /// `editMessageCaption`: the caption and keyboard of a photo message.
    pub fn edit_caption(&mut self, body: &Value) -> Response {
        if let Some(p) = Self::caption_problem(body).or_else(|| keyboard_problem(body)) {
            return self.refuse(&p, body);
        }
        let chat_id = body["chat_id"].as_i64().unwrap_or(0);
        let id = body["message_id"].as_i64().unwrap_or(0);
        let Some(message) = self.messages.get_mut(&(chat_id, id)) else {
            return err(400, "Bad Request: message to edit not found", None);
        };
        if message.get("photo").is_none() {
            return err(
                400,
                "Bad Request: there is no caption in the message to edit",
                None,
            );
        }
        let markup = if body["reply_markup"]["inline_keyboard"].is_array() {
            body["reply_markup"].clone()
        } else {
            Value::Null
        };
        let caption = body.get("caption").cloned().unwrap_or(Value::Null);
        let old_caption = message.get("caption").cloned().unwrap_or(Value::Null);
        let old_markup = message.get("reply_markup").cloned().unwrap_or(Value::Null);
        if caption == old_caption && markup == old_markup {
            return err(
                400,
                "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
                None,
            );
        }
        let object = message.as_object_mut().expect("an object");
        match caption.as_str() {
            Some(c) => object.insert("caption".into(), json!(c)),
            None => object.remove("caption"),
        };
        set_markup(message, body);
        message["edit_date"] = json!(1_700_000_001);
        ok(message.clone())
    }
}

/// An edit's keyboard replaces the message's; none removes it.
fn set_markup(message: &mut Value, body: &Value) {
    if body["reply_markup"]["inline_keyboard"].is_array() {
        message["reply_markup"] = body["reply_markup"].clone();
    } else if let Some(o) = message.as_object_mut() {
        o.remove("reply_markup");
    }
}
