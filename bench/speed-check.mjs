// This VM's speed drifts (a run slowed by 45% once): a fixed single-core workload, timed, says how fast
// the machine was at that moment. bench/run.mjs times it before and after the suites; the web suites
// beside each page they measure.
import crypto from 'node:crypto';

/** 200,000 sha256 of 64 bytes on one core, in ms (lower is faster). */
export function speedCheckMs() {
  const data = Buffer.alloc(64, 1);
  const started = performance.now();
  for (let i = 0; i < 200_000; i++) crypto.createHash('sha256').update(data).digest();
  return Math.round(performance.now() - started);
}
