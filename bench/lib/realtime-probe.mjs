// Times webhook POST → socket.io `message` on every connected agent: each message's text carries its wamid
// and send time (same clock: the sender and the sockets live in this process).
import { connectSockets } from './sockets.mjs';
import { sendPaced } from './paced-sender.mjs';
import { APP_SECRET } from './stack.mjs';
import { parseBenchText, signedTextWebhook, WEBHOOK_PATH } from './webhook.mjs';

const now = () => performance.timeOrigin + performance.now();

/** Sockets on `url` that time every bench message they receive. */
export async function openProbe(url, tokens, count) {
  let expected = new Set();
  let latencies = [];
  let received = new Map();
  let duplicates = 0;
  const connection = await connectSockets(url, {
    tokens,
    count,
    onMessage(index, event) {
      const arrivedAt = now();
      const parsed = parseBenchText(event?.message?.content?.text);
      if (!parsed || !expected.has(parsed.wamid)) return;
      const key = `${index} ${parsed.wamid}`;
      if (received.has(key)) {
        duplicates += 1;
        return;
      }
      received.set(key, true);
      latencies.push(arrivedAt - parsed.sentAtMs);
    },
  });
  return {
    connection,
    /**
     * Sends `messages` signed webhooks at `rate`/s from `customers` customers (round robin) to `postUrl`, then
     * waits until every socket got every one, or nothing new arrived for `quietMs` (at most `settleMs`).
     * Latencies are per (message, socket). `lost` = deliveries missing for messages the server acknowledged
     * with 200 (a timed-out POST may still arrive late; Meta would deliver it again anyway).
     */
    async run({ postUrl, runId, rate, messages, customers, settleMs = 60_000, quietMs = 10_000 }) {
      expected = new Set();
      latencies = [];
      received = new Map();
      duplicates = 0;
      const acknowledged = new Set();
      const wamids = [];
      const send = await sendPaced({
        onAnswer(seq, ok) {
          if (ok) acknowledged.add(wamids[seq]);
        },
        url: postUrl,
        path: WEBHOOK_PATH,
        rate,
        count: messages,
        maxSeconds: messages / rate + 30,
        build(seq, sentAtMs) {
          const webhook = signedTextWebhook({ appSecret: APP_SECRET, runId, seq, customer: seq % customers, sentAtMs });
          expected.add(webhook.wamid);
          wamids[seq] = webhook.wamid;
          return webhook;
        },
      });
      const want = send.sent * count;
      const deadline = Date.now() + settleMs;
      let last = { size: received.size, at: Date.now() };
      while (received.size < want && Date.now() < deadline && Date.now() - last.at < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (received.size !== last.size) last = { size: received.size, at: Date.now() };
      }
      let lost = 0;
      for (const wamid of acknowledged) {
        for (let index = 0; index < count; index += 1) if (!received.has(`${index} ${wamid}`)) lost += 1;
      }
      return {
        send,
        latencies,
        deliveries: received.size,
        expectedDeliveries: messages * count,
        undelivered: messages * count - received.size,
        lost,
        duplicates,
      };
    },
    close: () => connection.close(),
  };
}
