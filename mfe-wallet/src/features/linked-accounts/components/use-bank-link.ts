import { useEffect, useRef, useState } from 'react';
import { errorMessage, toast, useSession } from '@portal/shared-ui';
import { useCreateLinkTokenMutation } from '../api/create-link-token';
import { useExchangePublicTokenMutation } from '../api/exchange-public-token';
import type { LinkedAccount } from '../api/list-accounts';
import { useMarkReconnectedMutation } from '../api/mark-reconnected';
import { exchangeBody, linkErrorText, loadPlaidLink, type PlaidHandler, type PlaidSuccessMetadata } from './plaid-link';

const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

/**
 * Adding a bank and signing in to one again, through Plaid Link: a link token from the server, Link's
 * script (loaded once), then Link itself; its answer goes back to the server (exchange, or reconnected).
 * `busy`: 'add' or the id of the account being reconnected, while that is under way.
 */
export function useBankLink() {
  const session = useSession();
  const [createToken] = useCreateLinkTokenMutation();
  const [exchange] = useExchangePublicTokenMutation();
  const [markReconnected] = useMarkReconnectedMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const handler = useRef<PlaidHandler | null>(null);
  useEffect(() => () => handler.current?.destroy(), []);

  async function openLink(
    account: LinkedAccount | null,
    tokenFailTitle: string,
    onSuccess: (publicToken: string, metadata: PlaidSuccessMetadata) => Promise<void>,
  ) {
    if (!session.user) {
      fail('Not authenticated', 'Please log in to link a bank account.');
      return;
    }
    setBusy(account?.id ?? 'add');
    let token;
    try {
      token = await createToken(account ? { linked_account_id: account.id } : {}).unwrap();
    } catch (e) {
      setBusy(null);
      fail(tokenFailTitle, errorMessage(e));
      return;
    }
    let plaid;
    try {
      plaid = await loadPlaidLink(token.script_url);
    } catch {
      setBusy(null);
      fail('Could not load the bank connection', 'Please check your connection and try again.');
      return;
    }
    handler.current?.destroy();
    handler.current = plaid.create({
      token: token.link_token,
      onSuccess: (publicToken, metadata) => void onSuccess(publicToken, metadata).finally(() => setBusy(null)),
      onExit: (err) => {
        setBusy(null);
        if (err) fail('Error Linking Account', linkErrorText(err));
      },
    });
    handler.current.open();
  }

  /** Link's institution picker; the accounts the user chose are stored by the server. */
  const addBank = () =>
    openLink(null, 'Failed to Add Bank Account', async (publicToken, metadata) => {
      try {
        const linked = await exchange(exchangeBody(publicToken, metadata)).unwrap();
        toast({ title: 'Bank Account Linked', description: linked.message, variant: 'success' });
      } catch (e) {
        fail('Failed to Add Bank Account', errorMessage(e));
      }
    });

  /** Link in update mode for an account whose bank wants a new sign-in; then the server asks the bank again. */
  const reconnect = (account: LinkedAccount) =>
    openLink(account, 'Error Linking Account', async () => {
      try {
        const { account: now } = await markReconnected(account.id).unwrap();
        if (now.status === 'active')
          toast({
            title: 'Bank Reconnected',
            description: `${now.institution_name} is connected again.`,
            variant: 'success',
          });
        else fail('Error Linking Account', `${now.institution_name} still needs you to sign in again.`);
      } catch (e) {
        fail('Error Linking Account', errorMessage(e));
      }
    });

  return { addBank, reconnect, busy };
}
