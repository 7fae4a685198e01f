// Jest runs tests as CommonJS inside vm contexts, where a native `import()` fails without
// --experimental-vm-modules. PGlite's CommonJS build loads Node built-ins that way (`await import("fs")`);
// this rewrites those calls to require(), which behaves the same for built-ins.
module.exports = {
  process(source) {
    // Captured at the top: the bundle declares its own local `require` variables further down.
    const code = source.replace(/\bimport\((["'][^"']+["'])\)/g, 'Promise.resolve(__outerRequire($1))');
    return { code: `const __outerRequire = require;${code}` };
  },
  getCacheKey(source, filename) {
    return require('node:crypto')
      .createHash('sha1')
      .update('dynamic-import-transform-2')
      .update(filename)
      .update(source)
      .digest('hex');
  },
};
