// Titles chosen for this screen where the spec names none (for docs/decisions.md):
//   adding a bank through the bank-linking provider failed ........ 'Failed to Add Bank Account'
//   the provider's script could not be loaded ...................... 'Could not load the bank connection' / 'Please check your connection and try again.'
//   Link (or Reconnect) reported an error .......................... 'Error Linking Account'
//   successes ...................................................... 'Bank Account Linked', 'Bank Reconnected', 'Account Unlinked', 'Withdrawal Started', 'Deposit Started'
//   a deposit the bank declined (201 'Deposit Failed') ............. 'Deposit Failed' with the transfer's failure_reason
//   GET /transfers failed .......................................... 'Error fetching bank transfers'
// The spec's own: 'Not authenticated', 'Error fetching linked accounts', 'Failed to Unlink Account', 'Withdrawal Failed',
// 'Insufficient Balance', 'Missing Information', 'Invalid Amount'; a wrong PIN is 'Incorrect PIN', no PIN 'PIN Not Set'
// (as on the send screens).
import styled from 'styled-components';
import { Back, Badge, CardContent, CardDescription, CardTitle, Page, PageHead, media } from '@portal/shared-ui';
import { useLinkedAccountsQuery } from '../api/list-accounts';
import { AccountsCard } from './AccountsCard';
import { DepositCard } from './DepositCard';
import { TransfersCard } from './TransfersCard';
import { HeadWithAction, Section } from './ui';
import { useBankLink } from './use-bank-link';
import { WithdrawCard } from './WithdrawCard';

const Columns = styled.div`
  display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr); align-items: start;
  ${media.lg} { grid-template-columns: minmax(0, 7fr) minmax(0, 5fr); }
  > div { display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr); min-width: 0; }
`;

/** Card linking needs the card payment provider's publishable key; until it is configured there is nothing to fill in. */
function CardsSection() {
  return (
    <Section data-testid="card-linking">
      <HeadWithAction>
        <div>
          <CardTitle as="h2">Debit and credit cards</CardTitle>
          <CardDescription>Pay and add money with a card.</CardDescription>
        </div>
        <Badge $kind="grey" style={{ textTransform: 'none' }}>
          Not available yet
        </Badge>
      </HeadWithAction>
      <CardContent>
        <CardDescription as="p" style={{ fontSize: 14 }}>
          Card linking needs the card payment provider&apos;s publishable key to be configured. Until it is, cards
          cannot be added here; link a bank account instead.
        </CardDescription>
      </CardContent>
    </Section>
  );
}

/** /linked-accounts (docs/product.md "Linked accounts, deposits and withdrawal" Linked payment methods, Withdrawal): bank accounts, withdraw, add money, bank transfers, cards. */
export function LinkedAccountsPage() {
  const link = useBankLink();
  const { data } = useLinkedAccountsQuery();
  const accounts = data?.accounts ?? [];
  return (
    <Page data-testid="linked-accounts-page">
      <Back to="/profile">← Back to Profile</Back>
      <PageHead>
        <div>
          <h1>Linked payment methods</h1>
          <p>Add money from your bank and withdraw to it.</p>
        </div>
      </PageHead>
      <Columns>
        <div>
          <AccountsCard link={link} />
          <TransfersCard />
        </div>
        <div>
          <WithdrawCard accounts={accounts} />
          <DepositCard accounts={accounts} />
          <CardsSection />
        </div>
      </Columns>
    </Page>
  );
}
