CREATE TABLE "image_variants" (
	"hash" text NOT NULL,
	"variant" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_variants_hash_variant_pk" PRIMARY KEY("hash","variant")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"hash" text PRIMARY KEY NOT NULL,
	"master" "bytea" NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_hash_format" CHECK ("images"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "images_format" CHECK ("images"."format" in ('jpeg', 'png', 'webp')),
	CONSTRAINT "images_color_format" CHECK ("images"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "place_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"place_id" text NOT NULL,
	"image_hash" text NOT NULL,
	"alt" text NOT NULL,
	"position" integer NOT NULL,
	"cover" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_photos_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "place_photos_alt_present" CHECK (length(trim("place_photos"."alt")) > 0)
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_hash_images_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."images"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_photos" ADD CONSTRAINT "place_photos_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_photos" ADD CONSTRAINT "place_photos_image_hash_images_hash_fk" FOREIGN KEY ("image_hash") REFERENCES "public"."images"("hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_photos_place_idx" ON "place_photos" USING btree ("place_id","position");--> statement-breakpoint
CREATE INDEX "place_photos_image_idx" ON "place_photos" USING btree ("image_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "place_photos_one_cover" ON "place_photos" USING btree ("place_id") WHERE "place_photos"."cover";--> statement-breakpoint
-- A venue's photos are part of the public place answers (issue 41): a change empties every instance's cache (0009).
CREATE TRIGGER place_photos_public_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON place_photos FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
