-- Marketplace definitions.
--
-- Invariant MK1: projects.search_vector is the 'simple' text-search document of the project's title,
-- description and skills, kept by the trigger below on every insert and on updates of those columns
-- (a generated column cannot be used: array_to_string is not immutable). Find work searches it with
-- prefix terms through the partial GIN index projects_search_idx.

CREATE OR REPLACE FUNCTION projects_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := to_tsvector('simple', NEW.title || ' ' || NEW.description || ' ' || array_to_string(NEW.skills_required, ' '));
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER projects_search_vector BEFORE INSERT OR UPDATE OF title, description, skills_required ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_search_vector();
