//! What a new deal and a settlement need from a table's past is kept up to
//! date by the settlement's transaction (issue 31): each participant's
//! running balance (`table_balances`) and the game's round state on the
//! table row. The kept values must equal what the ledger sums to, also for
//! a database written before they were kept (the migration backfills the
//! balances). Every test runs on SQLite and on PostgreSQL.

mod common;

use std::collections::BTreeMap;

use common::*;
use sqlx::{Connection, Row};
use tarock_game_core::Seat;
use tarock_storage::{
    Backend, Balance, NewRound, NewSettlement, NewTable, Occupant, Participant, StorageError,
    Store, TableId,
};
use tarock_zwanzigerrufen::{Preset, Record, Seat as ZrSeat};

on_both!(
    kept_balances_equal_the_ledger_sums,
    the_round_state_is_kept_on_the_table_row,
);

/// Expected balances, computed here from what each deal wrote: per
/// participant (units, cents, deals, lowest seat).
type Sums = BTreeMap<String, (Participant, i64, i64, u32, u8)>;

fn key(participant: &Participant) -> String {
    format!("{participant:?}")
}

/// The balances in the order the store promises: units descending, then
/// the lowest seat, then the player's id (a computer's counting as 0).
fn expected(sums: &Sums) -> Vec<Balance> {
    let mut rows: Vec<_> = sums.values().cloned().collect();
    rows.sort_by_key(|(p, units, _, _, seat)| {
        let id = match p {
            Participant::Player(id) => id.0,
            Participant::Computer { .. } => 0,
        };
        (-units, *seat, id, key(p))
    });
    rows.into_iter()
        .map(|(participant, units, cents, deals, _)| Balance {
            participant,
            units,
            cents,
            deals,
        })
        .collect()
}

/// One balance as (player id, computer level, units, cents, deals).
type Summed = (Option<i64>, Option<String>, i64, i64, i64);

/// The balances summed from the ledger rows themselves, in a statement of
/// this test (the sum the store ran before it kept them).
async fn ledger_sums(db: &TestDb, table: TableId) -> Vec<Summed> {
    let mut conn = db.raw().await;
    let rows = sqlx::query(
        "SELECT player_id, computer, CAST(SUM(units) AS BIGINT) AS units,
                CAST(SUM(cents) AS BIGINT) AS cents, COUNT(*) AS deals
         FROM ledger WHERE table_id = $1
         GROUP BY player_id, computer, CASE WHEN computer IS NULL THEN -1 ELSE seat END
         ORDER BY SUM(units) DESC, MIN(seat), COALESCE(player_id, 0), computer",
    )
    .bind(table.0)
    .fetch_all(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
    rows.iter()
        .map(|r| {
            (
                r.get("player_id"),
                r.get("computer"),
                r.get("units"),
                r.get("cents"),
                r.get("deals"),
            )
        })
        .collect()
}

fn as_sums(balances: &[Balance]) -> Vec<Summed> {
    balances
        .iter()
        .map(|b| {
            let (player, computer) = match &b.participant {
                Participant::Player(id) => (Some(id.0), None),
                Participant::Computer { level, .. } => (None, Some(level.clone())),
            };
            (player, computer, b.units, b.cents, i64::from(b.deals))
        })
        .collect()
}

/// A Königrufen table of five (one seat sits each deal out): players move
/// seats, a computer changes level, the stake changes, and after every
/// deal the kept balances equal both the sums counted here and the
/// ledger's own sums.
async fn kept_balances_equal_the_ledger_sums(db: TestDb) {
    let store = &db.store;
    let mut tx = store.begin().await.unwrap();
    let anna = tx.upsert_player(&new_player("anna"), NOW).await.unwrap();
    let bert = tx.upsert_player(&new_player("bert"), NOW).await.unwrap();
    let table = tx
        .create_table(
            &NewTable {
                game: "koenigrufen".into(),
                seats: 5,
                ..new_table("c-kept", "\"standard\"", 10, Some(anna))
            },
            NOW,
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(store.table_balances(table).await.unwrap(), []);

    let mut sums = Sums::new();
    let changes_of = |n: i64| -> Vec<i64> {
        let a = n % 3 + 1;
        let b = (n * 7) % 5 - 2;
        vec![a, b, -a, -b - 1, 1]
    };
    for number in 1..=9u32 {
        let n = i64::from(number);
        let stake = 10 + 5 * (n % 3);
        // Who sits where for this deal.
        let level = if number <= 4 { "easy" } else { "hard" };
        let seats: [Occupant; 5] = if number % 2 == 1 {
            [
                Occupant::Player(anna),
                Occupant::Player(bert),
                Occupant::Computer(level.into()),
                Occupant::Computer("easy".into()),
                Occupant::Computer("medium".into()),
            ]
        } else {
            // Anna and Bert swap; the computers stay.
            [
                Occupant::Player(bert),
                Occupant::Player(anna),
                Occupant::Computer(level.into()),
                Occupant::Computer("easy".into()),
                Occupant::Computer("medium".into()),
            ]
        };
        let sitting_out = Seat::new((number % 5) as u8);
        let mut changes = changes_of(n);
        // The seat that sits out scores 0; another absorbs its change.
        let out = sitting_out.index();
        let moved = changes[out];
        changes[out] = 0;
        changes[(out + 1) % 5] += moved;
        assert_eq!(changes.iter().sum::<i64>(), 0);

        let mut tx = store.begin().await.unwrap();
        tx.set_table_settings(table, "\"standard\"", stake, 120_000, "de", NOW)
            .await
            .unwrap();
        for seat in 0..2 {
            tx.clear_seat(table, Seat::new(seat)).await.unwrap();
        }
        for (i, occupant) in seats.iter().enumerate() {
            tx.set_seat(table, Seat::new(i as u8), occupant, NOW)
                .await
                .unwrap();
        }
        let deal = tx
            .start_round(
                &NewRound {
                    table,
                    game: "koenigrufen".into(),
                    number,
                    first: Seat::new(0),
                    rules: "\"standard\"".into(),
                    started_ms: NOW,
                },
                &[number as u8; 32],
            )
            .await
            .unwrap();
        tx.settle(
            deal,
            &NewSettlement {
                changes: changes.clone(),
                breakdown: "{}".into(),
                settled_ms: NOW + n,
                sitting_out: Some(sitting_out),
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();

        for (i, occupant) in seats.iter().enumerate() {
            if i == out {
                continue;
            }
            let seat = Seat::new(i as u8);
            let participant = Participant::of(seat, occupant);
            let entry = sums
                .entry(key(&participant))
                .or_insert((participant, 0, 0, 0, i as u8));
            entry.1 += changes[i];
            entry.2 += changes[i] * stake;
            entry.3 += 1;
            entry.4 = entry.4.min(i as u8);
        }
        let kept = store.table_balances(table).await.unwrap();
        assert_eq!(kept, expected(&sums), "after deal {number}");
        assert_eq!(
            as_sums(&kept),
            ledger_sums(&db, table).await,
            "after deal {number}"
        );
        // Read inside a transaction, the same.
        let mut tx = store.begin().await.unwrap();
        assert_eq!(tx.table_balances(table).await.unwrap(), kept);
        drop(tx);
    }
    // A level change at a seat is a new participant: the easy and the hard
    // computer of seat 2 each have their own balance.
    assert_eq!(
        store
            .table_balances(table)
            .await
            .unwrap()
            .iter()
            .filter(|b| matches!(&b.participant, Participant::Computer { seat, .. } if seat.index() == 2))
            .count(),
        2
    );
    // A settlement refused changes no balance.
    let before = store.table_balances(table).await.unwrap();
    let mut tx = store.begin().await.unwrap();
    let deal = tx
        .start_round(
            &NewRound {
                table,
                game: "koenigrufen".into(),
                number: 10,
                first: Seat::new(0),
                rules: "\"standard\"".into(),
                started_ms: NOW,
            },
            &[10; 32],
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let mut tx = store.begin().await.unwrap();
    assert!(matches!(
        tx.settle(
            deal,
            &NewSettlement {
                changes: vec![3, -1, -1, 0, -1],
                breakdown: "{}".into(),
                settled_ms: NOW,
                sitting_out: Some(Seat::new(4)),
            },
        )
        .await,
        Err(StorageError::Invalid(_))
    ));
    drop(tx);
    assert_eq!(store.table_balances(table).await.unwrap(), before);
}

/// The round state: nothing kept on a new table, what the settlement's
/// transaction wrote afterwards (and nothing when it rolled back), and an
/// unknown table is an error.
async fn the_round_state_is_kept_on_the_table_row(db: TestDb) {
    let (table, _) = seated_table(&db.store, "c-round", 10, [false, true, true, true]).await;
    let mut tx = db.store.begin().await.unwrap();
    assert_eq!(tx.round_state(table).await.unwrap(), None);
    tx.set_round_state(table, "{\"remaining\":4}")
        .await
        .unwrap();
    assert_eq!(
        tx.round_state(table).await.unwrap().as_deref(),
        Some("{\"remaining\":4}")
    );
    drop(tx);
    let mut tx = db.store.begin().await.unwrap();
    assert_eq!(tx.round_state(table).await.unwrap(), None);
    tx.set_round_state(table, "{\"remaining\":3}")
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let mut tx = db.store.begin().await.unwrap();
    assert_eq!(
        tx.round_state(table).await.unwrap().as_deref(),
        Some("{\"remaining\":3}")
    );
    assert!(matches!(
        tx.round_state(TableId(table.0 + 1000)).await,
        Err(StorageError::NotFound(_))
    ));
}

/// A database settled before the balances were kept (migrations up to
/// 0010): the migration sums its ledger into `table_balances`, and the
/// next settlement adds to the backfilled rows.
async fn old_ledgers_are_backfilled(backend: Backend) {
    let Some(old) = database_at_version(backend, 10).await else {
        return;
    };
    old.exec(
        "INSERT INTO players (id, platform, platform_user_id, display_name, language, created_ms)
         VALUES (1, 'telegram', 'u1', 'anna', 'de', 1), (2, 'telegram', 'u2', 'bert', 'de', 1),
                (3, 'telegram', 'u3', 'cleo', 'de', 1)",
    )
    .await;
    old.exec(
        "INSERT INTO tables (id, platform, chat_id, rules, stake_cents, pace_ms, language, status,
                             creator_id, created_ms, updated_ms, game, seat_count)
         VALUES (1, 'telegram', 'c1', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'zwanzigerrufen', 4),
                (2, 'telegram', 'c2', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'zwanzigerrufen', 4)",
    )
    .await;
    old.exec(
        "INSERT INTO seats (table_id, seat, player_id, computer, since_ms) VALUES
         (1, 0, 2, NULL, 1), (1, 1, 1, NULL, 1), (1, 2, NULL, 'easy', 1), (1, 3, 3, NULL, 1)",
    )
    .await;
    old.exec(
        "INSERT INTO deals (id, table_id, number, forehand, hands, rules, factor, status, started_ms)
         VALUES (101, 1, 1, 0, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'finished', 1),
                (102, 1, 2, 1, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'finished', 1),
                (103, 2, 1, 0, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'finished', 1)",
    )
    .await;
    old.exec(
        "INSERT INTO settlements (deal_id, table_id, breakdown, stake_cents, settled_ms) VALUES
         (101, 1, '{}', 10, 1), (102, 1, '{}', 20, 2), (103, 2, '{}', 10, 3)",
    )
    .await;
    // Deal 1: Anna on seat 0, Bert 1, computers on 2 (easy) and 3 (hard).
    // Deal 2: Bert on seat 0, Anna 1, the easy computer on 2, Cleo on 3.
    // Table 2's deal must not count at table 1.
    old.exec(
        "INSERT INTO ledger (deal_id, seat, table_id, player_id, computer, units, cents) VALUES
         (101, 0, 1, 1, NULL, 3, 30), (101, 1, 1, 2, NULL, 1, 10), (101, 2, 1, NULL, 'easy', -1, -10),
         (101, 3, 1, NULL, 'hard', -3, -30),
         (102, 0, 1, 2, NULL, -2, -40), (102, 1, 1, 1, NULL, 2, 40), (102, 2, 1, NULL, 'easy', 2, 40),
         (102, 3, 1, 3, NULL, -2, -40),
         (103, 0, 2, 1, NULL, 9, 90), (103, 1, 2, 2, NULL, -3, -30), (103, 2, 2, 3, NULL, -3, -30),
         (103, 3, 2, NULL, 'easy', -3, -30)",
    )
    .await;
    let store = Store::open(&old.url).await.unwrap();
    let player = |id| Participant::Player(tarock_storage::PlayerId(id));
    let computer = |seat, level: &str| Participant::Computer {
        seat: Seat::new(seat),
        level: level.into(),
    };
    let balance = |participant, units, cents, deals| Balance {
        participant,
        units,
        cents,
        deals,
    };
    assert_eq!(
        store.table_balances(TableId(1)).await.unwrap(),
        [
            balance(player(1), 5, 70, 2),
            balance(computer(2, "easy"), 1, 30, 2),
            balance(player(2), -1, -30, 2),
            balance(player(3), -2, -40, 1),
            balance(computer(3, "hard"), -3, -30, 1),
        ]
    );
    // Nothing is kept of the game's round state yet.
    let mut tx = store.begin().await.unwrap();
    assert_eq!(tx.round_state(TableId(1)).await.unwrap(), None);
    // The next settlement adds to the backfilled rows.
    let game = finished_game(3, &Preset::Standard.rules(), ZrSeat::S0);
    let deal = tx
        .start_deal(&new_deal(TableId(1), 3, &Record::from_game(&game), 3))
        .await
        .unwrap();
    tx.settle(
        deal,
        &NewSettlement {
            changes: vec![1, 1, -1, -1],
            breakdown: "{}".into(),
            settled_ms: 4,
            sitting_out: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(
        store.table_balances(TableId(1)).await.unwrap(),
        [
            balance(player(1), 6, 80, 3),
            balance(player(2), 0, -20, 3),
            balance(computer(2, "easy"), 0, 20, 3),
            balance(computer(3, "hard"), -3, -30, 1),
            balance(player(3), -3, -50, 2),
        ]
    );
    let mut conn = sqlx::AnyConnection::connect(&old.url).await.unwrap();
    let kept: i64 = sqlx::query("SELECT COUNT(*) FROM table_balances WHERE table_id = 2")
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .get(0);
    assert_eq!(kept, 4);
}

#[tokio::test]
async fn sqlite_old_ledgers_are_backfilled() {
    old_ledgers_are_backfilled(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_old_ledgers_are_backfilled() {
    old_ledgers_are_backfilled(Backend::Postgres).await;
}
