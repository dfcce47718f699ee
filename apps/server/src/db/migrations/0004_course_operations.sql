CREATE TABLE "attendance" (
	"course_id" text NOT NULL,
	"child_id" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"present" boolean NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_course_id_child_id_date_pk" PRIMARY KEY("course_id","child_id","date")
);
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "added_by" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "capacity_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_image_key" CHECK ("places"."image" is null or "places"."image" ~ '^[a-z0-9-]{1,60}$');