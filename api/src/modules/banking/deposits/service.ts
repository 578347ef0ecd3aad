import type { IdempotencyContext } from '../../../platform/idempotency/index.js';
import type { MoveInput } from '../schemas.js';
import { checkMove } from '../transfers/move-input.js';
import { requestTransfer } from '../transfers/request.js';

/**
 * Add money from a linked bank (an ACH debit, same day): Plaid authorizes it from the account's
 * balance (NSF declines), and the wallet is credited when the transfer settles, not before (BK2).
 */
export async function requestDeposit(userId: string, input: MoveInput, pin: string, idem: IdempotencyContext) {
  const move = await checkMove(userId, input);
  const answer = await requestTransfer(userId, move, { direction: 'deposit', fee: '0', network: 'same-day-ach' }, pin, idem);
  return answer.status === 201 ? { status: 201, body: { message: depositMessage(answer.body.transfer!.status), ...answer.body } } : answer;
}

const depositMessage = (status: string) => (status === 'declined' || status === 'failed'
  ? 'Deposit Failed'
  : 'Deposit started: your wallet is credited when your bank settles it (usually the same business day; bank timing may vary).');
