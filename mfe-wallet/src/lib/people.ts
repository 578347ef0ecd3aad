/** How a person is named on money screens: full name, else @username, else 'Unknown'. */
export const personName = (p: { full_name: string | null; username: string | null }) =>
  p.full_name || (p.username ? `@${p.username}` : 'Unknown');
