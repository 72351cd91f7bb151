import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { safeRedirect } from '../../shared/menuModel';
import { ErrorView } from './ErrorView';

/** /error-page/500: SYSTEM ERROR, "Server in error", and a refresh that reloads the page the user wanted. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('from')) ?? '/dashboard';
  return (
    <ErrorView
      standalone
      status="500"
      title={t('errors.serverTitle')}
      message={t('errors.serverMessage')}
      actions={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.assign(target)}>
          {t('errors.refresh')}
        </Button>
      }
    />
  );
}
