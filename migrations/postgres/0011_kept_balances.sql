-- What a new deal and a settlement need from a table's past, kept up to
-- date in the settlement's transaction instead of summed from every past
-- row (issue 31). Keep in step with the other database kind's file.
--
-- table_balances: the running balance of each participant of a table, the
-- ledger's sums kept by `Tx::settle` (one upsert per ledger row). A player
-- is one participant over all the seats they sat at (player_key = their
-- id, computer = '', slot = -1); a computer is one per seat and level
-- (player_key = 0, computer = its level, slot = its seat). `seat` is the
-- lowest seat the participant played from. Backfilled here from the ledger.
CREATE TABLE table_balances (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    player_key BIGINT NOT NULL,
    computer TEXT NOT NULL,
    slot INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    units BIGINT NOT NULL,
    cents BIGINT NOT NULL,
    deals BIGINT NOT NULL,
    PRIMARY KEY (table_id, player_key, computer, slot)
);
INSERT INTO table_balances (table_id, player_key, computer, slot, seat, units, cents, deals)
    SELECT table_id, COALESCE(player_id, 0), COALESCE(computer, ''),
           CASE WHEN computer IS NULL THEN -1 ELSE seat END,
           MIN(seat), SUM(units), SUM(cents), COUNT(*)
    FROM ledger
    GROUP BY 1, 2, 3, 4;

-- tables.round_state: what the table's game carries from one deal to the
-- next (a Zwanzigerrufen double round after a Mondfang), as the table
-- service writes it (JSON) in each settlement's transaction; storage does
-- not read inside it. NULL until the first settlement after this
-- migration: the game's rules decide what a past deal carries, which SQL
-- cannot know, so the service computes it once from the settled deals.
ALTER TABLE tables ADD COLUMN round_state TEXT;
