CREATE TABLE "levels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
CREATE TABLE "progress_notes" (
	"course_id" text NOT NULL,
	"child_id" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"recommended_level_id" text,
	"written_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_notes_course_id_child_id_pk" PRIMARY KEY("course_id","child_id"),
	CONSTRAINT "progress_notes_comment_length" CHECK (char_length("progress_notes"."comment") <= 500)
);
--> statement-breakpoint
CREATE TABLE "skill_marks" (
	"id" text PRIMARY KEY NOT NULL,
	"child_id" text NOT NULL,
	"skill_id" text NOT NULL,
	"course_id" text,
	"state" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"made_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_marks_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "skill_marks_state_known" CHECK ("skill_marks"."state" in ('Øver','Mestrer'))
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" text PRIMARY KEY NOT NULL,
	"level_id" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$')
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "level_id" text;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_recommended_level_id_levels_id_fk" FOREIGN KEY ("recommended_level_id") REFERENCES "public"."levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_notes" ADD CONSTRAINT "progress_notes_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_marks" ADD CONSTRAINT "skill_marks_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_marks" ADD CONSTRAINT "skill_marks_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_marks" ADD CONSTRAINT "skill_marks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skill_marks" ADD CONSTRAINT "skill_marks_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "levels_name_key" ON "levels" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "progress_notes_child_idx" ON "progress_notes" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "skill_marks_child_skill_idx" ON "skill_marks" USING btree ("child_id","skill_id","made_at","id");--> statement-breakpoint
CREATE INDEX "skill_marks_skill_idx" ON "skill_marks" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "skills_level_idx" ON "skills" USING btree ("level_id","position");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_level_idx" ON "courses" USING btree ("level_id");