CREATE TABLE "calendar_feeds" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancelled_dates" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"place_closure" boolean DEFAULT false NOT NULL,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancelled_dates_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "date_choices" (
	"id" text PRIMARY KEY NOT NULL,
	"cancelled_date_id" text NOT NULL,
	"child_id" text NOT NULL,
	"profile_id" text,
	"order_id" text,
	"share_ore" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"choice" text,
	"chosen_by" text,
	"chosen_at" timestamp with time zone,
	"makeup_course_id" text,
	"makeup_date" timestamp with time zone,
	"refund_psp_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_choices_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "date_choices_choice_known" CHECK ("date_choices"."choice" is null or "date_choices"."choice" in ('makeup','refund','credit')),
	CONSTRAINT "date_choices_share_non_negative" CHECK ("date_choices"."share_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "family_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" text,
	"expires_at" timestamp with time zone,
	"used_by_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_credits_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"child_id" text NOT NULL,
	"course_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_child_id_course_id_date_pk" PRIMARY KEY("child_id","course_id","date")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_ore" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_dates" ADD CONSTRAINT "cancelled_dates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_dates" ADD CONSTRAINT "cancelled_dates_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_choices" ADD CONSTRAINT "date_choices_cancelled_date_id_cancelled_dates_id_fk" FOREIGN KEY ("cancelled_date_id") REFERENCES "public"."cancelled_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_choices" ADD CONSTRAINT "date_choices_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_choices" ADD CONSTRAINT "date_choices_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_choices" ADD CONSTRAINT "date_choices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_choices" ADD CONSTRAINT "date_choices_makeup_course_id_courses_id_fk" FOREIGN KEY ("makeup_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credits" ADD CONSTRAINT "family_credits_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credits" ADD CONSTRAINT "family_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_secret_hash_key" ON "calendar_feeds" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cancelled_dates_course_date_key" ON "cancelled_dates" USING btree ("course_id","date");--> statement-breakpoint
CREATE INDEX "cancelled_dates_date_idx" ON "cancelled_dates" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "date_choices_date_child_key" ON "date_choices" USING btree ("cancelled_date_id","child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "date_choices_secret_hash_key" ON "date_choices" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "date_choices_makeup_idx" ON "date_choices" USING btree ("makeup_course_id","makeup_date");--> statement-breakpoint
CREATE INDEX "date_choices_profile_idx" ON "date_choices" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "family_credits_profile_idx" ON "family_credits" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_non_negative" CHECK ("orders"."credit_ore" >= 0);