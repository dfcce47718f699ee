CREATE TABLE "absences" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" text NOT NULL,
	"course_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"reason" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_by" text,
	"undone_at" timestamp with time zone,
	CONSTRAINT "absences_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "absences_reason_known" CHECK ("absences"."reason" is null or "absences"."reason" in ('sick','other'))
);
--> statement-breakpoint
CREATE TABLE "makeup_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"course_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "makeup_tokens_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "makeup_tokens_source_known" CHECK ("makeup_tokens"."source" in ('absence','closure','admin'))
);
--> statement-breakpoint
CREATE TABLE "makeups" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"child_id" text NOT NULL,
	"course_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "makeups_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "absences_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "makeup_limit" integer;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_tokens" ADD CONSTRAINT "makeup_tokens_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_tokens" ADD CONSTRAINT "makeup_tokens_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_tokens" ADD CONSTRAINT "makeup_tokens_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_tokens" ADD CONSTRAINT "makeup_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeups" ADD CONSTRAINT "makeups_token_id_makeup_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."makeup_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeups" ADD CONSTRAINT "makeups_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeups" ADD CONSTRAINT "makeups_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeups" ADD CONSTRAINT "makeups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absences_live_key" ON "absences" USING btree ("child_id","course_id","date") WHERE "absences"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "absences_course_date_idx" ON "absences" USING btree ("course_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "makeup_tokens_source_key" ON "makeup_tokens" USING btree ("source","source_id") WHERE "makeup_tokens"."withdrawn_at" is null and "makeup_tokens"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "makeup_tokens_child_idx" ON "makeup_tokens" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "makeup_tokens_course_idx" ON "makeup_tokens" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "makeups_token_live_key" ON "makeups" USING btree ("token_id") WHERE "makeups"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "makeups_course_date_idx" ON "makeups" USING btree ("course_id","date");--> statement-breakpoint
CREATE INDEX "makeups_child_idx" ON "makeups" USING btree ("child_id");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_makeup_limit_non_negative" CHECK ("courses"."makeup_limit" is null or "courses"."makeup_limit" >= 0);--> statement-breakpoint
-- The seat ledger gains two per-date kinds (decision 061): a make-up booked with a token ('makeup', like a closure's
-- make-up) and an absence ('absence', a NEGATIVE claim: the child's place on that date is free for a make-up only).
-- An absence frees a place only while its child is on the course: a place cancelled later is not freed twice.
-- Every earlier branch as in 0036_rollover.sql.
DROP VIEW "seat_claims";--> statement-breakpoint
CREATE VIEW "seat_claims" AS
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
		AND o."status" = 'created' AND o."hold_expires_at" > now())
UNION ALL
SELECT m."course_id", 'makeup', NULL, m."child_id", m."date"
FROM "makeups" m
WHERE m."cancelled_at" IS NULL
UNION ALL
SELECT a."course_id", 'absence', NULL, a."child_id", a."date"
FROM "absences" a
WHERE a."undone_at" IS NULL
	AND EXISTS (SELECT 1 FROM "participants" p WHERE p."course_id" = a."course_id" AND p."child_id" = a."child_id");
