// The portal's words are English: one set of plural rules for every count the pages show.
const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** The word for this count: `plural(1, 'Like', 'Likes')` -> 'Like', `plural(0, ...)` -> 'Likes'. */
export function plural(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}

/** A count with its word: `countOf(1, 'Like', 'Likes')` -> '1 Like', `countOf(1200, 'day', 'days')` -> '1,200 days'. */
export function countOf(count: number, one: string, other: string): string {
  return `${numbers.format(count)} ${plural(count, one, other)}`;
}
