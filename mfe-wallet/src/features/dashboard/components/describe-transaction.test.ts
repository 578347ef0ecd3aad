import { describe, expect, it } from 'vitest';
import type { DashboardTransaction } from '../api/get-dashboard';
import { symbolInitials } from '@portal/shared-ui';
import { describeTransaction, kycStatusText } from './describe-transaction';

const tx = (over: Partial<DashboardTransaction>): DashboardTransaction => ({
  id: 't', created_at: '2025-05-01T00:00:00Z', amount: '1.00', fee: '0', status: 'completed', transaction_type: 'p2p_transfer',
  description: null, asset: { symbol: 'USD', name: 'US Dollar' }, sender: { id: 'me', full_name: 'Me' }, receiver: { id: 'bob', full_name: 'Bob' }, ...over,
});

describe('dashboard recent activity labels', () => {
  it('p2p sent shows To: receiver', () => {
    expect(describeTransaction(tx({}), 'me')).toMatchObject({ direction: 'Sent', counterparty: 'To: Bob' });
  });
  it('p2p received shows From: sender', () => {
    expect(describeTransaction(tx({ sender: { id: 'ann', full_name: 'Ann' }, receiver: { id: 'me', full_name: 'Me' } }), 'me')).toMatchObject({ direction: 'Received', counterparty: 'From: Ann' });
  });
  it('falls back to Unknown when the name is missing', () => {
    expect(describeTransaction(tx({ receiver: { id: 'x', full_name: null } }), 'me').counterparty).toBe('To: Unknown');
    expect(describeTransaction(tx({ sender: null, receiver: { id: 'me', full_name: 'Me' } }), 'me').counterparty).toBe('From: Unknown');
  });
  it('other types show the type with spaces', () => {
    expect(describeTransaction(tx({ transaction_type: 'bank_deposit', sender: null }), 'me')).toMatchObject({ direction: 'Received', counterparty: 'bank deposit' });
    expect(describeTransaction(tx({ transaction_type: 'withdrawal', receiver: null }), 'me')).toMatchObject({ direction: 'Sent', counterparty: 'withdrawal' });
  });
  it('formats kyc status and symbol initials', () => {
    expect(kycStatusText('verified')).toBe('Verified');
    expect(kycStatusText(null)).toBe('Not Started');
    expect(symbolInitials('usdc')).toBe('US');
  });
});
