-- The tarock bot's schema (SQLite). Keep in step with ../postgres.

-- A person on one platform (discord, telegram, or the local terminal).
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL CHECK (platform IN ('discord', 'telegram', 'local')),
    platform_user_id TEXT NOT NULL,
    display_name TEXT NOT NULL,
    language TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    UNIQUE (platform, platform_user_id)
);

-- A table in a chat: its rules (preset + overrides, as written), stake and pace.
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL CHECK (platform IN ('discord', 'telegram', 'local')),
    chat_id TEXT NOT NULL,
    thread_id TEXT,
    rules TEXT NOT NULL,
    stake_cents BIGINT NOT NULL CHECK (stake_cents >= 0),
    pace_ms BIGINT NOT NULL CHECK (pace_ms > 0),
    language TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'paused', 'closed')),
    creator_id BIGINT REFERENCES players (id),
    public_message_id TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX tables_by_chat ON tables (platform, chat_id);

-- Who sits where now: a player or a computer player of some level.
CREATE TABLE seats (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    player_id BIGINT REFERENCES players (id),
    computer TEXT,
    since_ms BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, player_id),
    CHECK ((player_id IS NULL) <> (computer IS NULL))
);

-- One deal: the dealt hands (not a seed) and the rules in force.
CREATE TABLE deals (
    id INTEGER PRIMARY KEY,
    table_id BIGINT NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    forehand INTEGER NOT NULL CHECK (forehand BETWEEN 0 AND 3),
    hands TEXT NOT NULL,
    rules TEXT NOT NULL,
    factor INTEGER NOT NULL CHECK (factor >= 1),
    status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'redeal', 'abandoned')),
    started_ms BIGINT NOT NULL,
    finished_ms BIGINT,
    UNIQUE (table_id, number)
);

-- The append-only log of accepted actions. The key (deal_id, seq) makes a
-- second writer of the same step fail instead of forking the game.
CREATE TABLE events (
    deal_id BIGINT NOT NULL REFERENCES deals (id),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    action TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    by_computer INTEGER NOT NULL CHECK (by_computer IN (0, 1)),
    PRIMARY KEY (deal_id, seq)
);

-- The priced result of a finished deal, itemized.
CREATE TABLE settlements (
    deal_id BIGINT PRIMARY KEY REFERENCES deals (id),
    table_id BIGINT NOT NULL REFERENCES tables (id),
    breakdown TEXT NOT NULL,
    stake_cents BIGINT NOT NULL,
    settled_ms BIGINT NOT NULL
);

-- The balance ledger: one row per seat of a settled deal. Balances are sums.
CREATE TABLE ledger (
    deal_id BIGINT NOT NULL REFERENCES settlements (deal_id),
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    table_id BIGINT NOT NULL REFERENCES tables (id),
    player_id BIGINT REFERENCES players (id),
    computer TEXT,
    units BIGINT NOT NULL,
    cents BIGINT NOT NULL,
    PRIMARY KEY (deal_id, seat),
    CHECK ((player_id IS NULL) <> (computer IS NULL))
);
CREATE INDEX ledger_by_table ON ledger (table_id);
CREATE INDEX ledger_by_player ON ledger (player_id);

-- Messages to deliver, written in the transaction that caused them.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    table_id BIGINT REFERENCES tables (id),
    destination TEXT NOT NULL CHECK (destination <> ''),
    payload TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL CHECK (attempts >= 0),
    next_attempt_ms BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    sent_ms BIGINT,
    last_error TEXT
);
CREATE INDEX outbox_due ON outbox (next_attempt_ms) WHERE state = 'pending';
CREATE INDEX outbox_lane ON outbox (destination, id) WHERE state = 'pending';

-- Platform update / interaction ids already applied.
CREATE TABLE processed_updates (
    platform TEXT NOT NULL,
    update_id TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (platform, update_id)
);

-- By when the seat to act must act, per table.
CREATE TABLE deadlines (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    deal_id BIGINT NOT NULL REFERENCES deals (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    remind_ms BIGINT,
    due_ms BIGINT NOT NULL,
    reminded INTEGER NOT NULL CHECK (reminded IN (0, 1))
);
CREATE INDEX deadlines_due ON deadlines (due_ms);
CREATE INDEX deadlines_remind ON deadlines (remind_ms) WHERE reminded = 0;
