CREATE TABLE "gift_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"giver_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"code_hash" text NOT NULL,
	"pending_code" text,
	"issued_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "gift_cards_amount_positive" CHECK ("gift_cards"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemed_by_profiles_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_order_key" ON "gift_cards" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_hash_key" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
-- Gift cards (decision 059): the sale is the gift-card order's capture (no family: the school owes the card's value
-- until it is redeemed); the redemption is credit given to the family naming that order; a card never redeemed is
-- an entry 'gift-card-expired' at its expiry time (readers count it once that time has come).
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
WHERE g."issued_at" IS NOT NULL AND g."redeemed_at" IS NULL;
