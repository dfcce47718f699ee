ALTER TABLE "invites" DROP CONSTRAINT "invites_status_known";--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '14 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "claimed_by_id" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "accepted_by_id" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_claimed_by_id_users_id_fk" FOREIGN KEY ("claimed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_id_users_id_fk" FOREIGN KEY ("accepted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invites_secret_hash_key" ON "invites" USING btree ("secret_hash");--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_status_known" CHECK ("invites"."status" in ('pending','accepted','rejected','revoked'));