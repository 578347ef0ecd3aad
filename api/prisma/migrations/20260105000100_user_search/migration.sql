-- User search (GET /api/wallet/users/search: name, username or e-mail contains the text, any case)
-- reads trigram indexes instead of every profile: at 200,000 users a scan took ~190 ms per search
-- (bench api-user-search). pg_trgm is a trusted extension shipped with PostgreSQL; ILIKE '%text%'
-- uses these indexes from 3 characters on.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX profiles_full_name_trgm_idx ON profiles USING gin (full_name gin_trgm_ops);
CREATE INDEX profiles_username_trgm_idx ON profiles USING gin (username gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
-- A text most people match ('son') is answered by walking names in display order until 10 match.
CREATE INDEX profiles_display_order_idx ON profiles (lower(full_name), username, id);
