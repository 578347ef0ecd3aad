// Reads request fields the way Plaid validates them: a missing required field is MISSING_FIELDS,
// a present one of the wrong type is INVALID_FIELD. Paths may be nested ('user.legal_name').
import { invalidField, missingFields } from './errors.js';

export type RequestBody = Record<string, unknown>;

function valueAt(body: RequestBody, path: string): unknown {
  let value: unknown = body;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function optionalString(body: RequestBody, path: string): string | undefined {
  const value = valueAt(body, path);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidField(`${path} must be a string`);
  return value;
}

export function requiredString(body: RequestBody, path: string): string {
  const value = optionalString(body, path);
  if (value === undefined || value === '') throw missingFields([path]);
  return value;
}

export function oneOf<T extends string>(body: RequestBody, path: string, allowed: readonly T[]): T {
  const value = requiredString(body, path);
  if (!(allowed as readonly string[]).includes(value))
    throw invalidField(`${path} must be one of: ${allowed.join(', ')}`);
  return value as T;
}

export function optionalInteger(body: RequestBody, path: string): number | undefined {
  const value = valueAt(body, path);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidField(`${path} must be an integer`);
  return value;
}

export function requiredInteger(body: RequestBody, path: string): number {
  const value = optionalInteger(body, path);
  if (value === undefined) throw missingFields([path]);
  return value;
}

export function optionalStringArray(body: RequestBody, path: string): string[] | undefined {
  const value = valueAt(body, path);
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))
    throw invalidField(`${path} must be an array of strings`);
  return value;
}

export function requiredStringArray(body: RequestBody, path: string): string[] {
  const value = optionalStringArray(body, path);
  if (value === undefined || value.length === 0) throw missingFields([path]);
  return value;
}

/** Plaid's metadata: a flat map of string values. */
export function optionalStringMap(body: RequestBody, path: string): Record<string, string> | null {
  const value = valueAt(body, path);
  if (value === undefined || value === null) return null;
  if (
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !Object.values(value).every((entry) => typeof entry === 'string')
  )
    throw invalidField(`${path} must be an object of string values`);
  return value as Record<string, string>;
}
