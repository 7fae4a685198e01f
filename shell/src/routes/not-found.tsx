import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** The 404 page, with a way back into the app (the dashboard; the guard sends a signed-out visitor to login). */
export function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404 Page Not Found"
      extra={
        <Button type="primary" onClick={() => navigate('/main')}>
          Back to Parley
        </Button>
      }
    />
  );
}
