import { act, render, screen } from '@testing-library/react';
import { $browserLanguages, $formatLocale, $language } from './language';
import { Empty } from 'antd';
import dayjs from 'dayjs';
import { $shownLanguage, languageReady, registerCatalogue, translate, type CatalogueTexts } from './catalogue';
import { useTexts } from './use-texts';
import { formatDate, formatDateTime, formatFileSize, formatNumber, formatRelativeTime, formatTime } from './format';
import { updatePersisted } from '../stores/persisted';
import { ParleyThemeProvider } from '../theme/parley-theme';
import { useEffect } from 'react';
import type { CurrentUser } from '../contract';

const texts = registerCatalogue('i18n-test', {
  en: {
    title: 'Profile',
    greeting: 'Hello, {{name}}',
    onlyEnglish: 'Only in English',
    conversations_one: '{{count}} conversation',
    conversations_other: '{{count}} conversations',
  },
  'pt-BR': {
    title: 'Perfil',
    greeting: 'Olá, {{name}}',
    conversations_one: '{{count}} conversa',
    conversations_many: '{{count}} de conversas',
    conversations_other: '{{count}} conversas',
  },
  es: {
    title: 'Perfil',
    greeting: 'Hola, {{name}}',
    onlyEnglish: 'Solo en inglés',
    conversations_one: '{{count}} conversación',
    conversations_many: '{{count}} de conversaciones',
    conversations_other: '{{count}} conversaciones',
  },
});

const profile = (language: CurrentUser['language']) =>
  ({
    id: 'u1',
    fullName: 'Ana',
    email: 'a@x',
    title: '',
    role: 'agent',
    isOwner: false,
    status: 'active',
    language,
  }) as CurrentUser;

afterEach(async () => {
  updatePersisted({ profile: null });
  $browserLanguages.set(['en-US', 'en']);
  await act(() => languageReady());
});

/** A loader whose answer the test gives when it wants (a catalogue chunk on the wire). */
function deferredLoader() {
  let answer: (texts: CatalogueTexts) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = jest.fn(
    () =>
      new Promise<{ default: CatalogueTexts }>((resolve, reject) => {
        answer = (texts) => resolve({ default: texts });
        fail = reject;
      }),
  );
  return { load, answer: (texts: CatalogueTexts) => answer(texts), fail: (error: Error) => fail(error) };
}

describe('the language shown', () => {
  it('is English in jsdom, so component tests assert the spec texts', () => {
    expect($language.get()).toBe('en');
    expect(texts.t('title')).toBe('Profile');
  });

  it("follows the user's saved language over the browser's, and the browser's again when it is cleared", async () => {
    $browserLanguages.set(['es-ES']);
    expect($language.get()).toBe('es');
    updatePersisted({ profile: profile('pt-BR') });
    expect($language.get()).toBe('pt-BR');
    await languageReady();
    expect(texts.t('title')).toBe('Perfil');
    updatePersisted({ profile: profile(null) });
    expect($language.get()).toBe('es');
  });

  it("writes dates in the browser's own locale when it is of the language shown, else in the language", () => {
    $browserLanguages.set(['en-GB']);
    expect($formatLocale.get()).toBe('en-GB');
    updatePersisted({ profile: profile('es') });
    expect($formatLocale.get()).toBe('es');
    $browserLanguages.set(['es-MX', 'en-GB']);
    expect($formatLocale.get()).toBe('es-MX');
  });
});

describe('texts', () => {
  it('fill placeholders and pick the plural form of the language', () => {
    expect(texts.t('greeting', { name: 'Ana' })).toBe('Hello, Ana');
    expect(texts.t('conversations', { count: 1 })).toBe('1 conversation');
    expect(texts.t('conversations', { count: 2 })).toBe('2 conversations');
    expect(translate('i18n-test', 'conversations', { count: 1 }, 'pt-BR')).toBe('1 conversa');
    expect(translate('i18n-test', 'conversations', { count: 1000000 }, 'es')).toBe('1000000 de conversaciones');
  });

  it('fall back to English when a language lacks one, saying so once', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(translate('i18n-test', 'onlyEnglish', undefined, 'pt-BR')).toBe('Only in English');
      expect(translate('i18n-test', 'onlyEnglish', undefined, 'pt-BR')).toBe('Only in English');
      expect(translate('i18n-test', 'onlyEnglish', undefined, 'es')).toBe('Solo en inglés');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toContain('"i18n-test:onlyEnglish" has no pt-BR text');
    } finally {
      warn.mockRestore();
    }
  });

  it('never show a raw key, saying once that it is in no catalogue', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(translate('i18n-test', 'nowhere.to.be.found')).toBe('');
      expect(translate('i18n-test', 'nowhere.to.be.found')).toBe('');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toContain('is in no catalogue');
    } finally {
      warn.mockRestore();
    }
  });

  it('repaint a mounted component when the language changes', async () => {
    function Title() {
      const t = useTexts(texts);
      return <h1>{t('title')}</h1>;
    }
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Profile');
    act(() => updatePersisted({ profile: profile('es') }));
    await act(() => languageReady());
    expect(screen.getByRole('heading').textContent).toBe('Perfil');
    expect(document.documentElement.lang).toBe('es');
  });

  it("keeps a page mounted when the language changes (antd's locale switches in place)", async () => {
    const mounts = jest.fn();
    function Page() {
      const t = useTexts(texts);
      useEffect(() => mounts(), []);
      return (
        <>
          <h1>{t('title')}</h1>
          <Empty />
        </>
      );
    }
    render(
      <ParleyThemeProvider>
        <Page />
      </ParleyThemeProvider>,
    );
    act(() => updatePersisted({ profile: profile('pt-BR') }));
    await act(() => languageReady());
    expect(screen.getByRole('heading').textContent).toBe('Perfil');
    // antd's pt-BR locale, fetched for the switch.
    expect(document.querySelector('.ant-empty-description')?.textContent).toBe('Não há dados');
    act(() => updatePersisted({ profile: profile(null) }));
    await act(() => languageReady());
    expect(screen.getByRole('heading').textContent).toBe('Profile');
    expect(document.querySelector('.ant-empty-description')?.textContent).toBe('No data');
    expect(mounts).toHaveBeenCalledTimes(1);
  });

  it('a remote registering later adds its namespace without touching the others', () => {
    const later = registerCatalogue('i18n-test-later', { en: { title: 'Users' }, es: { title: 'Usuarios' } });
    expect(later.t('title')).toBe('Users');
    expect(texts.t('title')).toBe('Profile');
    expect(translate('i18n-test-later', 'title', undefined, 'es')).toBe('Usuarios');
  });
});

describe('catalogues fetched when their language is wanted', () => {
  it('are not fetched while another language is shown', async () => {
    const es = jest.fn(() => Promise.resolve({ default: { title: 'Contactos' } }));
    registerCatalogue('lazy-unwanted', { en: { title: 'Contacts' }, es });
    await languageReady();
    expect(es).not.toHaveBeenCalled();
    updatePersisted({ profile: profile('es') });
    await languageReady();
    expect(es).toHaveBeenCalledTimes(1);
    expect(translate('lazy-unwanted', 'title')).toBe('Contactos');
  });

  it('keep the language shown until the new one has arrived: never English in between', async () => {
    const ptBR = deferredLoader();
    const lazy = registerCatalogue('lazy-switch', {
      en: { title: 'Contacts' },
      es: () => Promise.resolve({ default: { title: 'Contactos' } }),
      'pt-BR': ptBR.load,
    });
    const painted: string[] = [];
    function Title() {
      const t = useTexts(lazy);
      painted.push(t('title'));
      return <h1>{t('title')}</h1>;
    }
    updatePersisted({ profile: profile('es') });
    await languageReady();
    render(<Title />);
    act(() => updatePersisted({ profile: profile('pt-BR') }));
    const ready = languageReady();
    await act(() => Promise.resolve());
    expect(ptBR.load).toHaveBeenCalledTimes(1);
    expect($shownLanguage.get()).toBe('es');
    expect(screen.getByRole('heading').textContent).toBe('Contactos');
    ptBR.answer({ title: 'Contatos' });
    await act(() => ready);
    expect(screen.getByRole('heading').textContent).toBe('Contatos');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(painted).not.toContain('Contacts');
  });

  it("of a remote registering while the language is shown are in place before languageReady resolves (a page parcel's mount waits for it)", async () => {
    updatePersisted({ profile: profile('pt-BR') });
    await languageReady();
    const ptBR = deferredLoader();
    const remote = registerCatalogue('lazy-remote', { en: { title: 'Reports' }, 'pt-BR': ptBR.load });
    let ready = false;
    const waiting = languageReady().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    ptBR.answer({ title: 'Relatórios' });
    await waiting;
    expect(remote.t('title')).toBe('Relatórios');
  });

  it('that fail to arrive leave the language shown, its texts in English, the failure logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const es = deferredLoader();
      const broken = registerCatalogue('lazy-broken', { en: { title: 'Users' }, es: es.load });
      updatePersisted({ profile: profile('es') });
      const ready = languageReady();
      es.fail(new Error('ChunkLoadError'));
      await ready;
      expect($shownLanguage.get()).toBe('es');
      expect(broken.t('title')).toBe('Users');
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0][0])).toContain('es:texts:lazy-broken');
      expect(es.load).toHaveBeenCalledTimes(1);
      // The remote's next version (registering again) is fetched afresh.
      const fixed = jest.fn(() => Promise.resolve({ default: { title: 'Usuarios' } }));
      registerCatalogue('lazy-broken', { en: { title: 'Users' }, es: fixed });
      await languageReady();
      expect(broken.t('title')).toBe('Usuarios');
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });

  it("bring dayjs's month names for antd's date pickers in the language shown", async () => {
    updatePersisted({ profile: profile('pt-BR') });
    await languageReady();
    expect(dayjs(new Date(2026, 2, 5)).format('MMMM')).toBe('março');
    updatePersisted({ profile: profile('es') });
    await languageReady();
    expect(dayjs(new Date(2026, 2, 5)).format('MMMM')).toBe('marzo');
    updatePersisted({ profile: profile(null) });
    await languageReady();
    expect(dayjs(new Date(2026, 2, 5)).format('MMMM')).toBe('March');
  });
});

describe('formats', () => {
  const afternoon = new Date(2026, 2, 5, 14, 5);

  it("keep today's English outputs (en-US: 12-hour clock)", () => {
    expect(formatTime(afternoon)).toBe('02:05 PM');
    expect(formatDate(afternoon)).toBe('Mar 5, 2026');
    expect(formatDateTime(afternoon)).toBe('Mar 5, 2026, 02:05 PM');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  it("follow the locale's clock and order in pt-BR and es", () => {
    expect(formatTime(afternoon, 'pt-BR')).toBe('14:05');
    expect(formatTime(afternoon, 'es')).toBe('14:05');
    expect(formatDate(afternoon, 'pt-BR')).toBe('5 de mar. de 2026');
    expect(formatNumber(1234.5, {}, 'pt-BR')).toBe('1.234,5');
    updatePersisted({ profile: profile('pt-BR') });
    expect(formatTime(afternoon)).toBe('14:05');
  });

  it('write file sizes in binary multiples with the locale’s unit words', () => {
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(1536)).toBe('1.5 kB');
    expect(formatFileSize(15 * 1024 * 1024)).toBe('15 MB');
    expect(formatFileSize(1536, 'pt-BR')).toBe('1,5 kB');
  });

  it('write relative times in the largest fitting unit', () => {
    const now = new Date(2026, 2, 5, 12, 0);
    expect(formatRelativeTime(new Date(2026, 2, 5, 11, 55), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(new Date(2026, 2, 4, 12, 0), now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(2026, 2, 5, 11, 55), now, 'pt-BR')).toBe('há 5 minutos');
    expect(formatRelativeTime(new Date(2026, 2, 7, 12, 0), now, 'es')).toBe('pasado mañana');
  });
});
