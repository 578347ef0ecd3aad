// One way to start the API process (and, with PORTAL_ROLE=worker, the job worker), shared by `npm
// start`, the benchmarks, the end-to-end launcher and the reliability cases: node with the arguments of
// api/package.json's "start" script, run directly (no pnpm, no shell in between, so signals reach the server).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');

const [program, ...args] = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')).scripts.start.split(
  /\s+/,
);
if (program !== 'node') throw new Error(`api/package.json "start" must be a node command, not: ${program}`);

/** Node arguments that start the API in apiDir, e.g. ['--import', 'tsx', 'src/server.ts']. */
export const apiStartArgs = args;

/** What a process started with PORTAL_ROLE=worker prints once its jobs run (api/src/server.ts): spawners wait for it. */
export const WORKER_READY = 'Job worker (PORTAL_ROLE=worker';

/** Resolves once `child` (a worker, stdout piped) printed WORKER_READY; rejects when it exits first or after `ms`. */
export function workerReady(child, ms = 180_000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => done(new Error(`the job worker did not start in ${ms / 1000} s`)), ms);
    const onData = (d) => {
      seen = (seen + d).slice(-4000);
      if (seen.includes(WORKER_READY)) done();
    };
    const onExit = (code) => done(new Error(`the job worker exited (${code})`));
    function done(error) {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}
