ALTER TABLE "date_choices" DROP CONSTRAINT "date_choices_choice_known";--> statement-breakpoint
ALTER TABLE "cancellations" ADD COLUMN "credit_ore" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "date_choices" ADD CONSTRAINT "date_choices_choice_known" CHECK ("date_choices"."choice" is null or "date_choices"."choice" in ('makeup','refund','credit','closed'));