//! Every command that prints, piped into a reader that has gone away
//! (`tarock simulate | head -1`, `tarock play | head`): the command ends
//! quietly with success, without a panic message, like `tarock db export |
//! head`.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// Runs `tarock args` with standard output a pipe whose reading end is
/// already closed, so that its first line meets a broken pipe.
fn run_into_closed_pipe(args: &[&str]) {
    run_into_closed_pipe_with(args, b"");
}

/// [`run_into_closed_pipe`] with `input` on standard input.
fn run_into_closed_pipe_with(args: &[&str], input: &[u8]) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("TAROCK_DATABASE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .spawn()
        .expect("tarock runs");
    // It may stop before reading all of it.
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().expect("tarock ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    // `tarock play` says on standard error which randomness runs; nothing
    // else may be there.
    let stderr: String = stderr
        .lines()
        .filter(|l| !l.starts_with("tarock play: a fixed seed"))
        .collect();
    assert!(
        out.status.success(),
        "tarock {args:?}: {:?}, stderr: {stderr}",
        out.status
    );
    assert_eq!(stderr, "", "tarock {args:?} printed to stderr");
}

#[test]
fn simulate_of_every_game_ends_quietly_when_the_reader_is_gone() {
    for game in ["zwanzigerrufen", "koenigrufen", "zwanzig-ab"] {
        run_into_closed_pipe(&["simulate", "--game", game, "--games", "20", "--seed", "1"]);
    }
}

#[test]
fn arena_of_every_game_ends_quietly_when_the_reader_is_gone() {
    for game in ["zwanzigerrufen", "koenigrufen", "zwanzig-ab"] {
        run_into_closed_pipe(&[
            "arena",
            "--game",
            game,
            "--players",
            "easy,easy",
            "--deals",
            "2",
            "--seed",
            "1",
        ]);
    }
}

#[test]
fn play_of_every_game_ends_quietly_when_the_reader_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let input = "1\n".repeat(60);
    for game in ["zwanzigerrufen", "koenigrufen", "20ab"] {
        let db = dir.path().join(format!("{game}.db"));
        run_into_closed_pipe_with(
            &[
                "play",
                "--database",
                db.to_str().unwrap(),
                "--seed",
                "1",
                "--game",
                game,
            ],
            input.as_bytes(),
        );
        // And again, continuing the table it left.
        run_into_closed_pipe_with(
            &["play", "--database", db.to_str().unwrap(), "--seed", "1"],
            input.as_bytes(),
        );
    }
}

#[test]
fn render_replay_and_db_end_quietly_when_the_reader_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("hand.png");
    run_into_closed_pipe(&["render", "hand", "T22", "hK", "-o", png.to_str().unwrap()]);
    // A line that is no record still gets its report line.
    run_into_closed_pipe_with(&["replay", "-"], b"{}\n");
    let db = dir.path().join("t.db");
    run_into_closed_pipe_with(
        &["play", "--database", db.to_str().unwrap(), "--seed", "1"],
        b"1\n",
    );
    run_into_closed_pipe(&["db", "status", "--database", db.to_str().unwrap()]);
}

#[test]
fn a_reader_that_stays_still_gets_the_whole_report() {
    // The same commands into an open pipe: the quiet ending above is not
    // an empty report.
    let out = Command::new(BIN)
        .args([
            "simulate",
            "--game",
            "koenigrufen",
            "--games",
            "20",
            "--seed",
            "1",
        ])
        .output()
        .expect("tarock runs");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["games"], 20);
}
