//! `tarock render` run as the real binary: the PNG files it writes (valid,
//! growing with the cards), each game's card notation, bad input (exit 2,
//! no file), record positions that never show a hidden card, and the
//! contact sheet identical to the one in `docs/`.
//!
//! Expected card labels follow docs/CARDS.md: Roman numerals for tarocks,
//! "Sküs" for the Sküs, a suit symbol and German court letters K D R B (or
//! English K Q N J) or the pip value for suit cards.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

/// Runs `tarock render ARGS`.
fn render(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("render")
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A fresh output path in `dir`.
fn out(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    dir.path().join(name)
}

/// Runs `tarock render ARGS -o PATH`, expects success, and returns the
/// picture's (width, height) decoded from the file and the alt text.
fn drawn(args: &[&str], path: &Path) -> ((u32, u32), String) {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", path.to_str().unwrap()]);
    let output = render(&all);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(path).expect("the file is written");
    (png_size(&bytes), String::from_utf8(output.stdout).unwrap())
}

/// Decodes a whole PNG (signature, IHDR, every row) and returns its size.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "PNG signature");
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .expect("a readable PNG header");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).expect("decodable image data");
    assert!(info.width > 0 && info.height > 0);
    (info.width, info.height)
}

/// Expects `tarock render ARGS -o PATH` to refuse: exit 2, a message, no file.
fn refused(args: &[&str], dir: &tempfile::TempDir) -> String {
    let path = out(dir, "refused.png");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", path.to_str().unwrap()]);
    let output = render(&all);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(!path.exists(), "{args:?} wrote a file");
    assert!(output.stdout.is_empty(), "{args:?} printed alt text");
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(message.starts_with("tarock render: "), "{message}");
    message
}

#[test]
fn a_hand_is_a_valid_png_that_grows_with_its_cards() {
    let dir = tempfile::tempdir().unwrap();
    let hands: [&[&str]; 4] = [
        &["T22"],
        &["T22", "T21", "hK"],
        &["T22", "T21", "hK", "sQ", "dA", "c10"],
        &[
            "T22", "T21", "T20", "T19", "T18", "T17", "T1", "hK", "sQ", "dA", "c10", "cN",
        ],
    ];
    let mut last = (0, 0);
    for cards in hands {
        let mut args = vec!["hand"];
        args.extend(cards);
        let ((w, h), alt) = drawn(&args, &out(&dir, "hand.png"));
        assert!(
            w > last.0,
            "{} cards: width {w} after {}",
            cards.len(),
            last.0
        );
        if last.1 != 0 {
            assert_eq!(h, last.1, "a row of cards keeps its height");
        }
        // A card face is 300 pixels high (CARDS.md): the picture holds it.
        assert!(h >= 300);
        assert_eq!(alt.split_whitespace().count(), cards.len(), "{alt}");
        last = (w, h);
    }
    // Legal cards are lifted: the hand grows taller, not wider.
    let ((w, h), alt) = drawn(
        &["hand", "T22", "T21", "hK", "--legal", "T22", "T21"],
        &out(&dir, "legal.png"),
    );
    let ((w0, h0), _) = drawn(&["hand", "T22", "T21", "hK"], &out(&dir, "plain.png"));
    assert_eq!(w, w0);
    assert!(h >= h0);
    assert_eq!(alt, "Sküs XXI ♥K\n");
}

#[test]
fn each_game_reads_its_own_notation() {
    let dir = tempfile::tempdir().unwrap();
    let path = out(&dir, "hand.png");
    let cases: [(&str, &[&str], &str, &str); 4] = [
        (
            "zwanzigerrufen",
            &["T22", "T21", "T1", "hA", "s10", "cK", "dN", "hQ", "sJ"],
            "de",
            "Sküs XXI I ♥A ♠10 ♣K ♦R ♥D ♠B",
        ),
        (
            "koenigrufen",
            &["T3", "T2", "h4", "h2", "c7", "c9", "sN", "dQ"],
            "de",
            "III II ♥4 ♥2 ♣7 ♣9 ♠R ♦D",
        ),
        (
            "zwanzig-ab",
            &["sA", "s10", "hK", "hQ", "cJ", "c9", "d8", "d7"],
            "de",
            "♠A ♠10 ♥K ♥D ♣B ♣9 ♦8 ♦7",
        ),
        (
            "koenigrufen",
            &["hK", "hQ", "hN", "hJ"],
            "en",
            "♥K ♥Q ♥N ♥J",
        ),
    ];
    for (game, cards, lang, expected) in cases {
        let mut args = vec!["hand", "--game", game, "--lang", lang];
        args.extend(cards);
        let (_, alt) = drawn(&args, &path);
        assert_eq!(alt.trim_end(), expected, "{game}");
    }
    // Commas separate cards as well as spaces.
    let (_, alt) = drawn(&["hand", "T22,T21", "hK"], &path);
    assert_eq!(alt.trim_end(), "Sküs XXI ♥K");
    // A card of another deck is no card of this game.
    for (game, card) in [
        ("zwanzigerrufen", "T2"),
        ("zwanzigerrufen", "h4"),
        ("zwanzigerrufen", "s7"),
        ("koenigrufen", "hK2"),
        ("zwanzig-ab", "T21"),
        ("zwanzig-ab", "hN"),
    ] {
        let message = refused(&["hand", "--game", game, "hK", card], &dir);
        assert!(message.contains(card), "{message}");
    }
}

/// `--game` takes the registry's game ids: another word is refused by the
/// command line (exit 2, nothing written) with the ids listed.
#[test]
fn the_games_are_the_registrys() {
    let dir = tempfile::tempdir().unwrap();
    let path = out(&dir, "hand.png");
    let output = render(&[
        "hand",
        "--game",
        "schafkopf",
        "T22",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!path.exists());
    let message = String::from_utf8(output.stderr).unwrap();
    for id in ["zwanzigerrufen", "koenigrufen", "zwanzig-ab"] {
        assert!(message.contains(id), "{id}: {message}");
    }
    // The game's own name says whose card it is not.
    let message = refused(&["hand", "--game", "zwanzig-ab", "T21"], &dir);
    assert!(message.contains("20 ab"), "{message}");
}

#[test]
fn tricks_and_tables_are_drawn_with_names() {
    let dir = tempfile::tempdir().unwrap();
    let path = out(&dir, "trick.png");
    let ((w3, _), alt) = drawn(&["trick", "Anna=T21", "Bert=hK", "Cleo"], &path);
    // Players still to play are not in the alt text (CARDS.md).
    assert_eq!(alt.trim_end(), "Anna XXI · Bert ♥K");
    let ((w4, _), _) = drawn(
        &[
            "trick", "Anna=T21", "Bert=hK", "Cleo=T1", "Dora", "--winner", "Anna",
        ],
        &path,
    );
    assert!(w4 > w3, "four players take more room than three");
    let ((_, _), alt) = drawn(
        &[
            "table",
            "Anna=T21:2",
            "Bert:1",
            "Cleo=hK",
            "Dora",
            "--leader",
            "Cleo",
            "--to-move",
            "Dora",
        ],
        &out(&dir, "table.png"),
    );
    assert_eq!(
        alt.trim_end(),
        "Anna XXI (2) · Bert (1) · Cleo ♥K (0) · Dora (0)"
    );
}

#[test]
fn bad_input_exits_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let message = refused(&["hand", "T22", "hX"], &dir);
    assert!(message.contains("hX"), "{message}");
    let message = refused(&["hand", "T22", "hK", "T22"], &dir);
    assert!(
        message.contains("Sküs") && message.contains("twice"),
        "{message}"
    );
    let message = refused(&["hand", "T22", "hK", "--legal", "sK"], &dir);
    assert!(
        message.contains("♠K") && message.contains("not in the hand"),
        "{message}"
    );
    // More cards than any game deals (18 at most, CARDS.md).
    let nineteen: Vec<String> = (1..=19).map(|n| format!("T{n}")).collect();
    let mut args = vec!["hand", "--game", "koenigrufen"];
    args.extend(nineteen.iter().map(String::as_str));
    refused(&args, &dir);
    refused(&["trick", "Anna=T21", "Bert=T21"], &dir);
    refused(&["trick", "Anna=T21", "Bert", "--winner", "Zoe"], &dir);
    // A player after one still to play cannot have a card.
    refused(&["trick", "Anna=T21", "Bert", "Cleo=hK"], &dir);
    refused(&["table", "Anna", "Bert"], &dir);
    refused(&["table", "Anna", "Bert", "Cleo:x"], &dir);
    refused(&["table", "Anna", "Bert", "Cleo", "--leader", "Dora"], &dir);
    let record = write_record(&dir, &zr_record(12));
    refused(&["record", &record, "--deal-step", "13"], &dir);
    refused(
        &["record", &record, "--deal-step", "2", "--seat", "4"],
        &dir,
    );
    refused(
        &["record", "/nonexistent/record.json", "--deal-step", "0"],
        &dir,
    );
    let broken = write_record(&dir, "{\"format\": \"zwanzigerrufen-record/1\"}");
    refused(&["record", &broken, "--deal-step", "0"], &dir);
    // 20 ab records are whole sessions: refused with a pointer to `table`.
    let session = write_record(&dir, "{\"format\": \"zwanzig-ab-record/1\"}");
    let message = refused(&["record", &session, "--deal-step", "0"], &dir);
    assert!(message.contains("20 ab"), "{message}");
}

// ---------------------------------------------------------------------------
// Record positions
// ---------------------------------------------------------------------------

/// Zwanzigerrufen FD1 (the rules' first full deal): hands of S0 … S3,
/// S0 calls (Rufer), the others pass.
const ZR_HANDS: [&str; 4] = [
    "T21 T20 T13 T12 T11 cK dN dJ hQ hJ",
    "T18 T17 T16 T14 T5 cQ cN cJ c10 dA",
    "T22 T19 T9 T4 dK hK hN sK sJ s10",
    "T15 T10 T8 T7 T6 T1 dQ hA sQ sN",
];
const ZR_BIDDING: [&str; 4] = ["0 rufer", "1 weiter", "2 weiter", "3 weiter"];
/// FD1's tricks as (leader, cards of S0 … S3).
const ZR_TRICKS: [(u8, [&str; 4]); 10] = [
    (0, ["T20", "T17", "T4", "T7"]),
    (0, ["T21", "T16", "T22", "T6"]),
    (2, ["hJ", "T14", "hN", "hA"]),
    (1, ["cK", "cJ", "T9", "T15"]),
    (3, ["T12", "T18", "T19", "T8"]),
    (2, ["dN", "dA", "dK", "dQ"]),
    (2, ["T11", "T5", "sJ", "sQ"]),
    (0, ["dJ", "cQ", "s10", "T10"]),
    (3, ["T13", "cN", "sK", "sN"]),
    (0, ["hQ", "c10", "hK", "T1"]),
];

/// The card plays of `tricks` in playing order as (seat, card).
fn plays(tricks: &[(u8, [&'static str; 4])]) -> Vec<(u8, &'static str)> {
    let mut out = Vec::new();
    for (leader, cards) in tricks {
        for i in 0..4 {
            let seat = (leader + i) % 4;
            out.push((seat, cards[usize::from(seat)]));
        }
    }
    out
}

/// The FD1 record with its first `steps` actions.
fn zr_record(steps: usize) -> String {
    let mut actions: Vec<String> = ZR_BIDDING.iter().map(|s| s.to_string()).collect();
    actions.extend(plays(&ZR_TRICKS).iter().map(|(s, c)| format!("{s} {c}")));
    actions.truncate(steps);
    json!({
        "format": "zwanzigerrufen-record/1",
        "rules": "standard",
        "forehand": 0,
        "hands": ZR_HANDS,
        "actions": actions,
    })
    .to_string()
}

fn write_record(dir: &tempfile::TempDir, text: &str) -> String {
    let path = dir.path().join(format!("record-{}.json", text.len()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

/// The German label of a card id of either tarock game (CARDS.md).
fn label(id: &str) -> String {
    const ROMAN: [&str; 21] = [
        "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
        "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
    ];
    if let Some(n) = id.strip_prefix('T') {
        let n: usize = n.parse().unwrap();
        return if n == 22 {
            "Sküs".into()
        } else {
            ROMAN[n - 1].into()
        };
    }
    let (suit, rank) = id.split_at(1);
    let symbol = match suit {
        "s" => '♠',
        "c" => '♣',
        "h" => '♥',
        _ => '♦',
    };
    let rank = match rank {
        "Q" => "D",
        "N" => "R",
        "J" => "B",
        other => other,
    };
    format!("{symbol}{rank}")
}

/// The card labels among the words of `text`, given every label of the deck.
fn labels_in(text: &str, deck: &BTreeSet<String>) -> BTreeSet<String> {
    text.split_whitespace()
        .filter(|w| deck.contains(*w))
        .map(str::to_owned)
        .collect()
}

/// The labels of the cards of a hand text.
fn hand_labels(hand: &str) -> BTreeSet<String> {
    hand.split_whitespace().map(label).collect()
}

#[test]
fn zwanzigerrufen_positions_never_show_a_hidden_card() {
    let dir = tempfile::tempdir().unwrap();
    let deck: BTreeSet<String> = ZR_HANDS.iter().flat_map(|h| hand_labels(h)).collect();
    assert_eq!(deck.len(), 40);
    let record = write_record(&dir, &zr_record(44));
    let all_plays = plays(&ZR_TRICKS);
    let path = out(&dir, "position.png");
    for step in 0..=44usize {
        let played = step.saturating_sub(ZR_BIDDING.len());
        // The trick on the table: the plays since the last complete trick.
        let on_table: BTreeSet<String> = all_plays[played - played % 4..played]
            .iter()
            .map(|(_, c)| label(c))
            .collect();
        let n = step.to_string();
        let (public_size, alt) = drawn(&["record", &record, "--deal-step", &n], &path);
        assert_eq!(alt.lines().count(), 1, "step {step}: the table only");
        assert_eq!(labels_in(&alt, &deck), on_table, "step {step}: {alt}");
        for seat in 0..4u8 {
            let s = seat.to_string();
            let (size, alt) = drawn(&["record", &record, "--deal-step", &n, "--seat", &s], &path);
            let mut lines = alt.lines();
            let table = lines.next().unwrap();
            assert_eq!(labels_in(table, &deck), on_table, "step {step}");
            // The seat's hand: what it was dealt minus what it has played,
            // and nothing of any other seat's hand.
            let kept: BTreeSet<String> = hand_labels(ZR_HANDS[usize::from(seat)])
                .into_iter()
                .filter(|l| {
                    !all_plays[..played]
                        .iter()
                        .any(|(p, c)| *p == seat && label(c) == *l)
                })
                .collect();
            match lines.next() {
                Some(hand) => {
                    assert_eq!(labels_in(hand, &deck), kept, "step {step} seat {seat}");
                    assert!(size.1 > public_size.1, "the hand is drawn under the table");
                }
                None => assert!(kept.is_empty(), "step {step} seat {seat}: hand missing"),
            }
        }
    }
}

#[test]
fn koenigrufen_positions_show_only_the_trick_and_the_seats_hand() {
    // Königrufen FD1 (the rules' full deal): hands, talon, opening actions
    // (S0 calls the Club King, takes talon half 2, lays away c8 c10 d2).
    const HANDS: [&str; 4] = [
        "T22 T20 T18 T15 T12 T9 T6 hK hQ c10 c8 s9",
        "T19 T14 T8 T2 sK sQ sN s7 dN d3 h4 c7",
        "T21 T17 T11 T7 T4 cK cN cJ dJ dA h2 hJ",
        "T16 T13 T10 T5 T3 T1 dK dQ sJ s10 s8 hN",
    ];
    const OPENING: [&str; 15] = [
        "0 vorhand",
        "1 weiter",
        "2 weiter",
        "3 weiter",
        "0 rufer",
        "0 rufe cK",
        "0 nimm 2",
        "0 ablage c8 c10 d2",
        "0 weiter",
        "1 kontra-spiel",
        "2 kontra-spiel ku",
        "3 kontra-ku",
        "0 weiter",
        "1 weiter",
        "2 weiter",
    ];
    // The first trick (led by S0) and the first card of the second.
    let mut actions: Vec<String> = OPENING.iter().map(|s| s.to_string()).collect();
    actions.extend(["0 T22", "1 T2", "2 T21", "3 T3", "0 d4"].map(String::from));
    let record = json!({
        "format": "koenigrufen-record/1",
        "rules": "cup2019",
        "forehand": 0,
        "hands": HANDS,
        "talon": "hA h3 c9 d2 d4 cQ",
        "actions": actions,
    })
    .to_string();
    let dir = tempfile::tempdir().unwrap();
    let record = write_record(&dir, &record);
    let deck: BTreeSet<String> = HANDS
        .iter()
        .chain(&["hA h3 c9 d2 d4 cQ"])
        .flat_map(|h| hand_labels(h))
        .collect();
    assert_eq!(deck.len(), 54);
    let path = out(&dir, "position.png");
    let n = actions.len().to_string();
    let (_, alt) = drawn(
        &["record", &record, "--deal-step", &n, "--seat", "1"],
        &path,
    );
    let mut lines = alt.lines();
    let table = lines.next().unwrap();
    // S0 led d4 (from the talon); S0 won the first trick.
    assert_eq!(labels_in(table, &deck), BTreeSet::from(["♦4".to_owned()]));
    assert!(table.contains("Seat 0 ♦4 (1)"), "{table}");
    let mut kept = hand_labels(HANDS[1]);
    kept.remove("II");
    assert_eq!(labels_in(lines.next().unwrap(), &deck), kept);
    // Before the first card: nothing on the table.
    let (_, alt) = drawn(&["record", &record, "--deal-step", "15"], &path);
    assert!(labels_in(&alt, &deck).is_empty(), "{alt}");
}

#[test]
fn the_sheet_command_writes_the_contact_sheet_of_docs() {
    let dir = tempfile::tempdir().unwrap();
    let path = out(&dir, "cards.png");
    let ((w, h), alt) = drawn(&["sheet"], &path);
    let written = std::fs::read(&path).unwrap();
    let committed = include_bytes!("../../docs/cards.png");
    assert!(
        written == committed,
        "docs/cards.png is out of date: run tarock render sheet"
    );
    assert_eq!(png_size(committed), (w, h));
    // Every face of the tarock deck (54) and the French deck (32), the
    // back, and ten English court cards.
    assert_eq!(alt.split_whitespace().count(), 54 + 32 + 1 + 10);
}
