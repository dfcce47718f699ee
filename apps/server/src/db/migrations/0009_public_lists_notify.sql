-- Decision 017: every change that can alter a public list (places, courses, their instructors' names, participants)
-- sends NOTIFY public_lists, delivered on commit to every server instance's LISTEN connection, which
-- drops its cached public answers. Triggers, not application calls, so no write path (a cascade, a back-office
-- refund, a future feature) can forget it. The row trigger on users fires only when a name changes, so logins do
-- not empty the caches. Orders have none (waitlist offers do, see the end): the lists' free places are maximum minus participants (spec §4), so a
-- payment hold and its expiry change no public answer; a capture inserts a participant, a refund or cancel that
-- takes a child off deletes one, and those fire the participants trigger. NOTIFY folds identical payloads
-- within one transaction into one.
CREATE OR REPLACE FUNCTION public_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_lists', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER places_public_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON places FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
--> statement-breakpoint
CREATE TRIGGER courses_public_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
--> statement-breakpoint
CREATE TRIGGER course_instructors_public_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON course_instructors FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
--> statement-breakpoint
CREATE TRIGGER participants_public_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON participants FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
--> statement-breakpoint
CREATE TRIGGER users_names_public_lists AFTER UPDATE OF first_name, last_name ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION public_lists_changed();
--> statement-breakpoint
-- Held waitlist offers count as taken in the public free places (decision 016), so offers made, passed on or booked change the lists.
CREATE TRIGGER waitlist_entries_public_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON waitlist_entries FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
