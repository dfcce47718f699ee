ALTER TABLE "courses" ADD COLUMN "age_min_months" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "age_max_months" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "late_booking_max_passed" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pro_rata" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "covered_dates" timestamp with time zone[];--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_age_min_range" CHECK ("courses"."age_min_months" is null or "courses"."age_min_months" between 0 and 240);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_age_max_range" CHECK ("courses"."age_max_months" is null or "courses"."age_max_months" between 0 and 240);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_age_range_ordered" CHECK ("courses"."age_min_months" is null or "courses"."age_max_months" is null or "courses"."age_min_months" <= "courses"."age_max_months");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_late_booking_non_negative" CHECK ("courses"."late_booking_max_passed" is null or "courses"."late_booking_max_passed" >= 0);