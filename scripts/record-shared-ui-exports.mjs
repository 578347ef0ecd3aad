#!/usr/bin/env node
// Records shared-ui's exports for its version (shared-ui/exports.json), refusing when they changed
// without the version raise they need (scripts/lib/shared-ui-exports.mjs says why).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import {
  currentExports,
  exportChanges,
  raisedEnough,
  raiseNeeded,
  RECORD,
  sharedUiVersion,
} from './lib/shared-ui-exports.mjs';

const recorded = existsSync(RECORD) ? JSON.parse(readFileSync(RECORD, 'utf8')) : null;
const exports = currentExports();
const version = sharedUiVersion();
if (recorded) {
  const changes = exportChanges(recorded.exports, exports);
  const kind = raiseNeeded(changes);
  if (!raisedEnough(recorded.version, version, kind)) {
    console.error(
      `shared-ui's exports changed (${[...changes.added.map((n) => `+${n}`), ...changes.removed.map((n) => `-${n}`)].join(', ')}):`,
    );
    console.error(
      `raise the ${kind} version in shared-ui/package.json (now ${version}, recorded ${recorded.version}) first.`,
    );
    process.exit(1);
  }
}
// in the repository's format, so the formatting check passes on what this wrote
const text = JSON.stringify({ version, exports });
writeFileSync(RECORD, await format(text, { ...(await resolveConfig(RECORD)), filepath: RECORD }));
console.log(`recorded shared-ui ${version}: ${Object.values(exports).flat().length} exports`);
