import { api, type Conversation, type Paged, type AccountUser } from '@parley/shared';

/** PUT /api/conversations/{id}/assignee (issue #21): a staff member's id, or null to unassign. */
export async function setConversationAssignee(conversationId: string, userId: string | null): Promise<Conversation> {
  return (await api.put<Conversation>(`/api/conversations/${encodeURIComponent(conversationId)}/assignee`, { userId }))
    .data;
}

/** The staff an owner can assign to: the active ones, by name (the staff API's largest page; owners only). */
export async function fetchAssignableStaff(): Promise<AccountUser[]> {
  const { data } = await api.get<Paged<AccountUser>>('/api/account/users', { params: { limit: 100, page: 1 } });
  return (data?.list ?? [])
    .filter((user) => user.status === 'active')
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** Up to two initials of a name, for the small avatar on rows and in the header. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '?';
}
