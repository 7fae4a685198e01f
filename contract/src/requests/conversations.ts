/** Queries and bodies of the conversation calls (docs/api.md, Conversations). */
import { z } from 'zod';
import { queryInt } from '../fields';
import { CONVERSATION_STATUSES } from '../values';

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max).optional(),
  );

/**
 * `q` finds conversations by their messages' text from this many characters on (trigrams need three);
 * shorter, it matches the contact only.
 */
export const MESSAGE_SEARCH_MIN_LENGTH = 3;

/** `from`/`to` are checked as dates by the server (a date-only `to` means the whole day). */
export const conversationListQuery = z.object({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(CONVERSATION_STATUSES).optional()),
  q: optionalText(200),
  customer: optionalText(200),
  /** A label's id: only the conversations that carry it. */
  label: optionalText(64),
  /** `me`, `unassigned` or a staff member's id: whose conversations (issue #21); absent: everyone's. */
  assignee: optionalText(64),
  from: optionalText(40),
  to: optionalText(40),
  limit: queryInt(200, 1000),
  cursor: optionalText(500),
});

export const conversationDetailQuery = z.object({
  before: optionalText(64),
  limit: queryInt(50, 200),
});

export const conversationStatusBody = z.object({ status: z.enum(CONVERSATION_STATUSES) });

/** PUT /api/conversations/{id}/assignee: a staff member of the account, or null to unassign (issue #21). */
export const conversationAssigneeBody = z.object({
  userId: z.guid('User id must be the id of a staff member').nullable(),
});

const replyTo = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().trim().max(64).optional(),
);

/** WhatsApp: text bodies up to 4096 characters, captions up to 1024. */
export const MAX_TEXT_BODY = 4096;
export const MAX_CAPTION = 1024;

export const textMessageBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Text is required')
    .max(MAX_TEXT_BODY, `Text is longer than ${MAX_TEXT_BODY} characters`),
  replyTo,
});

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? `${label} is required` : `${label} must be a number`,
      })
      .min(-limit, `${label} must be between -${limit} and ${limit}`)
      .max(limit, `${label} must be between -${limit} and ${limit}`),
  );

export const locationMessageBody = z.object({
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  name: z.string().trim().min(1, 'Name is required').max(1000),
  address: optionalText(1000),
  replyTo,
});

export const templateMessageBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(512)
    .regex(/^[a-z0-9_]+$/, 'Name must be a template name (lower-case letters, digits and _)'),
  language: z
    .string()
    .trim()
    .min(1, 'Language is required')
    .max(15)
    .regex(/^[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})?$/, 'Language must be a language code such as en_US'),
  // The template's variables (template-parameters.ts): header text or media link, body and URL-button values.
  parameters: z
    .object({
      header: z.string().max(2000, 'Header parameter is longer than 2000 characters').optional(),
      body: z.record(z.string(), z.string().max(1024, 'Body parameters are at most 1024 characters')).optional(),
      buttons: z.record(z.string(), z.string().max(2000, 'Button parameters are at most 2000 characters')).optional(),
    })
    .optional(),
  replyTo,
});

export const assetMessageBody = z.object({
  id: z.string().trim().min(1, 'Id is required').max(64),
  caption: optionalText(MAX_CAPTION),
  replyTo,
});

export const flowMessageBody = z.object({
  flowId: z.string().trim().min(1, 'Flow id is required').max(64),
  replyTo,
});

export type ConversationListQuery = z.input<typeof conversationListQuery>;
export type ConversationStatusBody = z.input<typeof conversationStatusBody>;
export type ConversationAssigneeBody = z.input<typeof conversationAssigneeBody>;
export type TextMessageBody = z.input<typeof textMessageBody>;
export type LocationMessageBody = z.input<typeof locationMessageBody>;
export type TemplateMessageBody = z.input<typeof templateMessageBody>;
export type AssetMessageBody = z.input<typeof assetMessageBody>;
export type FlowMessageBody = z.input<typeof flowMessageBody>;
