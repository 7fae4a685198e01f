/**
 * Who is here (issue #21) across two built server processes sharing Redis: the viewers of a conversation are the
 * sockets of its room on every process, and typing reaches a colleague connected to the other process.
 */
import type { SocketAck, TypingEvent, ViewersEvent } from '@parley/contract';
import { contacts } from '../../src/modules/contacts/schema';
import { conversations } from '../../src/modules/conversations/schema';
import { login, recordSocket, createScaleAccount, tearDown, type RecordedSocket, type ScaleAccount } from './account';
import { startCluster, waitFor, type Cluster, type ParleyProcess } from './cluster';
import { describeScale } from './services';

describeScale('who is here across two processes', () => {
  let cluster: Cluster;
  let A: ParleyProcess, B: ParleyProcess;
  let account: ScaleAccount;
  const sockets: RecordedSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster({ names: ['A', 'B'] });
    [A, B] = cluster.processes;
    account = await createScaleAccount(cluster);
  }, 60_000);
  afterAll(() => tearDown(sockets, account, cluster), 30_000);

  it('lists viewers connected to either process and forwards typing between them', async () => {
    const agent = await account.addUser('agent-b');
    const [contact] = await account.db.db
      .insert(contacts)
      .values({ accountId: account.accountId, name: 'Cross Process', phone: '15559990001' })
      .returning();
    const [conversation] = await account.db.db
      .insert(conversations)
      .values({ accountId: account.accountId, contactId: contact.id })
      .returning();
    const conversationId = conversation.id;

    const viewerLists: string[][] = [];
    const typing: TypingEvent[] = [];
    const ownerOnA = await recordSocket(A.url, await login(A.url, account.owner));
    const agentOnB = await recordSocket(B.url, await login(B.url, agent));
    sockets.push(ownerOnA, agentOnB);
    ownerOnA.socket.on('viewers', (event: ViewersEvent) => viewerLists.push(event.users.map((u) => u.id).sort()));
    ownerOnA.socket.on('typing', (event: TypingEvent) => typing.push(event));
    const view = (recorded: RecordedSocket, id: string) =>
      recorded.socket.timeout(20_000).emitWithAck('viewing', { conversationId: id }) as Promise<SocketAck>;
    const listed = (ids: string[], what: string) =>
      waitFor(() => viewerLists.find((list) => JSON.stringify(list) === JSON.stringify([...ids].sort())), what, 20_000);

    try {
      expect(await view(ownerOnA, conversationId)).toEqual({ ok: true });
      expect(await view(agentOnB, conversationId)).toEqual({ ok: true });
      await listed([account.owner.id, agent.id], 'the owner on A sees the agent on B');

      expect(
        await (agentOnB.socket.timeout(20_000).emitWithAck('typing', { conversationId }) as Promise<SocketAck>),
      ).toEqual({ ok: true });
      expect(await waitFor(() => typing.at(-1), 'typing from B reaches A', 20_000)).toEqual({
        conversationId,
        userId: agent.id,
        fullName: 'agent-b',
      });

      viewerLists.length = 0;
      agentOnB.socket.close();
      await listed([account.owner.id], 'the agent gone once their socket on B closed');
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${cluster.logs()}`, { cause: error });
    }
  });
});
