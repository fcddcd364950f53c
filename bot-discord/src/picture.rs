//! Card pictures on Discord: the table message is an embed whose image is
//! the table (an attachment `table.png`, replaced on every edit that
//! changes it), a hand (DM or ephemeral) carries `hand.png` above its
//! buttons, and the settlement gets an embed with one field per scored
//! item and one with the balances. The text stays the message content, so
//! nothing is only in a picture; each attachment's description (Discord's
//! alt text) lists the cards shown.
//!
//! Limits (Discord's API documentation): at most 10 attachments of 10 MiB
//! each by default (interactions say so in `attachment_size_limit`), an
//! attachment description of 1 024 characters; embeds: title 256,
//! description 4 096, 25 fields, field name 256, field value 1 024, and
//! 6 000 characters in all the embeds of a message.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde_json::{Value, json};
use tarock_table::picture::{Picture, text_only};
use tarock_table::text::{money, signed};
use tarock_table::{BalanceLine, Lang, SettlementItem, TableId, UserRef, tr};

use crate::Bot;
use crate::layout::{cut, escape};
use crate::rest::Upload;

/// The largest attachment a bot may upload without a boosted server.
pub const MAX_ATTACHMENT_BYTES: usize = 10 * 1024 * 1024;
/// The longest attachment description (alt text).
pub const MAX_DESCRIPTION: usize = 1024;
/// The longest embed title.
pub const MAX_EMBED_TITLE: usize = 256;
/// The most fields of an embed.
pub const MAX_FIELDS: usize = 25;
/// The longest field name.
pub const MAX_FIELD_NAME: usize = 256;
/// The longest field value.
pub const MAX_FIELD_VALUE: usize = 1024;
/// The most characters in all embeds of a message.
pub const MAX_EMBED_TOTAL: usize = 6000;

/// The file name of the table picture.
pub const TABLE_FILE: &str = "table.png";
/// The file name of a hand picture.
pub const HAND_FILE: &str = "hand.png";

/// A picture drawn for sending.
#[derive(Clone, Debug)]
pub struct Drawn {
    /// The PNG.
    pub png: Arc<[u8]>,
    /// The cards shown, as text.
    pub alt: String,
}

impl Drawn {
    /// The picture as an upload named `file`.
    pub fn upload(&self, file: &str) -> Upload {
        Upload {
            filename: file.to_owned(),
            bytes: self.png.clone(),
        }
    }

    /// The `attachments` entry that names the upload (`id` 0, the first
    /// file) with its alt text.
    pub fn attachment(&self, file: &str) -> Value {
        json!([{
            "id": 0,
            "filename": file,
            "description": cut(&self.alt, MAX_DESCRIPTION),
        }])
    }

    fn hash(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.png.hash(&mut h);
        h.finish()
    }
}

impl Bot {
    /// Draws a picture off the async workers; `None` (logged) when it
    /// cannot be drawn or is too large to upload, so the text goes alone.
    pub(crate) async fn draw(&self, picture: Option<&Picture>) -> Option<Drawn> {
        let picture = picture?.clone();
        let renderer = self.renderer.clone();
        match tokio::task::spawn_blocking(move || picture.render(&renderer)).await {
            Ok(Ok(p)) if p.png.len() <= MAX_ATTACHMENT_BYTES => Some(Drawn {
                png: p.png,
                alt: p.alt,
            }),
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

    /// A hand's picture, unless the person or the table reads text only.
    pub(crate) async fn hand_picture(
        &self,
        table: TableId,
        to: &UserRef,
        picture: Option<&Picture>,
    ) -> Option<Drawn> {
        picture?;
        match text_only::for_private(self.service.store(), table, to).await {
            Ok(true) => None,
            Ok(false) => self.draw(picture).await,
            Err(e) => {
                tracing::warn!(user = %tarock_ops::logs::user_hash("discord", &to.user_id), error = %e, "reading the text-only setting");
                self.draw(picture).await
            }
        }
    }

    /// The table's picture, unless the table reads text only.
    pub(crate) async fn table_picture(
        &self,
        table: TableId,
        picture: Option<&Picture>,
    ) -> Option<Drawn> {
        picture?;
        match text_only::for_table(self.service.store(), table).await {
            Ok(true) => None,
            _ => self.draw(picture).await,
        }
    }

    /// Whether the message already shows this picture (then an edit keeps
    /// its attachment instead of uploading it again).
    pub(crate) fn shows(&self, message: &str, drawn: &Drawn) -> bool {
        self.shown.lock().ok().and_then(|s| s.get(message).copied()) == Some(drawn.hash())
    }

    /// Remembers what a message shows now (`None`: no picture).
    pub(crate) fn showing(&self, message: &str, drawn: Option<&Drawn>) {
        if let Ok(mut shown) = self.shown.lock() {
            match drawn {
                Some(d) => shown.insert(message.to_owned(), d.hash()),
                None => shown.remove(message),
            };
        }
    }
}

/// The embed that shows the table picture.
pub fn table_embed() -> Value {
    json!([{ "image": { "url": format!("attachment://{TABLE_FILE}") } }])
}

/// The settlement as an embed: its title (the text's first line), one
/// inline field per scored item (value for the declarer's party, with the
/// Kontra multiplier), and the running balances. Cut to Discord's limits.
pub fn settlement_embed(
    text: &str,
    items: &[SettlementItem],
    balances: &[BalanceLine],
    lang: Lang,
) -> Value {
    let title = cut(
        &escape(text.lines().next().unwrap_or_default()),
        MAX_EMBED_TITLE,
    );
    let field = |name: String, value: String, inline: bool| {
        let name = cut(&name, MAX_FIELD_NAME);
        let value = cut(&value, MAX_FIELD_VALUE);
        let size = name.chars().count() + value.chars().count();
        (
            json!({ "name": name, "value": value, "inline": inline }),
            size,
        )
    };
    let balance_lines: Vec<String> = balances
        .iter()
        .map(|b| {
            format!(
                "{}: {} ({})",
                escape(&b.name),
                signed(b.units),
                money(b.cents, lang)
            )
        })
        .collect();
    // The balances come last but are never dropped: their room is kept.
    let (balance_field, balance_size) =
        field(tr!(lang, "balances-title"), balance_lines.join("\n"), false);
    let mut total = title.chars().count() + balance_size;
    let mut fields = Vec::new();
    for item in items {
        let mut value = signed(item.value);
        if item.multiplier > 1 {
            value.push_str(&format!(" ×{}", item.multiplier));
        }
        let mut name = escape(&item.name);
        if item.announced {
            name.push_str(" 📣");
        }
        let (f, size) = field(name, value, true);
        if fields.len() + 1 >= MAX_FIELDS || total + size > MAX_EMBED_TOTAL {
            break;
        }
        total += size;
        fields.push(f);
    }
    if !balance_lines.is_empty() {
        fields.push(balance_field);
    }
    json!([{ "title": title, "fields": fields }])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(name: &str, value: i64, multiplier: u32) -> SettlementItem {
        SettlementItem {
            name: name.into(),
            announced: multiplier > 1,
            multiplier,
            value,
        }
    }

    #[test]
    fn the_settlement_embed_itemises_and_stays_within_limits() {
        let balances = vec![BalanceLine {
            name: "Anna_1".into(),
            units: 4,
            cents: 40,
        }];
        let embed = settlement_embed(
            "💰 Abrechnung Tisch 1, Spiel 2\nmehr",
            &[item("Spiel", 2, 1), item("Pagat", -1, 2)],
            &balances,
            Lang::De,
        );
        let e = &embed[0];
        assert_eq!(e["title"], "💰 Abrechnung Tisch 1, Spiel 2");
        let fields = e["fields"].as_array().unwrap();
        assert_eq!(fields.len(), 3);
        assert_eq!(fields[0]["value"], "+2");
        assert_eq!(fields[1]["value"], "−1 ×2");
        assert_eq!(fields[1]["name"], "Pagat 📣");
        // Markdown in a name is escaped.
        assert_eq!(fields[2]["value"], "Anna\\_1: +4 (0,40 €)");
        // Thirty long items: as many as fit, and the balances are never lost.
        let many: Vec<SettlementItem> = (0..30).map(|i| item(&"x".repeat(300), i, 1)).collect();
        let lines: Vec<BalanceLine> = (0..40)
            .map(|i| BalanceLine {
                name: "y".repeat(40) + &i.to_string(),
                units: i,
                cents: i,
            })
            .collect();
        let embed = settlement_embed(&"t".repeat(400), &many, &lines, Lang::En);
        let e = &embed[0];
        assert!(e["title"].as_str().unwrap().chars().count() <= MAX_EMBED_TITLE);
        let fields = e["fields"].as_array().unwrap();
        assert!(fields.len() <= MAX_FIELDS);
        let mut total = e["title"].as_str().unwrap().chars().count();
        for f in fields {
            let (n, v) = (f["name"].as_str().unwrap(), f["value"].as_str().unwrap());
            assert!(n.chars().count() <= MAX_FIELD_NAME);
            assert!(v.chars().count() <= MAX_FIELD_VALUE);
            total += n.chars().count() + v.chars().count();
        }
        assert!(total <= MAX_EMBED_TOTAL, "{total}");
        let last = fields.last().unwrap();
        assert_eq!(last["name"], "Balances:");
    }
}
