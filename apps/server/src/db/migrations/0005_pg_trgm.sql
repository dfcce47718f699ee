-- Trigram indexes for the admin user search (users/children search_text). Trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
