-- no-transaction
-- The game family (SQLite). Keep in step with ../postgres.
--
-- A table plays one game of the family, chosen when it is opened, with a
-- seat count the game allows (Zwanzigerrufen and Königrufen 4, "20 ab"
-- 3 to 5). Every table stored before this migration is a four-seat
-- Zwanzigerrufen table. Seats are numbered 0 to 4 from now on.
--
-- A deal of Zwanzigerrufen stores its dealt hands; a round of another game
-- (one Königrufen deal, one 20 ab session of several deals) stores none:
-- its cards follow from the secret shuffle seed, and `events.action` holds
-- the game's action tokens. `hands` is then the empty JSON list.
--
-- SQLite cannot change a CHECK constraint in place, so the five tables
-- with a seat column are rebuilt in one transaction with foreign keys
-- off (https://sqlite.org/lang_altertable.html, "other kinds of table
-- schema changes"); every row keeps its id, so every reference still holds.
PRAGMA foreign_keys = OFF;
BEGIN;

ALTER TABLE tables ADD COLUMN game TEXT NOT NULL DEFAULT 'zwanzigerrufen'
    CHECK (game <> '');
ALTER TABLE tables ADD COLUMN seat_count INTEGER NOT NULL DEFAULT 4
    CHECK (seat_count BETWEEN 3 AND 5);

CREATE TABLE seats_new (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 4),
    player_id BIGINT REFERENCES players (id),
    computer TEXT,
    since_ms BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, player_id),
    CHECK ((player_id IS NULL) <> (computer IS NULL))
);
INSERT INTO seats_new (table_id, seat, player_id, computer, since_ms)
    SELECT table_id, seat, player_id, computer, since_ms FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_by_player ON seats (player_id);

CREATE TABLE deals_new (
    id INTEGER PRIMARY KEY,
    table_id BIGINT NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    forehand INTEGER NOT NULL CHECK (forehand BETWEEN 0 AND 4),
    hands TEXT NOT NULL,
    rules TEXT NOT NULL,
    factor INTEGER NOT NULL CHECK (factor >= 1),
    status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'redeal', 'abandoned')),
    started_ms BIGINT NOT NULL,
    finished_ms BIGINT,
    shuffle_seed TEXT CHECK (shuffle_seed IS NULL OR length(shuffle_seed) = 64),
    fair_commitment TEXT CHECK (fair_commitment IS NULL OR length(fair_commitment) = 64),
    fair_salt TEXT CHECK (fair_salt IS NULL OR length(fair_salt) = 64),
    game TEXT NOT NULL DEFAULT 'zwanzigerrufen' CHECK (game <> ''),
    UNIQUE (table_id, number)
);
INSERT INTO deals_new (id, table_id, number, forehand, hands, rules, factor, status,
        started_ms, finished_ms, shuffle_seed, fair_commitment, fair_salt)
    SELECT id, table_id, number, forehand, hands, rules, factor, status,
        started_ms, finished_ms, shuffle_seed, fair_commitment, fair_salt FROM deals;
DROP TABLE deals;
ALTER TABLE deals_new RENAME TO deals;

CREATE TABLE events_new (
    deal_id BIGINT NOT NULL REFERENCES deals (id),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 4),
    action TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    by_computer INTEGER NOT NULL CHECK (by_computer IN (0, 1)),
    PRIMARY KEY (deal_id, seq)
);
INSERT INTO events_new SELECT deal_id, seq, seat, action, at_ms, by_computer FROM events;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;

CREATE TABLE ledger_new (
    deal_id BIGINT NOT NULL REFERENCES settlements (deal_id),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 4),
    table_id BIGINT NOT NULL REFERENCES tables (id),
    player_id BIGINT REFERENCES players (id),
    computer TEXT,
    units BIGINT NOT NULL,
    cents BIGINT NOT NULL,
    declarer INTEGER CHECK (declarer IS NULL OR declarer IN (0, 1)),
    PRIMARY KEY (deal_id, seat),
    CHECK ((player_id IS NULL) <> (computer IS NULL))
);
INSERT INTO ledger_new (deal_id, seat, table_id, player_id, computer, units, cents, declarer)
    SELECT deal_id, seat, table_id, player_id, computer, units, cents, declarer FROM ledger;
DROP TABLE ledger;
ALTER TABLE ledger_new RENAME TO ledger;
CREATE INDEX ledger_by_table ON ledger (table_id);
CREATE INDEX ledger_by_player ON ledger (player_id);
CREATE INDEX ledger_stats_by_table ON ledger (table_id, player_id, declarer, units, cents);
CREATE INDEX ledger_stats_by_player ON ledger (player_id, table_id, declarer, units, cents);

CREATE TABLE deadlines_new (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    deal_id BIGINT NOT NULL REFERENCES deals (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 4),
    remind_ms BIGINT,
    due_ms BIGINT NOT NULL,
    reminded INTEGER NOT NULL CHECK (reminded IN (0, 1))
);
INSERT INTO deadlines_new SELECT table_id, deal_id, seq, seat, remind_ms, due_ms, reminded
    FROM deadlines;
DROP TABLE deadlines;
ALTER TABLE deadlines_new RENAME TO deadlines;
CREATE INDEX deadlines_due ON deadlines (due_ms);
CREATE INDEX deadlines_remind ON deadlines (remind_ms) WHERE reminded = 0;

COMMIT;
PRAGMA foreign_keys = ON;
