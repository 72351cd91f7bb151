import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The warning a minute before the server's idle time ends the session (docs/security.md, "Lock screen"). */
export function IdleWarning({ secondsLeft, onStay }: { secondsLeft: number; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('idle.title')}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onStay}>
          {t('idle.stay')}
        </Button>
      }
    >
      {t('idle.body', { seconds: secondsLeft })}
    </Modal>
  );
}
