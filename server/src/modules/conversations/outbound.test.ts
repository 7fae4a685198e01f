import { buildOutboundPayload } from './outbound';
import type { MessageRow } from './schema';

const message = (patch: Partial<MessageRow>): MessageRow => ({
  id: '3f2b6c1e-8d7a-4b5c-9e0f-1a2b3c4d5e6f',
  accountId: 'a',
  conversationId: 'c',
  type: 'text',
  direction: 'outgoing',
  content: {},
  replyToId: null,
  replyToWamid: null,
  wamid: null,
  status: 'pending',
  errorCode: null,
  errorTitle: null,
  errorDetails: null,
  sentFrom: null,
  sentByUserId: null,
  mediaId: null,
  storageKey: null,
  reactions: [],
  sentAt: null,
  sendingAt: null,
  readReceiptAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...patch,
});

describe('buildOutboundPayload', () => {
  it('sends text with a link preview only when it has a link, quoting the replied message', () => {
    expect(buildOutboundPayload(message({ content: { text: 'Hi' } }), '15550001', 'wamid.Q', null)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '15550001',
      type: 'text',
      context: { message_id: 'wamid.Q' },
      text: { body: 'Hi' },
    });
    expect(buildOutboundPayload(message({ content: { text: 'See http://x.io' } }), '1', null, null).text).toEqual({
      body: 'See http://x.io',
      preview_url: true,
    });
  });

  it('sends media by the uploaded id, with caption and file name where WhatsApp allows them', () => {
    const document = buildOutboundPayload(
      message({ type: 'document', content: { caption: 'Prices', fileName: 'p.pdf' } }),
      '1',
      null,
      '777',
    );
    expect(document.document).toEqual({ id: '777', caption: 'Prices', filename: 'p.pdf' });
    const audio = buildOutboundPayload(message({ type: 'audio', content: { caption: 'ignored' } }), '1', null, '778');
    expect(audio.audio).toEqual({ id: '778' });
    expect(() => buildOutboundPayload(message({ type: 'image' }), '1', null, null)).toThrow();
  });

  it('quotes with a template too (the library builder has no reply option)', () => {
    const payload = buildOutboundPayload(
      message({ type: 'template', content: { template: { name: 'hello_world', language: 'en_US' } } }),
      '1',
      'wamid.Q',
      null,
    );
    expect(payload).toMatchObject({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
      context: { message_id: 'wamid.Q' },
    });
  });

  it('sends a form with its texts and our message id as the flow token', () => {
    const payload = buildOutboundPayload(
      message({
        type: 'interactive',
        content: {
          interactive: {
            type: 'flow',
            name: 'Booking',
            metaFlowId: '101',
            header: 'H',
            body: 'B',
            footer: null,
            ctaText: 'Book',
          },
        },
      }),
      '1',
      null,
      null,
    );
    expect(payload.interactive).toEqual({
      type: 'flow',
      header: { type: 'text', text: 'H' },
      body: { text: 'B' },
      action: {
        name: 'flow',
        parameters: {
          flow_message_version: '3',
          flow_id: '101',
          flow_cta: 'Book',
          flow_token: '3f2b6c1e-8d7a-4b5c-9e0f-1a2b3c4d5e6f',
          mode: 'published',
          flow_action: 'navigate',
        },
      },
    });
  });
});
