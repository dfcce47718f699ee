-- Decision 023 revised (issue 43): every NOTIFY public_lists drops every cached answer, whatever its payload, so the
-- orders triggers of 0015 no longer name each venue. The function sends one NOTIFY public_lists '' (the payload of
-- 0009's triggers; NOTIFY folds identical payloads within a transaction) when the statement touched a row that is or
-- was a hold ('created'), and on update only for a change of status, hold end or course, as before: the reconciler's
-- lease (sync_after) and the redirect URL are written often and change no list. The triggers stay as they are.
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
