/**
 * What one API process does, from PORTAL_ROLE (docs/scaling.md "A separate job worker"):
 * - `all` (the default, `npm start`): the HTTP API and the scheduled jobs;
 * - `api`: the HTTP API with the jobs off;
 * - `worker`: the scheduled jobs with the HTTP server off.
 * Same code, same configuration otherwise; MODULES still chooses which modules' routes or jobs.
 */
export const PORTAL_ROLES = ['all', 'api', 'worker'] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

export function portalRole(value = process.env.PORTAL_ROLE): PortalRole {
  if (!value) return 'all';
  const role = PORTAL_ROLES.find((r) => r === value);
  if (!role) throw new Error(`PORTAL_ROLE must be one of ${PORTAL_ROLES.join(', ')} (default all), not: ${value}`);
  return role;
}

export const servesHttp = (role: PortalRole) => role !== 'worker';

/** The scheduled jobs a process of this role takes: none with the jobs off (`api`). */
export const jobsFor = <J>(role: PortalRole, jobs: J[]): J[] => (role === 'api' ? [] : jobs);
