-- One table in several chats, on any platform (issue 18, item 1). Keep in
-- step with the other database kind's file.
--
-- table_links: each row is one more chat (and thread or forum topic; ''
-- for none, so that the key holds) that shows the table message and every
-- public message of the table, in its own platform's format, and whose
-- members may take seats and press the table's buttons. A chat is linked
-- to at most one table at a time (the key); a link to a closed table is
-- replaced when the chat is linked again.
CREATE TABLE table_links (
    platform TEXT NOT NULL,
    chat_id TEXT NOT NULL,
    thread_id TEXT NOT NULL,
    table_id BIGINT NOT NULL REFERENCES tables (id),
    linked_ms BIGINT NOT NULL,
    PRIMARY KEY (platform, chat_id, thread_id)
);
CREATE INDEX table_links_by_table ON table_links (table_id);

-- One-time codes that link a chat to a table (`/tarock link`, then
-- `/tarock join CODE` in the other chat): taken by the first use, dead
-- once expired.
CREATE TABLE link_codes (
    code TEXT PRIMARY KEY,
    table_id BIGINT NOT NULL REFERENCES tables (id),
    expires_ms BIGINT NOT NULL
);
CREATE INDEX link_codes_by_table ON link_codes (table_id);
