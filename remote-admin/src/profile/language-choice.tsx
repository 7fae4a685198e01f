import { useStore } from '@nanostores/react';
import { $savedLanguage, languageReady, refreshProfile, serverText, useTexts, type Language } from '@parley/shared';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { texts } from '../i18n';
import { saveLanguage } from './profile-api';

const FOLLOW_BROWSER = 'browser';
type Choice = Language | typeof FOLLOW_BROWSER;

/**
 * The user's language, saved on the server (null: follow the browser's) and applied at once: the refreshed profile
 * sets the language every page shows (README "Languages"). Names are written in their own language.
 */
export function LanguageChoice({
  ready,
  onSaved,
  onFailed,
}: {
  /** False until the profile (which holds the saved language) has come: the row keeps its place, the choice waits. */
  ready: boolean;
  onSaved(text: string): void;
  onFailed(text: string): void;
}) {
  const t = useTexts(texts);
  const saved = useStore($savedLanguage);
  const [saving, setSaving] = useState(false);
  const options: { value: Choice; label: string; lang?: string }[] = [
    { value: FOLLOW_BROWSER, label: t('profile.followBrowser') },
    { value: 'en', label: t('profile.languageNames.en'), lang: 'en' },
    { value: 'pt-BR', label: t('profile.languageNames.pt-BR'), lang: 'pt-BR' },
    { value: 'es', label: t('profile.languageNames.es'), lang: 'es' },
  ];

  const change = async (choice: Choice) => {
    setSaving(true);
    try {
      await saveLanguage(choice === FOLLOW_BROWSER ? null : choice);
      await refreshProfile();
      // Read once the language just chosen is shown (its texts may still be on the way): the text comes in it.
      await languageReady();
      onSaved(texts.t('profile.languageSaved'));
    } catch (error) {
      onFailed(serverText(error) ?? texts.t('profile.languageFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 16 }}>
      <Typography.Text id="profile-language-label">{t('profile.language')}</Typography.Text>
      <Select<Choice>
        aria-labelledby="profile-language-label"
        style={{ width: 220 }}
        value={ready ? (saved ?? FOLLOW_BROWSER) : undefined}
        loading={saving || !ready}
        disabled={saving || !ready}
        onChange={(choice) => void change(choice)}
        options={options.map(({ value, label, lang }) => ({ value, label: <span lang={lang}>{label}</span> }))}
      />
    </div>
  );
}
