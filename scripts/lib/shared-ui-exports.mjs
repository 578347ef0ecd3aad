// shared-ui is a Module Federation singleton: every remote uses the shell's one copy. Its version is
// what publishing compares (scripts/lib/singletons.mjs), so it must move with what it exports: a
// removed or renamed export raises the major version, an added one the minor (docs/decisions.md
// "Canary releases": shared-ui's version). shared-ui/exports.json records the exports of a version;
// scripts/lib/shared-ui-exports.test.mjs fails when they changed and it was not recorded, and
// `node scripts/record-shared-ui-exports.mjs` records them only after the right version raise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import ts from 'typescript';

export const sharedUi = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared-ui');
export const RECORD = path.join(sharedUi, 'exports.json');
const pkg = () => JSON.parse(readFileSync(path.join(sharedUi, 'package.json'), 'utf8'));

/** Entry point ('.', './early', ...) -> its exported names, sorted (read by the TypeScript compiler, nothing runs). */
export function currentExports() {
  const entries = Object.entries(pkg().exports).sort(([a], [b]) => a.localeCompare(b));
  const files = entries.map(([, file]) => path.join(sharedUi, file));
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(sharedUi, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const program = ts.createProgram(files, { ...config?.options, noEmit: true });
  const checker = program.getTypeChecker();
  return Object.fromEntries(
    entries.map(([entry], i) => {
      const symbol = checker.getSymbolAtLocation(program.getSourceFile(files[i]));
      return [
        entry,
        symbol
          ? checker
              .getExportsOfModule(symbol)
              .map((s) => s.getName())
              .sort()
          : [],
      ];
    }),
  );
}

export const sharedUiVersion = () => pkg().version;

/** What changed between two export lists: `${entry} name` added and removed. */
export function exportChanges(before, after) {
  const names = (list) => new Set(Object.entries(list).flatMap(([entry, n]) => n.map((x) => `${entry} ${x}`)));
  const [was, now] = [names(before), names(after)];
  return { added: [...now].filter((n) => !was.has(n)).sort(), removed: [...was].filter((n) => !now.has(n)).sort() };
}

/** The version raise these changes need, or null when none: 'major' for a removal, 'minor' for an addition. */
export const raiseNeeded = ({ added, removed }) => (removed.length ? 'major' : added.length ? 'minor' : null);

/** Whether `to` raises `from` at least by `kind` (0.x counts as 1.x would: the range the remotes ask is >=v <major+1). */
export function raisedEnough(from, to, kind) {
  if (!kind) return true;
  return kind === 'major'
    ? semver.major(to) > semver.major(from)
    : semver.gt(to, from) && (semver.major(to) > semver.major(from) || semver.minor(to) > semver.minor(from));
}
