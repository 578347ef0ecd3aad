/** A submitted milestone the client neither approves, returns nor disputes is released after this many days. */
export const AUTO_RELEASE_DAYS = 14;
/** The fee schedule row a milestone payment uses (1%, taken from what the freelancer receives: docs/product.md "Fees"). */
export const MILESTONE_FEE = 'milestone_payment' as const;
/** What escrow movements of a milestone are called in both parties' history. */
export const escrowLabel = (title: string) => `Escrow: ${title}`;
