// nginx (Debian's package) as the one address in front of several API processes: `npm run
// start:cluster` and the reliability suite's two-process case. A real reverse proxy, configured here:
// round robin over the API processes, WebSocket upgrades for /api/realtime, the client's address in
// X-Forwarded-For (set, not appended: what the client sent is dropped), passive health checks so a
// stopped process is skipped. The APIs trust it (TRUST_PROXY) and count that address for rate limits.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { aptInstall } from './tasks.mjs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Installs Debian's nginx when missing (as the test command does for Chromium). */
export async function ensureNginx() {
  if (existsSync(NGINX)) return;
  await aptInstall('Installing Debian nginx (apt-get)', 'nginx');
}

/** The configuration for `listen` (host:port) in front of `upstreams` (http://host:port, ...). */
export function nginxConfig({ dir, listen, upstreams }) {
  const servers = upstreams.map((u) => `    server ${new URL(u).host} max_fails=1 fail_timeout=5s;`).join('\n');
  return `# written by scripts/lib/nginx.mjs
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${path.join(dir, 'tmp', 'body')};
  proxy_temp_path ${path.join(dir, 'tmp', 'proxy')};
  fastcgi_temp_path ${path.join(dir, 'tmp', 'fastcgi')};
  uwsgi_temp_path ${path.join(dir, 'tmp', 'uwsgi')};
  scgi_temp_path ${path.join(dir, 'tmp', 'scgi')};
  client_max_body_size 40m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream portal_api {
${servers}
    keepalive 64;
  }
  server {
    listen ${listen};
    location / {
      proxy_pass http://portal_api;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 3600s;
      proxy_buffering off;
      proxy_next_upstream error timeout http_502;
    }
  }
}
`;
}

/** Starts nginx in the foreground with its files under `dir`; resolves once it answers on `listen`. */
export async function startNginx({ dir, listen, upstreams }) {
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, listen, upstreams }));
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise((r) => child.once('exit', r));
  const base = `http://${listen}`;
  for (const until = Date.now() + 15_000; ;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    try {
      await fetch(`${base}/api/health`);
      break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      child.kill('SIGKILL');
    },
  };
}
