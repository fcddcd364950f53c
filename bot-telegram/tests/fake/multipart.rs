//! Reading `multipart/form-data` requests as the Bot API does: text fields
//! become the body's values (JSON-typed ones such as `reply_markup` and
//! `media` parsed, numbers read as numbers), file parts are kept aside.

use serde_json::{Map, Value};

/// One uploaded file.
#[derive(Clone, Debug)]
pub struct Upload {
    /// The form field it came in (`photo`, or an `attach://` name).
    pub field: String,
    /// Its file name.
    pub filename: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// A text field's value as the API reads it: JSON objects and arrays, and
/// whole numbers, are parsed; everything else stays a string.
fn value(text: &str) -> Value {
    let trimmed = text.trim();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        return serde_json::from_str(trimmed).unwrap_or_else(|_| Value::String(text.to_owned()));
    }
    if let Ok(n) = trimmed.parse::<i64>() {
        return Value::from(n);
    }
    match trimmed {
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => Value::String(text.to_owned()),
    }
}

/// The body's fields and its files.
pub fn parse(content_type: &str, body: &[u8]) -> (Value, Vec<Upload>) {
    let mut fields = Map::new();
    let mut files = Vec::new();
    let Some(boundary) = content_type.split("boundary=").nth(1) else {
        return (Value::Object(fields), files);
    };
    let delim = format!("--{}", boundary.trim_matches('"')).into_bytes();
    let Some(start) = find(body, &delim, 0) else {
        return (Value::Object(fields), files);
    };
    let mut pos = start + delim.len();
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
        match attr("filename") {
            Some(filename) => files.push(Upload {
                field: name,
                filename,
                bytes: content.to_vec(),
            }),
            None => {
                let text = String::from_utf8_lossy(content).to_string();
                fields.insert(name, value(&text));
            }
        }
    }
    (Value::Object(fields), files)
}
