import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tableCounts } from '../../../../test/helpers.js';
import { listAudit } from '../../../platform/audit/index.js';
import { getPool } from '../../../platform/db/pool.js';
import { readOutbox } from '../../../platform/outbound/index.js';
import { supportTestClient, ticketRow, type Json } from '../testing.js';

// docs/product.md "Support": admins set any status and priority; resolved or closed stamps
// resolved_at; updated_at is stamped. resolved_at cleared when reopened, every admin change
// in the audit log (who, what, before, after), the user e-mailed when an admin responds or changes the
// status. The rules are the database's (prisma/sql/support.sql SU2, SU3).
const { call, ticketOf, setStatus, adminRespond } = supportTestClient();

describe('ticket update (admin)', () => {
  let ann: { id: string; email: string }, admin: { id: string };
  beforeAll(async () => {
    ann = await createUser({ fullName: 'Ann Customer' });
    admin = await createUser({ fullName: 'Ada Admin', admin: true });
  });
  const auditOf = (ticketId: string) => listAudit({ subject: `ticket:${ticketId}` });
  const mailsTo = async (email: string) => (await readOutbox({ recipient: email, limit: 100 })).reverse();

  it('resolved_at: set on resolved, kept from resolved to closed, cleared on reopening, set anew on closing; updated_at stamped each time', async () => {
    const t = await ticketOf(ann.id);
    const steps: [string, 'set' | 'kept' | 'cleared'][] = [
      ['in_progress', 'cleared'],
      ['resolved', 'set'],
      ['closed', 'kept'],
      ['on_hold', 'cleared'],
      ['closed', 'set'],
      ['open', 'cleared'],
    ];
    let previous = await ticketRow(t.id);
    for (const [status, rule] of steps) {
      const res = await setStatus(admin.id, t.id, status, 'high');
      expect(res.status).toBe(200);
      const row = await ticketRow(t.id);
      expect(row.updated_at.getTime(), status).toBeGreaterThan(previous.updated_at.getTime());
      if (rule === 'cleared') expect(row.resolved_at, status).toBeNull();
      if (rule === 'set') expect(row.resolved_at?.getTime(), status).toBe(row.updated_at.getTime());
      if (rule === 'kept') expect(row.resolved_at?.getTime(), status).toBe(previous.resolved_at!.getTime());
      expect(res.body.ticket).toMatchObject({
        status,
        priority: 'high',
        resolved_at: row.resolved_at?.toISOString() ?? null,
        updated_at: row.updated_at.toISOString(),
      });
      previous = row;
    }
  });

  it('each change is audited with who, before and after; the user is e-mailed when the status changes, not for the priority alone', async () => {
    const t = await ticketOf(ann.id, { subject: 'Refund question', priority: 'low' });
    const mailsBefore = (await mailsTo(ann.email)).length;
    await setStatus(admin.id, t.id, 'open', 'urgent'); // priority only
    await setStatus(admin.id, t.id, 'resolved', 'urgent');
    const entries = (await auditOf(t.id)).reverse();
    expect(entries.map((e) => [e.action, e.actor_id, e.actor_name, e.before, e.after, e.data])).toEqual([
      [
        'admin.ticket.update',
        admin.id,
        'Ada Admin',
        { status: 'open', priority: 'low', resolved_at: null },
        { status: 'open', priority: 'urgent', resolved_at: null },
        { ticket_id: t.ticket_id },
      ],
      [
        'admin.ticket.update',
        admin.id,
        'Ada Admin',
        { status: 'open', priority: 'urgent', resolved_at: null },
        { status: 'resolved', priority: 'urgent', resolved_at: (await ticketRow(t.id)).resolved_at!.toISOString() },
        { ticket_id: t.ticket_id },
      ],
    ]);
    const mails = (await mailsTo(ann.email)).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual([`Your ticket ${t.ticket_id} is now resolved`]);
    expect(mails[0]!.body).toContain(`changed from open to resolved`);
  });

  it('the same status and priority again changes nothing: no stamp, no audit entry, no e-mail', async () => {
    const t = await ticketOf(ann.id);
    await setStatus(admin.id, t.id, 'in_progress', 'medium');
    const row = await ticketRow(t.id);
    const [entries, mails] = [(await auditOf(t.id)).length, (await mailsTo(ann.email)).length];
    const res = await setStatus(admin.id, t.id, 'in_progress', 'medium');
    expect([res.status, res.body.ticket.updated_at]).toEqual([200, row.updated_at.toISOString()]);
    expect(await ticketRow(t.id)).toEqual(row);
    expect((await auditOf(t.id)).length).toBe(entries);
    expect((await mailsTo(ann.email)).length).toBe(mails);
  });

  it("an admin response: is_admin_response, in any status, audited, and the user e-mailed 'An administrator answered your ticket TKT-...'", async () => {
    const t = await ticketOf(ann.id, { subject: 'Card blocked' });
    await setStatus(admin.id, t.id, 'closed');
    const res = await adminRespond(admin.id, t.id, { response_text: 'Your card is unblocked.' });
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      response_text: 'Your card is unblocked.',
      is_admin_response: true,
      responder: { id: admin.id, full_name: 'Ada Admin', is_admin: true },
    });
    const [mail] = await readOutbox({ recipient: ann.email, limit: 1 });
    expect(mail!.subject).toBe(`An administrator answered your ticket ${t.ticket_id}`);
    expect(mail!.body).toContain('Your card is unblocked.');
    expect((await auditOf(t.id))[0]).toMatchObject({
      action: 'admin.ticket.respond',
      actor_id: admin.id,
      after: { response_id: res.body.response.id, attachment: null },
    });
    expect((await ticketRow(t.id)).status).toBe('closed'); // an answer does not reopen the ticket
  });

  it("bad input is 400 naming the field and changes nothing; an unknown ticket is 404 'Ticket not found.'", async () => {
    const t = await ticketOf(ann.id);
    const row = await ticketRow(t.id);
    const before = await tableCounts(['audit_log', 'outbox_messages', 'ticket_responses']);
    for (const [body, field] of [
      [{ status: 'done', priority: 'low' }, 'status'],
      [{ status: 'open', priority: 'asap' }, 'priority'],
      [{ priority: 'low' }, 'status'],
      [{ status: 'closed' }, 'priority'],
      [{ status: 3, priority: 'low' }, 'status'],
    ] as [Json, string][]) {
      const res = await call(admin.id, 'PATCH', `/admin/tickets/${t.id}`, body);
      expect([res.status, Object.keys(res.body.details.fields)], JSON.stringify(body)).toEqual([400, [field]]);
    }
    const blank = await adminRespond(admin.id, t.id, { response_text: ' ' });
    expect([blank.status, blank.body.details.fields.response_text]).toEqual([400, 'Please write a response.']);
    expect(await ticketRow(t.id)).toEqual(row);
    expect(await tableCounts(['audit_log', 'outbox_messages', 'ticket_responses'])).toEqual(before);
    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await setStatus(admin.id, ghost, 'closed'),
      await call(admin.id, 'GET', `/admin/tickets/${ghost}`),
      await adminRespond(admin.id, ghost, { response_text: 'hi' }),
    ]) {
      expect([res.status, res.body.error]).toEqual([404, 'Ticket not found.']);
    }
  });

  it('the database keeps the rules whoever writes: resolved_at follows the status, and the CHECK refuses a resolved_at on an open ticket', async () => {
    const t = await ticketOf(ann.id);
    await getPool().query(`UPDATE customer_support_tickets SET status = 'resolved' WHERE id = $1`, [t.id]);
    expect((await ticketRow(t.id)).resolved_at).not.toBeNull();
    await getPool().query(`UPDATE customer_support_tickets SET status = 'open', resolved_at = now() WHERE id = $1`, [
      t.id,
    ]);
    expect((await ticketRow(t.id)).resolved_at).toBeNull();
    await expect(
      getPool().query(
        `ALTER TABLE customer_support_tickets DISABLE TRIGGER support_ticket_stamps; UPDATE customer_support_tickets SET resolved_at = now() WHERE id = '${t.id}'`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await getPool().query('ALTER TABLE customer_support_tickets ENABLE TRIGGER support_ticket_stamps');
  });
});
