/* @name CountMatches */
SELECT count(*)::int AS "n!" FROM (SELECT 1 FROM projects WHERE status = 'open' AND search_vector @@ to_tsquery('simple', :tsquery!) LIMIT :limit!) probe;
