import { api, type ConversationDetail } from '@parley/shared';

export const MESSAGE_PAGE_SIZE = 50;

/** The conversation with its newest messages, or with the page before `before` (oldest first either way). */
export async function fetchConversationDetail(conversationId: string, before?: string): Promise<ConversationDetail> {
  const params: Record<string, string | number> = { limit: MESSAGE_PAGE_SIZE };
  if (before) params.before = before;
  const { data } = await api.get<ConversationDetail>(`/api/conversations/${encodeURIComponent(conversationId)}`, {
    params,
  });
  return { ...data, messages: Array.isArray(data?.messages) ? data.messages : [] };
}
