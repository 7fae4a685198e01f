import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { createAuthenticator } from './authenticate';
import { createTokenService } from './tokens';

// The row look-up is the one query the authenticator makes: stood in for here so a test can decide when its
// answer comes back relative to a notice (test/api/login.test.ts runs the same rules on both real databases).
const userId = '0b0e7d3e-1111-4c8b-9a55-6b1a2a3c4d5e';
const accountId = 'a1b2c3d4-2222-4c8b-9a55-6b1a2a3c4d5e';
const active = { id: userId, accountId, role: 'agent', status: 'active', tokenVersion: 0, deletedAt: null };
const held = { ...active, status: 'hold' };

function userTable() {
  const table = {
    row: active as typeof active,
    reads: 0,
    asked: [] as string[][],
    pause: null as null | Promise<void>,
  };
  const execute = async ({ userIds }: { userIds: string[] }) => {
    table.reads += 1;
    table.asked.push(userIds);
    const row = table.row;
    await table.pause;
    return userIds.includes(row.id) ? [row] : [];
  };
  const chain = { from: () => chain, where: () => chain, prepare: () => ({ execute }) };
  return { table, db: { select: () => chain } as unknown as Db };
}

async function setUp({ listens }: { listens: boolean }) {
  const { table, db } = userTable();
  let notice: (payload: string) => void = () => undefined;
  const listen = async (_channel: string, onNotice: (payload: string) => void) => void (notice = onNotice);
  const tokens = createTokenService('unit-test-secret-unit-test-secret-0123', 12);
  const authenticate = await createAuthenticator(db, tokens, listens ? listen : undefined);
  const { token } = await tokens.sign({
    userId,
    accountId,
    role: 'agent',
    lastLoginDate: new Date().toISOString(),
    tokenVersion: 0,
  });
  // Checked once already, as a signed-in client's token is: the check is kept (tokens.ts) and answers at once.
  // A first check waits on WebCrypto in libuv's thread pool, so calls made together would reach the row look-up
  // together only while the machine keeps up (three such calls made two reads on a busy machine).
  await tokens.verify(token);
  /** A write to the row, with its trigger's notice (on PGlite it comes before the write's promise resolves). */
  const write = (row: typeof active, payload = userId) => {
    table.row = row;
    notice(payload);
  };
  return { table, write, signIn: () => authenticate(token) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof HttpError ? `${error.statusCode} ${error.message}` : String(error)),
  );

describe('authenticator', () => {
  it('reads the row once while nothing changes it, and again after any change', async () => {
    const { table, write, signIn } = await setUp({ listens: true });
    await signIn();
    await signIn();
    expect(table.reads).toBe(1);
    write(held);
    expect(await refusal(signIn())).toBe('401 Your account is suspended. Contact your account owner.');
    expect(table.reads).toBe(2);
    write(active, '');
    await signIn();
    expect(table.reads).toBe(3);
  });

  it('does not keep a row whose read a change overtook', async () => {
    const { table, write, signIn } = await setUp({ listens: true });
    let answer: () => void = () => undefined;
    table.pause = new Promise((resolve) => (answer = resolve));
    const first = signIn();
    // The read has the old row; the suspension commits before its answer is back.
    while (table.reads === 0) await new Promise((resolve) => setImmediate(resolve));
    write(held);
    answer();
    expect(await refusal(first)).toBe('accepted');
    table.pause = null;
    expect(await refusal(signIn())).toBe('401 Your account is suspended. Contact your account owner.');
  });

  it('reads the row at every call without a change feed (PostgreSQL)', async () => {
    const { table, signIn } = await setUp({ listens: false });
    await signIn();
    await signIn();
    expect(table.reads).toBe(2);
  });

  it('reads the rows of calls that come together with one statement, and still every time (PostgreSQL)', async () => {
    const { table, write, signIn } = await setUp({ listens: false });
    expect(await Promise.all([signIn(), signIn(), signIn()].map(refusal))).toEqual([
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(table.reads).toBe(1);
    expect(table.asked).toEqual([[userId, userId, userId]]);
    write(held);
    expect(await refusal(signIn())).toBe('401 Your account is suspended. Contact your account owner.');
    expect(table.reads).toBe(2);
  });
});
