import { useTexts } from '@parley/shared';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { texts } from '../i18n';

/** The 404 page, with a way back into the app (the dashboard; the guard sends a signed-out visitor to login). */
export function NotFound() {
  const t = useTexts(texts);
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      extra={
        <Button type="primary" onClick={() => navigate('/main')}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
