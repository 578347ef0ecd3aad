#!/usr/bin/env node
// Start again after a crash: the README's start command (`npm start`) with its own
// PORTAL_HOME (embedded PostgreSQL, no DATABASE_URL), transfer load, then SIGKILL of the API process
// alone, as the out-of-memory killer does: its PostgreSQL keeps running without a parent. The same
// start command again must become healthy with no manual step, every transfer answered 201 is in
// the ledger exactly once, the cut-off ones retried with their keys apply at most once, books balance.
// PORT and PORTAL_PG_PORT are used when set (each engineer's own ports), else free ones.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  assert,
  books,
  checkAfterCrash,
  freePort,
  log,
  repo,
  retryTransfers,
  splitAnswers,
  signIn,
  sleep,
  tempHome,
  transferLoad,
} from './lib.mjs';
import { PIN, USERS } from './setup.mjs';

const START_TIMEOUT_MS = 300_000; // a start installs, generates and builds what changed first

/** The README's start command: the root package.json "start" script, run without npm's shell. */
function startCommandArgs() {
  const [program, ...args] = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts.start.split(
    /\s+/,
  );
  assert(program === 'node', `package.json "start" must be a node command, not: ${program}`);
  return args;
}

const commandLine = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
};
const parentOf = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return 0;
  }
};
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** The API process (node ... src/server.ts) among the descendants of `root`. */
function apiProcess(root) {
  const family = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (pid && !family.has(pid) && family.has(parentOf(pid))) {
        family.add(pid);
        grew = true;
      }
    }
  }
  return [...family].find((pid) => commandLine(pid)?.includes('src/server.ts'));
}

/** `npm start` in its own process group, output to a log file; resolves when /api/health answers. */
async function npmStart({ home, port, pgPort, logFile }) {
  const env = {
    ...process.env,
    PORTAL_HOME: home,
    PORT: String(port),
    PORTAL_PG_PORT: String(pgPort),
    HOST: '127.0.0.1',
    NODE_ENV: '',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const out = openSync(logFile, 'a');
  const started = Date.now();
  const child = spawn(process.execPath, startCommandArgs(), {
    cwd: repo,
    env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  const exited = new Promise((r) => child.once('exit', (code, signal) => r(signal ?? code)));
  const base = `http://127.0.0.1:${port}`;
  const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  for (;;) {
    if (child.exitCode !== null || child.signalCode)
      throw new Error(`npm start exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > START_TIMEOUT_MS)
      throw new Error(`npm start not healthy after ${START_TIMEOUT_MS / 1000} s:\n${tail()}`);
    await sleep(250);
  }
  return {
    base,
    pid: child.pid,
    exited,
    secondsToHealthy: +((Date.now() - started) / 1000).toFixed(1),
    /** SIGTERM to the whole start (it stops its PostgreSQL last), SIGKILL after 30 s. */
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([exited, sleep(30_000)]);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    },
  };
}

/** The PostgreSQL named by the data folder's lock file, when it runs. */
function postgresOf(home) {
  const lock = path.join(home, 'pg', 'postmaster.pid');
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  return alive(pid) ? pid : null;
}

export async function restartCase() {
  const home = tempHome('portal-rel-restart-');
  const port = Number(process.env.PORT) || (await freePort());
  const pgPort = Number(process.env.PORTAL_PG_PORT) || (await freePort());
  const logFile = path.join(home.dir, 'npm-start.log');
  let start;
  let ledger;
  try {
    start = await npmStart({ home: home.dir, port, pgPort, logFile });
    log(
      `restart: npm start healthy on ${start.base} in ${start.secondsToHealthy} s (PORTAL_HOME ${home.dir}, PostgreSQL port ${pgPort})`,
    );
    ledger = books(`postgresql://postgres:postgres@127.0.0.1:${pgPort}/portal`);
    const sessions = [];
    for (const email of USERS) {
      const s = await signIn(start.base, email);
      await ledger.deposit(s.userId, 'USD', '100000.00');
      await ledger.setPin(start.base, s, PIN, '/api/wallet/pin');
      sessions.push(s);
    }

    const tag = 'restart';
    const killAfter = 800 + Math.floor(Math.random() * 2500);
    const load = transferLoad({ bases: [start.base], sessions, pin: PIN, tag, clients: 8 });
    await sleep(killAfter);
    const apiPid = apiProcess(start.pid);
    assert(apiPid, 'no API process (src/server.ts) under npm start');
    process.kill(apiPid, 'SIGKILL'); // the API alone: its PostgreSQL is left without a parent
    const firstExit = await start.exited;
    const requests = await load.stop();
    const { answered201, cutOff } = splitAnswers(requests);
    const orphan = postgresOf(home.dir);
    log(
      `restart: API ${apiPid} killed -9 after ${killAfter} ms (npm start exited: ${firstExit}); ${requests.length} requests: ${answered201.length} answered 201, ${cutOff.length} cut off; PostgreSQL left running: ${orphan ?? 'none'}`,
    );
    assert(answered201.length > 0, 'no transfer was answered before the crash: load did not run');
    assert(orphan, 'the crash did not leave PostgreSQL running: the case does not reproduce the issue');

    start = await npmStart({ home: home.dir, port, pgPort, logFile });
    log(
      `restart: the same npm start healthy again in ${start.secondsToHealthy} s, no manual step; PostgreSQL ${orphan} ${alive(orphan) ? 'STILL RUNS' : 'was stopped'}`,
    );
    assert(!alive(orphan), `the PostgreSQL left by the crash (${orphan}) still runs beside the new one`);

    const retried = await retryTransfers(start.base, sessions, cutOff);
    const booksAfter = await checkAfterCrash({ ledger, tag, answered201, retried, label: 'restart' });
    return {
      name: 'restart (SIGKILL of the API under load, then npm start again)',
      ok: true,
      killAfterMs: killAfter,
      answered201: answered201.length,
      cutOff: cutOff.length,
      transactions: booksAfter.transactions,
      secondsToHealthyAfterCrash: start.secondsToHealthy,
    };
  } finally {
    await ledger?.end().catch(() => {});
    await start?.stop();
    const leftover = postgresOf(home.dir);
    if (leftover && commandLine(leftover)?.includes(home.dir)) process.kill(leftover, 'SIGINT');
    for (let i = 0; i < 100 && leftover && alive(leftover); i++) await sleep(100);
    home.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  restartCase().then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
