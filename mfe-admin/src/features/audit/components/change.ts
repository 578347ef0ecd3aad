import { formatDateTime } from '@portal/shared-ui';

type Fields = Record<string, unknown> | null;

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
  const words = key.replace(/^is_/, '').replace(/_/g, ' ').replace(/\bkyc\b/g, 'KYC').replace(/\bpin\b/g, 'PIN');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each recorded field as 'Status: open → resolved' (before → after), or 'Field: value' when only one side was recorded. */
export function changeLines(before: Fields, after: Fields, data: Fields): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes = keys.map((k) => {
    const [b, a] = [before?.[k], after?.[k]];
    if (before && after && k in before && k in after) return `${fieldWords(k)}: ${valueWords(b)} → ${valueWords(a)}`;
    return `${fieldWords(k)}: ${valueWords(after && k in after ? a : b)}`;
  });
  return [...changes, ...Object.entries(data ?? {}).map(([k, v]) => `${fieldWords(k)}: ${valueWords(v)}`)];
}
