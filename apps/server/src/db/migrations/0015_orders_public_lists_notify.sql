-- Issue 36: the public course lists count live payment holds as taken (courses.repo takenSql, the same count as a
-- payment start), so a hold that starts or ends changes its venue's free places. Like the participants and waitlist
-- triggers of 0011, statement triggers with transition tables send NOTIFY public_lists 'place:<venue id>' once per
-- venue the statement touched. Only rows that are or were a hold ('created') count, and on update only a change of
-- status, hold end or course: the reconciler's lease (sync_after) and the redirect URL are written often and change
-- no list. A hold that runs out with time alone changes no row: the public cache drops that venue's answers at the
-- first hold's end by itself (public-cache.ts venueChangesIn); the reconciler's later 'terminated' also lands here.
CREATE OR REPLACE FUNCTION public_lists_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('public_lists', 'place:' || venues.place_id)
    FROM (SELECT DISTINCT c.place_id
          FROM old_rows o JOIN changed_rows n ON n.id = o.id
          JOIN courses c ON c.id = o.course_id OR c.id = n.course_id
          WHERE (o.status = 'created' OR n.status = 'created')
            AND (o.status IS DISTINCT FROM n.status OR o.hold_expires_at IS DISTINCT FROM n.hold_expires_at
                 OR o.course_id IS DISTINCT FROM n.course_id)) AS venues;
  ELSE
    PERFORM pg_notify('public_lists', 'place:' || venues.place_id)
    FROM (SELECT DISTINCT c.place_id FROM changed_rows r JOIN courses c ON c.id = r.course_id WHERE r.status = 'created') AS venues;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_insert_public_lists AFTER INSERT ON orders REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_update_public_lists AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_orders_changed();
--> statement-breakpoint
CREATE TRIGGER orders_delete_public_lists AFTER DELETE ON orders REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_orders_changed();
