// Runs drizzle-kit with `drizzle-orm` resolved from server/node_modules. npm installs drizzle-orm there (not
// hoisted) while drizzle-kit is hoisted to the root, and drizzle-kit's own `import('drizzle-orm/...')` would
// otherwise not find it.
import { createRequire, register } from 'node:module';
import path from 'node:path';

const serverPackageUrl = new URL('../package.json', import.meta.url).href;
const serverRequire = createRequire(serverPackageUrl);
register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
          return next(specifier, { ...context, parentURL: ${JSON.stringify(serverPackageUrl)} });
        }
        return next(specifier, context);
      }`),
);
// …and its CommonJS require('drizzle-orm') too.
process.env.NODE_PATH = path.join(path.dirname(new URL(serverPackageUrl).pathname), 'node_modules');
serverRequire('node:module').Module._initPaths();
process.argv.splice(1, 1, path.join(path.dirname(serverRequire.resolve('drizzle-kit')), 'bin.cjs'));
serverRequire(process.argv[1]);
