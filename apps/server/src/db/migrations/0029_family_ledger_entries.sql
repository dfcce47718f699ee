-- The family ledger (issue 55 item 2, decision 055): every movement of money or credit as one entry with a kind, read
-- by the month-end, the reconciliation, the receipts, the credit balance and what an order still holds. A view over
-- the tables that record them, so nothing is written twice. amount_ore is signed: what the family has with the school
-- grows (+) or shrinks (-). The 'Rest: ' entries that keep what is left of a partly used credit are not movements:
-- the 'used' entry already counts only what the order took (domain/family-ledger/credit.ts REST_REASON). An expiry is
-- an entry at the credit's expiry time; readers count it once that time has come.
CREATE VIEW "family_ledger_entries" AS
SELECT e."id", o."profile_id", e."order_id",
	CASE e."name" WHEN 'CAPTURED' THEN 'capture' ELSE 'refund' END AS "kind",
	CASE e."name" WHEN 'CAPTURED' THEN e."amount_ore" ELSE -e."amount_ore" END AS "amount_ore",
	e."timestamp" AS "at", e."psp_reference" AS "ref", e."created_at"
FROM "order_events" e JOIN "orders" o ON o."id" = e."order_id"
WHERE e."name" IN ('CAPTURED', 'REFUNDED') AND e."success" = 'true'
UNION ALL
SELECT c."id", c."profile_id", c."order_id",
	CASE WHEN c."amount_ore" > 0 THEN 'credit-given' ELSE 'credit-used' END,
	c."amount_ore", c."created_at", c."reason", c."created_at"
FROM "family_credits" c
WHERE NOT (c."amount_ore" > 0 AND c."reason" LIKE 'Rest: %')
UNION ALL
SELECT c."id", c."profile_id", c."order_id", 'credit-expired', -c."amount_ore", c."expires_at", c."reason", c."created_at"
FROM "family_credits" c
WHERE c."amount_ore" > 0 AND c."used_by_entry_id" IS NULL AND c."expires_at" IS NOT NULL
UNION ALL
SELECT d."id", d."profile_id", d."order_id", 'makeup', -d."share_ore", d."chosen_at", d."cancelled_date_id", d."created_at"
FROM "date_choices" d
WHERE d."choice" = 'makeup' AND d."order_id" IS NOT NULL;
