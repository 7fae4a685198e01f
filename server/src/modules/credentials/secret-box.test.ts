import crypto from 'node:crypto';
import { openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  const key = crypto.randomBytes(32);

  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const sealed = sealSecret(key, 'EAAG-secret-token', 'account-1');
    expect(sealed).not.toContain('EAAG-secret-token');
    expect(openSecret(key, sealed, 'account-1')).toBe('EAAG-secret-token');
  });

  it('seals the same secret differently each time', () => {
    expect(sealSecret(key, 'same', 'a')).not.toBe(sealSecret(key, 'same', 'a'));
  });

  it('refuses another key, another account and a tampered value', () => {
    const sealed = sealSecret(key, 'token', 'account-1');
    expect(() => openSecret(crypto.randomBytes(32), sealed, 'account-1')).toThrow();
    expect(() => openSecret(key, sealed, 'account-2')).toThrow();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() =>
      openSecret(key, [parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'), 'account-1'),
    ).toThrow();
    expect(() => openSecret(key, 'garbage', 'account-1')).toThrow();
  });
});
