//! `tarock replay`: one JSON report line per record.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use tarock_engine::record::{ReplayReport, Status};

/// Exit status when some record could not be parsed (RECORD.md).
const EXIT_INVALID: u8 = 2;

/// Replays every record in `files` (`-` = JSON Lines on standard input).
pub fn run(files: &[String]) -> anyhow::Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut any_invalid = false;
    for file in files {
        let reports = if file == "-" {
            let mut reports = Vec::new();
            for line in io::stdin().lock().lines() {
                let line = line?;
                if !line.trim().is_empty() {
                    reports.push(ReplayReport::from_json(&line));
                }
            }
            reports
        } else {
            match std::fs::read_to_string(file) {
                Ok(text) => reports_of_file(&text),
                Err(e) => vec![unreadable(file, &e)],
            }
        };
        for report in reports {
            any_invalid |= report.status == Status::Invalid;
            writeln!(out, "{}", report.to_json())?;
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
fn reports_of_file(text: &str) -> Vec<ReplayReport> {
    let whole_is_one_value = serde_json::from_str::<serde_json::Value>(text).is_ok();
    let first_line_is_value = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| serde_json::from_str::<serde_json::Value>(l).is_ok());
    if whole_is_one_value || !first_line_is_value {
        return vec![ReplayReport::from_json(text)];
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(ReplayReport::from_json)
        .collect()
}

fn unreadable(file: &str, e: &io::Error) -> ReplayReport {
    let mut report = ReplayReport::from_json("");
    report.error = Some(format!("cannot read {file}: {e}"));
    report
}
