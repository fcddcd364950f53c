//! The words of `tarock play` in a terminal: a 20 ab session played to its
//! end (seed 1, three seats, Anna always naming the first trump, staying
//! and playing her first card) says "Spiel"/"deal" for a deal, prints
//! negative scores with a real minus, counts "1 point" and "drops left"
//! right, never asks to "tap" anything; the deal's commitment stands on
//! its first screen only; long lines break between words at the terminal's
//! width; the hot seat clears the scrollback too.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// The session in `lang`, Anna staying with `stay`; its output.
fn session(lang: &str, stay: &str, env: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let mut child = Command::new(BIN)
        .args(["play", "--database", db.to_str().unwrap(), "--seed", "1"])
        .args(["--lang", lang, "--game", "20ab", "--seats", "3"])
        .args(["--players", "Anna"])
        .env_remove("TAROCK_DATABASE")
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("1\n{stay}\n").repeat(300);
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("20 ab, session 1") || text.contains("20 ab, Partie 1"));
    text
}

#[test]
fn a_20_ab_session_in_english() {
    let text = session("en", "stay", &[]);
    // Computer 3 goes out in deal 10, below zero.
    assert!(
        text.contains("Computer 3 (medium): −4 points, 2 drops left"),
        "{text}"
    );
    assert!(text.contains("Computer 3 (medium): −5 → −4"), "{text}");
    assert!(
        text.contains("Computer 3 (medium): 1 point, 2 drops left"),
        "{text}"
    );
    assert!(!text.contains(": 1 points"), "{text}");
    assert!(!text.contains(" -4"), "{text}");
    assert!(
        text.contains(
            "Stay, exchange up to 3 cards (choose the cards, then \"Exchange\") or drop out."
        ),
        "{text}"
    );
    assert!(!text.to_lowercase().contains("tap "), "{text}");
    // One session, one commitment: on the first screen only.
    let commitments = text
        .lines()
        .filter(|l| l.starts_with("🔒 Fair deal: this deal's commitment (SHA-256)"))
        .count();
    assert_eq!(commitments, 1, "{text}");
    // The settlement still shows it beside the revealed seed.
    assert!(text.contains("\nCommitment: "), "{text}");
}

#[test]
fn a_20_ab_session_in_german_says_spiel_for_a_deal() {
    let text = session("de", "bleiben", &[]);
    assert!(
        text.contains("Spiel 1 · Geber: Computer 3 (mittel) · Ansager: Anna"),
        "{text}"
    );
    assert!(text.contains("Spiel 10 ist aus:"), "{text}");
    assert!(!text.contains("Runde"), "{text}");
    assert!(
        text.contains("Computer 3 (mittel): −4 Punkte, noch 2× aussteigen"),
        "{text}"
    );
    assert!(
        text.contains("Computer 3 (mittel): 1 Punkt, noch 2× aussteigen"),
        "{text}"
    );
    assert!(text.contains("(Karten wählen, dann „Tauschen“)"), "{text}");
}

#[test]
fn long_lines_break_between_words_at_the_terminals_width() {
    let narrow = session("en", "stay", &[("COLUMNS", "70")]);
    let wide = session("en", "stay", &[]);
    assert!(wide.lines().any(|l| l.chars().count() > 70));
    for line in narrow.lines() {
        assert!(line.chars().count() <= 70, "{line}");
    }
    // Nothing is cut inside a word: the same words in the same order.
    let words = |t: &str| -> Vec<String> { t.split_whitespace().map(str::to_owned).collect() };
    assert_eq!(words(&narrow), words(&wide));
    assert!(
        narrow.contains(
            "Stay, exchange up to 3 cards (choose the cards, then \"Exchange\") or\n  drop out."
        ),
        "{narrow}"
    );
}

#[test]
fn the_hot_seat_clears_the_scrollback_too() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // At a terminal (`script` gives it one), with colours: two people.
    let mut child = Command::new("script")
        .args([
            "-qec",
            &format!(
                "{BIN} play --database {} --seed 5 --lang en --players Anna,Bert",
                db.display()
            ),
            "/dev/null",
        ])
        .env_remove("TAROCK_DATABASE")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    child.stdin.take().unwrap().write_all(b"\nq\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("hand the keyboard to"), "{text}");
    // Screen and scrollback, before the pass and after it.
    assert!(text.matches("\x1b[2J\x1b[3J").count() >= 2, "{text:?}");
}
