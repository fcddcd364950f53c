//! `tarock verify` over a deal of a real table: `tarock play` (the table
//! service, OS entropy) deals and plays it on a SQLite file; the
//! commitment shown before the hand, the seed and salt its settlement
//! revealed, `tarock db export` and `tarock db proof` are what the checks
//! start from. Tampered values fail with exit status 1, unreadable input
//! with 2; a deal still being played has nothing revealed. The README's
//! shell recipe hashes its own example to the commitment it prints.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn tarock(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("TAROCK_DATABASE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that stops early (a bad flag) may not read its input.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The exit status and standard output of `tarock verify ARGS`.
fn verify(args: &[&str], stdin: &str) -> (i32, String) {
    let mut all = vec!["verify"];
    all.extend_from_slice(args);
    let out = tarock(&all, stdin);
    (out.status.code().unwrap(), stdout(&out))
}

/// The 64 characters after the first `label` in `text`.
fn hex_after(text: &str, label: &str) -> String {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in {text}"));
    text[at + label.len()..].chars().take(64).collect()
}

/// `hex` with its digit at `i` changed.
fn flip(hex: &str, i: usize) -> String {
    let mut chars: Vec<char> = hex.chars().collect();
    chars[i] = if chars[i] == '0' { '1' } else { '0' };
    chars.into_iter().collect()
}

#[test]
fn a_deal_played_at_a_real_table_verifies_and_tampering_fails() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").display().to_string();
    // Choice 1 is always legal: Anna plays the deal to its end.
    let input = format!("{}q\n", "1\n".repeat(40));
    let played = tarock(
        &[
            "play",
            "--database",
            &db,
            "--lang",
            "en",
            "--players",
            "Anna",
        ],
        &input,
    );
    assert!(played.status.success());
    let screen = stdout(&played);
    assert!(screen.contains("Settlement, table 1, deal 1"), "{screen}");

    // The commitment was on screen before Anna saw a card.
    let label = "fixed before the cards were dealt: ";
    let committed = hex_after(&screen, label);
    assert!(screen.find(label).unwrap() < screen.find("Your cards:").unwrap());
    // The settlement repeats it and reveals seed and salt.
    let settlement = &screen[screen.find("Settlement, table 1, deal 1").unwrap()..];
    assert_eq!(hex_after(settlement, "Commitment: "), committed);
    let seed = hex_after(settlement, "Seed: ");
    let salt = hex_after(settlement, "Salt: ");
    assert!(!screen[..screen.find("Settlement, table").unwrap()].contains(&seed));

    // The hands as the store exports the deal's record.
    let export = tarock(&["db", "export", "--database", &db, "--table", "1"], "");
    assert!(export.status.success());
    let record: serde_json::Value = serde_json::from_str(stdout(&export).trim()).unwrap();
    let hands: Vec<String> = record["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(hands.len(), 4);

    // From what the screen showed: verified, and the seed deals the
    // exported hands (each printed, in the record's card order).
    let flags = ["--commitment", &committed, "--seed", &seed, "--salt", &salt];
    let (code, text) = verify(&flags, "");
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("VERIFIED") && !text.contains("NOT VERIFIED"),
        "{text}"
    );
    for (i, hand) in hands.iter().enumerate() {
        let mut sorted: Vec<&str> = hand.split(' ').collect();
        let shown = hex_line(&text, &format!("  seat {}: ", i + 1));
        let mut shown_cards: Vec<&str> = shown.split(' ').collect();
        sorted.sort_unstable();
        shown_cards.sort_unstable();
        assert_eq!(shown_cards, sorted, "seat {}", i + 1);
    }
    let mut with_hands: Vec<&str> = flags.to_vec();
    for hand in &hands {
        with_hands.extend(["--hand", hand.as_str()]);
    }
    let (code, text) = verify(&with_hands, "");
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("the hands as played are the ones the seed deals"));

    // Any digit of seed, salt or commitment changed: not verified.
    for (i, which) in [(0, "seed"), (63, "salt"), (31, "commitment")] {
        let mut args = flags.map(str::to_owned);
        let at = args
            .iter()
            .position(|a| *a == format!("--{which}"))
            .unwrap()
            + 1;
        args[at] = flip(&args[at], i);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, text) = verify(&args, "");
        assert_eq!(code, 1, "{which}: {text}");
        assert!(text.contains("NOT VERIFIED"), "{which}: {text}");
    }
    // Two cards swapped between seats 1 and 2 of the played hands.
    let mut swapped = hands.clone();
    let mut one: Vec<String> = swapped[0].split(' ').map(str::to_owned).collect();
    let mut two: Vec<String> = swapped[1].split(' ').map(str::to_owned).collect();
    std::mem::swap(&mut one[9], &mut two[9]);
    swapped[0] = one.join(" ");
    swapped[1] = two.join(" ");
    let mut args: Vec<&str> = flags.to_vec();
    for hand in &swapped {
        args.extend(["--hand", hand.as_str()]);
    }
    let (code, text) = verify(&args, "");
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("NOT VERIFIED: pile 1"), "{text}");

    // The store's proof of the deal: the same values, verified from stdin.
    let proof = tarock(&["db", "proof", "--database", &db, "--table", "1"], "");
    assert!(proof.status.success());
    let line = stdout(&proof);
    let json: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(json["commitment"], committed.as_str());
    assert_eq!(json["seed"], seed.as_str());
    assert_eq!(json["salt"], salt.as_str());
    assert_eq!(json["status"], "finished");
    let (code, text) = verify(&["-"], &line);
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with("table 1, deal 1: VERIFIED"), "{text}");
    let tampered = line.replace(&hands[2], &swapped[0]);
    assert_ne!(tampered, line);
    let (code, text) = verify(&["-"], &tampered);
    assert_eq!(code, 1, "{text}");

    // The next deal, dealt and not yet played: its proof reveals nothing.
    assert!(
        tarock(&["play", "--database", &db, "--lang", "en"], "n\nq\n")
            .status
            .success()
    );
    let proof = tarock(&["db", "proof", "--database", &db, "--table", "1"], "");
    let lines = stdout(&proof);
    // The deal dealt now is the newest; a thrown-in deal (about one in
    // twenty under real entropy) may stand between as "redeal".
    let all: Vec<serde_json::Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        all[1..all.len() - 1]
            .iter()
            .all(|d| d["status"] == "redeal"),
        "{lines}"
    );
    let second = all.last().unwrap();
    assert_eq!(second["status"], "active");
    assert!(second["commitment"].is_string());
    assert!(second["seed"].is_null() && second["salt"].is_null());
    let (code, text) = verify(&["-"], &lines);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("table 1, deal 2: NOT VERIFIED: seed and salt are not revealed yet"));

    // Input that is no proof, or no hexadecimal number: exit status 2.
    let (code, text) = verify(&["-"], "hello\n");
    assert_eq!(code, 2, "{text}");
    let (code, text) = verify(
        &["--commitment", "xyz", "--seed", &seed, "--salt", &salt],
        "",
    );
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("not 64 hexadecimal digits"), "{text}");
    // Flags and files do not mix; a seed needs its commitment.
    assert_eq!(
        tarock(&["verify", "-", "--seed", &seed], "").status.code(),
        Some(2)
    );
    assert!(!tarock(&["verify"], "").status.success());
}

/// The rest of the line after `label`.
fn hex_line(text: &str, label: &str) -> String {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in {text}"));
    text[at + label.len()..].lines().next().unwrap().to_owned()
}

/// docs/FAIR.md's recipe, run by `sh` as written: its printf and sha256sum
/// print the commitment the page says, and `tarock verify` agrees that
/// the example's seed deals exactly those hands.
#[test]
fn the_readme_recipe_hashes_its_example_to_its_commitment() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/FAIR.md")).unwrap();
    let section = &page[page.find("# Fair deals").unwrap()..];
    let start = section.find("```sh\nSEED=").unwrap() + "```sh\n".len();
    let script = &section[start..start + section[start..].find("```").unwrap()];
    let expected = script
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap()
        .to_owned();
    let out = Command::new("sh").args(["-c", script]).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        expected.trim()
    );

    let value = |name: &str| hex_line(script, &format!("{name}="));
    let commitment = expected.split_whitespace().next().unwrap();
    let mut args = vec![
        "--commitment".to_owned(),
        commitment.to_owned(),
        "--seed".to_owned(),
        value("SEED"),
        "--salt".to_owned(),
        value("SALT"),
    ];
    for line in script.lines().filter(|l| l.trim_start().starts_with("\"T")) {
        args.push("--hand".to_owned());
        args.push(line.trim().split('"').nth(1).unwrap().to_owned());
    }
    assert_eq!(args.len(), 14, "{script}");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, text) = verify(&args, "");
    assert_eq!(code, 0, "{text}");
}
