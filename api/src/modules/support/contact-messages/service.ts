import { inTransaction, recordAudit } from '../../../platform/audit/index.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { inPageOrder, newestFirst } from '../../../platform/db/keyset.js';
import { MESSAGE_NOT_FOUND } from '../schemas.js';
import { CONTACT_MESSAGES, contactMessageInclude, contactMessageView } from '../views.js';

/** The inbox newest first, one keyset page; `handled` narrows to handled (true) or waiting (false) messages. */
export async function contactMessages(handled: boolean | undefined, cursor: string | undefined) {
  const conditions = handled === undefined ? [] : [handled ? Prisma.sql`t.handled_at IS NOT NULL` : Prisma.sql`t.handled_at IS NULL`];
  const { ids, next_cursor } = await newestFirst(CONTACT_MESSAGES, conditions, cursor);
  const rows = await getPrisma().contactMessage.findMany({ where: { id: { in: ids } }, include: contactMessageInclude });
  return { messages: inPageOrder(ids, rows).map(contactMessageView), next_cursor };
}

interface HandledState { handled_at: Date | null; handled_by: string | null }
const audited = (s: HandledState) => ({ handled: s.handled_at !== null, handled_at: s.handled_at?.toISOString() ?? null, handled_by: s.handled_by });

/**
 * Handled: stamped now by this admin; not handled: both cleared. One transaction with its audit
 * entry; marking a message as it already is changes nothing (the first admin's stamp stays).
 */
export async function markHandled(adminId: string, id: string, handled: boolean, ip: string) {
  await inTransaction(async (db) => {
    const { rows } = await db.query<HandledState>('SELECT handled_at, handled_by FROM contact_messages WHERE id = $1 FOR UPDATE', [id]);
    const before = rows[0];
    if (!before) throw notFound(MESSAGE_NOT_FOUND);
    if ((before.handled_at !== null) === handled) return;
    const updated = await db.query<HandledState>(
      `UPDATE contact_messages SET handled_at = CASE WHEN $2 THEN now() END, handled_by = CASE WHEN $2 THEN $3::uuid END
        WHERE id = $1 RETURNING handled_at, handled_by`, [id, handled, adminId]);
    await recordAudit(db, { actorId: adminId, action: 'admin.contact_message.update', subject: `contact_message:${id}`, ip, before: audited(before), after: audited(updated.rows[0]!) });
  });
  return { message: contactMessageView(await getPrisma().contactMessage.findUniqueOrThrow({ where: { id }, include: contactMessageInclude })) };
}
