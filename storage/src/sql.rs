//! Every SQL statement the store runs, in one place.
//!
//! The statements are portable (SQLite and PostgreSQL, `$n` parameters) and
//! named after what they do. [`STATEMENTS`] lists each one as *hot* (run
//! while playing or delivering: its cost must follow its result, never the
//! history, and the plan tests check that on both databases) or *cold* (an
//! operator's count or a migration-time check, allowed to read everything).
//! A unit test fails when a statement of this module is missing from the
//! list, and another when SQL is written anywhere else in the crate, so a
//! statement added later cannot escape the plan tests.
//!
//! Rules that keep the hot statements cheap at any history size:
//! - a history table (`outbox`, `processed_updates`, `events`, `deals`,
//!   `settlements`, `ledger`, `tables`, `seats`) is only ever searched by an
//!   index: by its key, by table, deal, player or chat, or through a partial
//!   index whose rows are the live work (`state = 'pending'`, open tables);
//! - where SQLite without statistics would choose a join order that walks a
//!   history table, the statement says the order (`CROSS JOIN`, which
//!   SQLite keeps as written and PostgreSQL plans freely) or uses `EXISTS`
//!   on the key.

/// The ids of a chat's tables (`$1` platform, `$2` chat): those it opened
/// and those linked into it.
macro_rules! chat_tables {
    () => {
        "SELECT id FROM tables WHERE platform = $1 AND chat_id = $2
 UNION SELECT table_id FROM table_links WHERE platform = $1 AND chat_id = $2"
    };
}

macro_rules! table_columns {
    () => {
        "id, platform, chat_id, thread_id, game, seat_count, rules, stake_cents, pace_ms, language, \
         status, creator_id, public_message_id, created_ms, updated_ms"
    };
}

macro_rules! player_columns {
    () => {
        "id, platform, platform_user_id, display_name, language"
    };
}

macro_rules! deal_columns {
    () => {
        "id, table_id, game, number, forehand, hands, rules, factor, status, started_ms, finished_ms, fair_commitment, tokens_from, carry"
    };
}

macro_rules! deadline_columns {
    () => {
        "table_id, deal_id, seq, seat, remind_ms, due_ms, reminded"
    };
}

// ---------------------------------------------------------------- players

/// Creates a player or refreshes name and language; returns the id.
pub(crate) const UPSERT_PLAYER: &str =
    "INSERT INTO players (platform, platform_user_id, display_name, language, created_ms)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (platform, platform_user_id)
     DO UPDATE SET display_name = excluded.display_name, language = excluded.language
     RETURNING id";

/// A player by platform and platform user id.
pub(crate) const PLAYER_ON: &str = concat!(
    "SELECT ",
    player_columns!(),
    " FROM players WHERE platform = $1 AND platform_user_id = $2"
);

/// A player by id.
pub(crate) const PLAYER_BY_ID: &str =
    concat!("SELECT ", player_columns!(), " FROM players WHERE id = $1");

// ----------------------------------------------------------------- tables

/// A table by id.
pub(crate) const TABLE_BY_ID: &str =
    concat!("SELECT ", table_columns!(), " FROM tables WHERE id = $1");

/// A table by id, locked for the transaction (PostgreSQL only).
pub(crate) const LOCK_TABLE: &str = concat!(
    "SELECT ",
    table_columns!(),
    " FROM tables WHERE id = $1 FOR UPDATE"
);

/// The seats of a table with their players, in seat order.
pub(crate) const SEATS_OF_TABLE: &str = "SELECT s.seat, s.player_id, s.computer, s.since_ms,
        p.id, p.platform, p.platform_user_id, p.display_name, p.language
 FROM seats s LEFT JOIN players p ON p.id = s.player_id
 WHERE s.table_id = $1 ORDER BY s.seat";

/// Creates a table in the lobby.
pub(crate) const INSERT_TABLE: &str =
    "INSERT INTO tables (platform, chat_id, thread_id, rules, stake_cents, pace_ms, language,
                     status, creator_id, created_ms, updated_ms, game, seat_count)
 VALUES ($1, $2, $3, $4, $5, $6, $7, 'lobby', $8, $9, $9, $10, $11)
 RETURNING id";

/// Sets a table's status.
pub(crate) const SET_TABLE_STATUS: &str =
    "UPDATE tables SET status = $2, updated_ms = $3 WHERE id = $1";

/// Sets the platform id of a table's public message.
pub(crate) const SET_PUBLIC_MESSAGE: &str =
    "UPDATE tables SET public_message_id = $2, updated_ms = $3 WHERE id = $1";

/// Sets a table's settings.
pub(crate) const SET_TABLE_SETTINGS: &str =
    "UPDATE tables SET rules = $2, stake_cents = $3, pace_ms = $4, language = $5, updated_ms = $6
 WHERE id = $1";

/// Puts an occupant on a seat.
pub(crate) const UPSERT_SEAT: &str =
    "INSERT INTO seats (table_id, seat, player_id, computer, since_ms) VALUES ($1, $2, $3, $4, $5)
 ON CONFLICT (table_id, seat)
 DO UPDATE SET player_id = excluded.player_id, computer = excluded.computer,
               since_ms = excluded.since_ms";

/// Empties a seat.
pub(crate) const DELETE_SEAT: &str = "DELETE FROM seats WHERE table_id = $1 AND seat = $2";

/// The tables of a chat that are not closed (partial index
/// `tables_open_by_chat`: closed tables of the chat are never read).
pub(crate) const OPEN_TABLES_IN_CHAT: &str = concat!(
    "SELECT ",
    table_columns!(),
    " FROM tables WHERE platform = $1 AND chat_id = $2 AND status <> 'closed' ORDER BY id"
);

/// The open tables a platform user sits at: from the player (unique key)
/// to their seats (`seats_by_player`) to each table by id.
pub(crate) const OPEN_TABLES_OF_PLAYER: &str = "SELECT t.id FROM players p
 CROSS JOIN seats s
 CROSS JOIN tables t
 WHERE p.platform = $1 AND p.platform_user_id = $2
   AND s.player_id = p.id AND t.id = s.table_id AND t.status <> 'closed'
 ORDER BY t.id DESC";

/// The ids of the tables with a status (`tables_by_status`).
pub(crate) const TABLE_IDS_WITH_STATUS: &str =
    "SELECT id FROM tables WHERE status = $1 ORDER BY id";

// ------------------------------------------------------------------ deals

/// A deal by id.
pub(crate) const DEAL_BY_ID: &str =
    concat!("SELECT ", deal_columns!(), " FROM deals WHERE id = $1");

/// A table's latest deal (unique key `(table_id, number)`).
pub(crate) const LATEST_DEAL_OF_TABLE: &str = concat!(
    "SELECT ",
    deal_columns!(),
    " FROM deals WHERE table_id = $1 ORDER BY number DESC LIMIT 1"
);

/// Every deal of a table, in order.
pub(crate) const DEALS_OF_TABLE: &str = concat!(
    "SELECT ",
    deal_columns!(),
    " FROM deals WHERE table_id = $1 ORDER BY number"
);

/// A deal's log, in order.
pub(crate) const EVENTS_OF_DEAL: &str = "SELECT deal_id, seq, seat, action, at_ms, by_computer FROM events WHERE deal_id = $1 ORDER BY seq";

/// Stores a new deal; returns its id.
pub(crate) const INSERT_DEAL: &str = "INSERT INTO deals (table_id, number, forehand, hands, rules, factor, status, started_ms, shuffle_seed, game, carry, tokens_from)
 VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $10, $11)
 RETURNING id";

/// Marks where the tokens of a deal begun in record form start (once).
pub(crate) const CONTINUE_IN_TOKENS: &str =
    "UPDATE deals SET tokens_from = $2 WHERE id = $1 AND tokens_from IS NULL";

/// Appends `count` consecutive steps of one deal in one statement if the
/// deal is active and the first of them is its next step: `$1` the deal,
/// `$2` the first step's number, then per step its number, seat, action,
/// time and whether a computer took it.
pub(crate) fn append_events(count: usize) -> String {
    assert!(count > 0, "at least one event");
    let rows: Vec<String> = (0..count)
        .map(|i| {
            let p = 3 + 5 * i;
            format!("(${}, ${}, ${}, ${}, ${})", p, p + 1, p + 2, p + 3, p + 4)
        })
        .collect();
    format!(
        "INSERT INTO events (deal_id, seq, seat, action, at_ms, by_computer)
 SELECT $1, v.* FROM (VALUES {}) AS v
 WHERE EXISTS (SELECT 1 FROM deals WHERE id = $1 AND status = 'active')
   AND (SELECT COUNT(*) FROM events WHERE deal_id = $1) = $2",
        rows.join(", ")
    )
}

/// Why [`append_events`] inserted nothing: the deal's status and next step.
pub(crate) const DEAL_STATUS_AND_NEXT_SEQ: &str =
    "SELECT status, (SELECT COUNT(*) FROM events WHERE deal_id = $1) AS next_seq
 FROM deals WHERE id = $1";

/// Ends a deal.
pub(crate) const FINISH_DEAL: &str = "UPDATE deals SET status = $2, finished_ms = $3 WHERE id = $1";

/// A deal's secret shuffle seed.
pub(crate) const SHUFFLE_SEED: &str = "SELECT table_id, shuffle_seed FROM deals WHERE id = $1";

/// Stores a new deal's public commitment and secret salt (once).
pub(crate) const SET_FAIR_COMMITMENT: &str = "UPDATE deals SET fair_commitment = $2, fair_salt = $3
 WHERE id = $1 AND fair_commitment IS NULL";

/// A round's commitment, salt and the dealt piles the commitment covers,
/// stored once.
pub(crate) const SET_FAIR_ROUND: &str =
    "UPDATE deals SET fair_commitment = $2, fair_salt = $3, hands = $4
 WHERE id = $1 AND fair_commitment IS NULL";

/// What a deal reveals once it ends: its status, seed and salt.
pub(crate) const DEAL_REVEAL: &str =
    "SELECT table_id, status, shuffle_seed, fair_salt FROM deals WHERE id = $1";

// --------------------------------------------------- settlements, ledger

/// Balances per participant at a table, highest first: the kept sums of
/// `table_balances` (a range of its primary key, one row per participant).
pub(crate) const TABLE_BALANCES: &str =
    "SELECT NULLIF(player_key, 0) AS player_id, NULLIF(computer, '') AS computer, seat AS seat_no,
        units, cents, deals
 FROM table_balances WHERE table_id = $1
 ORDER BY units DESC, seat, player_key, computer";

/// Adds one ledger row to its participant's kept balance and figures at
/// the table: `$1` table, `$2` player id or 0, `$3` computer level or '',
/// `$4` the computer's seat or -1, `$5` the seat, `$6` units, `$7` cents,
/// `$8` 1 when the units rose (else 0), `$9` 1 when they fell.
pub(crate) const ADD_TO_TABLE_BALANCE: &str = "INSERT INTO table_balances
    (table_id, player_key, computer, slot, seat, units, cents, deals, won, lost)
 VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9)
 ON CONFLICT (table_id, player_key, computer, slot) DO UPDATE SET
     units = table_balances.units + excluded.units,
     cents = table_balances.cents + excluded.cents,
     deals = table_balances.deals + 1,
     won = table_balances.won + excluded.won,
     lost = table_balances.lost + excluded.lost,
     seat = CASE WHEN excluded.seat < table_balances.seat THEN excluded.seat
                 ELSE table_balances.seat END";

/// Adds (`$2` = 1) or takes away (`$2` = -1) a deal's ledger rows to or
/// from their participants' kept side counts, under the sides the rows are
/// marked with now (none counts nowhere): `$1` the deal. Each row found by
/// the ledger's key, its participant by `table_balances`' key.
pub(crate) const ADD_DEAL_TO_SIDE_STATS: &str = "UPDATE table_balances SET
     declarer_deals = table_balances.declarer_deals + m.declarer_deals,
     declarer_won = table_balances.declarer_won + m.declarer_won,
     opponent_deals = table_balances.opponent_deals + m.opponent_deals,
     opponent_won = table_balances.opponent_won + m.opponent_won
 FROM (SELECT l.table_id, COALESCE(l.player_id, 0) AS player_key,
              COALESCE(l.computer, '') AS computer,
              CASE WHEN l.computer IS NULL THEN -1 ELSE l.seat END AS slot,
              $2 * (CASE WHEN l.declarer = 1 THEN 1 ELSE 0 END) AS declarer_deals,
              $2 * (CASE WHEN l.declarer = 1 AND l.units > 0 THEN 1 ELSE 0 END) AS declarer_won,
              $2 * (CASE WHEN l.declarer = 0 THEN 1 ELSE 0 END) AS opponent_deals,
              $2 * (CASE WHEN l.declarer = 0 AND l.units > 0 THEN 1 ELSE 0 END) AS opponent_won
       FROM ledger l WHERE l.deal_id = $1) m
 WHERE table_balances.table_id = m.table_id AND table_balances.player_key = m.player_key
   AND table_balances.computer = m.computer AND table_balances.slot = m.slot";

/// Adds (`$2` = 1) or takes away (`$2` = -1) a deal's ledger rows of
/// people to or from their kept deals by contract and side, under the
/// contract and sides the deal is marked with now ('' and -1 when not
/// recorded): `$1` the deal. The settlement and its rows by their keys.
pub(crate) const ADD_DEAL_TO_CONTRACT_STATS: &str = "INSERT INTO contract_stats
    (table_id, player_id, contract, declarer, deals, won, units)
 SELECT l.table_id, l.player_id, COALESCE(s.contract, ''), COALESCE(l.declarer, -1), $2,
        $2 * (CASE WHEN l.units > 0 THEN 1 ELSE 0 END), $2 * l.units
 FROM settlements s CROSS JOIN ledger l
 WHERE s.deal_id = $1 AND l.deal_id = s.deal_id AND l.player_id IS NOT NULL
 ON CONFLICT (table_id, player_id, contract, declarer) DO UPDATE SET
     deals = contract_stats.deals + excluded.deals,
     won = contract_stats.won + excluded.won,
     units = contract_stats.units + excluded.units";

/// Each seat's kept running score at a table (a range of the primary key).
pub(crate) const SEAT_SCORES: &str =
    "SELECT seat, score FROM seat_scores WHERE table_id = $1 ORDER BY seat";

/// Sets the kept running score of `seats` seats in one statement (`$1` the
/// table, then seat and score per seat), replacing what is kept.
pub(crate) fn set_seat_scores(seats: usize) -> String {
    seat_scores_upsert(seats, "DO UPDATE SET score = excluded.score")
}

/// [`set_seat_scores`], but only where nothing is kept: for a reader that
/// computed the scores from the history (a settlement racing it counts its
/// own deal too, and wins).
pub(crate) fn set_seat_scores_if_none(seats: usize) -> String {
    seat_scores_upsert(seats, "DO NOTHING")
}

fn seat_scores_upsert(seats: usize, on_conflict: &str) -> String {
    assert!(seats > 0, "at least one seat");
    let rows: Vec<String> = (0..seats)
        .map(|i| format!("($1, ${}, ${})", 2 + 2 * i, 3 + 2 * i))
        .collect();
    format!(
        "INSERT INTO seat_scores (table_id, seat, score) VALUES {}
 ON CONFLICT (table_id, seat) {on_conflict}",
        rows.join(", ")
    )
}

/// What a table's game carries to its next deal (primary key).
pub(crate) const ROUND_STATE_OF_TABLE: &str = "SELECT round_state FROM tables WHERE id = $1";

/// Keeps what a table's game carries to its next deal.
pub(crate) const SET_ROUND_STATE: &str = "UPDATE tables SET round_state = $2 WHERE id = $1";

/// Rules and breakdown of a table's settled deals (`settlements_by_table_deal`,
/// then each deal by id). Its cost grows with the table's history: only the
/// one-time fallbacks read it, for a table settled before its round state
/// (0011) or its seat scores (0013) were kept.
pub(crate) const SETTLED_DEALS: &str =
    "SELECT d.rules, s.breakdown FROM settlements s CROSS JOIN deals d
 WHERE s.table_id = $1 AND d.id = s.deal_id ORDER BY d.number";

/// The latest settled deals of a table, at most $2, each with its ledger
/// rows (one row per seat; none for a deal without any): the first entries
/// of the table's range of `settlements_by_table_deal` (covering), each
/// deal by id, and its ledger rows by the ledger's key. In no particular
/// order (the reader sorts what it got, at most $2 deals).
pub(crate) const RECENT_SETTLEMENTS: &str =
    "SELECT r.deal_id, r.number, r.game, r.settled_ms, l.seat, l.player_id, l.computer, l.units
 FROM (SELECT s.deal_id, d.number, d.game, s.settled_ms FROM settlements s CROSS JOIN deals d
       WHERE s.table_id = $1 AND d.id = s.deal_id ORDER BY s.deal_id DESC LIMIT $2) r
 LEFT JOIN ledger l ON l.deal_id = r.deal_id";

/// A deal's table, status and the table's stake, for settling.
pub(crate) const DEAL_FOR_SETTLING: &str =
    "SELECT d.table_id, d.status, t.stake_cents, t.seat_count FROM deals d CROSS JOIN tables t
 WHERE d.id = $1 AND t.id = d.table_id";

/// Stores a settlement.
pub(crate) const INSERT_SETTLEMENT: &str =
    "INSERT INTO settlements (deal_id, table_id, breakdown, stake_cents, settled_ms)
 VALUES ($1, $2, $3, $4, $5)";

/// Stores one seat's ledger row.
pub(crate) const INSERT_LEDGER_ROW: &str =
    "INSERT INTO ledger (deal_id, seat, table_id, player_id, computer, units, cents)
 VALUES ($1, $2, $3, $4, $5, $6, $7)";

/// A deal's settlement.
pub(crate) const SETTLEMENT_OF_DEAL: &str = "SELECT deal_id, table_id, breakdown, stake_cents, settled_ms FROM settlements WHERE deal_id = $1";

/// A deal's ledger rows, in seat order.
pub(crate) const LEDGER_OF_DEAL: &str =
    "SELECT seat, player_id, computer, units FROM ledger WHERE deal_id = $1 ORDER BY seat";

/// A player's balance over all tables: the kept rows of the tables they
/// played at (`table_balances_by_player`, covering).
pub(crate) const PLAYER_BALANCE: &str = "SELECT CAST(COALESCE(SUM(units), 0) AS BIGINT) AS units,
        CAST(COALESCE(SUM(cents), 0) AS BIGINT) AS cents,
        CAST(COALESCE(SUM(deals), 0) AS BIGINT) AS deals
 FROM table_balances WHERE player_key = $1";

// ------------------------------------------------------------- statistics

/// Marks a settled deal's contract.
pub(crate) const SET_SETTLEMENT_CONTRACT: &str =
    "UPDATE settlements SET contract = $2 WHERE deal_id = $1";

/// Marks each ledger row of a deal declarer (1) or opponent (0): bit
/// `seat` of $2.
pub(crate) const SET_LEDGER_SIDES: &str =
    "UPDATE ledger SET declarer = (($2 >> seat) & 1) WHERE deal_id = $1";

/// A person's kept figures summed over some of their tables' rows of
/// `table_balances`.
macro_rules! stats_columns {
    () => {
        "CAST(COALESCE(SUM(b.deals), 0) AS BIGINT) AS deals,
        CAST(COALESCE(SUM(b.won), 0) AS BIGINT) AS won,
        CAST(COALESCE(SUM(b.lost), 0) AS BIGINT) AS lost,
        CAST(COALESCE(SUM(b.declarer_deals), 0) AS BIGINT) AS declarer_deals,
        CAST(COALESCE(SUM(b.declarer_won), 0) AS BIGINT) AS declarer_won,
        CAST(COALESCE(SUM(b.opponent_deals), 0) AS BIGINT) AS opponent_deals,
        CAST(COALESCE(SUM(b.opponent_won), 0) AS BIGINT) AS opponent_won,
        CAST(COALESCE(SUM(b.units), 0) AS BIGINT) AS units,
        CAST(COALESCE(SUM(b.cents), 0) AS BIGINT) AS cents"
    };
}

/// The people of a chat's tables, best balance first: the kept rows of
/// each of the chat's tables (`tables_by_chat_all` and the links, then a
/// range of `table_balances`' key per table), one row per person and table.
pub(crate) const CHAT_LEADERBOARD: &str = concat!(
    "SELECT b.player_key AS player_id, CAST(SUM(b.deals) AS BIGINT) AS deals,
        CAST(SUM(b.won) AS BIGINT) AS won, CAST(SUM(b.lost) AS BIGINT) AS lost,
        CAST(SUM(b.units) AS BIGINT) AS units, CAST(SUM(b.cents) AS BIGINT) AS cents
 FROM table_balances b
 WHERE b.table_id IN (",
    chat_tables!(),
    ") AND b.player_key > 0
 GROUP BY b.player_key
 ORDER BY SUM(b.units) DESC, b.player_key
 LIMIT $3"
);

/// One person's figures at a chat's tables: their kept row at each.
pub(crate) const PLAYER_STATS_IN_CHAT: &str = concat!(
    "SELECT ",
    stats_columns!(),
    " FROM table_balances b WHERE b.table_id IN (",
    chat_tables!(),
    ") AND b.player_key = $3"
);

/// One person's figures at every table: their kept rows
/// (`table_balances_by_player`, covering).
pub(crate) const PLAYER_STATS: &str = concat!(
    "SELECT ",
    stats_columns!(),
    " FROM table_balances b WHERE b.player_key = $1"
);

/// One person's deals at a chat's tables by contract and side: their kept
/// rows of `contract_stats` at each table (a range of its key).
pub(crate) const PLAYER_CONTRACTS_IN_CHAT: &str = concat!(
    "SELECT NULLIF(c.contract, '') AS contract, NULLIF(c.declarer, -1) AS declarer,
        CAST(SUM(c.deals) AS BIGINT) AS deals, CAST(SUM(c.won) AS BIGINT) AS won,
        CAST(SUM(c.units) AS BIGINT) AS units
 FROM contract_stats c
 WHERE c.table_id IN (",
    chat_tables!(),
    ") AND c.player_id = $3
 GROUP BY c.contract, c.declarer
 HAVING SUM(c.deals) > 0
 ORDER BY SUM(c.deals) DESC, c.contract, c.declarer"
);

// --------------------------------------------------------- delivery state

/// A front end's delivery fact (primary key).
pub(crate) const DELIVERY_GET: &str =
    "SELECT value FROM delivery_state WHERE scope = $1 AND key = $2";

/// Stores or replaces a delivery fact.
pub(crate) const DELIVERY_PUT: &str =
    "INSERT INTO delivery_state (scope, key, value, updated_ms) VALUES ($1, $2, $3, $4)
 ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value, updated_ms = excluded.updated_ms";

/// Stores a delivery fact unless one is there (the first writer wins).
pub(crate) const DELIVERY_PUT_NEW: &str =
    "INSERT INTO delivery_state (scope, key, value, updated_ms) VALUES ($1, $2, $3, $4)
 ON CONFLICT (scope, key) DO NOTHING";

/// Forgets a delivery fact (primary key).
pub(crate) const DELIVERY_DELETE: &str = "DELETE FROM delivery_state WHERE scope = $1 AND key = $2";

/// Every fact of a scope (a range of the primary key).
pub(crate) const DELIVERY_LIST: &str =
    "SELECT key, value FROM delivery_state WHERE scope = $1 ORDER BY key";

/// Forgets the facts of a scope whose key starts with `$2` (a range of the
/// primary key's scope).
pub(crate) const DELIVERY_DELETE_PREFIX: &str =
    "DELETE FROM delivery_state WHERE scope = $1 AND substr(key, 1, length($2)) = $2";

// ----------------------------------------------------------------- outbox

/// Queues one message; returns its id.
pub(crate) const ENQUEUE: &str = "INSERT INTO outbox (table_id, destination, payload, state, attempts, next_attempt_ms, created_ms)
 VALUES ($1, $2, $3, 'pending', 0, $4, $4)
 RETURNING id";

/// Queues `rows` messages in one statement: `$1` table, `$2` now, then
/// destination and payload per message.
pub(crate) fn enqueue_many(rows: usize) -> String {
    let values: Vec<String> = (0..rows)
        .map(|i| format!("($1, ${}, ${}, 'pending', 0, $2, $2)", 3 + 2 * i, 4 + 2 * i))
        .collect();
    format!(
        "INSERT INTO outbox (table_id, destination, payload, state, attempts, next_attempt_ms, created_ms) VALUES {}",
        values.join(", ")
    )
}

/// Claims due messages, oldest first, each destination's next ones only.
/// Every read of `outbox` goes through the pending-only partial indexes
/// `outbox_pending` (covering, in id order) and `outbox_lane`, so sent
/// history is never read.
pub(crate) const SQLITE_CLAIM_OUTBOX: &str = claim_outbox!(sqlite, "");

/// [`SQLITE_CLAIM_OUTBOX`] on PostgreSQL: the candidates are found once
/// (`ARRAY(…)`, an init plan) and updated by key. With the candidates in an
/// `IN (…)` and statistics taken while the outbox was small, PostgreSQL ran
/// the whole candidate search once per pending row (a semi join): 194 s
/// for 10 000 pending messages. The row's own conditions are checked again
/// on the updated row (so two processes never claim one message), written
/// so that no pending-only index matches them and the update reads by key.
pub(crate) const POSTGRES_CLAIM_OUTBOX: &str = claim_outbox!(postgres, "");

/// The claim with `$filter` added to the candidates' conditions (a
/// literal; empty for all), in the form for `sqlite` or `postgres`.
macro_rules! claim_outbox {
    (sqlite, $filter:literal) => {
        concat!(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_ms = $2
 WHERE state = 'pending' AND next_attempt_ms <= $1 AND id IN (",
            claim_outbox!(candidates, $filter),
            ")
 RETURNING id, table_id, destination, payload, attempts, created_ms"
        )
    };
    (postgres, $filter:literal) => {
        concat!(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_ms = $2
 WHERE id = ANY (ARRAY(",
            claim_outbox!(candidates, $filter),
            "))
   AND next_attempt_ms <= $1 AND state NOT IN ('sent', 'failed')
 RETURNING id, table_id, destination, payload, attempts, created_ms"
        )
    };
    (candidates, $filter:literal) => {
        concat!(
            "
     SELECT o.id FROM outbox o
     WHERE o.state = 'pending' AND o.next_attempt_ms <= $1",
            $filter,
            "
       AND NOT EXISTS (
           SELECT 1 FROM outbox p
           WHERE p.state = 'pending' AND p.destination = o.destination
             AND p.id < o.id AND p.next_attempt_ms > $1)
     ORDER BY o.id
     LIMIT $3"
        )
    };
}
use claim_outbox;

/// The claim for one platform's destinations only: `$4` ≤ destination <
/// `$5` (the platform's prefix `name:` and `name;`), so that each front end
/// of a shared database claims what it can deliver.
pub(crate) const SQLITE_CLAIM_OUTBOX_OF: &str = claim_outbox!(
    sqlite,
    "\n       AND o.destination >= $4 AND o.destination < $5"
);

/// [`SQLITE_CLAIM_OUTBOX_OF`] on PostgreSQL (see [`POSTGRES_CLAIM_OUTBOX`]).
pub(crate) const POSTGRES_CLAIM_OUTBOX_OF: &str = claim_outbox!(
    postgres,
    "\n       AND o.destination >= $4 AND o.destination < $5"
);

/// The chats a table is linked into: `$1` table.
pub(crate) const LINKS_OF_TABLE: &str = "SELECT platform, chat_id, thread_id FROM table_links WHERE table_id = $1 ORDER BY linked_ms, platform, chat_id";

/// The table a chat is linked to, if it is open: `$1` platform, `$2` chat,
/// `$3` thread ('' for none).
pub(crate) const LINKED_TABLE_OF_CHAT: &str = "SELECT l.table_id FROM table_links l
 JOIN tables t ON t.id = l.table_id
 WHERE l.platform = $1 AND l.chat_id = $2 AND l.thread_id = $3 AND t.status <> 'closed'";

/// Removes a chat's link to a closed table, before linking it anew: `$1`
/// platform, `$2` chat, `$3` thread.
pub(crate) const DROP_STALE_LINK: &str = "DELETE FROM table_links
 WHERE platform = $1 AND chat_id = $2 AND thread_id = $3
   AND table_id IN (SELECT id FROM tables WHERE status = 'closed')";

/// Links a chat to a table unless the chat is linked already (no row
/// then; a failed statement would end a PostgreSQL transaction): `$1`
/// platform, `$2` chat, `$3` thread, `$4` table, `$5` now.
pub(crate) const INSERT_LINK: &str =
    "INSERT INTO table_links (platform, chat_id, thread_id, table_id, linked_ms)
 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (platform, chat_id, thread_id) DO NOTHING";

/// Unlinks one chat from its table: `$1` platform, `$2` chat, `$3` thread,
/// `$4` table.
pub(crate) const DELETE_LINK: &str = "DELETE FROM table_links WHERE platform = $1 AND chat_id = $2 AND thread_id = $3 AND table_id = $4";

/// Unlinks every chat of a table: `$1` table.
pub(crate) const DELETE_LINKS_OF_TABLE: &str = "DELETE FROM table_links WHERE table_id = $1";

/// Stores a one-time link code unless the code is taken (no row then):
/// `$1` code, `$2` table, `$3` expiry.
pub(crate) const INSERT_LINK_CODE: &str = "INSERT INTO link_codes (code, table_id, expires_ms) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING";

/// Takes a link code (one use): `$1` code, `$2` now; the table if the code
/// existed and had not expired. An expired code is removed as well.
pub(crate) const TAKE_LINK_CODE: &str =
    "DELETE FROM link_codes WHERE code = $1 RETURNING table_id, expires_ms > $2 AS valid";

/// The table of a link code that has not expired, without taking it: `$1`
/// code, `$2` now.
pub(crate) const PEEK_LINK_CODE: &str =
    "SELECT table_id FROM link_codes WHERE code = $1 AND expires_ms > $2";

/// Removes expired link codes: `$1` now.
pub(crate) const PRUNE_LINK_CODES: &str = "DELETE FROM link_codes WHERE expires_ms <= $1";

/// The columns of a cup row.
macro_rules! cup_columns {
    () => {
        "id, platform, chat_id, thread_id, name, status, data, pace_ms, language, creator_id, created_ms, updated_ms"
    };
}

/// Opens a cup in a chat unless the chat has an open one (no row then):
/// `$1` platform, `$2` chat, `$3` thread ('' for none), `$4` name, `$5`
/// data, `$6` pace, `$7` language, `$8` creator, `$9` now.
pub(crate) const INSERT_CUP: &str = "INSERT INTO cups (platform, chat_id, thread_id, name, status, data, pace_ms, language, creator_id, created_ms, updated_ms)
 VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, $8, $9, $9)
 ON CONFLICT (platform, chat_id, thread_id) WHERE status = 'open' DO NOTHING
 RETURNING id";

/// The open cup of a chat: `$1` platform, `$2` chat, `$3` thread.
pub(crate) const OPEN_CUP_IN_CHAT: &str = concat!(
    "SELECT ",
    cup_columns!(),
    " FROM cups WHERE platform = $1 AND chat_id = $2 AND thread_id = $3 AND status = 'open'"
);

/// [`OPEN_CUP_IN_CHAT`], held for the transaction (PostgreSQL).
pub(crate) const LOCK_OPEN_CUP_IN_CHAT: &str = concat!(
    "SELECT ",
    cup_columns!(),
    " FROM cups WHERE platform = $1 AND chat_id = $2 AND thread_id = $3 AND status = 'open' FOR UPDATE"
);

/// The latest cup of a chat, open or over: `$1` platform, `$2` chat, `$3`
/// thread.
pub(crate) const LATEST_CUP_IN_CHAT: &str = concat!(
    "SELECT ",
    cup_columns!(),
    " FROM cups WHERE platform = $1 AND chat_id = $2 AND thread_id = $3 ORDER BY id DESC LIMIT 1"
);

/// A cup by id: `$1` cup.
pub(crate) const CUP_BY_ID: &str = concat!("SELECT ", cup_columns!(), " FROM cups WHERE id = $1");

/// [`CUP_BY_ID`], held for the transaction (PostgreSQL).
pub(crate) const LOCK_CUP: &str = concat!(
    "SELECT ",
    cup_columns!(),
    " FROM cups WHERE id = $1 FOR UPDATE"
);

/// Writes a cup's document and status: `$1` cup, `$2` data, `$3` status,
/// `$4` now.
pub(crate) const SAVE_CUP: &str =
    "UPDATE cups SET data = $2, status = $3, updated_ms = $4 WHERE id = $1";

/// Records a table drawn for a cup's round: `$1` table, `$2` cup, `$3`
/// day, `$4` round, `$5` table number, `$6` deals.
pub(crate) const INSERT_CUP_TABLE: &str = "INSERT INTO cup_tables (table_id, cup_id, day, round, table_no, deals) VALUES ($1, $2, $3, $4, $5, $6)";

/// The tables drawn for a cup's rounds, in draw order: `$1` cup.
pub(crate) const CUP_TABLES_OF_CUP: &str =
    "SELECT table_id, cup_id, day, round, table_no, deals FROM cup_tables
 WHERE cup_id = $1 ORDER BY day, round, table_no";

/// The cup round a table belongs to, if any: `$1` table.
pub(crate) const CUP_TABLE: &str =
    "SELECT table_id, cup_id, day, round, table_no, deals FROM cup_tables WHERE table_id = $1";

/// Marks `ids` claimed messages delivered: `$1` now, then the ids.
pub(crate) fn mark_sent(ids: usize) -> String {
    let list: Vec<String> = (0..ids).map(|i| format!("${}", i + 2)).collect();
    format!(
        "UPDATE outbox SET state = 'sent', sent_ms = $1 WHERE state = 'pending' AND id IN ({})",
        list.join(", ")
    )
}

/// Records a failed attempt to retry later.
pub(crate) const RETRY_LATER: &str =
    "UPDATE outbox SET last_error = $2, next_attempt_ms = $3 WHERE id = $1 AND state = 'pending'";

/// Gives a message up.
pub(crate) const GIVE_UP: &str =
    "UPDATE outbox SET last_error = $2, state = 'failed' WHERE id = $1 AND state = 'pending'";

/// Hands a claimed message back without counting the attempt.
pub(crate) const RELEASE: &str = "UPDATE outbox SET next_attempt_ms = $2, attempts = attempts - 1
 WHERE id = $1 AND state = 'pending' AND attempts > 0";

/// Retention deletes a batch at a time: the keys of the `$2` oldest rows
/// found through the partial index (`outbox_sent`), then those rows by
/// primary key. Neither step depends on the planner's statistics: a range
/// delete (`sent_ms <= bound`) becomes a sequential scan of the whole
/// outbox on PostgreSQL once its statistics are older than the rows, and a
/// `DELETE … WHERE id IN (SELECT … LIMIT)` may be hashed there. SQLite runs
/// the list subquery first and deletes by rowid.
pub(crate) const SQLITE_PRUNE_SENT: &str = "DELETE FROM outbox WHERE id IN
 (SELECT id FROM outbox WHERE state = 'sent' AND sent_ms < $1 ORDER BY sent_ms LIMIT $2)";

/// [`SQLITE_PRUNE_SENT`] on PostgreSQL: `ARRAY(…)` is computed once (an
/// init plan over `outbox_sent`) and `id = ANY(…)` is an index condition
/// on the primary key, whatever the statistics say.
pub(crate) const POSTGRES_PRUNE_SENT: &str = "DELETE FROM outbox WHERE id = ANY (ARRAY(
 SELECT id FROM outbox WHERE state = 'sent' AND sent_ms < $1 ORDER BY sent_ms LIMIT $2))";

/// The id of the newest failed message beyond the `$1` newest ones
/// (`outbox_failed`).
pub(crate) const FAILED_BEYOND_CAP: &str =
    "SELECT id FROM outbox WHERE state = 'failed' ORDER BY id DESC LIMIT 1 OFFSET $1";

/// Deletes the `$2` oldest failed messages with ids up to `$1`
/// (`outbox_failed`, then by key; see [`SQLITE_PRUNE_SENT`]).
pub(crate) const SQLITE_PRUNE_FAILED: &str = "DELETE FROM outbox WHERE id IN
 (SELECT id FROM outbox WHERE state = 'failed' AND id <= $1 ORDER BY id LIMIT $2)";

/// [`SQLITE_PRUNE_FAILED`] on PostgreSQL (see [`POSTGRES_PRUNE_SENT`]).
pub(crate) const POSTGRES_PRUNE_FAILED: &str = "DELETE FROM outbox WHERE id = ANY (ARRAY(
 SELECT id FROM outbox WHERE state = 'failed' AND id <= $1 ORDER BY id LIMIT $2))";

// -------------------------------------------------------- processed updates

/// Records an update id.
pub(crate) const MARK_UPDATE: &str =
    "INSERT INTO processed_updates (platform, update_id, at_ms) VALUES ($1, $2, $3)";

/// Whether an update id was recorded.
pub(crate) const IS_PROCESSED: &str =
    "SELECT at_ms FROM processed_updates WHERE platform = $1 AND update_id = $2";

/// Deletes the `$2` oldest update ids recorded before `$1`
/// (`processed_updates_by_time`, then by rowid; see [`SQLITE_PRUNE_SENT`]).
pub(crate) const SQLITE_PRUNE_UPDATES: &str = "DELETE FROM processed_updates WHERE rowid IN
 (SELECT rowid FROM processed_updates WHERE at_ms < $1 ORDER BY at_ms LIMIT $2)";

/// [`SQLITE_PRUNE_UPDATES`] on PostgreSQL: the rows found by
/// `processed_updates_by_time` are deleted by their tuple ids (a TID scan;
/// the rows are never updated, so a tuple id found in the same statement
/// stays theirs).
pub(crate) const POSTGRES_PRUNE_UPDATES: &str =
    "DELETE FROM processed_updates WHERE ctid = ANY (ARRAY(
 SELECT ctid FROM processed_updates WHERE at_ms < $1 ORDER BY at_ms LIMIT $2))";

// -------------------------------------------------------------- deadlines

/// Sets or replaces a table's deadline.
pub(crate) const UPSERT_DEADLINE: &str =
    "INSERT INTO deadlines (table_id, deal_id, seq, seat, remind_ms, due_ms, reminded)
 VALUES ($1, $2, $3, $4, $5, $6, $7)
 ON CONFLICT (table_id) DO UPDATE SET
     deal_id = excluded.deal_id, seq = excluded.seq, seat = excluded.seat,
     remind_ms = excluded.remind_ms, due_ms = excluded.due_ms, reminded = excluded.reminded";

/// Removes a table's deadline.
pub(crate) const DELETE_DEADLINE: &str = "DELETE FROM deadlines WHERE table_id = $1";

/// Deadlines needing attention, earliest first: driven by `deadlines`
/// (one row per table with a seat to act), each table checked by id.
pub(crate) const DUE_DEADLINES: &str = concat!(
    "SELECT ",
    deadline_columns!(),
    " FROM deadlines d
 WHERE (d.due_ms <= $1 OR (d.reminded = 0 AND d.remind_ms <= $1))
   AND EXISTS (SELECT 1 FROM tables t WHERE t.id = d.table_id AND t.status = 'playing')
 ORDER BY d.due_ms, d.table_id
 LIMIT $2"
);

/// The earliest moment any playing table needs attention.
pub(crate) const NEXT_DEADLINE: &str = "SELECT MIN(CASE WHEN d.reminded = 0 AND d.remind_ms < d.due_ms THEN d.remind_ms ELSE d.due_ms END)
 FROM deadlines d
 WHERE EXISTS (SELECT 1 FROM tables t WHERE t.id = d.table_id AND t.status = 'playing')";

/// A table's deadline.
pub(crate) const DEADLINE_OF_TABLE: &str = concat!(
    "SELECT ",
    deadline_columns!(),
    " FROM deadlines WHERE table_id = $1"
);

/// Notes a sent reminder, if the deadline is still the same.
pub(crate) const MARK_REMINDED: &str =
    "UPDATE deadlines SET reminded = 1 WHERE table_id = $1 AND deal_id = $2 AND seq = $3";

// ------------------------------------------------- cold: operators' counts

/// Tables per status (`tarock db status`).
pub(crate) const COUNT_TABLES_BY_STATUS: &str =
    "SELECT status, COUNT(*) FROM tables GROUP BY status";

/// Deals per status (`tarock db status`).
pub(crate) const COUNT_DEALS_BY_STATUS: &str = "SELECT status, COUNT(*) FROM deals GROUP BY status";

/// Events in all logs (`tarock db status`).
pub(crate) const COUNT_EVENTS: &str = "SELECT COUNT(*) FROM events";

/// Players (`tarock db status`).
pub(crate) const COUNT_PLAYERS: &str = "SELECT COUNT(*) FROM players";

/// Outbox messages per state (`tarock db status`, monitoring).
pub(crate) const COUNT_OUTBOX_BY_STATE: &str = "SELECT state, COUNT(*) FROM outbox GROUP BY state";

/// Pending outbox messages and when the oldest of them was written
/// (metrics: outbox depth and age), through the pending-only index.
pub(crate) const OUTBOX_BACKLOG: &str =
    "SELECT COUNT(*), MIN(created_ms) FROM outbox WHERE state = 'pending'";

/// Deadlines of playing tables that are due or owe a reminder at `$1`
/// (metrics: deadlines due).
pub(crate) const COUNT_DUE_DEADLINES: &str = "SELECT COUNT(*) FROM deadlines d
 WHERE (d.due_ms <= $1 OR (d.reminded = 0 AND d.remind_ms <= $1))
   AND EXISTS (SELECT 1 FROM tables t WHERE t.id = d.table_id AND t.status = 'playing')";

/// Tables not yet closed (metrics: live tables), through the open-tables
/// index.
pub(crate) const COUNT_LIVE_TABLES: &str = "SELECT COUNT(*) FROM tables WHERE status <> 'closed'";

/// The cheapest round trip (health checks).
pub(crate) const PING: &str = "SELECT 1";

/// The rows of one of [`STORED_TABLES`] (`tarock db stats`).
pub(crate) fn count_rows(table: &str) -> String {
    assert!(
        STORED_TABLES.contains(&table),
        "not a stored table: {table}"
    );
    format!("SELECT COUNT(*) FROM {table}")
}

/// Bytes of a table with its indexes on SQLite (the `dbstat` table).
pub(crate) const SQLITE_TABLE_BYTES: &str =
    "SELECT CAST(COALESCE(SUM(d.pgsize), 0) AS BIGINT) FROM dbstat d
 JOIN sqlite_schema s ON s.name = d.name WHERE s.tbl_name = $1";

/// Bytes of a table with its indexes on PostgreSQL.
pub(crate) const POSTGRES_TABLE_BYTES: &str =
    "SELECT CAST(pg_total_relation_size(CAST($1 AS regclass)) AS BIGINT)";

/// Updates SQLite's planner statistics where they are missing or stale:
/// `0x02` runs ANALYZE on the tables that need it, `0x10000` looks at every
/// table (not only those this pooled connection happened to query), and
/// `0x10` runs each ANALYZE with a temporary `analysis_limit` (2 000 rows
/// per index in the bundled SQLite 3.51), so that a file without any
/// statistics (after an upgrade, or a copied file) is not read whole:
/// without that bit ANALYZE reads every row of every table.
pub(crate) const SQLITE_OPTIMIZE: &str = "PRAGMA optimize=0x10012";

/// Makes a new SQLite file give freed pages back on request
/// (`PRAGMA incremental_vacuum`) instead of keeping them for ever. Takes
/// effect only before the file's first table, or at the next `VACUUM` on
/// the same connection (which converts an existing file).
pub(crate) const SQLITE_AUTO_VACUUM: &str = "PRAGMA auto_vacuum = INCREMENTAL";

/// The file's vacuum mode: 0 none, 1 full, 2 incremental.
pub(crate) const SQLITE_AUTO_VACUUM_MODE: &str = "PRAGMA auto_vacuum";

/// Pages of the file that hold nothing.
pub(crate) const SQLITE_FREELIST_COUNT: &str = "PRAGMA freelist_count";

/// Gives up to `pages` free pages back to the file system (a write; a
/// file without incremental auto-vacuum ignores it). Pragmas take no
/// parameters, so the number is written in.
pub(crate) fn sqlite_incremental_vacuum(pages: u32) -> String {
    format!("PRAGMA incremental_vacuum({pages})")
}

/// Rewrites the whole SQLite file without its free pages (and in the mode
/// [`SQLITE_AUTO_VACUUM`] set on the same connection).
pub(crate) const SQLITE_VACUUM: &str = "VACUUM";

/// Copies the whole write-ahead log into the SQLite file and empties it:
/// after a `VACUUM` the file only shrinks then.
pub(crate) const SQLITE_CHECKPOINT: &str = "PRAGMA wal_checkpoint(TRUNCATE)";

/// Copies what it can of the write-ahead log into the SQLite file without
/// waiting for anyone (and without the write lock).
pub(crate) const SQLITE_CHECKPOINT_PASSIVE: &str = "PRAGMA wal_checkpoint(PASSIVE)";

/// Marks the space of deleted rows of the pruned tables reusable and
/// refreshes their statistics (PostgreSQL; autovacuum does it too, later).
pub(crate) const POSTGRES_VACUUM: &str = "VACUUM (ANALYZE) outbox, processed_updates";

/// Puts an SQLite file into write-ahead-log mode (once, at open).
pub(crate) const SQLITE_WAL: &str = "PRAGMA journal_mode = WAL";

/// Turns SQLite's foreign keys on (per connection).
pub(crate) const SQLITE_FOREIGN_KEYS: &str = "PRAGMA foreign_keys = ON";

/// How long an SQLite connection waits for the write lock.
pub(crate) fn sqlite_busy_timeout(ms: u128) -> String {
    format!("PRAGMA busy_timeout = {ms}")
}

/// Lets a PostgreSQL connection's commits return without waiting for their
/// WAL flush (the delivery bookkeeping's connections; the next synchronous
/// commit flushes them).
pub(crate) const POSTGRES_ASYNC_COMMIT: &str = "SET synchronous_commit = off";

/// SQLite's commit durability: `FULL` or `NORMAL`.
pub(crate) fn sqlite_synchronous(mode: &str) -> String {
    assert!(matches!(mode, "FULL" | "NORMAL"), "{mode}");
    format!("PRAGMA synchronous = {mode}")
}

/// The schema's tables, in the order `tarock db stats` shows them.
pub const STORED_TABLES: [&str; 19] = [
    "players",
    "tables",
    "seats",
    "deals",
    "events",
    "settlements",
    "ledger",
    "table_balances",
    "contract_stats",
    "seat_scores",
    "table_links",
    "link_codes",
    "cups",
    "cup_tables",
    "deadlines",
    "outbox",
    "processed_updates",
    "delivery_state",
    "_sqlx_migrations",
];

/// Whether a statement runs on the hot path (playing, delivering, pruning)
/// or only for an operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heat {
    /// Run while the bot serves players: must never scan a history table.
    Hot,
    /// An operator's count or size: reads what it must.
    Cold,
}

/// One statement of this module, for the plan tests.
#[derive(Clone, Debug)]
pub struct Statement {
    /// The constant's (or function's) name.
    pub name: &'static str,
    /// The SQL (a representative instance for generated statements).
    pub sql: String,
    /// Hot or cold.
    pub heat: Heat,
    /// Which database runs it: `None` both.
    pub only: Option<crate::Backend>,
}

/// Every statement of this module (generated ones with small
/// representative sizes), hot ones first.
pub fn statements() -> Vec<Statement> {
    use crate::Backend::{Postgres, Sqlite};
    let hot = |name, sql: &str| Statement {
        name,
        sql: sql.to_owned(),
        heat: Heat::Hot,
        only: None,
    };
    let cold = |name, sql: &str| Statement {
        name,
        sql: sql.to_owned(),
        heat: Heat::Cold,
        only: None,
    };
    let on = |backend, statement: Statement| Statement {
        only: Some(backend),
        ..statement
    };
    vec![
        hot("UPSERT_PLAYER", UPSERT_PLAYER),
        hot("PLAYER_ON", PLAYER_ON),
        hot("PLAYER_BY_ID", PLAYER_BY_ID),
        hot("TABLE_BY_ID", TABLE_BY_ID),
        on(Postgres, hot("LOCK_TABLE", LOCK_TABLE)),
        hot("SEATS_OF_TABLE", SEATS_OF_TABLE),
        hot("INSERT_TABLE", INSERT_TABLE),
        hot("SET_TABLE_STATUS", SET_TABLE_STATUS),
        hot("SET_PUBLIC_MESSAGE", SET_PUBLIC_MESSAGE),
        hot("SET_TABLE_SETTINGS", SET_TABLE_SETTINGS),
        hot("UPSERT_SEAT", UPSERT_SEAT),
        hot("DELETE_SEAT", DELETE_SEAT),
        hot("OPEN_TABLES_IN_CHAT", OPEN_TABLES_IN_CHAT),
        hot("OPEN_TABLES_OF_PLAYER", OPEN_TABLES_OF_PLAYER),
        hot("TABLE_IDS_WITH_STATUS", TABLE_IDS_WITH_STATUS),
        hot("DEAL_BY_ID", DEAL_BY_ID),
        hot("LATEST_DEAL_OF_TABLE", LATEST_DEAL_OF_TABLE),
        hot("DEALS_OF_TABLE", DEALS_OF_TABLE),
        hot("EVENTS_OF_DEAL", EVENTS_OF_DEAL),
        hot("INSERT_DEAL", INSERT_DEAL),
        hot("CONTINUE_IN_TOKENS", CONTINUE_IN_TOKENS),
        hot("append_events", &append_events(3)),
        hot("DEAL_STATUS_AND_NEXT_SEQ", DEAL_STATUS_AND_NEXT_SEQ),
        hot("FINISH_DEAL", FINISH_DEAL),
        hot("SHUFFLE_SEED", SHUFFLE_SEED),
        hot("SET_FAIR_COMMITMENT", SET_FAIR_COMMITMENT),
        hot("SET_FAIR_ROUND", SET_FAIR_ROUND),
        hot("DEAL_REVEAL", DEAL_REVEAL),
        hot("TABLE_BALANCES", TABLE_BALANCES),
        hot("ADD_TO_TABLE_BALANCE", ADD_TO_TABLE_BALANCE),
        hot("ADD_DEAL_TO_SIDE_STATS", ADD_DEAL_TO_SIDE_STATS),
        hot("ADD_DEAL_TO_CONTRACT_STATS", ADD_DEAL_TO_CONTRACT_STATS),
        hot("SEAT_SCORES", SEAT_SCORES),
        hot("set_seat_scores", &set_seat_scores(4)),
        hot("set_seat_scores_if_none", &set_seat_scores_if_none(4)),
        hot("ROUND_STATE_OF_TABLE", ROUND_STATE_OF_TABLE),
        hot("SET_ROUND_STATE", SET_ROUND_STATE),
        hot("SETTLED_DEALS", SETTLED_DEALS),
        hot("RECENT_SETTLEMENTS", RECENT_SETTLEMENTS),
        hot("DEAL_FOR_SETTLING", DEAL_FOR_SETTLING),
        hot("INSERT_SETTLEMENT", INSERT_SETTLEMENT),
        hot("INSERT_LEDGER_ROW", INSERT_LEDGER_ROW),
        hot("SETTLEMENT_OF_DEAL", SETTLEMENT_OF_DEAL),
        hot("LEDGER_OF_DEAL", LEDGER_OF_DEAL),
        hot("PLAYER_BALANCE", PLAYER_BALANCE),
        hot("SET_SETTLEMENT_CONTRACT", SET_SETTLEMENT_CONTRACT),
        hot("SET_LEDGER_SIDES", SET_LEDGER_SIDES),
        hot("CHAT_LEADERBOARD", CHAT_LEADERBOARD),
        hot("PLAYER_STATS_IN_CHAT", PLAYER_STATS_IN_CHAT),
        hot("PLAYER_STATS", PLAYER_STATS),
        hot("PLAYER_CONTRACTS_IN_CHAT", PLAYER_CONTRACTS_IN_CHAT),
        hot("DELIVERY_GET", DELIVERY_GET),
        hot("DELIVERY_PUT", DELIVERY_PUT),
        hot("DELIVERY_PUT_NEW", DELIVERY_PUT_NEW),
        hot("DELIVERY_DELETE", DELIVERY_DELETE),
        hot("DELIVERY_LIST", DELIVERY_LIST),
        hot("DELIVERY_DELETE_PREFIX", DELIVERY_DELETE_PREFIX),
        hot("ENQUEUE", ENQUEUE),
        hot("enqueue_many", &enqueue_many(3)),
        on(Sqlite, hot("SQLITE_CLAIM_OUTBOX", SQLITE_CLAIM_OUTBOX)),
        on(
            Sqlite,
            hot("SQLITE_CLAIM_OUTBOX_OF", SQLITE_CLAIM_OUTBOX_OF),
        ),
        on(
            Postgres,
            hot("POSTGRES_CLAIM_OUTBOX", POSTGRES_CLAIM_OUTBOX),
        ),
        on(
            Postgres,
            hot("POSTGRES_CLAIM_OUTBOX_OF", POSTGRES_CLAIM_OUTBOX_OF),
        ),
        hot("LINKS_OF_TABLE", LINKS_OF_TABLE),
        hot("LINKED_TABLE_OF_CHAT", LINKED_TABLE_OF_CHAT),
        hot("DROP_STALE_LINK", DROP_STALE_LINK),
        hot("INSERT_LINK", INSERT_LINK),
        hot("DELETE_LINK", DELETE_LINK),
        hot("DELETE_LINKS_OF_TABLE", DELETE_LINKS_OF_TABLE),
        hot("INSERT_LINK_CODE", INSERT_LINK_CODE),
        hot("TAKE_LINK_CODE", TAKE_LINK_CODE),
        hot("PEEK_LINK_CODE", PEEK_LINK_CODE),
        hot("PRUNE_LINK_CODES", PRUNE_LINK_CODES),
        hot("INSERT_CUP", INSERT_CUP),
        hot("OPEN_CUP_IN_CHAT", OPEN_CUP_IN_CHAT),
        on(
            Postgres,
            hot("LOCK_OPEN_CUP_IN_CHAT", LOCK_OPEN_CUP_IN_CHAT),
        ),
        hot("LATEST_CUP_IN_CHAT", LATEST_CUP_IN_CHAT),
        hot("CUP_BY_ID", CUP_BY_ID),
        on(Postgres, hot("LOCK_CUP", LOCK_CUP)),
        hot("SAVE_CUP", SAVE_CUP),
        hot("INSERT_CUP_TABLE", INSERT_CUP_TABLE),
        hot("CUP_TABLE", CUP_TABLE),
        hot("CUP_TABLES_OF_CUP", CUP_TABLES_OF_CUP),
        hot("mark_sent", &mark_sent(3)),
        hot("RETRY_LATER", RETRY_LATER),
        hot("GIVE_UP", GIVE_UP),
        hot("RELEASE", RELEASE),
        on(Sqlite, hot("SQLITE_PRUNE_SENT", SQLITE_PRUNE_SENT)),
        on(Postgres, hot("POSTGRES_PRUNE_SENT", POSTGRES_PRUNE_SENT)),
        hot("FAILED_BEYOND_CAP", FAILED_BEYOND_CAP),
        on(Sqlite, hot("SQLITE_PRUNE_FAILED", SQLITE_PRUNE_FAILED)),
        on(
            Postgres,
            hot("POSTGRES_PRUNE_FAILED", POSTGRES_PRUNE_FAILED),
        ),
        hot("MARK_UPDATE", MARK_UPDATE),
        hot("IS_PROCESSED", IS_PROCESSED),
        on(Sqlite, hot("SQLITE_PRUNE_UPDATES", SQLITE_PRUNE_UPDATES)),
        on(
            Postgres,
            hot("POSTGRES_PRUNE_UPDATES", POSTGRES_PRUNE_UPDATES),
        ),
        hot("UPSERT_DEADLINE", UPSERT_DEADLINE),
        hot("DELETE_DEADLINE", DELETE_DEADLINE),
        hot("DUE_DEADLINES", DUE_DEADLINES),
        hot("NEXT_DEADLINE", NEXT_DEADLINE),
        hot("DEADLINE_OF_TABLE", DEADLINE_OF_TABLE),
        hot("MARK_REMINDED", MARK_REMINDED),
        cold("COUNT_TABLES_BY_STATUS", COUNT_TABLES_BY_STATUS),
        cold("COUNT_DEALS_BY_STATUS", COUNT_DEALS_BY_STATUS),
        cold("COUNT_EVENTS", COUNT_EVENTS),
        cold("COUNT_PLAYERS", COUNT_PLAYERS),
        cold("COUNT_OUTBOX_BY_STATE", COUNT_OUTBOX_BY_STATE),
        cold("count_rows", &count_rows("outbox")),
        cold("OUTBOX_BACKLOG", OUTBOX_BACKLOG),
        cold("COUNT_DUE_DEADLINES", COUNT_DUE_DEADLINES),
        cold("COUNT_LIVE_TABLES", COUNT_LIVE_TABLES),
        cold("PING", PING),
        on(Sqlite, cold("SQLITE_TABLE_BYTES", SQLITE_TABLE_BYTES)),
        on(Postgres, cold("POSTGRES_TABLE_BYTES", POSTGRES_TABLE_BYTES)),
        on(Sqlite, cold("SQLITE_OPTIMIZE", SQLITE_OPTIMIZE)),
        on(Sqlite, cold("SQLITE_WAL", SQLITE_WAL)),
        on(Sqlite, cold("SQLITE_AUTO_VACUUM", SQLITE_AUTO_VACUUM)),
        on(
            Sqlite,
            cold("SQLITE_AUTO_VACUUM_MODE", SQLITE_AUTO_VACUUM_MODE),
        ),
        on(Sqlite, cold("SQLITE_FREELIST_COUNT", SQLITE_FREELIST_COUNT)),
        on(
            Sqlite,
            cold("sqlite_incremental_vacuum", &sqlite_incremental_vacuum(64)),
        ),
        on(Sqlite, cold("SQLITE_VACUUM", SQLITE_VACUUM)),
        on(Sqlite, cold("SQLITE_CHECKPOINT", SQLITE_CHECKPOINT)),
        on(
            Sqlite,
            cold("SQLITE_CHECKPOINT_PASSIVE", SQLITE_CHECKPOINT_PASSIVE),
        ),
        on(Postgres, cold("POSTGRES_VACUUM", POSTGRES_VACUUM)),
        on(
            Postgres,
            cold("POSTGRES_ASYNC_COMMIT", POSTGRES_ASYNC_COMMIT),
        ),
        on(Sqlite, cold("SQLITE_FOREIGN_KEYS", SQLITE_FOREIGN_KEYS)),
        on(
            Sqlite,
            cold("sqlite_busy_timeout", &sqlite_busy_timeout(10_000)),
        ),
        on(
            Sqlite,
            cold("sqlite_synchronous", &sqlite_synchronous("FULL")),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the constants and statement-building functions defined
    /// in this file (read from its source).
    fn defined_here() -> Vec<String> {
        let source = include_str!("sql.rs");
        let mut names = Vec::new();
        for line in source.lines() {
            let line = line.trim_start();
            for prefix in ["pub(crate) const ", "pub(crate) fn "] {
                if let Some(rest) = line.strip_prefix(prefix) {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    names.push(name);
                }
            }
        }
        names
    }

    #[test]
    fn every_statement_is_listed_for_the_plan_tests() {
        let listed: Vec<&str> = statements().iter().map(|s| s.name).collect();
        let defined = defined_here();
        assert!(defined.len() >= 50, "{defined:?}");
        for name in &defined {
            assert!(
                listed.contains(&name.as_str()),
                "{name} is not in statements(): the plan tests would miss it"
            );
        }
        for name in &listed {
            assert!(
                defined.iter().any(|d| d == name),
                "{name} is listed twice or not defined"
            );
        }
        let mut unique = listed.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), listed.len(), "a statement is listed twice");
    }

    #[test]
    fn no_sql_is_written_outside_this_module() {
        // Every other source file of the crate: a string literal that starts
        // like a statement would be a query the plan tests never see.
        let others = [
            ("cup.rs", include_str!("cup.rs")),
            ("deadline.rs", include_str!("deadline.rs")),
            ("deal.rs", include_str!("deal.rs")),
            ("delivery.rs", include_str!("delivery.rs")),
            ("error.rs", include_str!("error.rs")),
            ("gauges.rs", include_str!("gauges.rs")),
            ("fair.rs", include_str!("fair.rs")),
            ("ledger.rs", include_str!("ledger.rs")),
            ("lib.rs", include_str!("lib.rs")),
            ("link.rs", include_str!("link.rs")),
            ("model.rs", include_str!("model.rs")),
            ("ops.rs", include_str!("ops.rs")),
            ("outbox.rs", include_str!("outbox.rs")),
            ("player.rs", include_str!("player.rs")),
            ("retention.rs", include_str!("retention.rs")),
            ("row.rs", include_str!("row.rs")),
            ("scratch.rs", include_str!("scratch.rs")),
            ("stats.rs", include_str!("stats.rs")),
            ("store.rs", include_str!("store.rs")),
            ("table.rs", include_str!("table.rs")),
            ("update.rs", include_str!("update.rs")),
        ];
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".rs") && n != "sql.rs")
            .count();
        assert_eq!(
            files,
            others.len(),
            "a new source file: add it to this test"
        );
        for (file, source) in others {
            for keyword in ["SELECT", "INSERT", "UPDATE", "DELETE", "PRAGMA"] {
                for quote in ["\"", "\"("] {
                    let pattern = format!("{quote}{keyword} ");
                    assert!(
                        !source.contains(&pattern),
                        "{file} writes SQL ({pattern:?}…); move it to sql.rs"
                    );
                }
            }
        }
    }
}
