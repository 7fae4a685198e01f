import type { Browser, BrowserContext, Page } from 'playwright-core';
import { shownBriefly } from '../support/brief-text';
import { leaveBrowser, sharedBrowser, newPage } from '../support/browser';
import { signInAs } from '../support/session';
import { startStack, type Stack } from '../support/stack';
import { jsonCall } from '../support/json-call';

// Languages (README "Languages"): the sign-in area follows the browser's language, a user's choice on Profile wins
// over it and survives a reload, server refusals are shown in the user's language, dates in the locale's format.
const AGENT = { email: 'agent@parley.test', password: 'parley-agent' };

describe('languages', () => {
  let stack: Stack;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[][] = [];

  async function pageIn(locale: string): Promise<Page> {
    const { page, context, errors } = await newPage(browser, { locale });
    contexts.push(context);
    pageErrors.push(errors);
    return page;
  }

  beforeAll(async () => {
    stack = await startStack({ seedDemo: true });
    browser = await sharedBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    for (const errors of pageErrors) expect(errors).toEqual([]);
    contexts = [];
    pageErrors = [];
  });
  afterAll(async () => {
    await leaveBrowser();
    await stack?.stop();
  });

  it.each([
    ['pt-BR', 'pt-BR', 'Entrar', 'Esqueceu a senha?', 'E-mail ou senha incorretos'],
    ['pt-PT', 'pt-BR', 'Entrar', 'Esqueceu a senha?', 'E-mail ou senha incorretos'],
    [
      'es-MX',
      'es',
      'Iniciar sesión',
      '¿Olvidaste tu contraseña?',
      'El correo electrónico o la contraseña son incorrectos',
    ],
  ])(
    'shows the sign-in page in the browser language (%s → %s), a wrong password refused in it',
    async (locale, language, title, forgot, refused) => {
      const page = await pageIn(locale);
      await page.goto(`${stack.baseUrl}/login`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByRole('link', { name: forgot }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.getByLabel(language === 'es' ? 'Correo electrónico' : 'E-mail').fill(AGENT.email);
      await page.getByLabel(language === 'es' ? 'Contraseña' : 'Senha').fill('not the password');
      await page.getByRole('button', { name: title }).click();
      // The server answers `{ message: 'Email or password is incorrect', code: 'wrong_credentials' }`.
      await page.locator('.ant-notification').getByText(refused, { exact: true }).waitFor();
    },
  );

  it('paints the sign-in page in pt-BR from the first frame, fetching only the pt-BR catalogues', async () => {
    const page = await pageIn('pt-BR');
    // Every text painted from the start of the page, seen by a mutation observer set before any script runs.
    await page.addInitScript(() => {
      const painted = new Set<string>();
      (window as unknown as { painted: Set<string> }).painted = painted;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('h1, h2, h3, a, button, label')) {
          const text = element.textContent?.trim();
          if (text) painted.add(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    // Scripts holding another language's texts (catalogues are fetched only for the language wanted).
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).waitFor();
    const painted = await page.evaluate(() => [...(window as unknown as { painted: Set<string> }).painted]);
    expect(painted).toContain('Entrar');
    for (const english of ['Login', 'Forgot password?', 'Email', 'Password']) expect(painted).not.toContain(english);
    const bodies = await Promise.all(scripts);
    expect(bodies.some((body) => body.includes('Esqueceu a senha?'))).toBe(true);
    expect(bodies.filter((body) => body.includes('¿Olvidaste tu contraseña?'))).toEqual([]);
  });

  it('writes dates in the locale: the Terms of Service in pt-BR', async () => {
    const page = await pageIn('pt-BR');
    await page.goto(`${stack.baseUrl}/terms-of-service`);
    await page.getByRole('heading', { name: 'Termos de Serviço', level: 1 }).waitFor();
    await page.getByText('Esta página foi atualizada pela última vez em 01/09/2022.').waitFor();
  });

  it('keeps an agent’s Español from Profile over an English browser, after a reload and on the next sign-in', async () => {
    const page = await pageIn('en-US');
    const token = await signInAs(page, stack.baseUrl, AGENT.email, AGENT.password);
    try {
      await page.goto(`${stack.baseUrl}/profile`);
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      await page.getByRole('combobox', { name: 'Language' }).click();
      await shownBriefly(page, '.ant-notification', 'Idioma guardado', () =>
        page.locator('.ant-select-item-option', { hasText: 'Español' }).click(),
      );
      await page.getByRole('heading', { name: 'Perfil' }).waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Perfil' }).waitFor();
      const menu = page.getByRole('menu');
      for (const item of ['Panel', 'Perfil', 'Lista de contactos', 'Cerrar sesión']) {
        await menu.getByRole('menuitem', { name: item }).waitFor();
      }
      await page.getByRole('button', { name: 'Editar perfil' }).waitFor();
      expect(await page.title()).toBe('Perfil · Parley');

      // A fresh browser (nothing stored) signing in gets the saved language from the server.
      const other = await pageIn('en-US');
      await signInAs(other, stack.baseUrl, AGENT.email, AGENT.password);
      await other.goto(`${stack.baseUrl}/profile`);
      await other.getByRole('heading', { name: 'Perfil' }).waitFor();
    } finally {
      await jsonCall(`${stack.baseUrl}/api/user/profile`, 'PUT', { language: null }, token);
    }
  });
});
