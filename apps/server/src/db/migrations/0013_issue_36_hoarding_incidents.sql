CREATE TABLE "payment_incidents" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"child_id" text,
	"course_id" text,
	"reason" text NOT NULL,
	"vipps_state" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_incidents_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_incidents_once_key" ON "payment_incidents" USING btree ("order_id","reason");--> statement-breakpoint
CREATE INDEX "payment_incidents_open_idx" ON "payment_incidents" USING btree ("created_at") WHERE "payment_incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "orders_profile_status_idx" ON "orders" USING btree ("profile_id","status");--> statement-breakpoint
CREATE INDEX "orders_profile_lapsed_idx" ON "orders" USING btree ("profile_id","lapsed_at") WHERE "orders"."lapsed_at" is not null;