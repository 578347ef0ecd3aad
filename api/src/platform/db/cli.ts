// `pnpm --filter @portal/api migrate` / `seed`: prepare the database (embedded when DATABASE_URL
// is unset), apply migrations, and with `seed` also seed; then stop.
import { prepareDatabase } from './database.js';
import { closePool, getPool } from './pool.js';
import { seed } from './seed.js';

const command = process.argv[2];
const db = await prepareDatabase((m) => console.log(m));
console.log(`database: ${db.label}`);
console.log(db.appliedMigrations.length ? `applied: ${db.appliedMigrations.join(', ')}` : 'migrations: up to date');
if (command === 'seed') {
  const { demo } = await seed(getPool());
  console.log(demo ? 'seeded reference data and demo users' : 'reference data ensured; demo users already present');
}
await closePool();
await db.embedded?.stop();
