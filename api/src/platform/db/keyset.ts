import { Prisma, getPrisma } from './prisma.js';

/**
 * Keyset pages newest first, 20 a page (support tickets, the contact inbox, invoices). The cursor is the
 * last row's (created_at, id) with created_at in microseconds as PostgreSQL stores it: a JavaScript
 * Date has milliseconds only, and rows of one millisecond would fall between pages. So the ids of a
 * page come from SQL (to_char keeps the microseconds) and Prisma then reads those rows.
 */
export const PAGE_SIZE = 20;

/** A KeysetCursor (platform/http/schemas.ts checked its form) -> the key it names. */
function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = cursor.split('_') as [string, string];
  return { at, id };
}

/** The ids of one page of `from` (a table aliased t, e.g. Prisma.sql`invoices t`) under `conditions`, newest first, and the next page's cursor. */
export async function newestFirst(from: Prisma.Sql, conditions: Prisma.Sql[], cursor: string | undefined) {
  const after = parseCursor(cursor);
  const where = Prisma.join(
    [
      Prisma.sql`TRUE`,
      ...conditions,
      ...(after
        ? [Prisma.sql`(t.created_at, t.id) < (${after.at}::timestamp AT TIME ZONE 'UTC', ${after.id}::uuid)`]
        : []),
    ],
    ' AND ',
  );
  // (the cursor's text must not be named created_at: ORDER BY would sort by it instead of the indexed column)
  const rows = await getPrisma().$queryRaw<{ id: string; cursor_at: string }[]>`
    SELECT t.id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at
      FROM ${from} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${PAGE_SIZE + 1}`;
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    ids: page.map((r) => r.id),
    next_cursor: rows.length > PAGE_SIZE && last ? `${last.cursor_at}_${last.id}` : null,
  };
}

/** Rows read by id, put back in the page's order. */
export function inPageOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}

/** ILIKE '%text%' with the text's own %, _ and \ taken literally; null for no text. */
export function containsPattern(text: string | undefined): string | null {
  return text ? `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
}
