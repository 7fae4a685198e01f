// The catalogue test each browser package runs on its own texts (README "Languages"): every language has every
// text (plurals in every form the language's plural rules use), the same {{placeholders}} as English, nothing
// empty, and no text unused by the package's sources (keys are string literals at their call sites).
const fs = require('node:fs');
const path = require('node:path');

const LANGUAGES = ['en', 'pt-BR', 'es'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
function flatten(texts, prefix = '', into = {}) {
  for (const [key, value] of Object.entries(texts)) {
    if (value && typeof value === 'object') flatten(value, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = value;
  }
  return into;
}

// `count` is left out: "One conversation" may well be "1 conversa".
const placeholders = (text) =>
  [...String(text).matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)]
    .map((m) => m[1])
    .filter((name) => name !== 'count')
    .sort();
const baseKey = (key) => key.replace(PLURAL, '');

/** Every .ts/.tsx file under `dir`, tests and test helpers left out: a text only a test uses is unused. */
function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support' && entry.name !== '__tests__') out.push(...sourceFiles(file));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/test-support/.test(entry.name)) {
      out.push(file);
    }
  }
  return out;
}

/**
 * Problems of one package's catalogue, `<package>/src/i18n/{en,pt-BR,es}.json` (empty when it is sound).
 * @param {string} packageName  the package's folder: 'shell', 'remote-admin', 'shared'…
 * @param {{ builtAtRunTime?: Array<string|RegExp>, root?: string }} [options]  `builtAtRunTime`: keys built at
 *   run time (a prefix such as 'errors.', or a pattern), exempt from the unused check only: keep the list short;
 *   `root`: the folder holding the package (the repository's by default)
 * @returns {string[]}
 */
function catalogueProblems(packageName, { builtAtRunTime = [], root = path.join(__dirname, '..') } = {}) {
  const sourceDir = path.join(root, packageName, 'src');
  const catalogueDir = path.join(sourceDir, 'i18n');
  const problems = [];
  const catalogues = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      flatten(JSON.parse(fs.readFileSync(path.join(catalogueDir, `${language}.json`), 'utf8'))),
    ]),
  );
  const english = catalogues.en;
  const englishBases = new Set(Object.keys(english).map(baseKey));

  for (const language of LANGUAGES) {
    const texts = catalogues[language];
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const bases = new Set(Object.keys(texts).map(baseKey));
    for (const base of englishBases) if (!bases.has(base)) problems.push(`${language}: "${base}" is missing`);
    for (const base of bases) if (!englishBases.has(base)) problems.push(`${language}: "${base}" is not in en`);
    for (const [key, text] of Object.entries(texts)) {
      if (typeof text !== 'string' || !text.trim()) problems.push(`${language}: "${key}" is empty`);
    }
    // Plurals: the forms this language's rules pick (pt-BR and es have `many` too), and only those.
    const plural = new Set(
      Object.keys(texts)
        .filter((key) => PLURAL.test(key))
        .map(baseKey),
    );
    for (const base of plural) {
      if (base in texts) problems.push(`${language}: "${base}" is both plain and plural`);
      for (const category of categories) {
        if (!(`${base}_${category}` in texts)) problems.push(`${language}: "${base}_${category}" is missing`);
      }
      for (const key of Object.keys(texts).filter((k) => baseKey(k) === base && k !== base)) {
        if (!categories.includes(key.slice(base.length + 1)))
          problems.push(`${language}: "${key}" is not a ${language} plural form`);
      }
    }
    if (language === 'en') continue;
    for (const [key, text] of Object.entries(texts)) {
      const englishText = english[key] ?? english[`${baseKey(key)}_other`];
      if (englishText === undefined) continue;
      const want = [...new Set(placeholders(englishText))].join(',');
      const have = [...new Set(placeholders(text))].join(',');
      if (want !== have) problems.push(`${language}: "${key}" has {{${have}}}, en has {{${want}}}`);
    }
  }

  const sources = sourceFiles(sourceDir)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  const exempt = (key) =>
    builtAtRunTime.some((rule) => (typeof rule === 'string' ? key.startsWith(rule) || key === rule : rule.test(key)));
  for (const base of englishBases) {
    if (exempt(base)) continue;
    const quoted = [`'${base}'`, `"${base}"`, `\`${base}\``];
    if (!quoted.some((literal) => sources.includes(literal)))
      problems.push(`"${base}" is not used in ${packageName}/src`);
  }
  return problems;
}

module.exports = { catalogueProblems, LANGUAGES };
