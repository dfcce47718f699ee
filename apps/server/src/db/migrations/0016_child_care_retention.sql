CREATE TABLE "child_care" (
	"child_id" text PRIMARY KEY NOT NULL,
	"emergency_name" text,
	"emergency_phone" text,
	"health_note" text,
	"health_consent_at" timestamp with time zone,
	"photo_consent" boolean DEFAULT false NOT NULL,
	"note_warned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "child_care_note_needs_consent" CHECK ("child_care"."health_note" is null or "child_care"."health_consent_at" is not null),
	CONSTRAINT "child_care_note_length" CHECK ("child_care"."health_note" is null or char_length("child_care"."health_note") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "health_note_reads" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" text NOT NULL,
	"reader_id" text,
	"reader_name" text NOT NULL,
	"reader_role" text NOT NULL,
	"course_id" text,
	"course_name" text,
	"via" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_note_reads_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "health_note_reads_role_known" CHECK ("health_note_reads"."reader_role" in ('instructor','admin')),
	CONSTRAINT "health_note_reads_via_known" CHECK ("health_note_reads"."via" in ('list','print','child'))
);
--> statement-breakpoint
CREATE TABLE "retention_keep_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_keep_links_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"children" integer NOT NULL,
	"health_notes" integer NOT NULL,
	"emergency_contacts" integer NOT NULL,
	"guardians" integer NOT NULL,
	"warnings_sent" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "retention_runs_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "child_care" ADD CONSTRAINT "child_care_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_note_reads" ADD CONSTRAINT "health_note_reads_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_note_reads" ADD CONSTRAINT "health_note_reads_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_note_reads" ADD CONSTRAINT "health_note_reads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_keep_links" ADD CONSTRAINT "retention_keep_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_note_reads_child_idx" ON "health_note_reads" USING btree ("child_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_keep_links_secret_hash_key" ON "retention_keep_links" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "retention_keep_links_user_idx" ON "retention_keep_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "retention_runs_ran_at_idx" ON "retention_runs" USING btree ("ran_at");