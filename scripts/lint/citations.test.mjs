// Comments and docs cite files in the repository (docs/product.md "<heading>", docs/architecture.md,
// docs/decisions.md "<topic>", api/prisma/sql/*.sql), never what a reader of the repository cannot open:
// the product specifications by number or section sign, issue numbers, the design notes or the
// shared folder they came from.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const self = path.relative(root, fileURLToPath(import.meta.url));

/** What an outside citation looks like (built from parts, so this file does not cite itself). */
export const OUTSIDE_CITATIONS = [
  ['a section of the specifications', new RegExp('§' + '\\s?\\d')],
  ['a specification by number', new RegExp('\\bspecs?\\s+' + '00[01]\\b', 'i')],
  ['an issue number', new RegExp('\\bissues?[\\s-]#?' + '\\d+\\b', 'i')],
  ['the design notes', new RegExp('\\bDESIGN' + '\\.md\\b')],
  ['the shared folder', new RegExp('(?:\\.\\.|/work)/' + 'shared/')],
];

const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|prisma|md|ya?ml|html|css|json|toml|sh)$/;
const GENERATED = [/^api\/src\/generated\//, /^pnpm-lock\.yaml$/];

/** Every line of a tracked or new (not ignored) text file that cites something outside the repository. */
export function outsideCitations(files, read) {
  const found = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        for (const [what, pattern] of OUTSIDE_CITATIONS)
          if (pattern.test(line)) found.push(`${file}:${i + 1} cites ${what}: ${line.trim()}`);
      });
  }
  return found;
}

describe('citations', () => {
  it('recognises each kind of outside citation, and a citation of a file in the repository is none', () => {
    const lines = {
      a: `// the ${'spec'} 001 §5 rule`,
      b: `/* (${'issue'} 19) */`,
      c: `see ${'DESIGN'}.md`,
      d: `../${'shared'}/x`,
      e: '// docs/product.md "Invoices"',
      f: '-- L3 in prisma/sql/ledger.sql; the issues list; tissue 4',
    };
    const found = outsideCitations(Object.keys(lines), (f) => lines[f]);
    expect(found.map((l) => l.split(':')[0])).toEqual(['a', 'a', 'b', 'c', 'd']);
  });

  it('no file of the repository cites the specifications, an issue, the design notes or the shared folder', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\0')
      .filter(
        (f) =>
          f && f !== self && TEXT.test(f) && !GENERATED.some((re) => re.test(f)) && fs.existsSync(path.join(root, f)),
      );
    expect(files.length).toBeGreaterThan(100);
    expect(outsideCitations(files, (f) => fs.readFileSync(path.join(root, f), 'utf8'))).toEqual([]);
  });
});
