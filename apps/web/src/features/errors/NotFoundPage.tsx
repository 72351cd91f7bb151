import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorView } from './ErrorView';

/** Unknown path or an id that breaks its pattern, shown inside the shell. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorView
      status="404"
      title={t('errors.notFoundTitle')}
      message={t('errors.notFoundMessage')}
      actions={
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          {t('errors.home')}
        </Button>
      }
    />
  );
}
