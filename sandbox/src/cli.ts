#!/usr/bin/env node
/**
 * Play a customer from the terminal against a running sandbox (its control API):
 *   npm run customer -- +15550001 "Hi"
 * See `npm run customer -- --help`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { userIdForUsername } from './customers/identity';

const usage = `Usage: npm run customer -- <phone|@username> [options] [text]

  <phone> "Hi there"                 send a text
  @ana "Hi there"                    send as a customer with a WhatsApp username and no phone shown
  --order                            send an order from the catalog (sample cart; text = its note)
  --welcome                          open the chat for the first time (request_welcome)
  --ad                               send the text as coming from a click-to-WhatsApp ad (referral)
  --button <text>                    tap a template quick-reply button
  --system <new phone>               change number (a system message), then write from the new one
  --echo                             the business answers from its WhatsApp Business app (text = the answer)
  --history                          a history batch of past chats with this customer (coexistence)
  --played <wamid>                   the customer played a voice message the business sent
  --skip-delivered <on|off>          statuses go sent → read without delivered (for every send)
  --name <name>                      profile name (default: remembered or "Customer NNNN")
  --image [file] [--caption <text>]  send an image (the bundled sample when no file)
  --document <file>                  send a document
  --location <lat,lng>               send a location
  --react <wamid> [emoji]            react to a business message (no emoji: remove the reaction)
  --reply <wamid>                    quote a message (context) with the text
  --messages                         show this customer's conversation with statuses
  --sandbox <url>                    sandbox URL (default $SANDBOX_URL or http://127.0.0.1:4010)
  --business <phone-number-id>       business phone number id (default: the seeded one)

       npm run customer -- --expire-token [token]
                                     Meta expires the business token (default: the demo's): every Graph call
                                     then fails with 190/463 until the owner reconnects with a new token`;

const mimeByExtension: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.ogg': 'audio/ogg',
  '.mp3': 'audio/mpeg',
};

interface Parsed {
  phone?: string;
  flags: Record<string, string | true>;
  rest: string[];
}

export function parseArgs(argv: string[]): Parsed {
  const flags: Record<string, string | true> = {};
  const rest: string[] = [];
  const takesValue = new Set([
    'name',
    'caption',
    'document',
    'location',
    'reply',
    'sandbox',
    'business',
    'react',
    'button',
    'system',
    'played',
    'skip-delivered',
  ]);
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg.startsWith('--')) {
      const key = arg.slice(2);
      const next = argv[index + 1];
      if (takesValue.has(key)) {
        flags[key] = next ?? '';
        index += 1;
      } else if (key === 'image' && next !== undefined && !next.startsWith('--') && existsSync(next)) {
        flags[key] = next;
        index += 1;
      } else flags[key] = true;
    } else rest.push(arg);
  }
  return { phone: rest.shift(), flags, rest };
}

async function call(base: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { message?: string };
  if (!response.ok) throw new Error(json.message ?? `HTTP ${response.status}`);
  return json;
}

function fileMedia(file: string) {
  const mimeType = mimeByExtension[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return { base64: readFileSync(file).toString('base64'), mimeType, fileName: path.basename(file) };
}

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { phone, flags, rest } = parseArgs(argv);
  const base = String(
    flags.sandbox && flags.sandbox !== true ? flags.sandbox : (env.SANDBOX_URL ?? 'http://127.0.0.1:4010'),
  ).replace(/\/$/, '');
  if (flags['expire-token']) {
    const token = phone ?? 'sandbox-token-demo';
    await call(base, 'POST', `/_sandbox/tokens/${encodeURIComponent(token)}/expire`);
    return `token ${token} expired: Graph calls with it now fail with 190/463`;
  }
  if (!phone || flags.help) return usage;
  // '@ana' is a customer with a WhatsApp username and no phone shown.
  const who: Record<string, unknown> = phone.startsWith('@') ? { username: phone.slice(1) } : { from: phone };
  const common: Record<string, unknown> = { ...who };
  if (typeof flags.name === 'string') common.name = flags.name;
  if (typeof flags.business === 'string') common.phoneNumberId = flags.business;
  if (typeof flags.reply === 'string') common.context = { id: flags.reply };
  const text = rest.join(' ');

  if (flags.messages) {
    const key = phone.startsWith('@') ? userIdForUsername(phone.slice(1)) : phone.replace(/\D/g, '');
    const messages = (await call(base, 'GET', `/_sandbox/customers/${encodeURIComponent(key)}/messages`)) as Array<
      Record<string, unknown>
    >;
    return messages
      .map(
        (message) =>
          `${message.createdAt}  ${message.direction === 'inbound' ? 'customer →' : '← business'}  ${message.type}  ${message.status ?? ''}  ${message.wamid}\n    ${JSON.stringify((message.payload as Record<string, unknown>)[message.type as string] ?? message.payload)}`,
      )
      .join('\n');
  }

  if (typeof flags['skip-delivered'] === 'string') {
    await call(base, 'PUT', '/_sandbox/delivery', { skipDelivered: flags['skip-delivered'] === 'on' });
    return `statuses ${flags['skip-delivered'] === 'on' ? 'skip' : 'include'} delivered`;
  }
  if (typeof flags.played === 'string') {
    await call(base, 'POST', `/_sandbox/messages/${encodeURIComponent(flags.played)}/status`, { status: 'played' });
    return `played ${flags.played}`;
  }
  const business = typeof flags.business === 'string' ? { phoneNumberId: flags.business } : {};
  const to = phone.startsWith('@') ? { username: phone.slice(1) } : { to: phone };
  if (flags.echo) {
    if (!text) return usage;
    const echoed = (await call(base, 'POST', '/_sandbox/echo', { ...to, ...business, text })) as { wamid: string };
    return `the business answered ${phone} from the phone app: ${echoed.wamid}`;
  }
  if (flags.history) {
    const batch = (await call(base, 'POST', '/_sandbox/history', { ...to, ...business })) as { wamids: string[] };
    return `history batch for ${phone}: ${batch.wamids.length} messages`;
  }

  let body: Record<string, unknown>;
  if (flags.order) body = { type: 'order', ...(text ? { order: { text } } : {}) };
  else if (flags.welcome) body = { type: 'request_welcome' };
  else if (typeof flags.system === 'string') body = { type: 'system', system: { newPhone: flags.system } };
  else if (typeof flags.button === 'string')
    body = { type: 'button', button: { payload: flags.button, text: flags.button } };
  else if (flags.image)
    body = {
      type: 'image',
      ...(typeof flags.image === 'string' ? { media: fileMedia(flags.image) } : {}),
      ...(flags.caption || text ? { caption: flags.caption ?? text } : {}),
    };
  else if (typeof flags.document === 'string')
    body = { type: 'document', media: fileMedia(flags.document), ...(text ? { caption: text } : {}) };
  else if (typeof flags.location === 'string') {
    const [latitude, longitude] = flags.location.split(',').map(Number);
    body = { type: 'location', location: { latitude, longitude, ...(text ? { name: text } : {}) } };
  } else if (flags.react) {
    const messageId = typeof flags.react === 'string' ? flags.react : '';
    if (!messageId) throw new Error('--react needs the wamid of the business message');
    body = { type: 'reaction', reaction: { messageId, ...(text ? { emoji: text } : {}) } };
  } else {
    if (!text) return usage;
    body = { type: 'text', text, ...(flags.ad ? { referral: true } : {}) };
  }
  const result = (await call(base, 'POST', '/_sandbox/inbound', { ...common, ...body })) as { wamid: string };
  return `sent ${body.type} from ${phone}: ${result.wamid}`;
}

if (require.main === module) {
  run(process.argv.slice(2))
    .then((output) => console.log(output))
    .catch((error: Error) => {
      const hint = /fetch failed|ECONNREFUSED/.test(error.message)
        ? ' (is the sandbox running? npm start, or npm run start -w @parley/sandbox)'
        : '';
      console.error(`customer: ${error.message}${hint}`);
      process.exit(1);
    });
}
