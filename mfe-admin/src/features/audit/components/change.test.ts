import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@portal/shared-ui';
import { changeLines, fieldWords, valueWords } from './change';

describe('an audit entry in words (the audit page; the raw record stays one click away)', () => {
  it('a ticket update: each changed field before → after, times in local time; unchanged fields and bare ids stay in the raw record', () => {
    const lines = changeLines(
      { status: 'open', priority: 'high', resolved_at: null },
      { status: 'resolved', priority: 'high', resolved_at: '2026-11-20T14:05:00.000Z' },
      { ticket_id: 'TKT-000123', response_id: '5b8bc20b-34f6-4bff-8c1f-001070526818' },
    );
    expect(lines).toEqual([
      'Status: open → resolved',
      `Resolved at: none → ${formatDateTime('2026-11-20T14:05:00.000Z')}`,
      'Ticket id: TKT-000123',
    ]);
    expect(lines.join('\n')).not.toMatch(/[{}"]|T14:05|Priority|5b8bc20b/);
  });

  it('flags and codes read as words; a field recorded on one side only shows its value', () => {
    expect(changeLines({ is_accredited_investor: false }, { is_accredited_investor: true }, null)).toEqual([
      'Accredited investor: No → Yes',
    ]);
    expect(changeLines(null, { response_id: 'r1' }, null)).toEqual(['Response id: r1']);
    expect(fieldWords('kyc_status')).toBe('KYC status');
    expect(valueWords('in_progress')).toBe('in progress');
    expect(valueWords(null)).toBe('none');
  });
});
