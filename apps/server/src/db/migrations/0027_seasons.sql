CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "seasons_ends_after_start" CHECK ("seasons"."ends_on" >= "seasons"."starts_on")
);
--> statement-breakpoint
-- A day belongs to at most one season (decision 053): the service refuses an overlap with SEASON_OVERLAP under a table
-- lock; this constraint is the backstop drizzle-kit cannot write.
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_no_overlap" EXCLUDE USING gist (daterange("starts_on", "ends_on", '[]') WITH &&);
