-- History reads bounded by what they show (issue 31). Keep in step with
-- the other database kind's file.
--
-- A table's latest settlements (`verlauf`), newest first: by table and
-- deal descending, with the time shown, so that the last ten deals are the
-- first ten entries of the table's range (never a sort of its whole
-- history; on SQLite settlements.deal_id is not the rowid, so the old
-- index by table alone was not in deal order). It also serves every other
-- read of a table's settlements, which settlements_by_table did.
CREATE INDEX settlements_by_table_deal ON settlements (table_id, deal_id DESC, settled_ms);
DROP INDEX settlements_by_table;

-- A person's deals at a chat's tables by contract and side: the ledger's
-- side of it from the index alone (with the deal, to find its contract),
-- and each deal's contract from an index of the settlements by deal.
CREATE INDEX ledger_contracts_by_player ON ledger (player_id, table_id, deal_id, declarer, units);
CREATE INDEX settlements_contract ON settlements (deal_id, contract);
