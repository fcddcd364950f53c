//! `tarock replay`: one JSON report line per record, for every game of the
//! registry alike (dispatched on the record's `format`,
//! `tarock_games::replay_line`).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// Exit status when some record could not be parsed (RECORD.md).
const EXIT_INVALID: u8 = 2;

/// Replays every record in `files` (`-` = JSON Lines on standard input).
pub fn run(files: &[String]) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut any_invalid = false;
    for file in files {
        let reports: Vec<(String, bool)> = if file == "-" {
            let mut reports = Vec::new();
            // Lines as bytes: a line that is not UTF-8 is an invalid record,
            // not the end of the input.
            for line in io::stdin().lock().split(b'\n') {
                match String::from_utf8(line?) {
                    Ok(line) if line.trim().is_empty() => {}
                    Ok(line) => reports.push(tarock_games::replay_line(&line)),
                    Err(_) => reports.push(invalid("the line is not UTF-8")),
                }
            }
            reports
        } else {
            match std::fs::read_to_string(file) {
                Ok(text) => reports_of_file(&text),
                Err(e) => vec![invalid(&format!("cannot read {file}: {e}"))],
            }
        };
        for (line, invalid) in reports {
            any_invalid |= invalid;
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(if any_invalid {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    })
}

/// A file holds one record (possibly pretty-printed) or JSON Lines.
fn reports_of_file(text: &str) -> Vec<(String, bool)> {
    let whole_is_one_value = serde_json::from_str::<serde_json::Value>(text).is_ok();
    // JSON Lines if some line on its own is a JSON object; no line of a
    // pretty-printed record is.
    let some_line_is_object = text.lines().any(|l| {
        matches!(
            serde_json::from_str::<serde_json::Value>(l),
            Ok(serde_json::Value::Object(_))
        )
    });
    if whole_is_one_value || !some_line_is_object {
        return vec![tarock_games::replay_line(text)];
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(tarock_games::replay_line)
        .collect()
}

/// The `invalid` line of input that is no record at all (a file that
/// cannot be read, a line that is not UTF-8), saying `error`: RECORD.md's
/// status and error, the fields every game's report starts with.
fn invalid(error: &str) -> (String, bool) {
    let error = serde_json::Value::from(error);
    (
        format!("{{\"status\":\"invalid\",\"error\":{error}}}"),
        true,
    )
}
