CREATE TABLE "cancellation_rule_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_rule_versions_positive" CHECK ("cancellation_rule_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"requested_by" text,
	"rules_version" integer,
	"outcome" text NOT NULL,
	"status" text NOT NULL,
	"refund_ore" integer,
	"fee_ore" integer DEFAULT 0 NOT NULL,
	"psp_reference" text,
	"admin_message" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellations_id_format" CHECK ("id" ~ '^[0-9a-f]{24}$'),
	CONSTRAINT "cancellations_status_known" CHECK ("cancellations"."status" in ('requested','declined','refunding','refunded','done')),
	CONSTRAINT "cancellations_outcome_known" CHECK ("cancellations"."outcome" in ('full','fee','none','remaining','byAgreement')),
	CONSTRAINT "cancellations_refund_non_negative" CHECK ("cancellations"."refund_ore" is null or "cancellations"."refund_ore" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancellation_rules_version" integer;--> statement-breakpoint
ALTER TABLE "cancellation_rule_versions" ADD CONSTRAINT "cancellation_rule_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_rules_version_cancellation_rule_versions_version_fk" FOREIGN KEY ("rules_version") REFERENCES "public"."cancellation_rule_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_order_key" ON "cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cancellations_status_idx" ON "cancellations" USING btree ("status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancellation_rules_version_cancellation_rule_versions_version_fk" FOREIGN KEY ("cancellation_rules_version") REFERENCES "public"."cancellation_rule_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 40: version 1 is the shared DEFAULT_CANCELLATION_RULES, and every existing order was bought under it.
INSERT INTO "cancellation_rule_versions" ("version", "rules") VALUES (1, '{"fullRefundDaysBefore":14,"lateFee":{"kind":"percent","percent":25},"afterStart":"none"}'::jsonb);--> statement-breakpoint
UPDATE "orders" SET "cancellation_rules_version" = 1;
