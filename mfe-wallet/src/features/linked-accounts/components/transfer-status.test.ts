import { describe, expect, it } from 'vitest';
import { accountBadge, finished, isPending, transferBadge, type TransferStatus } from './transfer-status';

describe("a bank transfer's status badge", () => {
  it('Pending while the bank has it, Completed once settled, the rest destructive with their own word', () => {
    const all: TransferStatus[] = [
      'requested',
      'pending',
      'posted',
      'settled',
      'funds_available',
      'declined',
      'failed',
      'returned',
    ];
    expect(all.map((s) => [transferBadge(s).label, transferBadge(s).kind])).toEqual([
      ['Pending', 'yellow'],
      ['Pending', 'yellow'],
      ['Pending', 'yellow'],
      ['Completed', 'green'],
      ['Completed', 'green'],
      ['Declined', 'red'],
      ['Failed', 'red'],
      ['Returned', 'red'],
    ]);
    expect(all.filter((s) => isPending({ status: s }))).toEqual(['requested', 'pending', 'posted']);
    expect(all.filter((s) => transferBadge(s).ended)).toEqual(['declined', 'failed', 'returned']);
  });
  it('the transfers that were pending and no longer are (the wallet caches are asked again then)', () => {
    const before = new Set(['a', 'b', 'c']);
    expect(
      finished(before, [
        { id: 'a', status: 'settled' },
        { id: 'b', status: 'posted' },
        { id: 'c', status: 'returned' },
        { id: 'd', status: 'settled' },
      ]),
    ).toEqual(['a', 'c']);
    expect(finished(new Set(), [{ id: 'a', status: 'settled' }])).toEqual([]);
  });
});

describe("a linked account's status: anything but active in red", () => {
  it('login_required reads Sign-in required', () => {
    expect(accountBadge('active')).toEqual({ label: 'Active', kind: 'green' });
    expect(accountBadge('login_required')).toEqual({ label: 'Sign-in required', kind: 'red' });
    expect(accountBadge('disconnected')).toEqual({ label: 'Disconnected', kind: 'red' });
  });
});
