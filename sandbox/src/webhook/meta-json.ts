import { createHmac } from 'node:crypto';

/**
 * Serialises like Meta: compact JSON, every non-ASCII UTF-16 unit written as lower-case \uXXXX (emoji become a
 * surrogate pair of escapes), and optionally '/' as '\/'. The signature must be computed over these exact bytes.
 */
export function toMetaJson(value: unknown, options: { escapeSlashes?: boolean } = {}): string {
  let json = JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  if (options.escapeSlashes) json = json.replace(/\//g, '\\/');
  return json;
}

export function signatureHeader(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function legacySignatureHeader(body: string | Buffer, secret: string): string {
  return `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
}
