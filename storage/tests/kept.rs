//! What a new deal, a settlement and the statistics need from a table's
//! past is kept up to date by the settlement's transaction (issue 31): each
//! participant's running balance and figures (`table_balances`), a
//! person's deals by contract and side (`contract_stats`), each seat's
//! running score (`seat_scores`) and the game's round state on the table
//! row. The kept values must equal what the ledger sums to (the statistics:
//! what the statements that summed the ledger before returned), also for a
//! database written before they were kept (the migrations backfill them).
//! Every test runs on SQLite and on PostgreSQL.

mod common;

use std::collections::BTreeMap;

use common::*;
use sqlx::{Connection, Row};
use tarock_game_core::Seat;
use tarock_storage::{
    Backend, Balance, ContractStats, DealId, LeaderboardLine, LinkedChat, NewRound, NewSettlement,
    NewTable, Occupant, Participant, Platform, PlayerId, PlayerStats, SideStats, StorageError,
    Store, TableId,
};
use tarock_zwanzigerrufen::{Preset, Record, Seat as ZrSeat};

on_both!(
    kept_balances_equal_the_ledger_sums,
    the_round_state_is_kept_on_the_table_row,
    kept_statistics_equal_the_ledger_sums,
    seat_scores_are_kept_per_table,
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

        play(
            store,
            table,
            number,
            stake,
            &seats,
            &changes,
            Some(sitting_out),
            &[],
        )
        .await;

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

// ------------------------------------------------------------- statistics

/// A chat's tables as the statements that summed the ledger found them.
const OLD_CHAT_TABLES: &str = "SELECT id FROM tables WHERE platform = $1 AND chat_id = $2
 UNION SELECT table_id FROM table_links WHERE platform = $1 AND chat_id = $2";

/// The figures columns of the statements that summed the ledger.
const OLD_STATS_COLUMNS: &str = "COUNT(*) AS deals,
        CAST(SUM(CASE WHEN l.units > 0 THEN 1 ELSE 0 END) AS BIGINT) AS won,
        CAST(SUM(CASE WHEN l.units < 0 THEN 1 ELSE 0 END) AS BIGINT) AS lost,
        CAST(SUM(CASE WHEN l.declarer = 1 THEN 1 ELSE 0 END) AS BIGINT) AS declarer_deals,
        CAST(SUM(CASE WHEN l.declarer = 1 AND l.units > 0 THEN 1 ELSE 0 END) AS BIGINT) AS declarer_won,
        CAST(SUM(CASE WHEN l.declarer = 0 THEN 1 ELSE 0 END) AS BIGINT) AS opponent_deals,
        CAST(SUM(CASE WHEN l.declarer = 0 AND l.units > 0 THEN 1 ELSE 0 END) AS BIGINT) AS opponent_won,
        CAST(COALESCE(SUM(l.units), 0) AS BIGINT) AS units,
        CAST(COALESCE(SUM(l.cents), 0) AS BIGINT) AS cents";

/// A count that the old statements left NULL over no rows.
fn n(row: &sqlx::any::AnyRow, column: &str) -> u32 {
    row.get::<Option<i64>, _>(column).unwrap_or(0) as u32
}

fn old_stats_of(row: &sqlx::any::AnyRow, player: PlayerId) -> PlayerStats {
    PlayerStats {
        player,
        deals: n(row, "deals"),
        won: n(row, "won"),
        lost: n(row, "lost"),
        declarer: SideStats {
            deals: n(row, "declarer_deals"),
            won: n(row, "declarer_won"),
        },
        opponent: SideStats {
            deals: n(row, "opponent_deals"),
            won: n(row, "opponent_won"),
        },
        units: row.get("units"),
        cents: row.get("cents"),
    }
}

/// A person's figures at a chat's tables, summed from the ledger.
async fn old_player_stats(
    conn: &mut sqlx::AnyConnection,
    player: PlayerId,
    chat: Option<&str>,
) -> PlayerStats {
    let row = match chat {
        Some(chat) => {
            let sql = format!(
                "SELECT {OLD_STATS_COLUMNS} FROM ledger l WHERE l.table_id IN ({OLD_CHAT_TABLES})
                 AND l.player_id = $3"
            );
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind("telegram")
                .bind(chat)
                .bind(player.0)
                .fetch_one(&mut *conn)
                .await
                .unwrap()
        }
        None => {
            let sql = format!("SELECT {OLD_STATS_COLUMNS} FROM ledger l WHERE l.player_id = $1");
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(player.0)
                .fetch_one(&mut *conn)
                .await
                .unwrap()
        }
    };
    old_stats_of(&row, player)
}

/// A chat's leaderboard, summed from the ledger.
async fn old_leaderboard(
    conn: &mut sqlx::AnyConnection,
    chat: &str,
    limit: i64,
) -> Vec<LeaderboardLine> {
    let sql = format!(
        "SELECT l.player_id, COUNT(*) AS deals,
                CAST(SUM(CASE WHEN l.units > 0 THEN 1 ELSE 0 END) AS BIGINT) AS won,
                CAST(SUM(CASE WHEN l.units < 0 THEN 1 ELSE 0 END) AS BIGINT) AS lost,
                CAST(SUM(l.units) AS BIGINT) AS units, CAST(SUM(l.cents) AS BIGINT) AS cents
         FROM ledger l
         WHERE l.table_id IN ({OLD_CHAT_TABLES}) AND l.player_id IS NOT NULL
         GROUP BY l.player_id
         ORDER BY SUM(l.units) DESC, l.player_id
         LIMIT $3"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind("telegram")
        .bind(chat)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await
        .unwrap()
        .iter()
        .map(|row| LeaderboardLine {
            player: PlayerId(row.get("player_id")),
            deals: n(row, "deals"),
            won: n(row, "won"),
            lost: n(row, "lost"),
            units: row.get("units"),
            cents: row.get("cents"),
        })
        .collect()
}

/// A person's deals at a chat's tables by contract and side, summed from
/// the ledger and the settlements.
async fn old_contracts(
    conn: &mut sqlx::AnyConnection,
    player: PlayerId,
    chat: &str,
) -> Vec<ContractStats> {
    let sql = format!(
        "SELECT s.contract, l.declarer, COUNT(*) AS deals,
                CAST(SUM(CASE WHEN l.units > 0 THEN 1 ELSE 0 END) AS BIGINT) AS won,
                CAST(COALESCE(SUM(l.units), 0) AS BIGINT) AS units
         FROM ledger l CROSS JOIN settlements s
         WHERE l.table_id IN ({OLD_CHAT_TABLES}) AND l.player_id = $3
           AND s.deal_id = l.deal_id
         GROUP BY s.contract, l.declarer
         ORDER BY COUNT(*) DESC, COALESCE(s.contract, ''), COALESCE(l.declarer, -1)"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind("telegram")
        .bind(chat)
        .bind(player.0)
        .fetch_all(&mut *conn)
        .await
        .unwrap()
        .iter()
        .map(|row| ContractStats {
            contract: row.get("contract"),
            declarer: row.get::<Option<i64>, _>("declarer").map(|d| d == 1),
            deals: n(row, "deals"),
            won: n(row, "won"),
            units: row.get("units"),
        })
        .collect()
}

/// A person's balance everywhere, summed from the ledger.
async fn old_balance(conn: &mut sqlx::AnyConnection, player: PlayerId) -> Balance {
    let row = sqlx::query(
        "SELECT CAST(COALESCE(SUM(units), 0) AS BIGINT) AS units,
                CAST(COALESCE(SUM(cents), 0) AS BIGINT) AS cents, COUNT(*) AS deals
         FROM ledger WHERE player_id = $1",
    )
    .bind(player.0)
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    Balance {
        participant: Participant::Player(player),
        units: row.get("units"),
        cents: row.get("cents"),
        deals: n(&row, "deals"),
    }
}

/// Every statistic the store shows, for every person and chat given,
/// equals what the statements that summed the ledger return; how many
/// statistics lines were compared.
async fn statistics_match_the_old_sums(
    url: &str,
    store: &Store,
    players: &[PlayerId],
    chats: &[&str],
) -> usize {
    sqlx::any::install_default_drivers();
    let (url, _) = tarock_storage::normalize_url(url).unwrap();
    let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
    let mut compared = 0;
    for chat in chats {
        for limit in [2, 50] {
            let kept = store
                .chat_leaderboard(Platform::Telegram, chat, limit)
                .await
                .unwrap();
            let old = old_leaderboard(&mut conn, chat, i64::from(limit)).await;
            assert_eq!(kept, old, "leaderboard of {chat}, at most {limit}");
            compared += kept.len();
        }
        for player in players {
            let kept = store
                .player_stats(*player, Some((Platform::Telegram, chat)))
                .await
                .unwrap();
            assert_eq!(
                kept,
                old_player_stats(&mut conn, *player, Some(chat)).await,
                "{player:?} in {chat}"
            );
            let kept = store
                .player_contracts(*player, Platform::Telegram, chat)
                .await
                .unwrap();
            assert_eq!(
                kept,
                old_contracts(&mut conn, *player, chat).await,
                "contracts of {player:?} in {chat}"
            );
            compared += kept.len() + 1;
        }
    }
    for player in players {
        let kept = store.player_stats(*player, None).await.unwrap();
        assert_eq!(kept, old_player_stats(&mut conn, *player, None).await);
        assert_eq!(
            store.player_balance(*player).await.unwrap(),
            old_balance(&mut conn, *player).await,
            "{player:?}"
        );
        compared += 2;
    }
    conn.close().await.unwrap();
    compared
}

/// Seats `occupants` at `table` (all seats cleared first), deals round
/// `number` at `stake` and settles it with `changes`, seat `out` sitting
/// out; then records each of `sides` (contract, declarer bits) in turn (a
/// second one re-records the deal).
#[allow(clippy::too_many_arguments)]
async fn play(
    store: &Store,
    table: TableId,
    number: u32,
    stake: i64,
    occupants: &[Occupant],
    changes: &[i64],
    out: Option<Seat>,
    sides: &[(&str, u32)],
) -> DealId {
    let mut tx = store.begin().await.unwrap();
    tx.set_table_settings(table, "\"standard\"", stake, 120_000, "de", NOW)
        .await
        .unwrap();
    for seat in 0..occupants.len() {
        tx.clear_seat(table, Seat::new(seat as u8)).await.unwrap();
    }
    for (seat, occupant) in occupants.iter().enumerate() {
        tx.set_seat(table, Seat::new(seat as u8), occupant, NOW)
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
            changes: changes.to_vec(),
            breakdown: "{}".into(),
            settled_ms: NOW + i64::from(number),
            sitting_out: out,
        },
    )
    .await
    .unwrap();
    for (contract, declarers) in sides {
        tx.record_sides(deal, contract, *declarers).await.unwrap();
    }
    tx.commit().await.unwrap();
    deal
}

/// Changes for `seats` seats that sum to zero, with zeros now and then,
/// seat `out` (if any) scoring nothing.
fn changes_for(n: i64, seats: usize, out: Option<usize>) -> Vec<i64> {
    let a = n % 3 - 1;
    let b = (n * 5) % 7 - 3;
    let mut changes = vec![a, b, -a, -b];
    if seats == 5 {
        changes.push(0);
    }
    if let Some(out) = out {
        let moved = changes[out];
        changes[out] = 0;
        changes[(out + 1) % seats] += moved;
    }
    changes
}

/// What a deal `n` records of its contract and sides: nothing, once, or
/// twice (re-recorded with another contract and other sides).
fn sides_for(n: i64) -> Vec<(&'static str, u32)> {
    const CONTRACTS: [&str; 4] = ["rufer", "dreier", "solo", "farbensolo"];
    let contract = CONTRACTS[(n as usize / 4) % 4];
    match n % 4 {
        0 => vec![],
        1 | 3 => vec![(contract, (n as u32 * 5) % 32)],
        _ => vec![("rufer", 1), (contract, (n as u32 * 3) % 32)],
    }
}

/// Several tables in three chats (one linked into another chat after it
/// played), people at several tables and moving seats, computers, a seat
/// sitting out, deals with no contract recorded, recorded once and
/// re-recorded: every statistic the store shows equals what the ledger
/// sums to, before and after the link.
async fn kept_statistics_equal_the_ledger_sums(db: TestDb) {
    let store = &db.store;
    let mut tx = store.begin().await.unwrap();
    let mut people = Vec::new();
    for name in ["anna", "bert", "cleo", "dora", "emil"] {
        people.push(tx.upsert_player(&new_player(name), NOW).await.unwrap());
    }
    let [anna, bert, cleo, dora, emil] = people[..] else {
        unreachable!()
    };
    let table_in = |chat: &'static str, seats: u8| NewTable {
        game: "koenigrufen".into(),
        seats,
        ..new_table(chat, "\"standard\"", 10, Some(anna))
    };
    let t1 = tx.create_table(&table_in("chat-a", 4), NOW).await.unwrap();
    let t2 = tx.create_table(&table_in("chat-b", 5), NOW).await.unwrap();
    let t3 = tx.create_table(&table_in("chat-a", 4), NOW).await.unwrap();
    let t4 = tx.create_table(&table_in("chat-c", 4), NOW).await.unwrap();
    tx.commit().await.unwrap();
    let p = Occupant::Player;
    let c = |level: &str| Occupant::Computer(level.into());
    let chats = ["chat-a", "chat-b", "chat-c", "chat-none"];

    for number in 1..=12u32 {
        let n = i64::from(number);
        let stake = 5 + 5 * (n % 3);
        // Bert gives his seat at table 1 to Dora after four deals.
        let second = if number <= 4 { p(bert) } else { p(dora) };
        play(
            store,
            t1,
            number,
            stake,
            &[p(anna), second, c("easy"), p(cleo)],
            &changes_for(n, 4, None),
            None,
            &sides_for(n),
        )
        .await;
        let out = (number % 5) as usize;
        play(
            store,
            t2,
            number,
            stake,
            &[p(bert), p(dora), p(anna), c("hard"), p(emil)],
            &changes_for(n + 1, 5, Some(out)),
            Some(Seat::new(out as u8)),
            &sides_for(n + 1),
        )
        .await;
        // Anna and Dora swap seats every deal at table 3.
        let (x, y) = if number % 2 == 0 {
            (anna, dora)
        } else {
            (dora, anna)
        };
        play(
            store,
            t3,
            number,
            stake,
            &[p(x), p(y), c("easy"), c("medium")],
            &changes_for(n + 2, 4, None),
            None,
            &sides_for(n + 2),
        )
        .await;
        if number <= 3 {
            play(
                store,
                t4,
                number,
                stake,
                &[p(emil), p(cleo), p(anna), p(bert)],
                &changes_for(n + 3, 4, None),
                None,
                &sides_for(n + 3),
            )
            .await;
        }
        if number == 6 {
            statistics_match_the_old_sums(&db.url, store, &people, &chats).await;
        }
    }
    // Table 2 is linked into chat A after it played: chat A counts its
    // whole past.
    let before = store
        .player_stats(emil, Some((Platform::Telegram, "chat-a")))
        .await
        .unwrap();
    assert_eq!(before.deals, 0);
    let mut tx = store.begin().await.unwrap();
    assert!(
        tx.create_link_code("STATS1", t2, NOW + 600_000)
            .await
            .unwrap()
    );
    let chat_a = LinkedChat {
        platform: Platform::Telegram,
        chat_id: "chat-a".into(),
        thread_id: None,
    };
    assert_eq!(
        tx.link_chat("STATS1", t2, &chat_a, NOW).await.unwrap(),
        Ok(())
    );
    tx.commit().await.unwrap();
    let compared = statistics_match_the_old_sums(&db.url, store, &people, &chats).await;
    assert!(compared > 60, "{compared}");
    let after = store
        .player_stats(emil, Some((Platform::Telegram, "chat-a")))
        .await
        .unwrap();
    // Emil sat at table 2 in all twelve deals but sat out two of them.
    assert_eq!(after.deals, 10);
    assert_eq!(
        after,
        store
            .player_stats(emil, Some((Platform::Telegram, "chat-b")))
            .await
            .unwrap()
    );
    // The data covers what the statistics distinguish.
    let contracts = store
        .player_contracts(anna, Platform::Telegram, "chat-a")
        .await
        .unwrap();
    assert!(
        contracts.iter().any(|c| c.contract.is_none()),
        "{contracts:?}"
    );
    assert!(
        contracts.iter().any(|c| c.declarer == Some(true)),
        "{contracts:?}"
    );
    assert!(
        contracts.iter().any(|c| c.declarer == Some(false)),
        "{contracts:?}"
    );
    let stats = store.player_stats(anna, None).await.unwrap();
    assert!(
        stats.won > 0 && stats.lost > 0 && stats.deals > stats.won + stats.lost,
        "{stats:?}"
    );
}

/// Seat scores: nothing kept on a new table; what a settlement's
/// transaction keeps (and nothing when it rolled back); a reader's
/// computed scores never overwrite kept ones.
async fn seat_scores_are_kept_per_table(db: TestDb) {
    let (table, _) = seated_table(&db.store, "c-scores", 10, [false, true, true, true]).await;
    let (other, _) = seated_table(&db.store, "c-scores-2", 10, [false, true, true, true]).await;
    let mut tx = db.store.begin().await.unwrap();
    assert_eq!(tx.seat_scores(table).await.unwrap(), None);
    tx.set_seat_scores(table, &[3, -1, -1, -1]).await.unwrap();
    assert_eq!(
        tx.seat_scores(table).await.unwrap(),
        Some(vec![3, -1, -1, -1])
    );
    drop(tx);
    let mut tx = db.store.begin().await.unwrap();
    assert_eq!(tx.seat_scores(table).await.unwrap(), None, "rolled back");
    tx.set_seat_scores_if_none(table, &[1, 1, -1, -1])
        .await
        .unwrap();
    tx.set_seat_scores(table, &[2, 0, -1, -1]).await.unwrap();
    tx.set_seat_scores_if_none(table, &[9, 9, 9, 9])
        .await
        .unwrap();
    tx.set_seat_scores(other, &[0, 0, 0, 7]).await.unwrap();
    tx.commit().await.unwrap();
    let mut tx = db.store.begin().await.unwrap();
    assert_eq!(
        tx.seat_scores(table).await.unwrap(),
        Some(vec![2, 0, -1, -1])
    );
    assert_eq!(tx.seat_scores(other).await.unwrap(), Some(vec![0, 0, 0, 7]));
}

/// A database with history written before the statistics were kept
/// (migrations up to 0012): sides and contracts recorded for some deals,
/// not for others, a linked chat. The migration backfills the kept
/// figures; the statistics equal the ledger's sums, also after further
/// settlements that re-record the sides of a deal.
async fn old_statistics_are_backfilled(backend: Backend) {
    let Some(old) = database_at_version(backend, 12).await else {
        return;
    };
    old.exec(
        "INSERT INTO players (id, platform, platform_user_id, display_name, language, created_ms)
         VALUES (1, 'telegram', 'u1', 'anna', 'de', 1), (2, 'telegram', 'u2', 'bert', 'de', 1),
                (3, 'telegram', 'u3', 'cleo', 'de', 1), (4, 'telegram', 'u4', 'dora', 'de', 1)",
    )
    .await;
    old.exec(
        "INSERT INTO tables (id, platform, chat_id, rules, stake_cents, pace_ms, language, status,
                             creator_id, created_ms, updated_ms, game, seat_count)
         VALUES (1, 'telegram', 'c1', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'koenigrufen', 4),
                (2, 'telegram', 'c2', '\"standard\"', 10, 120000, 'de', 'playing', 1, 1, 1,
                 'koenigrufen', 4)",
    )
    .await;
    old.exec(
        "INSERT INTO table_links (platform, chat_id, thread_id, table_id, linked_ms)
         VALUES ('telegram', 'c1', '', 2, 1)",
    )
    .await;
    old.exec(
        "INSERT INTO seats (table_id, seat, player_id, computer, since_ms) VALUES
         (1, 0, 2, NULL, 1), (1, 1, 1, NULL, 1), (1, 2, NULL, 'easy', 1), (1, 3, 3, NULL, 1)",
    )
    .await;
    old.exec(
        "INSERT INTO deals (id, table_id, number, forehand, hands, rules, factor, status, started_ms, game)
         VALUES (101, 1, 1, 0, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'finished', 1, 'koenigrufen'),
                (102, 1, 2, 1, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'finished', 1, 'koenigrufen'),
                (103, 2, 1, 0, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'finished', 1, 'koenigrufen'),
                (104, 1, 3, 2, '[\"\",\"\",\"\",\"\"]', '\"standard\"', 1, 'finished', 1, 'koenigrufen')",
    )
    .await;
    old.exec(
        "INSERT INTO settlements (deal_id, table_id, breakdown, stake_cents, settled_ms, contract)
         VALUES (101, 1, '{}', 10, 1, 'rufer'), (102, 1, '{}', 20, 2, NULL),
                (103, 2, '{}', 10, 3, 'solo'), (104, 1, '{}', 10, 4, 'rufer')",
    )
    .await;
    old.exec(
        "INSERT INTO ledger (deal_id, seat, table_id, player_id, computer, units, cents, declarer) VALUES
         (101, 0, 1, 1, NULL, 3, 30, 1), (101, 1, 1, 2, NULL, 1, 10, 1),
         (101, 2, 1, NULL, 'easy', -1, -10, 0), (101, 3, 1, NULL, 'hard', -3, -30, 0),
         (102, 0, 1, 2, NULL, -2, -40, NULL), (102, 1, 1, 1, NULL, 2, 40, NULL),
         (102, 2, 1, NULL, 'easy', 2, 40, NULL), (102, 3, 1, 3, NULL, -2, -40, NULL),
         (103, 0, 2, 1, NULL, 9, 90, 1), (103, 1, 2, 2, NULL, -3, -30, 0),
         (103, 2, 2, 3, NULL, -3, -30, 0), (103, 3, 2, 4, NULL, -3, -30, 0),
         (104, 0, 1, 2, NULL, 0, 0, 0), (104, 1, 1, 1, NULL, -1, -10, 1),
         (104, 2, 1, NULL, 'easy', 1, 10, 0), (104, 3, 1, 3, NULL, 0, 0, 1)",
    )
    .await;
    // The balances as migration 0011 kept them.
    old.exec(
        "INSERT INTO table_balances (table_id, player_key, computer, slot, seat, units, cents, deals)
         SELECT table_id, COALESCE(player_id, 0), COALESCE(computer, ''),
                CASE WHEN computer IS NULL THEN -1 ELSE seat END,
                MIN(seat), SUM(units), SUM(cents), COUNT(*)
         FROM ledger GROUP BY 1, 2, 3, 4",
    )
    .await;
    let store = Store::open(&old.url).await.unwrap();
    let people: Vec<PlayerId> = (1..=4).map(PlayerId).collect();
    let chats = ["c1", "c2", "c3"];
    statistics_match_the_old_sums(&old.url, &store, &people, &chats).await;
    // Anna in chat 1 (table 1 and the linked table 2), by hand: deals 101
    // (+3, declarer, rufer), 102 (+2, none), 104 (−1, declarer, rufer),
    // 103 (+9, declarer, solo).
    let anna = store
        .player_stats(PlayerId(1), Some((Platform::Telegram, "c1")))
        .await
        .unwrap();
    assert_eq!(
        (
            anna.deals,
            anna.won,
            anna.lost,
            anna.declarer,
            anna.opponent,
            anna.units
        ),
        (
            4,
            3,
            1,
            SideStats { deals: 3, won: 2 },
            SideStats::default(),
            13
        )
    );
    // Further deals on the migrated table, one re-recorded.
    let occupants = [
        Occupant::Player(PlayerId(2)),
        Occupant::Player(PlayerId(1)),
        Occupant::Computer("easy".into()),
        Occupant::Player(PlayerId(3)),
    ];
    for number in 4..=6u32 {
        let n = i64::from(number);
        play(
            &store,
            TableId(1),
            number,
            10,
            &occupants,
            &changes_for(n, 4, None),
            None,
            &sides_for(n),
        )
        .await;
    }
    let compared = statistics_match_the_old_sums(&old.url, &store, &people, &chats).await;
    assert!(compared > 20, "{compared}");
}

#[tokio::test]
async fn sqlite_old_statistics_are_backfilled() {
    old_statistics_are_backfilled(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_old_statistics_are_backfilled() {
    old_statistics_are_backfilled(Backend::Postgres).await;
}
