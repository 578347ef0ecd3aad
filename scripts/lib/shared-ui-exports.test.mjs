import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedUiRange } from '../../shared-ui/build/federation.mjs';
import {
  currentExports,
  exportChanges,
  raisedEnough,
  raiseNeeded,
  RECORD,
  sharedUiVersion,
} from './shared-ui-exports.mjs';
import { incompatibleSingletons } from './singletons.mjs';

// shared-ui is a singleton: publishing refuses a remote built against a newer shared-ui than the
// shell provides, which only works while its version moves with its exports.
describe("shared-ui's version moves with its exports", () => {
  it('the exports of this version are the recorded ones (else: raise the version, then node scripts/record-shared-ui-exports.mjs)', () => {
    const recorded = JSON.parse(readFileSync(RECORD, 'utf8'));
    const changes = exportChanges(recorded.exports, currentExports());
    expect(
      changes,
      `shared-ui's exports changed since ${recorded.version} was recorded: raise its version (${raiseNeeded(changes)}) and run node scripts/record-shared-ui-exports.mjs`,
    ).toEqual({ added: [], removed: [] });
    expect(
      recorded.version,
      'shared-ui/package.json version changed: record its exports (node scripts/record-shared-ui-exports.mjs)',
    ).toBe(sharedUiVersion());
  }, 60_000);

  it('a removal needs a major raise, an addition a minor one', () => {
    const before = { '.': ['Button', 'Card'] };
    expect(raiseNeeded(exportChanges(before, { '.': ['Button', 'Card', 'Chip'] }))).toBe('minor');
    expect(raiseNeeded(exportChanges(before, { '.': ['Button'] }))).toBe('major');
    expect(raiseNeeded(exportChanges(before, before))).toBeNull();
    expect(raisedEnough('0.1.0', '0.1.1', 'minor')).toBe(false);
    expect(raisedEnough('0.1.0', '0.2.0', 'minor')).toBe(true);
    expect(raisedEnough('0.2.0', '0.3.0', 'major')).toBe(false);
    expect(raisedEnough('0.2.0', '1.0.0', 'major')).toBe(true);
  });

  it('publishing refuses a remote built against a newer shared-ui than the shell provides, and accepts an older one of the same major', () => {
    expect(
      incompatibleSingletons({ '@portal/shared-ui': sharedUiRange('0.2.0') }, { '@portal/shared-ui': '0.1.0' }),
    ).toEqual(['@portal/shared-ui >=0.2.0 <1.0.0 is required, but the shell provides 0.1.0']);
    expect(
      incompatibleSingletons({ '@portal/shared-ui': sharedUiRange('0.1.0') }, { '@portal/shared-ui': '0.2.0' }),
    ).toEqual([]);
    expect(
      incompatibleSingletons({ '@portal/shared-ui': sharedUiRange('1.4.0') }, { '@portal/shared-ui': '2.0.0' }),
    ).toHaveLength(1);
  });
});
