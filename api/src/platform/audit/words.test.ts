import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_WORDS, auditActionWords } from './words.js';

// The audit writers of the API: every file that calls recordAudit or inserts into audit_log (tests aside).
const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' || e.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|sql)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
const writers = [...sources(path.join(api, 'src')), ...sources(path.join(api, 'prisma'))]
  .filter((f) => path.dirname(f) !== path.join(api, 'src', 'platform', 'audit')) // the log itself, not a writer
  .map((f) => ({ file: path.relative(api, f), text: readFileSync(f, 'utf8') }))
  .filter((f) => /recordAudit\(|INSERT INTO audit_log|audit: \{ actorId/.test(f.text));
const CODE = /['"`]((?:admin|auth|account|release)\.[a-z_]+(?:\.[a-z_]+)*)(\.\$\{)?/g;
const written = writers.flatMap(({ file, text }) =>
  [...text.matchAll(CODE)].map((m) => ({ file, code: m[1]!, template: Boolean(m[2]) })),
);
const words = Object.keys(AUDIT_ACTION_WORDS);

describe('audit action words (platform/audit/words.ts)', () => {
  it('the writers were found (the scan is not empty)', () => {
    expect(writers.map((w) => w.file)).toEqual(
      expect.arrayContaining([
        'src/modules/admin/users/service.ts',
        'src/modules/auth/sessions.ts',
        'src/platform/db/seed.ts',
      ]),
    );
    expect(written.length).toBeGreaterThan(15);
  });

  it('every action code the API writes has words', () => {
    const missing = written.filter((w) =>
      w.template ? !words.some((k) => k.startsWith(`${w.code}.`)) : !words.includes(w.code),
    );
    expect(missing, 'add these codes to AUDIT_ACTION_WORDS').toEqual([]);
  });

  it('every code with words is written somewhere (no words for codes nobody writes)', () => {
    const unused = words.filter((k) => !written.some((w) => (w.template ? k.startsWith(`${w.code}.`) : w.code === k)));
    expect(unused).toEqual([]);
  });

  it('reads a code as words, and an unknown (old) code as itself', () => {
    expect(auditActionWords('admin.ticket.update')).toBe('Changed the status or priority of a ticket');
    expect(auditActionWords('admin.kyc.approve')).toBe('Approved an identity verification');
    expect(auditActionWords('admin.retired.thing')).toBe('admin.retired.thing');
  });
});
