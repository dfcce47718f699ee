CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sync_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_sync_after_idx" ON "orders" USING btree ("sync_after") WHERE "orders"."sync_after" is not null;--> statement-breakpoint
CREATE INDEX "orders_course_child_idx" ON "orders" USING btree ("course_id","child_id");