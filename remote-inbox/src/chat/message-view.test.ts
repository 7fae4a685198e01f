import { aMessage } from '../test-support/fixtures';
import { formAnswers, messageView, referralView } from './message-view';

describe('messageView', () => {
  it('shows texts and media with their captions', () => {
    expect(messageView(aMessage({ type: 'text', content: { text: 'Hi' } }))).toEqual({ kind: 'text', text: 'Hi' });
    expect(messageView(aMessage({ type: 'image', content: { url: '/f/1', caption: 'Look' } }))).toEqual({
      kind: 'image',
      url: '/f/1',
      caption: 'Look',
    });
    expect(messageView(aMessage({ type: 'image', content: { mediaUnavailable: true } }))).toMatchObject({
      kind: 'image',
      unavailable: true,
    });
    expect(messageView(aMessage({ type: 'video', content: { link: 'https://x/v.mp4' } }))).toMatchObject({
      kind: 'video',
      url: 'https://x/v.mp4',
    });
    expect(messageView(aMessage({ type: 'document', content: { url: '/f/2', fileName: 'menu.pdf' } }))).toEqual({
      kind: 'document',
      url: '/f/2',
      fileName: 'menu.pdf',
      caption: undefined,
      unavailable: undefined,
    });
  });

  it('shows an outgoing form by its name and an incoming answer as key/value pairs', () => {
    expect(
      messageView(
        aMessage({ type: 'interactive', direction: 'outgoing', content: { interactive: { name: 'Booking' } } }),
      ),
    ).toEqual({ kind: 'form', name: 'Booking' });
    const answer = aMessage({
      type: 'interactive',
      direction: 'incoming',
      content: { interactive: { date: '2024-06-01', guests: 3, flow_token: 't' } },
    });
    expect(messageView(answer)).toEqual({
      kind: 'answers',
      answers: [
        ['date', '2024-06-01'],
        ['guests', '3'],
      ],
    });
  });

  it('shows reactions, locations, contacts and stickers as what they are', () => {
    expect(messageView(aMessage({ type: 'reaction', content: { emoji: '👍' } }))).toEqual({
      kind: 'reaction',
      emoji: '👍',
    });
    expect(
      messageView(aMessage({ type: 'location', content: { latitude: '38.7', longitude: -9.1, name: 'Shop' } })),
    ).toEqual({
      kind: 'location',
      name: 'Shop',
      address: undefined,
      latitude: 38.7,
      longitude: -9.1,
    });
    const contacts = { contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ phone: '+1 555' }] }] };
    expect(messageView(aMessage({ type: 'contacts', content: contacts }))).toEqual({
      kind: 'contacts',
      contacts: [{ name: 'Ana', phones: ['+1 555'] }],
    });
    expect(messageView(aMessage({ type: 'sticker', content: { url: '/s.webp' } }))).toMatchObject({
      kind: 'sticker',
      url: '/s.webp',
    });
  });

  it("calls anything else 'Unsupported message type' territory", () => {
    expect(messageView(aMessage({ type: 'poll', content: {} }))).toEqual({ kind: 'unsupported' });
    expect(messageView(aMessage({ type: 'unsupported', content: {} }))).toEqual({ kind: 'unsupported' });
  });
});

describe("the server's interactive shapes (server/src/modules/conversations/views.ts)", () => {
  it('reads answers, button taps and the outgoing form name', () => {
    const answered = aMessage({
      type: 'interactive',
      content: { interactive: { type: 'nfm_reply', answers: { party_size: '2' }, flowToken: 't' } },
    });
    expect(messageView(answered)).toEqual({ kind: 'answers', answers: [['party_size', '2']] });
    const tapped = aMessage({
      type: 'interactive',
      content: { interactive: { type: 'button_reply', button_reply: { id: 'y', title: 'Yes' } }, text: 'Yes' },
    });
    expect(messageView(tapped)).toEqual({ kind: 'text', text: 'Yes' });
    const sentForm = aMessage({
      type: 'interactive',
      direction: 'outgoing',
      content: { interactive: { type: 'flow', name: 'Book an appointment', body: 'Pick a time' }, text: 'Pick a time' },
    });
    expect(messageView(sentForm)).toEqual({ kind: 'form', name: 'Book an appointment' });
    expect(
      messageView(
        aMessage({
          type: 'template',
          direction: 'outgoing',
          content: { template: { name: 'hello_world', language: 'en_US' } },
        }),
      ),
    ).toEqual({ kind: 'template', name: 'hello_world' });
    expect(
      messageView(
        aMessage({
          type: 'template',
          direction: 'outgoing',
          content: { template: { name: 'appointment_reminder', language: 'en_US' }, text: 'Hi Bo, see you Friday.' },
        }),
      ),
    ).toEqual({ kind: 'template', name: 'appointment_reminder', text: 'Hi Bo, see you Friday.' });
  });
});

describe('formAnswers', () => {
  it('reads Meta-shaped replies and answers kept as a JSON string', () => {
    expect(formAnswers({ nfm_reply: { response_json: '{"name":"Ana","flow_token":"x"}' } })).toEqual([['name', 'Ana']]);
    expect(formAnswers({ answers: { opt_in: true, topics: ['a', 'b'] } })).toEqual([
      ['opt_in', 'Yes'],
      ['topics', 'a, b'],
    ]);
    expect(formAnswers('not json')).toEqual([]);
  });
});

describe('what WhatsApp sends beyond the basics', () => {
  it('shows an order line by line with prices in their currency and a total', () => {
    const order = aMessage({
      type: 'order',
      content: {
        order: {
          catalogId: 'cat',
          text: 'Before noon please',
          items: [
            { productRetailerId: 'Blue mug', quantity: 2, itemPrice: 12.5, currency: 'USD' },
            { productRetailerId: 'Tea', quantity: 1, itemPrice: 4, currency: 'USD' },
          ],
        },
      },
    });
    expect(messageView(order)).toEqual({
      kind: 'order',
      note: 'Before noon please',
      items: [
        { product: 'Blue mug', quantity: 2, price: '$12.50' },
        { product: 'Tea', quantity: 1, price: '$4.00' },
      ],
      total: '$29.00',
    });
  });

  it('shows system messages and a first opened chat as notices, and a template button tap as its text', () => {
    const changed = aMessage({
      type: 'system',
      content: { system: { type: 'user_changed_number', body: 'User A changed from 1555 to 1556', newWaId: '1556' } },
    });
    expect(messageView(changed)).toEqual({ kind: 'notice', text: 'User A changed from 1555 to 1556' });
    expect(messageView(aMessage({ type: 'request_welcome', content: {} }))).toEqual({
      kind: 'notice',
      text: 'The customer opened this chat for the first time.',
    });
    const tap = aMessage({
      type: 'button',
      content: { text: 'Stop promotions', button: { payload: 'stop', text: 'Stop promotions' } },
    });
    expect(messageView(tap)).toEqual({ kind: 'text', text: 'Stop promotions' });
  });

  it('reads the ad a message came from, keeping only web links', () => {
    const fromAd = aMessage({
      content: { text: 'Is it in stock?', referral: { headline: 'Summer sale', sourceUrl: 'https://fb.me/ad1' } },
    });
    expect(referralView(fromAd)).toEqual({ headline: 'Summer sale', body: undefined, url: 'https://fb.me/ad1' });
    const crafted = aMessage({ content: { referral: { headline: 'Hi', sourceUrl: 'javascript:alert(1)' } } });
    expect(referralView(crafted)?.url).toBeUndefined();
    expect(referralView(aMessage({ content: { text: 'plain' } }))).toBeUndefined();
  });
});
