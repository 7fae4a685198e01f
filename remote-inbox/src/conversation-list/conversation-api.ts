import { api, type Conversation, type ConversationStatus } from '@parley/shared';

export interface ConversationPage {
  list: Conversation[];
  nextCursor: string | null;
}

/** One page of the list, biggest pages the API allows being unnecessary: 200 rows fill several screens. */
export const LIST_PAGE_SIZE = 200;

export async function fetchConversationPage(
  status: ConversationStatus,
  filters: Record<string, string>,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  const params: Record<string, string | number> = { status, ...filters, limit: LIST_PAGE_SIZE };
  if (cursor) params.cursor = cursor;
  const { data } = await api.get<ConversationPage>('/api/conversations', { params, signal });
  return { list: Array.isArray(data?.list) ? data.list : [], nextCursor: data?.nextCursor ?? null };
}

export async function setConversationStatus(conversationId: string, status: ConversationStatus): Promise<Conversation> {
  return (await api.put<Conversation>(`/api/conversations/${encodeURIComponent(conversationId)}/status`, { status }))
    .data;
}
