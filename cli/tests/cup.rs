//! `tarock cup`: a club's cup day from the terminal, with the standings
//! derived by hand from seed 002's rules (day places by total score, equal
//! totals sharing a place, cup points 50/45/40/35/…, the best days of the
//! season).

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn cup(file: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("cup")
        .arg("--file")
        .arg(file)
        .args(args)
        .output()
        .unwrap()
}

/// Runs `tarock cup …`, which must succeed; its standard output.
fn ok(file: &Path, args: &[&str]) -> String {
    let out = cup(file, args);
    assert!(
        out.status.success(),
        "tarock cup {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `tarock cup …`, which must fail; its error message.
fn refused(file: &Path, args: &[&str]) -> String {
    let out = cup(file, args);
    assert_eq!(
        out.status.code(),
        Some(1),
        "tarock cup {args:?} should fail"
    );
    String::from_utf8(out.stderr).unwrap()
}

/// The players of each table as `draw` printed them.
fn tables(draw: &str) -> Vec<Vec<String>> {
    draw.lines()
        .filter_map(|l| l.trim().strip_prefix("Table "))
        .map(|l| {
            let (_, names) = l.split_once("): ").unwrap();
            names.split(", ").map(str::to_owned).collect()
        })
        .collect()
}

/// The standings rows under a header starting with `header`: (place,
/// name, numbers…).
fn rows(out: &str, header: &str) -> Vec<(usize, String, Vec<i64>)> {
    out.lines()
        .skip_while(|l| !l.trim_start().starts_with(header))
        .skip(1)
        .take_while(|l| l.starts_with("  ") && !l.trim_start().starts_with("Place"))
        .map(|l| {
            let mut words = l.split_whitespace();
            let place = words.next().unwrap().parse().unwrap();
            let name = words.next().unwrap().to_owned();
            let numbers = words
                .map(|w| w.trim_start_matches('+').parse().unwrap())
                .collect();
            (place, name, numbers)
        })
        .collect()
}

#[test]
fn a_cup_day_of_entered_results_is_ranked_by_seed_002s_rules() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cup.json");
    let started = ok(
        &file,
        &[
            "new",
            "Herbstcup",
            "--players",
            "Anna,Berta,Carl,Dora",
            "--days",
            "2",
            "--best",
            "1",
        ],
    );
    assert!(
        started.contains("4 players, 2 days of 3 rounds"),
        "{started}"
    );
    assert!(refused(&file, &["new", "again", "--players", "A,B,C,D"]).contains("exists"));

    // Each round, the players' scores by name, whatever seats they drew:
    // Anna +10 −2 +23 = 31, Berta +2 +8 +2 = 12, Carl −4 +6 +10 = 12,
    // Dora −8 −12 −35 = −55: the SPEC's example of a shared second place
    // (its D −5 is made −55 so that every round adds up to zero).
    let by_name = [
        [("Anna", 10), ("Berta", 2), ("Carl", -4), ("Dora", -8)],
        [("Anna", -2), ("Berta", 8), ("Carl", 6), ("Dora", -12)],
        [("Anna", 23), ("Berta", 2), ("Carl", 10), ("Dora", -35)],
    ];
    for (r, scores) in by_name.iter().enumerate() {
        let seed = (r + 1).to_string();
        let draw = ok(&file, &["draw", "--seed", &seed]);
        assert!(
            draw.starts_with(&format!("Day 1, round {} of 3: 1 tables", r + 1)),
            "{draw}"
        );
        let seats = &tables(&draw)[0];
        assert_eq!(seats.len(), 4);
        if r == 0 {
            // A round still open cannot be followed by the next draw.
            assert!(refused(&file, &["draw"]).contains("still being played"));
            // Scores that do not add up, or too few, are refused.
            assert!(refused(&file, &["score", "1", "1,1,1,1"]).contains("add up to 4"));
            assert!(refused(&file, &["score", "1", "1,-1"]).contains("4 seats"));
            assert!(refused(&file, &["score", "2", "0,0,0,0"]).contains("no table 2"));
            assert!(refused(&file, &["score", "1", "a,b"]).contains("whole numbers"));
        }
        let in_seat_order: Vec<String> = seats
            .iter()
            .map(|name| {
                scores
                    .iter()
                    .find(|(n, _)| n == name)
                    .unwrap()
                    .1
                    .to_string()
            })
            .collect();
        let out = ok(&file, &["score", "1", &in_seat_order.join(",")]);
        assert!(out.contains(&format!("round {} complete", r + 1)), "{out}");
    }
    assert!(refused(&file, &["score", "1", "0,0,0,0"]).contains("already"));

    let standings = ok(&file, &["standings"]);
    assert!(standings.contains("day 1 (final)"), "{standings}");
    // A +31, B +12, C +12, D −55: places 1, 2, 2, 4, cup points 50, 45, 45, 35.
    let day = rows(&standings, "Place  Player                 Score");
    let expected = [
        (1, "Anna", vec![31, 50]),
        (2, "Berta", vec![12, 45]),
        (2, "Carl", vec![12, 45]),
        (4, "Dora", vec![-55, 35]),
    ];
    assert_eq!(day.len(), 4, "{standings}");
    for ((place, name, numbers), (p, n, x)) in day.iter().zip(&expected) {
        assert_eq!((place, name.as_str(), numbers), (p, *n, x), "{standings}");
    }
    // The season after one day: the same order, Berta and Carl equal in
    // cup points and Schrift share second place.
    let season = rows(&standings, "Place  Player                 Cup points");
    let places: Vec<(usize, &str, i64, i64)> = season
        .iter()
        .map(|(p, n, x)| (*p, n.as_str(), x[0], x[1]))
        .collect();
    assert_eq!(
        places,
        [
            (1, "Anna", 50, 31),
            (2, "Berta", 45, 12),
            (2, "Carl", 45, 12),
            (4, "Dora", 35, -55)
        ]
    );
}

#[test]
fn computers_play_a_round_at_four_and_five_seat_tables() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cup.json");
    ok(
        &file,
        &["new", "Club", "--players", "A1,A2,A3,A4,A5,A6,A7,A8,A9,A10"],
    );
    ok(&file, &["add", "A11"]);
    // Eleven cannot be seated at tables of four and five; ten can.
    assert!(refused(&file, &["draw"]).contains("11 players cannot be seated"));
    assert!(refused(&file, &["draw", "--absent", "Nobody"]).contains("no player"));
    let draw = ok(&file, &["draw", "--absent", "A11", "--seed", "4"]);
    let seated = tables(&draw);
    assert_eq!(seated.iter().map(Vec::len).collect::<Vec<_>>(), [5, 5]);
    assert!(
        draw.contains("(20 deals, the dealer sits each deal out)"),
        "{draw}"
    );
    assert!(!draw.contains("A11"));
    let played = ok(&file, &["play", "--level", "easy", "--seed", "9"]);
    // Both tables played their 20 deals; each table's scores add up to 0.
    let lines: Vec<&str> = played.lines().filter(|l| l.starts_with("Table ")).collect();
    assert_eq!(lines.len(), 2, "{played}");
    for line in lines {
        assert!(line.contains("20 deals played"), "{line}");
        let (_, list) = line.split_once("played: ").unwrap();
        let sum: i64 = list
            .split(", ")
            .map(|p| {
                p.rsplit(' ')
                    .next()
                    .unwrap()
                    .trim_start_matches('+')
                    .parse::<i64>()
                    .unwrap()
            })
            .sum();
        assert_eq!(sum, 0, "{line}");
    }
    assert!(played.contains("round 1 complete"), "{played}");
    // The day's ranking lists the ten who played, places 1 to at most 10,
    // cup points falling with the place.
    let day = rows(&played, "Place  Player                 Score");
    assert_eq!(day.len(), 10, "{played}");
    assert!(
        day.windows(2)
            .all(|w| w[0].2[0] >= w[1].2[0] && w[0].2[1] >= w[1].2[1])
    );
    assert_eq!(day.iter().map(|r| r.2[0]).sum::<i64>(), 0);
    // Round 2 draws the day's field again (A11 stays out today).
    let second = ok(&file, &["draw", "--seed", "5"]);
    assert!(second.starts_with("Day 1, round 2 of 3"), "{second}");
    assert!(!second.contains("A11"));
}
