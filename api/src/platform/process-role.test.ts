import { describe, expect, it } from 'vitest';
import { jobsFor, portalRole, servesHttp } from './process-role.js';

describe('PORTAL_ROLE', () => {
  it('defaults to all (HTTP and jobs); api turns the jobs off, worker the HTTP server; anything else refuses to start', () => {
    expect([portalRole(undefined), portalRole(''), portalRole('api'), portalRole('worker'), portalRole('all')]).toEqual(
      ['all', 'all', 'api', 'worker', 'all'],
    );
    expect(() => portalRole('workers')).toThrow(
      'PORTAL_ROLE must be one of all, api, worker (default all), not: workers',
    );
    expect((['all', 'api', 'worker'] as const).map((r) => [servesHttp(r), jobsFor(r, ['job']).length])).toEqual([
      [true, 1],
      [true, 0],
      [false, 1],
    ]);
  });
});
