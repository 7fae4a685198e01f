import type { Page } from 'playwright-core';
import { bubble, chatHeader, inboxSuite } from '../support/inbox-suite';
import { signInAs } from '../support/session';

// Languages (issue #22): with the browser in Brazilian Portuguese or Spanish (and nothing saved on Profile), the
// owner's dashboard and the asset library speak it, and dates and times are written the locale's way, with its own
// clock. English is every other browser test.
const OWNER = { email: 'owner@parley.test', password: 'parley-owner' };

/** What each language shows: the catalogues' texts (remote-inbox/src/i18n, remote-library/src/i18n). */
const LANGUAGES = [
  {
    locale: 'pt-BR',
    conversations: 'Conversas',
    tabs: ['Ativas', 'Encerradas', 'Arquivadas'],
    chat: 'Conversar',
    modes: ['Texto', 'Mídia', 'Arquivo', 'Formulário', 'Nota'],
    messageBox: 'Mensagem',
    placeholder: 'Digite uma mensagem, ou / para respostas salvas',
    send: 'Enviar',
    today: 'Hoje',
    library: 'Biblioteca de arquivos',
    upload: 'Enviar arquivos',
    // The date range's calendar: antd's pt-BR locale's day names, Sunday first as dayjs's pt-br week.
    weekdays: ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'],
  },
  {
    locale: 'es',
    conversations: 'Conversaciones',
    tabs: ['Activas', 'Cerradas', 'Archivadas'],
    chat: 'Chatear',
    modes: ['Texto', 'Multimedia', 'Archivo', 'Formulario', 'Nota'],
    messageBox: 'Mensaje',
    placeholder: 'Escribe un mensaje, o / para respuestas guardadas',
    send: 'Enviar',
    today: 'Hoy',
    library: 'Biblioteca de archivos',
    upload: 'Subir archivos',
    // Monday first: the week of dayjs's es locale, fetched with the language (English's starts on Sunday).
    weekdays: ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'],
  },
];

/** Three days ago at 14:05 on this machine's clock (the browser's time zone): a 12-hour clock would say 2:05 PM. */
function threeDaysAgoAt1405(): Date {
  const at = new Date();
  at.setDate(at.getDate() - 3);
  at.setHours(14, 5, 0, 0);
  return at;
}

/**
 * What the locale makes of that time, by the browser's own Intl: a message's day and time (the year only when not
 * this year) and its day separator's words.
 */
function expectedInBrowser(page: Page, sentAt: Date, locale: string) {
  return page.evaluate(
    ({ iso, locale: tag }) => {
      const date = new Date(iso);
      const thisYear = date.getFullYear() === new Date().getFullYear();
      const time = new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        ...(thisYear ? {} : { year: 'numeric' as const }),
      }).format(date);
      const day = new Intl.DateTimeFormat(
        tag,
        thisYear
          ? { weekday: 'long', day: 'numeric', month: 'long' }
          : { day: 'numeric', month: 'long', year: 'numeric' },
      ).format(date);
      return { time, day };
    },
    { iso: sentAt.toISOString(), locale },
  );
}

describe('languages: the dashboard and the library in the browser language', () => {
  const suite = inboxSuite();

  it.each(LANGUAGES)(
    'shows the owner the dashboard and the asset library in $locale, with its dates and 24-hour times',
    async (language) => {
      const customer = suite.newCustomer(`Idioma ${language.locale}`);
      const sentAt = threeDaysAgoAt1405();
      await suite.customerSends(customer, {
        type: 'text',
        text: 'Mensagem antiga',
        timestamp: Math.floor(sentAt.getTime() / 1000),
      });
      // A message now keeps the 24-hour window open, so the composer offers free text.
      await suite.customerSays(customer, 'Mensagem de hoje');

      const page = await suite.page(undefined, undefined, language.locale);
      // Nothing shown may be missing from a catalogue (the i18n core warns once per missing text).
      const missing: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('[i18n]')) missing.push(message.text());
      });
      await signInAs(page, suite.stack.baseUrl, OWNER.email, OWNER.password);
      await page.goto(`${suite.stack.baseUrl}/main`);
      await page.getByRole('heading', { name: language.conversations, exact: true }).waitFor();
      for (const name of language.tabs) await page.getByRole('tab', { name, exact: true }).waitFor();
      expect(await page.getByRole('tab', { selected: true }).innerText()).toContain(language.tabs[0]);

      // The filters' date range: its calendar's day names in the language.
      await page.locator('.inbox-filters .ant-picker-range input').first().click();
      const weekdays = page.locator('.ant-picker-dropdown .ant-picker-date-panel').first().locator('thead th');
      await weekdays.first().waitFor();
      expect(await weekdays.allInnerTexts()).toEqual(language.weekdays);
      await page.keyboard.press('Escape');

      const list = page.getByRole('list', { name: language.conversations, exact: true });
      const customerRow = list.getByRole('listitem', { name: customer.name, exact: true });
      await customerRow.getByRole('button', { name: language.chat, exact: true }).click();
      await chatHeader(page).getByRole('heading', { name: customer.name }).waitFor();
      await bubble(page, 'Mensagem de hoje').waitFor();

      // The chat: a separator for the old day in the locale's words, then the locale's "Today".
      const expected = await expectedInBrowser(page, sentAt, language.locale);
      const messages = page.locator('[role="log"]');
      await messages.getByRole('separator', { name: language.today, exact: true }).waitFor();
      expect(await messages.getByRole('separator').allTextContents()).toEqual([expected.day, language.today]);
      // The old message's time: the locale's day and month, and 14:05 on its 24-hour clock.
      const oldTime = bubble(page, 'Mensagem antiga').locator('time');
      expect(await oldTime.textContent()).toBe(expected.time);
      expect(expected.time).toContain('14:05');

      // The composer.
      const modes = page.locator('.inbox-composer .ant-segmented');
      expect(await modes.locator('.ant-segmented-item-label').allInnerTexts()).toEqual(language.modes);
      const box = page.getByRole('textbox', { name: language.messageBox, exact: true });
      expect(await box.getAttribute('placeholder')).toBe(language.placeholder);
      // The button's name is its icon's ('send') and its text.
      await page.getByRole('button', { name: new RegExp(`${language.send}$`) }).waitFor();

      // The asset library, in the same language.
      await page.goto(`${suite.stack.baseUrl}/assets`);
      await page.getByRole('heading', { name: language.library, exact: true }).waitFor();
      await page.getByRole('button', { name: language.upload }).waitFor();

      expect(missing).toEqual([]);
    },
  );
});
