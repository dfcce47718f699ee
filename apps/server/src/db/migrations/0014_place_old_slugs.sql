CREATE TABLE "place_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"place_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "place_old_slugs" ADD CONSTRAINT "place_old_slugs_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_old_slugs_place_idx" ON "place_old_slugs" USING btree ("place_id");