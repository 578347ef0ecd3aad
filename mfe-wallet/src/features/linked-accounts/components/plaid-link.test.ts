import { describe, expect, it } from 'vitest';
import { exchangeBody, linkErrorText } from './plaid-link';

describe("Plaid Link's answers, as the server takes them", () => {
  it('onSuccess metadata -> the exchange body (institution id and name; accounts id, name, mask, type, subtype)', () => {
    expect(
      exchangeBody('public-sandbox-1', {
        institution: { institution_id: 'ins_109508', name: 'First Platypus Bank' },
        accounts: [
          {
            id: 'acc-1',
            name: 'Plaid Checking',
            mask: '0000',
            type: 'depository',
            subtype: 'checking',
            verification_status: null,
          } as never,
          { id: 'acc-2', name: 'Plaid Saving', mask: null, type: 'depository', subtype: null },
        ],
      }),
    ).toEqual({
      public_token: 'public-sandbox-1',
      institution_id: 'ins_109508',
      institution_name: 'First Platypus Bank',
      accounts: [
        { id: 'acc-1', name: 'Plaid Checking', mask: '0000', type: 'depository', subtype: 'checking' },
        { id: 'acc-2', name: 'Plaid Saving', mask: null, type: 'depository', subtype: null },
      ],
    });
  });
  it("onExit errors: Link's message for people first", () => {
    expect(
      linkErrorText({
        error_type: 'API_ERROR',
        error_code: 'X',
        error_message: 'internal',
        display_message: 'Something went wrong.',
      }),
    ).toBe('Something went wrong.');
    expect(
      linkErrorText({ error_type: 'API_ERROR', error_code: 'X', error_message: 'internal', display_message: null }),
    ).toBe('internal');
  });
});
