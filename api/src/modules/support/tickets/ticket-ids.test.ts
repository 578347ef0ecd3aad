import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/helpers.js';
import { getPool } from '../../../platform/db/pool.js';
import { supportTestClient } from '../testing.js';

// docs/product.md "Support" 'Stored procedure generate_ticket_id' and (a prefix plus six digits): the
// id comes from the database and is unique under concurrent creation (prisma/sql/support.sql SU1).
const { ticketOf } = supportTestClient();

describe('ticket ids', () => {
  it('50 tickets opened at the same moment by 10 users get 50 distinct ids TKT-dddddd, each the one stored', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser()));
    const tickets = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ticketOf(users[i % 10]!.id, { subject: `Concurrent ${i}` })),
    );
    const ids = tickets.map((t) => t.ticket_id as string);
    expect(
      ids.every((id) => /^TKT-\d{6}$/.test(id)),
      ids.join(' '),
    ).toBe(true);
    expect(new Set(ids).size).toBe(50);
    const { rows } = await getPool().query<{ id: string; ticket_id: string }>(
      'SELECT id, ticket_id FROM customer_support_tickets WHERE id = ANY($1::uuid[])',
      [tickets.map((t) => t.id)],
    );
    expect(new Map(rows.map((r) => [r.id, r.ticket_id]))).toEqual(new Map(tickets.map((t) => [t.id, t.ticket_id])));
  });

  it('a ticket written by anyone but the API also gets its id from the database', async () => {
    const u = await createUser();
    const { rows } = await getPool().query<{ ticket_id: string }>(
      `INSERT INTO customer_support_tickets (user_id, subject, description) VALUES ($1, 'S', 'D') RETURNING ticket_id`,
      [u.id],
    );
    expect(rows[0]!.ticket_id).toMatch(/^TKT-\d{6}$/);
  });
});
