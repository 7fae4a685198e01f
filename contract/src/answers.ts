/**
 * The shapes the API answers with (docs/api.md). The server's views are built to these types; the browser reads
 * them as `z.infer` types through @parley/shared.
 */
import { z } from 'zod';
import {
  CONVERSATION_STATUSES,
  DELIVERY_STATUSES,
  LANGUAGES,
  MESSAGE_DIRECTIONS,
  ROLES,
  USER_STATUSES,
} from './values';

const isoDate = z.string();

/** Claims of the bearer token the browser reads (the server also signs `tv`, its token version). */
export const tokenPayload = z.object({
  sub: z.string(),
  acc: z.string(),
  role: z.enum(ROLES),
  lastLoginDate: isoDate,
  exp: z.number(),
});

export const account = z.object({ id: z.string(), name: z.string(), logo: z.string().nullable() });

/** GET|PUT /api/account/round-robin (owner): whether new conversations are assigned in turn among the staff online. */
export const roundRobinSetting = z.object({ roundRobin: z.boolean() });

/** GET /api/user/profile. */
export const currentUser = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  title: z.string(),
  role: z.enum(ROLES),
  isOwner: z.boolean(),
  status: z.enum(USER_STATUSES),
  /** The language the user picked on Profile; null (or absent, from an older server) follows the browser. */
  language: z.enum(LANGUAGES).nullable().optional(),
  account,
});

/** `?limit&page` lists: contacts, assets, users. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), lastPage: z.number() });

export const contact = z.object({
  id: z.string(),
  name: z.string().nullable(),
  profileName: z.string().nullable(),
  /** Digits with the country code; null for a customer known only by a WhatsApp user id. */
  phone: z.string().nullable(),
  /** Meta's business-scoped user id. */
  userId: z.string().nullable().optional(),
  /** The customer's WhatsApp username, when Meta sends one. */
  username: z.string().nullable().optional(),
  email: z.string().nullable(),
});

/** An order a customer placed from a catalog (Message.content.order). */
export const orderContent = z.object({
  catalogId: z.string(),
  text: z.string().optional(),
  items: z.array(
    z.object({ productRetailerId: z.string(), quantity: z.number(), itemPrice: z.number(), currency: z.string() }),
  ),
});

/** A notice from WhatsApp about the customer, e.g. a changed number (Message.content.system). */
export const systemContent = z.object({ type: z.string(), body: z.string(), newWaId: z.string().optional() });

/** The click-to-WhatsApp ad an incoming message came from (Message.content.referral). */
export const referralContent = z.object({
  headline: z.string().optional(),
  body: z.string().optional(),
  sourceUrl: z.string().optional(),
  sourceType: z.string().optional(),
  sourceId: z.string().optional(),
  mediaType: z.string().optional(),
  imageUrl: z.string().optional(),
  videoUrl: z.string().optional(),
  thumbnailUrl: z.string().optional(),
});

/** Message.content: the fields every type may carry are named; the rest depends on the type (docs/api.md). */
export const messageContent = z.looseObject({
  text: z.string().nullish(),
  link: z.string().nullish(),
  url: z.string().nullish(),
  mimeType: z.string().nullish(),
  fileName: z.string().nullish(),
  interactive: z.unknown().optional(),
  order: orderContent.optional(),
  system: systemContent.optional(),
  referral: referralContent.optional(),
});

export const messageError = z.object({
  /** Meta's numeric code, or one of our own reasons ('timeout', 'interrupted', 'not_connected'). */
  code: z.union([z.number(), z.string()]),
  title: z.string(),
  /** Meta's error_data.details. */
  details: z.string().optional(),
});

export const quotedMessage = z.object({
  id: z.string(),
  type: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  text: z.string().optional(),
});

export const message = z.object({
  id: z.string(),
  conversationId: z.string(),
  type: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  content: messageContent,
  /** The id of the quoted message (when we have it). */
  replyTo: z.string().nullable(),
  /** The quoted message in short (text: its text or caption, first 100 characters), so an unloaded quote shows it. */
  replyToMessage: quotedMessage.nullable(),
  /** Outgoing only. */
  status: z.enum(DELIVERY_STATUSES).optional(),
  error: messageError.nullable(),
  reactions: z.array(z.object({ emoji: z.string(), from: z.string() })),
  /** WhatsApp's own time for incoming, the send time for outgoing; order is (timestamp, createdAt, id). */
  timestamp: isoDate,
  /** An outgoing message the business sent from the WhatsApp Business app (echo or history sync). */
  sentFrom: z.literal('phone_app').optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** A label as it is put on a conversation, and as GET /api/account/labels lists it (issue #21). */
export const label = z.object({ id: z.string(), name: z.string(), colour: z.string() });

/** GET /api/account/labels: every label of the account, by name (an account keeps a handful). */
export const labelList = z.object({ list: z.array(label) });

export const conversation = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  contact,
  /**
   * `preview` and `type` (list answers only): its text or caption, else its type's English label
   * (docs/product-rules.md#dashboard-main); `type` lets a screen name a message without text in its own language.
   */
  lastMessage: z
    .object({ incoming: z.boolean(), timestamp: isoDate, preview: z.string().optional(), type: z.string().optional() })
    .nullable(),
  /** Within 24 hours of the customer's last message (docs/product-rules.md#service-window). */
  canSendFreeForm: z.boolean(),
  /** When the customer wrote while it was archived (it stays archived: a badge); null after a status change. */
  archivedReplyAt: isoDate.nullable(),
  /** The labels staff put on it, by name. */
  labels: z.array(label),
  /** The staff member it is assigned to (issue #21), or null: unassigned. */
  assignee: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /** The caller's unread incoming messages (absent on the account-wide `message` event). */
  unreadCount: z.number().int().min(0).optional(),
  /**
   * List answers to `q` only, when a message matched: the newest message whose text or caption contains `q`,
   * its `text` cut to a snippet around the hit (search in messages, issue #21).
   */
  match: z.object({ messageId: z.string(), text: z.string() }).optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** Listed conversations per tab. */
export const tabCounts = z.object({ active: z.number(), closed: z.number(), archived: z.number() });

/**
 * GET /api/conversations/summary: the tab counts, the caller's unread total, and `archivedReplies`, archived
 * conversations the customer wrote into since they were archived (the Archived tab's badge).
 */
export const conversationSummary = z.object({
  counts: tabCounts,
  unreadTotal: z.number().int().min(0),
  archivedReplies: z.number().int().min(0),
});

/** GET /api/conversations. */
export const conversationList = z.object({ list: z.array(conversation), nextCursor: z.string().nullable() });

/** GET /api/conversations/{id}: messages oldest first. */
export const conversationDetail = conversation.extend({ messages: z.array(message), hasMore: z.boolean() });

/** A part of a template as Meta describes it (HEADER, BODY, FOOTER, BUTTONS, …); other fields pass through. */
export const templateComponent = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  format: z.string().optional(),
  buttons: z.array(z.looseObject({ type: z.string(), text: z.string() })).optional(),
});

/**
 * What a template send must fill in (POST /api/conversations/{id}/template `parameters`), with Meta's examples:
 * the header's variable (TEXT) or its file (IMAGE/VIDEO/DOCUMENT: an https link), the body's `{{name}}`s in
 * order, and URL buttons ending in a variable (by button index).
 */
export const templateParameters = z.object({
  header: z
    .union([
      z.object({ format: z.literal('TEXT'), name: z.string(), example: z.string().optional() }),
      z.object({ format: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']), example: z.string().optional() }),
    ])
    .optional(),
  body: z.array(z.object({ name: z.string(), example: z.string().optional() })),
  buttons: z.array(z.object({ index: z.number(), text: z.string(), url: z.string(), example: z.string().optional() })),
});

/** GET /api/account/templates: approved templates only. */
export const messageTemplate = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  components: z.array(templateComponent),
  parameters: templateParameters,
});

export const asset = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Same-origin path that needs no bearer (the unguessable token is the permission). */
  url: z.string(),
  /** Images: a WebP at most 480 px. */
  thumbnailUrl: z.string().nullable(),
  mimeType: z.string(),
  fileName: z.string(),
  size: z.number(),
  createdAt: isoDate,
  /** Set when soft-deleted. */
  deletedAt: isoDate.nullable(),
});

export const formTemplate = z.object({
  id: z.string(),
  metaFlowId: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  /** Meta's preview of the flow: a web page (open it or frame it sandboxed), not an image; renewed on sync. */
  previewUrl: z.string().nullable(),
  header: z.string().nullable(),
  body: z.string().nullable(),
  footer: z.string().nullable(),
  ctaText: z.string().nullable(),
  isCustomizable: z.boolean(),
  /** Only active forms are offered in the composer. */
  isActive: z.boolean(),
  /** Meta's status of the flow (PUBLISHED, DRAFT, …). */
  status: z.string(),
  categories: z.array(z.string()),
});

export const accountUser = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  title: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  online: z.boolean(),
});

/** GET /api/public-config: what the embedded sign-up needs. */
export const publicConfig = z.object({
  fbAppId: z.string().nullable(),
  fbConfigId: z.string().nullable(),
  fbSdkUrl: z.string(),
  fbSdkOrigin: z.string(),
});

/** GET /api/account/connection and the realtime `connection` event ('none' = never connected). */
export const connectionState = z.object({
  status: z.enum(['connected', 'disconnected', 'none']),
  reason: z.string().optional(),
});

/** Answers that only acknowledge. */
export const okAnswer = z.object({ ok: z.literal(true) });
export const messageAnswer = z.object({ message: z.string() });
export const tokenAnswer = z.object({ token: z.string() });
/** POST /api/user/change-password: older tokens stop working, the client stores this one. */
export const passwordChangedAnswer = z.object({ message: z.string(), token: z.string() });

/**
 * Every refusal: 4xx `{ message, code }`; validation adds `errors` (field → sentence), assets and forms `description`.
 * `code` is stable (the browser shows its catalogue text for it, docs/api.md#errors); `message` is the English text.
 */
export const errorAnswer = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  description: z.string().optional(),
});

export type TokenPayload = z.infer<typeof tokenPayload>;
export type Account = z.infer<typeof account>;
export type RoundRobinSetting = z.infer<typeof roundRobinSetting>;
export type CurrentUser = z.infer<typeof currentUser>;
export type Paged<T> = { list: T[]; lastPage: number };
export type Contact = z.infer<typeof contact>;
export type OrderContent = z.infer<typeof orderContent>;
export type SystemContent = z.infer<typeof systemContent>;
export type ReferralContent = z.infer<typeof referralContent>;
export type MessageContent = z.infer<typeof messageContent>;
export type MessageError = z.infer<typeof messageError>;
export type Message = z.infer<typeof message>;
export type QuotedMessage = z.infer<typeof quotedMessage>;
export type Conversation = z.infer<typeof conversation>;
export type Label = z.infer<typeof label>;
export type Assignee = NonNullable<Conversation['assignee']>;
export type LabelList = z.infer<typeof labelList>;
export type ConversationList = z.infer<typeof conversationList>;
export type ConversationDetail = z.infer<typeof conversationDetail>;
export type TabCounts = z.infer<typeof tabCounts>;
export type ConversationSummary = z.infer<typeof conversationSummary>;
export type MessageTemplate = z.infer<typeof messageTemplate>;
export type TemplateParameters = z.infer<typeof templateParameters>;
export type Asset = z.infer<typeof asset>;
export type FormTemplate = z.infer<typeof formTemplate>;
export type AccountUser = z.infer<typeof accountUser>;
export type PublicConfig = z.infer<typeof publicConfig>;
export type ConnectionState = z.infer<typeof connectionState>;
export type ErrorAnswer = z.infer<typeof errorAnswer>;
