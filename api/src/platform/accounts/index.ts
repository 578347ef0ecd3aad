// Account deletion, shared by self-service deletion (profile module) and the admin's Delete user
// (admin module): one transaction around the SQL function account_delete() (docs/decisions.md
// "Account deletion": refused while a wallet holds money, else every session revoked, sign-in
// disabled, personal data removed, transactions kept), the revocation announcement and the audit
// entry; the avatar file is removed after the commit.
import { recordAudit, type AuditAction } from '../audit/index.js';
import { publishRevocation } from '../auth/revocation.js';
import { inTransaction } from '../db/transaction.js';
import { sqlState } from '../db/sql-state.js';
import { accountDelete } from './index.queries.js';
import { removeUpload } from '../storage/index.js';

/** Avatars are served at this path + their storage key (public bucket `avatars`). */
export const AVATAR_PREFIX = '/api/profile/avatars/';
/** The storage key of an avatar URL we serve; null for none or another URL. */
export const avatarKey = (url: string | null): string | null =>
  url?.startsWith(AVATAR_PREFIX) ? url.slice(AVATAR_PREFIX.length) : null;

export interface DeleteAccountOptions {
  audit: { actorId: string; action: AuditAction; ip?: string };
  /** The error for "wallets still hold money"; `listed` is account_delete()'s 'SYMBOL balance, ...'. */
  funded: (listed: string) => Error | Promise<Error>;
  /** The error for an unknown or already deleted account. */
  notFound: () => Error;
}

export async function deleteAccount(userId: string, opts: DeleteAccountOptions): Promise<void> {
  const removedAvatar = await inTransaction(async (db, tx) => {
    let avatar: string | null;
    try {
      const [deleted] = await accountDelete.run({ userId }, db);
      avatar = deleted!.avatar;
    } catch (e) {
      const code = sqlState(e);
      if (code === 'AC001') throw await opts.funded((e as Error).message);
      if (code === 'AC404') throw opts.notFound();
      throw e;
    }
    // account_delete() revoked the sessions and disabled the user: announce it in this transaction.
    await publishRevocation(db, { users: [userId] });
    await recordAudit(tx, {
      actorId: opts.audit.actorId,
      action: opts.audit.action,
      subject: `user:${userId}`,
      before: { deleted: false },
      after: { deleted: true },
      ip: opts.audit.ip,
    });
    return avatar;
  });
  const key = avatarKey(removedAvatar);
  if (key) await removeUpload('avatars', key);
}
