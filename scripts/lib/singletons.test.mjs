import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { incompatibleSingletons } from './singletons.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHELL = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'styled-components': '6.6.0',
  '@reduxjs/toolkit': '2.14.0',
  '@portal/shared-ui': '0.1.0',
};

describe('Publishing refuses shared singletons the shell does not provide', () => {
  it('accepts exact pins and ranges the shell satisfies', () => {
    expect(
      incompatibleSingletons({ react: '19.3.1', 'react-dom': '^19.0.0', 'styled-components': '>=6.1 <7' }, SHELL),
    ).toEqual([]);
  });

  it('names every singleton out of range or missing, with both versions', () => {
    expect(
      incompatibleSingletons(
        { react: '^18.2.0', 'react-dom': '^18.2.0', redux: '^5.0.0', '@portal/shared-ui': '0.1.0' },
        SHELL,
      ),
    ).toEqual([
      'react ^18.2.0 is required, but the shell provides 19.3.1',
      'react-dom ^18.2.0 is required, but the shell provides 19.3.1',
      'redux ^5.0.0 is required, but the shell does not provide redux',
    ]);
  });

  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-publish-test-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('scripts/publish-remote.mjs refuses a build that requires React 18, with a clear message, before storing anything', () => {
    const build = path.join(work, 'build');
    const shell = path.join(work, 'shell');
    for (const dir of [build, shell]) spawnSync('mkdir', ['-p', dir]);
    writeFileSync(path.join(shell, 'provided-shared.json'), JSON.stringify(SHELL));
    writeFileSync(path.join(build, 'remoteEntry.js'), 'var mfe_wallet;');
    writeFileSync(
      path.join(build, 'mf-manifest.json'),
      JSON.stringify({
        shared: [
          { name: 'react', singleton: true, requiredVersion: '^18.2.0', version: '18.3.1' },
          { name: 'styled-components', singleton: true, requiredVersion: '6.6.0' },
        ],
        exposes: [{ path: './App', assets: { js: { sync: [] } } }],
      }),
    );
    const home = path.join(work, 'home');
    const r = spawnSync(process.execPath, ['scripts/publish-remote.mjs', 'mfe-wallet', '--from', build], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        PORTAL_SHELL_DIST: shell,
        PORTAL_HOME: home,
        DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
      },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('mfe-wallet was not published: the shell cannot serve its shared singletons');
    expect(r.stderr).toContain('react ^18.2.0 is required, but the shell provides 19.3.1');
    expect(r.stderr).not.toContain('styled-components');
    expect(spawnSync('ls', [path.join(home, 'remotes')]).status, 'nothing stored').not.toBe(0);
  });
});
