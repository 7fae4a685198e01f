/**
 * docs/whatsapp.md stays true: every inbound type the webhook parser knows, every delivery status, every send type
 * and every error code Parley treats specially has its row. The records below must name every member of the
 * parser's unions (`satisfies` fails to compile otherwise), so a new type without a row fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DeliveryStatus, InboundMessageType, MediaKind } from '../../src/channel/whatsapp';
import { RETRYABLE_CODES } from '../../src/channel/whatsapp/graph-error';
import { SEND_FAILURES } from '../../src/modules/conversations/send-job';
import { SESSION_SUBCODES, TOKEN_CODES } from '../../src/modules/credentials/connection-state';

const page = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'whatsapp.md'), 'utf8');

/** The rows (first cells) of the table under a `## heading`. */
function firstCells(heading: string): string[] {
  const start = page.indexOf(`## ${heading}\n`);
  if (start < 0) throw new Error(`docs/whatsapp.md has no section "${heading}"`);
  const end = page.indexOf('\n## ', start + 1);
  return page
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .map((line) => line.split('|')[1].trim());
}

const inboundTypes = {
  text: true,
  image: true,
  video: true,
  audio: true,
  document: true,
  sticker: true,
  location: true,
  contacts: true,
  interactive: true,
  button: true,
  reaction: true,
  order: true,
  system: true,
  request_welcome: true,
  unsupported: true,
} satisfies Record<InboundMessageType, true>;

const statuses = { sent: true, delivered: true, read: true, played: true, failed: true } satisfies Record<
  DeliveryStatus,
  true
>;

const mediaKinds = { image: true, video: true, audio: true, document: true, sticker: true } satisfies Record<
  MediaKind,
  true
>;
const sendTypes = [...Object.keys(mediaKinds), 'text', 'location', 'template', 'interactive'];

it('lists every inbound message type the parser knows', () => {
  expect(firstCells('Inbound message types')).toEqual(
    expect.arrayContaining(Object.keys(inboundTypes).map((type) => `\`${type}\``)),
  );
});

it('lists every delivery status', () => {
  expect(firstCells('Statuses of our sends')).toEqual(
    expect.arrayContaining(Object.keys(statuses).map((status) => `\`${status}\``)),
  );
});

it('lists every send type and the read receipt', () => {
  expect(firstCells('What Parley sends')).toEqual(
    expect.arrayContaining([...sendTypes.map((type) => `\`${type}\``), 'read receipt']),
  );
});

it('lists every error code Parley treats specially, with our own reasons', () => {
  const cells = firstCells('Error codes').join(' ');
  const codes = [
    ...RETRYABLE_CODES,
    ...TOKEN_CODES,
    131047,
    131026,
    ...Object.values(SEND_FAILURES).map((failure) => failure.code),
  ];
  for (const code of codes) expect(cells).toContain(`\`${code}\``);
  const tokenRow = page.split('\n').find((line) => line.startsWith('| `190`'));
  for (const subcode of SESSION_SUBCODES) expect(tokenRow).toContain(`\`${subcode}\``);
});
