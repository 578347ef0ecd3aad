// One way to start the API process, shared by `npm start`, the benchmarks, the end-to-end launcher
// and the reliability cases: node with the arguments of api/package.json's "start" script, run
// directly (no pnpm, no shell in between, so signals reach the server).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');

const [program, ...args] = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')).scripts.start.split(/\s+/);
if (program !== 'node') throw new Error(`api/package.json "start" must be a node command, not: ${program}`);

/** Node arguments that start the API in apiDir, e.g. ['--import', 'tsx', 'src/server.ts']. */
export const apiStartArgs = args;
