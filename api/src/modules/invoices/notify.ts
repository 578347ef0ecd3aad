import { getPrisma } from '../../platform/db/prisma.js';
import { logger } from '../../platform/logger.js';
import { wantsEmail } from '../../platform/notifications/preferences.js';
import type { EmailKind } from '../../platform/notifications/words.js';
import { sendEmail } from '../../platform/outbound/index.js';

/**
 * E-mails about an invoice, through the outbox (platform/outbound), sent after the change
 * committed; a failure is logged and never undoes the change. The client is reached at their account's
 * e-mail if the invoice is linked to one, else at the e-mail the creator typed.
 */
async function parties(id: string) {
  return getPrisma().invoice.findUnique({
    where: { id },
    select: {
      invoiceNumber: true,
      totalAmount: true,
      clientEmail: true,
      clientName: true,
      creatorId: true,
      clientProfileId: true,
      asset: { select: { symbol: true } },
      creator: { select: { fullName: true, username: true, user: { select: { email: true } } } },
      clientProfile: { select: { fullName: true, user: { select: { email: true } } } },
    },
  });
}
type Parties = NonNullable<Awaited<ReturnType<typeof parties>>>;
const amountOf = (p: Parties) => `${p.totalAmount.toFixed(2)} ${p.asset.symbol}`;
const creatorName = (p: Parties) =>
  p.creator.fullName ?? (p.creator.username ? `@${p.creator.username}` : 'A portal user');

const safely = (id: string, what: string, p: Promise<void>) =>
  p.catch((err: unknown) => logger.error({ err, invoice: id }, `invoice e-mail: ${what}`));

/** `kind`: the notification kind whose e-mail preference applies (none: always sent). */
async function toClient(id: string, mail: (p: Parties) => { subject: string; text: string }, kind?: EmailKind) {
  const p = await parties(id);
  const to = p?.clientProfile?.user.email ?? p?.clientEmail;
  if (p && to && (!kind || (await wantsEmail(p.clientProfileId, kind))))
    await sendEmail({ to, userId: p.clientProfileId, ...mail(p) });
}

/** The client gets the link; without an account yet, they learn that signing up with this e-mail shows it. */
export const tellSent = (id: string, origin: string) =>
  safely(
    id,
    'sent',
    toClient(
      id,
      (p) => ({
        subject: `Invoice ${p.invoiceNumber} from ${creatorName(p)}: ${amountOf(p)}`,
        text:
          `${creatorName(p)} sent you invoice ${p.invoiceNumber} for ${amountOf(p)}.\n\nView and pay it: ${origin}/invoice/${id}\n\n` +
          (p.clientProfileId
            ? 'Sign in to the portal to pay it from your wallet.'
            : 'Sign up with this e-mail address to see and pay it from a wallet.'),
      }),
      'invoice_received',
    ),
  );

export const tellCancelled = (id: string) =>
  safely(
    id,
    'cancelled',
    toClient(id, (p) => ({
      subject: `Invoice ${p.invoiceNumber} was cancelled`,
      text: `${creatorName(p)} cancelled invoice ${p.invoiceNumber} for ${amountOf(p)}. There is nothing to pay.`,
    })),
  );

export const tellPaid = (id: string, origin: string) =>
  safely(
    id,
    'paid',
    (async () => {
      const p = await parties(id);
      if (!p || !(await wantsEmail(p.creatorId, 'invoice_paid'))) return;
      const client = p.clientProfile?.fullName ?? p.clientName ?? 'Your client';
      await sendEmail({
        to: p.creator.user.email,
        userId: p.creatorId,
        subject: `Invoice ${p.invoiceNumber} was paid`,
        text: `${client} paid invoice ${p.invoiceNumber}: ${amountOf(p)} reached your wallet, less the fee shown in your history.\n\n${origin}/invoice/${id}`,
      });
    })(),
  );
