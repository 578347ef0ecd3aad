#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/suites, prints one table and saves JSON.
// Each suite exports `name` and `run()` returning rows { figure, value, unit, what }. Runs are repeated
// by the suites themselves where noise matters and the median is reported.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { speedCheckMs } from './speed-check.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
};

machine.calibrationMsBefore = speedCheckMs();

const suites = readdirSync(path.join(here, 'suites'))
  .filter((file) => file.endsWith('.mjs'))
  .sort();
const results = [];
for (const file of suites) {
  const suite = await import(path.join(here, 'suites', file));
  if (only.length && !only.includes(suite.name)) continue;
  console.log(`\n▶ bench ${suite.name}`);
  const rows = await suite.run();
  for (const row of rows) results.push({ suite: suite.name, ...row });
}

machine.calibrationMsAfter = speedCheckMs();
const table = results.map((row) => ({
  suite: row.suite,
  figure: row.figure,
  value: row.value,
  unit: row.unit,
  what: row.what,
}));
console.log(
  `\nMachine: ${machine.cores} cores, ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}; speed check (200,000 sha256 on one core, lower is faster): ${machine.calibrationMsBefore} ms before, ${machine.calibrationMsAfter} ms after`,
);
console.table(table);
mkdirSync(path.join(here, 'results'), { recursive: true });
const out = path.join(here, 'results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify({ machine, at: new Date().toISOString(), results }, null, 2));
console.log(`saved ${path.relative(process.cwd(), out)}`);
