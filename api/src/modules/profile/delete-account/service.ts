import { deleteAccount } from '../../../platform/accounts/index.js';
import { conflict, notFound } from '../../../platform/errors.js';
import { fundedMessage, fundedWallets } from '../deletion/service.js';
import { assertOwnPassword } from '../own-password.js';

/** Self-service deletion: the password confirms it is the owner (5 tries per 15 minutes). */
export async function deleteOwnAccount(userId: string, password: string, ip?: string) {
  await assertOwnPassword(userId, password, `account-delete:${userId}`);
  const wallets = await fundedWallets(userId);
  if (wallets.length) throw conflict(fundedMessage(wallets), { wallets });
  // docs/decisions.md "Account deletion" (platform/accounts): account_delete(), revocation, audit, avatar file.
  await deleteAccount(userId, {
    audit: { actorId: userId, action: 'account.delete', ip },
    funded: async () => {
      const funded = await fundedWallets(userId);
      return conflict(fundedMessage(funded), { wallets: funded });
    },
    notFound: () => notFound('Account not found'),
  });
}
