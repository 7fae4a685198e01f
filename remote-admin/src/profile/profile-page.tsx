import { useStore } from '@nanostores/react';
import {
  $isOwner,
  $profile,
  joinedValidationErrors,
  refreshProfile,
  serverText,
  TOAST_MS,
  useTexts,
  useToast,
  type PageProps,
} from '@parley/shared';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ChangePasswordForm } from './change-password-form';
import { EditProfileForm } from './edit-profile-form';
import { changePassword, saveProfile, type PasswordChange, type ProfileChanges } from './profile-api';
import { texts } from '../i18n';
import { LanguageChoice } from './language-choice';
import { ProfileDetails } from './profile-details';
import { PASSWORD_ERROR_MS, SUCCESS_TEXT_MS } from './profile-texts';
import { useTimedText } from './use-timed-text';

/** docs/product-rules.md#states: the page is in one of three modes; Cancel or success returns to none. */
type Mode = 'none' | 'editingProfile' | 'changingPassword';

/** The current user is reloaded after any save; a failed reload keeps what is shown. */
async function reloadCurrentUser(): Promise<void> {
  try {
    await refreshProfile();
  } catch {
    // A 401 has already reset the session (shared client); otherwise the stored profile stays.
  }
}

function errorText(error: unknown): string {
  return serverText(error) ?? (error instanceof Error ? error.message : String(error));
}

export function ProfilePage(_props: PageProps) {
  const t = useTexts(texts);
  const profile = useStore($profile);
  const isOwner = useStore($isOwner);
  const toast = useToast(TOAST_MS.screen);
  const [mode, setMode] = useState<Mode>('none');
  const [saving, setSaving] = useState(false);
  const [successText, showSuccess] = useTimedText(SUCCESS_TEXT_MS);
  const [passwordError, showPasswordError] = useTimedText(PASSWORD_ERROR_MS);

  useEffect(() => {
    void reloadCurrentUser();
  }, []);

  const succeed = (text: string) => {
    setMode('none');
    showSuccess(text);
    toast.success(text);
  };

  const onSaveProfile = async (changes: ProfileChanges) => {
    if (!profile) return;
    setSaving(true);
    try {
      await saveProfile(profile, isOwner, changes);
      succeed(t('profile.profileUpdated'));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      await reloadCurrentUser();
      setSaving(false);
    }
  };

  const onChangePassword = async (change: PasswordChange) => {
    if (change.newPassword !== change.confirmNewPassword) {
      showPasswordError(t('profile.passwordsDiffer'));
      return;
    }
    setSaving(true);
    try {
      await changePassword(change);
      succeed(t('profile.passwordChanged'));
    } catch (error) {
      const text = joinedValidationErrors(error) ?? t('profile.changePasswordFailed');
      showPasswordError(text);
      toast.error(text);
    } finally {
      await reloadCurrentUser();
      setSaving(false);
    }
  };

  return (
    <Card style={{ maxWidth: 720 }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('profile.title')}
      </Typography.Title>
      <ProfileDetails profile={profile} />
      <LanguageChoice
        ready={profile !== null}
        onSaved={(text) => toast.success(text)}
        onFailed={(text) => toast.error(text)}
      />
      <div style={{ marginTop: 24 }}>
        {mode === 'none' && (
          <Space wrap>
            <Button type="primary" disabled={!profile} onClick={() => setMode('editingProfile')}>
              {t('profile.editProfile')}
            </Button>
            <Button onClick={() => setMode('changingPassword')}>{t('profile.changePassword')}</Button>
          </Space>
        )}
        {mode === 'editingProfile' && profile && (
          <EditProfileForm
            profile={profile}
            isOwner={isOwner}
            saving={saving}
            onSave={(changes) => void onSaveProfile(changes)}
            onCancel={() => setMode('none')}
          />
        )}
        {mode === 'changingPassword' && (
          <ChangePasswordForm
            saving={saving}
            onSave={(change) => void onChangePassword(change)}
            onCancel={() => setMode('none')}
          />
        )}
      </div>
      {(successText || passwordError) && (
        <div style={{ marginTop: 16, maxWidth: 420 }} aria-live="polite" data-testid="profile-message">
          {successText && <Alert type="success" showIcon title={successText} />}
          {passwordError && <Alert type="error" showIcon title={passwordError} />}
        </div>
      )}
    </Card>
  );
}
