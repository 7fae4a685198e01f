#!/usr/bin/env node
/**
 * Play a customer from the terminal against a running sandbox (its control API):
 *   npm run customer -- +15550001 "Hi"
 * See `npm run customer -- --help`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const usage = `Usage: npm run customer -- <phone> [options] [text]

  <phone> "Hi there"                 send a text
  --name <name>                      profile name (default: remembered or "Customer NNNN")
  --image [file] [--caption <text>]  send an image (the bundled sample when no file)
  --document <file>                  send a document
  --location <lat,lng>               send a location
  --react <wamid> [emoji]            react to a business message (no emoji: remove the reaction)
  --reply <wamid>                    quote a message (context) with the text
  --messages                         show this customer's conversation with statuses
  --sandbox <url>                    sandbox URL (default $SANDBOX_URL or http://127.0.0.1:4010)
  --business <phone-number-id>       business phone number id (default: the seeded one)`;

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
  const takesValue = new Set(['name', 'caption', 'document', 'location', 'reply', 'sandbox', 'business', 'react']);
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
  if (!phone || flags.help) return usage;
  const base = String(
    flags.sandbox && flags.sandbox !== true ? flags.sandbox : (env.SANDBOX_URL ?? 'http://127.0.0.1:4010'),
  ).replace(/\/$/, '');
  const common: Record<string, unknown> = { from: phone };
  if (typeof flags.name === 'string') common.name = flags.name;
  if (typeof flags.business === 'string') common.phoneNumberId = flags.business;
  if (typeof flags.reply === 'string') common.context = { id: flags.reply };
  const text = rest.join(' ');

  if (flags.messages) {
    const messages = (await call(base, 'GET', `/_sandbox/customers/${phone.replace(/\D/g, '')}/messages`)) as Array<
      Record<string, unknown>
    >;
    return messages
      .map(
        (message) =>
          `${message.createdAt}  ${message.direction === 'inbound' ? 'customer →' : '← business'}  ${message.type}  ${message.status ?? ''}  ${message.wamid}\n    ${JSON.stringify((message.payload as Record<string, unknown>)[message.type as string] ?? message.payload)}`,
      )
      .join('\n');
  }

  let body: Record<string, unknown>;
  if (flags.image)
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
    body = { type: 'text', text };
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
