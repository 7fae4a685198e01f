import { aMessage } from '../test-support/fixtures';
import { formAnswers, messageView } from './message-view';

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
    expect(messageView(aMessage({ type: 'order', content: {} }))).toEqual({ kind: 'unsupported' });
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
