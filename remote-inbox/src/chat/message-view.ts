import { formatNumber, type Message } from '@parley/shared';
import { t } from '../i18n';

/** What a message bubble shows, decided from the message alone (docs/product-rules.md#dashboard types + what the channel receives). */
export type MessageView =
  | { kind: 'text'; text: string }
  | { kind: 'image' | 'video' | 'audio' | 'sticker'; url?: string; caption?: string; unavailable?: boolean }
  | { kind: 'document'; url?: string; fileName: string; caption?: string; unavailable?: boolean }
  | { kind: 'form'; name: string }
  | { kind: 'answers'; answers: Array<[string, string]> }
  | { kind: 'reaction'; emoji?: string }
  | { kind: 'location'; name?: string; address?: string; latitude?: number; longitude?: number }
  | { kind: 'contacts'; contacts: Array<{ name: string; phones: string[] }> }
  | { kind: 'template'; name: string; text?: string }
  | { kind: 'order'; note?: string; items: OrderLine[]; total?: string }
  | { kind: 'notice'; text: string }
  | { kind: 'unsupported' };

export interface OrderLine {
  product: string;
  quantity: number;
  /** The unit price with its currency, e.g. "$12.50". */
  price: string;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const number = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
};

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'boolean') return value ? t('message.yes') : t('message.no');
  if (isObject(value)) return JSON.stringify(value);
  return String(value);
}

/** Key/value answers of a form, whichever wrapping the server kept (answers, response_json, nfm_reply). */
export function formAnswers(interactive: unknown): Array<[string, string]> {
  let source = parseJson(interactive);
  if (isObject(source) && isObject(source.nfm_reply)) source = source.nfm_reply;
  if (isObject(source) && 'answers' in source) source = parseJson(source.answers);
  else if (isObject(source) && 'response_json' in source) source = parseJson(source.response_json);
  if (!isObject(source)) return [];
  return Object.entries(source)
    .filter(([key]) => key !== 'flow_token')
    .map(([key, value]) => [key, answerText(value)]);
}

function interactiveView(message: Message): MessageView {
  const interactive = parseJson(message.content.interactive);
  if (message.direction === 'outgoing') {
    const name = isObject(interactive) ? (text(interactive.name) ?? text(interactive.displayName)) : text(interactive);
    return { kind: 'form', name: name ?? text(message.content.text) ?? t('message.form') };
  }
  // A tap on a reply button or a list row carries its title, not answers.
  const tapped = isObject(interactive) ? (interactive.button_reply ?? interactive.list_reply) : undefined;
  if (isObject(tapped) && text(tapped.title)) return { kind: 'text', text: text(tapped.title)! };
  return { kind: 'answers', answers: formAnswers(interactive) };
}

function contactEntries(value: unknown): Array<{ name: string; phones: string[] }> {
  const list = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  return list.filter(isObject).map((entry) => {
    const name = isObject(entry.name)
      ? (text(entry.name.formatted_name) ?? text(entry.name.first_name))
      : text(entry.name);
    const phones = Array.isArray(entry.phones)
      ? entry.phones
          .map((phone) => (isObject(phone) ? (text(phone.phone) ?? text(phone.wa_id)) : text(phone)))
          .filter((p): p is string => !!p)
      : text(entry.phone)
        ? [text(entry.phone)!]
        : [];
    return { name: name ?? phones[0] ?? t('message.contact'), phones };
  });
}

function money(amount: number, currency: string): string {
  try {
    return formatNumber(amount, { style: 'currency', currency });
  } catch {
    // Not an ISO 4217 code: still show the amount and what Meta called the currency.
    return `${amount} ${currency}`.trim();
  }
}

function orderView(order: unknown): MessageView {
  const source = isObject(order) ? order : {};
  const rows = Array.isArray(source.items) ? source.items.filter(isObject) : [];
  const items = rows.map((item) => {
    const quantity = number(item.quantity) ?? 1;
    const unit = number(item.itemPrice) ?? 0;
    const currency = text(item.currency) ?? '';
    return { product: text(item.productRetailerId) ?? t('message.item'), quantity, unit, currency };
  });
  const currencies = new Set(items.map((item) => item.currency));
  // A total only makes sense in one currency.
  const total =
    items.length && currencies.size === 1
      ? money(
          items.reduce((sum, item) => sum + item.quantity * item.unit, 0),
          items[0].currency,
        )
      : undefined;
  return {
    kind: 'order',
    note: text(source.text),
    items: items.map(({ product, quantity, unit, currency }) => ({ product, quantity, price: money(unit, currency) })),
    total,
  };
}

export function messageView(message: Message): MessageView {
  const content: Loose = isObject(message.content) ? message.content : {};
  const url = text(content.url) ?? text(content.link);
  const caption = text(content.caption) ?? text(content.text);
  // WhatsApp would not give the server this file: it will never appear (otherwise it is still downloading).
  const unavailable = content.mediaUnavailable === true ? true : undefined;
  switch (message.type) {
    case 'text':
    case 'button':
      return { kind: 'text', text: typeof content.text === 'string' ? content.text : '' };
    case 'image':
    case 'video':
    case 'audio':
    case 'sticker':
      return {
        kind: message.type,
        url,
        caption: message.type === 'sticker' || message.type === 'audio' ? undefined : caption,
        unavailable,
      };
    case 'document':
      return {
        kind: 'document',
        url,
        fileName: text(content.fileName) ?? t('message.document'),
        caption: caption !== text(content.fileName) ? caption : undefined,
        unavailable,
      };
    case 'interactive':
      return interactiveView(message);
    case 'reaction': {
      const reaction = isObject(content.reaction) ? content.reaction : content;
      return { kind: 'reaction', emoji: text(reaction.emoji) };
    }
    case 'location': {
      const place = isObject(content.location) ? content.location : content;
      return {
        kind: 'location',
        name: text(place.name),
        address: text(place.address),
        latitude: number(place.latitude),
        longitude: number(place.longitude),
      };
    }
    case 'contacts':
      return { kind: 'contacts', contacts: contactEntries(content.contacts ?? content) };
    case 'template': {
      const template = isObject(content.template) ? content.template : content;
      const name = text(template.name);
      // The server stores the body with its variables filled in as the text (docs/api.md).
      const body = text(content.text);
      return name
        ? { kind: 'template', name, ...(body ? { text: body } : {}) }
        : { kind: 'template', name: body ?? t('message.templateFallback') };
    }
    case 'order':
      return orderView(content.order);
    case 'system': {
      const system = isObject(content.system) ? content.system : {};
      return {
        kind: 'notice',
        text: text(system.body) ?? text(content.text) ?? t('message.systemNotice'),
      };
    }
    case 'request_welcome':
      // Shown for `request_welcome`: the customer opened the chat for the first time (there is no text).
      return { kind: 'notice', text: t('message.welcome') };
    default:
      return { kind: 'unsupported' };
  }
}

export interface ReferralView {
  headline?: string;
  body?: string;
  /** The ad's link; only http(s), so a crafted payload cannot run script from a link. */
  url?: string;
}

function webLink(value: unknown): string | undefined {
  const candidate = text(value);
  if (!candidate) return undefined;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The click-to-WhatsApp ad an incoming message came from, if any. */
export function referralView(message: Message): ReferralView | undefined {
  const referral = isObject(message.content) ? message.content.referral : undefined;
  if (!isObject(referral)) return undefined;
  const view = { headline: text(referral.headline), body: text(referral.body), url: webLink(referral.sourceUrl) };
  return view.headline || view.body || view.url ? view : undefined;
}
