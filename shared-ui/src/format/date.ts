/** Dates in the browser's locale (undefined locale = the user agent's). */
export function formatDate(value: string | number | Date | null | undefined, options?: Intl.DateTimeFormatOptions, locale?: string): string {
  if (value == null) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'medium' }).format(d);
}
export function formatDateTime(value: string | number | Date | null | undefined, locale?: string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }, locale);
}
