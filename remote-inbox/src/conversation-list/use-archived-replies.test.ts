import { aConversation } from '../test-support/fixtures';
import { withArchivedReply } from './use-archived-replies';

describe('archived conversations with a customer reply', () => {
  const replied = aConversation({ id: 'a', status: 'archived', archivedReplyAt: '2024-05-01T10:00:00Z' });

  it('counts one while it stays archived with a reply, and drops it once reopened or closed', () => {
    const ids = withArchivedReply(new Set(), replied);
    expect([...ids]).toEqual(['a']);
    expect(withArchivedReply(ids, { ...replied, status: 'active', archivedReplyAt: null }).size).toBe(0);
    expect(withArchivedReply(ids, { ...replied, status: 'closed' }).size).toBe(0);
  });

  it('ignores archived conversations nobody wrote into', () => {
    const quiet = aConversation({ status: 'archived', archivedReplyAt: null });
    const none = new Set<string>();
    expect(withArchivedReply(none, quiet)).toBe(none);
  });
});
