CREATE TABLE "rollover_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"rollover_id" text NOT NULL,
	"child_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"from_course_id" text NOT NULL,
	"to_course_id" text NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"reply_by" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollover_offers_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "rollover_offers_state_known" CHECK ("rollover_offers"."state" in ('offered','accepted','declined','expired'))
);
--> statement-breakpoint
CREATE TABLE "rollovers" (
	"id" text PRIMARY KEY NOT NULL,
	"from_season_id" text,
	"to_season_id" text,
	"reply_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "rollovers_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
ALTER TABLE "rollover_offers" ADD CONSTRAINT "rollover_offers_rollover_id_rollovers_id_fk" FOREIGN KEY ("rollover_id") REFERENCES "public"."rollovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_offers" ADD CONSTRAINT "rollover_offers_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_offers" ADD CONSTRAINT "rollover_offers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_offers" ADD CONSTRAINT "rollover_offers_from_course_id_courses_id_fk" FOREIGN KEY ("from_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_offers" ADD CONSTRAINT "rollover_offers_to_course_id_courses_id_fk" FOREIGN KEY ("to_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_offers" ADD CONSTRAINT "rollover_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollovers" ADD CONSTRAINT "rollovers_from_season_id_seasons_id_fk" FOREIGN KEY ("from_season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollovers" ADD CONSTRAINT "rollovers_to_season_id_seasons_id_fk" FOREIGN KEY ("to_season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollovers" ADD CONSTRAINT "rollovers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rollover_offers_child_from_key" ON "rollover_offers" USING btree ("from_course_id","child_id");--> statement-breakpoint
CREATE INDEX "rollover_offers_to_course_idx" ON "rollover_offers" USING btree ("to_course_id","state");--> statement-breakpoint
CREATE INDEX "rollover_offers_rollover_idx" ON "rollover_offers" USING btree ("rollover_id");--> statement-breakpoint
CREATE INDEX "rollover_offers_child_idx" ON "rollover_offers" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "rollover_offers_state_reply_by_idx" ON "rollover_offers" USING btree ("state","reply_by");--> statement-breakpoint
-- The seat ledger gains the rollover reservation (decision 060): an offered 'Behold plassen' claims a place on the
-- next course like a held waitlist offer (never counted twice: not when its child is on the course or holds a live
-- payment hold there). Every earlier branch as in 0030_seat_claims.sql.
CREATE OR REPLACE VIEW "seat_claims" AS
SELECT p."course_id", 'participant'::text AS "kind", p."order_id", p."child_id", NULL::timestamptz AS "on_date"
FROM "participants" p
UNION ALL
SELECT o."course_id", 'hold', o."id", o."child_id", NULL
FROM "orders" o
WHERE o."status" = 'created' AND o."hold_expires_at" > now()
UNION ALL
SELECT w."course_id", 'offer', NULL, w."child_id", NULL
FROM "waitlist_entries" w
WHERE w."status" = 'offered'
	AND NOT EXISTS (SELECT 1 FROM "participants" p WHERE p."course_id" = w."course_id" AND p."child_id" = w."child_id")
	AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."course_id" = w."course_id" AND o."child_id" = w."child_id"
		AND o."status" = 'created' AND o."hold_expires_at" > now())
UNION ALL
SELECT d."makeup_course_id", 'makeup', d."order_id", d."child_id", d."makeup_date"
FROM "date_choices" d
WHERE d."choice" = 'makeup' AND d."makeup_course_id" IS NOT NULL
UNION ALL
SELECT r."to_course_id", 'rollover', NULL, r."child_id", NULL
FROM "rollover_offers" r
WHERE r."state" = 'offered'
	AND NOT EXISTS (SELECT 1 FROM "participants" p WHERE p."course_id" = r."to_course_id" AND p."child_id" = r."child_id")
	AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."course_id" = r."to_course_id" AND o."child_id" = r."child_id"
		AND o."status" = 'created' AND o."hold_expires_at" > now());
