//! `tarock play` driven by a script on standard input, on a real SQLite file:
//! a deal played to its settlement, continued after quitting, and bad input
//! answered without changing anything.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn play(db: &str, input: &str, extra: &[&str]) -> String {
    let mut child = Command::new(BIN)
        .args([
            "play",
            "--database",
            db,
            "--seed",
            "5",
            "--lang",
            "en",
            "--players",
            "Anna",
        ])
        .args(extra)
        .env_remove("TAROCK_DATABASE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Always pressing choice 1 is legal: the choices listed are the legal ones.
fn ones(n: usize) -> String {
    "1\n".repeat(n)
}

#[test]
fn a_deal_is_played_to_its_settlement_and_continued_after_quitting() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").display().to_string();

    // A few moves, then quit in the middle of the deal.
    let first = play(&db, &format!("{}q\n", ones(3)), &[]);
    assert!(first.contains("Table 1 · deal 1"), "{first}");
    assert!(first.contains("Your cards:"), "{first}");
    assert!(!first.contains("Settlement"), "{first}");

    // Starting again continues the same table and deal, and finishes it.
    let second = play(&db, &format!("{}balance\nq\n", ones(40)), &[]);
    assert!(second.contains("Continuing at table 1"), "{second}");
    // The table as it stood is shown again before the first prompt.
    let before_prompt = second.split("Anna> ").next().unwrap();
    assert!(
        before_prompt.contains("Table 1 · deal 1"),
        "{before_prompt}"
    );
    assert!(
        !second.contains("deal 2"),
        "no new deal without asking: {second}"
    );
    assert!(second.contains("Settlement, table 1, deal 1"), "{second}");
    assert!(second.contains("Deal over."), "{second}");
    // The balances line of the settlement names Anna with a signed number of points.
    let anna = second
        .lines()
        .find(|l| l.starts_with("Anna: ") && l.contains("points"))
        .unwrap_or_else(|| panic!("no balance line for Anna: {second}"));
    assert!(anna.contains('€'), "{anna}");

    // "n" deals the next hand.
    let third = play(&db, "n\nq\n", &[]);
    assert!(third.contains("Table 1 · deal 2"), "{third}");

    // --new closes the table and opens another.
    let fourth = play(&db, "q\n", &["--new"]);
    assert!(fourth.contains("Table 2 · deal 1"), "{fourth}");
}

#[test]
fn bad_input_gets_an_answer_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").display().to_string();
    let out = play(&db, "99\nhokuspokus\nT99x\nn\nq\n", &[]);
    assert!(out.contains("There is no such number."), "{out}");
    assert!(
        out.contains("I do not understand that announcement"),
        "{out}"
    );
    // "n" during a deal: only between deals.
    assert!(
        out.contains("That is only possible between deals."),
        "{out}"
    );
    // Still the first deal, nobody has moved: the private view offers the same choices.
    let views: Vec<&str> = out.lines().filter(|l| l.starts_with(" [1]")).collect();
    assert!(views.len() >= 4, "{out}");
    assert!(views.windows(2).all(|w| w[0] == w[1]), "{views:?}");
}
