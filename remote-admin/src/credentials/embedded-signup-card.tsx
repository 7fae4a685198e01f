import { useTexts } from '@parley/shared';
import { Button, Card, Typography } from 'antd';
import { texts } from '../i18n';
import type { SignupPhase } from './use-embedded-signup';

export interface EmbeddedSignupCardProps {
  phase: SignupPhase;
  onStart(): void;
}

/** The login-with-Facebook button that opens WhatsApp's embedded sign-up. */
export function EmbeddedSignupCard({ phase, onStart }: EmbeddedSignupCardProps) {
  const t = useTexts(texts);
  return (
    <Card title={t('credentials.facebookTitle')} size="small">
      <Typography.Paragraph type="secondary">{t('credentials.facebookIntro')}</Typography.Paragraph>
      <Button
        type="primary"
        // Facebook's blue, a shade darker for white text at WCAG AA contrast (5.5:1).
        style={{ background: '#1464d2' }}
        onClick={onStart}
        disabled={phase === 'loading' || phase === 'unavailable'}
        loading={phase === 'onboarding'}
      >
        {t('credentials.facebookLogin')}
      </Button>
      {phase === 'unavailable' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('credentials.facebookUnavailable')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
