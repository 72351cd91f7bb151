import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Descriptions } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceKind, DeviceSecretIssued } from '@swap/contracts';
import { Can } from '../../shared/Can';
import { useConfirm } from '../../shared/confirm';
import { formatDateTime } from '../../shared/format';
import { StatusTag, type StatusMap } from '../../shared/StatusTag';
import { useDeviceCredential } from './deviceQueries';

/** The new secret, shown once: its dialog loads when a secret is issued (docs/scaling.md, "Web bundle"). */
const IssuedSecretModal = lazy(() => import('./IssuedSecretModal'));

const ISSUED_MAP: StatusMap = {
  true: { meaning: 'success', labelKey: 'deviceRegistry.credential.issued' },
  false: { meaning: 'warning', labelKey: 'deviceRegistry.credential.none' },
};

/**
 * A device's own MQTT credentials on its detail page: whether it has a secret and since when, and
 * "Issue device secret", which shows the new secret once (only its hash is kept).
 */
export function DeviceCredentialCard({ kind, device }: { kind: DeviceKind; device: { id: number; number: string; scrapStatus: string } }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [issued, setIssued] = useState<DeviceSecretIssued | null>(null);
  const credential = useDeviceCredential(kind, device.id);
  const { status } = credential;
  const hasSecret = status.data?.issued === true;

  const issue = () =>
    confirm({
      titleKey: 'deviceRegistry.credential.issue',
      contentKey: hasSecret ? 'deviceRegistry.credential.confirmReplace' : 'deviceRegistry.credential.confirmIssue',
      contentParams: { number: device.number },
      danger: hasSecret,
      onOk: async () => {
        // Issuing marks the credential status stale: it reloads.
        setIssued(await credential.issue());
      },
    });

  return (
    <Card
      title={t('deviceRegistry.credential.title')}
      extra={
        device.scrapStatus === 'NORMAL' ? (
          <Can code={`operation.${kind}.credential`}>
            <Button icon={<KeyOutlined />} onClick={issue} disabled={!status.data}>
              {t('deviceRegistry.credential.issue')}
            </Button>
          </Can>
        ) : null
      }
    >
      {status.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('deviceRegistry.credential.loadFailed')}
          action={<Button onClick={() => void status.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('deviceRegistry.credential.status')}>
            {status.data ? <StatusTag value={String(status.data.issued)} map={ISSUED_MAP} /> : t('common.loading')}
          </Descriptions.Item>
          <Descriptions.Item label={t('deviceRegistry.credential.issuedAt')}>{formatDateTime(status.data?.issuedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('deviceRegistry.credential.username')}>{device.number}</Descriptions.Item>
        </Descriptions>
      )}
      {issued && (
        <Suspense fallback={null}>
          <IssuedSecretModal issued={issued} onClose={() => setIssued(null)} />
        </Suspense>
      )}
    </Card>
  );
}
