import { formatDateTime } from '@portal/shared-ui';

type Fields = Record<string, unknown> | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/;

/** A recorded value as a person reads it: local times, Yes/No, "none" for nothing. */
export function valueWords(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'none';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string') return ISO_TIME.test(v) ? formatDateTime(v) : v.replace(/_/g, ' ');
  if (Array.isArray(v)) return v.map(valueWords).join(', ');
  return JSON.stringify(v);
}

/** 'kyc_status' -> 'KYC status', 'is_accredited_investor' -> 'Accredited investor'. */
export function fieldWords(key: string): string {
  const words = key
    .replace(/^is_/, '')
    .replace(/_/g, ' ')
    .replace(/\bkyc\b/g, 'KYC')
    .replace(/\bpin\b/g, 'PIN');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each changed field as 'Status: open → resolved' (before → after), or 'Field: value' when only one
 * side was recorded; fields that stayed the same and bare record ids are left to the raw record.
 */
export function changeLines(before: Fields, after: Fields, data: Fields): string[] {
  const same = (k: string) =>
    before && after && k in before && k in after && JSON.stringify(before[k]) === JSON.stringify(after[k]);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !same(k));
  const changes = keys.map((k) => {
    const [b, a] = [before?.[k], after?.[k]];
    if (before && after && k in before && k in after) return `${fieldWords(k)}: ${valueWords(b)} → ${valueWords(a)}`;
    return `${fieldWords(k)}: ${valueWords(after && k in after ? a : b)}`;
  });
  const context = Object.entries(data ?? {}).filter(([, v]) => !(typeof v === 'string' && UUID.test(v)));
  return [...changes, ...context.map(([k, v]) => `${fieldWords(k)}: ${valueWords(v)}`)];
}
