// Type-level checks (run by tsc) that the sandbox's response objects use exactly the field names
// of the plaid client's api.d.ts: no field Plaid lacks, and every field Plaid requires.
import { describe, expectTypeOf, it } from 'vitest';
import type * as Plaid from 'plaid';
import type { PlaidErrorObject } from './errors.js';
import type { itemView } from './items.js';
import type * as Ours from './plaid-shapes.js';
import type { verificationKey } from './webhooks.js';

type RequiredKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
/** Field names ours has that Plaid's type does not, plus those Plaid requires that ours lacks. */
type Mismatch<Mine, Theirs> = Exclude<keyof Mine, keyof Theirs> | Exclude<RequiredKeys<Theirs>, keyof Mine>;

describe('response shapes match the plaid client’s types', () => {
  it('transfers, authorizations and events', () => {
    expectTypeOf<Mismatch<Ours.Transfer, Plaid.Transfer>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<Ours.TransferAuthorization, Plaid.TransferAuthorization>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<Ours.ProposedTransfer, Plaid.TransferAuthorizationProposedTransfer>>().toEqualTypeOf<never>();
    expectTypeOf<
      Mismatch<Ours.DecisionRationale, Plaid.TransferAuthorizationDecisionRationale>
    >().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<Ours.TransferEvent, Plaid.TransferEvent>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<Ours.TransferFailure, Plaid.TransferFailure>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<Ours.TransferUser, Plaid.TransferUserInResponse>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<Ours.TransferUserAddress, Plaid.TransferUserAddressInResponse>>().toEqualTypeOf<never>();
  });

  it('accounts, items, errors and the webhook verification key', () => {
    expectTypeOf<Mismatch<Ours.Account, Plaid.AccountBase>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<Ours.AccountBalances, Plaid.AccountBalance>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<ReturnType<typeof itemView>, Plaid.Item>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<PlaidErrorObject, Plaid.PlaidError>>().toEqualTypeOf<never>();
    expectTypeOf<Mismatch<ReturnType<typeof verificationKey>, Plaid.JWKPublicKey>>().toEqualTypeOf<never>();
  });
});
