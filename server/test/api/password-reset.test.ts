import { testServerFor, uniqueEmail } from '../helpers/test-server';

describe('forgot and reset password', () => {
  const cast = testServerFor(async (server) => ({ owner: await server.registerAndVerify() }));

  const forgot = (email: string) => cast.server.request('POST', '/auth/forgot-password', { body: { email } });
  const reset = (body: Record<string, unknown>) => cast.server.request('POST', '/auth/reset-password', { body });

  it('answers the same whether or not the email exists, mailing only a real user', async () => {
    const known = await forgot(cast.owner.email);
    const ghost = uniqueEmail('ghost');
    const unknown = await forgot(ghost);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await cast.server.readLatestCode(cast.owner.email)).toMatch(/^\d{6}$/);
    await expect(cast.server.readLatestCode(ghost)).rejects.toThrow(/no code/);
  });

  it('resets with the mailed code: new password works, old one and old tokens do not', async () => {
    const { token: oldToken, ...user } = await cast.server.signedInOwner();
    await forgot(user.email);
    const answer = await reset({
      email: user.email,
      code: await cast.server.readLatestCode(user.email),
      password: 'brand new',
      confirmPassword: 'brand new',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Password reset successful');

    expect((await cast.server.request('GET', '/api/user/profile', { token: oldToken })).status).toBe(401);
    expect(
      (await cast.server.request('POST', '/auth/login', { body: { email: user.email, password: user.password } }))
        .status,
    ).toBe(401);
    expect(await cast.server.login(user.email, 'brand new')).toEqual(expect.any(String));
  });

  it('refuses different passwords without spending the code', async () => {
    const user = await cast.server.registerAndVerify();
    await forgot(user.email);
    const code = await cast.server.readLatestCode(user.email);
    const mismatch = await reset({ email: user.email, code, password: 'one', confirmPassword: 'two' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual({ confirmPassword: 'Passwords do not match' });
    expect((await reset({ email: user.email, code, password: 'one', confirmPassword: 'one' })).status).toBe(200);
  });

  it('refuses a wrong or reused code', async () => {
    const user = await cast.server.registerAndVerify();
    await forgot(user.email);
    const code = await cast.server.readLatestCode(user.email);
    const wrong = await reset({
      email: user.email,
      code: code === '999999' ? '999998' : '999999',
      password: 'x',
      confirmPassword: 'x',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid verification code');
    expect((await reset({ email: user.email, code, password: 'x', confirmPassword: 'x' })).status).toBe(200);
    const reused = await reset({ email: user.email, code, password: 'y', confirmPassword: 'y' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('This verification code has already been used');
  });

  it('does not accept a verification code as a reset code', async () => {
    const email = uniqueEmail('cross');
    await cast.server.request('POST', '/auth/register', {
      body: { fullName: 'X', title: 'Y', email, password: 'p', confirmPassword: 'p' },
    });
    const verifyCode = await cast.server.readLatestCode(email);
    const answer = await reset({ email, code: verifyCode, password: 'z', confirmPassword: 'z' });
    expect(answer.status).toBe(400);
  });
});
