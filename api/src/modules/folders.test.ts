import { describe, expect, it } from 'vitest';
import { folderNames, operationFolders, operationsOf } from '../../scripts/route-folders.js';
import { buildApp } from '../app.js';
import { MODULES } from './index.js';

// docs/decisions.md "One module shape": an operation's route definition (routes.ts) and handler
// (handlers.ts) live in modules/<module>/<folder>/, the folder named by a segment of its path.
const doc = (await (await buildApp({ modules: Object.keys(MODULES) }).request('/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, unknown>>;
};
const operations = await operationFolders(operationsOf(doc));

describe('every operation lives in the folder its path names', () => {
  it('covers every operation of the modules (all but the health check, which app.ts serves)', () => {
    const outside = operationsOf(doc).filter(
      (op) => !operations.some((o) => o.method === op.method && o.path === op.path),
    );
    expect(outside).toEqual([{ method: 'GET', path: '/api/health' }]);
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, () => {
      expect(op.routeFolders, 'one routes.ts defines it').toHaveLength(1);
      expect(op.handlerFolders, 'one handlers.ts exports its handler').toHaveLength(1);
      expect(op.handlerFolders[0], 'handler beside its route definition').toBe(op.routeFolders[0]);
      expect(op.allowed, `the path names the folder ${op.routeFolders[0]}`).toContain(op.routeFolders[0]);
    });
  }
});

describe('the folder names a path allows', () => {
  it('its literal segments (also plural, no extension), and the module itself for its own collection', () => {
    expect(folderNames('wallet', '/requests/{id}/pay')).toEqual(['requests', 'pay', 'pays']);
    expect(folderNames('wallet', '/transactions.csv')).toEqual(['transactions']);
    expect(folderNames('social', '/posts/{id}/like')).toContain('likes');
    expect(folderNames('invoices', '/{id}/pay')).toEqual(['invoices', 'pay', 'pays']);
    expect(folderNames('contact', '/')).toEqual(['contact']);
  });
});
