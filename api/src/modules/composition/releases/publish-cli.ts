// The API side of `node scripts/publish-remote.mjs`: stores a built remote through the
// remote-build store (local disk by default, an S3-compatible bucket by configuration) under
// <remote>/<version>/, then registers the release in PostgreSQL and, unless --stage, makes it
// current (every API process serves it at once: NOTIFY at commit). scripts/publish-remote.mjs builds,
// checks the shared singletons and calls this once for every remote it publishes, with a JSON file
// listing each build's folder and descriptor (one database start when no portal is running):
//   node --import tsx src/modules/composition/releases/publish-cli.ts <jobs.json>   ([{ dir, descriptor }])
// It prints one JSON line per release: { remote, id, version, current, created, entry_url }.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { attachDatabase } from '../../../platform/db/database.js';
import { closePool } from '../../../platform/db/pool.js';
import { contentTypeOf, remoteBuildStore, type ObjectStore } from '../../../platform/storage/objects.js';
import { registerRelease } from './service.js';

const Descriptor = z.object({
  remote: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/),
  version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/),
  contentHash: z.string().min(1),
  routes: z.array(z.string().startsWith('/')).min(1),
  audience: z.enum(['user', 'admin']),
  prefetch: z.record(z.string(), z.array(z.string().startsWith('/api/'))),
  shared: z.record(z.string(), z.string()),
  /** files of ./App the page fetches with the remoteEntry (relative to the build folder) */
  preloadFiles: z.array(z.string()),
  stage: z.boolean(),
  /** --if-changed: an existing release is left as it is (never made current again) */
  onlyNew: z.boolean().default(false),
});

function* walk(dir: string, base = dir): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full, base);
    else yield path.relative(base, full).split(path.sep).join('/');
  }
}

/**
 * Uploads every file under `prefix` (a version's files never change: a file already there with other
 * bytes refuses the publish). remoteEntry.js and mf-manifest.json go last, so a reader that sees
 * them finds every chunk they name.
 */
async function upload(store: ObjectStore, dir: string, prefix: string): Promise<number> {
  const last = new Set(['remoteEntry.js', 'mf-manifest.json']);
  const files = [...walk(dir)].sort((a, b) => Number(last.has(a)) - Number(last.has(b)));
  let bytes = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(dir, file));
    bytes += body.length;
    const key = `${prefix}${file}`;
    const stored = await store.get(key);
    if (stored && !stored.bytes.equals(body))
      throw new Error(`${key} is already stored with other content: publish a new version`);
    if (!stored) await store.put(key, body, contentTypeOf(file));
  }
  return bytes;
}

const Job = z.object({ dir: z.string(), descriptor: Descriptor });

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: publish-cli.ts <jobs.json>');
  const jobs = z.array(Job).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const store = remoteBuildStore();
  const uploaded = [];
  for (const { dir, descriptor } of jobs)
    uploaded.push({
      d: descriptor,
      buildBytes: await upload(store, dir, `${descriptor.remote}/${descriptor.version}/`),
    });
  const db = await attachDatabase();
  try {
    for (const { d, buildBytes } of uploaded) {
      const url = (name: string) =>
        store.publicUrl(`${d.remote}/${d.version}/${name}`) ?? `/remotes/${d.remote}/${d.version}/${name}`;
      const result = await registerRelease(
        {
          remote: d.remote,
          version: d.version,
          contentHash: d.contentHash,
          manifestUrl: url('mf-manifest.json'),
          entryUrl: url('remoteEntry.js'),
          routes: d.routes,
          audience: d.audience,
          preload: [url('remoteEntry.js'), ...d.preloadFiles.map(url)],
          prefetch: d.prefetch,
          shared: d.shared,
          buildBytes,
          publishedBy: process.env.PORTAL_PUBLISHED_BY ?? `${os.userInfo().username}@${os.hostname()}`,
        },
        { stage: d.stage, onlyNew: d.onlyNew },
      );
      process.stdout.write(
        `${JSON.stringify({ remote: d.remote, ...result, version: d.version, entry_url: url('remoteEntry.js') })}\n`,
      );
    }
  } finally {
    await closePool();
    await db.embedded?.stop();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
