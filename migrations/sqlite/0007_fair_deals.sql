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
