import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const { catalogueProblems } = require('../../tooling/catalogue-check.cjs');

// The check every browser package's catalogue test runs (README "Languages").
describe('catalogueProblems', () => {
  let root: string;
  const write = (file: string, content: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
  };
  const catalogues = (en: object, ptBR: object, es: object) => {
    write('pkg/src/i18n/en.json', en);
    write('pkg/src/i18n/pt-BR.json', ptBR);
    write('pkg/src/i18n/es.json', es);
  };
  const check = (builtAtRunTime?: Array<string | RegExp>) => catalogueProblems('pkg', { root, builtAtRunTime });

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('passes a complete catalogue whose every text is used', () => {
    catalogues(
      { page: { title: 'Users', count_one: '{{count}} user', count_other: '{{count}} users' } },
      {
        page: {
          title: 'Usuários',
          count_one: '1 usuário',
          count_many: '{{count}} de usuários',
          count_other: '{{count}} usuários',
        },
      },
      {
        page: {
          title: 'Usuarios',
          count_one: '1 usuario',
          count_many: '{{count}} de usuarios',
          count_other: '{{count}} usuarios',
        },
      },
    );
    write('pkg/src/page.tsx', 't(\'page.title\'); t("page.count", { count });');
    expect(check()).toEqual([]);
  });

  it('names a text missing or extra in a language, an empty one, and a missing plural form', () => {
    catalogues(
      { a: 'A', b: 'B', n_one: 'one', n_other: 'other' },
      { a: 'A', extra: 'X', n_one: 'um', n_other: 'outros' },
      { a: ' ', b: 'B', n_one: 'uno', n_many: 'muchos', n_other: 'otros' },
    );
    write('pkg/src/page.ts', "['a', 'b', 'n', 'extra']");
    expect(check()).toEqual([
      'pt-BR: "b" is missing',
      'pt-BR: "extra" is not in en',
      'pt-BR: "n_many" is missing',
      'es: "a" is empty',
    ]);
  });

  it('names a translation whose placeholders differ from English', () => {
    catalogues({ hi: 'Hello, {{name}}' }, { hi: 'Olá, {{nome}}' }, { hi: 'Hola, {{name}}' });
    write('pkg/src/page.ts', "t('hi')");
    expect(check()).toEqual(['pt-BR: "hi" has {{nome}}, en has {{name}}']);
  });

  it('names a text no source uses (tests do not count), unless it is built at run time', () => {
    catalogues(
      { used: 'U', unused: 'N', errors: { email_taken: 'E' } },
      { used: 'U', unused: 'N', errors: { email_taken: 'E' } },
      { used: 'U', unused: 'N', errors: { email_taken: 'E' } },
    );
    write('pkg/src/page.ts', "t('used')");
    write('pkg/src/page.test.ts', "t('unused')");
    expect(check()).toEqual(['"unused" is not used in pkg/src', '"errors.email_taken" is not used in pkg/src']);
    expect(check(['errors.'])).toEqual(['"unused" is not used in pkg/src']);
  });
});
