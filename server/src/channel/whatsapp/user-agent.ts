/**
 * The User-Agent Parley sends on every Graph API and media request. Meta's media host refuses some default
 * agents (Node's fetch among them), so a product agent is always set.
 */
import fs from 'node:fs';
import path from 'node:path';

function serverVersion(): string {
  // src/channel/whatsapp and dist/channel/whatsapp are both three levels below the server's package.json.
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const PARLEY_USER_AGENT = `Parley/${serverVersion()}`;
