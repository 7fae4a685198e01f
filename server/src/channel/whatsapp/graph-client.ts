import crypto from 'node:crypto';
import { closedBeforeAnswer, GraphError, graphErrorFromAnswer, graphErrorFromFailure } from './graph-error';
import { readReceipt, type OutboundPayload } from './outbound-payload';
import { PARLEY_USER_AGENT } from './user-agent';

export interface GraphClientOptions {
  /** e.g. https://graph.facebook.com/v22.0, or the sandbox's http://127.0.0.1:4010/v22.0 */
  baseUrl: string;
  /** System-user or business token (Bearer). May be empty for exchangeCode. */
  token: string;
  fetch?: typeof fetch;
  /** Per request; a time-out is an ambiguous failure. Default 15 s. */
  timeoutMs?: number;
  /** Sent on every request. Default `Parley/<version>`. */
  userAgent?: string;
}

/** What `GET /{media-id}` said about the file, to check the download against. */
export interface ExpectedMedia {
  mimeType?: string;
  fileSize?: number;
  /** Base64 (Meta's form) or hex SHA-256 of the file. */
  sha256?: string;
}

export interface SendResult {
  wamid: string;
  /** Meta's wa_id for the recipient; may differ from what we sent (Brazil, Mexico). Absent for a user-id send. */
  waId?: string;
  /** Meta's business-scoped user id, when it answers with one. */
  userId?: string;
  input: string;
  messageStatus?: string;
}

export interface MediaInfo {
  id: string;
  url: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
}

export interface GraphFlow {
  id: string;
  name: string;
  status: string;
  categories: string[];
  validationErrors: unknown[];
}

export interface GraphFlowDetail extends GraphFlow {
  preview?: { previewUrl: string; expiresAt: string };
  raw: Record<string, unknown>;
}

export interface GraphTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: unknown[];
  parameterFormat?: string;
}

export interface GraphPhoneNumber {
  id: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating?: string;
  codeVerificationStatus?: string;
  platformType?: string;
}

interface Page<T> {
  data: T[];
  paging?: { next?: string };
}

type Query = Record<string, string | undefined>;

const baseType = (mimeType: string) => mimeType.split(';')[0].trim().toLowerCase();

/** Why a downloaded body is not the media getMedia described, or null when it is. */
function mediaProblem(data: Buffer, mimeType: string, expected: ExpectedMedia): string | null {
  if (mimeType === 'text/html' || mimeType === 'application/xhtml+xml') return 'an HTML page instead of the file';
  if (expected.mimeType && baseType(expected.mimeType) !== mimeType && mimeType !== 'application/octet-stream')
    return `type ${mimeType} instead of ${baseType(expected.mimeType)}`;
  if (expected.fileSize && data.length !== expected.fileSize)
    return `${data.length} bytes instead of ${expected.fileSize}`;
  if (expected.sha256) {
    const digest = crypto.createHash('sha256').update(data).digest();
    const matches = [digest.toString('base64'), digest.toString('hex')].includes(expected.sha256.trim());
    if (!matches) return 'the SHA-256 does not match';
  }
  return null;
}

export type GraphClient = ReturnType<typeof createGraphClient>;

/** A small typed client for the Graph API calls Parley makes. Failures throw GraphError with a kind. */
export function createGraphClient(options: GraphClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  function url(path: string, query: Query = {}): string {
    const target = new URL(`${baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) target.searchParams.set(key, value);
    return target.toString();
  }

  async function request(
    target: string,
    init: { method?: string; body?: RequestInit['body']; json?: unknown; auth?: boolean } = {},
  ): Promise<Response> {
    // A token no HTTP header can carry (spaces, non-ASCII) would make fetch throw, which reads as "Meta
    // unreachable"; Meta itself refuses such a token with 190, so say that without calling it.
    if (init.auth !== false && options.token && !/^[\x21-\x7e]+$/.test(options.token)) {
      throw new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token', undefined, 'permanent');
    }
    const headers: Record<string, string> = { 'user-agent': options.userAgent ?? PARLEY_USER_AGENT };
    if (init.auth !== false && options.token) headers.authorization = `Bearer ${options.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const method = init.method ?? 'GET';
    const send = () => doFetch(target, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    let response: Response;
    try {
      response = await send().catch((error: unknown) => {
        // A kept-alive connection the other side closed just as it was reused (a server may close one after any
        // answer): a read is asked again once, on a new connection. A write may have been taken, so it is not.
        if (method === 'GET' && closedBeforeAnswer(error)) return send();
        throw error;
      });
    } catch (error) {
      throw graphErrorFromFailure(error);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    throw graphErrorFromAnswer(response.status, parsed, response.headers.get('retry-after'));
  }

  async function json<T>(target: string, init: Parameters<typeof request>[1] = {}): Promise<T> {
    const response = await request(target, init);
    try {
      return (await response.json()) as T;
    } catch {
      throw new GraphError(response.status, null, 'Graph API answered with invalid JSON', undefined, 'ambiguous');
    }
  }

  /** Follows `paging.next` until it is absent. */
  async function collect<T>(first: string): Promise<T[]> {
    const items: T[] = [];
    let next: string | undefined = first;
    for (let page = 0; next && page < 100; page += 1) {
      const answer: Page<T> = await json<Page<T>>(next);
      items.push(...(answer.data ?? []));
      next = answer.paging?.next;
    }
    return items;
  }

  const toFlow = (raw: Record<string, unknown>): GraphFlow => ({
    id: String(raw.id),
    name: String(raw.name ?? ''),
    status: String(raw.status ?? ''),
    categories: Array.isArray(raw.categories) ? raw.categories.map(String) : [],
    validationErrors: Array.isArray(raw.validation_errors) ? raw.validation_errors : [],
  });

  const toPhone = (raw: Record<string, unknown>): GraphPhoneNumber => ({
    id: String(raw.id),
    displayPhoneNumber: String(raw.display_phone_number ?? ''),
    verifiedName: String(raw.verified_name ?? ''),
    ...(raw.quality_rating ? { qualityRating: String(raw.quality_rating) } : {}),
    ...(raw.code_verification_status ? { codeVerificationStatus: String(raw.code_verification_status) } : {}),
    ...(raw.platform_type ? { platformType: String(raw.platform_type) } : {}),
  });

  return {
    async sendMessage(phoneNumberId: string, payload: OutboundPayload): Promise<SendResult> {
      const answer = await json<{
        contacts?: Array<{ input?: string; wa_id?: string; user_id?: string }>;
        messages?: Array<{ id?: string; message_status?: string }>;
      }>(url(`/${phoneNumberId}/messages`), {
        method: 'POST',
        json: payload,
      });
      const message = answer.messages?.[0];
      // A 200 without a wamid leaves us unable to track the message: treat like an unknown outcome.
      if (!message?.id) throw new GraphError(200, null, 'Send answered without a message id', undefined, 'ambiguous');
      const contact = answer.contacts?.[0];
      return {
        wamid: message.id,
        ...(contact?.wa_id ? { waId: String(contact.wa_id) } : {}),
        ...(contact?.user_id ? { userId: String(contact.user_id) } : {}),
        input: contact?.input ?? payload.to ?? payload.recipient ?? '',
        ...(message.message_status ? { messageStatus: message.message_status } : {}),
      };
    },

    async markRead(phoneNumberId: string, wamid: string, settings: { typing?: boolean } = {}): Promise<void> {
      await json(url(`/${phoneNumberId}/messages`), { method: 'POST', json: readReceipt(wamid, settings) });
    },

    async uploadMedia(
      phoneNumberId: string,
      file: { data: Uint8Array; mimeType: string; fileName: string },
    ): Promise<{ id: string }> {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mimeType);
      form.set('file', new Blob([new Uint8Array(file.data)], { type: file.mimeType }), file.fileName);
      const answer = await json<{ id: string }>(url(`/${phoneNumberId}/media`), { method: 'POST', body: form });
      return { id: String(answer.id) };
    },

    async getMedia(mediaId: string, phoneNumberId?: string): Promise<MediaInfo> {
      const raw = await json<Record<string, unknown>>(url(`/${mediaId}`, { phone_number_id: phoneNumberId }));
      return {
        id: String(raw.id),
        url: String(raw.url),
        mimeType: String(raw.mime_type ?? 'application/octet-stream'),
        sha256: String(raw.sha256 ?? ''),
        fileSize: Number(raw.file_size ?? 0),
      };
    },

    /**
     * Downloads a media URL from getMedia; it needs the same Bearer token and expires after ~5 minutes. An answer
     * that is not the file getMedia described (an HTML error page served with 200, another type, another size or
     * hash) throws an ambiguous GraphError: ask getMedia for a fresh URL and try again, never keep it.
     */
    async downloadMedia(mediaUrl: string, expected: ExpectedMedia = {}): Promise<{ data: Buffer; mimeType: string }> {
      const response = await request(mediaUrl);
      const mimeType = response.headers.get('content-type') ?? 'application/octet-stream';
      const data = Buffer.from(await response.arrayBuffer());
      const problem = mediaProblem(data, baseType(mimeType), expected);
      if (problem)
        throw new GraphError(
          response.status,
          null,
          `The media download was refused: ${problem}`,
          undefined,
          'ambiguous',
        );
      return { data, mimeType };
    },

    async deleteMedia(mediaId: string): Promise<void> {
      await json(url(`/${mediaId}`), { method: 'DELETE' });
    },

    async listFlows(wabaId: string): Promise<GraphFlow[]> {
      const raw = await collect<Record<string, unknown>>(
        url(`/${wabaId}/flows`, { fields: 'id,name,status,categories,validation_errors' }),
      );
      return raw.map(toFlow);
    },

    async getFlow(
      flowId: string,
      fields = 'id,name,categories,preview,status,validation_errors,json_version,health_status',
    ): Promise<GraphFlowDetail> {
      const raw = await json<Record<string, unknown>>(url(`/${flowId}`, { fields }));
      const preview = raw.preview as { preview_url?: string; expires_at?: string } | undefined;
      return {
        ...toFlow(raw),
        ...(preview?.preview_url
          ? { preview: { previewUrl: preview.preview_url, expiresAt: String(preview.expires_at ?? '') } }
          : {}),
        raw,
      };
    },

    async listTemplates(wabaId: string, filter: { status?: string; limit?: number } = {}): Promise<GraphTemplate[]> {
      const raw = await collect<Record<string, unknown>>(
        url(`/${wabaId}/message_templates`, {
          status: filter.status,
          limit: filter.limit ? String(filter.limit) : undefined,
        }),
      );
      return raw.map((template) => ({
        id: String(template.id),
        name: String(template.name),
        language: String(template.language),
        status: String(template.status),
        category: String(template.category),
        components: Array.isArray(template.components) ? template.components : [],
        ...(template.parameter_format ? { parameterFormat: String(template.parameter_format) } : {}),
      }));
    },

    async getPhoneNumber(phoneNumberId: string): Promise<GraphPhoneNumber> {
      return toPhone(await json<Record<string, unknown>>(url(`/${phoneNumberId}`)));
    },

    async listPhoneNumbers(wabaId: string): Promise<GraphPhoneNumber[]> {
      return (await collect<Record<string, unknown>>(url(`/${wabaId}/phone_numbers`))).map(toPhone);
    },

    /** Embedded sign-up: trade the 30-second code for a business token. */
    async exchangeCode(
      appId: string,
      appSecret: string,
      code: string,
    ): Promise<{ accessToken: string; tokenType: string }> {
      const answer = await json<{ access_token?: string; token_type?: string }>(
        url('/oauth/access_token', { client_id: appId, client_secret: appSecret, code }),
        { auth: false },
      );
      if (!answer.access_token)
        throw new GraphError(200, null, 'Code exchange answered without a token', undefined, 'permanent');
      return { accessToken: answer.access_token, tokenType: answer.token_type ?? 'bearer' };
    },

    async subscribeApp(wabaId: string): Promise<void> {
      await json(url(`/${wabaId}/subscribed_apps`), { method: 'POST' });
    },

    /**
     * The app's webhook fields of the WhatsApp Business Account object (Graph "App Subscriptions" edge); the client's
     * token must be the app access token `<app-id>|<app-secret>`.
     */
    async subscribeAppFields(
      appId: string,
      input: { callbackUrl: string; verifyToken?: string; fields: string[] },
    ): Promise<void> {
      await json(url(`/${appId}/subscriptions`), {
        method: 'POST',
        json: {
          object: 'whatsapp_business_account',
          callback_url: input.callbackUrl,
          ...(input.verifyToken ? { verify_token: input.verifyToken } : {}),
          fields: input.fields.join(','),
        },
      });
    },

    async registerPhone(phoneNumberId: string, pin: string): Promise<void> {
      await json(url(`/${phoneNumberId}/register`), { method: 'POST', json: { messaging_product: 'whatsapp', pin } });
    },
  };
}
