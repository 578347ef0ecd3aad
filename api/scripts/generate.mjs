// Runs `prisma generate` offline. Every Prisma CLI command first checks for the native schema
// engine and tries to download it (unreachable here); generate never runs the engine, so pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing executable (this Node binary) skips the download.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
const result = spawnSync(process.execPath, [cli, 'generate', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
