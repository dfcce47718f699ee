-- Issue 52: a cancelled date ('Avlyst') is shown on the public course lists and left out of their price, so writing
-- one drops the cached lists on every instance, like the other tables the lists read (0009's NOTIFY public_lists '').
CREATE TRIGGER cancelled_dates_public_lists AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cancelled_dates FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
