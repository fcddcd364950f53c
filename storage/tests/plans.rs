//! Query plans: a bot that has run for a year must be as fast as on its
//! first day, so no hot statement may read a whole history table.
//!
//! Each backend's test fills a fresh database with a large history written
//! directly in SQL (10 000 finished tables with two deals each, their
//! seats, events, settlements and ledger rows; 100 000 delivered messages;
//! 100 000 processed update ids; a few live tables with pending messages
//! and deadlines), brings the planner's statistics up to date the way
//! production does (and, on SQLite, once more with no statistics at all,
//! as between two refreshes they may be stale), and then asks the database for the plan of every hot
//! statement of `tarock_storage::sql` with representative parameters (the
//! values the hot path uses: a live table, a recent deal, a player, the
//! clock now).
//!
//! The rule, the same on both databases: a plan fails when it reads every
//! row of a history table (`outbox`, `processed_updates`, `events`,
//! `deals`, `settlements`, `ledger`, `tables`, `seats`): SQLite's
//! `SCAN <table>` without an index or through an index that is not one of
//! the partial indexes of live work listed in [`LIVE_WORK_INDEXES`];
//! PostgreSQL's `Seq Scan`, or an index scan without an index condition
//! through such an index. SQLite's plan of an INSERT also lists the
//! foreign-key searches of the new row's children; they only run while a
//! deferred violation is outstanding, which immediate keys never leave, so
//! they are not counted. PostgreSQL may rightly prefer a sequential scan
//! of a small table; every history table here holds at least 20 000 rows
//! and the statistics are fresh (`ANALYZE`), so a sequential scan is a
//! choice the history would make worse, and fails.

mod common;

use common::{TestDb, postgres_db, sqlite_db};
use sqlx::{Connection, Executor, Row};
use tarock_storage::sql::{Heat, Statement, statements};
use tarock_storage::{Backend, Store};

/// Tables that grow with the history.
const HISTORY: [&str; 11] = [
    "outbox",
    "processed_updates",
    "events",
    "deals",
    "settlements",
    "ledger",
    "tables",
    "seats",
    "table_balances",
    "contract_stats",
    "seat_scores",
];

/// Partial indexes whose rows are live work, not history: scanning them
/// costs what is pending, open, or (failed messages) what the retention cap
/// keeps.
const LIVE_WORK_INDEXES: [&str; 4] = [
    "outbox_pending",
    "outbox_lane",
    "outbox_failed",
    "tables_open_by_chat",
];

const NOW: i64 = 1_795_176_000_000;
const FINISHED_TABLES: i64 = 10_000;
const LIVE_TABLES: i64 = 20;
const SENT: i64 = 100_000;
const UPDATES: i64 = 100_000;

/// A representative parameter.
#[derive(Clone, Copy, Debug)]
enum P {
    I(i64),
    T(&'static str),
    /// A NULL text.
    NullText,
}

/// Parameters for a statement as its hot path binds them.
fn params(name: &str) -> Vec<P> {
    use P::{I, NullText, T};
    let live_table = I(FINISHED_TABLES + 3);
    let old_table = I(5);
    match name {
        "UPSERT_PLAYER" => vec![T("telegram"), T("u7"), T("Anna"), T("de"), I(NOW)],
        "PLAYER_ON" => vec![T("telegram"), T("u7")],
        "PLAYER_BY_ID" => vec![I(7)],
        "TABLE_BY_ID"
        | "LOCK_TABLE"
        | "SEATS_OF_TABLE"
        | "LATEST_DEAL_OF_TABLE"
        | "TABLE_BALANCES"
        | "ROUND_STATE_OF_TABLE"
        | "SEAT_SCORES"
        | "SETTLED_DEALS"
        | "DELETE_DEADLINE"
        | "DEADLINE_OF_TABLE" => vec![live_table],
        "DEALS_OF_TABLE" => vec![old_table],
        "RECENT_SETTLEMENTS" => vec![live_table, I(10)],
        "INSERT_TABLE" => vec![
            T("telegram"),
            T("c7"),
            NullText,
            T("\"standard\""),
            I(10),
            I(120_000),
            T("de"),
            I(7),
            I(NOW),
            T("zwanzig-ab"),
            I(5),
        ],
        "SET_TABLE_STATUS" => vec![live_table, T("playing"), I(NOW)],
        "SET_PUBLIC_MESSAGE" => vec![live_table, T("m1"), I(NOW)],
        "SET_TABLE_SETTINGS" => vec![
            live_table,
            T("\"standard\""),
            I(10),
            I(60_000),
            T("de"),
            I(NOW),
        ],
        "UPSERT_SEAT" => vec![live_table, I(2), I(7), NullText, I(NOW)],
        "DELETE_SEAT" => vec![live_table, I(2)],
        "OPEN_TABLES_IN_CHAT" => vec![T("telegram"), T("c7")],
        "OPEN_TABLES_OF_PLAYER" => vec![T("telegram"), T("u7")],
        "TABLE_IDS_WITH_STATUS" => vec![T("playing")],
        "DEAL_BY_ID"
        | "EVENTS_OF_DEAL"
        | "DEAL_STATUS_AND_NEXT_SEQ"
        | "SHUFFLE_SEED"
        | "DEAL_REVEAL"
        | "DEAL_FOR_SETTLING"
        | "SETTLEMENT_OF_DEAL"
        | "LEDGER_OF_DEAL" => vec![I(15_000)],
        "INSERT_DEAL" => vec![
            live_table,
            I(3),
            I(0),
            T("[\"a\",\"b\",\"c\",\"d\"]"),
            T("\"standard\""),
            I(1),
            I(NOW),
            NullText,
            T("zwanzigerrufen"),
            T("{\"remaining\":0}"),
            I(0),
        ],
        "CONTINUE_IN_TOKENS" => vec![I(15_000), I(3)],
        "SET_FAIR_COMMITMENT" => vec![
            I(15_000),
            T("abababababababababababababababababababababababababababababababab"),
            T("cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"),
        ],
        "SET_FAIR_ROUND" => vec![
            I(15_000),
            T("abababababababababababababababababababababababababababababababab"),
            T("cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"),
            T(r#"["T1 T2","T3 T4"]"#),
        ],
        "append_events" => {
            let mut values = vec![I(15_000), I(10)];
            for seq in 10..13 {
                values.extend([I(seq), I(1), T("pass"), I(NOW), I(0)]);
            }
            values
        }
        "FINISH_DEAL" => vec![I(15_000), T("finished"), I(NOW)],
        "INSERT_SETTLEMENT" => vec![I(15_000), live_table, T("{}"), I(10), I(NOW)],
        "INSERT_LEDGER_ROW" => vec![I(15_000), I(1), live_table, I(7), NullText, I(2), I(20)],
        "ADD_TO_TABLE_BALANCE" => vec![
            live_table,
            I(7),
            T(""),
            I(-1),
            I(1),
            I(2),
            I(20),
            I(1),
            I(0),
        ],
        "ADD_DEAL_TO_SIDE_STATS" | "ADD_DEAL_TO_CONTRACT_STATS" => vec![I(15_000), I(-1)],
        "set_seat_scores" | "set_seat_scores_if_none" => vec![
            live_table,
            I(0),
            I(10),
            I(1),
            I(-30),
            I(2),
            I(10),
            I(3),
            I(10),
        ],
        "SET_ROUND_STATE" => vec![live_table, T("{\"remaining\":4}")],
        "PLAYER_BALANCE" | "PLAYER_STATS" => vec![I(7)],
        "SET_SETTLEMENT_CONTRACT" => vec![I(15_000), T("rufer")],
        "SET_LEDGER_SIDES" => vec![I(15_000), I(5)],
        "CHAT_LEADERBOARD" => vec![T("telegram"), T("c7"), I(10)],
        "PLAYER_STATS_IN_CHAT" | "PLAYER_CONTRACTS_IN_CHAT" => {
            vec![T("telegram"), T("c7"), I(7)]
        }
        "DELIVERY_GET" | "DELIVERY_DELETE" => vec![T("table:7"), T("private:u7")],
        "DELIVERY_PUT" | "DELIVERY_PUT_NEW" => {
            vec![T("table:7"), T("private:u7"), T("m1"), I(NOW)]
        }
        "DELIVERY_LIST" => vec![T("table:7")],
        "DELIVERY_DELETE_PREFIX" => vec![T("discord:told"), T("u7:")],
        "ENQUEUE" => vec![live_table, T("private:telegram:u7"), T("{}"), I(NOW)],
        "enqueue_many" => vec![
            live_table,
            I(NOW),
            T("table:1"),
            T("{}"),
            T("private:telegram:u7"),
            T("{}"),
            T("private:telegram:u8"),
            T("{}"),
        ],
        "SQLITE_CLAIM_OUTBOX" | "POSTGRES_CLAIM_OUTBOX" => vec![I(NOW), I(NOW + 60_000), I(50)],
        "SQLITE_CLAIM_OUTBOX_OF" | "POSTGRES_CLAIM_OUTBOX_OF" => vec![
            I(NOW),
            I(NOW + 60_000),
            I(50),
            T("telegram:"),
            T("telegram;"),
        ],
        "LINKS_OF_TABLE" | "DELETE_LINKS_OF_TABLE" => vec![live_table],
        "LINKED_TABLE_OF_CHAT" | "DROP_STALE_LINK" => vec![T("discord"), T("c7"), T("")],
        "INSERT_LINK" => vec![T("discord"), T("c7"), T(""), live_table, I(NOW)],
        "DELETE_LINK" => vec![T("discord"), T("c7"), T(""), live_table],
        "INSERT_LINK_CODE" => vec![T("K7Q2MX"), live_table, I(NOW + 600_000)],
        "TAKE_LINK_CODE" | "PEEK_LINK_CODE" => vec![T("K7Q2MX"), I(NOW)],
        "PRUNE_LINK_CODES" => vec![I(NOW)],
        "INSERT_CUP" => vec![
            T("telegram"),
            T("-100"),
            T(""),
            T("Herbst"),
            T("{}"),
            I(120_000),
            T("de"),
            I(1),
            I(NOW),
        ],
        "OPEN_CUP_IN_CHAT" | "LOCK_OPEN_CUP_IN_CHAT" | "LATEST_CUP_IN_CHAT" => {
            vec![T("telegram"), T("-100"), T("")]
        }
        "CUP_BY_ID" | "LOCK_CUP" | "CUP_TABLES_OF_CUP" => vec![I(1)],
        "SAVE_CUP" => vec![I(1), T("{}"), T("open"), I(NOW)],
        "INSERT_CUP_TABLE" => vec![live_table, I(1), I(1), I(1), I(1), I(16)],
        "CUP_TABLE" => vec![live_table],
        "mark_sent" => vec![I(NOW), I(SENT + 1), I(SENT + 2), I(SENT + 3)],
        "RETRY_LATER" => vec![I(SENT + 1), T("rate limit"), I(NOW + 1000)],
        "GIVE_UP" => vec![I(SENT + 1), T("blocked")],
        "RELEASE" => vec![I(SENT + 1), I(NOW)],
        // The oldest 500 of the expired.
        "SQLITE_PRUNE_SENT" | "POSTGRES_PRUNE_SENT" => vec![I(NOW - 7 * 86_400_000), I(500)],
        "FAILED_BEYOND_CAP" => vec![I(10_000)],
        "SQLITE_PRUNE_FAILED" | "POSTGRES_PRUNE_FAILED" => vec![I(SENT + 20), I(500)],
        "MARK_UPDATE" => vec![T("telegram"), T("123456789"), I(NOW)],
        "IS_PROCESSED" => vec![T("telegram"), T("123456789")],
        "SQLITE_PRUNE_UPDATES" | "POSTGRES_PRUNE_UPDATES" => {
            vec![I(NOW - 48 * 3_600_000), I(500)]
        }
        "UPSERT_DEADLINE" => vec![
            live_table,
            I(15_000),
            I(3),
            I(1),
            I(NOW),
            I(NOW + 60_000),
            I(0),
        ],
        "DUE_DEADLINES" => vec![I(NOW), I(100)],
        "NEXT_DEADLINE" => vec![],
        "MARK_REMINDED" => vec![live_table, I(15_000), I(3)],
        other => panic!("no representative parameters for hot statement {other}: add them here"),
    }
}

/// A row source of `n` integers `i` from 1, as a FROM item named `g`.
fn series(backend: Backend, n: i64) -> String {
    match backend {
        Backend::Sqlite => format!(
            "(WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {n}) SELECT i FROM s) g"
        ),
        Backend::Postgres => format!("(SELECT generate_series(1, {n}) AS i) g"),
    }
}

/// Fills the database with a large history, in plain SQL.
async fn fill(db: &TestDb) {
    let b = db.backend();
    let tables = FINISHED_TABLES + LIVE_TABLES;
    let deals = 2 * FINISHED_TABLES + LIVE_TABLES;
    let s = |n| series(b, n);
    let statements = [
        // 2 000 players.
        format!(
            "INSERT INTO players (id, platform, platform_user_id, display_name, language, created_ms)
             SELECT i, 'telegram', 'u' || CAST(i AS TEXT), 'P', 'de', {NOW} FROM {}",
            s(2000)
        ),
        // Finished tables are closed; the last 20 are playing. 500 chats.
        format!(
            "INSERT INTO tables (id, platform, chat_id, rules, stake_cents, pace_ms, language, status,
                                 creator_id, created_ms, updated_ms)
             SELECT i, 'telegram', 'c' || CAST(i % 500 AS TEXT), '\"standard\"', 10, 120000, 'de',
                    CASE WHEN i > {FINISHED_TABLES} THEN 'playing' ELSE 'closed' END,
                    1 + i % 2000, {NOW}, {NOW}
             FROM {}",
            s(tables)
        ),
        // Four seats per table, four different players.
        format!(
            "INSERT INTO seats (table_id, seat, player_id, since_ms)
             SELECT 1 + (i - 1) / 4, (i - 1) % 4, 1 + (i - 1) % 2000, {NOW} FROM {}",
            s(4 * tables)
        ),
        // Two finished deals per finished table (ids 1..20 000), then one
        // active deal per live table.
        format!(
            "INSERT INTO deals (id, table_id, number, forehand, hands, rules, factor, status, started_ms, finished_ms)
             SELECT i,
                    CASE WHEN i <= {d} THEN 1 + (i - 1) / 2 ELSE {FINISHED_TABLES} + i - {d} END,
                    CASE WHEN i <= {d} THEN 1 + (i - 1) % 2 ELSE 1 END,
                    0, '[\"a\",\"b\",\"c\",\"d\"]', '\"standard\"', 1,
                    CASE WHEN i <= {d} THEN 'finished' ELSE 'active' END, {NOW}, {NOW}
             FROM {}",
            s(deals),
            d = 2 * FINISHED_TABLES
        ),
        // Ten events per deal.
        format!(
            "INSERT INTO events (deal_id, seq, seat, action, at_ms, by_computer)
             SELECT 1 + (i - 1) / 10, (i - 1) % 10, (i - 1) % 4, 'pass', {NOW}, 0 FROM {}",
            s(10 * deals)
        ),
        format!(
            "INSERT INTO settlements (deal_id, table_id, breakdown, stake_cents, settled_ms)
             SELECT i, 1 + (i - 1) / 2, '{{}}', 10, {NOW} FROM {}",
            s(2 * FINISHED_TABLES)
        ),
        format!(
            "INSERT INTO ledger (deal_id, seat, table_id, player_id, units, cents)
             SELECT 1 + (i - 1) / 4, (i - 1) % 4, 1 + (i - 1) / 8, 1 + (i - 1) % 2000, 0, 0 FROM {}",
            s(8 * FINISHED_TABLES)
        ),
        // The kept balances and figures, as migration 0013 sums them from
        // the ledger.
        "INSERT INTO table_balances (table_id, player_key, computer, slot, seat, units, cents, deals,
                                     won, lost, declarer_deals, declarer_won, opponent_deals,
                                     opponent_won)
         SELECT table_id, COALESCE(player_id, 0), COALESCE(computer, ''),
                CASE WHEN computer IS NULL THEN -1 ELSE seat END,
                MIN(seat), SUM(units), SUM(cents), COUNT(*), 0, 0, 0, 0, 0, 0
         FROM ledger GROUP BY 1, 2, 3, 4"
            .to_owned(),
        "INSERT INTO contract_stats (table_id, player_id, contract, declarer, deals, won, units)
         SELECT table_id, player_id, '', -1, COUNT(*), 0, SUM(units)
         FROM ledger GROUP BY 1, 2"
            .to_owned(),
        // Each seat's running score at every table.
        format!(
            "INSERT INTO seat_scores (table_id, seat, score)
             SELECT 1 + (i - 1) / 4, (i - 1) % 4, 0 FROM {}",
            s(4 * tables)
        ),
        // Delivered messages over the last two weeks.
        format!(
            "INSERT INTO outbox (id, table_id, destination, payload, state, attempts, next_attempt_ms,
                                 created_ms, sent_ms)
             SELECT i, 1 + i % {FINISHED_TABLES}, 'private:telegram:u' || CAST(i % 2000 AS TEXT), '{{}}',
                    'sent', 1, {NOW} - 1209600000 + i * 12000, {NOW} - 1209600000 + i * 12000,
                    {NOW} - 1209600000 + i * 12000
             FROM {}",
            s(SENT)
        ),
        // A few pending and failed ones.
        format!(
            "INSERT INTO outbox (id, table_id, destination, payload, state, attempts, next_attempt_ms, created_ms)
             SELECT {SENT} + i, {FINISHED_TABLES} + 1 + i % {LIVE_TABLES},
                    'private:telegram:u' || CAST(i % 7 AS TEXT), '{{}}',
                    CASE WHEN i % 5 = 0 THEN 'failed' ELSE 'pending' END, 0, {NOW} - i, {NOW} - i
             FROM {}",
            s(40)
        ),
        format!(
            "INSERT INTO processed_updates (platform, update_id, at_ms)
             SELECT 'telegram', CAST(i AS TEXT), {NOW} - 345600000 + i * 3456 FROM {}",
            s(UPDATES)
        ),
        format!(
            "INSERT INTO deadlines (table_id, deal_id, seq, seat, remind_ms, due_ms, reminded)
             SELECT {FINISHED_TABLES} + i, 2 * {FINISHED_TABLES} + i, 0, 0, {NOW} + i * 1000,
                    {NOW} + i * 2000, 0
             FROM {}",
            s(LIVE_TABLES)
        ),
    ];
    let mut conn = db.raw().await;
    for statement in statements {
        conn.execute(sqlx::AssertSqlSafe(statement.clone()))
            .await
            .unwrap_or_else(|e| panic!("{e}: {statement}"));
    }
    if b == Backend::Postgres {
        // Identity columns continue after the ids written here.
        for table in ["players", "tables", "deals", "outbox"] {
            let sql = format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
            );
            conn.execute(sqlx::AssertSqlSafe(sql)).await.unwrap();
        }
    }
    conn.close().await.unwrap();
}

/// The history tables a plan line reads in full, if any (SQLite).
fn sqlite_full_scans(sql: &str, details: &[String]) -> Vec<String> {
    let aliases = aliases(sql);
    let mut bad = Vec::new();
    for detail in details {
        let Some(rest) = detail.strip_prefix("SCAN ") else {
            continue;
        };
        let name = rest.split_whitespace().next().unwrap_or("");
        let table = match aliases.iter().find(|(a, _)| a == name) {
            Some((_, table)) => table.clone(),
            // A table the statement does not name: SQLite's foreign-key
            // bookkeeping. Inserting a parent row lists a search of its
            // children, which runs only while a deferred violation is
            // outstanding (the schema's keys are immediate: never).
            None if sql.trim_start().starts_with("INSERT") => continue,
            None => name.to_owned(),
        };
        if !HISTORY.contains(&table.as_str()) {
            continue;
        }
        let through_live_index = LIVE_WORK_INDEXES
            .iter()
            .any(|index| rest.ends_with(&format!("INDEX {index}")));
        if !through_live_index {
            bad.push(detail.clone());
        }
    }
    bad
}

/// What a deal or a settlement reads of a table's past: one row (or one
/// row per participant) found by its primary key, whatever the history.
const KEPT: [&str; 6] = [
    "TABLE_BALANCES",
    "ROUND_STATE_OF_TABLE",
    "ADD_TO_TABLE_BALANCE",
    "SEAT_SCORES",
    "set_seat_scores",
    "set_seat_scores_if_none",
];

/// The statistics: each sums kept rows, one per table (of a chat or a
/// person) and participant, never the ledger or the settlements.
const STATISTICS: [&str; 5] = [
    "CHAT_LEADERBOARD",
    "PLAYER_STATS_IN_CHAT",
    "PLAYER_STATS",
    "PLAYER_CONTRACTS_IN_CHAT",
    "PLAYER_BALANCE",
];

/// What the statistics may read: a chat's tables and links, and the kept
/// rows.
const STATISTICS_READ: [&str; 4] = ["tables", "table_links", "table_balances", "contract_stats"];

/// The plan lines a history read must have on SQLite (one of the
/// alternatives separated by ` | `): the table's latest deals from the
/// first entries of its range in deal order, and the statistics' ledger
/// rows from covering indexes.
fn sqlite_history_read(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "RECENT_SETTLEMENTS" => &[
            "SEARCH s USING COVERING INDEX settlements_by_table_deal (table_id=?)",
            "SEARCH d USING INTEGER PRIMARY KEY (rowid=?)",
            "SEARCH l USING INDEX sqlite_autoindex_ledger_1 (deal_id=?) LEFT-JOIN",
        ],
        "LEDGER_OF_DEAL" => &["SEARCH ledger USING INDEX sqlite_autoindex_ledger_1 (deal_id=?)"],
        // A deal's rows into its participants' kept counts, by keys.
        "ADD_DEAL_TO_SIDE_STATS" => &[
            "SEARCH l USING INDEX sqlite_autoindex_ledger_1 (deal_id=?)",
            "SEARCH table_balances USING INDEX sqlite_autoindex_table_balances_1 \
             (table_id=? AND player_key=? AND computer=? AND slot=?)",
        ],
        "ADD_DEAL_TO_CONTRACT_STATS" => &[
            "SEARCH s USING INDEX sqlite_autoindex_settlements_1 (deal_id=?)",
            "SEARCH l USING INDEX sqlite_autoindex_ledger_1 (deal_id=?)",
        ],
        "PLAYER_CONTRACTS_IN_CHAT" => &["SEARCH c USING PRIMARY KEY (table_id=? AND player_id=?)"],
        "CHAT_LEADERBOARD" => &[
            "SEARCH b USING INDEX sqlite_autoindex_table_balances_1 (table_id=? AND player_key>?)",
        ],
        "PLAYER_STATS_IN_CHAT" => &[
            "SEARCH b USING COVERING INDEX table_balances_by_player (player_key=? AND table_id=?) \
             | SEARCH b USING INDEX sqlite_autoindex_table_balances_1 (table_id=? AND player_key=?)",
        ],
        "PLAYER_STATS" => {
            &["SEARCH b USING COVERING INDEX table_balances_by_player (player_key=?)"]
        }
        "PLAYER_BALANCE" => {
            &["SEARCH table_balances USING COVERING INDEX table_balances_by_player (player_key=?)"]
        }
        _ => return None,
    })
}

/// The nodes of a PostgreSQL plan that sort, or read `settlements` other
/// than through `settlements_by_table_deal` by its table.
fn postgres_unordered_history(plan: &serde_json::Value) -> Vec<String> {
    fn walk(node: &serde_json::Value, bad: &mut Vec<String>) {
        let kind = node["Node Type"].as_str().unwrap_or("");
        let index = node["Index Name"].as_str().unwrap_or("");
        if kind.contains("Sort") {
            bad.push(kind.to_owned());
        }
        if node["Relation Name"].as_str() == Some("settlements")
            && !(index == "settlements_by_table_deal"
                && node["Index Cond"]
                    .as_str()
                    .is_some_and(|c| c.contains("table_id")))
        {
            bad.push(format!("{kind} on settlements {index}"));
        }
        if let Some(children) = node["Plans"].as_array() {
            for child in children {
                walk(child, bad);
            }
        }
    }
    let mut bad = Vec::new();
    walk(&plan[0]["Plan"], &mut bad);
    bad
}

/// A table's balances summed from its ledger rows (as before they were
/// kept): what the kept reads must not be.
const LEDGER_SUMS: &str = "SELECT player_id, computer, MIN(seat) AS seat_no,
        CAST(SUM(units) AS BIGINT) AS units, CAST(SUM(cents) AS BIGINT) AS cents, COUNT(*) AS deals
 FROM ledger WHERE table_id = $1
 GROUP BY player_id, computer, CASE WHEN computer IS NULL THEN -1 ELSE seat END
 ORDER BY SUM(units) DESC, MIN(seat), COALESCE(player_id, 0)";

/// The first SQLite plan line of a kept value's read that is not a search
/// of `tables`, `table_balances` or `seat_scores` by its primary key (a sort of the rows
/// found, one per participant, and a scan of the statement's own values
/// are allowed), if any.
fn sqlite_not_a_key_lookup(details: &[String]) -> Option<String> {
    details
        .iter()
        .find(|d| {
            let by_key = (d.starts_with("SEARCH tables USING INTEGER PRIMARY KEY (rowid=?)")
                || d.starts_with("SEARCH table_balances USING INDEX sqlite_autoindex_table_balances_1 (table_id=?")
                || d.starts_with("SEARCH seat_scores USING PRIMARY KEY (table_id=?"))
                && !d.contains("rowid>") && !d.contains("rowid<");
            // The statement's own rows of values are no history.
            let own_values = d.starts_with("SCAN ") && d.ends_with("-ROW VALUES CLAUSE");
            !by_key && !own_values && d.as_str() != "USE TEMP B-TREE FOR ORDER BY"
        })
        .cloned()
}

/// The SQLite plan lines of a statistics statement that read a table
/// other than the kept rows and a chat's tables.
fn sqlite_statistics_reads(sql: &str, details: &[String]) -> Vec<String> {
    let aliases = aliases(sql);
    details
        .iter()
        .filter(|d| {
            let Some(rest) = d
                .strip_prefix("SEARCH ")
                .or_else(|| d.strip_prefix("SCAN "))
            else {
                return false;
            };
            let name = rest.split_whitespace().next().unwrap_or("");
            if name.starts_with('(') {
                return false;
            }
            let table = aliases
                .iter()
                .find(|(a, _)| a == name)
                .map_or(name, |(_, t)| t.as_str());
            !STATISTICS_READ.contains(&table)
        })
        .cloned()
        .collect()
}

/// The PostgreSQL plan nodes of a statistics statement that read a table
/// other than the kept rows and a chat's tables.
fn postgres_statistics_reads(plan: &serde_json::Value) -> Vec<String> {
    fn walk(node: &serde_json::Value, bad: &mut Vec<String>) {
        if let Some(relation) = node["Relation Name"].as_str()
            && !STATISTICS_READ.contains(&relation)
        {
            bad.push(format!("{} on {relation}", node["Node Type"]));
        }
        if let Some(children) = node["Plans"].as_array() {
            for child in children {
                walk(child, bad);
            }
        }
    }
    let mut bad = Vec::new();
    walk(&plan[0]["Plan"], &mut bad);
    bad
}

/// The PostgreSQL plan nodes of a kept value's read that read a relation
/// other than by the primary key of `tables`, `table_balances` (or its
/// index by player and table) or `seat_scores`.
fn postgres_not_a_key_lookup(plan: &serde_json::Value) -> Vec<String> {
    fn walk(node: &serde_json::Value, bad: &mut Vec<String>) {
        let kind = node["Node Type"].as_str().unwrap_or("");
        let index = node["Index Name"].as_str().unwrap_or("");
        if let Some(relation) = node["Relation Name"].as_str() {
            let by_key = matches!(kind, "Index Scan" | "Index Only Scan" | "ModifyTable")
                && (kind == "ModifyTable"
                    || (node.get("Index Cond").is_some()
                        && matches!(
                            index,
                            "tables_pkey"
                                | "table_balances_pkey"
                                | "table_balances_by_player"
                                | "seat_scores_pkey"
                        )));
            if !by_key || !matches!(relation, "tables" | "table_balances" | "seat_scores") {
                bad.push(format!("{kind} on {relation} {index}"));
            }
        }
        if let Some(children) = node["Plans"].as_array() {
            for child in children {
                walk(child, bad);
            }
        }
    }
    let mut bad = Vec::new();
    walk(&plan[0]["Plan"], &mut bad);
    bad
}

/// The (name, table) pairs a statement reads from: each table under its own
/// name and under its alias.
fn aliases(sql: &str) -> Vec<(String, String)> {
    const KEYWORDS: [&str; 14] = [
        "WHERE",
        "ON",
        "SET",
        "JOIN",
        "CROSS",
        "LEFT",
        "ORDER",
        "GROUP",
        "LIMIT",
        "VALUES",
        "SELECT",
        "FOR",
        "DEFAULT",
        "RETURNING",
    ];
    let tokens: Vec<&str> = sql
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|t| !t.is_empty())
        .collect();
    let mut pairs = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if ["FROM", "JOIN", "UPDATE", "INTO"].contains(&token.to_uppercase().as_str())
            && let Some(table) = tokens.get(i + 1)
        {
            pairs.push((table.to_string(), table.to_string()));
            if let Some(alias) = tokens.get(i + 2)
                && !KEYWORDS.contains(&alias.to_uppercase().as_str())
                && alias.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                pairs.push((alias.to_string(), table.to_string()));
            }
        }
    }
    pairs
}

/// The plan lines of a statement on SQLite.
async fn sqlite_plan(conn: &mut sqlx::AnyConnection, sql: &str, params: &[P]) -> Vec<String> {
    let explain = format!("EXPLAIN QUERY PLAN {sql}");
    let mut query = sqlx::query(sqlx::AssertSqlSafe(explain));
    for p in params {
        query = match *p {
            P::I(v) => query.bind(v),
            P::T(v) => query.bind(v),
            P::NullText => query.bind(None::<String>),
        };
    }
    query
        .fetch_all(conn)
        .await
        .unwrap_or_else(|e| panic!("{e}: {sql}"))
        .iter()
        .map(|row| row.get::<String, _>("detail"))
        .collect()
}

/// The JSON plan of a statement on PostgreSQL.
async fn postgres_plan(
    conn: &mut sqlx::PgConnection,
    sql: &str,
    params: &[P],
) -> serde_json::Value {
    let explain = format!("EXPLAIN (FORMAT JSON) {sql}");
    let mut query = sqlx::query(sqlx::AssertSqlSafe(explain));
    for p in params {
        query = match *p {
            P::I(v) => query.bind(v),
            P::T(v) => query.bind(v),
            P::NullText => query.bind(None::<String>),
        };
    }
    let row = query
        .fetch_one(conn)
        .await
        .unwrap_or_else(|e| panic!("{e}: {sql}"));
    // The column is `json`, whose wire form is its text.
    let text: String = row.try_get_unchecked(0).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The nodes of a PostgreSQL plan that read a history table in full.
fn postgres_full_scans(plan: &serde_json::Value) -> Vec<String> {
    fn walk(node: &serde_json::Value, bad: &mut Vec<String>) {
        let kind = node["Node Type"].as_str().unwrap_or("");
        let relation = node["Relation Name"].as_str().unwrap_or("");
        if HISTORY.contains(&relation) {
            let index = node["Index Name"].as_str().unwrap_or("");
            let full = match kind {
                "Seq Scan" => true,
                "Index Scan" | "Index Only Scan" => {
                    node.get("Index Cond").is_none() && !LIVE_WORK_INDEXES.contains(&index)
                }
                _ => false,
            };
            if full {
                bad.push(format!("{kind} on {relation} {index}"));
            }
        }
        if let Some(children) = node["Plans"].as_array() {
            for child in children {
                walk(child, bad);
            }
        }
    }
    let mut bad = Vec::new();
    walk(&plan[0]["Plan"], &mut bad);
    bad
}

fn hot_statements(backend: Backend) -> Vec<Statement> {
    statements()
        .into_iter()
        .filter(|s| s.heat == Heat::Hot && s.only.is_none_or(|b| b == backend))
        .collect()
}

/// The SQLite plans of every hot statement that read a history table in
/// full.
async fn sqlite_failures(conn: &mut sqlx::AnyConnection) -> Vec<String> {
    // The check itself sees a scan when there is one.
    let scan = "SELECT id FROM outbox o WHERE payload = $1";
    let details = sqlite_plan(conn, scan, &[P::T("x")]).await;
    assert_eq!(sqlite_full_scans(scan, &details).len(), 1, "{details:?}");

    let hot = hot_statements(Backend::Sqlite);
    assert!(hot.len() >= 45, "{}", hot.len());
    let mut failures = Vec::new();
    // The check itself sees a balance summed from the ledger.
    let details = sqlite_plan(conn, LEDGER_SUMS, &[P::I(FINISHED_TABLES + 3)]).await;
    assert!(sqlite_not_a_key_lookup(&details).is_some(), "{details:?}");
    for statement in hot.iter().filter(|s| KEPT.contains(&s.name)) {
        let details = sqlite_plan(conn, &statement.sql, &params(statement.name)).await;
        if let Some(bad) = sqlite_not_a_key_lookup(&details) {
            failures.push(format!(
                "{} is not a key lookup: {bad} in {details:?}",
                statement.name
            ));
        }
    }
    // The check itself sees a statistic summed from the ledger.
    let summed = "SELECT COUNT(*) FROM ledger l WHERE l.player_id = $1";
    let details = sqlite_plan(conn, summed, &[P::I(7)]).await;
    assert_eq!(
        sqlite_statistics_reads(summed, &details).len(),
        1,
        "{details:?}"
    );
    for statement in hot.iter().filter(|s| STATISTICS.contains(&s.name)) {
        let details = sqlite_plan(conn, &statement.sql, &params(statement.name)).await;
        let bad = sqlite_statistics_reads(&statement.sql, &details);
        if !bad.is_empty() {
            failures.push(format!(
                "{} reads more than the kept rows: {bad:?} in {details:?}",
                statement.name
            ));
        }
    }
    for statement in hot.iter() {
        let Some(wanted) = sqlite_history_read(statement.name) else {
            continue;
        };
        let details = sqlite_plan(conn, &statement.sql, &params(statement.name)).await;
        for line in wanted {
            if !details.iter().any(|d| line.split(" | ").any(|l| l == d)) {
                failures.push(format!("{}: no `{line}` in {details:?}", statement.name));
            }
        }
        if (statement.name == "RECENT_SETTLEMENTS" || statement.name == "LEDGER_OF_DEAL")
            && let Some(sort) = details.iter().find(|d| d.contains("TEMP B-TREE"))
        {
            failures.push(format!("{} sorts: {sort} in {details:?}", statement.name));
        }
    }
    for statement in &hot {
        let details = sqlite_plan(conn, &statement.sql, &params(statement.name)).await;
        if std::env::var("PLAN_DEBUG").is_ok() {
            eprintln!("{}: {details:?}", statement.name);
        }
        let bad = sqlite_full_scans(&statement.sql, &details);
        if !bad.is_empty() {
            failures.push(format!("{}: {bad:?} in {details:?}", statement.name));
        }
    }
    failures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_hot_statements_never_scan_history() {
    let db = sqlite_db().await;
    fill(&db).await;
    // As production: the statistics come from `PRAGMA optimize` when a
    // store opens (and every hour from the bots' maintenance).
    db.store.close().await;
    let store = Store::open(&db.url).await.unwrap();
    let mut conn = db.raw().await;
    let failures = sqlite_failures(&mut conn).await;
    assert!(
        failures.is_empty(),
        "full scans of history:\n{}",
        failures.join("\n")
    );
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_plans_hold_without_statistics() {
    // Statistics can be stale between two refreshes: the statements and
    // indexes must not depend on them.
    let db = sqlite_db().await;
    fill(&db).await;
    let mut conn = db.raw().await;
    conn.execute("ANALYZE sqlite_schema").await.unwrap();
    conn.execute("DELETE FROM sqlite_stat1").await.unwrap();
    conn.close().await.unwrap();
    let mut conn = db.raw().await;
    let failures = sqlite_failures(&mut conn).await;
    assert!(
        failures.is_empty(),
        "full scans of history:\n{}",
        failures.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_hot_statements_never_scan_history() {
    let Some(db) = postgres_db().await else {
        return;
    };
    fill(&db).await;
    // Production relies on autovacuum's ANALYZE after a table grew; here it
    // runs at once, so the planner knows the sizes.
    let mut conn = sqlx::PgConnection::connect(&db.url).await.unwrap();
    conn.execute("ANALYZE").await.unwrap();

    // The check itself sees a scan when there is one.
    let plan = postgres_plan(
        &mut conn,
        "SELECT id FROM outbox WHERE payload = $1",
        &[P::T("x")],
    )
    .await;
    assert_eq!(postgres_full_scans(&plan).len(), 1, "{plan}");

    let hot = hot_statements(Backend::Postgres);
    assert!(hot.len() >= 45, "{}", hot.len());
    let mut failures = Vec::new();
    // The check itself sees a balance summed from the ledger.
    let plan = postgres_plan(&mut conn, LEDGER_SUMS, &[P::I(FINISHED_TABLES + 3)]).await;
    assert!(!postgres_not_a_key_lookup(&plan).is_empty(), "{plan}");
    for statement in hot.iter().filter(|s| KEPT.contains(&s.name)) {
        let plan = postgres_plan(&mut conn, &statement.sql, &params(statement.name)).await;
        let bad = postgres_not_a_key_lookup(&plan);
        if !bad.is_empty() {
            failures.push(format!(
                "{} is not a key lookup: {bad:?} in {plan}",
                statement.name
            ));
        }
    }
    // The statistics read the kept rows only.
    let summed = "SELECT COUNT(*) FROM ledger l WHERE l.player_id = $1";
    let plan = postgres_plan(&mut conn, summed, &[P::I(7)]).await;
    assert_eq!(postgres_statistics_reads(&plan).len(), 1, "{plan}");
    for statement in hot.iter().filter(|s| STATISTICS.contains(&s.name)) {
        let plan = postgres_plan(&mut conn, &statement.sql, &params(statement.name)).await;
        let bad = postgres_statistics_reads(&plan);
        if !bad.is_empty() {
            failures.push(format!(
                "{} reads more than the kept rows: {bad:?} in {plan}",
                statement.name
            ));
        }
    }
    // The latest deals of a live table and of one last played long ago
    // (ten thousand tables settled since): the first entries of the
    // table's own range, whatever was settled elsewhere since.
    let recent = hot.iter().find(|s| s.name == "RECENT_SETTLEMENTS").unwrap();
    for table in [FINISHED_TABLES + 3, 5] {
        let plan = postgres_plan(&mut conn, &recent.sql, &[P::I(table), P::I(10)]).await;
        let bad = postgres_unordered_history(&plan);
        if !bad.is_empty() {
            failures.push(format!(
                "RECENT_SETTLEMENTS of table {table}: {bad:?} in {plan}"
            ));
        }
    }
    for statement in &hot {
        let plan = postgres_plan(&mut conn, &statement.sql, &params(statement.name)).await;
        let bad = postgres_full_scans(&plan);
        if !bad.is_empty() {
            failures.push(format!("{}: {bad:?} in {plan}", statement.name));
        }
    }
    assert!(
        failures.is_empty(),
        "full scans of history:\n{}",
        failures.join("\n")
    );
    conn.close().await.unwrap();
}

/// The statement the prune used before: a range delete, whose plan depends
/// on the statistics (the control of the test below).
const RANGE_DELETE: &str = "DELETE FROM outbox WHERE state = 'sent' AND sent_ms <= $1";

/// The plan of `EXPLAIN EXECUTE` of a statement prepared in SQL, so that
/// `plan_cache_mode` decides between its custom and its generic plan.
async fn prepared_plan(
    conn: &mut sqlx::PgConnection,
    sql: &str,
    types: &str,
    args: &str,
) -> serde_json::Value {
    conn.execute(sqlx::AssertSqlSafe(format!("PREPARE p ({types}) AS {sql}")))
        .await
        .unwrap();
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "EXPLAIN (FORMAT JSON) EXECUTE p ({args})"
    )))
    .fetch_one(&mut *conn)
    .await
    .unwrap_or_else(|e| panic!("{e}: {sql}"));
    conn.execute("DEALLOCATE p").await.unwrap();
    let text: String = row.try_get_unchecked(0).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// The node types and indexes of a plan, depth first.
fn plan_nodes(plan: &serde_json::Value) -> Vec<String> {
    fn walk(node: &serde_json::Value, out: &mut Vec<String>) {
        let kind = node["Node Type"].as_str().unwrap_or("");
        let relation = node["Relation Name"].as_str().unwrap_or("");
        let index = node["Index Name"].as_str().unwrap_or("");
        out.push(format!("{kind} {relation} {index}").trim().to_owned());
        for child in node["Plans"].as_array().into_iter().flatten() {
            walk(child, out);
        }
    }
    let mut out = Vec::new();
    walk(&plan[0]["Plan"], &mut out);
    out
}

/// Issue 31: with statistics taken while the outbox was small, each batch
/// of the old range delete read the whole outbox. The prune statements
/// find a batch's keys through the partial index and delete by key, in
/// their custom plans (the first executions of a prepared statement) and
/// in their generic plan (which PostgreSQL may switch to after five).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_prunes_use_indexes_with_stale_statistics() {
    let Some(db) = postgres_db().await else {
        return;
    };
    let mut conn = sqlx::PgConnection::connect(&db.url).await.unwrap();
    const DAY: i64 = 86_400_000;
    let old = NOW - 400 * DAY;
    let since = NOW - 20 * DAY;
    for statement in [
        // Autovacuum would refresh the statistics while the test runs.
        "ALTER TABLE outbox SET (autovacuum_enabled = false)".to_owned(),
        "ALTER TABLE processed_updates SET (autovacuum_enabled = false)".to_owned(),
        // A young database: fifty rows of each (sent in no particular
        // order), analysed.
        format!(
            "INSERT INTO outbox (destination, payload, state, attempts, next_attempt_ms, created_ms, sent_ms)
             SELECT 'd' || i, '{{}}', CASE WHEN i % 5 = 0 THEN 'failed' ELSE 'sent' END, 1, {old}, {old},
                    {old} + i * 37 % 50
             FROM generate_series(1, 50) i"
        ),
        format!(
            "INSERT INTO processed_updates (platform, update_id, at_ms)
             SELECT 'telegram', 'u' || i, {old} + i * 37 % 50 FROM generate_series(1, 50) i"
        ),
        "ANALYZE outbox, processed_updates".to_owned(),
        // Then months of traffic the statistics never saw.
        format!(
            "INSERT INTO outbox (destination, payload, state, attempts, next_attempt_ms, created_ms, sent_ms)
             SELECT 'd' || i, repeat('x', 200), CASE WHEN i % 50 = 0 THEN 'failed' ELSE 'sent' END,
                    1, {since}, {since}, {since} + i * 1000
             FROM generate_series(51, 200000) i"
        ),
        format!(
            "INSERT INTO processed_updates (platform, update_id, at_ms)
             SELECT 'telegram', 'u' || i, {since} + i * 1000 FROM generate_series(51, 200000) i"
        ),
    ] {
        conn.execute(sqlx::AssertSqlSafe(statement)).await.unwrap();
    }
    let expired = NOW - 7 * DAY;
    let prunes = statements()
        .into_iter()
        .filter(|s| s.name.starts_with("POSTGRES_PRUNE_"))
        .collect::<Vec<_>>();
    assert_eq!(prunes.len(), 3);

    // The control: the statistics are stale enough to mislead the planner.
    conn.execute("SET plan_cache_mode = force_custom_plan")
        .await
        .unwrap();
    let plan = prepared_plan(&mut conn, RANGE_DELETE, "bigint", &expired.to_string()).await;
    assert!(
        plan_nodes(&plan).contains(&"Seq Scan outbox".to_owned()),
        "{plan}"
    );

    let mut failures = Vec::new();
    for mode in ["force_custom_plan", "force_generic_plan"] {
        conn.execute(sqlx::AssertSqlSafe(format!("SET plan_cache_mode = {mode}")))
            .await
            .unwrap();
        for statement in &prunes {
            let bound = match statement.name {
                "POSTGRES_PRUNE_FAILED" => 150_000,
                _ => expired,
            };
            let plan = prepared_plan(
                &mut conn,
                &statement.sql,
                "bigint, bigint",
                &format!("{bound}, 500"),
            )
            .await;
            let nodes = plan_nodes(&plan);
            // The delete reads by key: the primary key, or tuple ids.
            let by_key = match statement.name {
                "POSTGRES_PRUNE_UPDATES" => "Tid Scan processed_updates",
                _ => "Index Scan outbox outbox_pkey",
            };
            // The batch's keys come from the partial index, in order.
            let batch = match statement.name {
                "POSTGRES_PRUNE_SENT" => "Index Scan outbox outbox_sent",
                "POSTGRES_PRUNE_FAILED" => "Index Scan outbox outbox_failed",
                _ => "Index Scan processed_updates processed_updates_by_time",
            };
            let full = postgres_full_scans(&plan);
            if !nodes.iter().any(|n| n == by_key)
                || !nodes.iter().any(|n| n.replace("Only ", "") == batch)
                || !full.is_empty()
                || nodes.iter().any(|n| n.starts_with("Sort"))
            {
                failures.push(format!("{mode} {}: {nodes:?}", statement.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    conn.close().await.unwrap();
}

#[test]
fn the_alias_reader_finds_tables_and_aliases() {
    let pairs = aliases(
        "SELECT t.id FROM players p CROSS JOIN seats s JOIN tables t ON t.id = s.table_id WHERE x IN (SELECT id FROM outbox)",
    );
    let has = |a: &str, t: &str| pairs.iter().any(|(x, y)| x == a && y == t);
    assert!(
        has("p", "players") && has("s", "seats") && has("t", "tables") && has("outbox", "outbox"),
        "{pairs:?}"
    );
    assert!(!pairs.iter().any(|(a, _)| a == "WHERE"), "{pairs:?}");
}

/// The node types of a plan with how each hangs from its parent
/// (`InitPlan`, `SubPlan`, `Outer`, …) and, for joins, the join type.
fn plan_shape(plan: &serde_json::Value) -> Vec<String> {
    fn walk(node: &serde_json::Value, out: &mut Vec<String>) {
        let field = |name: &str| node[name].as_str().unwrap_or("").to_owned();
        out.push(
            format!(
                "{} {} {} {}",
                field("Parent Relationship"),
                field("Node Type"),
                field("Join Type"),
                field("Index Name")
            )
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        );
        for child in node["Plans"].as_array().into_iter().flatten() {
            walk(child, out);
        }
    }
    let mut out = Vec::new();
    walk(&plan[0]["Plan"], &mut out);
    out
}

/// Stale statistics and the delivery claim: with the outbox analysed while
/// it held fifty sent messages and 10 000 pending ones queued since, the
/// claim in its `IN (…)` form ran the whole candidate search once per
/// pending row (a semi join; 194 s measured on PostgreSQL 15). The
/// PostgreSQL claim finds its candidates once (an init plan) and updates
/// them by key, in custom and generic plans, and claims the oldest due
/// message of each destination.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_claims_find_candidates_once_with_stale_statistics() {
    let Some(db) = postgres_db().await else {
        return;
    };
    let mut conn = sqlx::PgConnection::connect(&db.url).await.unwrap();
    for statement in [
        "ALTER TABLE outbox SET (autovacuum_enabled = false)".to_owned(),
        format!(
            "INSERT INTO outbox (destination, payload, state, attempts, next_attempt_ms, created_ms, sent_ms)
             SELECT 'telegram:' || i, '{{}}', 'sent', 1, {NOW}, {NOW}, {NOW} FROM generate_series(1, 50) i"
        ),
        "ANALYZE outbox".to_owned(),
        // 10 000 pending messages in 300 chats, all due.
        format!(
            "INSERT INTO outbox (destination, payload, state, attempts, next_attempt_ms, created_ms)
             SELECT 'telegram:' || (i % 300), '{{}}', 'pending', 0, {NOW}, {NOW}
             FROM generate_series(1, 10000) i"
        ),
    ] {
        conn.execute(sqlx::AssertSqlSafe(statement)).await.unwrap();
    }
    let claims: Vec<Statement> = statements()
        .into_iter()
        .filter(|s| s.name.starts_with("POSTGRES_CLAIM_OUTBOX"))
        .collect();
    assert_eq!(claims.len(), 2);
    let args = |name: &str| match name {
        "POSTGRES_CLAIM_OUTBOX" => ("bigint, bigint, bigint", format!("{NOW}, {}, 50", NOW + 1)),
        _ => (
            "bigint, bigint, bigint, text, text",
            format!("{NOW}, {}, 50, 'telegram:', 'telegram;'", NOW + 1),
        ),
    };

    // The control: the same claim with its candidates in `IN (…)`.
    conn.execute("SET plan_cache_mode = force_custom_plan")
        .await
        .unwrap();
    let semi = claims[0]
        .sql
        .replace("id = ANY (ARRAY(", "id IN (")
        .replace("$3))", "$3)")
        .replace("state NOT IN ('sent', 'failed')", "state = 'pending'");
    let (types, values) = args("POSTGRES_CLAIM_OUTBOX");
    let plan = prepared_plan(&mut conn, &semi, types, &values).await;
    assert!(
        plan_shape(&plan).iter().any(|n| n.contains("Semi")),
        "{:?}",
        plan_shape(&plan)
    );

    let mut failures = Vec::new();
    for mode in ["force_custom_plan", "force_generic_plan"] {
        conn.execute(sqlx::AssertSqlSafe(format!("SET plan_cache_mode = {mode}")))
            .await
            .unwrap();
        for statement in &claims {
            let (types, values) = args(statement.name);
            let plan = prepared_plan(&mut conn, &statement.sql, types, &values).await;
            let shape = plan_shape(&plan);
            let once = shape.iter().any(|n| n.starts_with("InitPlan"))
                && !shape
                    .iter()
                    .any(|n| n.contains("Semi") || n.starts_with("SubPlan"));
            let by_key = shape.iter().any(|n| n.ends_with("Index Scan outbox_pkey"));
            if !once || !by_key {
                failures.push(format!("{mode} {}: {shape:?}", statement.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // And it claims what it should: the 50 oldest pending messages, one
    // per chat (ids 51 to 100 are the first message of 50 chats).
    let rows = sqlx::query(sqlx::AssertSqlSafe(claims[0].sql.clone()))
        .bind(NOW)
        .bind(NOW + 1)
        .bind(50_i64)
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let mut ids: Vec<i64> = rows.iter().map(|r| r.get::<i64, _>(0)).collect();
    ids.sort_unstable();
    assert_eq!(ids, (51..=100).collect::<Vec<i64>>());
    conn.close().await.unwrap();
}
