/** The note with the profile's default payment hashtags appended (spec 001 §5), each once, '#'-prefixed. */
export function withHashtags(note: string, tags: string[]): string {
  const text = note.trim();
  const have = new Set((text.match(/#[\w-]+/g) ?? []).map((t) => t.toLowerCase()));
  const add = tags
    .map((t) => t.trim().replace(/^#+/, ''))
    .filter(Boolean)
    .map((t) => `#${t}`)
    .filter((t) => !have.has(t.toLowerCase()) && (have.add(t.toLowerCase()), true));
  return [text, ...add].filter(Boolean).join(' ');
}
