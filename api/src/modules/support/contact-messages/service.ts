import { recordAudit } from '../../../platform/audit/index.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { lockRow } from '../../../platform/db/lock.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { inPageOrder, newestFirst } from '../../../platform/db/keyset.js';
import { MESSAGE_NOT_FOUND } from '../schemas.js';
import { CONTACT_MESSAGES, contactMessageInclude, contactMessageView } from '../views.js';

/** The inbox newest first, one keyset page; `handled` narrows to handled (true) or waiting (false) messages. */
export async function contactMessages(handled: boolean | undefined, cursor: string | undefined) {
  const conditions =
    handled === undefined ? [] : [handled ? Prisma.sql`t.handled_at IS NOT NULL` : Prisma.sql`t.handled_at IS NULL`];
  const { ids, next_cursor } = await newestFirst(CONTACT_MESSAGES, conditions, cursor);
  const rows = await getPrisma().contactMessage.findMany({
    where: { id: { in: ids } },
    include: contactMessageInclude,
  });
  return { messages: inPageOrder(ids, rows).map(contactMessageView), next_cursor };
}

const handledSelect = { handledAt: true, handledBy: true } satisfies Prisma.ContactMessageSelect;
type HandledState = Prisma.ContactMessageGetPayload<{ select: typeof handledSelect }>;
const audited = (s: HandledState) => ({
  handled: s.handledAt !== null,
  handled_at: s.handledAt?.toISOString() ?? null,
  handled_by: s.handledBy,
});

/**
 * Handled: stamped now by this admin; not handled: both cleared. One transaction with its audit
 * entry; marking a message as it already is changes nothing (the first admin's stamp stays).
 */
export async function markHandled(adminId: string, id: string, handled: boolean, ip: string) {
  await inTransaction(async (db, tx) => {
    if (!(await lockRow(db, 'contact_messages', id))) throw notFound(MESSAGE_NOT_FOUND);
    const before = await tx.contactMessage.findUniqueOrThrow({ where: { id }, select: handledSelect });
    if ((before.handledAt !== null) === handled) return;
    const after = await tx.contactMessage.update({
      where: { id },
      data: handled ? { handledAt: new Date(), handledBy: adminId } : { handledAt: null, handledBy: null },
      select: handledSelect,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'admin.contact_message.update',
      subject: `contact_message:${id}`,
      ip,
      before: audited(before),
      after: audited(after),
    });
  });
  return {
    message: contactMessageView(
      await getPrisma().contactMessage.findUniqueOrThrow({ where: { id }, include: contactMessageInclude }),
    ),
  };
}
