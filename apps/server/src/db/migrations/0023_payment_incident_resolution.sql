ALTER TABLE "payment_incidents" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_incidents" ADD CONSTRAINT "payment_incidents_outcome_known" CHECK ("payment_incidents"."outcome" is null or "payment_incidents"."outcome" in ('refund','paid-elsewhere','remove-child'));