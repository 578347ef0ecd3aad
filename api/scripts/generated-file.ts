import fs from 'node:fs';
import path from 'node:path';

/**
 * A file written by a generator: written as `fresh`, or with --check compared with the committed
 * one (exit 1 and the command that regenerates it when they differ), so `npm test` catches a stale one.
 */
export function writeOrCheck(target: string, fresh: string, opts: { root: string; regenerate: string }) {
  const relativeTarget = path.relative(opts.root, target);
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (committed !== fresh) {
      console.error(`${relativeTarget} is out of date: run ${opts.regenerate}`);
      process.exit(1);
    }
    console.log(`${relativeTarget} is up to date`);
  } else {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, fresh);
    console.log(`wrote ${relativeTarget}`);
  }
}
