/**
 * Secrets at rest (the WhatsApp token, the registration PIN): AES-256-GCM with config ENCRYPTION_KEY.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). The account id is bound in as additional data, so a
 * ciphertext copied onto another account's row does not decrypt.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** Throws when the value was not sealed with this key and context (tampered, other key, other account). */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unknown secret format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
