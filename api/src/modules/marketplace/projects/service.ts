import type { z } from '@hono/zod-openapi';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { conflict, notFound, validationError } from '../../../platform/errors.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { projectInclude, projectView, proposalInclude, proposalView } from '../views.js';
import type { FindWorkQuery, ProjectInput } from './routes.js';
import { sqlReader, type ReadClient } from '../../../platform/db/replica.js';
import { countMatches } from './find-work.queries.js';

export const PAGE_SIZE = 9; // docs/product.md "Marketplace"
export const PROJECT_NOT_FOUND = 'Project not found.';
const MAX_SKILLS = 20;

/** Skills as typed: split on commas, trimmed, empties dropped, one of each (case-insensitive). */
export function parseSkills(raw: string): string[] {
  const seen = new Set<string>();
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

/** The row a valid input becomes; the currency must exist and the budget fit its scale. */
async function projectData(input: z.infer<typeof ProjectInput>) {
  const skills = parseSkills(input.skills);
  if (skills.length === 0) throw validationError({ skills: 'Please fill in all required fields.' });
  if (skills.length > MAX_SKILLS || skills.some((s) => s.length > 50))
    throw validationError({ skills: `At most ${MAX_SKILLS} skills of at most 50 characters each.` });
  const asset = await getPrisma().asset.findUnique({
    where: { id: input.budget_currency },
    select: { id: true, symbol: true, scale: true },
  });
  if (!asset) throw validationError({ budget_currency: 'Choose a currency from the list.' });
  checkAssetScale(asset, { budget_amount: input.budget_amount });
  return {
    title: input.title,
    description: input.description,
    skillsRequired: skills,
    budgetAmount: new Prisma.Decimal(input.budget_amount),
    budgetType: input.budget_type,
    budgetCurrency: asset.id,
    deadline: input.deadline ? new Date(`${input.deadline}T00:00:00Z`) : null,
  };
}

export async function postProject(clientId: string, input: z.infer<typeof ProjectInput>) {
  const project = await getPrisma().project.create({
    data: { ...(await projectData(input)), clientId },
    include: projectInclude,
  });
  return { project: projectView(project) };
}

export async function editProject(clientId: string, id: string, input: z.infer<typeof ProjectInput>) {
  const data = await projectData(input);
  const db = getPrisma();
  const { count } = await db.project.updateMany({
    where: { id, clientId, status: 'open' },
    data: { ...data, updatedAt: new Date() },
  });
  if (count === 0) {
    const mine = await db.project.findFirst({ where: { id, clientId }, select: { id: true } });
    throw mine ? conflict('Only an open project can be edited.') : notFound(PROJECT_NOT_FOUND);
  }
  return { project: projectView(await db.project.findUniqueOrThrow({ where: { id }, include: projectInclude })) };
}

/** A project, which every signed-in user may read (the page's GET and its live topic). */
export async function findProject(id: string) {
  const project = await getPrisma().project.findUnique({ where: { id }, include: projectInclude });
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

export async function showProject(userId: string, id: string) {
  const db = getPrisma();
  const project = await findProject(id);
  const role = project.clientId === userId ? 'client' : 'visitor';
  const proposals =
    role === 'client'
      ? await db.projectProposal.findMany({
          where: { projectId: id, status: { not: 'withdrawn' } },
          include: proposalInclude,
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        })
      : [];
  const mine =
    role === 'visitor'
      ? await db.projectProposal.findFirst({
          where: { projectId: id, freelancerId: userId, status: { not: 'withdrawn' } },
          include: proposalInclude,
          orderBy: { createdAt: 'desc' },
        })
      : null;
  return {
    project: projectView(project),
    role,
    proposals: proposals.map(proposalView),
    my_proposal: mine && proposalView(mine),
  } as const;
}

/** `word1:* & word2:*` of the letters and digits typed (at most 8 words), or null. */
export function prefixQuery(q: string | undefined): string | null {
  const words =
    (q ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

const cursorOf = (row: { cursor_at: string; id: string }) => `${row.cursor_at}_${row.id}`;
function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = cursor.split('_');
  if (!at || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/.test(at) || !/^[0-9a-f-]{36}$/.test(id))
    throw validationError({ cursor: 'Invalid cursor.' });
  return { at, id };
}

/**
 * Find work. Raw SQL for the ids (Prisma has no tsvector); then Prisma reads the 9 projects with
 * their client and currency. Two plans, because PostgreSQL cannot estimate a prefix search:
 * - few matches (a rare word): the GIN index finds them all, they are sorted (bench: 2 ms at 100,000
 *   projects, where walking the newest-first index and filtering took 41 ms);
 * - many matches (a common word, or no word): walking the newest-first index stops after 10 (3 ms,
 *   where collecting and sorting 7,500 matches took 25 ms).
 * Which one: whether the GIN index holds more than SPARSE matches (a bounded probe).
 */
const SPARSE = 1000;

/** `db`: a replica (platform/db/replica.ts), the primary by default. */
export async function findWork(query: z.infer<typeof FindWorkQuery>, db: ReadClient = getPrisma()) {
  const tsquery = prefixQuery(query.q);
  const types = query.budget_type?.split(',');
  const skills = query.skills ? parseSkills(query.skills) : [];
  const after = parseCursor(query.cursor);
  const text = tsquery ? Prisma.sql`search_vector @@ to_tsquery('simple', ${tsquery})` : null;
  const conditions = [
    Prisma.sql`status = 'open'`,
    ...(text ? [text] : []),
    ...(types ? [Prisma.sql`budget_type = ANY(${types}::budget_type[])`] : []),
    ...(skills.length ? [Prisma.sql`skills_required && ${skills}::text[]`] : []),
    ...(after ? [Prisma.sql`(created_at, id) < (${after.at}::timestamp AT TIME ZONE 'UTC', ${after.id}::uuid)`] : []),
  ];
  const sparse =
    tsquery !== null && (await countMatches.run({ tsquery, limit: SPARSE + 1 }, sqlReader(db)))[0]!.n <= SPARSE;
  const where = Prisma.join(conditions, ' AND ');
  // (the cursor's text must not be named created_at: ORDER BY would sort by it instead of the indexed column)
  // conditions chosen per request (Prisma.sql fragments): no generator can type these
  const rows = sparse
    ? await db.$queryRaw<{ id: string; cursor_at: string }[]>`
        WITH matches AS MATERIALIZED (SELECT id, created_at FROM projects WHERE ${where})
        SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at
          FROM matches ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE + 1}`
    : await db.$queryRaw<{ id: string; cursor_at: string }[]>`
        SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at
          FROM projects WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE + 1}`;
  const page = rows.slice(0, PAGE_SIZE);
  const found = await db.project.findMany({ where: { id: { in: page.map((r) => r.id) } }, include: projectInclude });
  const byId = new Map(found.map((p) => [p.id, p]));
  return {
    projects: page
      .map((r) => byId.get(r.id))
      .filter((p) => p !== undefined)
      .map(projectView),
    next_cursor: rows.length > PAGE_SIZE ? cursorOf(page[page.length - 1]!) : null,
  };
}
