-- Indexes for every query on a hot path (SQLite). Keep in step with ../postgres.
--
-- A bot that has run for a year must be as fast as on its first day: each
-- query that runs while tables play or messages are delivered reads what
-- its result needs, never the history (storage/src/sql.rs lists them; the
-- plan tests check them on both databases).

-- Settled deals of one table (a double round carries over between deals).
CREATE INDEX settlements_by_table ON settlements (table_id);

-- The tables a player sits at.
CREATE INDEX seats_by_player ON seats (player_id);

-- The open tables of a chat: a chat's closed tables are never read again.
DROP INDEX tables_by_chat;
CREATE INDEX tables_open_by_chat ON tables (platform, chat_id, id) WHERE status <> 'closed';

-- Tables by status (the playing ones, when the service starts).
CREATE INDEX tables_by_status ON tables (status, id);

-- The delivery claim reads pending messages in id order from this
-- covering index of pending rows only (replacing outbox_due, which served
-- a due-time order the claim does not use): sent history is never read.
DROP INDEX outbox_due;
CREATE INDEX outbox_pending ON outbox (id, next_attempt_ms, destination) WHERE state = 'pending';

-- Retention: the oldest sent messages, the failed ones beyond the cap, and
-- the oldest processed update ids, found without reading the rest.
CREATE INDEX outbox_sent ON outbox (sent_ms) WHERE state = 'sent';
CREATE INDEX outbox_failed ON outbox (id) WHERE state = 'failed';
CREATE INDEX processed_updates_by_time ON processed_updates (at_ms);
