import { useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountApi, SSO_REFUSAL_REASONS, ssoRefusalApi, ssoRefusalLink, type FilterOf, type SsoRefusalRecord } from '@swap/contracts';
import { ResourceForm } from '../../shared/form';
import { endpointSource } from '../../shared/api/optionSources';
import { usePublicSettings } from '../../shared/publicSettings';
import { isPlatformUser } from '../../shared/session';
import type { StatusMap } from '../../shared/StatusTag';
import { ListPage, type SearchField } from '../../shared/table';

const REASON_MAP: StatusMap = {
  UNLINKED: { meaning: 'processing', labelKey: 'ssoRefusal.reason.UNLINKED' },
  UNVERIFIED: { meaning: 'warning', labelKey: 'ssoRefusal.reason.UNVERIFIED' },
  AMBIGUOUS: { meaning: 'warning', labelKey: 'ssoRefusal.reason.AMBIGUOUS' },
  DISABLED: { meaning: 'default', labelKey: 'ssoRefusal.reason.DISABLED' },
};

const accountChoices = endpointSource(ssoRefusalApi.accounts, (a) => ({ value: a.id, label: `${a.username} (${a.name})` }));

/**
 * System centre → Refused single sign-ons: sign-ins the provider confirmed but this product refused,
 * newest first, for platform staff, who link an identity to its account (docs/security.md,
 * "Refused single sign-ons").
 * @route /system/sso-refusal/list
 */
export function SsoRefusalListPage() {
  const { t } = useTranslation();
  const [linking, setLinking] = useState<SsoRefusalRecord | null>(null);
  // Linking needs the provider set now.
  const sso = Boolean(usePublicSettings().data?.sso);
  if (!isPlatformUser()) return <Navigate to="/error-page/401" replace />;

  const searchFields: SearchField<FilterOf<typeof ssoRefusalApi.search>>[] = [
    { name: 'keyword', labelKey: 'ssoRefusal.keyword' },
    {
      name: 'refusalReason',
      labelKey: 'field.refusalReason',
      type: 'select',
      options: SSO_REFUSAL_REASONS.map((value) => ({ value, labelKey: `ssoRefusal.reason.${value}` })),
    },
  ];

  return (
    <ListPage
      titleKey="nav.admin.ssoRefusal"
      endpoints={ssoRefusalApi}
      scrollX={1300}
      searchFields={searchFields}
      columns={[
        { key: 'at', titleKey: 'field.at', kind: 'datetime', sortable: true, width: 170 },
        { key: 'ssoSubject', titleKey: 'field.ssoSubject', width: 220 },
        { key: 'email', titleKey: 'field.email', sortable: true, render: (r) => r.email ?? t('common.empty') },
        { key: 'refusalReason', titleKey: 'field.refusalReason', sortable: true, kind: 'status', statusMap: REASON_MAP },
        { key: 'reachedUsername', titleKey: 'field.reachedUsername', render: (r) => r.reachedUsername ?? t('common.empty') },
        { key: 'linkedUsername', titleKey: 'field.linkedUsername', render: (r) => r.linkedUsername ?? t('common.empty') },
        { key: 'ip', titleKey: 'field.ip', width: 140 },
        { key: 'iss', titleKey: 'field.iss', ellipsis: true },
      ]}
      rowActions={[
        {
          key: 'link',
          labelKey: 'ssoRefusal.link',
          code: 'admin.ssoRefusal.link',
          hidden: (r) => !sso || r.linkedUsername !== null,
          onClick: (r) => setLinking(r),
        },
      ]}
    >
      <ResourceForm
        open={linking !== null}
        mode="edit"
        container="modal"
        title={t('ssoRefusal.linkTitle', { subject: linking?.ssoSubject ?? '' })}
        schema={ssoRefusalLink}
        fields={[
          { name: 'accountId', labelKey: 'ssoRefusal.account', type: 'select', source: accountChoices, helpKey: 'ssoRefusal.accountHelp' },
        ]}
        extraValues={linking ? { id: linking.id } : undefined}
        submit={ssoRefusalApi.link}
        refresh={[ssoRefusalApi.link, accountApi.linkSso]}
        successKey="ssoRefusal.linked"
        onClose={() => setLinking(null)}
      />
    </ListPage>
  );
}
