import type { HistoryTx } from '../api/transactions';

/**
 * History row rules (spec 000 §9): sender or withdrawal -> minus in red, others plus in green.
 * Type/Party for p2p: the receiver's name when the user sent it, else the sender's, with fallbacks
 * 'Unknown Receiver' / 'Unknown Sender'; deposits 'Deposit', withdrawals 'Withdrawal'; other types
 * spelled out.
 */
export function describeHistoryRow(tx: HistoryTx, userId: string) {
  const isSender = tx.sender?.id === userId;
  const outgoing = isSender || tx.transaction_type === 'withdrawal';
  let party: string;
  if (tx.transaction_type === 'p2p_transfer') party = isSender ? tx.receiver?.full_name || 'Unknown Receiver' : tx.sender?.full_name || 'Unknown Sender';
  else if (tx.transaction_type === 'deposit') party = 'Deposit';
  else if (tx.transaction_type === 'withdrawal') party = 'Withdrawal';
  else party = tx.transaction_type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  return { sign: outgoing ? '-' : '+', outgoing, party };
}
