/** Password hashing with argon2id. Costs come from config (lowered only under NODE_ENV=test). */
import argon2 from 'argon2';
import type { PasswordHashingConfig } from '../../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown email answers as slowly as a wrong password. */
  verifyAgainstNothing(password: string): Promise<void>;
}

export function createPasswordHasher(options: PasswordHashingConfig): PasswordHasher {
  const hashOptions = { ...options, type: argon2.argon2id as typeof argon2.argon2id & 2 };
  let decoyHash: Promise<string> | undefined;
  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false; // a malformed stored hash never matches
    }
  };
  return {
    hash: (password) => argon2.hash(password, hashOptions),
    verify,
    async verifyAgainstNothing(password) {
      decoyHash ??= argon2.hash('decoy-password-never-matches', hashOptions);
      await verify(await decoyHash, password);
    },
  };
}
