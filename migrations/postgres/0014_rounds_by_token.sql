-- Every game's rounds stored alike, as seed plus action tokens (issue 32),
-- while the deals Zwanzigerrufen stored before (its hands and one record
-- action per turn or card, RECORD.md) keep reading as they were written.
-- Keep in step with the other database kind's file.
--
-- deals.tokens_from: the sequence number from which the deal's events are
-- the game's action tokens; the events before it are in the game's record
-- form. 0 for a round stored by seed and tokens from its start; NULL for
-- a deal stored with its hands whose events are all in record form (every
-- Zwanzigerrufen deal so far). A deal begun in record form and continued
-- by tokens gets the number of its first token (`Tx::continue_in_tokens`),
-- so each event keeps its step and the buttons already posted their steps.
ALTER TABLE deals ADD COLUMN tokens_from INTEGER;
UPDATE deals SET tokens_from = 0 WHERE game <> 'zwanzigerrufen';

-- deals.carry: what the round was started with from the rounds before it,
-- as its game writes it (Zwanzigerrufen: the double round after a
-- Mondfang, `{"remaining":N}`, the text `tables.round_state` keeps); NULL
-- when the game carries nothing or it was not kept. A deal being played
-- now was started in the double round its table keeps.
ALTER TABLE deals ADD COLUMN carry TEXT;
UPDATE deals SET carry = (SELECT round_state FROM tables WHERE tables.id = deals.table_id)
    WHERE game = 'zwanzigerrufen' AND status = 'active';
