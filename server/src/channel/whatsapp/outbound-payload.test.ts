import {
  flowMessage,
  locationMessage,
  mediaMessage,
  reactionMessage,
  readReceipt,
  templateMessage,
  textMessage,
} from './outbound-payload';

describe('outbound payload builders', () => {
  it('builds text, with context.message_id for a reply', () => {
    expect(textMessage('15550001', 'Hi', { replyTo: 'wamid.Q' })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '15550001',
      type: 'text',
      context: { message_id: 'wamid.Q' },
      text: { body: 'Hi' },
    });
    expect(textMessage('15550001', 'Hi')).not.toHaveProperty('context');
  });

  it('builds media by id or link, caption and filename only where allowed', () => {
    expect(mediaMessage('1', 'document', { id: '77' }, { caption: 'Invoice', fileName: 'a.pdf' }).document).toEqual({
      id: '77',
      caption: 'Invoice',
      filename: 'a.pdf',
    });
    expect(
      mediaMessage('1', 'image', { link: 'https://x.test/a.png' }, { caption: 'c', fileName: 'ignored' }).image,
    ).toEqual({ link: 'https://x.test/a.png', caption: 'c' });
    expect(mediaMessage('1', 'audio', { id: '9' }, { caption: 'dropped' }).audio).toEqual({ id: '9' });
  });

  it('builds location and template messages', () => {
    expect(locationMessage('1', { latitude: 1.5, longitude: 2.5, name: 'Here' }).location).toEqual({
      latitude: 1.5,
      longitude: 2.5,
      name: 'Here',
    });
    expect(templateMessage('1', 'hello_world', 'en_US')).toMatchObject({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    expect(templateMessage('1', 'hello_world', 'en_US').template).not.toHaveProperty('components');
  });

  it('builds a published flow message, version 3, with header, body and footer', () => {
    expect(
      flowMessage('1', { flowId: '101', flowCta: 'Book', flowToken: 'conv-1', header: 'H', body: 'B', footer: 'F' })
        .interactive,
    ).toEqual({
      type: 'flow',
      header: { type: 'text', text: 'H' },
      body: { text: 'B' },
      footer: { text: 'F' },
      action: {
        name: 'flow',
        parameters: {
          flow_message_version: '3',
          flow_id: '101',
          flow_cta: 'Book',
          flow_token: 'conv-1',
          mode: 'published',
          flow_action: 'navigate',
        },
      },
    });
  });

  it('builds reactions and read receipts', () => {
    expect(reactionMessage('1', 'wamid.A', '👍').reaction).toEqual({ message_id: 'wamid.A', emoji: '👍' });
    expect(readReceipt('wamid.A', { typing: true })).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: 'wamid.A',
      typing_indicator: { type: 'text' },
    });
  });

  it("addresses a customer known only by a username with `recipient` (Meta's business-scoped user id), not `to`", () => {
    const payload = textMessage({ userId: 'US.13491208655302741918' }, 'Hello');
    expect(payload).toMatchObject({ recipient: 'US.13491208655302741918', type: 'text' });
    expect(payload).not.toHaveProperty('to');
    expect(textMessage('15550001', 'Hi')).not.toHaveProperty('recipient');
  });
});
