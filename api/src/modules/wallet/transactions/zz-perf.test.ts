import { it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { createUser, deposit } from '../../../../test/helpers.js';
import { historyPage } from './service.js';

it('measure', async () => {
  const db = getPool();
  const a = await createUser({ fullName: 'Ann' });
  const b = await createUser({ fullName: 'Ben' });
  await deposit(a.id, 'USD', '10000000.00');
  await db.query(`DO $$ BEGIN FOR i IN 1..20000 LOOP PERFORM ledger_post_transfer('p2p_transfer', 'USD', '${a.id}', NULL, '${b.id}', NULL, 1, 'x'); END LOOP; END $$`);
  await db.query(`DO $$ BEGIN FOR i IN 1..200 LOOP PERFORM ledger_hold('withdrawal', gen_random_uuid(), '${a.id}', 'USD', 2, 'w'); END LOOP; END $$`);
  await db.query('ANALYZE');
  const time = async (name: string, f: () => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await f();
    const ts: number[] = [];
    for (let i = 0; i < 15; i++) { const t = performance.now(); await f(); ts.push(performance.now() - t); }
    ts.sort((x, y) => x - y);
    console.log(`${name}: median ${ts[7]!.toFixed(1)} ms`);
  };
  await time('page 1 unfiltered', () => historyPage(a.id, 1));
  await time('page 1 type=withdrawal', () => historyPage(a.id, 1, { type: 'withdrawal' }));
  await time('page 1 type=p2p_transfer', () => historyPage(a.id, 1, { type: 'p2p_transfer' }));
  await time('count by transaction_type (before)', () => db.query(`SELECT count(*) FROM transactions WHERE sender_id = $1 AND transaction_type = 'p2p_transfer'`, [a.id]));
  await time('count by statement_kind (now)', () => db.query(`SELECT count(*) FROM transactions WHERE sender_id = $1 AND statement_kind(id, transaction_type, true) = 'p2p_transfer'`, [a.id]));
  await time('count withdrawal kind (now)', () => db.query(`SELECT count(*) FROM transactions WHERE sender_id = $1 AND statement_kind(id, transaction_type, true) = 'withdrawal'`, [a.id]));
}, 600_000);
