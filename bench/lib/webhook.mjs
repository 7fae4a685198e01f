// Inbound WhatsApp messages as Meta sends them: the server's own fixtures build the envelope, serialised like
// Meta's encoder (\uXXXX escapes) and signed with the app secret over exactly those bytes (X-Hub-Signature-256).
import { createRequire } from 'node:module';
import { SANDBOX_WABA } from './parley-client.mjs';
import { inboundWebhook, serialiseLikeMeta } from './server-fixtures.mjs';

const require = createRequire(import.meta.url);
const { signWebhookBody } = require('../../server/dist/channel/whatsapp/webhook-signature.js');

export const WEBHOOK_PATH = '/webhooks/whatsapp';

/** Customer phone (wa_id digits) number `index`. */
export const customerPhone = (index) => `1555${String(9_000_000 + index).padStart(7, '0')}`;

/** A unique wamid per run and sequence number, shaped like Meta's. */
export function wamidFor(runId, seq) {
  return `wamid.BENCH${Buffer.from(`${runId}:${seq}`).toString('base64url')}`;
}

/** Text bodies carry the wamid and the send time, so a receiver can match and time them. */
export const benchText = (wamid, sentAtMs) => `bench ${wamid} ${sentAtMs.toFixed(3)}`;

export function parseBenchText(text) {
  const match = /^bench (\S+) (\d+(?:\.\d+)?)$/.exec(text ?? '');
  return match ? { wamid: match[1], sentAtMs: Number(match[2]) } : null;
}

/** The unsigned webhook of one text message from customer number `customer`, its text carrying the send time. */
function textWebhook(wamid, customer, sentAtMs) {
  const payload = inboundWebhook('text', {
    wabaId: SANDBOX_WABA.wabaId,
    phoneNumberId: SANDBOX_WABA.phoneNumberId,
    displayPhoneNumber: SANDBOX_WABA.displayPhoneNumber,
    from: customerPhone(customer),
    profileName: `Bench Customer ${customer}`,
    wamid,
    timestamp: String(Math.floor(Date.now() / 1000)),
  });
  payload.entry[0].changes[0].value.messages[0].text.body = benchText(wamid, sentAtMs);
  return payload;
}

/** `{ body, headers }` of one signed webhook POST carrying one text message. */
export function signedTextWebhook({
  appSecret,
  runId,
  seq,
  customer,
  sentAtMs = performance.timeOrigin + performance.now(),
}) {
  const wamid = wamidFor(runId, seq);
  const payload = textWebhook(wamid, customer, sentAtMs);
  const body = serialiseLikeMeta(payload);
  return {
    wamid,
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, appSecret) },
  };
}

/**
 * `{ body, headers, wamids }` of one signed webhook POST carrying `count` text messages from `customers`
 * customers, as Meta batches them (one entry per message, each with its contact).
 */
export function signedBatchWebhook({ appSecret, runId, count, customers, sentAtMs = Date.now() }) {
  const wamids = [];
  const entries = [];
  for (let seq = 0; seq < count; seq += 1) {
    const wamid = wamidFor(runId, seq);
    wamids.push(wamid);
    const customer = seq % customers;
    entries.push(textWebhook(wamid, customer, sentAtMs).entry[0]);
  }
  const body = serialiseLikeMeta({ object: 'whatsapp_business_account', entry: entries });
  return {
    wamids,
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(body, appSecret) },
  };
}
