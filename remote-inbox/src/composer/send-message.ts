import { api, serverTextUnless500, type Message } from '@parley/shared';
import { t } from '../i18n';
import type { SendPlan } from './composer-validation';

/**
 * The toast text for a failed send or conversation action (server message unless a 500 or no object body); the
 * fallback is docs/product-rules.md#errors'.
 */
export function sendErrorText(error: unknown): string {
  return serverTextUnless500(error, t('composer.sendFailed'));
}

const withReply = <T extends object>(body: T, replyTo?: string) => (replyTo ? { ...body, replyTo } : body);

/** Posts one send to the conversation API and answers the stored message. */
export async function sendMessage(conversationId: string, plan: SendPlan, replyTo?: string): Promise<Message> {
  const base = `/api/conversations/${encodeURIComponent(conversationId)}`;
  switch (plan.kind) {
    case 'text':
      return (await api.post<Message>(base, withReply({ text: plan.text }, replyTo))).data;
    case 'media': {
      const form = new FormData();
      form.append('file', plan.file, plan.file.name);
      if (plan.caption) form.append('caption', plan.caption);
      if (replyTo) form.append('replyTo', replyTo);
      return (await api.post<Message>(`${base}/media`, form)).data;
    }
    case 'asset':
      return (
        await api.post<Message>(
          `${base}/asset`,
          withReply({ id: plan.id, ...(plan.caption ? { caption: plan.caption } : {}) }, replyTo),
        )
      ).data;
    case 'form':
      return (await api.post<Message>(`${base}/flow`, withReply({ flowId: plan.flowId }, replyTo))).data;
    case 'template':
      return (
        await api.post<Message>(
          `${base}/template`,
          withReply(
            { name: plan.name, language: plan.language, ...(plan.parameters ? { parameters: plan.parameters } : {}) },
            replyTo,
          ),
        )
      ).data;
  }
}

export async function retryMessage(conversationId: string, messageId: string): Promise<Message> {
  const url = `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/retry`;
  return (await api.post<Message>(url)).data;
}
