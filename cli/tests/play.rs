//! `tarock play` driven by a script on standard input, on a real SQLite file:
//! the first screen, a deal played to its settlement and continued after
//! quitting, composed turns and menu texts as input, bad flags, several
//! people at one keyboard, unreadable and overlong input, looking at the
//! tricks after the deal, and the randomness (a fixed seed repeats a game,
//! otherwise every deal is new).

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// Runs `tarock play` on `db` with `input` and `args`, no colours.
fn run_raw(db: &str, input: &[u8], args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(BIN)
        .args(["play", "--database", db])
        .args(args)
        .env_remove("TAROCK_DATABASE")
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that stops early (a bad flag) may not read its input.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// [`run_raw`] with the fixed seed 5 before `args`.
fn run_seeded(db: &str, input: &[u8], args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut all = vec!["--seed", "5"];
    all.extend_from_slice(args);
    run_raw(db, input, &all, env)
}

/// `tarock play` on `db` in English for Anna with `args`, fed `input`,
/// which must succeed: (standard output, standard error).
fn run(db: &str, input: &str, args: &[&str]) -> (String, String) {
    let mut all = vec!["--lang", "en", "--players", "Anna"];
    all.extend_from_slice(args);
    let out = run_raw(db, input.as_bytes(), &all, &[]);
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

/// Seed 5, English texts and Anna alone (unless `args` name the players);
/// must succeed; the output.
fn play(db: &str, input: &str, args: &[&str]) -> String {
    let mut all = args.to_vec();
    if !args.contains(&"--players") {
        all.extend(["--players", "Anna"]);
    }
    play_exactly(db, input, &all)
}

/// Seed 5, English texts and exactly `args`; must succeed; the output.
fn play_exactly(db: &str, input: &str, args: &[&str]) -> String {
    let mut all = vec!["--lang", "en"];
    all.extend_from_slice(args);
    let out = run_seeded(db, input.as_bytes(), &all, &[]);
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

fn temp_db() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").display().to_string();
    (dir, db)
}

#[test]
fn a_deal_is_played_to_its_settlement_and_continued_after_quitting() {
    let (_dir, db) = temp_db();

    // A few moves, then quit in the middle of the deal.
    let first = play(&db, &format!("{}q\n", ones(3)), &[]);
    assert!(first.contains("Table 1 · deal 1"), "{first}");
    assert!(first.contains("Your cards:"), "{first}");
    assert!(!first.contains("Settlement"), "{first}");

    // Starting again continues the same table and deal, and finishes it.
    let second = play(&db, &format!("{}balance\nq\n", ones(40)), &[]);
    assert!(second.contains("Back at table 1"), "{second}");
    assert!(!second.contains("Continuing"), "{second}");
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
    // Anna's own copy of the settlement: her line marked, her change and
    // her balance side by side in units and money.
    let anna = second
        .lines()
        .find(|l| l.starts_with("▶ Anna (you): "))
        .unwrap_or_else(|| panic!("no marked line for Anna: {second}"));
    assert!(anna.contains(" · balance "), "{anna}");
    assert_eq!(anna.matches('€').count(), 2, "{anna}");
    // The settlement comes after the table's last view of the deal.
    let table_end = second.rfind("The deal is over.").unwrap();
    assert!(second.find("Settlement, table 1").unwrap() > table_end);

    // "n" deals the next hand.
    let third = play(&db, "n\nq\n", &[]);
    assert!(third.contains("Table 1 · deal 2"), "{third}");

    // --new closes the table and opens another.
    let fourth = play(&db, "q\n", &["--new", "--yes"]);
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

/// The first screen is the table (title, seats, Vorhand, whose turn, the
/// deal's commitment), then the hand; the Vorhand must open, so neither her text nor her menu
/// offers Weiter.
#[test]
fn the_first_screen_shows_the_table_then_the_hand() {
    let (_dir, db) = temp_db();
    let out = play(&db, "q\n", &[]);
    let first = out.split("Anna> ").next().unwrap();
    let lines: Vec<&str> = first.lines().collect();
    let rule = "─".repeat(60);
    assert_eq!(lines[0], rule, "{first}");
    assert_eq!(lines[1], "🃏 Table 1 · deal 1 · standard · €0.10 per point");
    assert_eq!(
        lines[2],
        "Anna (Vorhand) · Computer 2 (medium) · Computer 3 (medium) · Computer 4 (medium)"
    );
    assert_eq!(lines[3], "Anna is to bid.");
    // The deal's commitment: 64 hexadecimal digits, before any card.
    let commitment = lines[4]
        .strip_prefix(
            "🔒 Fair deal: this deal's commitment (SHA-256), fixed before the cards were dealt: ",
        )
        .unwrap_or_else(|| panic!("{first}"));
    assert_eq!(commitment.len(), 64);
    assert!(commitment.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(lines[5], rule);
    assert_eq!(lines[6], "Table 1 · deal 1 · your seat 1");
    assert!(lines[7].starts_with("Your cards: "), "{first}");
    assert_eq!(lines[8], "You open the bidding: choose a game.");
    assert!(lines[9].starts_with(" [1] Rufer  "), "{first}");
    assert!(!first.to_lowercase().contains("weiter"), "{first}");
}

/// The menu entry of a composed turn ("Rufer + …") chosen by number keeps
/// the Rufer and offers what may follow; typed words then add to it. Menu
/// texts are accepted as typed input.
#[test]
fn a_composed_turn_keeps_its_first_announcement() {
    let (_dir, db) = temp_db();
    let menu = play(&db, "q\n", &[]);
    let compose = menu
        .lines()
        .find(|l| l.starts_with(" [1] "))
        .map(|l| {
            l.split("  ")
                .find(|e| e.ends_with("] Rufer + …"))
                .unwrap_or_else(|| panic!("no Rufer + … in {l}"))
                .trim()
                .trim_start_matches('[')
                .split(']')
                .next()
                .unwrap()
                .to_owned()
        })
        .unwrap();
    let out = play(&db, &format!("{compose}\nabsolut\nq\n"), &[]);
    assert!(
        out.contains("Your announcement so far: Rufer. What else?"),
        "{out}"
    );
    assert!(!out.contains("The Vorhand must open"), "{out}");
    assert!(
        out.contains("Bidding: Anna: Rufer, Absolut (with)"),
        "{out}"
    );

    // The same by the menu's own words: "Rufer + …", then "Rufer ✓".
    let out = play(&db, "Rufer + …\nrufer ✓\nq\n", &["--new", "--yes"]);
    assert!(out.contains("Your announcement so far: Rufer."), "{out}");
    assert!(out.contains("Bidding: Anna: Rufer;"), "{out}");
    // "kontra" is understood (a Kontra on the game), though not yet legal.
    let out = play(&db, "kontra\nq\n", &["--new", "--yes"]);
    assert!(out.contains("The Vorhand must open with a game."), "{out}");
}

/// Bad flags are errors that create nothing; flags a running table cannot
/// take say so and name --new.
#[test]
fn bad_flags_are_errors_and_create_nothing() {
    let (_dir, db) = temp_db();
    for (flags, expected) in [
        (
            vec!["--computers", "superstrong"],
            "--computers superstrong: Computer players come as easy, medium and strong.",
        ),
        (
            vec!["--rules", "nonsense"],
            "--rules nonsense: I do not know these rules: nonsense. For Zwanzigerrufen there \
             are standard, directnet, tarockwelt and wikipedia (or rules as JSON).",
        ),
        // The presets named are the chosen game's; a name is quoted as given
        // (not the game's English parser message), in every language.
        (
            vec!["--game", "koenigrufen", "--rules", "nonsense"],
            "--rules nonsense: I do not know these rules: nonsense. For Königrufen there are standard and cup2019 (or rules as JSON).",
        ),
        (
            vec!["--game", "20ab", "--rules", "tarockwelt"],
            "--rules tarockwelt: I do not know these rules: tarockwelt. For 20 ab there is only standard (or rules as JSON).",
        ),
        (
            vec!["--stake", "200000"],
            "--stake 200000: The stake must be between 0 and 1000 per point.",
        ),
        (
            vec![
                "--game",
                "koenigrufen",
                "--rules",
                "cup2020",
                "--lang",
                "de",
            ],
            "--rules cup2020: Diese Regeln kenne ich nicht: cup2020. Für Königrufen gibt es standard und cup2019 (oder Regeln als JSON).",
        ),
        (
            vec!["--lang", "fr"],
            "--lang fr: there is no such language; there are de (German) and en (English).",
        ),
    ] {
        let mut args = vec!["--players", "Anna"];
        if !flags.contains(&"--lang") {
            args.extend(["--lang", "en"]);
        }
        args.extend(flags.iter().copied());
        let out = run_seeded(&db, b"q\n", &args, &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {stderr}");
        assert!(stderr.lines().any(|l| l == expected), "{flags:?}: {stderr}");
        assert!(
            !std::path::Path::new(&db).exists(),
            "{flags:?}: no database was created"
        );
    }

    // A table is open: other rules and stakes apply only to a new one.
    play(&db, "q\n", &[]);
    let out = play(
        &db,
        "rules\nq\n",
        &["--rules", "tarockwelt", "--stake", "50"],
    );
    assert!(
        out.contains(
            "--rules tarockwelt only applies to a new table; table 1 goes on as before. \
             A new table: tarock play --new --rules tarockwelt"
        ),
        "{out}"
    );
    assert!(
        out.contains("--stake 50 only applies to a new table"),
        "{out}"
    );
    assert!(out.contains("Back at table 1"), "{out}");
    assert!(
        out.contains("Table 1: rules standard, €0.10 per point, 7 days per move."),
        "{out}"
    );
    // The same rules again are no complaint.
    let out = play(&db, "q\n", &["--rules", "standard"]);
    assert!(!out.contains("only applies"), "{out}");
}

/// Several people at one keyboard: before each person's turn a screen asks
/// to pass the keyboard, and only that person's hand follows it. A
/// restarted table goes on with the people seated at it.
#[test]
fn hot_seat_hides_hands_and_continues_after_a_restart() {
    let (_dir, db) = temp_db();
    let step = "\n1\n";
    let out = play(
        &db,
        &format!("{}q\n", step.repeat(4)),
        &["--players", "Anna,Bert"],
    );
    check_hands_follow_their_pass_screens(&out);
    assert!(
        out.contains("Anna is next: hand the keyboard to Anna"),
        "{out}"
    );

    // Restarted without --players: Anna and Bert are still the people here.
    let out = play_exactly(
        &db,
        &format!("{}n\n{}q\n", step.repeat(70), step.repeat(2)),
        &[],
    );
    check_hands_follow_their_pass_screens(&out);
    assert!(out.contains("Back at table 1"), "{out}");
    assert!(!out.contains("not a word of the bidding"), "{out}");
    let settled = out
        .find("Settlement, table 1, deal 1")
        .unwrap_or_else(|| panic!("the deal ends: {out}"));
    assert!(
        !out[..settled].contains("Deal over."),
        "no 'Deal over' in the middle of the deal:\n{out}"
    );
    assert!(out.contains("Table 1 · deal 2"), "{out}");
}

/// Every private view ("your seat N") comes after a pass screen naming the
/// person on that seat (Anna 1, Bert 2), never before the first one, and a
/// new deal is passed anew before the first hand of it.
fn check_hands_follow_their_pass_screens(out: &str) {
    let mut holder: Option<&str> = None;
    let mut hands = 0;
    let mut deal = "";
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix("🃏 Table 1 · deal ") {
            let number = rest.split(' ').next().unwrap_or_default();
            if number != deal {
                deal = number;
                holder = None;
            }
        }
        if line.contains(" is next: hand the keyboard to ") {
            holder = line.split(' ').next();
        }
        for (seat, name) in [(1, "Anna"), (2, "Bert")] {
            if line.contains(&format!("your seat {seat}")) {
                assert_eq!(holder, Some(name), "{name}'s hand shown:\n{out}");
                hands += 1;
            }
        }
    }
    assert!(hands > 0, "{out}");
}

/// A line that is not UTF-8 is one unreadable line; a very long line is
/// refused without being echoed; a German refusal has no English in it.
#[test]
fn unreadable_and_overlong_lines_are_refused_and_play_goes_on() {
    let (_dir, db) = temp_db();
    let mut input = b"\xff\xfe kaputt\n".to_vec();
    input.extend(b"x".repeat(5000));
    input.extend(b"\nhokuspokus\n1\nq\n");
    let out = run_seeded(&db, &input, &["--players", "Anna"], &[]);
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.contains("Diese Zeile kann ich nicht lesen (sie ist kein UTF-8-Text)."),
        "{out}"
    );
    assert!(
        out.contains("Diese Zeile ist zu lang (höchstens 200 Zeichen); sie wird nicht gelesen."),
        "{out}"
    );
    assert!(!out.contains("xxxxxxxxxx"), "the long line is not echoed");
    let refusal = out
        .lines()
        .find(|l| l.contains("hokuspokus") && l.starts_with('['))
        .unwrap_or_else(|| panic!("no refusal: {out}"));
    assert!(
        refusal.starts_with("[Anna] Diese Ansage verstehe ich nicht: „hokuspokus“"),
        "{refusal}"
    );
    assert!(!out.contains("unknown word"), "{out}");
    // And the game went on: the Rufer was announced after all that.
    assert!(out.contains("Lizitation: Anna: Rufer"), "{out}");
}

/// After the deal, `trick` and `ours` show the last deal's tricks.
#[test]
fn tricks_can_be_reviewed_after_the_deal() {
    let (_dir, db) = temp_db();
    let out = play(&db, &format!("{}trick\nours\nq\n", ones(45)), &[]);
    let after = &out[out.find("Settlement, table 1, deal 1").unwrap()..];
    assert!(after.contains("[Anna] Last trick: "), "{after}");
    assert!(after.contains("– won by "), "{after}");
    assert!(after.contains("[Anna] Tricks of the "), "{after}");
    assert!(!after.contains("No deal is being played."), "{after}");
}

/// Small things: the hand is printed once after `hand`, the menu wraps
/// between entries to the terminal's width, bad numbers are answered.
#[test]
fn the_hand_shows_once_and_menus_wrap_between_entries() {
    let (_dir, db) = temp_db();
    let out = run_seeded(
        &db,
        b"hand\n99\nq\n",
        &["--lang", "en", "--players", "Anna"],
        &[("COLUMNS", "24")],
    );
    let out = String::from_utf8(out.stdout).unwrap();
    let after_hand = out.split("Anna> hand\n").nth(1).unwrap();
    let until_prompt = after_hand.split("Anna> ").next().unwrap();
    assert_eq!(until_prompt.matches("Your cards:").count(), 1, "{out}");
    let menu: Vec<&str> = until_prompt
        .lines()
        .filter(|l| l.starts_with(" ["))
        .collect();
    assert!(menu.len() > 1, "{out}");
    for line in &menu {
        assert!(
            line.chars().count() <= 24 || !line.contains("  "),
            "{line:?}"
        );
        // Every entry whole: "[n] label", labels never cut.
        for entry in line.split("  ") {
            let entry = entry.trim();
            assert!(entry.starts_with('['), "{line:?}");
            assert!(
                [
                    "Rufer",
                    "Farbensolo",
                    "Solo",
                    "Rufer + …",
                    "Farbensolo + …",
                    "Solo + …"
                ]
                .contains(&entry.split("] ").nth(1).unwrap()),
                "{entry:?}"
            );
        }
    }
    assert!(out.contains("There is no such number."), "{out}");
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
