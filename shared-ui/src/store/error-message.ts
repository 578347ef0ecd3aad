/**
 * Reading the API's error envelope `{ error, code, details? }` (docs/decisions.md "API conventions")
 * for what a screen shows. Works on an RTK Query error (ApiError), an HttpError and any Error.
 */
const GENERIC_VALIDATION = 'Invalid request';

/** The per-field reasons of a 400 (`details.fields`), e.g. { amount: 'USD amounts allow at most 2 decimal places.' }. */
export function fieldErrors(e: unknown): Record<string, string> {
  const fields = (e as { details?: { fields?: unknown } } | null)?.details?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((kv): kv is [string, string] => typeof kv[1] === 'string'));
}

/**
 * Message for a toast: the server's message, else a generic one (docs/product.md). When the server's
 * message is only the generic 'Invalid request', the field reasons say what is wrong (e.g. 'Only JPEG,
 * PNG or WebP images are accepted.'), so they are shown instead.
 */
export function errorMessage(e: unknown): string {
  const message =
    e && typeof e === 'object' && 'error' in e && typeof e.error === 'string'
      ? e.error
      : e instanceof Error
        ? e.message
        : '';
  if (!message || message === GENERIC_VALIDATION) {
    const reasons = [...new Set(Object.values(fieldErrors(e)))];
    if (reasons.length) return reasons.join(' ');
  }
  return message || 'An unexpected error occurred.';
}

/**
 * A failure's toast: `title` and the server's reason. When the server names the failure itself
 * (a 400 whose message is a title, e.g. 'Invalid Invoice Data') and gives per-field reasons, that
 * name is the title and the reasons are the text: the toast says why, not only what the field says.
 */
export function failureToast(e: unknown, title: string): { title: string; description: string } {
  const message = (e as { error?: unknown } | null)?.error;
  const reasons = [...new Set(Object.values(fieldErrors(e)))];
  if (typeof message === 'string' && message !== GENERIC_VALIDATION && reasons.length && !reasons.includes(message)) {
    return { title: message, description: reasons.join(' ') };
  }
  return { title, description: errorMessage(e) };
}
