-- The seat ledger (issue 55 item 1): every claim on a course's places, one row each, so "taken" has one definition
-- (domain/enrolment/seats.ts, repos/seats.repo.ts). A participant, a live payment hold (database clock), a held
-- waitlist offer (its child neither on the course nor holding a live hold: never counted twice) take a place on every
-- date; a make-up takes one on its date only. PostgreSQL inlines the view and pushes a course_id condition into each
-- branch, so the tables' course indexes still apply.
CREATE VIEW "seat_claims" AS
SELECT p."course_id", 'participant'::text AS "kind", p."order_id", p."child_id", NULL::timestamptz AS "on_date"
FROM "participants" p
UNION ALL
SELECT o."course_id", 'hold', o."id", o."child_id", NULL
FROM "orders" o
WHERE o."status" = 'created' AND o."hold_expires_at" > now()
UNION ALL
SELECT w."course_id", 'offer', NULL, w."child_id", NULL
FROM "waitlist_entries" w
WHERE w."status" = 'offered'
	AND NOT EXISTS (SELECT 1 FROM "participants" p WHERE p."course_id" = w."course_id" AND p."child_id" = w."child_id")
	AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."course_id" = w."course_id" AND o."child_id" = w."child_id"
		AND o."status" = 'created' AND o."hold_expires_at" > now())
UNION ALL
SELECT d."makeup_course_id", 'makeup', d."order_id", d."child_id", d."makeup_date"
FROM "date_choices" d
WHERE d."choice" = 'makeup' AND d."makeup_course_id" IS NOT NULL;
