import { Button, Card, Typography } from 'antd';
import type { SignupPhase } from './use-embedded-signup';

export interface EmbeddedSignupCardProps {
  phase: SignupPhase;
  onStart(): void;
}

/** The login-with-Facebook button that opens WhatsApp's embedded sign-up. */
export function EmbeddedSignupCard({ phase, onStart }: EmbeddedSignupCardProps) {
  return (
    <Card title="Connect with Facebook" size="small">
      <Typography.Paragraph type="secondary">
        Sign in with Facebook to connect your WhatsApp Business account in a few steps.
      </Typography.Paragraph>
      <Button
        type="primary"
        // Facebook's blue, a shade darker for white text at WCAG AA contrast (5.5:1).
        style={{ background: '#1464d2' }}
        onClick={onStart}
        disabled={phase === 'loading' || phase === 'unavailable'}
        loading={phase === 'onboarding'}
      >
        Login with Facebook
      </Button>
      {phase === 'unavailable' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          The Facebook sign-up is not available right now; enter the identifiers below instead.
        </Typography.Paragraph>
      )}
    </Card>
  );
}
