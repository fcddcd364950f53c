//! `tarock --help` and `tarock play --help` present the family of three
//! games (Zwanzigerrufen, Königrufen, 20 ab), with each game's seats and
//! rule presets, not Zwanzigerrufen alone.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn help(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().expect("tarock runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_tool_presents_the_three_games() {
    let text = help(&["--help"]);
    assert!(
        text.starts_with(
            "The Austrian tarock family in the terminal: Zwanzigerrufen, Königrufen and 20 ab\n"
        ),
        "{text}"
    );
    let play = text
        .lines()
        .find(|l| l.trim_start().starts_with("play "))
        .unwrap_or_else(|| panic!("no play command: {text}"));
    assert!(
        play.contains("Play Zwanzigerrufen, Königrufen or 20 ab at a table in the terminal"),
        "{play}"
    );
    assert!(!text.contains("Zwanzigerrufen (Austrian tarock)"), "{text}");
}

#[test]
fn play_help_gives_each_game_its_seats_and_presets() {
    let text = help(&["play", "--help"]);
    assert!(
        text.starts_with("Play Zwanzigerrufen, Königrufen or 20 ab at a table"),
        "{text}"
    );
    // Joined to one line: clap wraps at the terminal's width.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        "The game of a new table: zwanzigerrufen (default), koenigrufen or zwanzig-ab",
        "Seats of a new table: Zwanzigerrufen 4, Königrufen 4 or 5, 20 ab 3 to 5 (default 4)",
        "(Zwanzigerrufen: standard, directnet, tarockwelt, wikipedia; \
         Königrufen: standard, cup2019; 20 ab: standard)",
    ] {
        assert!(flat.contains(expected), "{expected}: {text}");
    }
}
