-- Cups played in a chat (issue 18, item 4). Keep in step with the other
-- database kind's file.
--
-- cups: a tournament owned by one chat (and thread or forum topic; '' for
-- none, so that the key holds). Its players, rounds and recorded scores
-- are one JSON document (`data`, the game-neutral tarock-cup crate's
-- format plus the players' ids), written whole by the service in the
-- transaction that changes it; storage does not read inside it. A chat has
-- at most one open cup at a time.
CREATE TABLE cups (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL CHECK (platform IN ('discord', 'telegram', 'local')),
    chat_id TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'over')),
    data TEXT NOT NULL,
    pace_ms BIGINT NOT NULL CHECK (pace_ms > 0),
    language TEXT NOT NULL,
    creator_id BIGINT NOT NULL REFERENCES players (id),
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE UNIQUE INDEX cups_open_in_chat ON cups (platform, chat_id, thread_id) WHERE status = 'open';
-- The latest cup of a chat, open or over (its standings on request).
CREATE INDEX cups_by_chat ON cups (platform, chat_id, thread_id, id);

-- cup_tables: the tables a cup's rounds were drawn into. A table plays
-- `deals` deals and then ends; its seats' scores go into the cup.
CREATE TABLE cup_tables (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    cup_id BIGINT NOT NULL REFERENCES cups (id),
    day INTEGER NOT NULL CHECK (day >= 1),
    round INTEGER NOT NULL CHECK (round >= 1),
    table_no INTEGER NOT NULL CHECK (table_no >= 1),
    deals INTEGER NOT NULL CHECK (deals >= 1)
);
CREATE INDEX cup_tables_by_cup ON cup_tables (cup_id);
