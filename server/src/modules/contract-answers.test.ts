/**
 * The server's views answer what the contract says (@parley/contract): each view built from a stored row must
 * parse with the contract's schema, so a field the server stops sending, or sends in another shape, fails here.
 */
import * as contract from '@parley/contract';
import type { AssetRow } from './assets/schema';
import { toAssetView } from './assets/service';
import type { ContactRow } from './contacts/schema';
import { toContactView } from './contacts/service';
import type { ConversationRow, MessageRow } from './conversations/schema';
import { toConversationView, toMessageView } from './conversations/views';
import type { FlowRow } from './forms/schema';
import { toFormTemplateView } from './forms/service';

const at = new Date('2026-03-01T12:00:00.000Z');
const links = { url: (id: string) => `/api/messages/${id}/media?signed`, verify: () => true };
const strict = <T>(schema: { parse(value: unknown): T }, value: unknown) => expect(schema.parse(value)).toEqual(value);

const contactRow = {
  id: '00000000-0000-4000-8000-000000000001',
  accountId: '00000000-0000-4000-8000-0000000000aa',
  name: 'Ana',
  profileName: 'Ana P',
  phone: '15550001',
  waId: '15550001',
  userId: null,
  username: null,
  email: null,
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
} as unknown as ContactRow;

const messageRow = (patch: Partial<MessageRow> = {}) =>
  ({
    id: '00000000-0000-4000-8000-000000000002',
    accountId: contactRow.accountId,
    conversationId: '00000000-0000-4000-8000-000000000003',
    type: 'image',
    direction: 'outgoing',
    content: { caption: 'Our shop', mimeType: 'image/jpeg', sha256: 'abc' },
    replyToId: null,
    status: 'failed',
    errorCode: '131047',
    errorTitle: 'Re-engagement message',
    errorDetails: null,
    sentFrom: null,
    storageKey: 'files/x',
    reactions: [{ emoji: '👍', from: '15550001' }],
    sentAt: at,
    createdAt: at,
    updatedAt: at,
    ...patch,
  }) as unknown as MessageRow;

describe('views answer the contract', () => {
  it('message: stored file as a signed link, Meta error code as a number, reactions', () => {
    const view = toMessageView(messageRow(), links, at);
    strict(contract.message, view);
    expect(view.error).toEqual({ code: 131047, title: 'Re-engagement message' });
  });

  it('message: an incoming text quoting another', () => {
    const view = toMessageView(
      messageRow({
        type: 'text',
        direction: 'incoming',
        content: { text: 'Hi' },
        status: null,
        errorCode: null,
        errorTitle: null,
        storageKey: null,
        reactions: [],
        replyToId: '00000000-0000-4000-8000-000000000009',
      }),
      links,
      at,
    );
    strict(contract.message, view);
  });

  it('conversation and contact', () => {
    const row = {
      id: '00000000-0000-4000-8000-000000000003',
      accountId: contactRow.accountId,
      contactId: contactRow.id,
      status: 'active',
      lastMessageAt: at,
      lastMessageIncoming: true,
      lastIncomingAt: at,
      createdAt: at,
      updatedAt: at,
    } as unknown as ConversationRow;
    strict(contract.contact, toContactView(contactRow));
    strict(
      contract.conversation,
      toConversationView(
        row,
        contactRow,
        [{ id: 'l1', name: 'VIP', colour: 'gold' }],
        { id: 'u1', fullName: 'Ada' },
        at,
      ),
    );
  });

  it('asset and form template', () => {
    const asset = {
      id: '00000000-0000-4000-8000-000000000004',
      name: 'Shop front',
      description: null,
      mimeType: 'image/png',
      size: 1024,
      fileName: 'shop.png',
      storageKey: 'assets/x',
      thumbnailKey: 'assets/x.webp',
      fileToken: 'tok',
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
    } as unknown as AssetRow;
    strict(contract.asset, toAssetView(asset));
    const flow = {
      id: '00000000-0000-4000-8000-000000000005',
      metaFlowId: '1234',
      name: 'Booking',
      status: 'PUBLISHED',
      categories: ['APPOINTMENT_BOOKING'],
      description: null,
      header: null,
      body: 'Pick a time',
      footer: null,
      ctaText: 'Book',
      isCustomizable: true,
      previewUrl: null,
    } as unknown as FlowRow;
    strict(contract.formTemplate, toFormTemplateView(flow));
  });
});
