-- The game family (PostgreSQL). Keep in step with ../sqlite.
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
-- The column checks keep PostgreSQL's default names (<table>_<column>_check).

ALTER TABLE tables ADD COLUMN game TEXT NOT NULL DEFAULT 'zwanzigerrufen'
    CHECK (game <> '');
ALTER TABLE tables ADD COLUMN seat_count INTEGER NOT NULL DEFAULT 4
    CHECK (seat_count BETWEEN 3 AND 5);
ALTER TABLE deals ADD COLUMN game TEXT NOT NULL DEFAULT 'zwanzigerrufen'
    CHECK (game <> '');

ALTER TABLE seats DROP CONSTRAINT seats_seat_check,
    ADD CONSTRAINT seats_seat_check CHECK (seat BETWEEN 0 AND 4);
ALTER TABLE deals DROP CONSTRAINT deals_forehand_check,
    ADD CONSTRAINT deals_forehand_check CHECK (forehand BETWEEN 0 AND 4);
ALTER TABLE events DROP CONSTRAINT events_seat_check,
    ADD CONSTRAINT events_seat_check CHECK (seat BETWEEN 0 AND 4);
ALTER TABLE ledger DROP CONSTRAINT ledger_seat_check,
    ADD CONSTRAINT ledger_seat_check CHECK (seat BETWEEN 0 AND 4);
ALTER TABLE deadlines DROP CONSTRAINT deadlines_seat_check,
    ADD CONSTRAINT deadlines_seat_check CHECK (seat BETWEEN 0 AND 4);
