/**
 * The message kinds of issue 14 as Meta documents them: senders without `from` (username users), order,
 * system, request_welcome, referral, phone-app echoes and history batches.
 */
import { envelope, fixtureDefaults } from '../../../test/fixtures/whatsapp';
import { parseWebhookPayload, type BusinessMessageEvent, type InboundMessageEvent } from './webhook-payload';

const message = (fields: Record<string, unknown>) => ({ id: 'wamid.k', timestamp: '1700000000', ...fields });

describe('parseWebhookPayload: senders and kinds of issue 14', () => {
  it('reads a username customer (from omitted) by from_user_id, with username and profile name', () => {
    const [event] = parseWebhookPayload(
      envelope(
        {},
        {
          contacts: [{ profile: { name: 'Ana', username: '@ana' }, user_id: 'US.1349120865530274' }],
          messages: [message({ from_user_id: 'US.1349120865530274', type: 'text', text: { body: 'hi' } })],
        },
      ),
    ) as InboundMessageEvent[];
    expect(event).toMatchObject({
      kind: 'message',
      from: null,
      customer: { waId: null, userId: 'US.1349120865530274', username: '@ana', profileName: 'Ana' },
      content: { text: 'hi' },
    });
  });

  it('skips a message with neither from nor from_user_id', () => {
    expect(parseWebhookPayload(envelope({}, { messages: [message({ type: 'text', text: { body: 'x' } })] }))).toEqual(
      [],
    );
  });

  it('reads order, system, request_welcome and a referral', () => {
    const events = parseWebhookPayload(
      envelope(
        {},
        {
          messages: [
            message({
              from: '1555',
              id: 'wamid.o',
              type: 'order',
              order: {
                catalog_id: '77',
                text: 'for tonight',
                product_items: [{ product_retailer_id: 'sku', quantity: 2, item_price: 9.5, currency: 'EUR' }],
              },
            }),
            message({
              from: '1555',
              id: 'wamid.s',
              type: 'system',
              system: { body: 'User A changed from 1555 to 1666', wa_id: '1666', type: 'user_changed_number' },
            }),
            message({ from: '1555', id: 'wamid.w', type: 'request_welcome' }),
            message({
              from: '1555',
              id: 'wamid.r',
              type: 'text',
              text: { body: 'About the ad' },
              referral: {
                source_url: 'https://fb.me/ad',
                source_id: '123',
                source_type: 'ad',
                headline: 'Spring sale',
                body: 'Half price',
                media_type: 'image',
                image_url: 'https://example.test/a.jpg',
                ctwa_clid: 'x',
              },
            }),
          ],
        },
      ),
    ) as InboundMessageEvent[];
    expect(events.map((event) => event.type)).toEqual(['order', 'system', 'request_welcome', 'text']);
    expect(events[0].content.order).toEqual({
      catalogId: '77',
      text: 'for tonight',
      items: [{ productRetailerId: 'sku', quantity: 2, itemPrice: 9.5, currency: 'EUR' }],
    });
    expect(events[1].content.system).toEqual({
      type: 'user_changed_number',
      body: 'User A changed from 1555 to 1666',
      newWaId: '1666',
    });
    expect(events[2].content).toEqual({});
    expect(events[3].referral).toEqual({
      sourceUrl: 'https://fb.me/ad',
      sourceId: '123',
      sourceType: 'ad',
      headline: 'Spring sale',
      body: 'Half price',
      mediaType: 'image',
      imageUrl: 'https://example.test/a.jpg',
    });
  });

  it('reads smb_message_echoes as business messages to the customer', () => {
    const [event] = parseWebhookPayload(
      envelope(
        {},
        {
          message_echoes: [
            message({
              from: fixtureDefaults.displayPhoneNumber,
              to: '1555',
              type: 'text',
              text: { body: 'from the phone' },
            }),
          ],
        },
        'smb_message_echoes',
      ),
    ) as BusinessMessageEvent[];
    expect(event).toMatchObject({
      kind: 'business-message',
      source: 'echo',
      customer: { waId: '1555', userId: null },
      wamid: 'wamid.k',
      type: 'text',
      content: { text: 'from the phone' },
    });
  });

  it('reads a history batch: customer messages as past incoming, business ones as past outgoing', () => {
    const events = parseWebhookPayload(
      envelope(
        {},
        {
          history: [
            {
              metadata: { phase: 0, chunk_order: 1, progress: 100 },
              threads: [
                {
                  id: '1555',
                  messages: [
                    message({
                      from: '1555',
                      id: 'wamid.h1',
                      type: 'text',
                      text: { body: 'old question' },
                      history_context: { status: 'READ' },
                    }),
                    message({
                      from: fixtureDefaults.displayPhoneNumber,
                      to: '1555',
                      id: 'wamid.h2',
                      type: 'text',
                      text: { body: 'old answer' },
                      history_context: { status: 'DELIVERED' },
                    }),
                  ],
                },
              ],
            },
          ],
        },
        'history',
      ),
    );
    expect(events).toMatchObject([
      { kind: 'message', history: true, from: '1555', wamid: 'wamid.h1', content: { text: 'old question' } },
      { kind: 'business-message', source: 'history', status: 'delivered', wamid: 'wamid.h2' },
    ]);
  });

  it('ignores a declined history (errors only) and fields it does not handle', () => {
    expect(
      parseWebhookPayload(
        envelope({}, { history: [{ errors: [{ code: 2593109, title: 'History sharing is turned off' }] }] }, 'history'),
      ),
    ).toEqual([]);
  });
});
