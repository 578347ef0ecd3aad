import { getPrisma } from '../../platform/db/prisma.js';

/** Upper bound of one listing; the spec shows no paging. */
export const USERS_LIMIT = 200;

/** Users newest first; deleted accounts only when asked for (the admin looks one up by its customer ID). */
export async function listUsers(q: string | undefined, includeDeleted: boolean) {
  const term = q?.trim();
  const contains = term ? { contains: term, mode: 'insensitive' as const } : undefined;
  const profiles = await getPrisma().profile.findMany({
    where: {
      ...(contains ? { OR: [{ fullName: contains }, { username: contains }, { user: { email: contains } }, { customerId: term!.toUpperCase() }] } : {}),
      ...(includeDeleted ? {} : { deletedAt: null }),
    },
    include: { user: { select: { email: true, createdAt: true } } },
    orderBy: [{ user: { createdAt: 'desc' } }, { id: 'asc' }],
    take: USERS_LIMIT,
  });
  return profiles.map((p) => ({
    id: p.id,
    full_name: p.fullName,
    email: p.user.email,
    username: p.username,
    kyc_status: p.kycStatus,
    is_admin: p.isAdmin,
    is_accredited_investor: p.isAccreditedInvestor,
    customer_id: p.customerId,
    deleted: p.deletedAt != null,
    created_at: p.user.createdAt.toISOString(),
  }));
}
