import {
  batchWebhook,
  envelope,
  errorWebhook,
  fixtureDefaults,
  inboundFixtureKinds,
  inboundMessage,
  inboundWebhook,
  statusWebhook,
} from '../../../test/fixtures/whatsapp';
import {
  parseFlowResponse,
  parseWebhookPayload,
  WebhookPayloadError,
  type InboundMessageEvent,
} from './webhook-payload';

const single = (kind: Parameters<typeof inboundWebhook>[0]) => {
  const events = parseWebhookPayload(inboundWebhook(kind));
  expect(events).toHaveLength(1);
  return events[0] as InboundMessageEvent;
};

describe('parseWebhookPayload: inbound messages', () => {
  it('normalises a text message with routing ids, profile name and a Date timestamp', () => {
    expect(single('text')).toEqual({
      kind: 'message',
      phoneNumberId: fixtureDefaults.phoneNumberId,
      wabaId: fixtureDefaults.wabaId,
      displayPhoneNumber: fixtureDefaults.displayPhoneNumber,
      from: fixtureDefaults.from,
      profileName: 'Zoë Müller',
      customer: { waId: fixtureDefaults.from, userId: null, username: null, profileName: 'Zoë Müller' },
      wamid: fixtureDefaults.wamid,
      timestamp: new Date(Number(fixtureDefaults.timestamp) * 1000),
      type: 'text',
      content: { text: 'Olá! Is the shop open today? 🙂' },
    });
  });

  it('parses every fixture kind to a known type', () => {
    for (const kind of inboundFixtureKinds)
      expect([
        'text',
        'image',
        'video',
        'audio',
        'document',
        'sticker',
        'location',
        'contacts',
        'interactive',
        'button',
        'reaction',
        'order',
        'unsupported',
      ]).toContain(single(kind).type);
  });

  it('keeps the quoted wamid of a reply, and the forwarded flag', () => {
    expect(single('reply').replyToWamid).toBe(fixtureDefaults.contextWamid);
    expect(single('forwarded')).toMatchObject({ forwarded: true });
    expect(single('forwarded').replyToWamid).toBeUndefined();
  });

  it('reads media of every kind', () => {
    expect(single('image').content).toEqual({
      mediaId: '1479537139650973',
      mimeType: 'image/jpeg',
      sha256: 'HXUCrdFDS2gmoYgGp1DmoR+gOJtETRtm+IN0gi0ZOuA=',
      caption: 'My receipt',
    });
    expect(single('video')).toMatchObject({
      type: 'video',
      content: { mediaId: '1479537139650974', mimeType: 'video/mp4' },
    });
    expect(single('audio').content).toMatchObject({ voice: false, mimeType: 'audio/mpeg' });
    expect(single('voice')).toMatchObject({
      type: 'audio',
      content: { voice: true, mimeType: 'audio/ogg; codecs=opus' },
    });
    expect(single('document').content).toMatchObject({
      fileName: 'invoice-2026.pdf',
      caption: 'Invoice',
      mimeType: 'application/pdf',
    });
    expect(single('sticker').content).toMatchObject({ mimeType: 'image/webp', animated: false });
  });

  it('reads location and contacts', () => {
    expect(single('location').content.location).toEqual({
      latitude: 38.7075,
      longitude: -9.1364,
      name: 'Terreiro do Paço',
      address: 'Praça do Comércio, Lisboa',
      url: 'https://maps.example.com/x',
    });
    expect(
      (single('contacts').content.contacts as Array<{ name: { formatted_name: string } }>)[0].name.formatted_name,
    ).toBe('Ana Silva');
  });

  it('reads button and list replies, and template button taps', () => {
    expect(single('button_reply')).toMatchObject({
      type: 'interactive',
      content: { interactive: { type: 'button_reply', id: 'confirm-yes', title: 'Yes' } },
      replyToWamid: fixtureDefaults.contextWamid,
    });
    expect(single('list_reply').content.interactive).toEqual({
      type: 'list_reply',
      id: 'slot-2',
      title: 'Tuesday 10:00',
      description: 'Main street branch',
    });
    expect(single('button')).toMatchObject({
      type: 'button',
      content: { button: { payload: 'follow-up-yes', text: 'Yes, please' } },
    });
  });

  it('turns an nfm_reply response_json string into string answers, flow_token kept apart', () => {
    expect(single('nfm_reply').content.interactive).toEqual({
      type: 'nfm_reply',
      flowToken: 'conversation-42',
      answers: { full_name: 'Zoë Müller', date: '2026-02-03', guests: '2', newsletter: 'true' },
    });
  });

  it('attaches reactions to the reacted wamid; removal has emoji null', () => {
    expect(single('reaction').content.reaction).toEqual({ messageId: fixtureDefaults.contextWamid, emoji: '👍' });
    expect(single('reaction_removed').content.reaction).toEqual({
      messageId: fixtureDefaults.contextWamid,
      emoji: null,
    });
  });

  it('maps unsupported and unknown types to unsupported with the original type and errors', () => {
    expect(single('unsupported').content.unsupported).toEqual({
      type: 'poll_update',
      errors: [
        {
          code: 131051,
          title: 'Message type unknown',
          message: 'Message type unknown',
          details: 'Message type is currently not supported.',
        },
      ],
    });
    const [future] = parseWebhookPayload(
      envelope({}, { messages: [{ from: '1555', id: 'wamid.f', timestamp: '1', type: 'poll', poll: {} }] }),
    );
    expect(future).toMatchObject({ type: 'unsupported', content: { unsupported: { type: 'poll' } } });
  });

  it('treats a known type with a malformed body as unsupported rather than failing the batch', () => {
    const events = parseWebhookPayload(
      envelope({}, { messages: [{ from: '1555', id: 'wamid.x', timestamp: '1', type: 'text', text: {} }] }),
    );
    expect(events[0]).toMatchObject({
      type: 'unsupported',
      content: { unsupported: { type: 'text' } },
      profileName: null,
    });
  });
});

describe('parseWebhookPayload: statuses, errors, batches', () => {
  it.each(['sent', 'delivered', 'read'] as const)('reads a %s status', (kind) => {
    expect(parseWebhookPayload(statusWebhook(kind))).toEqual([
      {
        kind: 'status',
        phoneNumberId: fixtureDefaults.phoneNumberId,
        wabaId: fixtureDefaults.wabaId,
        wamid: fixtureDefaults.wamid,
        status: kind,
        timestamp: new Date(Number(fixtureDefaults.timestamp) * 1000),
        recipientId: fixtureDefaults.from,
      },
    ]);
  });

  it.each([
    ['failed_131047', 131047, 'Re-engagement message'],
    ['failed_131026', 131026, 'Message undeliverable'],
  ] as const)('keeps Meta code and title on %s', (kind, code, title) => {
    const [event] = parseWebhookPayload(statusWebhook(kind));
    expect(event).toMatchObject({
      kind: 'status',
      status: 'failed',
      error: { code, title, details: expect.any(String) },
    });
  });

  it('skips status values it does not know', () => {
    expect(
      parseWebhookPayload(
        envelope({}, { statuses: [{ id: 'wamid.a', status: 'deleted', timestamp: '1', recipient_id: '1' }] }),
      ),
    ).toEqual([]);
  });

  it('reads a played status (a voice message was listened to)', () => {
    const [event] = parseWebhookPayload(
      envelope({}, { statuses: [{ id: 'wamid.a', status: 'played', timestamp: '1', recipient_id: '1' }] }),
    );
    expect(event).toMatchObject({ kind: 'status', status: 'played', wamid: 'wamid.a' });
  });

  it('reads value-level errors', () => {
    expect(parseWebhookPayload(errorWebhook())).toEqual([
      {
        kind: 'error',
        phoneNumberId: fixtureDefaults.phoneNumberId,
        wabaId: fixtureDefaults.wabaId,
        error: expect.objectContaining({ code: 130429 }),
      },
    ]);
  });

  it('handles every entry, change, message and status of a batch, each routed by its phone number id', () => {
    const events = parseWebhookPayload(batchWebhook());
    expect(events.map((event) => [event.kind, event.phoneNumberId])).toEqual([
      ['message', fixtureDefaults.phoneNumberId],
      ['message', fixtureDefaults.phoneNumberId],
      ['status', fixtureDefaults.phoneNumberId],
      ['status', '100000000000778'],
    ]);
    expect((events[1] as InboundMessageEvent).profileName).toBe('Bo');
  });

  it('ignores unknown fields and non-message changes', () => {
    const payload = inboundWebhook('text') as { entry: Array<{ changes: unknown[]; extra?: unknown }> };
    payload.entry[0].extra = { anything: true };
    payload.entry[0].changes.push({ value: { event: 'FLOW_STATUS_CHANGE' }, field: 'flows' });
    expect(parseWebhookPayload(payload)).toHaveLength(1);
  });

  it.each([null, 'text', {}, { object: 'page', entry: [] }, { entry: 'x' }])(
    'refuses a body that is not an envelope: %j',
    (body) => {
      expect(() => parseWebhookPayload(body)).toThrow(WebhookPayloadError);
    },
  );

  it('accepts the message object of a single kind with the defaults', () => {
    expect(inboundMessage('text')).toMatchObject({ type: 'text' });
  });
});

describe('parseFlowResponse', () => {
  it('survives response_json that is not an object', () => {
    expect(parseFlowResponse('not json')).toEqual({ answers: {} });
    expect(parseFlowResponse('[1,2]')).toEqual({ answers: {} });
    expect(parseFlowResponse('{"a":{"b":1},"c":null}')).toEqual({ answers: { a: '{"b":1}', c: '' } });
  });
});
