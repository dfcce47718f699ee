ALTER TABLE "cancelled_dates" ADD COLUMN "announce_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_dates" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
-- Dates cancelled before issue 53 were announced when they were written.
UPDATE "cancelled_dates" SET "announce_at" = "created_at", "announced_at" = "created_at";--> statement-breakpoint
CREATE INDEX "cancelled_dates_unannounced_idx" ON "cancelled_dates" USING btree ("announce_at") WHERE "cancelled_dates"."announced_at" is null;