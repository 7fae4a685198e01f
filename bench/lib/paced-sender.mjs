// Open-loop load at a steady rate: one POST every 1/rate s, whatever the server's answers take (a slow server
// cannot slow the arrivals down and hide its queueing). autocannon's rate option is not used here because it
// sends each connection's per-second quota back to back at the start of every second (bursts, see
// node_modules/autocannon/lib/httpClient.js `_doRequest`/`reqsMadeThisSecond`); autocannon is used where
// closed-loop throughput is what is measured (P3).
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();

/**
 * Sends `count` requests at `rate` per second (stops early after `maxSeconds`), each built by `build(seq, sentAtMs)`
 * → `{ body, headers }`; `onAnswer(seq, ok)` hears each outcome. Waits for the answers (each at most `timeoutMs`).
 * Returns latencies of the 2xx answers, and counts of everything else.
 */
export async function sendPaced({
  onAnswer,
  url,
  path,
  rate,
  count,
  maxSeconds = 600,
  timeoutMs = 10_000,
  build,
  maxSockets = 512,
}) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const latencies = [];
  const outcome = { sent: 0, ok: 0, non2xx: 0, errors: 0, timeouts: 0, statuses: {}, firstError: null };
  const inFlight = new Set();

  const fire = (seq) => {
    const sentAtMs = now();
    const { body, headers } = build(seq, sentAtMs);
    const done = new Promise((resolve) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
            if (status >= 200 && status < 300) {
              outcome.ok += 1;
              latencies.push(now() - sentAtMs);
            } else {
              outcome.non2xx += 1;
            }
            onAnswer?.(seq, status >= 200 && status < 300);
            resolve();
          });
        },
      );
      request.on('timeout', () => {
        outcome.timeouts += 1;
        request.destroy(new Error('timeout'));
      });
      request.on('error', (error) => {
        if (error.message !== 'timeout') {
          outcome.errors += 1;
          outcome.firstError ??= error.message;
        }
        onAnswer?.(seq, false);
        resolve();
      });
      request.end(body);
    });
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
  };

  const started = performance.now();
  const intervalMs = 1000 / rate;
  let lastFireAt = started;
  while (outcome.sent < count) {
    const elapsed = performance.now() - started;
    if (elapsed > maxSeconds * 1000) break;
    const due = Math.min(count, Math.floor(elapsed / intervalMs) + 1);
    while (outcome.sent < due) fire(outcome.sent++);
    lastFireAt = performance.now();
    const nextAt = outcome.sent * intervalMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextAt - (performance.now() - started))));
  }
  const sendSeconds = (lastFireAt - started) / 1000;
  await Promise.race([Promise.all([...inFlight]), new Promise((resolve) => setTimeout(resolve, timeoutMs + 2000))]);
  agent.destroy();
  return {
    latencies,
    ...outcome,
    sendSeconds,
    achievedRate: outcome.sent > 1 && sendSeconds > 0 ? (outcome.sent - 1) / sendSeconds : rate,
  };
}
