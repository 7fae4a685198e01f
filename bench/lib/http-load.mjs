// Closed-loop HTTP load with autocannon: `connections` clients, each sending its next GET as soon as the
// previous one answered, for `seconds`. Every answer's latency is kept (not only autocannon's percentiles),
// so medians and p99s are computed the same way as the baselines'.
import autocannon from 'autocannon';

export function loadGets({ url, paths, token, connections, seconds }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    let next = 0;
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 30,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          latencies,
          statuses,
          requestsPerSecond: result.requests.average,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
}

/** The same shape for a baseline that is not HTTP: `connections` loops calling `task(i)` for `seconds`. */
export async function loadTasks({ task, connections, seconds, maxCalls = 5_000_000 }) {
  const latencies = [];
  let calls = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && calls < maxCalls) {
      const index = calls++;
      const started = performance.now();
      try {
        await task(index);
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, errors, requestsPerSecond: latencies.length / ((performance.now() - started) / 1000) };
}
