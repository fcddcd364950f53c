//! `tarock replay`: one JSON report line per record. A record's `format`
//! chooses the game: `zwanzig-ab-record/…` is a 20 ab session (its SPEC
//! §9.2 report), everything else goes to Zwanzigerrufen as before.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use tarock_engine::record::{ReplayReport, Status};
use tarock_zwanzig_ab::record as zwanzig_ab;

/// Exit status when some record could not be parsed (RECORD.md).
const EXIT_INVALID: u8 = 2;

/// Replays every record in `files` (`-` = JSON Lines on standard input).
pub fn run(files: &[String]) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut any_invalid = false;
    for file in files {
        let reports = if file == "-" {
            let mut reports = Vec::new();
            // Lines as bytes: a line that is not UTF-8 is an invalid record,
            // not the end of the input.
            for line in io::stdin().lock().split(b'\n') {
                match String::from_utf8(line?) {
                    Ok(line) if line.trim().is_empty() => {}
                    Ok(line) => reports.push(report(&line)),
                    Err(_) => reports.push(invalid("the line is not UTF-8".into()).into()),
                }
            }
            reports
        } else {
            match std::fs::read_to_string(file) {
                Ok(text) => reports_of_file(&text),
                Err(e) => vec![unreadable(file, &e).into()],
            }
        };
        for report in reports {
            any_invalid |= report.invalid;
            writeln!(out, "{}", report.line)?;
        }
    }
    out.flush()?;
    Ok(if any_invalid {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    })
}

/// One output line and whether its record was invalid.
struct Line {
    line: String,
    invalid: bool,
}

impl From<ReplayReport> for Line {
    fn from(report: ReplayReport) -> Line {
        Line {
            invalid: report.status == Status::Invalid,
            line: report.to_json(),
        }
    }
}

/// Replays one record with the game its `format` names.
fn report(text: &str) -> Line {
    let is_zwanzig_ab = serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| {
        v.get("format")
            .and_then(|f| f.as_str())
            .is_some_and(|f| f.starts_with("zwanzig-ab-record/"))
    });
    if !is_zwanzig_ab {
        return ReplayReport::from_json(text).into();
    }
    let report = zwanzig_ab::ReplayReport::from_json(text);
    Line {
        invalid: report.status == zwanzig_ab::Status::Invalid,
        line: report.to_json(),
    }
}

/// A file holds one record (possibly pretty-printed) or JSON Lines.
fn reports_of_file(text: &str) -> Vec<Line> {
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
        return vec![report(text)];
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(report)
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
