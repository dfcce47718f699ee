-- Decision 023: a booking (a participant or a waitlist offer added, changed or removed) changes the free places of
-- its course's venue only, so it sends NOTIFY public_lists with the payload 'place:<venue id>', once per venue per
-- transaction (NOTIFY folds identical payloads). Each instance then drops only the answers that show that venue's
-- free places. Statement triggers with transition tables, so a bulk insert costs one query, not one per row. Every
-- other change (a venue, a course, an instructor's name, a TRUNCATE) still sends '' (0009): everything goes. A row
-- whose course is gone (the course's own delete cascades here) sends nothing; the courses trigger has sent ''.
CREATE OR REPLACE FUNCTION public_lists_venues_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('public_lists', 'place:' || venues.place_id)
    FROM (SELECT DISTINCT c.place_id FROM (SELECT course_id FROM old_rows UNION SELECT course_id FROM changed_rows) r
          JOIN courses c ON c.id = r.course_id) AS venues;
  ELSE
    PERFORM pg_notify('public_lists', 'place:' || venues.place_id)
    FROM (SELECT DISTINCT c.place_id FROM changed_rows r JOIN courses c ON c.id = r.course_id) AS venues;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER participants_public_lists ON participants;
--> statement-breakpoint
CREATE TRIGGER participants_insert_public_lists AFTER INSERT ON participants REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_venues_changed();
--> statement-breakpoint
CREATE TRIGGER participants_update_public_lists AFTER UPDATE ON participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_venues_changed();
--> statement-breakpoint
CREATE TRIGGER participants_delete_public_lists AFTER DELETE ON participants REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_venues_changed();
--> statement-breakpoint
CREATE TRIGGER participants_truncate_public_lists AFTER TRUNCATE ON participants FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
--> statement-breakpoint
DROP TRIGGER waitlist_entries_public_lists ON waitlist_entries;
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_insert_public_lists AFTER INSERT ON waitlist_entries REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_venues_changed();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_update_public_lists AFTER UPDATE ON waitlist_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_venues_changed();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_delete_public_lists AFTER DELETE ON waitlist_entries REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public_lists_venues_changed();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_truncate_public_lists AFTER TRUNCATE ON waitlist_entries FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
