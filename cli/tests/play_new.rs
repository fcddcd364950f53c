//! `tarock play --new` while a table is still open: the open table (here a
//! 20 ab session) is never closed without a yes. At a terminal the question
//! is asked; with the input a pipe nothing changes unless --yes says so,
//! and the message says how to go on either way.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// `tarock play --database db args` with `input` piped in, no colours.
fn piped(db: &str, input: &str, args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .args(["play", "--database", db, "--seed", "3"])
        .args(args)
        .env_remove("TAROCK_DATABASE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A database with table 1 open: a 20 ab session in English, a move or
/// two into its first deal.
fn open_session(dir: &tempfile::TempDir) -> String {
    let db = dir.path().join("t.db").to_str().unwrap().to_owned();
    let out = piped(&db, "1\n1\nq\n", &["--game", "20ab", "--lang", "en"]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("Table 1 · 20 ab · session 1"),
        "{}",
        stdout(&out)
    );
    db
}

/// `tarock play` on `db` continues table 1.
fn assert_table_1_open(db: &str) {
    let out = piped(db, "q\n", &[]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("Back at table 1"), "{text}");
    assert!(!text.contains("Table 2"), "{text}");
}

#[test]
fn piped_input_without_yes_closes_nothing_and_says_how_to_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = open_session(&dir);
    // The script's first line is a move, not an answer: it is not read.
    let out = piped(&db, "y\n1\nq\n", &["--new"]);
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&out);
    assert_eq!(
        text.trim_end(),
        "Table 1 is still open, at deal 1, and --new would close it for good: \
         nothing has changed. To close it and open a new table: tarock play --new --yes. \
         Back to it: tarock play"
    );
    assert_table_1_open(&db);

    // In German when asked for in German.
    let out = piped(&db, "", &["--new", "--lang", "de"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout(&out).starts_with("Tisch 1 ist noch offen, beim 1. Spiel, und --new würde"),
        "{}",
        stdout(&out)
    );
    assert_table_1_open(&db);
}

#[test]
fn yes_closes_the_open_table_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = open_session(&dir);
    let out = piped(&db, "q\n", &["--new", "--yes"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.starts_with("Table 1 is closed (it stopped at deal 1).\n"),
        "{text}"
    );
    assert!(text.contains("Tisch 2 · Spiel 1"), "{text}");
    // --yes alone is no flag of its own.
    let out = piped(&db, "q\n", &["--yes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--new"));
}

/// `tarock play --database db args` at a terminal (`script` gives it one),
/// the keys `typed`; its output with the terminal's line ends.
fn at_terminal(db: &str, typed: &str, args: &str) -> String {
    let mut child = Command::new("script")
        .args([
            "-qec",
            &format!("{BIN} play --database {db} --seed 3 {args}"),
            "/dev/null",
        ])
        .env_remove("TAROCK_DATABASE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap().replace("\r\n", "\n")
}

#[test]
fn at_a_terminal_the_question_is_asked_and_only_yes_closes() {
    let dir = tempfile::tempdir().unwrap();
    let db = open_session(&dir);
    let text = at_terminal(&db, "n\n", "--new");
    assert!(
        text.contains(
            "Table 1 is still open, at deal 1. Close it for good and open a new table? (y/N) "
        ),
        "{text}"
    );
    assert!(
        text.contains("Table 1 stays open; tarock play (without --new) takes you back to it."),
        "{text}"
    );
    assert_table_1_open(&db);

    let text = at_terminal(&db, "y\nq\n", "--new --lang en");
    assert!(text.contains("(y/N) "), "{text}");
    assert!(
        text.contains("Table 1 is closed (it stopped at deal 1).\n"),
        "{text}"
    );
    assert!(text.contains("Table 2 · deal 1"), "{text}");
}
