import { Button, Modal, Typography } from 'antd';

export interface SigningKeyModalProps {
  title: string;
  /** Says the key is shown this once. */
  onceText: string;
  doneText: string;
  signingKey: string;
  onClose: () => void;
}

/**
 * A signing key answered once (an external system's registration, an alarm level's new webhook):
 * shown with a copy button and never again. Pages load it lazily, when a key arrives.
 */
export default function SigningKeyModal({ title, onceText, doneText, signingKey, onClose }: SigningKeyModalProps) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {doneText}
        </Button>
      }
    >
      <Typography.Paragraph>{onceText}</Typography.Paragraph>
      <Typography.Paragraph code copyable data-testid="signing-key">
        {signingKey}
      </Typography.Paragraph>
    </Modal>
  );
}
