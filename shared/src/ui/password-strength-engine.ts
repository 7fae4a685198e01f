/**
 * zxcvbn-ts with its common and English dictionaries (≈ 1.6 MB of word lists, ≈ 0.8 MB gzipped): imported only
 * through `import()` by password-strength.tsx, so it loads when someone first types a new password, not with
 * /login.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

const zxcvbn = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

export interface StrengthEstimate {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is weak, when it is (zxcvbn's English feedback). */
  warning: string | null;
}

/** `userInputs`: words the person typed elsewhere in the form (name, email), which make a guess easy. */
export function estimateStrength(password: string, userInputs: string[] = []): StrengthEstimate {
  const result = zxcvbn.check(password, userInputs);
  return { score: result.score, warning: result.feedback.warning || null };
}
