CREATE TABLE "setting_versions" (
	"slice" text NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setting_versions_slice_version_pk" PRIMARY KEY("slice","version"),
	CONSTRAINT "setting_versions_positive" CHECK ("setting_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "setting_versions" ADD CONSTRAINT "setting_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Decision 054: the cancellation rules become the slice 'cancellation' of the settings store, keeping their version
-- numbers, who changed them and when; orders and cancellations keep their integer version columns.
INSERT INTO "setting_versions" ("slice", "version", "value", "created_by", "created_at")
	SELECT 'cancellation', "version", "rules", "changed_by", "created_at" FROM "cancellation_rule_versions";--> statement-breakpoint
-- The store's key is (slice, version), so the version columns lose their foreign key; the service writes only
-- versions that exist (the newest, read in the order's insert).
ALTER TABLE "orders" DROP CONSTRAINT "orders_cancellation_rules_version_cancellation_rule_versions_version_fk";--> statement-breakpoint
ALTER TABLE "cancellations" DROP CONSTRAINT "cancellations_rules_version_cancellation_rule_versions_version_fk";--> statement-breakpoint
DROP TABLE "cancellation_rule_versions";
