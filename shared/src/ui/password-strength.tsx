/**
 * A password strength meter shown under a new-password field (sign-up, reset, change password, add user). It
 * advises and never blocks: the spec sets no password rule. The estimator is loaded lazily on first use.
 */
import { Form, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { sharedTexts } from '../i18n/shared-texts';
import { useLanguage, useTexts } from '../i18n/use-texts';
import type { Language } from '../contract';
import type { Estimator, LanguagePack, StrengthEstimate } from './password-strength-engine';

const STRENGTH_LABELS = [
  'passwordStrength.veryWeak',
  'passwordStrength.weak',
  'passwordStrength.fair',
  'passwordStrength.good',
  'passwordStrength.strong',
] as const;
const STRENGTH_COLORS = ['#ff4d4f', '#ff7a45', '#faad14', '#52c41a', '#389e0d'];

/** Each language's words and advice: a chunk of its own, fetched only when that language is shown. */
const LANGUAGE_PACKS: Record<Exclude<Language, 'en'>, () => Promise<LanguagePack>> = {
  'pt-BR': () => import('@zxcvbn-ts/language-pt-br'),
  es: () => import('@zxcvbn-ts/language-es-es'),
};

const loading = new Map<Language, Promise<Estimator>>();
function loadEstimator(language: Language): Promise<Estimator> {
  let estimator = loading.get(language);
  if (!estimator) {
    const pack = language === 'en' ? undefined : LANGUAGE_PACKS[language]();
    estimator = Promise.all([import('./password-strength-engine'), pack]).then(([engine, languagePack]) =>
      engine.strengthEstimator(languagePack),
    );
    // A failed load is tried again next time rather than remembered.
    estimator.catch(() => loading.delete(language));
    loading.set(language, estimator);
  }
  return estimator;
}

export interface PasswordStrengthProps {
  password: string | undefined;
  /** Other values of the form (name, email): a password built from them is easy to guess. */
  userInputs?: string[];
}

export function PasswordStrength({ password, userInputs }: PasswordStrengthProps) {
  const [estimate, setEstimate] = useState<StrengthEstimate | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const t = useTexts(sharedTexts);
  const language = useLanguage();
  const inputs = (userInputs ?? []).filter(Boolean).join('\n');

  useEffect(() => {
    if (!password) {
      setEstimate(null);
      return undefined;
    }
    let current = true;
    loadEstimator(language).then(
      (estimate) => {
        if (!current) return;
        setUnavailable(false);
        setEstimate(estimate(password, inputs ? inputs.split('\n') : []));
      },
      // Without the estimator the form works as before: no meter.
      () => current && setUnavailable(true),
    );
    return () => {
      current = false;
    };
  }, [password, inputs, language]);

  if (!password || unavailable) return null;
  // Both lines are in place from the first character: the estimator (a large chunk, seconds to load on a busy
  // machine) fills them in rather than pushing the form down, where a click aimed at the button below would land
  // on whatever moved under the pointer.
  const warning = estimate && estimate.score < 3 ? estimate.warning : '';
  return (
    <div
      aria-live="polite"
      aria-busy={!estimate}
      data-testid="password-strength"
      style={{ marginTop: -16, marginBottom: 16 }}
    >
      <Progress
        percent={estimate ? (estimate.score + 1) * 20 : 0}
        steps={5}
        showInfo={false}
        strokeColor={estimate ? STRENGTH_COLORS[estimate.score] : undefined}
        size={[28, 6]}
      />
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {estimate && t('passwordStrength.label', { strength: t(STRENGTH_LABELS[estimate.score]) })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {warning || '\u00a0'}
      </Typography.Text>
    </div>
  );
}

export interface FormPasswordStrengthProps {
  /** The new-password field's name. */
  field: string;
  /** Other fields of the form whose values make a guess easy (name, email). */
  userInputFields?: string[];
  /** Values from outside the form that make a guess easy. */
  userInputs?: string[];
}

/** The meter under an antd form's new-password field, following the field (and the others named) as they change. */
export function FormPasswordStrength({ field, userInputFields = [], userInputs = [] }: FormPasswordStrengthProps) {
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldValue }) => (
        <PasswordStrength
          password={getFieldValue(field)}
          userInputs={[...userInputFields.map((name) => getFieldValue(name)), ...userInputs]}
        />
      )}
    </Form.Item>
  );
}
