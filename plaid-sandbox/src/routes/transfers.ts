// Transfer endpoints: capabilities, authorization, creation, lookup, the event log, and the
// sandbox's simulate call that moves a transfer along.
import type { Hono } from 'hono';
import { plaidEndpoint, type SandboxEnv } from '../endpoint.js';
import { invalidField } from '../errors.js';
import {
  oneOf,
  optionalInteger,
  optionalString,
  optionalStringMap,
  requiredInteger,
  requiredString,
  type RequestBody,
} from '../fields.js';
import { accountOf, itemByAccessToken } from '../items.js';
import { parseAmount } from '../money.js';
import type { AchClass, TransferFailure, TransferNetwork, TransferType, TransferUser } from '../plaid-shapes.js';
import type { Sandbox } from '../sandbox.js';
import { authorizeTransfer } from '../authorizations.js';
import { simulatableEvents, transferEventsAfter } from '../transfer-events.js';
import { createTransfer, transferRecord } from '../transfers.js';

const defaultEventCount = 25;
const maxEventCount = 500;

function transferUser(body: RequestBody): TransferUser {
  const address = {
    street: optionalString(body, 'user.address.street') ?? null,
    city: optionalString(body, 'user.address.city') ?? null,
    region: optionalString(body, 'user.address.region') ?? null,
    postal_code: optionalString(body, 'user.address.postal_code') ?? null,
    country: optionalString(body, 'user.address.country') ?? null,
  };
  return {
    legal_name: requiredString(body, 'user.legal_name'),
    phone_number: optionalString(body, 'user.phone_number') ?? null,
    email_address: optionalString(body, 'user.email_address') ?? null,
    address: Object.values(address).some((part) => part !== null) ? address : null,
  };
}

function failureReason(body: RequestBody): Partial<TransferFailure> | undefined {
  if (body.failure_reason === undefined || body.failure_reason === null) return undefined;
  return {
    failure_code: optionalString(body, 'failure_reason.failure_code'),
    ach_return_code: optionalString(body, 'failure_reason.ach_return_code'),
    description: optionalString(body, 'failure_reason.description'),
  };
}

export function registerTransferRoutes(app: Hono<SandboxEnv>, sandbox: Sandbox): void {
  const { data } = sandbox;

  app.post(
    '/transfer/capabilities/get',
    plaidEndpoint(sandbox, (body) => {
      const item = itemByAccessToken(data, requiredString(body, 'access_token'));
      const account = accountOf(item, requiredString(body, 'account_id'));
      return {
        institution_supported_networks: {
          rtp: { credit: account.rtp_credit },
          rfp: { debit: false, max_amount: null, iso_currency_code: null },
        },
      };
    }),
  );

  app.post(
    '/transfer/authorization/create',
    plaidEndpoint(sandbox, (body) => {
      const item = itemByAccessToken(data, requiredString(body, 'access_token'));
      const achClass =
        body.ach_class === undefined || body.ach_class === null
          ? undefined
          : oneOf<AchClass>(body, 'ach_class', ['ccd', 'ppd', 'tel', 'web']);
      const authorization = authorizeTransfer(
        data,
        item,
        {
          accountId: requiredString(body, 'account_id'),
          type: oneOf<TransferType>(body, 'type', ['debit', 'credit']),
          network: oneOf<TransferNetwork>(body, 'network', ['ach', 'same-day-ach', 'rtp']),
          amountCents: parseAmount(requiredString(body, 'amount')),
          achClass,
          user: transferUser(body),
          idempotencyKey: optionalString(body, 'idempotency_key'),
        },
        sandbox.settings.creditLimitCents,
      );
      sandbox.commit();
      return { authorization };
    }),
  );

  app.post(
    '/transfer/create',
    plaidEndpoint(sandbox, (body) => {
      const item = itemByAccessToken(data, requiredString(body, 'access_token'));
      const amount = optionalString(body, 'amount');
      const { transfer, event } = createTransfer(data, item, {
        accountId: requiredString(body, 'account_id'),
        authorizationId: requiredString(body, 'authorization_id'),
        amountCents: amount === undefined ? undefined : parseAmount(amount),
        description: requiredString(body, 'description'),
        metadata: optionalStringMap(body, 'metadata'),
        idempotencyKey: optionalString(body, 'idempotency_key'),
      });
      sandbox.commit();
      // A replayed idempotent request made no new event.
      if (event) sandbox.transferCreated(event);
      return { transfer };
    }),
  );

  app.post(
    '/transfer/get',
    plaidEndpoint(sandbox, (body) => ({
      transfer: transferRecord(data, requiredString(body, 'transfer_id')).transfer,
    })),
  );

  app.post(
    '/transfer/event/sync',
    plaidEndpoint(sandbox, (body) => {
      const afterId = requiredInteger(body, 'after_id');
      const count = optionalInteger(body, 'count') ?? defaultEventCount;
      if (afterId < 0) throw invalidField('after_id must be 0 or more');
      if (count < 1 || count > maxEventCount) throw invalidField(`count must be between 1 and ${maxEventCount}`);
      const { events, hasMore } = transferEventsAfter(data, afterId, count);
      return { transfer_events: events, has_more: hasMore };
    }),
  );

  app.post(
    '/sandbox/transfer/simulate',
    plaidEndpoint(sandbox, (body) => {
      sandbox.simulate(
        requiredString(body, 'transfer_id'),
        oneOf(body, 'event_type', simulatableEvents),
        failureReason(body),
      );
      return {};
    }),
  );
}
