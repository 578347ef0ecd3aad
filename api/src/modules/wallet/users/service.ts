import { getPool } from '../../../platform/db/pool.js';
import { searchUsers as searchUsersQuery } from './search-users.queries.js';

export async function searchUsers(userId: string, q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  // the measured search: two plans in one statement (search-users.sql)
  const users = await searchUsersQuery.run({ me: userId, pattern }, getPool());
  return { users };
}
