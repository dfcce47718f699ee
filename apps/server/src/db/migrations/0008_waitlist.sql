CREATE TABLE "waitlist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"child_id" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "waitlist_entries_status_known" CHECK ("waitlist_entries"."status" in ('waiting','offered','booked','left','skipped','expired','closed')),
	CONSTRAINT "waitlist_entries_offer_has_expiry" CHECK ("waitlist_entries"."status" <> 'offered' or "waitlist_entries"."offer_expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "waitlist_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "priority_course_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "open_to_all_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "priority_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_open_key" ON "waitlist_entries" USING btree ("course_id","child_id") WHERE "waitlist_entries"."status" in ('waiting','offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_course_status_idx" ON "waitlist_entries" USING btree ("course_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_child_idx" ON "waitlist_entries" USING btree ("child_id");