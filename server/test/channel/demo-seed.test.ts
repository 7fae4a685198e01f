import { eq } from 'drizzle-orm';
import { createPasswordHasher } from '../../src/modules/auth/passwords';
import { messages } from '../../src/modules/conversations/schema';
import { getCredentials } from '../../src/modules/credentials/service';
import { seedDemo } from '../../src/seed/demo';
import { DEMO_WHATSAPP } from '../../src/seed/demo-conversations';
import { DEMO_LOGINS } from '../../src/seed/demo-logins';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('demo seed (channel part)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('connects the demo account to the sandbox and adds conversations with history, once', async () => {
    const hasher = createPasswordHasher(server.config.auth.passwordHashing);
    const first = await seedDemo(server.db, hasher, server.config);
    const second = await seedDemo(server.db, hasher, server.config);
    expect(second).toEqual(first);

    const connection = await getCredentials({ db: server.db, config: server.config }, first.accountId);
    expect(connection).toMatchObject({
      wabaId: DEMO_WHATSAPP.wabaId,
      phoneNumberId: DEMO_WHATSAPP.phoneNumberId,
      token: DEMO_WHATSAPP.token,
    });
    expect(await server.db.select().from(messages).where(eq(messages.accountId, first.accountId))).toHaveLength(10);

    const token = await server.login(DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    const list = async (status: string) =>
      (await server.request('GET', `/api/conversations?status=${status}`, { token })).body.list;
    const active = await list('active');
    expect(active.map((row: any) => row.contact.profileName)).toEqual(['Maria Silva', 'Tom Becker']);
    expect(active[0]).toMatchObject({ lastMessage: { incoming: true }, canSendFreeForm: true });
    expect((await list('closed')).map((row: any) => row.contact.profileName)).toEqual(['Aiko Tanaka']);
    expect((await list('archived')).map((row: any) => row.contact.profileName)).toEqual(['Lucas Martin']);

    const maria = (await server.request('GET', `/api/conversations/${active[0].id}`, { token })).body;
    expect(maria.messages.map((m: any) => [m.direction, m.status ?? null])).toEqual([
      ['incoming', null],
      ['outgoing', 'read'],
      ['incoming', null],
    ]);
  });
});
