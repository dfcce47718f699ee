ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sibling_discount_version" integer;--> statement-breakpoint
-- The family ledger gains the kind 'discount' (decision 058): each discount line of a paid order (reserved, captured
-- or refunded since) as an entry at the order's time, amount the discount given (+), ref the line's kind and code.
-- No money moves: what an order holds (order_held_ore, migration 0032) names its kinds and leaves this one out.
CREATE OR REPLACE VIEW "family_ledger_entries" AS
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
WHERE d."choice" = 'makeup' AND d."order_id" IS NOT NULL
UNION ALL
SELECT g."id", NULL, g."order_id", 'gift-card-expired', -g."amount_ore", g."expires_at", 'Gavekort', g."created_at"
FROM "gift_cards" g
WHERE g."issued_at" IS NOT NULL AND g."redeemed_at" IS NULL
UNION ALL
SELECT o."id" || '-' || (l."line"->>'kind'), o."profile_id", o."id", 'discount', (l."line"->>'amountOre')::integer, o."created_at",
	trim((l."line"->>'kind') || ' ' || coalesce(l."line"->>'code', '')), o."created_at"
FROM "orders" o CROSS JOIN LATERAL jsonb_array_elements(o."discounts") AS l("line")
WHERE o."status" IN ('authorized', 'captured', 'refunded');
