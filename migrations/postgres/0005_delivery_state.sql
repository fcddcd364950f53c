-- What the chat front ends remember about what they delivered, so that a
-- restart carries on where the last process stopped. Keep in step with the
-- other database kind's migration of the same number.
--
-- One row per (scope, key): the platform id of a player's current private
-- message at a table, the pending turn ping of a player whose private chat
-- is closed, "the chat was told once that X cannot be written to", the
-- server a channel belongs to, an interaction already answered. A scope is
-- `table:<id>` for what belongs to one table (deleted with nothing else) or
-- a platform-wide name such as `discord:guild`.
CREATE TABLE delivery_state (
    scope TEXT NOT NULL CHECK (scope <> ''),
    key TEXT NOT NULL CHECK (key <> ''),
    value TEXT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (scope, key)
);
