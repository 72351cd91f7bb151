import { Typography } from 'antd';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mailApi, type MailRecord } from '@swap/contracts';
import { ResourceTable } from '../../shared/table';
import { TitleBar } from '../../shared/TitleBar';
import { getUserInfo } from '../../shared/session';

/**
 * System centre → Mail outbox: the mails no SMTP server took (none is set, or it refused), newest
 * first, for super administrators, who pass a password reset link on (docs/security.md,
 * "Password recovery").
 * @route /system/mail/outbox
 */
export function MailOutboxPage() {
  const { t } = useTranslation();
  if (getUserInfo()?.type !== 'SUPER') return <Navigate to="/error-page/401" replace />;
  return (
    <>
      <TitleBar title={t('nav.admin.mailOutbox')} />
      <ResourceTable<MailRecord, typeof mailApi.search>
        endpoints={{ search: mailApi.search }}
        rowKey="id"
        scrollX={1100}
        searchFields={[{ name: 'keyword', labelKey: 'field.keyword' }]}
        columns={[
          { key: 'createdAt', titleKey: 'field.createdAt', kind: 'datetime', sortable: true, width: 190 },
          { key: 'recipient', titleKey: 'field.recipient', width: 220 },
          { key: 'subject', titleKey: 'field.subject', width: 200 },
          {
            key: 'body',
            titleKey: 'field.body',
            render: (r) => (
              <Typography.Paragraph copyable className="mail-body" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {r.body}
              </Typography.Paragraph>
            ),
          },
          { key: 'error', titleKey: 'field.error', width: 200, ellipsis: true },
        ]}
      />
    </>
  );
}
