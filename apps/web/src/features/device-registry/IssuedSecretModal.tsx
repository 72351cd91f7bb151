import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceSecretIssued } from '@swap/contracts';
import { formatDateTime } from '../../shared/format';

/** A device secret just issued, with its user name, each with a copy button: shown once (only its hash is kept). */
export default function IssuedSecretModal({ issued, onClose }: { issued: DeviceSecretIssued; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('deviceRegistry.credential.issuedTitle', { number: issued.number })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('deviceRegistry.credential.done')}
        </Button>
      }
      mask={{ closable: false }}
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('deviceRegistry.credential.onceWarning')} />
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('deviceRegistry.credential.username')}>
            <Typography.Text copyable>{issued.username}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('deviceRegistry.credential.secret')}>
            <Typography.Text code copyable={{ text: issued.secret }} data-testid="device-secret">
              {issued.secret}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('deviceRegistry.credential.issuedAt')}>{formatDateTime(issued.issuedAt)}</Descriptions.Item>
        </Descriptions>
      </Flex>
    </Modal>
  );
}
