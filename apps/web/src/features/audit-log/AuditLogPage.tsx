import { lazy, Suspense } from 'react';
import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditLogApi, changeText, describeChanges } from '@swap/contracts';
import { currentLanguage } from '../../i18n';
import { ListPage } from '../../shared/table';
import { getUserInfo } from '../../shared/session';
import { actionSummary, auditObjects, catalogueWords, useEveryContractText } from './labels';
import { Text } from '../../shared/Text';

function Changes({ value, objectType }: { value: unknown; objectType: string }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const lines = describeChanges(value, objectType, catalogueWords(i18n, language));
  if (lines.length === 0) return <>{t('common.empty')}</>;
  return (
    <Flex vertical gap={2}>
      {lines.map((line) => (
        <span key={line.field || 'value'}>
          {line.field ? <Text type="secondary">{line.field}: </Text> : null}
          {changeText(line)}
        </span>
      ))}
    </Flex>
  );
}

const NoPermissionView = lazy(async () => ({ default: (await import('../errors')).NoPermissionView }));

/**
 * System centre → Audit log: every tenant's changes, for super administrators only; anyone else is
 * refused inside the shell at its own address, as for any page they may not open.
 * @route /system/audit-log
 */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const worded = useEveryContractText();
  const superAdmin = getUserInfo()?.type === 'SUPER';
  if (!superAdmin)
    return (
      <Suspense fallback={null}>
        <NoPermissionView />
      </Suspense>
    );
  return (
    <ListPage
      titleKey="nav.admin.auditLog"
      endpoints={auditLogApi}
      scrollX={1500}
      searchFields={[
        { name: 'username', labelKey: 'auditLog.username' },
        { name: 'action', labelKey: 'auditLog.action' },
        {
          name: 'objectType',
          labelKey: 'auditLog.object',
          type: 'select',
          options: auditObjects(i18n, currentLanguage()).map((value) => ({ value, labelKey: `auditLog.objectType.${value}` })),
        },
        { name: 'at', labelKey: 'auditLog.period', type: 'dateRange', rangeKeys: ['from', 'to'] },
      ]}
      columns={[
        { key: 'at', titleKey: 'auditLog.time', kind: 'datetime', width: 190 },
        { key: 'username', titleKey: 'auditLog.username', width: 140 },
        {
          key: 'merchantId',
          titleKey: 'auditLog.field.tenant',
          width: 160,
          render: (r) => r.merchantName ?? (r.merchantId === null ? t('auditLog.platform') : `#${r.merchantId}`),
        },
        {
          key: 'action',
          titleKey: 'auditLog.action',
          width: 260,
          render: (r) => (worded ? <span title={r.action}>{actionSummary(i18n, currentLanguage(), r)}</span> : <Spin size="small" />),
        },
        { key: 'success', titleKey: 'auditLog.success', kind: 'boolean', width: 100 },
        {
          key: 'changes',
          titleKey: 'auditLog.changes',
          width: 420,
          render: (r) => (worded ? <Changes value={r.changes} objectType={r.objectType} /> : <Spin size="small" />),
        },
      ]}
    />
  );
}
