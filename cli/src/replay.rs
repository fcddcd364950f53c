//! `tarock replay`: one JSON report line per record, for Zwanzigerrufen,
//! Königrufen and 20 ab records alike (dispatched on the record's `format`).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use tarock_zwanzigerrufen::record::{ReplayReport, Status};

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
                    Ok(line) => reports.push(report_line(&line)),
                    Err(_) => reports.push(line_of(invalid("the line is not UTF-8".into()))),
                }
            }
            reports
        } else {
            match std::fs::read_to_string(file) {
                Ok(text) => reports_of_file(&text),
                Err(e) => vec![line_of(unreadable(file, &e))],
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

/// The report line of one record of either game, dispatching on its
/// `format`, and whether the record was invalid.
fn report_line(text: &str) -> (String, bool) {
    if crate::koenigrufen::is_record(text) {
        return crate::koenigrufen::replay_line(text);
    }
    if crate::zwanzig_ab::is_record(text) {
        return crate::zwanzig_ab::replay_line(text);
    }
    line_of(ReplayReport::from_json(text))
}

fn line_of(report: ReplayReport) -> (String, bool) {
    (report.to_json(), report.status == Status::Invalid)
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
        return vec![report_line(text)];
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(report_line)
        .collect()
}

fn unreadable(file: &str, e: &io::Error) -> ReplayReport {
    invalid(format!("cannot read {file}: {e}"))
}

/// An `invalid` report saying `error`.
fn invalid(error: String) -> ReplayReport {
    let mut report = ReplayReport::from_json("");
    report.error = Some(error);
    report
}
