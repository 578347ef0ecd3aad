import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransferEventType, TransferNetwork, TransferType, type PlaidApi } from 'plaid';
import {
  authorizationRequest,
  linkItem,
  plaidErrorOf,
  startTestSandbox,
  type LinkedItem,
  type TestSandbox,
} from './test-helpers.js';

let test: TestSandbox;
let plaid: PlaidApi;
let platypus: LinkedItem;
beforeAll(async () => {
  test = await startTestSandbox({ creditLimit: '500.00' });
  plaid = test.plaid;
  platypus = await linkItem(plaid, test.sandbox.url, 'ins_109508');
});
afterAll(() => test.sandbox.close());

async function createTransfer(item: LinkedItem, request: Parameters<typeof authorizationRequest>[1] = {}) {
  const { data } = await plaid.transferAuthorizationCreate(authorizationRequest(item, request));
  expect(data.authorization.decision).toBe('approved');
  const { data: created } = await plaid.transferCreate({
    access_token: item.accessToken,
    account_id: data.authorization.proposed_transfer.account_id ?? '',
    authorization_id: data.authorization.id,
    description: 'Wallet top-up',
  });
  return created.transfer;
}

async function balances(item: LinkedItem) {
  const { data } = await plaid.accountsGet({ access_token: item.accessToken });
  return data.accounts[0]?.balances;
}

describe('transfer capabilities and authorization', () => {
  it('/transfer/capabilities/get reports rtp credit per account', async () => {
    const [checking, saving] = platypus.accountIds;
    const capability = async (accountId: string | undefined) =>
      (await plaid.transferCapabilitiesGet({ access_token: platypus.accessToken, account_id: accountId ?? '' })).data
        .institution_supported_networks.rtp.credit;
    expect(await capability(checking)).toBe(true);
    expect(await capability(saving)).toBe(false);
  });

  it('an approved authorization carries the proposed transfer and no rationale', async () => {
    const { data } = await plaid.transferAuthorizationCreate(authorizationRequest(platypus, { amount: '12.5' }));
    expect(data.authorization).toMatchObject({
      decision: 'approved',
      decision_rationale: null,
      guarantee_decision: null,
      payment_risk: null,
      proposed_transfer: {
        account_id: platypus.accountIds[0],
        type: 'debit',
        network: 'ach',
        ach_class: 'web',
        amount: '12.50',
        iso_currency_code: 'USD',
        user: { legal_name: 'Ada Lovelace', phone_number: null, email_address: null, address: null },
      },
    });
  });

  it('a debit above the available balance is declined with NSF', async () => {
    const tattersall = await linkItem(plaid, test.sandbox.url, 'ins_109510');
    const { data } = await plaid.transferAuthorizationCreate(authorizationRequest(tattersall, { amount: '50.00' }));
    expect(data.authorization.decision).toBe('declined');
    expect(data.authorization.decision_rationale).toEqual({
      code: 'NSF',
      description: "Transaction declined due to insufficient funds in the user's account.",
    });
  });

  it('a credit above the per-transfer credit limit is declined with TRANSFER_LIMIT_REACHED', async () => {
    const { data } = await plaid.transferAuthorizationCreate(
      authorizationRequest(platypus, { type: TransferType.Credit, amount: '500.01' }),
    );
    expect(data.authorization.decision).toBe('declined');
    expect(data.authorization.decision_rationale?.code).toBe('TRANSFER_LIMIT_REACHED');
  });

  it('rtp to an account without rtp capability is INVALID_FIELD', async () => {
    const tattersall = await linkItem(plaid, test.sandbox.url, 'ins_109510');
    const { status, error } = await plaidErrorOf(
      plaid.transferAuthorizationCreate(
        authorizationRequest(tattersall, { type: TransferType.Credit, network: TransferNetwork.Rtp }),
      ),
    );
    expect(status).toBe(400);
    expect(error).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });

  it('rtp credit to a capable account is approved', async () => {
    const { data } = await plaid.transferAuthorizationCreate(
      authorizationRequest(platypus, { type: TransferType.Credit, network: TransferNetwork.Rtp }),
    );
    expect(data.authorization.decision).toBe('approved');
  });

  it('an authorization for a login-required item is ITEM_LOGIN_REQUIRED', async () => {
    const gingham = await linkItem(plaid, test.sandbox.url, 'ins_109509');
    const { error } = await plaidErrorOf(plaid.transferAuthorizationCreate(authorizationRequest(gingham)));
    expect(error).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
  });

  it.each(['0.00', '-5.00', '1.234', 'ten', ''])('amount %j is INVALID_FIELD or MISSING_FIELDS', async (amount) => {
    const { error } = await plaidErrorOf(plaid.transferAuthorizationCreate(authorizationRequest(platypus, { amount })));
    expect(error.error_code).toBe(amount === '' ? 'MISSING_FIELDS' : 'INVALID_FIELD');
  });

  it('the same idempotency_key and request give back the same authorization', async () => {
    const request = authorizationRequest(platypus, { idempotency_key: 'auth-key-1' });
    const first = await plaid.transferAuthorizationCreate(request);
    const second = await plaid.transferAuthorizationCreate(request);
    expect(second.data.authorization).toEqual(first.data.authorization);
    const { error } = await plaidErrorOf(plaid.transferAuthorizationCreate({ ...request, amount: '99.00' }));
    expect(error.error_code).toBe('INVALID_FIELD');
  });
});

describe('transfers', () => {
  it('/transfer/create makes a pending transfer with Plaid’s Transfer fields', async () => {
    const transfer = await createTransfer(platypus);
    expect(transfer).toMatchObject({
      type: 'debit',
      amount: '25.00',
      status: 'pending',
      network: 'ach',
      ach_class: 'web',
      cancellable: true,
      failure_reason: null,
      metadata: null,
      iso_currency_code: 'USD',
      refunds: [],
      recurring_transfer_id: null,
      guarantee_decision: null,
      originator_client_id: null,
      description: 'Wallet top-up',
    });
    expect(transfer.expected_settlement_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(transfer.standard_return_window! > transfer.expected_settlement_date!).toBe(true);
    const { data } = await plaid.transferGet({ transfer_id: transfer.id });
    expect(data.transfer).toEqual(transfer);
  });

  it('a transfer needs an approved, unused authorization (TRANSFER_ERROR otherwise)', async () => {
    const transfer = await createTransfer(platypus);
    const create = (authorizationId: string) =>
      plaidErrorOf(
        plaid.transferCreate({
          access_token: platypus.accessToken,
          account_id: platypus.accountIds[0] ?? '',
          authorization_id: authorizationId,
          description: 'Again',
        }),
      );
    expect((await create(transfer.authorization_id)).error).toMatchObject({
      error_type: 'TRANSFER_ERROR',
      error_code: 'TRANSFER_AUTHORIZATION_ALREADY_USED',
    });
    expect((await create('no-such-authorization')).error.error_code).toBe('TRANSFER_AUTHORIZATION_NOT_FOUND');
    const { data: declined } = await plaid.transferAuthorizationCreate(
      authorizationRequest(platypus, { amount: '999999.00' }),
    );
    expect((await create(declined.authorization.id)).error.error_code).toBe('TRANSFER_AUTHORIZATION_DECLINED');
  });

  it('the same idempotency_key on /transfer/create gives back the same transfer', async () => {
    const { data } = await plaid.transferAuthorizationCreate(authorizationRequest(platypus));
    const request = {
      access_token: platypus.accessToken,
      account_id: platypus.accountIds[0] ?? '',
      authorization_id: data.authorization.id,
      description: 'Top-up',
      idempotency_key: 'transfer-key-1',
    };
    const first = await plaid.transferCreate(request);
    const second = await plaid.transferCreate(request);
    expect(second.data.transfer.id).toBe(first.data.transfer.id);
  });

  it('an unknown transfer_id is INVALID_FIELD', async () => {
    const { error } = await plaidErrorOf(plaid.transferGet({ transfer_id: 'no-such-transfer' }));
    expect(error.error_code).toBe('INVALID_FIELD');
  });

  it('simulated posted and settled events follow pending in /transfer/event/sync, with increasing event ids and after_id paging', async () => {
    const { data: before } = await plaid.transferEventSync({ after_id: 0, count: 500 });
    const start = before.transfer_events.at(-1)?.event_id ?? 0;
    const transfer = await createTransfer(platypus);
    await plaid.sandboxTransferSimulate({ transfer_id: transfer.id, event_type: 'posted' });
    await plaid.sandboxTransferSimulate({ transfer_id: transfer.id, event_type: 'settled' });

    const { data } = await plaid.transferEventSync({ after_id: start });
    const events = data.transfer_events;
    expect(events.map((event) => event.event_type)).toEqual([
      TransferEventType.Pending,
      TransferEventType.Posted,
      TransferEventType.Settled,
    ]);
    expect(events.map((event) => event.event_id)).toEqual([start + 1, start + 2, start + 3]);
    expect(events[0]).toMatchObject({
      transfer_id: transfer.id,
      account_id: transfer.account_id,
      transfer_type: 'debit',
      transfer_amount: '25.00',
      failure_reason: null,
    });
    expect(data.has_more).toBe(false);

    const firstPage = await plaid.transferEventSync({ after_id: start, count: 2 });
    expect(firstPage.data.has_more).toBe(true);
    const secondPage = await plaid.transferEventSync({ after_id: start + 2, count: 2 });
    expect(secondPage.data.transfer_events.map((event) => event.event_type)).toEqual(['settled']);
    expect(secondPage.data.has_more).toBe(false);
    expect((await plaid.transferGet({ transfer_id: transfer.id })).data.transfer.status).toBe('settled');
  });

  it('settling a debit takes the amount from available and current; settling a credit adds it', async () => {
    const item = await linkItem(plaid, test.sandbox.url, 'ins_109508');
    const debit = await createTransfer(item, { amount: '100.00' });
    await plaid.sandboxTransferSimulate({ transfer_id: debit.id, event_type: 'posted' });
    expect(await balances(item)).toMatchObject({ available: 5000, current: 5110 });
    await plaid.sandboxTransferSimulate({ transfer_id: debit.id, event_type: 'settled' });
    expect(await balances(item)).toMatchObject({ available: 4900, current: 5010 });
    await plaid.sandboxTransferSimulate({ transfer_id: debit.id, event_type: 'funds_available' });

    const credit = await createTransfer(item, { type: TransferType.Credit, amount: '40.25' });
    await plaid.sandboxTransferSimulate({ transfer_id: credit.id, event_type: 'posted' });
    await plaid.sandboxTransferSimulate({ transfer_id: credit.id, event_type: 'settled' });
    expect(await balances(item)).toMatchObject({ available: 4940.25, current: 5050.25 });
  });

  it('simulating out of Plaid’s order is INVALID_FIELD ("cannot simulate ...")', async () => {
    const transfer = await createTransfer(platypus);
    const simulate = (event_type: string) =>
      plaidErrorOf(plaid.sandboxTransferSimulate({ transfer_id: transfer.id, event_type }));
    for (const eventType of ['settled', 'funds_available', 'returned']) {
      const { error } = await simulate(eventType);
      expect(error).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
      expect(error.error_message).toMatch(/^cannot simulate/);
    }
    await plaid.sandboxTransferSimulate({ transfer_id: transfer.id, event_type: 'posted' });
    expect((await simulate('failed')).error.error_message).toMatch(/^cannot simulate failed/);
    expect((await simulate('posted')).error.error_code).toBe('INVALID_FIELD');
    expect((await simulate('cancelled')).error.error_code).toBe('INVALID_FIELD');
  });

  it('funds_available is for debits only', async () => {
    const credit = await createTransfer(platypus, { type: TransferType.Credit });
    await plaid.sandboxTransferSimulate({ transfer_id: credit.id, event_type: 'posted' });
    await plaid.sandboxTransferSimulate({ transfer_id: credit.id, event_type: 'settled' });
    const { error } = await plaidErrorOf(
      plaid.sandboxTransferSimulate({ transfer_id: credit.id, event_type: 'funds_available' }),
    );
    expect(error.error_message).toMatch(/^cannot simulate funds_available/);
  });

  it('a failed transfer carries the simulated failure_reason on the transfer and its event', async () => {
    const transfer = await createTransfer(platypus);
    const failure = { failure_code: 'R02', ach_return_code: 'R02', description: 'Account closed' };
    await plaid.sandboxTransferSimulate({ transfer_id: transfer.id, event_type: 'failed', failure_reason: failure });
    const { data } = await plaid.transferGet({ transfer_id: transfer.id });
    expect(data.transfer).toMatchObject({ status: 'failed', failure_reason: failure, cancellable: false });
    const { data: sync } = await plaid.transferEventSync({ after_id: 0, count: 500 });
    expect(sync.transfer_events.at(-1)).toMatchObject({
      transfer_id: transfer.id,
      event_type: 'failed',
      failure_reason: failure,
    });
  });

  it('a returned settled debit gives the money back and defaults to R01', async () => {
    const item = await linkItem(plaid, test.sandbox.url, 'ins_109508');
    const transfer = await createTransfer(item, { amount: '10.00' });
    for (const event_type of ['posted', 'settled', 'returned'])
      await plaid.sandboxTransferSimulate({ transfer_id: transfer.id, event_type });
    const { data } = await plaid.transferGet({ transfer_id: transfer.id });
    expect(data.transfer).toMatchObject({ status: 'returned', failure_reason: { ach_return_code: 'R01' } });
    expect(await balances(item)).toMatchObject({ available: 5000, current: 5110 });
  });

  it('/transfer/event/sync refuses a count above 500', async () => {
    const { error } = await plaidErrorOf(plaid.transferEventSync({ after_id: 0, count: 501 }));
    expect(error.error_code).toBe('INVALID_FIELD');
  });
});

describe('automatic settlement', () => {
  it('with autoSettleMs a debit moves to posted, settled and funds_available by itself', async () => {
    const auto = await startTestSandbox({ autoSettleMs: 20 });
    try {
      const item = await linkItem(auto.plaid, auto.sandbox.url, 'ins_109508');
      const { data } = await auto.plaid.transferAuthorizationCreate(authorizationRequest(item));
      const { data: created } = await auto.plaid.transferCreate({
        access_token: item.accessToken,
        account_id: item.accountIds[0] ?? '',
        authorization_id: data.authorization.id,
        description: 'Top-up',
      });
      await expect
        .poll(async () => (await auto.plaid.transferGet({ transfer_id: created.transfer.id })).data.transfer.status, {
          timeout: 2_000,
          interval: 20,
        })
        .toBe('funds_available');
      const { data: sync } = await auto.plaid.transferEventSync({ after_id: 0 });
      expect(sync.transfer_events.map((event) => event.event_type)).toEqual([
        'pending',
        'posted',
        'settled',
        'funds_available',
      ]);
    } finally {
      await auto.sandbox.close();
    }
  });
});
