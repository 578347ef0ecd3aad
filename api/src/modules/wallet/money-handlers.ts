import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { currentUser } from '../../platform/auth/middleware.js';
import { validationError } from '../../platform/errors.js';
import { idempotencyOf } from '../../platform/idempotency/index.js';
import { sendMoney, type SendAnswer } from '../../platform/ledger/index.js';
import { changePin, PIN_FORMAT_MESSAGE, PIN_PATTERN, setPin, verifyPin } from '../../platform/pin/index.js';
import type { AppRouter } from '../../platform/http/router.js';
import { defaultHashtags, withDefaultHashtags } from './hashtags.js';
import * as money from './money-service.js';
import {
  assetsRoute, cancelRequestRoute, createRequestRoute, declineRequestRoute, historyCsvRoute, historyRoute, listRequestsRoute,
  payRequestRoute, paymentSettingsRoute, pinRoute, quoteRequestRoute, quoteRoute, transferRoute, userSearchRoute,
} from './money-routes.js';

/** An answer of wallet_send as the HTTP response (status and JSON decided in SQL; Retry-After for a lock). */
function answer(c: Context, a: SendAnswer) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (a.replayed) headers['Idempotent-Replayed'] = 'true';
  if (a.status >= 400 && a.retryAfter != null) headers['Retry-After'] = String(a.retryAfter);
  return c.body(a.json, a.status as 201, headers);
}

/** Mounts the money core's routes on the wallet router. */
export function mountMoney(router: AppRouter) {
  return router
    .openapi(pinRoute, async (c) => {
      const user = currentUser(c);
      const b = c.req.valid('json');
      if (b.action === 'set_pin') {
        await setPin(user.id, b.pin);
        return c.json({ message: 'Transaction PIN set.' }, 200);
      }
      if (b.action === 'change_pin') {
        if (!PIN_PATTERN.test(b.pin) || (b.current_pin ?? '').length !== 4) throw validationError(
          { [PIN_PATTERN.test(b.pin) ? 'current_pin' : 'pin']: PIN_FORMAT_MESSAGE }, PIN_FORMAT_MESSAGE);
        await changePin(user.id, b.current_pin!, b.pin);
        return c.json({ message: 'Transaction PIN updated.' }, 200);
      }
      await verifyPin(user.id, b.pin);
      return c.json({ verified: true }, 200);
    })
    .openapi(paymentSettingsRoute, async (c) => c.json(await money.paymentSettings(currentUser(c).id), 200))
    .openapi(assetsRoute, async (c) => c.json(await money.fundedWallets(currentUser(c).id, c.req.valid('query').scope) as never, 200))
    .openapi(quoteRoute, async (c) => c.json(await money.quoteTransfer(currentUser(c).id, c.req.valid('query')), 200))
    .openapi(quoteRequestRoute, async (c) => c.json(await money.quoteRequest(currentUser(c).id, c.req.valid('param').id), 200))
    .openapi(transferRoute, async (c) => {
      const user = currentUser(c);
      const b = c.req.valid('json');
      return answer(c, await sendMoney({
        senderId: user.id, recipientEmail: b.recipientEmail ?? null, recipientId: b.recipientId ?? null,
        assetSymbol: b.assetSymbol, amount: b.amount, description: withDefaultHashtags(b.description, await defaultHashtags(user.id)), pin: b.pin,
        idempotency: idempotencyOf(c),
      })) as never;
    })
    .openapi(historyRoute, async (c) => {
      const { page, ...filter } = c.req.valid('query');
      return c.json(await money.historyPage(currentUser(c).id, page, filter) as never, 200);
    })
    .openapi(historyCsvRoute, async (c) => {
      const user = currentUser(c);
      const filter = c.req.valid('query');
      await money.checkAssetFilter(filter); // before the 200 starts streaming
      const day = new Date().toISOString().slice(0, 10);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="transactions-${day}.csv"`);
      c.header('Cache-Control', 'no-store');
      return stream(c, async (s) => {
        for await (const chunk of money.historyCsv(user.id, filter)) await s.write(chunk);
      }) as never;
    })
    .openapi(userSearchRoute, async (c) => c.json(await money.searchUsers(currentUser(c).id, c.req.valid('query').q) as never, 200))
    .openapi(createRequestRoute, async (c) => c.json(await money.createRequest(currentUser(c).id, c.req.valid('json')) as never, 201))
    .openapi(listRequestsRoute, async (c) => c.json(await money.listRequests(currentUser(c).id) as never, 200))
    .openapi(payRequestRoute, async (c) => {
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      return answer(c, await sendMoney({
        senderId: user.id, pin: c.req.valid('json').pin, paymentRequestId: id, idempotency: idempotencyOf(c),
        description: withDefaultHashtags(await money.requestNote(user.id, id), await defaultHashtags(user.id)),
      })) as never;
    })
    .openapi(declineRequestRoute, async (c) => c.json(await money.closeRequest(currentUser(c).id, c.req.valid('param').id, 'payer') as never, 200))
    .openapi(cancelRequestRoute, async (c) => c.json(await money.closeRequest(currentUser(c).id, c.req.valid('param').id, 'requester') as never, 200));
}


