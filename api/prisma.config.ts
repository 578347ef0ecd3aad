import { defineConfig } from 'prisma/config';

// The CLI only needs a URL for migrate/db commands; `generate` works without a database. The fallback
// keeps `prisma generate` working when DATABASE_URL is unset (the app then uses embedded PostgreSQL
// and finds its URL at run time, see src/platform/db/database.ts).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: {
    url: process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:5432/portal',
  },
});
