//! `tarock simulate` and `tarock arena` piped into a reader that has gone
//! away (`tarock simulate | head -1`): the command ends quietly with success,
//! without a panic message, like `tarock db export | head`.

use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// Runs `tarock args` with standard output a pipe whose reading end is
/// already closed, so that its first line meets a broken pipe.
fn run_into_closed_pipe(args: &[&str]) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(BIN)
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("tarock runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
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
