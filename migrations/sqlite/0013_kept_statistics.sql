-- Statistics and the cup score kept in the settlement's transaction
-- (issue 31), so that a chat's or a person's statistics cost what their
-- tables are, not every deal they ever played. Keep in step with the
-- other database kind's file.
--
-- table_balances gains what the statistics show of each participant of a
-- table: deals won (units rose) and lost (units fell), and deals and wins
-- on the declaring and the opposing side. `Tx::settle` adds won/lost,
-- `Tx::record_sides` the sides. A chat's figures sum its tables' rows, a
-- person's the rows of the tables they played at. Rebuilt here from the
-- ledger (the kept balances are the ledger's sums, so nothing is lost).
ALTER TABLE table_balances ADD COLUMN won BIGINT NOT NULL DEFAULT 0;
ALTER TABLE table_balances ADD COLUMN lost BIGINT NOT NULL DEFAULT 0;
ALTER TABLE table_balances ADD COLUMN declarer_deals BIGINT NOT NULL DEFAULT 0;
ALTER TABLE table_balances ADD COLUMN declarer_won BIGINT NOT NULL DEFAULT 0;
ALTER TABLE table_balances ADD COLUMN opponent_deals BIGINT NOT NULL DEFAULT 0;
ALTER TABLE table_balances ADD COLUMN opponent_won BIGINT NOT NULL DEFAULT 0;
DELETE FROM table_balances;
INSERT INTO table_balances (table_id, player_key, computer, slot, seat, units, cents, deals,
                            won, lost, declarer_deals, declarer_won, opponent_deals, opponent_won)
    SELECT table_id, COALESCE(player_id, 0), COALESCE(computer, ''),
           CASE WHEN computer IS NULL THEN -1 ELSE seat END,
           MIN(seat), SUM(units), SUM(cents), COUNT(*),
           SUM(CASE WHEN units > 0 THEN 1 ELSE 0 END),
           SUM(CASE WHEN units < 0 THEN 1 ELSE 0 END),
           SUM(CASE WHEN declarer = 1 THEN 1 ELSE 0 END),
           SUM(CASE WHEN declarer = 1 AND units > 0 THEN 1 ELSE 0 END),
           SUM(CASE WHEN declarer = 0 THEN 1 ELSE 0 END),
           SUM(CASE WHEN declarer = 0 AND units > 0 THEN 1 ELSE 0 END)
    FROM ledger
    GROUP BY 1, 2, 3, 4;
-- A person's figures everywhere: their rows by the index alone.
CREATE INDEX table_balances_by_player ON table_balances (
    player_key, table_id, units, cents, deals, won, lost,
    declarer_deals, declarer_won, opponent_deals, opponent_won);

-- contract_stats: a person's deals at a table by contract and side, as
-- the contracts view shows them. contract '' and declarer -1 stand for
-- "not recorded": `Tx::settle` counts each deal there, `Tx::record_sides`
-- moves it to its contract and side. Rows may hold 0 deals (the readers
-- skip them). Backfilled from the ledger and the settlements.
CREATE TABLE contract_stats (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    player_id BIGINT NOT NULL,
    contract TEXT NOT NULL,
    declarer INTEGER NOT NULL,
    deals BIGINT NOT NULL,
    won BIGINT NOT NULL,
    units BIGINT NOT NULL,
    PRIMARY KEY (table_id, player_id, contract, declarer)
) WITHOUT ROWID;
INSERT INTO contract_stats (table_id, player_id, contract, declarer, deals, won, units)
    SELECT l.table_id, l.player_id, COALESCE(s.contract, ''), COALESCE(l.declarer, -1),
           COUNT(*), SUM(CASE WHEN l.units > 0 THEN 1 ELSE 0 END), SUM(l.units)
    FROM ledger l JOIN settlements s ON s.deal_id = l.deal_id
    WHERE l.player_id IS NOT NULL
    GROUP BY 1, 2, 3, 4;

-- seat_scores: each seat's running score at a table (a cup's Schrift: a
-- settlement's "schrift", else its "units"), kept by the table service in
-- each settlement's transaction. A table settled before this migration has
-- no rows until its next settlement, when the service sums its settled
-- deals once (the score is inside the breakdown JSON, which storage does
-- not read).
CREATE TABLE seat_scores (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    score BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

-- No statement sums the ledger any more: the indexes that served those
-- sums only cost every settlement their upkeep. (ledger_by_table and
-- ledger_by_player stay: they serve the foreign keys.)
DROP INDEX ledger_stats_by_table;
DROP INDEX ledger_stats_by_player;
DROP INDEX ledger_contracts_by_player;
DROP INDEX settlements_contract;
