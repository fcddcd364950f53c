//! `tarock play` driven by a script on standard input, on a real SQLite file:
//! a deal played to its settlement, continued after quitting, and bad input
//! answered without changing anything.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn play(db: &str, input: &str, extra: &[&str]) -> String {
    let mut args = vec!["--seed", "5"];
    args.extend_from_slice(extra);
    run(db, input, &args).0
}

/// `tarock play` on `db` in English for Anna with `args`, fed `input`:
/// (standard output, standard error).
fn run(db: &str, input: &str, args: &[&str]) -> (String, String) {
    let mut child = Command::new(BIN)
        .args([
            "play",
            "--database",
            db,
            "--lang",
            "en",
            "--players",
            "Anna",
        ])
        .args(args)
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
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// The hand Anna is shown first.
fn first_hand(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("Your cards:"))
        .unwrap_or_else(|| panic!("no hand shown: {out}"))
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

#[test]
fn a_seed_repeats_the_game_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let script = format!("{}q\n", ones(12));
    let games: Vec<(String, String)> = ["a.db", "b.db"]
        .iter()
        .map(|name| {
            let db = dir.path().join(name).display().to_string();
            run(&db, &script, &["--seed", "77"])
        })
        .collect();
    assert!(games[0].0.contains("Your cards:"), "{}", games[0].0);
    assert_eq!(games[0].0, games[1].0);
    // Standard error says a fixed seed runs, without the seed.
    assert!(games[0].1.contains("fixed seed"), "{}", games[0].1);
    assert!(!games[0].1.contains("77"), "{}", games[0].1);
    // Another seed, another deal.
    let db = dir.path().join("c.db").display().to_string();
    let other = run(&db, &script, &["--seed", "78"]).0;
    assert_ne!(first_hand(&other), first_hand(&games[0].0));
}

#[test]
fn without_a_seed_every_game_is_dealt_from_fresh_entropy() {
    let dir = tempfile::tempdir().unwrap();
    let games: Vec<(String, String)> = ["a.db", "b.db"]
        .iter()
        .map(|name| {
            let db = dir.path().join(name).display().to_string();
            run(&db, "q\n", &[])
        })
        .collect();
    // Two games started the same way deal Anna different cards (the same
    // ten of forty twice by chance: about one in 850 million).
    assert_ne!(first_hand(&games[0].0), first_hand(&games[1].0));
    assert!(games[0].1.contains("OS entropy"), "{}", games[0].1);
}
