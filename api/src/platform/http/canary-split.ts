import crypto from 'node:crypto';
import { currentRemotes, runningCanaries, type RemoteEntry } from './remote-registry.js';

/**
 * Which side of a canary a signed-in user is on (docs/decisions.md "Canary releases"): a hash of
 * the canary's release id and the user id, so every request and every API process gives the same
 * answer without storing anything, a new canary draws a new share, and raising the share keeps
 * everyone already on the canary there (bucket < percent).
 */
export function canaryBucket(releaseId: string, userId: string): number {
  return crypto.createHash('sha256').update(`${releaseId}:${userId}`).digest().readUInt32BE(0) % 100;
}

export const onCanarySide = (releaseId: string, userId: string, percent: number) =>
  canaryBucket(releaseId, userId) < percent;

/**
 * The releases served to `userId`: each remote's current release, or its running canary's release
 * for the users in the canary's share. Signed out (or a page whose HTML does not know its user),
 * the current releases, marked `split` where a canary runs so the page asks with its token.
 */
export async function remotesFor(userId: string | null): Promise<RemoteEntry[]> {
  const [current, canaries] = await Promise.all([currentRemotes(), runningCanaries()]);
  if (!userId || canaries.length === 0) return current;
  return current.map((entry) => {
    const canary = canaries.find((k) => k.entry.name === entry.name);
    return canary && onCanarySide(canary.entry.releaseId, userId, canary.percent) ? canary.entry : entry;
  });
}
