-- An order never gives back more than it holds (issue 55 item 2, the probe's M1, decision 055): a credit given for an
-- order, or a cancelled date's share spent on a make-up, is refused by the database when the order's entries in the
-- family ledger would then hold less than nothing. What an order holds is the sum of decision 055: Vipps captured
-- less refunded (the order's amount while it is only reserved: 'authorized'), plus the credit that paid it, less the
-- credit given back for it and the make-ups spent from it. The code asks the same sum first (accountOfOrder); this is
-- the last line, for a path that forgets. The order row is locked first, so two givers of one order take turns and the
-- second one's sum sees the first one's entry.
CREATE FUNCTION "order_held_ore"("for_order" text) RETURNS bigint LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN o."status" = 'authorized' THEN o."amount_ore" ELSE 0 END
		+ coalesce((
			SELECT sum(CASE WHEN e."kind" IN ('capture', 'refund', 'makeup') THEN e."amount_ore" ELSE -e."amount_ore" END)
			FROM "family_ledger_entries" e
			WHERE e."order_id" = o."id" AND e."kind" IN ('capture', 'refund', 'credit-used', 'credit-given', 'makeup')
		), 0)
	FROM "orders" o WHERE o."id" = "for_order"
$$;
--> statement-breakpoint
CREATE FUNCTION "order_gives_back_what_it_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM "orders" WHERE "id" = NEW."order_id" FOR UPDATE;
	IF order_held_ore(NEW."order_id") < 0 THEN
		RAISE EXCEPTION 'order % would give back more than it holds', NEW."order_id" USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "family_credits_within_order" AFTER INSERT ON "family_credits" FOR EACH ROW
	WHEN (NEW."amount_ore" > 0 AND NEW."order_id" IS NOT NULL) EXECUTE FUNCTION "order_gives_back_what_it_holds"();
--> statement-breakpoint
CREATE TRIGGER "date_choices_within_order" AFTER INSERT OR UPDATE OF "choice" ON "date_choices" FOR EACH ROW
	WHEN (NEW."choice" = 'makeup' AND NEW."order_id" IS NOT NULL) EXECUTE FUNCTION "order_gives_back_what_it_holds"();
