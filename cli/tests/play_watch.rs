//! `tarock play` when the person sits a deal out (the dealer at a five-seat
//! Königrufen table): the computers play the whole deal within one
//! command, and the terminal shows it as an onlooker sees it, a step at a
//! time with Enter in between: the auction, then each of the twelve tricks
//! as it is completed, then the settlement; never anybody's hand.

use std::collections::HashSet;
use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// The prompt between two steps of a deal watched.
const NEXT: &str = "You sit this deal out and watch. Enter = go on>";

/// `tarock play` for Anna alone at a new five-seat Königrufen table (seed
/// 1, English), fed `input`; its standard output.
fn play(db: &str, input: &str) -> String {
    let mut child = Command::new(BIN)
        .args(["play", "--database", db, "--seed", "1", "--lang", "en"])
        .args(["--players", "Anna", "--game", "koenigrufen", "--seats", "5"])
        .env_remove("TAROCK_DATABASE")
        .env_remove("COLUMNS")
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

/// The cards of a "Last trick:" line: `Last trick: A ♥A, B ♥J, … → B`.
fn trick_cards(line: &str) -> Vec<String> {
    let plays = line
        .strip_prefix("Last trick: ")
        .and_then(|rest| rest.split(" → ").next())
        .unwrap_or_else(|| panic!("not a trick line: {line}"));
    plays
        .split(", ")
        .map(|play| play.rsplit(' ').next().unwrap().to_owned())
        .collect()
}

#[test]
fn the_dealer_who_sits_out_watches_the_auction_and_every_trick() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // Deal 1 (Anna plays; choice 1 is always legal, and an extra "1" after
    // the deal is only refused), then deal 2, which Anna deals: an Enter
    // for each step, more than enough of them.
    let input = format!("{}n\n{}q\n", "1\n".repeat(40), "\n".repeat(60));
    let out = play(db.to_str().unwrap(), &input);
    let start = out
        .find("Königrufen, deal 2:")
        .unwrap_or_else(|| panic!("deal 2 never started: {out}"));
    let end = out[start..]
        .find("💰 Settlement table 1, Königrufen, deal 2")
        .map(|i| start + i)
        .unwrap_or_else(|| panic!("deal 2 never settled: {out}"));
    let deal = &out[start..end];
    assert!(
        deal.contains("Anna deals and sits this deal out."),
        "{deal}"
    );
    // Nobody's cards are on the screen while Anna watches.
    assert!(!deal.contains("Your cards:"), "{deal}");
    // A screen per step: the auction first, the bids of all four players
    // who play (the dealer has none) before the first card.
    let screens: Vec<&str> = deal.split(NEXT).collect();
    let before_play = deal.split("Last trick:").next().unwrap();
    assert!(
        before_play.lines().any(|l| l.starts_with("Bidding: ")),
        "{before_play}"
    );
    for seat in 2..=5 {
        let name = format!("Computer {seat} (medium)");
        assert!(
            before_play
                .lines()
                .any(|l| l.starts_with(&name) && !l.contains(" plays ")),
            "no word of {name} in the auction: {before_play}"
        );
    }
    assert!(
        before_play
            .lines()
            .filter(|l| l.starts_with("Anna"))
            .all(|l| l == "Anna deals and sits this deal out."),
        "{before_play}"
    );
    // Each of the twelve tricks is shown when it is complete, on a screen
    // of its own: four cards, none of them Anna's, and no card twice.
    let mut tricks: Vec<&str> = Vec::new();
    for screen in &screens {
        let shown: Vec<&str> = screen
            .lines()
            .filter(|l| l.starts_with("Last trick: "))
            .collect();
        assert!(shown.len() <= 1, "{screen}");
        if let Some(line) = shown.first()
            && tricks.last() != Some(line)
        {
            tricks.push(line);
        }
    }
    assert_eq!(tricks.len(), 12, "{deal}");
    let mut cards = HashSet::new();
    for trick in &tricks {
        assert!(!trick.contains("Anna"), "{trick}");
        let played = trick_cards(trick);
        assert_eq!(played.len(), 4, "{trick}");
        cards.extend(played);
    }
    assert_eq!(cards.len(), 48, "{tricks:?}");
    // The settlement follows the last trick without another Enter.
    assert!(!screens.last().unwrap().contains("Enter"));
    assert!(out[end..].contains("Deal over."));
}

#[test]
fn coming_back_after_watching_does_not_show_the_deal_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let db = db.to_str().unwrap();
    let input = format!("{}n\n{}q\n", "1\n".repeat(40), "\n".repeat(60));
    let first = play(db, &input);
    assert!(first.contains(NEXT), "{first}");
    assert!(first.contains("💰 Settlement table 1, Königrufen, deal 2"));
    // Back at the table after deal 2: its last view, once, and the prompt
    // between deals; the deal is not watched a second time.
    let again = play(db, "q\n");
    assert!(again.contains("Back at table 1"), "{again}");
    assert!(!again.contains(NEXT), "{again}");
    assert_eq!(again.matches("Last trick: ").count(), 1, "{again}");
    assert!(again.contains("Deal over."), "{again}");
}
