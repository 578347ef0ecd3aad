import { errorMessage, fieldErrors } from './error-message';

/**
 * Whether reading one record failed because no record has this address: the API's 404, or its 400
 * on the path's id (ids are UUIDs: '/campaign/not-a-uuid' names no campaign, and reads the same as
 * an unknown one). Path parameters are `id` or end in `Id` (userId, milestoneId); body fields are snake_case.
 */
export function isNotFound(error: unknown): boolean {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  if (status === 404) return true;
  return status === 400 && Object.keys(fieldErrors(error)).some((field) => field === 'id' || field.endsWith('Id'));
}

/** What a failed read of one record says: `missing` (e.g. 'Campaign not found.') when there is none, else the server's reason. */
export function readFailure(error: unknown, missing: string): string {
  return isNotFound(error) ? missing : errorMessage(error);
}
