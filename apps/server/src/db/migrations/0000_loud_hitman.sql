CREATE TABLE "children" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthdate" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "children_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"inviter_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "invites_status_known" CHECK ("invites"."status" in ('pending','accepted','rejected'))
);
--> statement-breakpoint
CREATE TABLE "profile_parents" (
	"profile_id" text NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "profile_parents_profile_id_user_id_pk" PRIMARY KEY("profile_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"vipps_sub" text,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"birthdate" date,
	"email" text,
	"phone" text,
	"address" text,
	"zip_code" text,
	"place" text,
	"roles" text[] DEFAULT ARRAY['parent']::text[] NOT NULL,
	"last_login" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "users_roles_known" CHECK ("users"."roles" <@ ARRAY['admin','parent','child','instructor','developer']::text[])
);
--> statement-breakpoint
CREATE TABLE "course_instructors" (
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "course_instructors_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"place_id" text NOT NULL,
	"dates" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"first_date" timestamp with time zone,
	"last_date" timestamp with time zone,
	"time_from" text DEFAULT '07:00' NOT NULL,
	"time_to" text DEFAULT '07:30' NOT NULL,
	"experience_level" text NOT NULL,
	"participants_age" text DEFAULT '' NOT NULL,
	"price_ore" integer NOT NULL,
	"maximum_participants" integer NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "courses_capacity_non_negative" CHECK ("courses"."maximum_participants" >= 0),
	CONSTRAINT "courses_price_non_negative" CHECK ("courses"."price_ore" >= 0),
	CONSTRAINT "courses_time_from_format" CHECK ("courses"."time_from" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "courses_time_to_format" CHECK ("courses"."time_to" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "courses_experience_level_known" CHECK ("courses"."experience_level" in ('Nybegynner','Viderekommen','Søskensvømming','Nybegynner/Viderekommen','Arrangement'))
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"course_id" text NOT NULL,
	"child_id" text NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_course_id_child_id_pk" PRIMARY KEY("course_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"zip_code" text NOT NULL,
	"place" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "places_zip_code_format" CHECK ("places"."zip_code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"name" text NOT NULL,
	"psp_reference" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"currency" text DEFAULT 'NOK' NOT NULL,
	"success" text DEFAULT 'true' NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "order_events_name_known" CHECK ("order_events"."name" in ('CREATED','AUTHORIZED','CANCELLED','CAPTURED','REFUNDED','EXPIRED','TERMINATED','ABORTED'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"human_reference" text NOT NULL,
	"provider" text DEFAULT 'vipps' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"amount_ore" integer NOT NULL,
	"user_id" text,
	"child_id" text,
	"course_id" text,
	"profile_id" text,
	"additional_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('created','authorized','captured','refunded','expired','cancelled','terminated','aborted')),
	CONSTRAINT "orders_amount_non_negative" CHECK ("orders"."amount_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('pending','sent','failed','kept'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_parents" ADD CONSTRAINT "profile_parents_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_parents" ADD CONSTRAINT "profile_parents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_instructors" ADD CONSTRAINT "course_instructors_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_instructors" ADD CONSTRAINT "course_instructors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "children_profile_idx" ON "children" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_pending_key" ON "invites" USING btree ("profile_id",lower("email")) WHERE "invites"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "profile_parents_position_key" ON "profile_parents" USING btree ("profile_id","position");--> statement-breakpoint
CREATE INDEX "profile_parents_user_idx" ON "profile_parents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_vipps_sub_key" ON "users" USING btree ("vipps_sub");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login");--> statement-breakpoint
CREATE INDEX "users_registration_date_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "course_instructors_user_idx" ON "course_instructors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "courses_place_first_date_idx" ON "courses" USING btree ("place_id","first_date");--> statement-breakpoint
CREATE INDEX "courses_first_date_idx" ON "courses" USING btree ("first_date");--> statement-breakpoint
CREATE INDEX "courses_updated_at_idx" ON "courses" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "participants_child_idx" ON "participants" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "places_name_key" ON "places" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_once_key" ON "order_events" USING btree ("order_id","name","psp_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_key" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "orders_course_status_idx" ON "orders" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_status_hold_idx" ON "orders" USING btree ("status","hold_expires_at");--> statement-breakpoint
CREATE INDEX "auth_states_expires_idx" ON "auth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","next_attempt_at");