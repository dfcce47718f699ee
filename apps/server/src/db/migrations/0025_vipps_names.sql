ALTER TABLE "users" ADD COLUMN "vipps_first_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vipps_last_name" text;