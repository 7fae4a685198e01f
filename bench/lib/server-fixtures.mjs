// The server's WhatsApp webhook fixtures (server/test/fixtures/whatsapp.ts: test code, so not in server/dist),
// compiled here with the repo's SWC. They import nothing, so one file compiled on its own is the whole module.
import fs from 'node:fs';
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { transformSync } = require('@swc/core');

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/test/fixtures/whatsapp.ts');
const { code } = transformSync(fs.readFileSync(FILE, 'utf8'), {
  filename: FILE,
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'commonjs' },
});
const compiled = new Module(FILE);
compiled.filename = FILE;
compiled._compile(code, FILE);

export const { inboundWebhook, serialiseLikeMeta, fixtureDefaults, envelope } = compiled.exports;
