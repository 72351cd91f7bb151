import { Typography } from 'antd';
import { Navigate } from 'react-router';
import { mailApi } from '@swap/contracts';
import { ListPage } from '../../shared/table';
import { getUserInfo } from '../../shared/session';

/**
 * System centre → Mail outbox: the mails no SMTP server took (none is set, or it refused), newest
 * first, for super administrators, who pass a password reset link on (docs/security.md,
 * "Password recovery").
 * @route /system/mail/outbox
 */
export function MailOutboxPage() {
  if (getUserInfo()?.type !== 'SUPER') return <Navigate to="/error-page/401" replace />;
  return (
    <ListPage
      titleKey="nav.admin.mailOutbox"
      endpoints={{ search: mailApi.search }}
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
  );
}
