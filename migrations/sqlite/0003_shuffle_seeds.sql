-- The secret seed each deal was shuffled from (SQLite). Keep in step with ../postgres.
--
-- 64 hexadecimal digits: 256 bits drawn from the operating system's random
-- number generator for this deal alone (or derived from a fixed seed in
-- tests and tools). The dealt hands stay the truth of a deal; the seed lets
-- anyone who is given it after the deal recompute the shuffle. It is as
-- secret as the hands while the deal is played: never shown, exported or
-- logged. NULL for deals stored before this migration or by tools that
-- store hands without a shuffle.
ALTER TABLE deals ADD COLUMN shuffle_seed TEXT
    CHECK (shuffle_seed IS NULL OR length(shuffle_seed) = 64);
