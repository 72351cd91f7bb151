import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../shared/session';
import { ErrorView } from './ErrorView';

/** /error-page/401: NO PERMISSION; also where a user with no granted centre lands. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorView
      standalone
      status="403"
      title={t('errors.permissionTitle')}
      message={t('errors.permissionMessage')}
      actions={
        <Flex gap={8} justify="center" wrap>
          {getToken() ? (
            <Button type="primary" onClick={() => void navigate('/dashboard')}>
              {t('errors.home')}
            </Button>
          ) : null}
          <Button onClick={() => void navigate('/session/login')}>{t('errors.signIn')}</Button>
        </Flex>
      }
    />
  );
}
