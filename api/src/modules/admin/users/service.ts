import { recordAudit } from '../../../platform/audit/index.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { deleteAccount } from '../../../platform/accounts/index.js';
import { getPrisma, type PrismaTx } from '../../../platform/db/prisma.js';
import { sqlState } from '../../../platform/db/sql-state.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { lockKycReset, lockUserProfile } from './service.queries.js';

type Db = import('pg').PoolClient;
const TAKEN = 'Username already taken. Please choose another.';

/** Upper bound of one listing; the spec shows no paging. */
export const USERS_LIMIT = 200;

/** Users newest first; deleted accounts only when asked for (the admin looks one up by its customer ID). */
export async function listUsers(q: string | undefined, includeDeleted: boolean) {
  const term = q?.trim();
  const contains = term ? { contains: term, mode: 'insensitive' as const } : undefined;
  const profiles = await getPrisma().profile.findMany({
    where: {
      ...(contains
        ? {
            OR: [
              { fullName: contains },
              { username: contains },
              { user: { email: contains } },
              { customerId: term!.toUpperCase() },
            ],
          }
        : {}),
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

const NOTHING_TO_RESET = 'Only a user marked pending with no submission to review can be reset.';

/** Pending with nothing to review -> not started (the user can then submit documents); audited. */
export async function resetKyc(adminId: string, userId: string, ip: string) {
  return inTransaction(async (db, tx) => {
    // a locking read (the profile, FOR UPDATE, with whether a submission waits): SQL (./service.sql)
    const rows = await lockKycReset.run({ userId }, db);
    if (!rows[0]) throw notFound('User not found');
    if (rows[0].kyc_status !== 'pending' || rows[0].waiting) throw conflict(NOTHING_TO_RESET);
    await tx.profile.update({ where: { id: userId }, data: { kycStatus: 'not_started', updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'admin.kyc.reset',
      subject: `user:${userId}`,
      ip,
      before: { kyc_status: 'pending' },
      after: { kyc_status: 'not_started' },
    });
    return { id: userId, kyc_status: 'not_started' };
  });
}

interface UserState {
  full_name: string | null;
  username: string | null;
  is_admin: boolean;
  is_accredited_investor: boolean;
}

const USER_STATE = { fullName: true, username: true, isAdmin: true, isAccreditedInvestor: true } as const;

/** The profile's editable fields, its row locked first (./service.sql) so two edits are applied one after the other. */
async function lockUser(db: Db, tx: PrismaTx, userId: string): Promise<UserState> {
  if (!(await lockUserProfile.run({ userId }, db)).length) throw notFound('User not found');
  const p = await tx.profile.findUniqueOrThrow({ where: { id: userId }, select: USER_STATE });
  return {
    full_name: p.fullName,
    username: p.username,
    is_admin: p.isAdmin,
    is_accredited_investor: p.isAccreditedInvestor,
  };
}

/**
 * Edit name/username, grant or revoke admin, set the accredited-investor flag. An admin cannot
 * remove their own admin flag (there must always be someone who can undo a mistake). Before and
 * after of the changed fields go to the audit log in the same transaction.
 */
export async function updateUser(adminId: string, userId: string, patch: Partial<UserState>, ip: string) {
  if (userId === adminId && patch.is_admin === false)
    throw conflict('You cannot remove your own admin access.', {
      fields: { is_admin: 'You cannot remove your own admin access.' },
    });
  try {
    return await inTransaction(async (db, tx) => {
      const before = await lockUser(db, tx, userId);
      const changed = (Object.keys(patch) as (keyof UserState)[]).filter(
        (k) => patch[k] !== undefined && patch[k] !== before[k],
      );
      if (changed.length) {
        const to = { ...before, ...patch };
        await tx.profile.update({
          where: { id: userId },
          data: {
            fullName: to.full_name,
            username: to.username,
            isAdmin: to.is_admin,
            isAccreditedInvestor: to.is_accredited_investor,
            updatedAt: new Date(),
          },
        });
        const pick = (s: Partial<UserState>) => Object.fromEntries(changed.map((k) => [k, s[k]]));
        const action =
          changed.length === 1 && changed[0] === 'is_admin'
            ? patch.is_admin
              ? 'admin.user.grant_admin'
              : 'admin.user.revoke_admin'
            : changed.length === 1 && changed[0] === 'is_accredited_investor'
              ? 'admin.user.set_accredited'
              : 'admin.user.update';
        await recordAudit(tx, {
          actorId: adminId,
          action,
          subject: `user:${userId}`,
          before: pick(before),
          after: pick({ ...before, ...patch }),
          ip,
        });
      }
      const after = await lockUser(db, tx, userId);
      return { id: userId, ...after };
    });
  } catch (e) {
    if (sqlState(e) === '23505') throw conflict(TAKEN, { fields: { username: TAKEN } });
    throw e;
  }
}

/**
 * Deletes a user the way self-service deletion does (account_delete(): refused while a wallet
 * holds money, naming them; else sessions revoked, sign-in disabled, personal data removed, records
 * kept). An admin cannot delete their own account here.
 */
export async function deleteUser(adminId: string, userId: string, ip: string) {
  if (userId === adminId) throw conflict('You cannot delete your own account from the admin area.');
  await deleteAccount(userId, {
    audit: { actorId: adminId, action: 'admin.user.delete', ip },
    funded: (listed) =>
      conflict(`This user's wallets still hold money: ${listed}. The account cannot be deleted until they are empty.`, {
        wallets: listed.split(', ').map((w) => {
          const [symbol, balance] = w.split(' ');
          return { symbol, balance };
        }),
      }),
    notFound: () => notFound('User not found'),
  });
}
