import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  CardContent,
  CardDescription,
  CardTitle,
  CenteredMessage,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  Muted,
  Spinner,
  errorMessage,
  toast,
} from '@portal/shared-ui';
import { useLinkedAccountsQuery, type LinkedAccount } from '../api/list-accounts';
import { useUnlinkAccountMutation } from '../api/unlink-account';
import { accountBadge } from './transfer-status';
import {
  Actions,
  BankIcon,
  HeadWithAction,
  Item,
  Lead,
  List,
  Main,
  Section,
  Sub,
  Title,
  Trail,
  masked,
  typeLine,
} from './ui';
import type { useBankLink } from './use-bank-link';

type BankLink = ReturnType<typeof useBankLink>;

function UnlinkDialog({ account, onClose }: { account: LinkedAccount | null; onClose: () => void }) {
  const [unlink, { isLoading }] = useUnlinkAccountMutation();
  async function onConfirm() {
    if (!account) return;
    try {
      const r = await unlink(account.id).unwrap();
      toast({ title: 'Account Unlinked', description: r.message, variant: 'success' });
      onClose();
    } catch (e) {
      toast({ title: 'Failed to Unlink Account', description: errorMessage(e), variant: 'destructive' });
    }
  }
  return (
    <Dialog open={!!account} onOpenChange={(o) => !o && !isLoading && onClose()} label="Unlink account">
      <DialogTitle>Unlink this account?</DialogTitle>
      <DialogDescription>
        {account ? `${account.institution_name} · ${account.account_name} ${masked(account.account_mask)}`.trim() : ''}{' '}
        will no longer be available for deposits and withdrawals. Transfers already under way are not affected. You can
        link it again later.
      </DialogDescription>
      <DialogFooter>
        <Button type="button" $variant="outline" onClick={onClose} disabled={isLoading}>
          Keep It
        </Button>
        <Button type="button" $variant="destructive" onClick={onConfirm} disabled={isLoading}>
          {isLoading ? 'Unlinking...' : 'Unlink Account'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function AccountRow({ account: a, link, onUnlink }: { account: LinkedAccount; link: BankLink; onUnlink: () => void }) {
  const badge = accountBadge(a.status);
  return (
    <Item data-testid="linked-account" data-status={a.status}>
      <Lead>
        <BankIcon />
        <Main>
          <Title>{a.institution_name}</Title>
          <Sub>
            {a.account_name}
            {a.account_mask ? ` ${masked(a.account_mask)}` : ''}
          </Sub>
          <Sub>
            {typeLine(a.account_type, a.account_subtype)}
            {a.status === 'active' && a.instant ? ' · Instant withdrawals' : ''}
          </Sub>
        </Main>
      </Lead>
      <Trail>
        <Badge $kind={badge.kind} data-testid="account-status" style={{ textTransform: 'none' }}>
          {badge.label}
        </Badge>
        <Actions>
          {a.status === 'login_required' && (
            <Button type="button" $size="sm" onClick={() => void link.reconnect(a)} disabled={link.busy !== null}>
              {link.busy === a.id ? 'Opening...' : 'Reconnect'}
            </Button>
          )}
          <Button
            type="button"
            $size="sm"
            $variant="outline"
            onClick={onUnlink}
            aria-label={`Unlink ${a.institution_name} ${a.account_name}`}
          >
            Unlink
          </Button>
        </Actions>
      </Trail>
    </Item>
  );
}

/** The caller's linked bank accounts (docs/product.md "Linked accounts, deposits and withdrawal" Linked payment methods): loading, empty, error with retry, the list. */
export function AccountsCard({ link }: { link: BankLink }) {
  const { data, error, isLoading, isFetching, refetch } = useLinkedAccountsQuery();
  const [unlinking, setUnlinking] = useState<LinkedAccount | null>(null);
  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching linked accounts', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  const addButton = (
    <Button type="button" onClick={() => void link.addBank()} disabled={link.busy !== null}>
      {link.busy === 'add' ? 'Opening...' : 'Add bank account'}
    </Button>
  );
  let body;
  if (isLoading)
    body = (
      <CenteredMessage role="status" style={{ minHeight: 120 }}>
        <Spinner /> Loading linked accounts...
      </CenteredMessage>
    );
  else if (!data) {
    body = (
      <CenteredMessage
        role="alert"
        data-testid="accounts-error"
        style={{ minHeight: 120, flexDirection: 'column', gap: 8 }}
      >
        <span>Could not load your linked accounts.</span>
        <Button type="button" $variant="outline" $size="sm" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Retrying...' : 'Try again'}
        </Button>
      </CenteredMessage>
    );
  } else if (data.accounts.length === 0) {
    body = (
      <CenteredMessage data-testid="no-linked-accounts" style={{ minHeight: 140, flexDirection: 'column', gap: 12 }}>
        <div>
          <Title as="h3" style={{ margin: '0 0 4px' }}>
            No linked accounts yet
          </Title>
          <Muted>Link a bank account to add money to your wallet and withdraw to it.</Muted>
        </div>
        {addButton}
      </CenteredMessage>
    );
  } else {
    body = (
      <List aria-label="Linked bank accounts">
        {data.accounts.map((a) => (
          <AccountRow key={a.id} account={a} link={link} onUnlink={() => setUnlinking(a)} />
        ))}
      </List>
    );
  }
  return (
    <Section data-testid="linked-accounts">
      <HeadWithAction>
        <div>
          <CardTitle as="h2">Bank accounts</CardTitle>
          <CardDescription>Linked securely through Plaid. We never see your bank password.</CardDescription>
        </div>
        {data && data.accounts.length > 0 && addButton}
      </HeadWithAction>
      <CardContent>{body}</CardContent>
      <UnlinkDialog account={unlinking} onClose={() => setUnlinking(null)} />
    </Section>
  );
}
