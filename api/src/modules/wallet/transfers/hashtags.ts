import { getPool } from '../../../platform/db/pool.js';

/** The longest note a send keeps (the transfer body's `description`). */
export const DESCRIPTION_MAX = 500;

/**
 * The note of a payment with the sender's default payment hashtags (spec 001 §5: "appended to the
 * note"), the one rule for every send path: each tag once, in the profile's order, after the note and
 * a space; a tag the note already has (any letter case, as a whole tag) is not added again; tags are
 * added while the note stays within DESCRIPTION_MAX characters, and the person's own words are never cut.
 */
export function withDefaultHashtags(note: string | null | undefined, tags: readonly string[], max = DESCRIPTION_MAX): string | null {
  let out = (note ?? '').trim();
  const have = new Set((out.match(/#\w+/g) ?? []).map((t) => t.toLowerCase()));
  for (const raw of tags) {
    const tag = `#${raw.trim().replace(/^#+/, '')}`;
    if (tag === '#' || have.has(tag.toLowerCase())) continue;
    const next = out ? `${out} ${tag}` : tag;
    if (next.length > max) continue;
    out = next;
    have.add(tag.toLowerCase());
  }
  return out || null;
}

/** The sender's default payment hashtags (stored with their '#'); none for an unknown profile. */
export async function defaultHashtags(userId: string): Promise<string[]> {
  const { rows } = await getPool().query<{ tags: string[] }>('SELECT default_payment_hashtags AS tags FROM profiles WHERE id = $1', [userId]);
  return rows[0]?.tags ?? [];
}
