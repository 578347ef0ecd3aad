/* @name OpenProjectSkills */
SELECT DISTINCT skill AS "skill!" FROM projects, unnest(skills_required) AS skill WHERE status = 'open' ORDER BY skill LIMIT 200;
