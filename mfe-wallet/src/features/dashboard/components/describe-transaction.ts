import type { DashboardTransaction } from '../api/get-dashboard';

/**
 * Recent-activity row rules (spec 000 §2 Dashboard): Sent when the user is the sender, else
 * Received. Counterparty for a p2p_transfer: "To: " + receiver when the user sent it, else
 * "From: " + sender; other types: the type with underscores replaced by spaces; "Unknown" when the
 * name is missing.
 */
export function describeTransaction(tx: DashboardTransaction, userId: string) {
  const isSender = tx.sender?.id === userId;
  let counterparty: string;
  if (tx.transaction_type === 'p2p_transfer') {
    counterparty = isSender ? `To: ${tx.receiver?.full_name || 'Unknown'}` : `From: ${tx.sender?.full_name || 'Unknown'}`;
  } else {
    counterparty = tx.transaction_type ? tx.transaction_type.replace(/_/g, ' ') : 'Unknown';
  }
  return { direction: isSender ? ('Sent' as const) : ('Received' as const), counterparty, isSender };
}

/** "verified" -> "Verified"; empty or unknown -> "Not Started" (spec 000 §3 kyc_status). */
export function kycStatusText(status: string | null | undefined): string {
  if (!status) return 'Not Started';
  return status.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
