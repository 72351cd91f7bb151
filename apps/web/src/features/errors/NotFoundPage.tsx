import NotFoundImage from 'antd/es/result/noFound';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAction, ErrorView } from './ErrorView';

/** Unknown path or an id that breaks its pattern, shown inside the shell. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorView
      image={<NotFoundImage />}
      title={t('errors.notFoundTitle')}
      message={t('errors.notFoundMessage')}
      actions={
        <ErrorAction primary onClick={() => void navigate('/dashboard')}>
          {t('errors.home')}
        </ErrorAction>
      }
    />
  );
}
