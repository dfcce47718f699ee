CREATE TABLE "discount_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_ore" integer,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"max_uses" integer,
	"max_uses_per_family" integer,
	"course_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"venue_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "discount_codes_code_format" CHECK ("discount_codes"."code" = upper("discount_codes"."code") and char_length("discount_codes"."code") between 1 and 32),
	CONSTRAINT "discount_codes_value" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."percent" between 1 and 100 and "discount_codes"."amount_ore" is null) or ("discount_codes"."kind" = 'amount' and "discount_codes"."amount_ore" > 0 and "discount_codes"."percent" is null)),
	CONSTRAINT "discount_codes_days" CHECK ("discount_codes"."valid_to" >= "discount_codes"."valid_from"),
	CONSTRAINT "discount_codes_limits" CHECK (coalesce("discount_codes"."max_uses", 1) > 0 and coalesce("discount_codes"."max_uses_per_family", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code_id","profile_id") WHERE "orders"."discount_code_id" is not null;