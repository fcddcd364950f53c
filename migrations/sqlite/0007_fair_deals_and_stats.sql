-- Provably fair deals (SQLite). Keep in step with ../postgres.
--
-- fair_commitment: the SHA-256 (64 hexadecimal digits) of the deal's
-- preimage: the scheme's name, the game, the shuffle seed, the salt and the
-- dealt cards (games/core/src/fair.rs and the README say exactly how). It
-- is public: the table message shows it before any hand is sent, and it is
-- stored in the transaction that deals.
--
-- fair_salt: 256 secret bits (64 hexadecimal digits) hashed with the seed
-- and the cards. Secret like shuffle_seed while the deal is played; both are
-- revealed in the settlement once it ends, and `tarock db proof` exports
-- them only for deals that have ended.
--
-- NULL for deals stored before this migration or without a shuffle seed.
ALTER TABLE deals ADD COLUMN fair_commitment TEXT
    CHECK (fair_commitment IS NULL OR length(fair_commitment) = 64);
ALTER TABLE deals ADD COLUMN fair_salt TEXT
    CHECK (fair_salt IS NULL OR length(fair_salt) = 64);

-- Statistics (issue 18, item 3), computed by SQL over settlements and the
-- ledger. settlements.contract: the contract as its game's record names it
-- (Zwanzigerrufen: rufer, farbensolo, solo); ledger.declarer: 1 when the
-- seat played on the declaring side (the declarer and a partner), 0 for
-- the opponents. Both are written with the settlement; NULL for deals
-- settled before this migration (they count as played, won or lost, but
-- under no contract and no side).
ALTER TABLE settlements ADD COLUMN contract TEXT;
ALTER TABLE ledger ADD COLUMN declarer INTEGER
    CHECK (declarer IS NULL OR declarer IN (0, 1));
-- A chat's tables, open or closed (0002's index holds the open ones only).
CREATE INDEX tables_by_chat_all ON tables (platform, chat_id, id);
-- A chat's leaderboard and a player's figures read the ledger rows of one
-- table or one player from the index alone.
CREATE INDEX ledger_stats_by_table ON ledger (table_id, player_id, declarer, units, cents);
CREATE INDEX ledger_stats_by_player ON ledger (player_id, table_id, declarer, units, cents);
