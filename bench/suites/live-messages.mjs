// Live direct messages: delivery latency over 1,000 sockets spread over two API processes
// (real processes, own PostgreSQL), from the start of the send request to the event on each member
// socket. The same run is the reliability case (scripts/reliability/live-sockets.mjs): it fails when a
// socket misses, doubles or reorders a message.
import { liveSocketsCase } from '../../scripts/reliability/live-sockets.mjs';

export const name = 'live-messages';

export async function run() {
  const r = await liveSocketsCase();
  const what = `${r.sockets} sockets over 2 API processes, ${r.messages} messages, ${r.deliveries} deliveries (send start -> event on the socket)`;
  return [
    { figure: 'live message delivery p50', value: r.p50_ms, unit: 'ms', what },
    { figure: 'live message delivery p99', value: r.p99_ms, unit: 'ms', what: `${what}; target <= 50` },
  ];
}
