import { readOutbox } from '../../src/mail/mailer';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers/test-server';

// The mails in the recipient's language (docs/decisions/0006-languages.md): the one saved on Profile, else the
// language of the browser that asked for the mail.
describe('the language of the mails', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const latestMail = async (email: string) =>
    (await readOutbox(server.outboxDir)).filter((m) => m.to === email).at(-1)!;
  const inBrowser = (language: string) => ({ 'accept-language': language });

  it("writes the verification code in the sign-up browser's language, English when it has none of ours", async () => {
    const register = (email: string, headers: Record<string, string>) =>
      server.request('POST', '/auth/register', {
        headers,
        body: { fullName: 'Ana Lima', title: 'Dona', email, password: 'senha longa', confirmPassword: 'senha longa' },
      });
    const portuguese = uniqueEmail('pt');
    expect((await register(portuguese, inBrowser('pt-BR,pt;q=0.9,en;q=0.8'))).status).toBe(201);
    const mail = await latestMail(portuguese);
    expect(mail.subject).toBe('Seu código de verificação do Parley');
    expect(mail.text).toContain(`Seu código: ${mail.code}`);
    expect(mail.html).toContain(`Continue em <a href="`);

    // The weights count, not the order: Spanish is preferred here.
    const spanish = uniqueEmail('es');
    await register(spanish, inBrowser('en;q=0.5,es-MX'));
    expect((await latestMail(spanish)).subject).toBe('Tu código de verificación de Parley');

    const german = uniqueEmail('de');
    await register(german, inBrowser('de-DE,de;q=0.9'));
    expect((await latestMail(german)).subject).toBe('Your Parley verification code');
    const none = uniqueEmail('none');
    await register(none, {});
    expect((await latestMail(none)).subject).toBe('Your Parley verification code');
  });

  it('writes to a user in the language saved on Profile, whatever browser asks', async () => {
    const { token, ...owner } = await server.signedInOwner();
    const forgot = (headers: Record<string, string>) =>
      server.request('POST', '/auth/forgot-password', { headers, body: { email: owner.email } });

    await forgot(inBrowser('es'));
    expect((await latestMail(owner.email)).subject).toBe('Tu código para restablecer la contraseña de Parley');

    const saved = await server.request('PUT', '/api/user/profile', { token, body: { language: 'pt-BR' } });
    expect(saved.status).toBe(200);
    await forgot(inBrowser('es'));
    expect((await latestMail(owner.email)).subject).toBe('Seu código para redefinir a senha do Parley');

    // Someone signing up with the taken address: its owner is told, in the owner's language.
    await server.request('POST', '/auth/register', {
      headers: inBrowser('en'),
      body: { fullName: 'X', title: 'Y', email: owner.email, password: 'whatever', confirmPassword: 'whatever' },
    });
    const notice = await latestMail(owner.email);
    expect(notice.subject).toBe('Alguém tentou se cadastrar com seu endereço');
    expect(notice.html).toContain('<a href="');
  });
});
