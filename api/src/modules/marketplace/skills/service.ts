import { getPool } from '../../../platform/db/pool.js';
import { openProjectSkills } from './open-project-skills.queries.js';

/**
 * The distinct skills of open projects. Raw SQL: Prisma cannot unnest an array column. It reads every
 * open project (no index answers DISTINCT over array elements): 183 ms at 100,000 projects (bench), so
 * each API process keeps the answer for a minute instead of reading them all on every Find work visit;
 * a skill of a project posted meanwhile shows in the list at most a minute later (its search works at once).
 */
const FRESH_MS = 60_000;
let cached: { at: number; skills: Promise<string[]> } | null = null;

export async function distinctSkills() {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    // distinct elements of an array column (unnest): SQL
    const skills = openProjectSkills.run(undefined, getPool()).then((rows) => rows.map((r) => r.skill));
    cached = { at: Date.now(), skills };
    skills.catch(() => {
      cached = null;
    });
  }
  return { skills: await cached.skills };
}

/** Tests: forget the cached list. */
export const forgetSkills = () => {
  cached = null;
};
