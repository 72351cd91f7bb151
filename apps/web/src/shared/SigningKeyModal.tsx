import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExternalSystemCreated } from '@swap/contracts';

/** The signing key, answered by the registration only: shown once, with a copy button. */
export default function SigningKeyModal({ created, onClose }: { created: ExternalSystemCreated; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={`${t('externalSystem.keyTitle')}: ${created.name}`}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('externalSystem.keyDone')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('externalSystem.keyOnce')}</Typography.Paragraph>
      <Typography.Paragraph code copyable data-testid="signing-key">
        {created.signingKey}
      </Typography.Paragraph>
    </Modal>
  );
}
