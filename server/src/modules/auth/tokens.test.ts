import { decodeJwt, SignJWT } from 'jose';
import { HttpError } from '../../http/errors';
import { createTokenService } from './tokens';

const claims = {
  userId: '0b0e7d3e-1111-4c8b-9a55-6b1a2a3c4d5e',
  accountId: 'a1b2c3d4-2222-4c8b-9a55-6b1a2a3c4d5e',
  role: 'agent' as const,
  lastLoginDate: '2025-01-02T03:04:05.000Z',
  tokenVersion: 3,
};
const secret = 'unit-test-secret-unit-test-secret-0123';

describe('token service', () => {
  it('signs the claims and reads them back', async () => {
    const tokens = createTokenService(secret, 12);
    const { token, expiresAt } = await tokens.sign(claims);
    expect(decodeJwt(token)).toMatchObject({
      sub: claims.userId,
      acc: claims.accountId,
      role: 'agent',
      lastLoginDate: claims.lastLoginDate,
      tv: 3,
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
    expect(await tokens.verify(token)).toEqual({ ...claims, expiresAt });
  });

  it('sets exp TOKEN_TTL_HOURS ahead', async () => {
    const before = Date.now();
    const { expiresAt } = await createTokenService(secret, 2).sign(claims);
    expect(expiresAt.getTime() - before).toBeGreaterThan(2 * 3600_000 - 2000);
    expect(expiresAt.getTime() - before).toBeLessThanOrEqual(2 * 3600_000 + 1000);
  });

  it('refuses a token signed with another secret', async () => {
    const { token } = await createTokenService('another-secret-another-secret-0123456', 12).sign(claims);
    await expect(createTokenService(secret, 12).verify(token)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid token',
    });
  });

  it('refuses an expired token with its own message', async () => {
    const key = new TextEncoder().encode(secret);
    const expired = await new SignJWT({
      acc: claims.accountId,
      role: 'agent',
      lastLoginDate: claims.lastLoginDate,
      tv: 0,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const error = await createTokenService(secret, 12)
      .verify(expired)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: 'Your session has expired, please log in again' });
  });

  it('refuses a well-signed token missing claims, and garbage', async () => {
    const key = new TextEncoder().encode(secret);
    const partial = await new SignJWT({ role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setExpirationTime('1h')
      .sign(key);
    const tokens = createTokenService(secret, 12);
    await expect(tokens.verify(partial)).rejects.toMatchObject({ status: 401 });
    await expect(tokens.verify('garbage')).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a well-signed token whose user or account id is not an id', async () => {
    const tokens = createTokenService(secret, 12);
    for (const odd of [{ userId: 'not-a-user-id' }, { accountId: "1'; drop table users; --" }]) {
      const { token } = await tokens.sign({ ...claims, ...odd });
      await expect(tokens.verify(token)).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    }
  });

  it('refuses an unsigned (alg none) token', async () => {
    const { token } = await createTokenService(secret, 12).sign(claims);
    const [, payload] = token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect(createTokenService(secret, 12).verify(`${header}.${payload}.`)).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a token it verified before once it has expired', async () => {
    const tokens = createTokenService(secret, 1);
    const { token, expiresAt } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual({ ...claims, expiresAt });
    const clock = jest.spyOn(Date, 'now').mockReturnValue(expiresAt.getTime());
    try {
      await expect(tokens.verify(token)).rejects.toMatchObject({
        status: 401,
        message: 'Your session has expired, please log in again',
      });
    } finally {
      clock.mockRestore();
    }
  });

  it('refuses a token whose signature was changed after the genuine one was verified', async () => {
    const tokens = createTokenService(secret, 12);
    const { token } = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(forged)).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
  });
});
