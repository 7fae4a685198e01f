import {
  api,
  FormPasswordStrength,
  serverText,
  TOAST_MS,
  Trans,
  useTexts,
  useToast,
  type PageProps,
} from '@parley/shared';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { AuthCard } from '../../components/auth-card';
import { InternalLink } from '../../components/internal-link';
import { texts } from '../../i18n';
import { signUpProblem, type SignUpValues } from './sign-up-validation';

export function SignUpPage({ navigate }: PageProps) {
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.signIn);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: SignUpValues) => {
    const problem = signUpProblem(values);
    if (problem) {
      toast.error(problem);
      return;
    }
    const { fullName, title, email, password, confirmPassword } = values;
    setSubmitting(true);
    try {
      await api.post('/auth/register', { fullName, title, email, password, confirmPassword });
    } catch (error) {
      toast.error(serverText(error) ?? t('signUp.failed'));
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    // The verify page says where the code went and fills the address in for Resend.
    navigate(`/verify?email=${encodeURIComponent(email.trim())}`);
  };

  return (
    <AuthCard title={t('signUp.title')} width={440}>
      <Form<SignUpValues>
        layout="vertical"
        onFinish={onFinish}
        disabled={submitting}
        initialValues={{ fullName: '', title: '', email: '', password: '', confirmPassword: '', agree: false }}
      >
        <Form.Item label={t('signUp.fullName')} name="fullName" required>
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item label={t('signUp.jobTitle')} name="title" required>
          <Input autoComplete="organization-title" />
        </Form.Item>
        <Form.Item label={t('common.email')} name="email" required>
          <Input inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={t('common.password')} name="password" required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FormPasswordStrength field="password" userInputFields={['fullName', 'title', 'email']} />
        <Form.Item label={t('signUp.confirmPassword')} name="confirmPassword" required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="agree" valuePropName="checked">
          <Checkbox>
            <Trans
              ns={texts.namespace}
              i18nKey="signUp.agree"
              components={{ terms: <a href="/terms-of-service" target="_blank" rel="noopener noreferrer" /> }}
            />
          </Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('signUp.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'center' }}>
        <InternalLink to="/" navigate={navigate}>
          {t('signUp.backToLogin')}
        </InternalLink>
      </div>
    </AuthCard>
  );
}
