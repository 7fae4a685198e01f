// jsdom's getComputedStyle, with the rules looked up the way browsers do (required by jest-jsdom-setup.cjs).
//
// Every query that checks visibility (getByRole, …) asks for the computed style of each element it looks at
// and of its ancestors. jsdom answers by matching every rule of every style sheet against the element: its own
// user-agent sheet (about 120 rules) and antd's (300 to 500 after jest-jsdom-after-env.cjs keeps only what
// decides visibility), 1 to 1.5 ms an element, again after every change to the DOM, since any change empties
// jsdom's cache of them. That was a fifth of a page test's time.
//
// Here each sheet's rules are indexed by what the last compound of their selectors demands of the element (an
// id, a class, a tag name; "any" when unsure), so only the rules that can match are matched, with jsdom's own
// matcher, and applied in jsdom's order with jsdom's own steps. The declarations go into jsdom's cache, where
// its getComputedStyle finds them and goes on as before (inheritance, resolved values, the copy it returns).
// So the answer is jsdom's to the letter: PARLEY_CHECK_COMPUTED_STYLE=1 compares each one with jsdom's own
// and throws on any difference (run it after upgrading jsdom). The internals used are checked at start; when
// one is missing, jsdom's getComputedStyle is left as it is.
const cssom = require('rrweb-cssom');
const defaultStyleSheetText = require('jsdom/lib/jsdom/browser/default-stylesheet.js');

const { forEach, indexOf } = Array.prototype;
const ANY = '*';

// ---- What a selector demands of the element it matches ----

/** `text` cut at the characters `isCut` accepts outside brackets, parentheses and quotes. */
function splitTopLevel(text, isCut) {
  const parts = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && isCut(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const isComma = (c) => c === ',';
const isCombinator = (c) =>
  c === ' ' || c === '>' || c === '+' || c === '~' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const IDENT = /^-?[A-Za-z_\u0080-\uffff][\w\-\u0080-\uffff]*/;

/**
 * The key one selector demands (lower case): '#id', '.class' or the tag name of its last compound, outside any
 * :not(), :is(), [attribute]; ANY when it demands none of them or when it is written in a way not read here.
 */
function keyOfSelector(selector) {
  const compounds = splitTopLevel(selector.trim(), isCombinator);
  const compound = compounds[compounds.length - 1];
  if (!compound || /[\\|&]/.test(compound)) return ANY;
  // The compound at its own level: what is inside brackets and parentheses becomes one stop character.
  let flat = '';
  let depth = 0;
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i];
    if (c === '(' || c === '[') {
      if (depth++ === 0) flat += '\u0000';
    } else if (c === ')' || c === ']') depth--;
    else if (c === '"' || c === "'") return ANY;
    else if (depth === 0) flat += c;
  }
  let tag = null;
  let className = null;
  let i = 0;
  while (i < flat.length) {
    const c = flat[i];
    if (c === '.' || c === '#' || (i === 0 && c !== ':' && c !== '*' && c !== '\u0000')) {
      const start = c === '.' || c === '#' ? i + 1 : i;
      const name = IDENT.exec(flat.slice(start))?.[0];
      const after = flat[start + (name?.length ?? 0)];
      // A name ends at the next simple selector; anything else was not read right: no key.
      if (!name || (after !== undefined && !'.#:\u0000'.includes(after))) return ANY;
      if (c === '#') return `#${name.toLowerCase()}`;
      if (c === '.') className ??= `.${name.toLowerCase()}`;
      else tag = name.toLowerCase();
      i = start + name.length;
    } else i++;
  }
  return className ?? tag ?? ANY;
}

/** The keys a rule is found under: one per selector of its list (jsdom matches `undefined` for a rule without). */
function keysOfRule(rule) {
  const selectorText = rule.selectorText;
  if (typeof selectorText !== 'string') return ['undefined'];
  const keys = new Set(splitTopLevel(selectorText, isComma).map(keyOfSelector));
  return keys.has(ANY) ? [ANY] : [...keys];
}

// ---- The rules of a sheet, in jsdom's order, by key ----

/** The rules jsdom tries for a sheet, in its order: each rule, or the rules of an @media for screen. */
function rulesTried(sheet) {
  const rules = [];
  forEach.call(sheet.cssRules, (rule) => {
    if (rule.media) {
      if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, (inner) => rules.push(inner));
    } else rules.push(rule);
  });
  return rules;
}

function indexRules(rules) {
  const byKey = new Map();
  rules.forEach((rule, order) => {
    for (const key of keysOfRule(rule)) {
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(order);
    }
  });
  return { rules, byKey };
}

const indexes = new WeakMap();

/** The sheet's index, built again when its rules are not the ones it was built from. */
function indexOfSheet(sheet) {
  const rules = rulesTried(sheet);
  const known = indexes.get(sheet);
  if (known && known.rules.length === rules.length && known.rules.every((rule, i) => rule === rules[i])) return known;
  const index = indexRules(rules);
  indexes.set(sheet, index);
  return index;
}

/** The element's keys: its id, its classes and its tag name, in lower case, and ANY. */
function keysOfElement(element) {
  const keys = [ANY, element.localName.toLowerCase()];
  const id = element.getAttribute('id');
  if (id) keys.push(`#${id.toLowerCase()}`);
  const classes = element.getAttribute('class');
  if (classes) for (const name of classes.split(/[ \t\n\f\r]+/)) if (name) keys.push(`.${name.toLowerCase()}`);
  return keys;
}

/** The sheet's rules that may match, in the sheet's order. */
function candidates(index, keys) {
  const orders = [];
  for (const key of keys) {
    const found = index.byKey.get(key);
    if (found) orders.push(...found);
  }
  return [...new Set(orders)].sort((a, b) => a - b).map((order) => index.rules[order]);
}

// ---- Installing it on the window ----

function install(window) {
  const { document } = window;
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const documentImpl = implSymbol && document[implSymbol];
  const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
  if (!documentImpl || !('_styleCache' in documentImpl) || !documentImpl.documentElement) return jsdomGetComputedStyle;
  // jsdom makes its matcher (nwsapi, set not to throw) and its cache on first use.
  jsdomGetComputedStyle(document.documentElement);
  const matcher = documentImpl._nwsapiDontThrow;
  const rootImpl = documentImpl.documentElement;
  const Declaration = rootImpl.style && Object.getPrototypeOf(rootImpl.style).constructor;
  if (!matcher || typeof matcher.match !== 'function' || typeof documentImpl._styleCache !== 'object' || !Declaration)
    return jsdomGetComputedStyle;
  const defaultSheet = cssom.parse(defaultStyleSheetText);
  const check = process.env.PARLEY_CHECK_COMPUTED_STYLE === '1';

  /** jsdom's getDeclarationForElement, with only the rules that may match tried. */
  function declarationOf(element, elementImpl) {
    const declaration = new Declaration();
    const handleProperty = (style, property) => {
      const value = style.getPropertyValue(property);
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    };
    const keys = keysOfElement(element);
    for (const sheet of [defaultSheet, ...document.styleSheets])
      for (const rule of candidates(indexOfSheet(sheet), keys))
        if (matcher.match(rule.selectorText, element))
          forEach.call(rule.style, (property) => handleProperty(rule.style, property));
    forEach.call(elementImpl.style, (property) => handleProperty(elementImpl.style, property));
    return declaration;
  }

  function checked(element, elementImpl, cache, declaration) {
    cache.delete(elementImpl);
    jsdomGetComputedStyle(element);
    const jsdoms = documentImpl._styleCache?.get(elementImpl);
    if (jsdoms?.cssText !== declaration.cssText)
      throw new Error(
        `computed style differs from jsdom's for ${element.outerHTML.slice(0, 200)}:\n` +
          `  jsdom: ${jsdoms?.cssText}\n  here:  ${declaration.cssText}`,
      );
  }

  return function getComputedStyle(element) {
    if (
      !(element instanceof window.Element) ||
      element.ownerDocument !== document ||
      document.compatMode !== 'CSS1Compat'
    )
      return jsdomGetComputedStyle(element);
    // The element and its ancestors (jsdom reads theirs for inherited properties), from the root down.
    const chain = [];
    for (let node = element; node; node = node.parentElement) chain.unshift(node);
    for (const node of chain) {
      const cache = (documentImpl._styleCache ??= new WeakMap());
      const nodeImpl = node[implSymbol];
      if (cache.has(nodeImpl)) continue;
      const declaration = declarationOf(node, nodeImpl);
      if (check) checked(node, nodeImpl, cache, declaration);
      cache.set(nodeImpl, declaration);
    }
    return jsdomGetComputedStyle(element);
  };
}

module.exports = { install };
