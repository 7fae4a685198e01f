/**
 * zxcvbn-ts with its common and English dictionaries (≈ 1.6 MB of word lists, ≈ 0.8 MB gzipped): imported only
 * through `import()` by password-strength.tsx, so it loads when someone first types a new password, not with
 * /login. Another language's pack (its words and its advice) is loaded the same way, only for that language.
 */
import { ZxcvbnFactory, type OptionsType } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export interface StrengthEstimate {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is weak, when it is, in the language of the pack given. */
  warning: string | null;
}

/** `userInputs`: words the person typed elsewhere in the form (name, email), which make a guess easy. */
export type Estimator = (password: string, userInputs?: string[]) => StrengthEstimate;

/** A zxcvbn-ts language package (`@zxcvbn-ts/language-pt-br`, …): its advice and its words. */
export interface LanguagePack {
  translations: NonNullable<OptionsType['translations']>;
  dictionary: NonNullable<OptionsType['dictionary']>;
}

/**
 * An estimator that knows English words and the pack's, and gives its advice in the pack's language (English
 * without one). English words stay: staff everywhere pick "password" and "qwerty".
 */
export function strengthEstimator(pack?: LanguagePack): Estimator {
  const zxcvbn = new ZxcvbnFactory({
    translations: pack?.translations ?? english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary, ...pack?.dictionary },
  });
  return (password, userInputs = []) => {
    const result = zxcvbn.check(password, userInputs);
    return { score: result.score, warning: result.feedback.warning || null };
  };
}
