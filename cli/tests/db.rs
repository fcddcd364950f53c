//! `tarock db`: status counts and record export from a real SQLite store,
//! written here through `tarock-storage`, and the export replayed by
//! `tarock replay` to the result the engine computed.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use tarock_storage::{Event, NewDeal, NewTable, Occupant, Platform, Store};
use tarock_zwanzigerrufen::{Game, Preset, Record, Seat, sim};

const BIN: &str = env!("CARGO_BIN_EXE_tarock");

fn tarock(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("TAROCK_DATABASE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.unwrap_or("").as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn finished_game(seed: u64) -> Game {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut game, _) = sim::random_game(&mut rng, &Preset::Standard.rules(), Seat::S1);
    sim::play_out(&mut game, &mut rng);
    game
}

/// A table with two stored deals: one complete, one cut after 7 actions.
async fn store_two_deals(path: &str) -> (Record, Record) {
    let store = Store::open(path).await.unwrap();
    let full = Record::from_game(&finished_game(3));
    let mut cut = Record::from_game(&finished_game(4));
    cut.actions.truncate(7);
    let mut tx = store.begin().await.unwrap();
    let table = tx
        .create_table(
            &NewTable {
                game: "zwanzigerrufen".into(),
                seats: 4,
                platform: Platform::Local,
                chat_id: "terminal".into(),
                thread_id: None,
                rules: "\"standard\"".into(),
                stake_cents: 10,
                pace_ms: 60_000,
                language: "en".into(),
                creator: None,
            },
            0,
        )
        .await
        .unwrap();
    for seat in Seat::ALL {
        tx.set_seat(table, seat.into(), &Occupant::Computer("easy".into()), 0)
            .await
            .unwrap();
    }
    for (number, record) in [(1, &full), (2, &cut)] {
        let deal = tx
            .start_deal(&NewDeal {
                table,
                game: "zwanzigerrufen".into(),
                number,
                forehand: Seat::new(record.forehand).unwrap().into(),
                hands: record.hands.clone(),
                rules: record.rules.to_string(),
                factor: 1,
                started_ms: 0,
            })
            .await
            .unwrap();
        for (seq, text) in record.actions.iter().enumerate() {
            let (seat, action) = text.split_once(' ').unwrap();
            let event = Event {
                seq: seq as u32,
                seat: Seat::new(seat.parse().unwrap()).unwrap().into(),
                action: action.into(),
                at_ms: 0,
                by_computer: true,
            };
            tx.append_event(deal, &event).await.unwrap();
        }
    }
    tx.commit().await.unwrap();
    store.close().await;
    (full, cut)
}

#[tokio::test]
async fn export_prints_the_stored_records_and_they_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db").display().to_string();
    let (full, cut) = store_two_deals(&path).await;

    let out = tarock(&["db", "export", "--database", &path, "--table", "1"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Record> = text
        .lines()
        .map(|l| Record::from_json(l).unwrap())
        .collect();
    assert_eq!(lines, vec![full.clone(), cut.clone()]);

    // One deal by id.
    let out = tarock(&["db", "export", "--database", &path, "--deal", "2"], None);
    assert_eq!(
        Record::from_json(String::from_utf8(out.stdout).unwrap().trim()).unwrap(),
        cut
    );

    // The export replays: the finished deal to the engine's balance, the cut one in progress.
    let replayed = tarock(&["replay", "-"], Some(&text));
    let reports: Vec<serde_json::Value> = String::from_utf8(replayed.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports[0]["status"], "finished");
    let balance: Vec<i64> = serde_json::from_value(reports[0]["balance"].clone()).unwrap();
    assert_eq!(
        balance,
        full.to_game()
            .unwrap()
            .settlement()
            .unwrap()
            .changes
            .to_vec()
    );
    assert_eq!(reports[1]["status"], "in_progress");
}

#[tokio::test]
async fn status_counts_and_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db").display().to_string();
    let (full, cut) = store_two_deals(&path).await;

    // The database location may come from the environment.
    let out = Command::new(BIN)
        .args(["db", "status"])
        .env("TAROCK_DATABASE", &path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("tables:   1 lobby, 0 playing"), "{text}");
    assert!(text.contains("deals:    2 active"), "{text}");
    assert!(
        text.contains(&format!(
            "events:   {}",
            full.actions.len() + cut.actions.len()
        )),
        "{text}"
    );

    // A table that does not exist, and a database URL of an unknown kind.
    let out = tarock(&["db", "export", "--database", &path, "--table", "9"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no table 9"));
    let out = tarock(&["db", "status", "--database", "mysql://x@y/z"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsupported database URL"));
    // Neither --table nor --deal.
    let out = tarock(&["db", "export", "--database", &path], None);
    assert_eq!(out.status.code(), Some(2));
}

/// Issue 30: a mistyped database path is refused by every `tarock db`
/// command, with a message naming it, and no file is created.
#[test]
fn a_missing_database_file_is_refused_and_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("typo.db");
    let path = missing.display().to_string();
    let url = format!("sqlite://{path}");
    let commands: [&[&str]; 7] = [
        &["status"],
        &["export", "--table", "1"],
        &["proof", "--table", "1"],
        &["stats"],
        &["prune"],
        &["balances", "--table", "1"],
        &["status"],
    ];
    for (i, command) in commands.into_iter().enumerate() {
        let location = if i == 6 { &url } else { &path };
        let mut args = vec!["db", "--database", location.as_str()];
        args.extend_from_slice(command);
        let out = tarock(&args, None);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains(&format!("the database file {path} does not exist")),
            "{args:?}: {said}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
        // Nothing was created: no database, no lock file beside it.
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "{args:?}: {left:?}");
    }
}

/// Each computer seat of a table is its own participant in the balances
/// export, with its seat's change; a table that does not exist is an error.
#[tokio::test]
async fn balances_are_exported_per_participant() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db").display().to_string();
    let (full, _) = store_two_deals(&path).await;
    let changes = full.to_game().unwrap().settlement().unwrap().changes;
    let store = Store::open(&path).await.unwrap();
    let mut tx = store.begin().await.unwrap();
    tx.settle(
        tarock_storage::DealId(1),
        &tarock_storage::NewSettlement {
            changes: changes.to_vec(),
            breakdown: "{}".into(),
            settled_ms: 1,
            sitting_out: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    store.close().await;

    let out = tarock(
        &["db", "balances", "--database", &path, "--table", "1"],
        None,
    );
    assert!(out.status.success());
    let mut got: Vec<(String, i64, i64, i64)> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["computer"], "easy");
            assert_eq!(v["deals"], 1);
            (
                v["name"].as_str().unwrap().to_owned(),
                v["seat"].as_i64().unwrap(),
                v["units"].as_i64().unwrap(),
                v["cents"].as_i64().unwrap(),
            )
        })
        .collect();
    got.sort_by_key(|g| g.1);
    let expected: Vec<(String, i64, i64, i64)> = (0..4)
        .map(|s| {
            (
                format!("Computer {} (easy)", s + 1),
                s as i64,
                changes[s],
                changes[s] * 10,
            )
        })
        .collect();
    assert_eq!(got, expected);

    let out = tarock(
        &["db", "balances", "--database", &path, "--table", "9"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no table 9"));
}

/// `tarock db export … | head`: a reader that stops early is no error.
#[tokio::test]
async fn an_export_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db").display().to_string();
    store_two_deals(&path).await;
    let mut child = Command::new(BIN)
        .args(["db", "export", "--database", &path, "--table", "1"])
        .env_remove("TAROCK_DATABASE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before anything is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// A table played with `tarock play` (fresh entropy, as in production) and
/// exported: the export holds each deal's hands, as records do, and these
/// are the hands the stored seed shuffles; the seed itself is not in it.
#[tokio::test]
async fn an_export_holds_the_deck_but_not_the_shuffle_seed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db").display().to_string();
    let played = tarock(
        &["play", "--database", &path, "--players", "Anna"],
        Some("1\n1\nq\n"),
    );
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let out = tarock(&["db", "export", "--database", &path, "--table", "1"], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let record = Record::from_json(text.lines().next().expect("one deal")).unwrap();

    let store = Store::open(&path).await.unwrap();
    let deal = store.deals_of(tarock_storage::TableId(1)).await.unwrap()[0].id;
    let seed = store
        .shuffle_seed(deal)
        .await
        .unwrap()
        .expect("a stored seed");
    store.close().await;
    // The seed drives the engine's shuffle (ChaCha12 keyed with it).
    let shuffled =
        tarock_zwanzigerrufen::Deal::shuffled(&mut tarock_game_core::fair::shuffle_rng(&seed));
    let hands: Vec<String> = Seat::ALL.map(|s| shuffled.hand(s).to_string()).to_vec();
    assert_eq!(record.hands, hands);
    let hex: String = seed.iter().map(|b| format!("{b:02x}")).collect();
    for secret in [hex.as_str(), &hex[..16], &hex[48..]] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
}

/// `tarock db prune` forgets old delivered messages and update ids and
/// keeps the game history; `tarock db stats` shows the rows per table.
#[tokio::test]
async fn prune_forgets_deliveries_and_stats_count_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db").display().to_string();
    let (full, cut) = store_two_deals(&path).await;
    let store = Store::open(&path).await.unwrap();
    // Three messages delivered and two updates applied in 1970; one pending.
    let mut tx = store.begin().await.unwrap();
    for i in 0..4 {
        let message = tarock_storage::NewMessage {
            destination: format!("to{i}"),
            payload: "{}".into(),
        };
        tx.enqueue(None, &message, 1000).await.unwrap();
    }
    tx.mark_update(Platform::Local, "u1", 1000).await.unwrap();
    tx.mark_update(Platform::Local, "u2", 1000).await.unwrap();
    tx.commit().await.unwrap();
    let claimed = store.claim_outbox(1000, 1000, 3).await.unwrap();
    let sent: Vec<_> = claimed
        .iter()
        .map(|m| (m.id, tarock_storage::Delivered::Sent))
        .collect();
    store.record_deliveries(&sent, 2000).await.unwrap();
    store.close().await;

    // A retention setting that does not read changes nothing.
    let out = Command::new(BIN)
        .args(["db", "prune", "--database", &path])
        .env("TAROCK_KEEP_SENT", "a week")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("TAROCK_KEEP_SENT"));

    let out = tarock(&["db", "prune", "--database", &path], None);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("deleted 3 delivered messages, 0 failed messages beyond the newest 10000, 2 processed update ids"),
        "{text}"
    );

    let out = tarock(&["db", "stats", "--database", &path], None);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let rows = |table: &str| -> u64 {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(table))
            .unwrap_or_else(|| panic!("no {table} in {text}"));
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    assert_eq!(rows("outbox"), 1, "{text}");
    assert_eq!(rows("processed_updates"), 0, "{text}");
    assert_eq!(rows("deals"), 2, "{text}");
    assert_eq!(
        rows("events"),
        (full.actions.len() + cut.actions.len()) as u64,
        "{text}"
    );
    assert_eq!(rows("tables"), 1, "{text}");
}

/// The SQLite file with its write-ahead log, in bytes.
fn file_bytes(path: &str) -> u64 {
    [path.to_owned(), format!("{path}-wal")]
        .iter()
        .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
        .sum()
}

/// `tarock db vacuum` shrinks a file made before incremental auto-vacuum,
/// whose pruned pages stay free, and converts it: its mode says so after.
#[tokio::test]
async fn vacuum_gives_a_pruned_files_space_back() {
    use sqlx::{Connection as _, Executor as _};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db").display().to_string();
    let url = format!("sqlite://{path}?mode=rwc");
    // A file made the old way, without auto-vacuum.
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    conn.execute("PRAGMA auto_vacuum = NONE").await.unwrap();
    conn.execute("CREATE TABLE made_before (a)").await.unwrap();
    conn.close().await.unwrap();
    let store = Store::open(&path).await.unwrap();
    // 400 messages of 2 kB delivered in 1970.
    let mut tx = store.begin().await.unwrap();
    for i in 0..400 {
        let message = tarock_storage::NewMessage {
            destination: format!("to{i}"),
            payload: format!("\"{}\"", "x".repeat(2000)),
        };
        tx.enqueue(None, &message, 1000).await.unwrap();
    }
    tx.commit().await.unwrap();
    let claimed = store.claim_outbox(1000, 1000, 400).await.unwrap();
    let sent: Vec<_> = claimed
        .iter()
        .map(|m| (m.id, tarock_storage::Delivered::Sent))
        .collect();
    store.record_deliveries(&sent, 2000).await.unwrap();
    store.close().await;

    let out = tarock(&["db", "prune", "--database", &path], None);
    assert!(out.status.success(), "{out:?}");
    // The old file keeps the pruned pages.
    assert!(!String::from_utf8_lossy(&out.stdout).contains("gave"));
    let before = file_bytes(&path);
    let out = tarock(&["db", "vacuum", "--database", &path], None);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let after = file_bytes(&path);
    // Some 200 pages of 4 kB held the messages.
    assert!(after + 150 * 4096 <= before, "{before} -> {after}");
    // It says what it measured (the file and its log while open).
    let said: Vec<u64> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(
        text.starts_with("vacuumed: ") && said.len() == 2 && said[1] + 150 * 4096 <= said[0],
        "{text}"
    );
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let mode: i64 = sqlx::query_scalar("PRAGMA auto_vacuum")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(mode, 2, "incremental");
    conn.close().await.unwrap();
}

/// A finished round of 20 ab (three computer seats) stored by seed and
/// tokens, as the table service stores it; returns its record.
async fn store_a_20_ab_session(path: &str) -> String {
    use rand::{Rng, SeedableRng};
    use tarock_games::SeededRound;
    let store = Store::open(path).await.unwrap();
    let mut tx = store.begin().await.unwrap();
    let table = tx
        .create_table(
            &NewTable {
                game: "zwanzig-ab".into(),
                seats: 3,
                platform: Platform::Local,
                chat_id: "terminal".into(),
                thread_id: None,
                rules: "\"standard\"".into(),
                stake_cents: 10,
                pace_ms: 60_000,
                language: "en".into(),
                creator: None,
            },
            0,
        )
        .await
        .unwrap();
    for seat in 0..3 {
        tx.set_seat(
            table,
            tarock_game_core::Seat::new(seat),
            &Occupant::Computer("easy".into()),
            0,
        )
        .await
        .unwrap();
    }
    let seed = [4u8; 32];
    let first = tarock_game_core::Seat::new(0);
    let deal = tx
        .start_round(
            &tarock_storage::NewRound {
                table,
                game: "zwanzig-ab".into(),
                number: 1,
                first,
                rules: "\"standard\"".into(),
                started_ms: 0,
            },
            &seed,
        )
        .await
        .unwrap();
    let kind = tarock_games::by_id("zwanzig-ab").unwrap();
    let mut round = SeededRound::new(kind, &"standard".into(), 3, first, &seed).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(8);
    let mut seq = 0;
    while let Some(seat) = round.round().to_act() {
        let tokens = round.round().legal_tokens();
        let token = tokens[rng.random_range(0..tokens.len())].clone();
        round.apply(seat, &token).unwrap();
        let event = Event {
            seq,
            seat,
            action: token,
            at_ms: 0,
            by_computer: true,
        };
        tx.append_token(deal, &event).await.unwrap();
        seq += 1;
    }
    tx.commit().await.unwrap();
    store.close().await;
    round.round().to_record().unwrap()
}

#[tokio::test]
async fn a_20_ab_session_exports_as_its_own_record_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ab.db").display().to_string();
    let record = store_a_20_ab_session(&path).await;
    let out = tarock(&["db", "export", "--database", &path, "--table", "1"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim(), record);
    let line: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(line["format"], "zwanzig-ab-record/1");
    // The record names its game, so `tarock replay` reads it as 20 ab.
    let replayed = tarock(&["replay", "-"], Some(&text));
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let report: serde_json::Value =
        serde_json::from_str(String::from_utf8(replayed.stdout).unwrap().trim()).unwrap();
    assert_eq!(report["status"], "finished");
    // The balance replayed is the stored round's settlement.
    let round = tarock_games::from_record(&record).unwrap();
    let balance: Vec<i64> = serde_json::from_value(report["balance"].clone()).unwrap();
    assert_eq!(balance, round.settlement().unwrap().units());
}

/// A round of 20 ab stored with its commitment and settled: `tarock db
/// proof` writes its dealt record from the revealed seed, and `tarock
/// verify` checks it; a changed salt does not verify.
#[tokio::test]
async fn a_20_ab_round_proof_verifies() {
    use tarock_game_core::fair::{Reveal, commit};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ab.db").display().to_string();
    let record = store_a_20_ab_session(&path).await;
    let seed = [4u8; 32];
    let salt = [5u8; 32];
    let dealt = {
        let kind = tarock_games::by_id("zwanzig-ab").unwrap();
        tarock_games::SeededRound::new(
            kind,
            &"standard".into(),
            3,
            tarock_game_core::Seat::new(0),
            &seed,
        )
        .unwrap()
        .round()
        .to_record()
        .unwrap()
    };
    assert_ne!(dealt, record);
    let commitment = commit(
        "zwanzig-ab",
        &Reveal { seed, salt },
        std::slice::from_ref(&dealt),
    );
    let store = Store::open(&path).await.unwrap();
    let deal = store.deals_of(tarock_storage::TableId(1)).await.unwrap()[0].id;
    let mut tx = store.begin().await.unwrap();
    tx.commit_fair_deal(deal, &commitment.0, &salt)
        .await
        .unwrap();
    let units = tarock_games::from_record(&record)
        .unwrap()
        .settlement()
        .unwrap()
        .units()
        .to_vec();
    tx.settle(
        deal,
        &tarock_storage::NewSettlement {
            changes: units,
            breakdown: "{}".into(),
            settled_ms: 1,
            sitting_out: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    store.close().await;

    let proof = tarock(&["db", "proof", "--database", &path, "--table", "1"], None);
    assert!(
        proof.status.success(),
        "{}",
        String::from_utf8_lossy(&proof.stderr)
    );
    let line = String::from_utf8(proof.stdout).unwrap();
    let json: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(json["game"], "zwanzig-ab");
    assert_eq!(json["dealt"], dealt.as_str());
    let out = tarock(&["verify", "-"], Some(&line));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("VERIFIED") && !text.contains("NOT VERIFIED"),
        "{text}"
    );
    // The same by flags; with another salt it fails.
    let hex = tarock_game_core::fair::hex;
    let flags = |salt: &[u8; 32]| {
        vec![
            "verify".to_owned(),
            "--commitment".to_owned(),
            commitment.to_string(),
            "--seed".to_owned(),
            hex(&seed),
            "--salt".to_owned(),
            hex(salt),
            "--dealt".to_owned(),
            dealt.clone(),
        ]
    };
    let args = flags(&salt);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(tarock(&args, None).status.code(), Some(0));
    let args = flags(&[6u8; 32]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = tarock(&args, None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("NOT VERIFIED")
    );
}
