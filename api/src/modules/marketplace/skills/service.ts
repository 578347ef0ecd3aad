import { getPrisma } from '../../../platform/db/prisma.js';

/** Raw SQL: Prisma cannot unnest an array column; the GIN index is not needed (one pass over open projects, bounded). */
export async function distinctSkills() {
  const rows = await getPrisma().$queryRaw<{ skill: string }[]>`
    SELECT DISTINCT skill FROM projects, unnest(skills_required) AS skill WHERE status = 'open' ORDER BY skill LIMIT 200`;
  return { skills: rows.map((r) => r.skill) };
}
