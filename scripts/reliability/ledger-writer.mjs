// Fallback load for the crash case while POST /api/wallet/transfers does not exist: posts p2p
// transfers through ledger_post_transfer() (the API's only money path) with 8 connections and
// prints "OK <description>" after each COMMIT, like an API answering 201. Killed with -9.
//   node ledger-writer.mjs <databaseUrl> <tag> <userId,userId,...>
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(path.join(repo, 'api', 'package.json'));
const { default: pg } = await import(pathToFileURL(require.resolve('pg')).href);
const [url, tag, ids] = process.argv.slice(2);
const users = ids.split(',');
const pool = new pg.Pool({ connectionString: url, max: 8 });
let n = 0;
await Promise.all(
  Array.from({ length: 8 }, async (_, k) => {
    for (;;) {
      const i = n++;
      const description = `${tag}-${i}`;
      try {
        await pool.query(
          `SELECT * FROM ledger_post_transfer('p2p_transfer', 'USD', $1, NULL, $2, NULL, '1.00'::numeric, $3)`,
          [users[(i + k) % users.length], users[(i + k + 1) % users.length], description],
        );
        process.stdout.write(`OK ${description}\n`);
      } catch (e) {
        process.stdout.write(`ERR ${description} ${e.code}\n`);
      }
    }
  }),
);
