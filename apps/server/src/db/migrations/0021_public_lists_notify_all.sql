-- Decision 023 revised (issue 43): every NOTIFY public_lists drops every cached answer, whatever its payload, so the
-- triggers of 0011 (participants, waitlist entries) and 0015 (orders) no longer name each venue. Each function sends
-- one NOTIFY public_lists '' (the payload of 0009's triggers; NOTIFY folds identical payloads within a transaction)
-- under the same conditions as before. Participants and waitlist entries: a row whose course still exists (the
-- course's own delete cascades here, and the courses trigger has sent ''). Orders: a row that is or was a hold
-- ('created'), and on update only a change of status, hold end or course: the reconciler's lease (sync_after) and the
-- redirect URL are written often and change no list. The triggers stay as they are.
CREATE OR REPLACE FUNCTION public_lists_venues_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM (SELECT course_id FROM old_rows UNION SELECT course_id FROM changed_rows) r
               JOIN courses c ON c.id = r.course_id) THEN
      PERFORM pg_notify('public_lists', '');
    END IF;
  ELSIF EXISTS (SELECT 1 FROM changed_rows r JOIN courses c ON c.id = r.course_id) THEN
    PERFORM pg_notify('public_lists', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public_lists_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1
               FROM old_rows o JOIN changed_rows n ON n.id = o.id
               JOIN courses c ON c.id = o.course_id OR c.id = n.course_id
               WHERE (o.status = 'created' OR n.status = 'created')
                 AND (o.status IS DISTINCT FROM n.status OR o.hold_expires_at IS DISTINCT FROM n.hold_expires_at
                      OR o.course_id IS DISTINCT FROM n.course_id)) THEN
      PERFORM pg_notify('public_lists', '');
    END IF;
  ELSIF EXISTS (SELECT 1 FROM changed_rows r JOIN courses c ON c.id = r.course_id WHERE r.status = 'created') THEN
    PERFORM pg_notify('public_lists', '');
  END IF;
  RETURN NULL;
END
$$;
