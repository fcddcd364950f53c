//! The record envelope. Every game writes its rounds as one JSON object with
//! a `format` field naming game and version (`"zwanzigerrufen-record/1"`,
//! `"koenigrufen-record/1"`, `"zwanzig-ab-record/1"`); the rest of the object
//! is the game's own. Storage keeps records as text and replay tools read
//! them without knowing the game in advance: [`format_of`] is the one field
//! they look at before handing the text to the right game.

use serde_json::Value;

use crate::error::RecordRefused;

/// The `format` field of a record.
///
/// # Errors
/// [`RecordRefused::NotARecord`] when `text` is not a JSON object with a
/// string `format` field.
pub fn format_of(text: &str) -> Result<String, RecordRefused> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| RecordRefused::NotARecord(e.to_string()))?;
    match value.get("format") {
        Some(Value::String(format)) => Ok(format.clone()),
        Some(other) => Err(RecordRefused::NotARecord(format!(
            "the format is {other}, not a string"
        ))),
        None if value.is_object() => Err(RecordRefused::NotARecord("no \"format\" field".into())),
        None => Err(RecordRefused::NotARecord("not a JSON object".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_field_is_read_from_any_record_object() {
        let text = r#"{"format":"zwanzig-ab-record/1","players":3,"deals":[]}"#;
        assert_eq!(format_of(text).unwrap(), "zwanzig-ab-record/1");
        let spaced = "{\n  \"rules\": \"standard\",\n  \"format\": \"x/2\"\n}";
        assert_eq!(format_of(spaced).unwrap(), "x/2");
    }

    #[test]
    fn text_without_a_string_format_is_no_record() {
        for text in [
            "",
            "[1,2]",
            "\"format\"",
            "{}",
            r#"{"format":1}"#,
            "{\"format\":",
        ] {
            assert!(
                matches!(format_of(text), Err(RecordRefused::NotARecord(_))),
                "{text}"
            );
        }
    }
}
