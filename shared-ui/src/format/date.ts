/** Dates in the browser's locale (undefined locale = the user agent's). */
export function formatDate(
  value: string | number | Date | null | undefined,
  options?: Intl.DateTimeFormatOptions,
  locale?: string,
): string {
  if (value == null) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(locale, options ?? { dateStyle: 'medium' }).format(d);
}

// A formatter is costly to build (locale data) and lists format many dates: one per locale + options.
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
export function formatDateTime(value: string | number | Date | null | undefined, locale?: string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }, locale);
}
