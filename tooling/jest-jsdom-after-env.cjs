// Set-up shared by every jsdom test file, run after the test framework is installed (see jest.preset.cjs).

// antd's CSS-in-JS puts about 1,500 rules in the page. Every query that checks visibility (getByRole, on each
// element) makes jsdom match every rule against every element again after any DOM change: 4 s per query on a
// page of 200 elements, the whole cost of the antd page tests. Tests only ever depend on the declarations that
// decide what is visible or clickable, so antd's styles keep just those (about 300 rules, 25 times faster).
// Set on the default style context, so every render gets it, with or without a test helper around it.
const KEPT_DECLARATIONS = new Set(['display', 'visibility', 'pointerEvents', 'opacity']);
const visibilityOnly = {
  visit(style) {
    const kept = {};
    for (const [key, value] of Object.entries(style)) {
      // nested objects are selectors, media queries and keyframes: the transformer visits their insides too
      if ((typeof value === 'object' && value !== null) || KEPT_DECLARATIONS.has(key)) kept[key] = value;
    }
    return kept;
  },
};

let cssinjs = null;
try {
  cssinjs = require('@ant-design/cssinjs');
} catch {
  // a package without antd
}
if (cssinjs) {
  // React keeps a context's default value as `_currentValue`: the object antd reads when no provider is above.
  const defaults = cssinjs.StyleContext._currentValue;
  defaults.transformers = [...(defaults.transformers ?? []), visibilityOnly];

  // antd counts the components using each built style (its theme token, CSS variables, each component's rules)
  // and forgets the style when the last of them unmounts. Every test renders its page afresh and unmounts it at
  // the end, so every test built all of antd's styles again: a tenth of a page test's time. Each entry is counted
  // once more when built, so it stays for the file, as in the app, where the shell's antd stays mounted; the
  // rules in the page are the same text either way (antd leaves a forgotten component's rules in the page).
  const cache = defaults.cache;
  const opUpdate = cache.opUpdate;
  cache.opUpdate = function opUpdatePinned(key, update) {
    return opUpdate.call(this, key, (previous) => {
      const next = update(previous);
      return previous === undefined && Array.isArray(next) ? [next[0] + 1, next[1]] : next;
    });
  };

  // With the styles kept, each mount still asks rc-util's updateCSS to make sure every style is in the page; it
  // lists all of the page's <style> elements to find the one with the style's key (jsdom's live collections are
  // slow), for each of some 60 styles: 5 to 8% of a page test. A style it has already placed, still where it was
  // put, with its key and the same text, is the node that search would find: it is given back at once.
  let dynamicCSS = null;
  try {
    dynamicCSS = require('@rc-component/util/lib/Dom/dynamicCSS');
  } catch {
    // an antd that writes its styles otherwise
  }
  if (dynamicCSS) {
    const updateCSS = dynamicCSS.updateCSS;
    const placed = new Map();
    const markOf = ({ mark } = {}) => (mark ? (mark.startsWith('data-') ? mark : `data-${mark}`) : 'rc-util-key');
    dynamicCSS.updateCSS = (css, key, option = {}) => {
      const mark = markOf(option);
      const node = placed.get(`${mark} ${key}`);
      if (
        node?.isConnected &&
        !option.csp?.nonce &&
        node.parentNode === (option.attachTo || document.querySelector('head') || document.body) &&
        node.getAttribute(mark) === key &&
        node.innerHTML === css
      )
        return node;
      const written = updateCSS(css, key, option);
      if (written) placed.set(`${mark} ${key}`, written);
      return written;
    };
  }
}

// findBy…/waitFor wait for what the user would see, not for a time: give them a generous limit (the default
// 1 s fails on a busy machine). The test's own time-out stays the backstop.
let testingLibrary = null;
try {
  testingLibrary = require('@testing-library/dom');
} catch {
  // a package without testing-library
}
testingLibrary?.configure({ asyncUtilTimeout: 15_000 });

// The file's MessageChannel ports, closed when its tests are done, so the jest process does not keep the file
// (jest-jsdom-setup.cjs).
afterAll(() => require('./jest-jsdom-setup.cjs').closeMessagePorts());
