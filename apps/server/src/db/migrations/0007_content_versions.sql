CREATE TABLE "term_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"terms" jsonb NOT NULL,
	"change" text NOT NULL,
	"term_id" text,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_versions_positive" CHECK ("term_versions"."version" > 0),
	CONSTRAINT "term_versions_change_known" CHECK ("term_versions"."change" in ('initial','created','updated','deleted'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "term_versions" ADD CONSTRAINT "term_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_terms_version_term_versions_version_fk" FOREIGN KEY ("terms_version") REFERENCES "public"."term_versions"("version") ON DELETE no action ON UPDATE no action;