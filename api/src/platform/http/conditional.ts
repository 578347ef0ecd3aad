/**
 * Whether a request's If-None-Match names this ETag: the browser's copy is current, answer 304.
 * Weak comparison (RFC 9110 13.1.2: `W/` is ignored on both sides), a list of tags, or `*`.
 * Every route that answers with an ETag asks here (static files, the remote registry).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
