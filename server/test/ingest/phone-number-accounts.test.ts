/**
 * The webhook's phone number id → account answers are remembered, and forgotten as soon as an account saves
 * other credentials in this process: a number that moved never routes to its former account.
 */
import { accountIdOfPhoneNumber } from '../../src/modules/credentials/phone-number-accounts';
import { saveCredentials } from '../../src/modules/credentials/service';
import { createAccount, startTestServer, type TestServer } from '../helpers/test-server';

describe('phone number id → account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const connect = (accountId: string, phoneNumberId: string) =>
    saveCredentials(
      { db: server.db, config: server.config },
      { accountId, wabaId: `waba-${phoneNumberId}`, phoneNumberId, token: 'EAAG-test-token' },
    );

  it('follows credentials saved after an answer was remembered', async () => {
    const [first, second] = [await createAccount(server.db), await createAccount(server.db)];
    expect(await accountIdOfPhoneNumber(server.db, '5550001')).toBeNull();

    await connect(first, '5550001');
    expect(await accountIdOfPhoneNumber(server.db, '5550001')).toBe(first);

    // The first account moves to another number; the old one then goes to the second account.
    await connect(first, '5550002');
    expect(await accountIdOfPhoneNumber(server.db, '5550001')).toBeNull();
    expect(await accountIdOfPhoneNumber(server.db, '5550002')).toBe(first);
    await connect(second, '5550001');
    expect(await accountIdOfPhoneNumber(server.db, '5550001')).toBe(second);
  });
});
