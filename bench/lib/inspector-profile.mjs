// CPU-profiles a window of a running Node process started with --inspect=127.0.0.1:0 (the Chrome DevTools
// protocol over its WebSocket), so a profile covers only the measured work, not start-up or set-up.
import fs from 'node:fs';
import WebSocket from 'ws';

/** The inspector URL the child printed ("Debugger listening on ws://…"), waiting up to `timeoutMs`. */
export async function inspectorUrl(logs, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(logs());
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no inspector URL in the process output');
}

export async function attachProfiler(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 0;
  const pending = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = (nextId += 1);
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 500 });
  return {
    start: () => send('Profiler.start'),
    /** Stops, writes the profile to `file`, detaches. */
    async stop(file) {
      const { profile } = await send('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      socket.close();
      return file;
    },
  };
}
