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
        let shown = hex_line(&text, &format!("  pile {}: ", i + 1));
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
    // The deal still being played is pending, not a failure: the finished
    // one verifies, so the whole check passes.
    let (code, text) = verify(&["-"], &lines);
    assert_eq!(code, 0, "{text}");
    assert!(text.starts_with("table 1, deal 1: VERIFIED"), "{text}");
    assert!(
        text.contains("table 1, deal 2: PENDING: still being played"),
        "{text}"
    );
    assert!(!text.contains("NOT VERIFIED"), "{text}");
    // A finished deal that fails still fails beside the pending one.
    let (code, text) = verify(&["-"], &lines.replace(&hands[2], &swapped[0]));
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("table 1, deal 1: NOT VERIFIED"), "{text}");
    assert!(text.contains("table 1, deal 2: PENDING"), "{text}");

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

/// `tarock play` with a fixed seed plays one deal (a whole 20 ab session)
/// of `game` to its settlement in `lang` and returns the screen. The
/// script tries the choices from 9 down to 1 at every prompt, so one of
/// them is always taken (the highest legal one).
fn play_one_deal(db: &str, lang: &str, game: &str, seats: &str) -> String {
    let mut input = "9\n8\n7\n6\n5\n4\n3\n2\n1\n".repeat(300);
    input.push_str("q\n");
    let out = tarock(
        &[
            "play",
            "--database",
            db,
            "--lang",
            lang,
            "--game",
            game,
            "--seats",
            seats,
            "--players",
            "Anna",
            "--seed",
            "11",
        ],
        &input,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

/// A command line split as `sh` splits it: words at spaces, single quotes
/// keeping what they enclose as it is.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => (word.push(c), any = true).0,
        }
    }
    assert!(!quoted, "unclosed quote in {line}");
    if any {
        words.push(word);
    }
    words
}

/// Issue 30: the hint under every game's settlement is a complete
/// `tarock verify` command that, pasted as printed, verifies the honest
/// deal; with any value changed it does not.
#[test]
fn the_settlement_hint_verifies_every_game_as_printed() {
    let dir = tempfile::tempdir().unwrap();
    // (game, seats, language, the label the hint follows in that language)
    let english = "Check it (README: \"Fair deals\"): ";
    let german = "Nachprüfen (README: „Faires Geben“): ";
    let cases = [
        ("koenigrufen", "4", "de", german),
        ("koenigrufen", "4", "en", english),
        ("koenigrufen", "5", "en", english),
        ("20ab", "3", "de", german),
        ("20ab", "4", "en", english),
        ("zwanzigerrufen", "4", "en", english),
        ("zwanzigerrufen", "4", "de", german),
    ];
    for (i, (game, seats, lang, label)) in cases.into_iter().enumerate() {
        let db = dir.path().join(format!("{i}.db")).display().to_string();
        let screen = play_one_deal(&db, lang, game, seats);
        let case = format!("{game}, {seats} seats, {lang}");
        let hint = hex_line(&screen, label);
        let words = shell_words(&hint);
        assert_eq!(words[..2], ["tarock", "verify"], "{case}: {hint}");
        let args: Vec<&str> = words[2..].iter().map(String::as_str).collect();
        // The values are the ones the settlement shows above the hint.
        let before = &screen[..screen.find(label).unwrap()];
        let settlement = &screen[before.rfind('🔓').unwrap()..];
        // The reveal counts what the table counts: 20 ab's sessions.
        let unit = match (game, lang) {
            ("20ab", "de") => "🔓 Faires Geben, Partie 1:",
            ("20ab", _) => "🔓 Fair deal, session 1:",
            (_, "de") => "🔓 Faires Geben, Spiel 1:",
            _ => "🔓 Fair deal, deal 1:",
        };
        assert!(settlement.starts_with(unit), "{case}: {settlement}");
        for (flag, shown) in [
            ("--seed", "Seed: "),
            (
                "--commitment",
                if lang == "de" {
                    "Prüfwert: "
                } else {
                    "Commitment: "
                },
            ),
        ] {
            let at = args.iter().position(|a| *a == flag).unwrap();
            assert_eq!(args[at + 1], hex_after(settlement, shown), "{case}");
        }
        let (code, text) = verify(&args, "");
        assert_eq!(code, 0, "{case}: {hint}\n{text}");
        assert!(
            text.starts_with("the deal: VERIFIED") && !text.contains("NOT VERIFIED"),
            "{case}: {text}"
        );
        // Any of the values changed: not verified.
        let mut tampered: Vec<(String, Vec<String>)> = ["--seed", "--salt", "--commitment"]
            .into_iter()
            .map(|flag| {
                let mut changed: Vec<String> = words[2..].to_vec();
                let at = changed.iter().position(|a| a == flag).unwrap() + 1;
                changed[at] = flip(&changed[at], 7);
                (flag.to_owned(), changed)
            })
            .collect();
        if let Some(at) = words.iter().position(|a| a == "--first") {
            // The round dealt from another first seat is another round.
            let mut changed: Vec<String> = words[2..].to_vec();
            changed[at - 1] = if words[at + 1] == "1" { "2" } else { "1" }.to_owned();
            tampered.push(("--first".to_owned(), changed));
        }
        for (flag, changed) in tampered {
            let args: Vec<&str> = changed.iter().map(String::as_str).collect();
            let (code, text) = verify(&args, "");
            assert_eq!(code, 1, "{case}, {flag}: {text}");
            assert!(text.contains("NOT VERIFIED"), "{case}, {flag}: {text}");
        }
    }
}

/// A round of another game needs its rules, seats and first seat; wrong
/// ones are input errors (exit status 2), not a failed check.
#[test]
fn a_round_without_its_setup_cannot_be_checked() {
    let hex = "ab".repeat(32);
    let base = ["--commitment", &hex, "--seed", &hex, "--salt", &hex];
    for (extra, says) in [
        (
            vec!["--game", "koenigrufen"],
            "needs --rules, --seats and --first",
        ),
        (
            vec![
                "--game",
                "koenigrufen",
                "--rules",
                "standard",
                "--seats",
                "4",
                "--first",
                "5",
            ],
            "--first is a seat from 1 to 4",
        ),
        (
            vec![
                "--game",
                "koenigrufen",
                "--rules",
                "standard",
                "--seats",
                "7",
                "--first",
                "1",
            ],
            "4 to 5 seats",
        ),
        (
            vec![
                "--game",
                "koenigrufen",
                "--rules",
                "nonsense",
                "--seats",
                "4",
                "--first",
                "1",
            ],
            "no rules",
        ),
        (vec!["--game", "schnapsen"], "there is no game"),
        (
            vec!["--game", "zwanzigerrufen", "--seats", "4"],
            "follows from the seed alone",
        ),
    ] {
        let mut args: Vec<&str> = extra.clone();
        args.extend(base);
        let (code, text) = verify(&args, "");
        assert_eq!(code, 2, "{extra:?}: {text}");
        assert!(text.contains(says), "{extra:?}: {text}");
    }
}

/// Issue 30: every `tarock verify` command that the README's "Fair deals"
/// section and docs/FAIR.md show is complete (no elided values) and
/// verifies as written.
#[test]
fn the_readme_verify_examples_verify_as_written() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let start = readme.find("## Fair deals").unwrap();
    let end = start + 3 + readme[start + 3..].find("\n## ").unwrap();
    let page = std::fs::read_to_string(format!("{root}/docs/FAIR.md")).unwrap();
    let in_readme = readme[start..end]
        .lines()
        .filter(|l| l.starts_with("tarock verify --"));
    assert_eq!(in_readme.clone().count(), 1, "{}", &readme[start..end]);
    let in_page = page.lines().filter(|l| l.starts_with("tarock verify --"));
    assert!(in_page.clone().count() >= 2, "{page}");
    let commands: Vec<&str> = in_readme.chain(in_page).collect();
    for command in commands {
        assert!(!command.contains('…'), "{command}");
        let words = shell_words(command);
        let args: Vec<&str> = words[2..].iter().map(String::as_str).collect();
        let (code, text) = verify(&args, "");
        assert_eq!(code, 0, "{command}\n{text}");
        assert!(
            text.starts_with("the deal: VERIFIED") && !text.contains("NOT VERIFIED"),
            "{text}"
        );
    }
}
