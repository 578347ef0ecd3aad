import { describe, expect, it } from 'vitest';
import { describeHistoryRow } from './describe';

const tx = (over: Partial<Parameters<typeof describeHistoryRow>[0]>) => ({
  id: 't', created_at: '2026-01-01T00:00:00Z', amount: '1.00', fee: '0.01', status: 'completed', transaction_type: 'p2p_transfer', description: null,
  asset: { symbol: 'USD', name: 'US Dollar', scale: 2 }, sender: { id: 'me', full_name: 'Me' }, receiver: { id: 'you', full_name: 'You' }, ...over,
});

describe('history row (spec 000 §9 signs and labels)', () => {
  it('p2p: minus with the receiver when I sent it, plus with the sender when I received it', () => {
    expect(describeHistoryRow(tx({}), 'me')).toEqual({ sign: '-', outgoing: true, party: 'You' });
    expect(describeHistoryRow(tx({}), 'you')).toEqual({ sign: '+', outgoing: false, party: 'Me' });
    expect(describeHistoryRow(tx({ receiver: { id: 'you', full_name: null } }), 'me').party).toBe('Unknown Receiver');
    expect(describeHistoryRow(tx({ sender: null }), 'you').party).toBe('Unknown Sender');
  });
  it('deposit plus, withdrawal minus', () => {
    expect(describeHistoryRow(tx({ transaction_type: 'deposit', sender: null, receiver: { id: 'me', full_name: 'Me' } }), 'me')).toEqual({ sign: '+', outgoing: false, party: 'Deposit' });
    expect(describeHistoryRow(tx({ transaction_type: 'withdrawal', receiver: null }), 'me')).toEqual({ sign: '-', outgoing: true, party: 'Withdrawal' });
  });
});
