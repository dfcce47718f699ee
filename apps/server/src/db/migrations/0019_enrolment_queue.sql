CREATE TABLE "queue_openings" (
	"opens_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"sealed_at" timestamp with time zone,
	"seed" text,
	"ended_at" timestamp with time zone,
	"admit_per_minute" integer,
	"admitted_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"profile_id" text NOT NULL,
	"user_id" text,
	"course_id" text,
	"arrived_at" timestamp with time zone NOT NULL,
	"sort_key" bigint,
	"admitted_at" timestamp with time zone,
	"admit_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_tickets_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "queue_tickets_admission_has_window" CHECK ("queue_tickets"."admitted_at" is null or "queue_tickets"."admit_until" is not null)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_opens_at_queue_openings_opens_at_fk" FOREIGN KEY ("opens_at") REFERENCES "public"."queue_openings"("opens_at") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_tickets" ADD CONSTRAINT "queue_tickets_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tickets_family_key" ON "queue_tickets" USING btree ("opens_at","profile_id");--> statement-breakpoint
CREATE INDEX "queue_tickets_waiting_idx" ON "queue_tickets" USING btree ("opens_at","sort_key") WHERE "queue_tickets"."admitted_at" is null and "queue_tickets"."left_at" is null;--> statement-breakpoint
CREATE INDEX "queue_tickets_admission_idx" ON "queue_tickets" USING btree ("opens_at","admitted_at");--> statement-breakpoint
CREATE INDEX "courses_opens_at_idx" ON "courses" USING btree ("opens_at");